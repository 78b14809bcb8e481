@testable import BenchKit
import Foundation
import Testing

/// A machine profile: each row's exponent learnt from earlier runs of the machine (`MachineProfile`), and what it
/// changes in a comparison (`RoundSpeeds.divide(baseline:current:profile:)`).
@Suite struct MachineProfileTests {
    /// How much slower than a fast round the steep row runs in a slow one: 1.55 squared, an exponent of 2.
    static let steep = 1.55 * 1.55

    /// `twoSpeedRun` with its last row (`wrap/flat`) steep instead of flat: in a slow round the median row runs 1.55x
    /// slower and that row 2.4x.
    private func run(seed: UInt64, slower: Double = 1, slow: (Int) -> Bool) -> [ResultRow] {
        twoSpeedRun(rounds: 30, seed: seed, slower: slower, flatFeels: Self.steep, slow: slow)
    }

    /// A profile of `runs` runs whose odd rounds were slow.
    private func profile(runs: Int) -> MachineProfile {
        var profile = MachineProfile(machine: "test-machine-00000000")
        for seed in 0..<runs { _ = profile.add(run(seed: UInt64(seed) * 100) { $0 % 2 == 1 }) }
        return profile
    }

    @Test func aRunsSumsGiveEachRowTheExponentOfHowMuchItFeelsTheRounds() throws {
        let rows = run(seed: 7) { $0 % 2 == 1 }
        let sums = try #require(MachineProfile.sums(of: rows))
        #expect(sums.count == 12)
        let follows = try #require(sums[rows[5].key]), steep = try #require(sums[rows[11].key])
        #expect(abs(follows.sxy / follows.sxx - 1) < 0.05, "\(follows)")
        #expect(abs(steep.sxy / steep.sxx - 2) < 0.05, "\(steep)")
        // 30 rounds, half at 1.55x: Sxx = 30 x (log 1.55 / 2)^2, about 1.44, give or take the jitter's share.
        #expect(abs(follows.sxx - 30 * pow(log(1.55) / 2, 2)) < 0.1, "\(follows.sxx)")
    }

    @Test func aRunOfTooFewRowsIsNotAddedAndEachRunAddsToItsRows() throws {
        var profile = MachineProfile(machine: "m-00000000")
        let rows = run(seed: 3) { $0 % 2 == 1 }
        #expect(MachineProfile.sums(of: Array(rows.prefix(7))) == nil, "7 rows cannot tell their rounds")
        let few = profile.add(Array(rows.prefix(7)))
        #expect(!few && profile.entries.isEmpty && profile.runs == 0)
        let (first, second) = (profile.add(rows), profile.add(rows))
        #expect(first && second)
        let entry = try #require(profile.entries[rows[0].key])
        let once = try #require(MachineProfile.sums(of: rows)?[rows[0].key])
        #expect(entry.runs == 2 && entry.sxy == 2 * once.sxy && entry.sxx == 2 * once.sxx && profile.runs == 2)
    }

    /// A row's entry counts from `minimumRuns` runs, as `weight` runs' worth of its per-run averages.
    @Test func aRowsPriorIsItsAveragesTimesTheWeightFromTenRuns() throws {
        let nine = profile(runs: 9)
        let key = try #require(nine.entries.keys.first)
        #expect(!nine.isUsable && nine.prior(key) == (sxy: 0, sxx: 0))
        let ten = profile(runs: 10)
        let entry = try #require(ten.entries[key])
        #expect(ten.isUsable && ten.runs == 10 && entry.runs == 10)
        let prior = ten.prior(key)
        #expect(abs(prior.sxy - 3 * entry.sxy / 10) < 1e-12 && abs(prior.sxx - 3 * entry.sxx / 10) < 1e-12)
    }

