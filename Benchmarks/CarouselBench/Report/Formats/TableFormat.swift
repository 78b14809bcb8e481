import BenchKit
import BenchReport

/// `--format table` (the default: aligned columns for a terminal) and `--format markdown` (GitHub tables, for a CI
/// step summary or a pull request): the same tables, rendered for people.
struct TableFormat: OutputFormat {
    /// Markdown instead of a terminal's columns.
    var markdown = false
    var name: String { markdown ? "markdown" : "table" }
    var isForPeople: Bool { true }

    func render(_ table: Table) -> String { markdown ? table.renderMarkdown() + "\n" : table.renderConsole() }

    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        markdown ? Table.results(rows, schema: schema).renderMarkdown() : Table.results(rows, schema: schema).renderConsole()
    }

    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
        let shown = listed.shown(comparison)
        return (shown.rows.isEmpty ? "" : render(ResultRendering.comparisonTable(shown, schema: schema))) + summary + "\n"
    }

    func verification(_ verification: VerificationDocument) throws -> String? {
        VerificationRendering.text(verification, markdown: markdown)
    }
}
