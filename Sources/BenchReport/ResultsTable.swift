import BenchKit

extension Table {
    /// The rows of a run as a table with the columns of `schema`: the benchmark, its size and derived size,
    /// then every metric (so the table, the Markdown, the CSV and the JSON carry the same figures).
    ///
    /// - Complexity: O(rows x metrics).
    public static func results(_ rows: [ResultRow], schema: ResultSchema) -> Table {
        var table = Table(columns: [TableColumn("benchmark"), TableColumn(schema.sizeTitle, alignment: .right),
                                    TableColumn(schema.itemsTitle, alignment: .right)]
            + schema.metrics.map { TableColumn($0.title, alignment: .right) })
        for row in rows {
            let cells = zip(schema.metrics, schema.values(row)).map { metric, value in
                metric.label.map { $0(row) ?? "" }
                    ?? value.map { ReportFormat.metric($0, kind: metric.kind, unit: metric.column == Metric.median.column ? row.unit : nil) } ?? ""
            }
            table.append([row.benchmark.description, ReportFormat.size(Double(row.size)), ReportFormat.size(Double(row.items))] + cells)
        }
        return table
    }
}

extension ReportFormat {
    /// A metric's value as a table shows it; the median carries its unit's iteration (`42.4 ns/frame`).
    public static func metric(_ value: Double, kind: Metric.Kind, unit: IterationUnit? = nil) -> String {
        switch kind {
        case .time: return nanoseconds(value) + (unit.map { "/" + $0.iteration } ?? "")
        case .count: return significant(value)
        case .percent: return percent(value)
        case .ratio: return ratio(value)
        case .fraction: return fixed(value, decimals: 3)
        case .milliseconds: return fixed(value, decimals: 2)
        case .label: return ""
        }
    }
}
