/// The A/A experiment that sets the time threshold: run the same suite several times back to back and
/// measure how far apart identical code lands after drift normalisation.
///
/// For each row of each consecutive pair of runs, the *needed threshold* is the smallest `t` at which the
/// row is flagged neither `regressed` nor `improved`: `max(0, lo - 1, 1/hi - 1)` of its normalised interval.
/// `suggestedThreshold` is the largest needed threshold times 1.5 (margin), rounded up to a whole percent,
/// at least 2%.
public enum AANoiseExperiment {
    /// What the experiment found.
    public struct Report: Sendable {
        /// Drift factor of each consecutive pair of runs.
        public var driftFactors: [Double]
        /// The largest needed threshold over all rows and pairs.
        public var largestNeededThreshold: Double
        /// The row and pair (index of the later run) where it occurred.
        public var worstRow: RowKey?
        public var suggestedThreshold: Double
    }

    /// Runs `suite` `repetitions` times (at least 2) with `options`, then `analyze`s the runs.
    /// - Complexity: `repetitions` full runs.
    public static func run(
        _ suite: BenchmarkSuite, options: RunOptions, repetitions: Int = 2,
        comparison: ComparisonOptions = ComparisonOptions(), progress: ProgressReporter = SilentProgress()
    ) throws -> Report {
        var runs: [[ResultRow]] = []
        for _ in 0..<max(2, repetitions) {
            runs.append(try BenchmarkRunner.run(suite, options: options, progress: progress).rows)
        }
        return analyze(runs, comparison: comparison)
    }

    /// The report for runs of identical code, in the order they were taken.
    /// - Complexity: O(pairs x rows x resamples x samples log samples).
    public static func analyze(_ runs: [[ResultRow]], comparison: ComparisonOptions = ComparisonOptions()) -> Report {
        var drifts: [Double] = []
        var largest = 0.0
        var worst: RowKey?
        for (earlier, later) in zip(runs, runs.dropFirst()) {
            let result = Comparator.compare(baseline: earlier, current: later, options: comparison)
            drifts.append(result.driftFactor)
            for row in result.rows {
                guard let low = row.ciLow, let high = row.ciHigh, low > 0 else { continue }
                let needed = max(0, low - 1, 1 / high - 1)
                if needed > largest || worst == nil {
                    largest = max(largest, needed)
                    worst = row.key
                }
            }
        }
        let suggested = max(0.02, (largest * 1.5 * 100).rounded(.up) / 100)
        return Report(driftFactors: drifts, largestNeededThreshold: largest, worstRow: worst, suggestedThreshold: suggested)
    }
}
