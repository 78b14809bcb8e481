/// The comparison CSV: `benchmark,SIZE,unit,baseline_median,current_median,ratio,ci_low,ci_high,verdict`
/// followed by the extra columns `metric,raw_ratio` (same dialect as the results CSV; unknown figures empty).
/// `SIZE` is the schema's size column.
public enum ComparisonFile {
    public static func columns(schema: ResultSchema) -> [String] {
        ["benchmark", schema.sizeColumn, "unit", "baseline_median", "current_median", "ratio", "ci_low", "ci_high",
         "verdict", "metric", "raw_ratio"]
    }

    /// The comparison as CSV text.
    /// - Complexity: O(rows).
    public static func csv(_ comparison: Comparison, schema: ResultSchema) -> String {
        var text = columns(schema: schema).joined(separator: ",") + "\n"
        for row in comparison.rows {
            let fields = [
                row.key.benchmark.description, String(row.key.size), row.unit.rawValue,
                figure(row.baselineMedian, 4), figure(row.currentMedian, 4), figure(row.ratio, 4),
                figure(row.ciLow, 4), figure(row.ciHigh, 4), row.verdict.rawValue, row.metric.rawValue,
                figure(row.rawRatio, 4),
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    /// Writes the comparison CSV atomically.
    public static func write(_ comparison: Comparison, schema: ResultSchema, to path: String) throws {
        let text = csv(comparison, schema: schema)
        try AtomicFile.write(to: path) { emit in try emit(text) }
    }

    private static func figure(_ value: Double?, _ decimals: Int) -> String {
        guard let value, value.isFinite else { return "" }
        return DecimalFormat.string(value, decimals: decimals)
    }
}
