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
                row.verdictLabel,
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
    /// were not compared), though an `unchanged` row that moved short of the threshold is listed: `compare`'s default.
    case notable
    /// Only rows that decided something, `regressed`, `improved` or `missing`: `run`'s default, where `inconclusive`,
    /// `new` and the rows that moved short of the threshold are counted in the summary line (`--verbose` lists them as
    /// `notable`).
    case decided

    /// Whether the listing shows `row`: an `unchanged` row that moved short of the threshold
    /// (`ComparisonRow.belowThreshold`) is shown by `notable` too.
    func lists(_ row: ComparisonRow) -> Bool {
        let verdict = row.verdict
        switch self {
        case .all: return true
        case .notable: return (verdict != .unchanged && verdict != .notComparable) || row.belowThreshold != nil
        case .decided: return verdict == .regressed || verdict == .improved || verdict == .missing
        }
    }

    /// The comparison with only the rows this listing shows.
    func shown(_ comparison: Comparison) -> Comparison {
        var shown = comparison
        shown.rows = comparison.rows.filter(lists)
        return shown
    }
}
