import Determinism

/// Percentile bootstrap of the ratio of two runs' percentiles (the median, a low quantile, the minimum).
public enum Bootstrap {
    /// The central `confidence` interval of `percentile p of resampled current / percentile p of resampled baseline`.
    /// Nil when either side is empty or a resampled baseline percentile is not positive.
    /// - Complexity: O(n log n + resamples x n).
    public static func ratioOfPercentiles<G: RandomNumberGenerator>(
        _ p: Double, _ baseline: [Double], _ current: [Double], resamples: Int, confidence: Double, generator: inout G
    ) -> (low: Double, high: Double)? {
        guard !baseline.isEmpty, !current.isEmpty, resamples > 0 else { return nil }
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var base = Resampler(baseline)
        var after = Resampler(current)
        for _ in 0..<resamples {
            let denominator = base.percentile(p, generator: &generator)
            guard denominator > 0 else { return nil }
            ratios.append(after.percentile(p, generator: &generator) / denominator)
        }
        ratios.sort()
        let tail = (1 - confidence) / 2 * 100
        return (
            SampleStatistics.percentile(tail, ofSorted: ratios),
            SampleStatistics.percentile(100 - tail, ofSorted: ratios)
        )
    }

    /// One run's samples, resampled with replacement: the percentile of a resample without sorting it. A resample
    /// is `n` draws of an index; how often each index was drawn, walked in the samples' sorted order, gives the
    /// order statistics `SampleStatistics.percentile` interpolates between. The same draws as sorting the
    /// resampled values, so the same interval, in O(n) a resample instead of O(n log n).
    struct Resampler {
        let values: [Double]
        /// The indices of `values` in ascending order of value.
        let order: [Int]
        var counts: [Int]

        init(_ values: [Double]) {
            self.values = values
            order = values.indices.sorted { values[$0] < values[$1] }
            counts = Array(repeating: 0, count: values.count)
        }

        mutating func percentile<G: RandomNumberGenerator>(_ p: Double, generator: inout G) -> Double {
            let n = values.count
            for index in counts.indices { counts[index] = 0 }
            for _ in 0..<n { counts[Int.random(in: 0..<n, using: &generator)] += 1 }
            let rank = Double(n - 1) * p / 100
            let lowerRank = Int(rank.rounded(.down))
            let upperRank = Swift.min(lowerRank + 1, n - 1)
            var lower = values[order[n - 1]]
            var seen = 0
            for index in order {
                let before = seen
                seen += counts[index]
                if before <= lowerRank, lowerRank < seen { lower = values[index] }
                if upperRank < seen {
                    return lower + (rank - Double(lowerRank)) * (values[index] - lower)
                }
            }
            return lower
        }
    }
}
