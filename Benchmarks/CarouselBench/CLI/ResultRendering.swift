import BenchKit
import BenchReport

/// The comparison's table, which the formats for people (`TableFormat`, `MarkdownFormat`) and `ab` show.
enum ResultRendering {
    static func comparisonTable(_ comparison: Comparison, schema: ResultSchema) -> Table {
        var table = Table(columns: [
            TableColumn("benchmark"), TableColumn(schema.sizeTitle, alignment: .right),
            TableColumn("baseline", alignment: .right), TableColumn("current", alignment: .right),
            TableColumn("ratio", alignment: .right), TableColumn("95% interval", alignment: .right), TableColumn("by"),
            TableColumn("verdict"),
        ])
        for row in comparison.rows {
            let interval: String
            if let low = row.ciLow, let high = row.ciHigh {
                interval = ReportFormat.ratio(low) + " - " + ReportFormat.ratio(high)
            } else {
                interval = ""
            }
            table.append([
                row.key.benchmark.description, ReportFormat.size(Double(row.key.size)),
                row.baselineMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.currentMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.ratio.map { ReportFormat.ratio($0) } ?? "", interval, row.metric.rawValue,
                row.verdict == .regressed ? "REGRESSED" : row.verdict.rawValue,
            ])
        }
        return table
    }
}

/// Which rows of a comparison a table or Markdown rendering lists; the summary line counts them all.
enum ComparisonListing {
    /// Every row (`ab`, `compare --all`).
    case all
    /// All but `unchanged` and `not comparable` (a long table helps nobody; the summary line says why times
    /// were not compared): `compare`'s default.
    case notable
    /// Only rows that decided something, `regressed`, `improved` or `missing`: `run`'s default, where
    /// `inconclusive` and `new` rows are counted in the summary line (`--verbose` lists them as `notable`).
    case decided

    func lists(_ verdict: Verdict) -> Bool {
        switch self {
        case .all: true
        case .notable: verdict != .unchanged && verdict != .notComparable
        case .decided: verdict == .regressed || verdict == .improved || verdict == .missing
        }
    }

    /// The comparison with only the rows this listing shows.
    func shown(_ comparison: Comparison) -> Comparison {
        var shown = comparison
        shown.rows = comparison.rows.filter { lists($0.verdict) }
        return shown
    }
}
