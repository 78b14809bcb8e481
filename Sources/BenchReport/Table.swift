/// How a column's cells line up.
public enum ColumnAlignment: Sendable {
    case left
    /// For numbers, so digits and units line up.
    case right
}

/// A column of a `Table`: its title and alignment.
public struct TableColumn: Sendable, Equatable {
    public var title: String
    public var alignment: ColumnAlignment

    public init(_ title: String, alignment: ColumnAlignment = .left) {
        self.title = title
        self.alignment = alignment
    }
}

/// A table of preformatted cells, rendered for a terminal or as GitHub Markdown.
///
///     var table = Table(columns: [TableColumn("benchmark"), TableColumn("median", alignment: .right)])
///     table.append(["sort/merge", ReportFormat.nanoseconds(812)])
///     print(table.renderConsole())
///     // benchmark   median
///     // ──────────  ──────
///     // sort/merge  812 ns
public struct Table: Sendable, Equatable {
    public var columns: [TableColumn]
    public private(set) var rows: [[String]]

    public init(columns: [TableColumn], rows: [[String]] = []) {
        precondition(!columns.isEmpty, "a table needs at least one column")
        self.columns = columns
        self.rows = []
        for row in rows { append(row) }
    }

    /// Adds a row; it must have one cell per column.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func append(_ row: [String]) {
        precondition(row.count == columns.count, "row has \(row.count) cells, table has \(columns.count) columns")
        rows.append(row)
    }

    /// Aligned columns separated by two spaces, a rule under the header, no trailing spaces.
    /// `unicode` draws the rule with `─`, otherwise with `-`.
    ///
    /// - Complexity: O(total characters).
    public func renderConsole(unicode: Bool = true) -> String {
        let widths = columns.indices.map { column in
            ([columns[column].title] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { text += "  " }
                text += columns[column].alignment == .right ? padding + cell : cell + padding
            }
            return String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
        let rule = widths.map { String(repeating: unicode ? "─" : "-", count: $0) }.joined(separator: "  ")
        return ([line(columns.map(\.title)), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// A GitHub Markdown table; `|` inside a cell is escaped, right-aligned columns use `--:`.
    ///
    /// - Complexity: O(total characters).
    public func renderMarkdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingPipes() }.joined(separator: " | ") + " |"
        }
        let separator = "|" + columns.map { $0.alignment == .right ? " --: |" : " --- |" }.joined()
        return ([line(columns.map(\.title)), separator] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func replacingPipes() -> String {
        var escaped = ""
        for character in self {
            if character == "|" { escaped += "\\|" } else if character == "\n" { escaped += " " } else { escaped.append(character) }
        }
        return escaped
    }
}
