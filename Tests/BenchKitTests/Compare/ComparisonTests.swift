import BenchKit
import Foundation
import Testing

@Suite struct ComparisonTests {
    /// Ten rows of quiet samples (+-2%), optionally slowed by a per-row factor.
    private func run(seed: UInt64, factor: (Int) -> Double = { _ in 1 }) -> [ResultRow] {
        (0..<10).map { index in
            let center = 100 * Double(index + 1) * factor(index)
            return makeRow("family\(index % 2)/s\(index)", samples: noisySamples(center: center, spread: 0.02, seed: seed &+ UInt64(index)))
        }
    }

    private func verdicts(_ comparison: Comparison) -> [String: Verdict] {
        Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.key.benchmark.strategy, $0.verdict) })
    }

    @Test func identicalSamplesAreUnchanged() {
        let rows = run(seed: 1)
        let comparison = Comparator.compare(baseline: rows, current: rows)
        #expect(comparison.summary == [.unchanged: 10])
        #expect(comparison.driftFactor == 1)
        #expect(!(comparison.hasRegression))
        #expect(comparison.rows.allSatisfy { $0.metric == .time && $0.ratio == 1 })
    }

    @Test func separateQuietRunsAreUnchanged() {
        let comparison = Comparator.compare(baseline: run(seed: 1), current: run(seed: 100))
        #expect(comparison.summary == [.unchanged: 10])
    }

    @Test func slowedRowsRegressAndTheOthersDoNot() {
        let slowed: Set<Int> = [2, 5, 7]
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { slowed.contains($0) ? 1.5 : 1 })
        for (strategy, verdict) in verdicts(comparison) {
            let index = Int(strategy.dropFirst())!
            #expect(verdict == (slowed.contains(index) ? .regressed : .unchanged), "\(strategy)")
        }
        #expect(comparison.hasRegression)
        #expect(comparison.summary == [.regressed: 3, .unchanged: 7])
    }

    /// A run on a faster (idler) machine: one row sped up less than the others. Divided by the drift it looks 1.4x
    /// slower, but it got faster: never `regressed` (it is `inconclusive`); the others stay `unchanged`.
    @Test func theDriftNeverMakesARowThatGotFasterRegressed() {
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { $0 == 4 ? 0.95 : 0.7 })
        #expect(abs(comparison.driftFactor - 0.7) <= 0.03)
        let row = comparison.rows.first { $0.key.benchmark.strategy == "s4" }!
        #expect(row.ratio! > 1.3 && row.rawRatio! < 1)
        #expect(row.verdict == .inconclusive)
        #expect(!comparison.hasRegression)
        #expect(comparison.summary == [.inconclusive: 1, .unchanged: 9])
    }

    /// A run in one of this VM's slow spells: every row 1.45x slower but one tiny row that the spell does not slow
    /// (a `wrap/*` row of a few nanoseconds), and one row really 1.5x slower on top. Divided by the drift the tiny row
    /// reads 0.69x, but it is unchanged raw: `inconclusive`, not `improved`; the slower row is past the threshold
    /// both ways: `regressed`. The same the other way round (the baseline in the spell): the tiny row is not
    /// `regressed`, and a row 1.5x slower, only 1.03x raw, is not decided (`inconclusive`).
    @Test func aVerdictHoldsForAnyDriftBetweenNoneAndTheRuns() {
        let spell = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { $0 == 4 ? 1 : $0 == 6 ? 1.45 * 1.5 : 1.45 })
        #expect(abs(spell.driftFactor - 1.45) <= 0.04)
        let tiny = spell.rows.first { $0.key.benchmark.strategy == "s4" }!
        #expect(tiny.ratio! < 0.72 && tiny.ciHigh! < 1 / 1.18 && abs(tiny.rawRatio! - 1) < 0.05)
        #expect(tiny.verdict == .inconclusive)
        #expect(verdicts(spell)["s6"] == .regressed)
        #expect(spell.summary == [.inconclusive: 1, .regressed: 1, .unchanged: 8])

        let fasterCandidate = Comparator.compare(
            baseline: run(seed: 1) { $0 == 4 ? 1 : 1.45 }, current: run(seed: 100) { $0 == 6 ? 1.5 : 1 })
        let tinyAgain = fasterCandidate.rows.first { $0.key.benchmark.strategy == "s4" }!
        #expect(tinyAgain.ratio! > 1.4 && tinyAgain.ciLow! > 1.18)
        #expect(verdicts(fasterCandidate)["s4"] == .inconclusive)
        #expect(verdicts(fasterCandidate)["s6"] == .inconclusive, "1.5x divided by the drift, only 1.03x raw")
    }

    /// A row with one or two samples on a side has no interval: no time verdict, even 1.5x slower; with three
    /// samples a side the same change is decided.
    @Test func oneOrTwoSamplesGiveNoTimeVerdict() throws {
        func rows(samples: Int, factor: Double) -> [ResultRow] {
            run(seed: 1).map { row in
                guard row.benchmark.strategy == "s3" else { return row }
                return makeRow(row.benchmark.description, samples: Array(repeating: 400 * factor, count: samples))
            }
        }
        for samples in [1, 2] {
            let comparison = Comparator.compare(baseline: rows(samples: samples, factor: 1), current: rows(samples: samples, factor: 1.5))
            #expect(comparison.rows.first { $0.key.benchmark.strategy == "s3" }?.verdict == .inconclusive, "\(samples)")
            // ... and the comparison says which row, with how many samples a side, and why.
            #expect(comparison.undersampled.map { "\($0.key): \($0.baseline) and \($0.current)" }
                        == ["family1/s3@10: \(samples) and \(samples)"])
            let note = try #require(comparison.undersampledNote)
            #expect(note == "note: 1 inconclusive row has too few samples for a time verdict, fewer than 3 on a side "
                + "(family1/s3@10: \(samples) and \(samples)): its samples are too long for its share of the run (a trajectory "
                + "row's sample is its whole trajectory); to sample it more, time such rows alone with a larger "
                + "time budget in both runs, or count their instructions")
            #expect(comparison.notes.contains(note))
        }
        let decided = Comparator.compare(baseline: rows(samples: 3, factor: 1), current: rows(samples: 3, factor: 1.5))
        #expect(decided.rows.first { $0.key.benchmark.strategy == "s3" }?.verdict == .regressed)
        #expect(decided.undersampled.isEmpty && decided.undersampledNote == nil)
        // One sample on one side only is as undecidable; rows read without their samples file are decided on their
        // medians and MADs, and are not named.
        let oneSided = Comparator.compare(baseline: rows(samples: 1, factor: 1), current: rows(samples: 30, factor: 1.5))
        #expect(oneSided.undersampled.map { [$0.baseline, $0.current] } == [[1, 30]])
        let withoutSamples = { (factor: Double) in
            rows(samples: 3, factor: factor).map { row -> ResultRow in
                var row = row
                row.samples = []
                return row
            }
        }
        #expect(Comparator.compare(baseline: withoutSamples(1), current: withoutSamples(1.5)).undersampled.isEmpty)
    }

    /// Four undersampled rows: the note names three, in key order, and counts the rest.
    @Test func theUndersampledNoteNamesThreeRows() throws {
        let baseline = run(seed: 1).enumerated().map { index, row in
            index < 4 ? makeRow(row.benchmark.description, samples: [100 * Double(index + 1)]) : row
        }
        let note = try #require(Comparator.compare(baseline: baseline, current: run(seed: 2)).undersampledNote)
        #expect(note.hasPrefix("note: 4 inconclusive rows have too few samples for a time verdict, fewer than 3 on a side "
            + "(family0/s0@10: 1 and 30, family0/s2@10: 1 and 30, family1/s1@10: 1 and 30 and 1 more): "
            + "their samples are too long"), "\(note)")
    }

    @Test func aUniformlySlowerMachineIsDividedOut() {
        let slowed: Set<Int> = [2, 5, 7]
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { 1.3 * (slowed.contains($0) ? 1.5 : 1) })
        #expect(abs((comparison.driftFactor) - (1.3)) <= 0.03)
        #expect(comparison.summary == [.regressed: 3, .unchanged: 7])
        let regressed = comparison.rows.filter { $0.verdict == .regressed }
        #expect(regressed.allSatisfy { abs($0.ratio! - 1.5) < 0.08 && abs($0.rawRatio! - 1.95) < 0.1 })
        // Without normalisation the whole slower run would be flagged.
        let raw = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { _ in 1.3 }, options: ComparisonOptions(normalization: .none))
        #expect(raw.summary == [.regressed: 10])
    }

    /// A filtered run of one benchmark has no run-wide drift to estimate: dividing by its own median ratio
    /// would hide the very regression it was run to find.
    @Test func aFilteredRunOfOneBenchmarkIsNotNormalisedAway() {
        let baseline = (0..<3).map { index in
            makeRow("pipeline/best", size: [3, 300, 10_000][index],
                    samples: noisySamples(center: 40, spread: 0.02, seed: UInt64(index)))
        }
        let current = (0..<3).map { index in
            makeRow("pipeline/best", size: [3, 300, 10_000][index],
                    samples: noisySamples(center: 60, spread: 0.02, seed: 100 + UInt64(index)))
        }
        let comparison = Comparator.compare(baseline: baseline, current: current)
        #expect(comparison.driftFactor == 1)
        #expect(comparison.driftSource.hasPrefix("not normalised"), "\(comparison.driftSource)")
        #expect(comparison.summary == [.regressed: 3])
    }

    @Test func aReferenceFamilyNormalisesWhenMostRowsChanged() {
        // Every family1 row is slower: more than half the rows would fool the median; family0 is the reference.
        let current = run(seed: 100) { index in index % 2 == 1 ? 1.2 * 1.5 : 1.2 }
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: current, options: ComparisonOptions(normalization: .referenceFamily("family0")))
        #expect(abs((comparison.driftFactor) - (1.2)) <= 0.03)
        for row in comparison.rows {
            #expect(row.verdict == (row.key.benchmark.family == "family1" ? .regressed : .unchanged))
        }
        #expect(comparison.driftSource.contains("family0"))
    }

    @Test func wideNoiseIsInconclusive() {
        let baseline = [makeRow("x/wide", samples: noisySamples(center: 100, spread: 0.6, count: 12, seed: 3))]
        let current = [makeRow("x/wide", samples: noisySamples(center: 100, spread: 0.6, count: 12, seed: 4))]
        let comparison = Comparator.compare(baseline: baseline, current: current, options: ComparisonOptions(normalization: .none))
        #expect(comparison.rows.first?.verdict == .inconclusive)
        let row = comparison.rows[0]
        #expect(row.ciLow! < 1 / 1.1)
        #expect(row.ciHigh! > 1.1)
    }

    @Test func timeVerdictRule() {
        #expect(Comparator.timeVerdict(low: 1.12, high: 1.4, threshold: 0.1) == .regressed)
        #expect(Comparator.timeVerdict(low: 0.6, high: 0.9, threshold: 0.1) == .improved)
        #expect(Comparator.timeVerdict(low: 0.95, high: 1.05, threshold: 0.1) == .unchanged)
        // Straddles 1.1 narrowly (1.15 / 1.05 < 1.1): not shown past the threshold.
        #expect(Comparator.timeVerdict(low: 1.05, high: 1.15, threshold: 0.1) == .unchanged)
        #expect(Comparator.timeVerdict(low: 1.0, high: 1.3, threshold: 0.1) == .inconclusive)
        #expect(Comparator.timeVerdict(low: 0.7, high: 1.2, threshold: 0.1) == .inconclusive)
        #expect(Comparator.timeVerdict(low: 0, high: 1, threshold: 0.1) == .inconclusive)
    }

    @Test func newAndMissingRows() {
        let quiet = noisySamples(center: 100, spread: 0.01, seed: 5)
        let baseline = [makeRow("a/kept", samples: quiet), makeRow("a/gone", samples: quiet)]
        let current = [makeRow("a/kept", samples: quiet), makeRow("a/added", samples: quiet)]
        let comparison = Comparator.compare(baseline: baseline, current: current)
        #expect(verdicts(comparison) == ["kept": .unchanged, "gone": .missing, "added": .new])
        #expect(comparison.rows.first { $0.verdict == .new }?.metric == ComparisonMetric.none)
    }

    @Test func instructionCountsDecideWhenBothRunsHaveThem() {
        let quiet = noisySamples(center: 100, spread: 0.01, seed: 9)
        let slowTime = quiet.map { $0 * 2 }
        let baseline = [
            makeRow("i/same", samples: quiet, instructions: 1_000), makeRow("i/up", samples: quiet, instructions: 1_000),
            makeRow("i/down", samples: quiet, instructions: 1_000), makeRow("i/timed", samples: quiet),
        ]
        let current = [
            makeRow("i/same", samples: slowTime, instructions: 1_005), makeRow("i/up", samples: quiet, instructions: 1_020),
            makeRow("i/down", samples: quiet, instructions: 980), makeRow("i/timed", samples: quiet, instructions: 5),
        ]
        let comparison = Comparator.compare(baseline: baseline, current: current, options: ComparisonOptions(normalization: .none))
        #expect(verdicts(comparison) == ["same": .unchanged, "up": .regressed, "down": .improved, "timed": .unchanged])
        let same = comparison.rows.first { $0.key.benchmark.strategy == "same" }!
        #expect(same.metric == .instructions)
        #expect(abs((same.ratio!) - (1.005)) <= 1e-12)
        #expect(same.ciLow == same.ciHigh)
        #expect(comparison.rows.first { $0.key.benchmark.strategy == "timed" }?.metric == .time)
    }

    @Test func rowsWithoutSamplesUseTheMADInterval() {
        var base = makeRow("m/a", samples: [100, 100, 100])
        var candidate = makeRow("m/a", samples: [200, 200, 200])
        (base.samples, candidate.samples) = ([], [])
        (base.mad, candidate.mad) = (5, 10)
        let row = Comparator.compare(baseline: [base], current: [candidate], options: ComparisonOptions(normalization: .none)).rows[0]
        #expect(abs((row.ciLow!) - (190.0 / 105)) <= 1e-12)
        #expect(abs((row.ciHigh!) - (210.0 / 95)) <= 1e-12)
        #expect(row.verdict == .regressed)
    }

    @Test func bootstrapIsReproducibleAndTheCSVHasTheColumns() {
        let baseline = run(seed: 1)
        let current = run(seed: 2)
        let first = Comparator.compare(baseline: baseline, current: current)
        let second = Comparator.compare(baseline: baseline, current: current)
        #expect(first.rows == second.rows)
        let lines = ComparisonFile.csv(first, schema: testSchema).split(separator: "\n")
        #expect(lines[0] == "benchmark,catalog,unit,baseline_median,current_median,ratio,ci_low,ci_high,verdict,metric,raw_ratio")
        #expect(lines.count == 11)
        #expect(lines[1].contains(",unchanged,time,"))
        // Ten `unchanged` rows, two of which moved short of the threshold, their intervals above 1: counted apart.
        #expect(first.summary == [.unchanged: 10])
        #expect(first.summaryLine.hasPrefix("8 unchanged, 2 slower below threshold; drift "), "\(first.summaryLine)")
    }

    @Test func aANoiseAnalysisSuggestsAThresholdAboveTheNoise() {
        let report = AANoiseExperiment.analyze([run(seed: 1), run(seed: 2), run(seed: 3)])
        #expect(report.driftFactors.count == 2)
        #expect(report.suggestedThreshold >= 0.02)
        #expect(report.suggestedThreshold >= report.largestNeededThreshold * 1.5)
        // Identical runs need no threshold at all.
        #expect(AANoiseExperiment.analyze([run(seed: 1), run(seed: 1)]).largestNeededThreshold == 0)
    }
}

