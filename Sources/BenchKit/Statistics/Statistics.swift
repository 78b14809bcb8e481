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

    /// A distribution-free 95% interval of the median: the order statistics at the 1-based ranks
    /// `floor(n/2 − 1.96·√n/2)` and `ceil(1 + n/2 + 1.96·√n/2)` (Conover's normal approximation of the
    /// binomial), clamped to the samples; nil for fewer than 6 samples, where it would be the whole range.
    /// - Complexity: O(n log n).
    public static func medianInterval(_ samples: [Double]) -> (low: Double, high: Double)? {
        guard samples.count >= 6 else { return nil }
        let sorted = samples.sorted()
        let n = Double(sorted.count)
        let half = 1.96 * n.squareRoot() / 2
        let low = Swift.max(1, Int((n / 2 - half).rounded(.down))) - 1
        let high = Swift.min(sorted.count, Int((1 + n / 2 + half).rounded(.up))) - 1
        return (sorted[low], sorted[high])
    }

    /// The median of unsorted values (`percentile(50)`); `values` must not be empty.
    /// - Complexity: O(n log n).
    public static func median(_ values: [Double]) -> Double {
        percentile(50, ofSorted: values.sorted())
    }
}
