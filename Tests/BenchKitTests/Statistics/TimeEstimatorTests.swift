@testable import BenchKit
import Determinism
import Foundation
import Testing

@Suite struct TimeEstimatorTests {
    /// `count` samples around `center` (+-2%), of which `preempted` (at seeded positions) are 1.6-1.7x slower:
    /// the one-sided noise of a quick row on the shared machine.
    private func preemptedSamples(center: Double, count: Int = 15, preempted: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(seed: seed)
        var samples = (0..<count).map { _ in center * (1 + 0.02 * Double.random(in: -1...1, using: &generator)) }
        for index in Array(samples.indices).shuffled(using: &generator).prefix(preempted) {
            samples[index] *= Double.random(in: 1.6...1.7, using: &generator)
        }
        return samples
    }

    private func interval(_ estimator: TimeEstimator, _ base: [Double], _ current: [Double]) -> (low: Double, high: Double) {
        var generator = SeededGenerator(seed: 42)
        return estimator.interval(base, current, resamples: 1_000, confidence: 0.95, generator: &generator)!
    }

    @Test func namesRoundTrip() {
        for estimator in TimeEstimator.candidates {
            #expect(TimeEstimator(name: estimator.description) == estimator, "\(estimator)")
        }
        #expect(TimeEstimator(name: "p20") == .quantile(20))
        #expect(TimeEstimator(name: "p12.5") == .quantile(12.5))
        for bad in ["p0", "p50", "p", "pX", "mean", "", "P20", "p-5"] {
            #expect(TimeEstimator(name: bad) == nil, "\(bad)")
        }
        #expect(TimeEstimator.standard.description == "median" && SamplingStop.standardEstimator.description == "p10")
    }

    /// A run whose every sample is 1.5x its baseline's: every estimator's ratio is exactly 1.5.
    @Test func aScaledRunGivesItsFactor() {
        let base = noisySamples(center: 100, spread: 0.05, count: 20, seed: 9)
        let current = base.map { $0 * 1.5 }
        for estimator in TimeEstimator.candidates {
            let ratio = estimator.ratio(base, current)!
            #expect(abs(ratio - 1.5) < 1e-9, "\(estimator): \(ratio)")
        }
    }

    @Test func quantileRatioAgainstHandComputedValues() {
        // p20 of 1...6: rank 5 * 0.2 = 1 -> 2; of 2, 4, ..., 12 -> 4; the minimums 1 and 3.
        let base: [Double] = [6, 1, 5, 2, 4, 3]
        let current: [Double] = [2, 4, 6, 8, 10, 12]
        #expect(TimeEstimator.quantile(20).ratio(base, current) == 2)
        #expect(TimeEstimator.minimum.ratio(base, current) == 2)
        #expect(TimeEstimator.median.ratio(base, current) == 2)
        #expect(TimeEstimator.quantile(20).location(base) == 2)
        #expect(TimeEstimator.minimum.location([3, 1, 2]) == 1)
        #expect(TimeEstimator.quantile(20).ratio([], current) == nil)
        #expect(TimeEstimator.quantile(20).ratio([0, 0, 0], current) == nil)
    }

    /// Hodges–Lehmann: the median of the 9 pairwise log ratios of {1, 2, 4} against {2, 4, 8}, which are
    /// 2^-1 ... 2^3 with 2^1 in the middle; Moses's interval at 95% with m = n = 3 is the whole range (K = 1).
    @Test func hodgesLehmannAgainstHandComputedValues() {
        let base: [Double] = [1, 2, 4]
        let current: [Double] = [2, 4, 8]
        #expect(abs(TimeEstimator.hodgesLehmann.ratio(base, current)! - 2) < 1e-12)
        let (low, high) = interval(.hodgesLehmann, base, current)
        #expect(abs(low - 0.5) < 1e-12 && abs(high - 8) < 1e-12)
        #expect(TimeEstimator.hodgesLehmann.ratio([1, -1], current) == nil)
    }

    /// Twenty samples and their copy 1.5x slower: the pairwise log differences are symmetric about log 1.5, so
    /// Moses's interval is too (low x high = 1.5^2), contains 1.5, and is narrower than the data's own spread.
    @Test func mosesIntervalIsSymmetricAboutTheShift() {
        let base = noisySamples(center: 100, spread: 0.05, count: 20, seed: 3)
        let (low, high) = interval(.hodgesLehmann, base, base.map { $0 * 1.5 })
        #expect(low < 1.5 && high > 1.5)
        #expect(abs(low * high - 2.25) < 1e-9)
        #expect(high / low < 1.1)
    }

    @Test func normalQuantile() {
        #expect(abs(TimeEstimator.normalQuantile(0.975) - 1.959964) < 1e-6)
        #expect(abs(TimeEstimator.normalQuantile(0.5)) < 1e-12)
        #expect(abs(TimeEstimator.normalQuantile(0.001) + 3.090232) < 1e-6)
    }

    /// The reason for a low quantile: with 2 preempted samples of 15 in the baseline and 5 in a run 1.3x slower,
    /// the median's interval reaches past 1.5 and is wider than the 20th percentile's, which stays within 1.2-1.4.
    @Test func aLowQuantileIgnoresPreemptedSamples() {
        let base = preemptedSamples(center: 100, preempted: 2, seed: 11)
        let current = preemptedSamples(center: 130, preempted: 5, seed: 12)
        let quantile = interval(.quantile(20), base, current)
        let median = interval(.median, base, current)
        #expect(quantile.low > 1.2 && quantile.high < 1.4, "\(quantile)")
        #expect(median.high / median.low > quantile.high / quantile.low, "\(median) against \(quantile)")
        #expect(median.high > 1.5, "\(median)")
    }

    /// The order-statistic interval of one run's location: for the median of 1...100, ranks 40 and 61 (as
    /// `SampleStatistics.medianInterval`); for p20, ranks floor(20 - 7.84) = 12 and ceil(20 + 7.84) + 1 = 29.
    @Test func locationIntervalRanks() {
        let samples = (1...100).map(Double.init).shuffled()
        let median = TimeEstimator.median.locationInterval(samples, confidence: 0.95)!
        #expect(median.low == 40 && median.high == 61)
        let p20 = TimeEstimator.quantile(20).locationInterval(samples, confidence: 0.95)!
        #expect(p20.low == 12 && p20.high == 29)
        #expect(TimeEstimator.quantile(20).locationInterval([1, 2], confidence: 0.95) == nil)
    }

    @Test func theComparisonUsesItsEstimator() {
        let base = [makeRow("x/a", samples: [10, 10, 10, 10, 20, 20, 20, 20, 20])]
        let current = [makeRow("x/a", samples: [10, 10, 10, 10, 10, 10, 10, 10, 10])]
        let byMedian = Comparator.compare(baseline: base, current: current,
                                          options: ComparisonOptions(normalization: .none, estimator: .median))
        let byQuantile = Comparator.compare(baseline: base, current: current,
                                            options: ComparisonOptions(normalization: .none, estimator: .quantile(20)))
        #expect(byMedian.rows[0].ratio == 0.5)
        #expect(byQuantile.rows[0].ratio == 1)
        #expect(byQuantile.summaryLine.hasSuffix("(time, p20)"), "\(byQuantile.summaryLine)")
    }
}
