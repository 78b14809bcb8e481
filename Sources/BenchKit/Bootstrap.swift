/// A small, fast, seedable generator (SplitMix64), so bootstrap intervals are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A stable 64-bit FNV-1a hash of a row key (Swift's `Hasher` is randomised per process).
    static func fingerprint(_ key: RowKey) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(key.benchmark)#\(key.size)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// Percentile bootstrap of the ratio of two medians.
public enum Bootstrap {
    /// The central `confidence` interval of `median(resampled current) / median(resampled baseline)`.
    /// Nil when either side is empty or a resampled baseline median is not positive.
    /// - Complexity: O(resamples x n log n).
    public static func ratioOfMedians<G: RandomNumberGenerator>(
        _ baseline: [Double], _ current: [Double], resamples: Int, confidence: Double, generator: inout G
    ) -> (low: Double, high: Double)? {
        guard !baseline.isEmpty, !current.isEmpty, resamples > 0 else { return nil }
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        var scratchBase = baseline
        var scratchCurrent = current
        for _ in 0..<resamples {
            let denominator = resampledMedian(baseline, into: &scratchBase, generator: &generator)
            guard denominator > 0 else { return nil }
            ratios.append(resampledMedian(current, into: &scratchCurrent, generator: &generator) / denominator)
        }
        ratios.sort()
        let tail = (1 - confidence) / 2 * 100
        return (
            SampleStatistics.percentile(tail, ofSorted: ratios),
            SampleStatistics.percentile(100 - tail, ofSorted: ratios)
        )
    }

    private static func resampledMedian<G: RandomNumberGenerator>(
        _ values: [Double], into scratch: inout [Double], generator: inout G
    ) -> Double {
        for index in scratch.indices {
            scratch[index] = values[Int.random(in: 0..<values.count, using: &generator)]
        }
        scratch.sort()
        return SampleStatistics.percentile(50, ofSorted: scratch)
    }
}
