/// The options of every subcommand, in one place, so `--help` and the parser can never disagree.
enum OutputFormat: String, CaseIterable {
    case table, markdown, csv, json
}

enum CommonOptions {
    static let sizeRange = 1...1_000_000
    static let threshold = OptionSpec.value("--threshold", "PCT", "regression threshold in percent (default: measured A/A noise, see README)")
    static let format = OptionSpec.value("--format", "FMT", "table|markdown|csv|json (default table)")
    static let filter = OptionSpec.value("--filter", "REGEX", "only benchmarks whose id (family/strategy) matches")
}