@Suite struct ForeignMachineTests {
    let machine = MachineFingerprint(cpuModel: "Intel(R) Xeon(R) Processor", cores: 2, caches: ["L1d 48K", "L2 2048K"],
                                     kernel: "6.18", swiftVersion: "6.3")

    private func metadata(_ machine: MachineFingerprint?) -> RunMetadata {
        RunMetadata(time: "t", gitCommit: nil, swiftVersion: "6.3", cpuModel: machine?.cpuModel, host: "vm",
                    machine: machine, options: [:])
    }

    /// Times from another machine are not judged, even 1.5x apart; instruction counts still decide.
    @Test func anotherMachinesTimesAreNotComparedButInstructionsStillDecide() {
        var other = machine
        other.cpuModel = "AMD EPYC"
        let reason = ComparisonOptions.timingDifference(baseline: metadata(other), current: metadata(machine))
        #expect(reason == "another machine (CPU AMD EPYC vs Intel(R) Xeon(R) Processor)")
        let quiet = noisySamples(center: 100, spread: 0.01, seed: 1)
        let baseline = [makeRow("a/timed", samples: quiet.map { $0 / 1.5 }), makeRow("a/counted", samples: quiet, instructions: 100)]
        let current = [makeRow("a/timed", samples: quiet), makeRow("a/counted", samples: quiet, instructions: 110)]
        let comparison = Comparator.compare(baseline: baseline, current: current,
                                            options: ComparisonOptions(timesNotComparable: reason))
        #expect(comparison.rows.map(\.verdict) == [.regressed, .notComparable])
        #expect(comparison.rows.map(\.metric) == [.instructions, .none])
        #expect(comparison.summaryLine.contains("1 not comparable"))
        #expect(comparison.summaryLine.contains("times not compared: another machine (CPU AMD EPYC vs Intel(R) Xeon(R) Processor)"))
        // The same files on one machine: the time row regresses by 1.5x.
        let same = Comparator.compare(baseline: baseline, current: current, options: ComparisonOptions(normalization: .none))
        #expect(same.rows.map(\.verdict) == [.regressed, .regressed])
    }

    @Test func aFileWithoutAFingerprintIsAnUnknownMachine() {
        #expect(ComparisonOptions.timingDifference(baseline: metadata(nil), current: metadata(machine))
            == "the baseline does not say which machine it was timed on")
        #expect(ComparisonOptions.timingDifference(baseline: metadata(machine), current: metadata(machine)) == nil)
        var newerKernel = machine
        newerKernel.kernel = "6.19"
        #expect(newerKernel.timingDifference(from: machine) == "kernel 6.18 vs 6.19")
    }

    @Test func theFingerprintOfThisMachineIsReadAndRoundTrips() throws {
        let current = MachineFingerprint.current
        #expect(current.cores >= 1 && !current.kernel.isEmpty && current.cpuModel != "")
        let data = try metadata(current).jsonData()
        let decoded = try JSONDecoder().decode(RunMetadata.self, from: data)
        #expect(decoded.machine == current)
        // Metadata written before fingerprints still reads, as an unknown machine.
        let old = #"{"time":"t","swiftVersion":"6.3","host":"vm","options":{}}"#
        #expect(try JSONDecoder().decode(RunMetadata.self, from: Data(old.utf8)).machine == nil)
    }
}
