import BenchKit
import BenchReport

/// `--format markdown`: GitHub tables, for a CI step summary or a pull request.
struct MarkdownFormat: OutputFormat {
    let name = "markdown"
    var isForPeople: Bool { true }

    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        Table.results(rows, schema: schema).renderMarkdown()
    }

    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
        let shown = listed.shown(comparison)
        return (shown.rows.isEmpty ? "" : ResultRendering.comparisonTable(shown, schema: schema).renderMarkdown() + "\n")
            + summary + "\n"
    }

    func verification(_ verification: VerificationDocument) throws -> String? {
        VerificationRendering.text(verification, markdown: true)
    }
}
