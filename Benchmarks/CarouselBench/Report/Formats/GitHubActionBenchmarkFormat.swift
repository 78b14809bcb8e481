import BenchKit

/// `--format github-action-benchmark`: its `customSmallerIsBetter` JSON, for its charts and alerts.
struct GitHubActionBenchmarkFormat: OutputFormat {
    let name = "github-action-benchmark"
    var carriesTables: Bool { false }

    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String {
        try DashboardFormats.githubActionBenchmark(rows, schema: schema)
    }

    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String {
        try DashboardFormats.githubActionBenchmark(comparison)
    }
}
