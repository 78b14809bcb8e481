/// The forms a command's output can take (`--format`); the dashboard formats are for `run` and `compare` only.
enum OutputFormat: String, CaseIterable {
    case table, markdown, csv, json
    /// github-action-benchmark's `customSmallerIsBetter` JSON.
    case githubActionBenchmark = "github-action-benchmark"
    /// The Bencher Metric Format (BMF) JSON.
    case bencher

    /// The formats of results and comparisons.
    static let forResults = allCases
    /// The formats of the other commands' tables.
    static let forTables: [OutputFormat] = [.table, .markdown, .csv, .json]
}
