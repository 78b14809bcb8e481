import Determinism
import Foundation

/// How a time verdict estimates "how much slower" from two runs' raw samples: the figure of each run's samples
/// whose ratio is the row's ratio, and the interval of that ratio.
///
/// Timing noise on a shared machine is one-sided: a preempted or cache-cold sample is slower, never faster
/// (Chen and Revels, "Robust benchmarking in noisy environments", 2016, for BenchmarkTools.jl), which argues for a
/// low quantile. The default is the median, of samples each divided by its round's slowdown first (`RoundSpeeds`):
/// on a machine with two speeds a row's low quantile falls in whichever speed a tenth of its samples reached, and
/// the median of the divided samples finds a slowdown far more often. Evidence: Docs/VERDICTS.md, "The estimator".
///
///     var generator = SeededGenerator(seed: 1)
///     let (low, high) = TimeEstimator.quantile(20).interval([10, 10.2, 11], [15, 15.1, 16], resamples: 1_000,
///                                                           confidence: 0.95, generator: &generator)!
public enum TimeEstimator: Sendable, Equatable, CustomStringConvertible {
    /// The ratio of medians; its interval a percentile bootstrap over both runs' samples.
    case median
    /// The ratio of the `p`-th percentiles (0 < p < 50: a low quantile); its interval a percentile bootstrap.
    case quantile(Double)
    /// The ratio of minimums; its interval a percentile bootstrap (which cannot go below the smallest sample:
    /// it is narrow, but its coverage is not the nominal one).
    case minimum
    /// The Hodges–Lehmann shift of the logarithms, `exp(median of log c_i - log b_j)` over all pairs, with the
    /// distribution-free interval of the Mann–Whitney statistic (Moses), normal approximation.
    case hodgesLehmann

    /// The estimator `compare` and `run --check` use unless told otherwise (`ab`'s default is its paired rounds'
    /// ratios, `PairedEstimator.standard`).
    public static let standard = TimeEstimator.median

    /// The candidates `estimator-table.sh` measures.
    public static let candidates: [TimeEstimator] = [.median, .quantile(20), .quantile(10), .minimum, .hodgesLehmann]

    /// `median`, `p20`, `min`, `hl`: the name `--estimator` takes.
    public var description: String {
        switch self {
        case .median: "median"
        case .quantile(let p): "p" + (p == p.rounded() ? String(Int(p)) : String(p))
        case .minimum: "min"
        case .hodgesLehmann: "hl"
        }
    }

    /// The estimator named `median`, `min`, `hl` or `pP` with `0 < P < 50`; nil otherwise.
    public init?(name: String) {
        switch name {
        case "median": self = .median
        case "min": self = .minimum
        case "hl": self = .hodgesLehmann
        default:
            guard name.hasPrefix("p"), let p = Double(name.dropFirst()), p > 0, p < 50 else { return nil }
            self = .quantile(p)
        }
    }

    /// The percentile of one run's samples whose ratio a quantile estimator takes (nil for Hodges–Lehmann).
    var percentile: Double? {
        switch self {
        case .median: 50
        case .quantile(let p): p
        case .minimum: 0
        case .hodgesLehmann: nil
        }
    }

    /// The location of one run's samples this estimator compares: the percentile, or the median for
    /// Hodges–Lehmann (whose ratio is not a ratio of two locations). Nil for no samples.
    /// - Complexity: O(n log n).
    public func location(_ samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        return SampleStatistics.percentile(percentile ?? 50, ofSorted: samples.sorted())
    }

    /// The point estimate of `current / baseline`; nil when either side is empty or not positive.
    /// - Complexity: O(n log n) for a quantile, O(m n log(m n)) for Hodges–Lehmann.
    public func ratio(_ baseline: [Double], _ current: [Double]) -> Double? {
        guard !baseline.isEmpty, !current.isEmpty else { return nil }
        if percentile == nil {
            guard let differences = Self.logDifferences(baseline, current) else { return nil }
            return exp(SampleStatistics.percentile(50, ofSorted: differences))
        }
        guard let before = location(baseline), let after = location(current), before > 0 else { return nil }
        return after / before
    }

    /// The central `confidence` interval of `current / baseline`; nil when either side is empty or a sample
    /// (Hodges–Lehmann) or a resampled baseline location (the others) is not positive.
    /// - Complexity: O(resamples x n log n) for a quantile, O(m n log(m n)) for Hodges–Lehmann.
    public func interval<G: RandomNumberGenerator>(
        _ baseline: [Double], _ current: [Double], resamples: Int, confidence: Double, generator: inout G
    ) -> (low: Double, high: Double)? {
        guard !baseline.isEmpty, !current.isEmpty else { return nil }
        guard let p = percentile else { return Self.mosesInterval(baseline, current, confidence: confidence) }
        return Bootstrap.ratioOfPercentiles(p, baseline, current, resamples: resamples, confidence: confidence,
                                            generator: &generator)
    }

    /// A distribution-free `confidence` interval of one run's location (the percentile; the median for
    /// Hodges–Lehmann) from its order statistics: ranks `n p ± z sqrt(n p (1 - p))` of the binomial's normal
    /// approximation, clamped to the samples. Nil for fewer than 3 samples. What adaptive sampling narrows.
    /// - Complexity: O(n log n).
    public func locationInterval(_ samples: [Double], confidence: Double) -> (low: Double, high: Double)? {
        guard samples.count >= 3 else { return nil }
        let sorted = samples.sorted()
        let n = Double(sorted.count)
        let p = max(percentile ?? 50, 100 / n) / 100
        let half = Self.normalQuantile(0.5 + confidence / 2) * (n * p * (1 - p)).squareRoot()
        let low = max(0, Int((n * p - half).rounded(.down)) - 1)
        let high = min(sorted.count - 1, Int((n * p + half).rounded(.up)))
        return (sorted[low], sorted[high])
    }

    /// Every `log c - log b`, sorted; nil when a sample is not positive.
    private static func logDifferences(_ baseline: [Double], _ current: [Double]) -> [Double]? {
        guard baseline.allSatisfy({ $0 > 0 }), current.allSatisfy({ $0 > 0 }) else { return nil }
        let logBase = baseline.map { log($0) }
        var differences: [Double] = []
        differences.reserveCapacity(baseline.count * current.count)
        for after in current.map({ log($0) }) {
            for before in logBase { differences.append(after - before) }
        }
        return differences.sorted()
    }

    /// Moses's interval of the Hodges–Lehmann shift: the `K`-th smallest and largest pairwise differences,
    /// `K = m n / 2 - z sqrt(m n (m + n + 1) / 12)` (at least 1).
    private static func mosesInterval(_ baseline: [Double], _ current: [Double], confidence: Double) -> (low: Double, high: Double)? {
        guard let differences = logDifferences(baseline, current) else { return nil }
        let m = Double(baseline.count), n = Double(current.count)
        let spread = normalQuantile(0.5 + confidence / 2) * (m * n * (m + n + 1) / 12).squareRoot()
        let k = min(differences.count, max(1, Int((m * n / 2 - spread).rounded(.down))))
        return (exp(differences[k - 1]), exp(differences[differences.count - k]))
    }

    /// The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
    static func normalQuantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile of the normal needs 0 < p < 1")
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
                 -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                 -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
                 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        func tail(_ q: Double) -> Double {
            let r = (-2 * log(q)).squareRoot()
            return (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5])
                / ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1)
        }
        if probability < 0.02425 { return tail(probability) }
        if probability > 1 - 0.02425 { return -tail(1 - probability) }
        let q = probability - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
