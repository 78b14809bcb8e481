import BenchKit

/// `--format bencher`: the Bencher Metric Format (BMF) JSON.
struct BencherFormat: OutputFormat {
    let name = "bencher"
    var carriesTables: Bool { false }

    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        try DashboardFormats.bencher(rows)
    }

    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
        try DashboardFormats.bencher(comparison)
    }
}
