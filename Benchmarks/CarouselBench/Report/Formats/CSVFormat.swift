import BenchKit
import CarouselLayout

/// `--format csv`: RFC 4180, the columns of the results file (or of the comparison file).
struct CSVFormat: OutputFormat {
    let name = "csv"

    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        ResultsFile.csv(rows, schema: schema)
    }

    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
        ComparisonFile.csv(comparison, schema: schema)
    }

    /// One row per strategy and property: `strategy,property,result,counterexample`.
    func verification(_ verification: VerificationDocument) throws -> String? {
        var text = "strategy,property,result,counterexample\n"
        for row in verification.report.rows {
            for property in CarouselProperty.allCases {
                switch row.result(property) {
                case .pass: text += "\(row.strategy),\(property.label),pass,\n"
                case .notApplicable: text += "\(row.strategy),\(property.label),n/a,\n"
                case .fail(let example):
                    text += "\(row.strategy),\(property.label),fail,\(String(describing: example).replacingOccurrences(of: ",", with: ";"))\n"
                }
            }
        }
        return text
    }
}
