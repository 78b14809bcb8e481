import BenchKit
import BenchReport

/// `--format table` (the default): aligned columns for a terminal.
struct TableFormat: OutputFormat {
    let name = "table"
    var isForPeople: Bool { true }

    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        Table.results(rows, schema: schema).renderConsole()
    }

    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
        let shown = listed.shown(comparison)
        return (shown.rows.isEmpty ? "" : ResultRendering.comparisonTable(shown, schema: schema).renderConsole())
            + summary + "\n"
    }

    func verification(_ verification: VerificationDocument) throws -> String? {
        VerificationRendering.text(verification, markdown: false)
    }
}