    @Test func theFileReadsBackExactly() throws {
        let original = profile(runs: 2)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sub/m.csv").path
        #expect(try MachineProfile.read(path) == nil, "no file: no profile")
        try original.write(to: path)
        #expect(try MachineProfile.read(path) == original)
        #expect(original.csv.hasPrefix("machine,benchmark,size,runs,sxy,sxx,pairs,sdd,svv,level,level_variance,level_configuration\n"
            + "test-machine-00000000,family0/s6,10,2,"))
        let entry = try #require(original.entries.values.first)
        #expect(entry.pairs == 1 && entry.level != nil && entry.levelVariance != nil && entry.svv > 0)
        // A header alone: a profile of no runs, named after its file.
        let empty = try MachineProfile.parse("machine,benchmark,size,runs,sxy,sxx\n", path: "Results/profiles/x-1.csv")
        #expect(empty.machine == "x-1" && empty.entries.isEmpty && empty.runs == 0)
        // A profile written before the spread was learnt: its rows have no pairs and no level yet.
        let legacy = try MachineProfile.parse("machine,benchmark,size,runs,sxy,sxx\nm,a/b,3,12,0.5,1\n", path: "m.csv")
        let old = try #require(legacy.entries.values.first)
        #expect(old.runs == 12 && old.pairs == 0 && old.level == nil && old.spread == nil && legacy.widenings().isEmpty)
    }

    @Test(arguments: [
        ("machine,benchmark,size,runs,sxy\n", "p.csv:1: missing column 'sxx'"),
        ("machine,benchmark,size,runs,sxy,sxx,extra\n", "p.csv:1: expected the 6 or 12 profile columns, found 7"),
        ("machine,benchmark,size,runs,sxy,sxx,pairs,sdd,svv,level,extra,level_configuration\n",
         "p.csv:1: missing column 'level_variance'"),
        ("machine,benchmark,size,runs,sxy,sxx,pairs,sdd,svv,level,level_variance,level_configuration\nm,a/b,3,2,0.5,1,2,1,1,,,\n",
         "p.csv:2: column 'pairs': 2: a row has fewer pairs than runs"),
        ("machine,benchmark,size,runs,sxy,sxx,pairs,sdd,svv,level,level_variance,level_configuration\nm,a/b,3,2,0.5,1,1,-1,1,,,\n",
         "p.csv:2: column 'sdd': -1.0 is negative: it is a sum of squares"),
        ("machine,benchmark,size,runs,sxy,sxx,pairs,sdd,svv,level,level_variance,level_configuration\nm,a/b,3,2,0.5,1,1,1,1,4.5,,\n",
         "p.csv:2: column 'level_variance': a level and its variance come together"),
        ("machine,benchmark,size,runs,sxy,sxx\nm,a/b,3,1,0.5,1\nn,a/b,10,1,0.5,1\n",
         "p.csv:3: column 'machine': \"n\" is not \"m\": a profile is of one machine"),
        ("machine,benchmark,size,runs,sxy,sxx\nm,a/b,3,1,0.5,1\nm,a/b,3,2,0.5,1\n", "p.csv:3: column 'benchmark': a/b@3 is in the file twice"),
        ("machine,benchmark,size,runs,sxy,sxx\nm,a/b,3,1,0.5,-1\n", "p.csv:2: column 'sxx': -1.0 is negative: it is a sum of squares"),
        ("machine,benchmark,size,runs,sxy,sxx\nm,a/b,3,0,0.5,1\n", "p.csv:2: column 'runs': 0: a row is in the file once a run had it"),
        ("machine,benchmark,size,runs,sxy,sxx\nm,ab,3,1,0.5,1\n", "p.csv:2: column 'benchmark': \"ab\" is not family/strategy"),
        ("machine,benchmark,size,runs,sxy,sxx\nm,a/b,3,1,x,1\n", "p.csv:2: column 'sxy': \"x\" is not a number"),
    ])
    func aMalformedProfileIsRefusedWithItsLine(text: String, reason: String) {
        #expect {
            _ = try MachineProfile.parse(text, path: "p.csv")
        } throws: { error in
            "\(error)" == reason
        }
    }

    /// The case the profile is for: the baseline ran at full speed throughout, the current run slow throughout, with
    /// nothing changed. The pair alone sees no round slower than another, so the steep row's 2.4x reads 1.55x after
    /// the drift: `regressed`. With a profile of 10 runs, the rounds are measured against either run's full speed and
    /// the steep row's exponent is learnt (about 1.8 of its true 2), and nothing is flagged; a real 1.5x slowdown
    /// of the pipeline rows is still found.
    @Test func aRowThatFeelsSlowRoundsMoreIsNotFlaggedWhenTheProfileKnowsIt() throws {
        let baseline = run(seed: 9_000) { _ in false }, current = run(seed: 9_500) { _ in true }
        let steepKey = baseline[11].key
        let alone = Comparator.compare(baseline: baseline, current: current)
        #expect(alone.rows.first { $0.key == steepKey }?.verdict == .regressed)
        #expect(alone.profileRuns == nil && !alone.summaryLine.contains("profile"))

        var options = ComparisonOptions()
        options.profile = profile(runs: 10)
        let learnt = Comparator.compare(baseline: baseline, current: current, options: options)
        #expect(learnt.rows.allSatisfy { $0.verdict == .unchanged }, "\(learnt.rows.map { "\($0.key) \($0.verdict) \($0.ratio ?? 0)" })")
        #expect(abs(learnt.driftFactor - 1) < 0.05, "divided down to the baseline's full speed: \(learnt.driftFactor)")
        #expect(learnt.profileRuns == 10)
        // (Over 9 pairs of 12 rows a row's spread may pass `wideningGate` times the median's by chance: the summary
        // may then name a widened row too.)
        #expect(learnt.summaryLine.contains("(time, median of samples divided by their rounds' slowdowns, "
            + "exponents from this machine's profile of 10 runs"), "\(learnt.summaryLine)")

        let slower = Comparator.compare(baseline: baseline, current: run(seed: 9_500, slower: 1.5) { _ in true }, options: options)
        for row in slower.rows {
            let expected: Verdict = row.key.benchmark.family == "pipeline" ? .regressed : .unchanged
            #expect(row.verdict == expected, "\(row.key): \(row.verdict) \(row.ciLow ?? 0)-\(row.ciHigh ?? 0)")
        }
    }

    /// A profile of fewer than `minimumRuns` runs is not used: the comparison is the pair's alone, row for row.
    @Test func aProfileOfTooFewRunsChangesNothing() {
        let baseline = run(seed: 1) { $0 % 4 == 0 }, current = run(seed: 2) { $0 % 3 == 0 }
        var options = ComparisonOptions()
        options.profile = profile(runs: 9)
        let withNine = Comparator.compare(baseline: baseline, current: current, options: options)
        let without = Comparator.compare(baseline: baseline, current: current)
        #expect(withNine.rows == without.rows && withNine.profileRuns == nil && withNine.summaryLine == without.summaryLine)
    }

    /// `twoSpeedRun`s whose odd rounds were slow, `family5/s5` 1.6x slower in every round of the odd runs: a row
    /// with two levels, one per process, as `prepare/query.linear` at n = 300 has on the 2-core Intel Xeon VM
    /// (Docs/NOISE.md, "Spreads between runs").
    private func bimodal(runs: Int) -> MachineProfile {
        var profile = MachineProfile(machine: "test-machine-00000000")
        for seed in 0..<runs { _ = profile.add(shifted(run(seed: UInt64(seed) * 100) { $0 % 2 == 1 }, by: seed % 2 == 1 ? 1.6 : 1)) }
        return profile
    }

    /// `rows` with `family5/s5`'s samples times `factor`.
    private func shifted(_ rows: [ResultRow], by factor: Double) -> [ResultRow] {
        rows.map { row in
            guard row.key.benchmark.description == "family5/s5" else { return row }
            var shifted = row
            shifted.samples = row.samples.map { $0 * factor }
            return shifted
        }
    }

    /// Each pair of consecutive runs adds to a row's spread the square of its level's change, less the median row's
    /// (the machine's drift), against the two levels' sampling variances: a row that moves with the machine has a
    /// spread near 1, a row with a level per process one far above, and only it is widened.
    /// (30 runs: over 9 pairs, one of 12 rows' spreads may pass `wideningGate` times the median's by chance.)
    @Test func aRowWhoseLevelMovesBetweenRunsMoreThanItsSamplesSayIsWidened() throws {
        let profile = bimodal(runs: 30)
        let key = try #require(profile.entries.keys.first { $0.benchmark.description == "family5/s5" })
        let entry = try #require(profile.entries[key])
        #expect(entry.runs == 30 && entry.pairs == 29)
        // Its level moves by log 1.6 in every pair; the samples' jitter of 2% says about 0.005.
        let spread = try #require(entry.spread)
        #expect(spread > 20, "\(spread)")
        let others = profile.entries.filter { $0.key != key }.compactMap(\.value.spread)
        #expect(others.count == 11 && others.allSatisfy { $0 < 3 }, "\(others)")
        let widenings = profile.widenings()
        #expect(Array(widenings.keys) == [key], "\(widenings)")
        #expect(abs(try #require(widenings[key]) - spread / SampleStatistics.median(others + [spread])) < 1e-9)
        // Nine runs make eight pairs: no spread yet, nothing widened.
        #expect(bimodal(runs: 9).widenings().isEmpty)
    }

    /// A run pairs only with the last run of the same configuration (`MachineProfile.configuration(of:)`: commit and
    /// options): a change of code between two runs is not noise. Alternating two configurations makes no pair; a
    /// bimodal row then has no spread and is not widened, though its level moves from run to run.
    @Test func runsOfAnotherCommitOrOtherOptionsAreNotPaired() throws {
        var alternating = MachineProfile(machine: "test-machine-00000000"), same = alternating
        for seed in 0..<12 {
            let rows = shifted(run(seed: UInt64(seed) * 100) { $0 % 2 == 1 }, by: seed % 2 == 1 ? 1.6 : 1)
            _ = alternating.add(rows, configuration: seed % 2 == 1 ? "commit b" : "commit a")
            _ = same.add(rows, configuration: "commit a")
        }
        #expect(alternating.entries.values.allSatisfy { $0.pairs == 0 && $0.runs == 12 } && alternating.widenings().isEmpty)
        #expect(same.entries.values.allSatisfy { $0.pairs == 11 })
        // The configuration: the commit and every option, whatever their order.
        var metadata = RunMetadata(time: "2026-12-03T00:00:00Z", gitCommit: "abc", swiftVersion: "6.3", cpuModel: nil,
                                   host: "h", options: ["timeBudget": "0.027", "sizes": "3,300"])
        let first = MachineProfile.configuration(of: metadata)
        #expect(first.count == 16 && first.allSatisfy(\.isHexDigit))
        metadata.options = ["sizes": "3,300", "timeBudget": "0.027"]
        #expect(MachineProfile.configuration(of: metadata) == first)
        metadata.gitCommit = "abd"
        #expect(MachineProfile.configuration(of: metadata) != first)
        metadata.gitCommit = "abc"
        metadata.options["timeBudget"] = "0.07"
        #expect(MachineProfile.configuration(of: metadata) != first)
        // And the build, where the metadata records it: an uncommitted change is another build of the same commit.
        metadata.options["timeBudget"] = "0.027"
        metadata.build = "0123456789abcdef"
        let built = MachineProfile.configuration(of: metadata)
        #expect(built != first)
        metadata.build = "0123456789abcdee"
        #expect(MachineProfile.configuration(of: metadata) != built)
        metadata.build = nil
        #expect(MachineProfile.configuration(of: metadata) == first, "a file without a build: its commit and options alone")
    }

    /// A run's metadata names its build: the same in one process, and 16 hex digits.
    @Test func aRunsMetadataNamesItsBuild() throws {
        let build = try #require(RunMetadata.current(options: [:]).build)
        #expect(build.count == 16 && build.allSatisfy(\.isHexDigit))
        #expect(RunMetadata.current(options: [:]).build == build)
    }

    /// With that profile, the bimodal row's change between an even and an odd run is `inconclusive`, where the
    /// profile without its spreads flags it `regressed`; a 1.5x slowdown of the pipeline rows is still found, and the
    /// summary says how many rows were widened.
    @Test func aComparisonWidensTheIntervalOfARowWithALevelPerProcess() throws {
        let profile = bimodal(runs: 30)
        let baseline = run(seed: 20_000) { $0 % 2 == 1 }, current = shifted(run(seed: 20_100) { $0 % 2 == 1 }, by: 1.6)
        var options = ComparisonOptions()
        var exponentsOnly = profile
        for key in exponentsOnly.entries.keys { (exponentsOnly.entries[key]!.pairs, exponentsOnly.entries[key]!.sdd) = (0, 0) }
        options.profile = exponentsOnly
        let unwidened = Comparator.compare(baseline: baseline, current: current, options: options)
        #expect(unwidened.rows.first { $0.key.benchmark.description == "family5/s5" }?.verdict == .regressed)
        #expect(unwidened.widened == 0 && !unwidened.summaryLine.contains("widened"))

        options.profile = profile
        let widened = Comparator.compare(baseline: baseline, current: current, options: options)
        for row in widened.rows {
            let expected: Verdict = row.key.benchmark.description == "family5/s5" ? .inconclusive : .unchanged
            #expect(row.verdict == expected, "\(row.key): \(row.verdict) \(row.ciLow ?? 0)-\(row.ciHigh ?? 0)")
        }
        #expect(widened.widened == 1)
        #expect(widened.summaryLine.hasSuffix("exponents from this machine's profile of 30 runs, 1 row's interval widened "
            + "for its spread between runs)"), "\(widened.summaryLine)")

        // Where instruction counts decide every row, no interval is widened and the summary says none was.
        let counted = { (rows: [ResultRow]) in rows.map { row -> ResultRow in
            var counted = row
            counted.instructionsPerIteration = 1_000
            return counted
        } }
        let byInstructions = Comparator.compare(baseline: counted(baseline), current: counted(current), options: options)
        #expect(byInstructions.widened == 0 && !byInstructions.summaryLine.contains("widened"), "\(byInstructions.summaryLine)")

        let slower = Comparator.compare(baseline: baseline, current: run(seed: 20_100, slower: 1.5) { $0 % 2 == 1 }, options: options)
        for row in slower.rows where row.key.benchmark.family == "pipeline" {
            #expect(row.verdict == .regressed, "\(row.key): \(row.verdict) \(row.ciLow ?? 0)-\(row.ciHigh ?? 0)")
        }
    }

    /// Each end's log distance from the ratio times the factor; an end on the ratio's wrong side stays where it is.
    @Test(arguments: [
        ((0.9, 1.2), 1.0, 2.0, (0.81, 1.44)),
        ((0.9, 1.2), 1.0, 1.0, (0.9, 1.2)),
        ((1.1, 1.5), 1.0, 2.0, (1.1, 2.25)),
        ((1.2, 1.8), 1.5, 3.0, (1.5 * pow(0.8, 3), 1.5 * pow(1.2, 3))),
    ])
    func anIntervalIsWidenedAroundItsRatio(interval: (Double, Double), ratio: Double, factor: Double, expected: (Double, Double)) {
        let (low, high) = Comparator.widen(interval, around: ratio, by: factor)
        #expect(abs(low - expected.0) < 1e-12 && abs(high - expected.1) < 1e-12, "\(low)-\(high)")
    }
}
