import Foundation

/// Results and comparisons in the JSON that continuous-benchmarking dashboards take, each row named
/// `family/strategy@size`, its value the median and its bounds the 95% interval.
///
/// - github-action-benchmark, tool `customSmallerIsBetter`: a list of `{name, unit, value, range, extra}`, the
///   `range` a string `± x` (the larger distance from the value to an end of its interval).
/// - Bencher Metric Format (BMF): `{benchmark: {measure: {value, lower_value, upper_value}}}`, the median under
///   Bencher's built-in `latency` measure (nanoseconds), the instruction and allocation counts under measures of
///   their own where measured.
public enum DashboardFormats {
    /// The run's rows for github-action-benchmark; the interval is the median's (`SampleStatistics.medianInterval`).
    public static func githubActionBenchmark(_ rows: [ResultRow], schema: ResultSchema) throws -> String {
        let entries: [[String: Any]] = rows.map { row in
            var entry: [String: Any] = ["name": row.key.description, "unit": row.unit.rawValue, "value": row.median]
            if let interval = SampleStatistics.medianInterval(row.samples) {
                entry["range"] = range(row.median, interval.low, interval.high)
            }
            var extra = ["\(schema.itemsColumn)=\(row.items)", "samples=\(row.sampleCount)"]
            for metric in Metric.stored where metric.kind == .count {
                if let value = metric.value(row) { extra.append("\(metric.column)=\(number(value))") }
            }
            entry["extra"] = extra.joined(separator: "\n")
            return entry
        }
        return try encode(entries)
    }

    /// The comparison for github-action-benchmark: the current median, its interval the ratio's interval times the
    /// baseline median, the verdict in `extra`. Rows without a current median (`missing`) are left out.
    public static func githubActionBenchmark(_ comparison: Comparison) throws -> String {
        let entries: [[String: Any]] = comparison.rows.compactMap { row in
            guard let current = row.currentMedian else { return nil }
            var entry: [String: Any] = ["name": row.key.description, "unit": row.unit.rawValue, "value": current]
            if let bounds = bounds(row) { entry["range"] = range(current, bounds.low, bounds.high) }
            var extra = ["verdict=\(row.verdict.rawValue)", "by=\(row.metric.rawValue)"]
            if let ratio = row.ratio { extra.append("ratio=\(number(ratio))") }
            if let baseline = row.baselineMedian { extra.append("baseline=\(number(baseline))") }
            entry["extra"] = extra.joined(separator: "\n")
            return entry
        }
        return try encode(entries)
    }

    /// The run's rows in the Bencher Metric Format.
    public static func bencher(_ rows: [ResultRow]) throws -> String {
        var document: [String: Any] = [:]
        for row in rows {
            var latency: [String: Any] = ["value": row.median]
            if let interval = SampleStatistics.medianInterval(row.samples) {
                latency["lower_value"] = interval.low
                latency["upper_value"] = interval.high
            }
            var measures: [String: Any] = [Measure.latency: latency]
            if let instructions = row.instructionsPerIteration { measures[Measure.instructions] = ["value": instructions] }
            if let mallocs = row.mallocsPerIteration { measures[Measure.allocations] = ["value": mallocs] }
            document[row.key.description] = measures
        }
        return try encode(document)
    }

    /// The comparison in the Bencher Metric Format: the current median and its interval under `latency`.
    public static func bencher(_ comparison: Comparison) throws -> String {
        var document: [String: Any] = [:]
        for row in comparison.rows {
            guard let current = row.currentMedian else { continue }
            var latency: [String: Any] = ["value": current]
            if let bounds = bounds(row) {
                latency["lower_value"] = bounds.low
                latency["upper_value"] = bounds.high
            }
            document[row.key.description] = [Measure.latency: latency]
        }
        return try encode(document)
    }

    /// Bencher's measure slugs: its built-in latency (nanoseconds), and two of this harness's.
    public enum Measure {
        public static let latency = "latency"
        public static let instructions = "instructions"
        public static let allocations = "allocations"
    }

    /// A timed row's interval in nanoseconds: the ratio's (drift-normalised) interval times the baseline median.
    static func bounds(_ row: ComparisonRow) -> (low: Double, high: Double)? {
        guard row.metric == .time, let low = row.ciLow, let high = row.ciHigh, let baseline = row.baselineMedian else {
            return nil
        }
        return (low * baseline, high * baseline)
    }

    static func range(_ value: Double, _ low: Double, _ high: Double) -> String {
        "± " + number(max(value - low, high - value))
    }

    static func number(_ value: Double) -> String { DecimalFormat.string(value, decimals: 4) }

    static func encode(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
