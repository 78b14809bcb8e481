import BenchKit
import CarouselLayout
import Foundation

/// `--format json`: the same figures as the CSV, keyed by its column names (null where unmeasured).
struct JSONFormat: OutputFormat {
    let name = "json"

    /// `{"rows": [{column: value, ...}], "metadata": {...}}`.
    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [
                "benchmark": row.benchmark.description, "family": row.benchmark.family, "strategy": row.benchmark.strategy,
                schema.sizeColumn: row.size, schema.itemsColumn: row.items, "unit": row.unit.rawValue,
                "samples": row.sampleCount, "iterations_per_sample": row.iterationsPerSample,
            ]
            for (metric, value) in zip(schema.metrics, schema.values(row)) {
                if let label = metric.label {
                    object[metric.column] = label(row).map { $0 as Any } ?? NSNull()
                } else {
                    object[metric.column] = value ?? NSNull()
                }
            }
            return object
        }
        var document: [String: Any] = ["rows": objects]
        if let metadata, let meta = try JSONSerialization.jsonObject(with: metadata.jsonData()) as? [String: Any] {
            document["metadata"] = meta
        }
        return try Self.text(document)
    }

    /// `{"summary": ..., "drift": ..., "rows": [...]}`: every row, whatever the listing.
    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
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
        return try Self.text(["summary": summary, "drift": comparison.driftFactor, "rows": rows])
    }

    /// `{"results": [{"strategy", "property", "result", "counterexample"?}]}`.
    func verification(_ verification: VerificationDocument) throws -> String? {
        let rows: [[String: String]] = verification.report.rows.flatMap { row in
            CarouselProperty.allCases.map { property -> [String: String] in
                switch row.result(property) {
                case .pass: return ["strategy": row.strategy, "property": property.label, "result": "pass"]
                case .notApplicable: return ["strategy": row.strategy, "property": property.label, "result": "n/a"]
                case .fail(let example):
                    return ["strategy": row.strategy, "property": property.label, "result": "fail",
                            "counterexample": String(describing: example)]
                }
            }
        }
        return try Self.text(["results": rows])
    }

    static func text(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self) + "\n"
    }
}
