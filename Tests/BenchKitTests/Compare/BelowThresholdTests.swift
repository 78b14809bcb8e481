@testable import BenchKit
import Foundation
import Testing

/// An `unchanged` row whose interval excludes 1 says which way it moved (`ComparisonRow.belowThreshold`): its verdict,
/// the CSV's value and the exit code stay those of `unchanged`.
@Suite struct BelowThresholdTests {
    static func row(ratio: Double, low: Double, high: Double, verdict: Verdict = .unchanged,
                    metric: ComparisonMetric = .time) -> ComparisonRow {
        ComparisonRow(key: RowKey(parsing: "uikit/example@300")!, unit: frameUnit, baselineMedian: 100, currentMedian: 100 * ratio,
                      rawRatio: ratio, ratio: ratio, ciLow: low, ciHigh: high, verdict: verdict, metric: metric)
    }

    @Test func anUnchangedRowWhoseIntervalExcludesOneSaysWhichWay() {
        #expect(Self.row(ratio: 1.17, low: 1.07, high: 1.19).verdictLabel == "slower, below threshold (+17%, 1.07-1.19x)")
        #expect(Self.row(ratio: 0.88, low: 0.85, high: 0.93).verdictLabel == "faster, below threshold (-12%, 0.85-0.93x)")
        #expect(Self.row(ratio: 1.004, low: 1.002, high: 1.006, metric: .paired).verdictLabel
            == "slower, below threshold (+0.4%, 1.00-1.01x)")
        // An interval across 1, a verdict decided otherwise, or counts (no interval of their own): the verdict's word.
        #expect(Self.row(ratio: 1.05, low: 0.98, high: 1.12).verdictLabel == "unchanged")
        #expect(Self.row(ratio: 1.5, low: 1.4, high: 1.6, verdict: .regressed).verdictLabel == "REGRESSED")
        #expect(Self.row(ratio: 1.005, low: 1.005, high: 1.005, metric: .instructions).belowThreshold == nil)
        #expect(Self.row(ratio: 1.3, low: 1.1, high: 1.6, verdict: .inconclusive).verdictLabel == "inconclusive")
    }

    /// Two runs whose rows 0-2 are 1.12x slower and row 3 0.9x, under the 22% threshold: they stay `unchanged` in the
    /// verdicts (and exit 0), and the summary counts them apart.
    @Test func theSummaryCountsThemApart() {
        let baseline = (0..<10).map { makeRow("f\($0 % 5)/s\($0)", samples: noisySamples(center: 100, spread: 0.01, seed: UInt64($0))) }
        let current = (0..<10).map { index in
            makeRow("f\(index % 5)/s\(index)", samples: noisySamples(
                center: 100 * (index < 3 ? 1.12 : index == 3 ? 0.9 : 1), spread: 0.01, seed: 100 + UInt64(index)))
        }
        let comparison = Comparator.compare(baseline: baseline, current: current,
                                            options: ComparisonOptions(normalization: .none))
        #expect(comparison.summary == [.unchanged: 10])
        #expect(!comparison.hasRegression)
        #expect(comparison.belowThreshold == [.slower: 3, .faster: 1])
        #expect(comparison.verdictCounts == ["6 unchanged", "3 slower below threshold", "1 faster below threshold"])
        #expect(comparison.summaryLine.hasPrefix("6 unchanged, 3 slower below threshold, 1 faster below threshold; "),
                "\(comparison.summaryLine)")
        #expect(ComparisonFile.csv(comparison, schema: testSchema).components(separatedBy: ",unchanged,").count == 11)
    }
}
