import BenchKit
import BenchReport
import Foundation

/// Renders results and comparisons in the four `--format`s.
enum ResultRendering {
    /// The floor's median at each catalog size: every per-frame row is also read as a multiple of it.
    static func floorMedians(_ rows: [ResultRow]) -> [Int: Double] {
        var medians: [Int: Double] = [:]
        for row in rows where row.benchmark.family == SuiteFamilies.floor { medians[row.catalog] = row.median }
        return medians
    }

    static func resultsTable(_ rows: [ResultRow]) -> Table {
        let floors = floorMedians(rows)
        var table = Table(columns: [
            TableColumn("benchmark"), TableColumn("n", alignment: .right), TableColumn("N", alignment: .right),
            TableColumn("median", alignment: .right), TableColumn("p90", alignment: .right),
            TableColumn("x floor", alignment: .right), TableColumn("120Hz budget", alignment: .right),
            TableColumn("allocs/iter", alignment: .right), TableColumn("instr/iter", alignment: .right),
        ])
        for row in rows {
            let perFrame = row.unit == .nsPerFrame
            let floor = perFrame ? floors[row.catalog] : nil
            table.append([
                row.benchmark.description, ReportFormat.size(Double(row.catalog)), ReportFormat.size(Double(row.items)),
                ReportFormat.nanoseconds(row.median) + (perFrame ? "/frame" : "/call"),
                ReportFormat.nanoseconds(row.p90),
                floor.map { ReportFormat.ratio(row.median / $0) } ?? "",
                row.budgetPct120Hz.map { ReportFormat.percent($0) } ?? "",
                row.mallocsPerIteration.map { ReportFormat.significant($0) } ?? "",
                row.instructionsPerIteration.map { ReportFormat.significant($0) } ?? "",
            ])
        }
        return table
    }

    static func render(_ rows: [ResultRow], metadata: RunMetadata?, format: OutputFormat) throws -> String {
        switch format {
        case .table: return resultsTable(rows).renderConsole()
        case .markdown: return resultsTable(rows).renderMarkdown()
        case .csv: return ResultsFile.csv(rows)
        case .json: return try json(rows: rows, metadata: metadata)
        }
    }

    static func comparisonTable(_ comparison: Comparison) -> Table {
        var table = Table(columns: [
            TableColumn("benchmark"), TableColumn("n", alignment: .right), TableColumn("baseline", alignment: .right),
            TableColumn("current", alignment: .right), TableColumn("ratio", alignment: .right),
            TableColumn("95% interval", alignment: .right), TableColumn("by"), TableColumn("verdict"),
        ])
        for row in comparison.rows {
            let interval: String
            if let low = row.ciLow, let high = row.ciHigh {
                interval = ReportFormat.ratio(low) + " - " + ReportFormat.ratio(high)
            } else {
                interval = ""
            }
            table.append([
                row.key.benchmark.description, ReportFormat.size(Double(row.key.catalog)),
                row.baselineMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.currentMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.ratio.map { ReportFormat.ratio($0) } ?? "", interval, row.metric.rawValue,
                row.verdict == .regressed ? "REGRESSED" : row.verdict.rawValue,
            ])
        }
        return table
    }

    /// The comparison; `onlyNotable` keeps the rows that are not `unchanged` (a long table helps nobody).
    static func render(_ comparison: Comparison, format: OutputFormat, onlyNotable: Bool) throws -> String {
        var shown = comparison
        if onlyNotable { shown.rows = comparison.rows.filter { $0.verdict != .unchanged } }
        switch format {
        case .table:
            return (shown.rows.isEmpty ? "" : comparisonTable(shown).renderConsole()) + comparison.summaryLine + "\n"
        case .markdown:
            return (shown.rows.isEmpty ? "" : comparisonTable(shown).renderMarkdown() + "\n") + comparison.summaryLine + "\n"
        case .csv:
            return ComparisonFile.csv(comparison)
        case .json:
            let rows: [[String: Any]] = comparison.rows.map { row in
                var object: [String: Any] = [
                    "benchmark": row.key.benchmark.description, "catalog": row.key.catalog,
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

    static func json(rows: [ResultRow], metadata: RunMetadata?) throws -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [
                "benchmark": row.benchmark.description, "family": row.benchmark.family, "strategy": row.benchmark.strategy,
                "catalog": row.catalog, "items": row.items, "unit": row.unit.rawValue, "samples": row.sampleCount,
                "iterations_per_sample": row.iterationsPerSample, "min": row.min, "median": row.median,
                "p90": row.p90, "mad": row.mad,
            ]
            object["mallocs_per_iteration"] = row.mallocsPerIteration
            object["instructions_per_iteration"] = row.instructionsPerIteration
            object["budget_pct_120hz"] = row.budgetPct120Hz
            return object
        }
        var document: [String: Any] = ["rows": objects]
        if let metadata, let meta = try JSONSerialization.jsonObject(with: metadata.jsonData()) as? [String: Any] {
            document["metadata"] = meta
        }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Family names the CLI treats specially.
enum SuiteFamilies {
    static let floor = "floor"
    static let pipeline = "pipeline"
}
