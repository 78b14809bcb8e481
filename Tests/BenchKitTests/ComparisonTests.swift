import BenchKit
import XCTest

final class ComparisonTests: XCTestCase {
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

    func testIdenticalSamplesAreUnchanged() {
        let rows = run(seed: 1)
        let comparison = Comparator.compare(baseline: rows, current: rows)
        XCTAssertEqual(comparison.summary, [.unchanged: 10])
        XCTAssertEqual(comparison.driftFactor, 1)
        XCTAssertFalse(comparison.hasRegression)
        XCTAssertTrue(comparison.rows.allSatisfy { $0.metric == .time && $0.ratio == 1 })
    }

    func testSeparateQuietRunsAreUnchanged() {
        let comparison = Comparator.compare(baseline: run(seed: 1), current: run(seed: 100))
        XCTAssertEqual(comparison.summary, [.unchanged: 10])
    }

    func testSlowedRowsRegressAndTheOthersDoNot() {
        let slowed: Set<Int> = [2, 5, 7]
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { slowed.contains($0) ? 1.5 : 1 })
        for (strategy, verdict) in verdicts(comparison) {
            let index = Int(strategy.dropFirst())!
            XCTAssertEqual(verdict, slowed.contains(index) ? .regressed : .unchanged, strategy)
        }
        XCTAssertTrue(comparison.hasRegression)
        XCTAssertEqual(comparison.summary, [.regressed: 3, .unchanged: 7])
    }

    func testAUniformlySlowerMachineIsDividedOut() {
        let slowed: Set<Int> = [2, 5, 7]
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { 1.3 * (slowed.contains($0) ? 1.5 : 1) })
        XCTAssertEqual(comparison.driftFactor, 1.3, accuracy: 0.03)
        XCTAssertEqual(comparison.summary, [.regressed: 3, .unchanged: 7])
        let regressed = comparison.rows.filter { $0.verdict == .regressed }
        XCTAssertTrue(regressed.allSatisfy { abs($0.ratio! - 1.5) < 0.08 && abs($0.rawRatio! - 1.95) < 0.1 })
        // Without normalisation the whole slower run would be flagged.
        let raw = Comparator.compare(
            baseline: run(seed: 1), current: run(seed: 100) { _ in 1.3 }, options: ComparisonOptions(normalization: .none))
        XCTAssertEqual(raw.summary, [.regressed: 10])
    }

    /// A filtered run of one benchmark has no run-wide drift to estimate: dividing by its own median ratio
    /// would hide the very regression it was run to find.
    func testAFilteredRunOfOneBenchmarkIsNotNormalisedAway() {
        let baseline = (0..<3).map { index in
            makeRow("pipeline/best", catalog: [3, 300, 10_000][index],
                    samples: noisySamples(center: 40, spread: 0.02, seed: UInt64(index)))
        }
        let current = (0..<3).map { index in
            makeRow("pipeline/best", catalog: [3, 300, 10_000][index],
                    samples: noisySamples(center: 60, spread: 0.02, seed: 100 + UInt64(index)))
        }
        let comparison = Comparator.compare(baseline: baseline, current: current)
        XCTAssertEqual(comparison.driftFactor, 1)
        XCTAssertTrue(comparison.driftSource.hasPrefix("not normalised"), comparison.driftSource)
        XCTAssertEqual(comparison.summary, [.regressed: 3])
    }

    func testAReferenceFamilyNormalisesWhenMostRowsChanged() {
        // Every family1 row is slower: more than half the rows would fool the median; family0 is the reference.
        let current = run(seed: 100) { index in index % 2 == 1 ? 1.2 * 1.5 : 1.2 }
        let comparison = Comparator.compare(
            baseline: run(seed: 1), current: current, options: ComparisonOptions(normalization: .referenceFamily("family0")))
        XCTAssertEqual(comparison.driftFactor, 1.2, accuracy: 0.03)
        for row in comparison.rows {
            XCTAssertEqual(row.verdict, row.key.benchmark.family == "family1" ? .regressed : .unchanged)
        }
        XCTAssertTrue(comparison.driftSource.contains("family0"))
    }

    func testWideNoiseIsInconclusive() {
        let baseline = [makeRow("x/wide", samples: noisySamples(center: 100, spread: 0.6, count: 12, seed: 3))]
        let current = [makeRow("x/wide", samples: noisySamples(center: 100, spread: 0.6, count: 12, seed: 4))]
        let comparison = Comparator.compare(baseline: baseline, current: current, options: ComparisonOptions(normalization: .none))
        XCTAssertEqual(comparison.rows.first?.verdict, .inconclusive)
        let row = comparison.rows[0]
        XCTAssertLessThan(row.ciLow!, 1 / 1.1)
        XCTAssertGreaterThan(row.ciHigh!, 1.1)
    }

    func testTimeVerdictRule() {
        XCTAssertEqual(Comparator.timeVerdict(low: 1.12, high: 1.4, threshold: 0.1), .regressed)
        XCTAssertEqual(Comparator.timeVerdict(low: 0.6, high: 0.9, threshold: 0.1), .improved)
        XCTAssertEqual(Comparator.timeVerdict(low: 0.95, high: 1.05, threshold: 0.1), .unchanged)
        // Straddles 1.1 narrowly (1.15 / 1.05 < 1.1): not shown past the threshold.
        XCTAssertEqual(Comparator.timeVerdict(low: 1.05, high: 1.15, threshold: 0.1), .unchanged)
        XCTAssertEqual(Comparator.timeVerdict(low: 1.0, high: 1.3, threshold: 0.1), .inconclusive)
        XCTAssertEqual(Comparator.timeVerdict(low: 0.7, high: 1.2, threshold: 0.1), .inconclusive)
        XCTAssertEqual(Comparator.timeVerdict(low: 0, high: 1, threshold: 0.1), .inconclusive)
    }

    func testNewAndMissingRows() {
        let quiet = noisySamples(center: 100, spread: 0.01, seed: 5)
        let baseline = [makeRow("a/kept", samples: quiet), makeRow("a/gone", samples: quiet)]
        let current = [makeRow("a/kept", samples: quiet), makeRow("a/added", samples: quiet)]
        let comparison = Comparator.compare(baseline: baseline, current: current)
        XCTAssertEqual(verdicts(comparison), ["kept": .unchanged, "gone": .missing, "added": .new])
        XCTAssertEqual(comparison.rows.first { $0.verdict == .new }?.metric, ComparisonMetric.none)
    }

    func testInstructionCountsDecideWhenBothRunsHaveThem() {
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
        XCTAssertEqual(verdicts(comparison), ["same": .unchanged, "up": .regressed, "down": .improved, "timed": .unchanged])
        let same = comparison.rows.first { $0.key.benchmark.strategy == "same" }!
        XCTAssertEqual(same.metric, .instructions)
        XCTAssertEqual(same.ratio!, 1.005, accuracy: 1e-12)
        XCTAssertEqual(same.ciLow, same.ciHigh)
        XCTAssertEqual(comparison.rows.first { $0.key.benchmark.strategy == "timed" }?.metric, .time)
    }

    func testRowsWithoutSamplesUseTheMADInterval() {
        var base = makeRow("m/a", samples: [100, 100, 100])
        var candidate = makeRow("m/a", samples: [200, 200, 200])
        (base.samples, candidate.samples) = ([], [])
        (base.mad, candidate.mad) = (5, 10)
        let row = Comparator.compare(baseline: [base], current: [candidate], options: ComparisonOptions(normalization: .none)).rows[0]
        XCTAssertEqual(row.ciLow!, 190.0 / 105, accuracy: 1e-12)
        XCTAssertEqual(row.ciHigh!, 210.0 / 95, accuracy: 1e-12)
        XCTAssertEqual(row.verdict, .regressed)
    }

    func testBootstrapIsReproducibleAndTheCSVHasTheColumns() {
        let baseline = run(seed: 1)
        let current = run(seed: 2)
        let first = Comparator.compare(baseline: baseline, current: current)
        let second = Comparator.compare(baseline: baseline, current: current)
        XCTAssertEqual(first.rows, second.rows)
        let lines = ComparisonFile.csv(first).split(separator: "\n")
        XCTAssertEqual(lines[0], "benchmark,catalog,unit,baseline_median,current_median,ratio,ci_low,ci_high,verdict,metric,raw_ratio")
        XCTAssertEqual(lines.count, 11)
        XCTAssertTrue(lines[1].contains(",unchanged,time,"))
        XCTAssertTrue(first.summaryLine.hasPrefix("10 unchanged; drift "))
    }

    func testAANoiseAnalysisSuggestsAThresholdAboveTheNoise() {
        let report = AANoiseExperiment.analyze([run(seed: 1), run(seed: 2), run(seed: 3)])
        XCTAssertEqual(report.driftFactors.count, 2)
        XCTAssertGreaterThanOrEqual(report.suggestedThreshold, 0.02)
        XCTAssertGreaterThanOrEqual(report.suggestedThreshold, report.largestNeededThreshold * 1.5)
        // Identical runs need no threshold at all.
        XCTAssertEqual(AANoiseExperiment.analyze([run(seed: 1), run(seed: 1)]).largestNeededThreshold, 0)
    }
}
