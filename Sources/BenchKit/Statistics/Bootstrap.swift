import Determinism

/// Percentile bootstrap of the ratio of two runs' percentiles (the median, a low quantile, the minimum).
public enum Bootstrap {
    /// The central `confidence` interval of `percentile p of resampled current / percentile p of resampled baseline`.
    /// Nil when either side is empty or a resampled baseline percentile is not positive.
    /// - Complexity: O(resamples x n log n).
    public static func ratioOfPercentiles<G: RandomNumberGenerator>(
        _ p: Double, _ baseline: [Double], _ current: [Double], resamples: Int, confidence: Double, generator: inout G
    ) -> (low: Double, high: Double)? {
        guard !baseline.isEmpty, !current.isEmpty, resamples > 0 else { return nil }
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var scratchBase = baseline
        var scratchCurrent = current
        for _ in 0..<resamples {
            let denominator = resampledPercentile(p, baseline, into: &scratchBase, generator: &generator)
            guard denominator > 0 else { return nil }
            ratios.append(resampledPercentile(p, current, into: &scratchCurrent, generator: &generator) / denominator)
        }
        ratios.sort()
        let tail = (1 - confidence) / 2 * 100
        return (
            SampleStatistics.percentile(tail, ofSorted: ratios),
            SampleStatistics.percentile(100 - tail, ofSorted: ratios)
        )
    }

    private static func resampledPercentile<G: RandomNumberGenerator>(
        _ p: Double, _ values: [Double], into scratch: inout [Double], generator: inout G
    ) -> Double {
        for index in scratch.indices {
            scratch[index] = values[Int.random(in: 0..<values.count, using: &generator)]
        }
        scratch.sort()
        return SampleStatistics.percentile(p, ofSorted: scratch)
    }
}
