/// Summary statistics of one benchmark's samples (nanoseconds per iteration).
///
/// Definitions (all on the sorted samples `x[0] <= ... <= x[n-1]`):
/// - percentile `p` (0...100): linear interpolation between closest ranks, rank `h = (n - 1) * p / 100`,
///   value `x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)])` (R type 7, NumPy's default);
///   the median is percentile 50 (the middle value, or the mean of the two middle values).
/// - `mad`: median absolute deviation, `median(|x[i] - median|)`, unscaled (no 1.4826 factor), in the samples' unit.
/// - `cv`: coefficient of variation, sample standard deviation (denominator `n - 1`) over the mean;
///   0 for a single sample or a zero mean.
public struct SampleStatistics: Sendable, Equatable {
    public let count: Int
    public let min: Double
    public let max: Double
    public let mean: Double
    public let median: Double
    public let p90: Double
    public let p99: Double
    public let mad: Double
    public let cv: Double

    /// Computes every statistic; `samples` must not be empty.
    /// - Complexity: O(n log n).
    public init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "statistics need at least one sample")
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
        median = SampleStatistics.percentile(50, ofSorted: sorted)
        p90 = SampleStatistics.percentile(90, ofSorted: sorted)
        p99 = SampleStatistics.percentile(99, ofSorted: sorted)
        let center = median
        mad = SampleStatistics.percentile(50, ofSorted: sorted.map { abs($0 - center) }.sorted())
        if sorted.count > 1 && mean != 0 {
            let average = mean
            let variance = sorted.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(sorted.count - 1)
            cv = variance.squareRoot() / abs(mean)
        } else {
            cv = 0
        }
    }

    /// Percentile `p` (0...100) of ascending `sorted` values by linear interpolation between closest ranks.
    /// - Complexity: O(1).
    public static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty && (0...100).contains(p), "percentile needs samples and p in 0...100")
        let rank = Double(sorted.count - 1) * p / 100
        let lower = Int(rank.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = rank - Double(lower)
        return sorted[lower] + fraction * (sorted[upper] - sorted[lower])
    }

    /// The median of unsorted values (`percentile(50)`); `values` must not be empty.
    /// - Complexity: O(n log n).
    public static func median(_ values: [Double]) -> Double {
        percentile(50, ofSorted: values.sorted())
    }
}
