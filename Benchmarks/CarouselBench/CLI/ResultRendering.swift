import BenchKit
import BenchReport
import Foundation

/// Renders results and comparisons in the `--format`s. Results carry the columns of one `ResultSchema` in
/// every format, so a figure in the CSV is in the table, the Markdown and the JSON too.
enum ResultRendering {
    static func render(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema, format: OutputFormat) throws -> String {
        switch format {
        case .table: return Table.results(rows, schema: schema).renderConsole()
        case .markdown: return Table.results(rows, schema: schema).renderMarkdown()
        case .csv: return ResultsFile.csv(rows, schema: schema)
        case .json: return try json(rows: rows, metadata: metadata, schema: schema)
        case .githubActionBenchmark: return try DashboardFormats.githubActionBenchmark(rows, schema: schema)
        case .bencher: return try DashboardFormats.bencher(rows)
        }
    }

    /// `{"rows": [{column: value, ...}], "metadata": {...}}` with the CSV's columns as keys (null where unmeasured).
    static func json(rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [
                "benchmark": row.benchmark.description, "family": row.benchmark.family, "strategy": row.benchmark.strategy,
                schema.sizeColumn: row.size, schema.itemsColumn: row.items, "unit": row.unit.rawValue,
                "samples": row.sampleCount, "iterations_per_sample": row.iterationsPerSample,
            ]
            for (metric, value) in zip(schema.metrics, schema.values(row)) {
                object[metric.column] = value ?? NSNull()
            }
            return object
        }
        var document: [String: Any] = ["rows": objects]
        if let metadata, let meta = try JSONSerialization.jsonObject(with: metadata.jsonData()) as? [String: Any] {
            document["metadata"] = meta
        }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func comparisonTable(_ comparison: Comparison, schema: ResultSchema) -> Table {
        var table = Table(columns: [
            TableColumn("benchmark"), TableColumn(schema.sizeTitle, alignment: .right),
            TableColumn("baseline", alignment: .right), TableColumn("current", alignment: .right),
            TableColumn("ratio", alignment: .right), TableColumn("95% interval", alignment: .right), TableColumn("by"),
            TableColumn("verdict"),
        ])
        for row in comparison.rows {
            let interval: String
            if let low = row.ciLow, let high = row.ciHigh {
                interval = ReportFormat.ratio(low) + " - " + ReportFormat.ratio(high)
            } else {
                interval = ""
            }
            table.append([
                row.key.benchmark.description, ReportFormat.size(Double(row.key.size)),
                row.baselineMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.currentMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.ratio.map { ReportFormat.ratio($0) } ?? "", interval, row.metric.rawValue,
                row.verdict == .regressed ? "REGRESSED" : row.verdict.rawValue,
            ])
        }
        return table
    }

    /// Which rows of a comparison a table or Markdown rendering lists; the summary line counts them all.
    enum ListedRows {
        /// Every row (`ab`, `compare --all`).
        case all
        /// All but `unchanged` and `not comparable` (a long table helps nobody; the summary line says why times
        /// were not compared): `compare`'s default.
        case notable
        /// Only rows that decided something, `regressed`, `improved` or `missing`: `run`'s default, where
        /// `inconclusive` and `new` rows are counted in the summary line (`--verbose` lists them as `notable`).
        case decided

        func lists(_ verdict: Verdict) -> Bool {
            switch self {
            case .all: true
            case .notable: verdict != .unchanged && verdict != .notComparable
            case .decided: verdict == .regressed || verdict == .improved || verdict == .missing
            }
        }
    }

    /// The comparison, its table or Markdown listing the rows `listed` selects.
    static func render(_ comparison: Comparison, schema: ResultSchema, format: OutputFormat, listed: ListedRows) throws -> String {
        var shown = comparison
        shown.rows = comparison.rows.filter { listed.lists($0.verdict) }
        switch format {
        case .table:
            return (shown.rows.isEmpty ? "" : comparisonTable(shown, schema: schema).renderConsole()) + comparison.summaryLine + "\n"
        case .markdown:
            return (shown.rows.isEmpty ? "" : comparisonTable(shown, schema: schema).renderMarkdown() + "\n") + comparison.summaryLine + "\n"
        case .csv:
            return ComparisonFile.csv(comparison, schema: schema)
        case .githubActionBenchmark:
            return try DashboardFormats.githubActionBenchmark(comparison)
        case .bencher:
            return try DashboardFormats.bencher(comparison)
        case .json:
            let rows: [[String: Any]] = comparison.rows.map { row in
                var object: [String: Any] = [
                    "benchmark": row.key.benchmark.description, schema.sizeColumn: row.key.size,
                    "unit": row.unit.rawValue, "verdict": row.verdict.rawValue, "metric": row.metric.rawValue,
                ]
                object["baseline_median"] = row.baselineMedian
                object["current_median"] = row.currentMedian
                object["ratio"] = row.ratio
                object["ci_low"] = row.ciLow
                object["ci_high"] = row.ciHigh
                return object
            }
            let data = try JSONSerialization.data(withJSONObject: [
                "summary": comparison.summaryLine, "drift": comparison.driftFactor, "rows": rows,
            ], options: [.prettyPrinted, .sortedKeys])
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}
