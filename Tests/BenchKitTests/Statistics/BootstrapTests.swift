@testable import BenchKit
import Determinism
import Testing

@Suite struct BootstrapTests {
    /// `Bootstrap.Resampler` gives, from the same draws, what sorting the resampled values gives: each index drawn
    /// `n` times, the percentile interpolated between the order statistics (ties, a single sample, p = 0 and 50).
    @Test func aResamplersPercentileIsTheSortedResamplesFromTheSameDraws() {
        var values = SeededGenerator(seed: 11)
        let runs: [[Double]] = [
            [42],
            [3, 1, 2],
            (0..<40).map { _ in Double.random(in: 100...160, using: &values).rounded() },  // many ties
            (0..<105).map { _ in Double.random(in: 0.5...2, using: &values) },
        ]
        for samples in runs {
            for p in [0.0, 10, 20, 50] {
                var sorting = SeededGenerator(seed: 12)
                var counting = SeededGenerator(seed: 12)
                var resampler = Bootstrap.Resampler(samples)
                for _ in 0..<50 {
                    let resample = (0..<samples.count).map { _ in samples[Int.random(in: 0..<samples.count, using: &sorting)] }
                    let expected = SampleStatistics.percentile(p, ofSorted: resample.sorted())
                    let got = resampler.percentile(p, generator: &counting)
                    #expect(abs(got - expected) <= 1e-12 * max(1, abs(expected)), "n = \(samples.count), p\(p)")
                }
            }
        }
    }
}
