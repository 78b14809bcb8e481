/// The strict CSV dialect of the result files, read line by line with column lookup by name.
///
/// Rejected, each with its line number: an empty file, CRLF line ends, quoted fields, a missing or
/// misplaced required column, a row with the wrong number of fields, an empty line.
struct CSVTable {
    let path: String
    let columns: [String: Int]
    /// The number of fields of the header, which every record must have.
    let width: Int
    private let lines: [Substring]
    private var position = 1

    init(text: String, path: String, required: [String]) throws {
        self.path = path
        guard !text.isEmpty else { throw ResultsFileError(path: path, line: 1, reason: "empty file") }
        // Split on scalars: as Characters, "\r\n" is one grapheme and would hide a CRLF line end.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
        if lines.last == "" { lines.removeLast() }
        if let crlf = lines.firstIndex(where: { $0.hasSuffix("\r") }) {
            throw ResultsFileError(path: path, line: crlf + 1, reason: "CRLF line endings are not supported")
        }
        guard let header = lines.first, !header.isEmpty else {
            throw ResultsFileError(path: path, line: 1, reason: "empty header")
        }
        let names = try CSVTable.fields(header, path: path, line: 1)
        for (position, name) in required.enumerated() where position >= names.count || names[position] != name {
            let reason = names.contains(name)
                ? "column '\(name)' is out of order (expected as column \(position + 1))"
                : "missing column '\(name)'"
            throw ResultsFileError(path: path, line: 1, reason: reason)
        }
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where columns[name] == nil { columns[name] = index }
        self.columns = columns
        self.width = names.count
        self.lines = lines
    }

    /// The next data record, or nil at the end of the file.
    mutating func next() throws -> CSVRecord? {
        guard position < lines.count else { return nil }
        let line = position + 1
        let text = lines[position]
        position += 1
        guard !text.isEmpty else { throw ResultsFileError(path: path, line: line, reason: "empty line") }
        let values = try CSVTable.fields(text, path: path, line: line)
        guard values.count == width else {
            throw ResultsFileError(path: path, line: line, reason: "expected \(width) fields, found \(values.count)")
        }
        return CSVRecord(path: path, line: line, columns: columns, values: values)
    }

    private static func fields(_ line: Substring, path: String, line number: Int) throws -> [String] {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if fields.contains(where: { $0.contains("\"") }) {
            throw ResultsFileError(path: path, line: number, reason: "quoted fields are not supported")
        }
        return fields
    }
}

/// One data line of a `CSVTable`, with typed accessors that throw a `ResultsFileError` naming the column.
struct CSVRecord {
    let path: String
    let line: Int
    let columns: [String: Int]
    let values: [String]

    /// The raw field of `column`; empty when the file has no such column.
    subscript(column: String) -> String {
        columns[column].map { values[$0] } ?? ""
    }

    func error(_ column: String, _ reason: String) -> ResultsFileError {
        ResultsFileError(path: path, line: line, reason: "column '\(column)': \(reason)")
    }

    func integer(_ column: String) throws -> Int {
        guard let value = Int(self[column]), value >= 0 else {
            throw error(column, "\"\(self[column])\" is not a non-negative integer")
        }
        return value
    }

    func number(_ column: String) throws -> Double {
        guard let value = Double(self[column]), value.isFinite else {
            throw error(column, "\"\(self[column])\" is not a number")
        }
        return value
    }

    /// nil for an empty field (an unmeasured figure) or an absent column.
    func optionalNumber(_ column: String) throws -> Double? {
        self[column].isEmpty ? nil : try number(column)
    }

    func benchmark(_ column: String) throws -> BenchmarkID {
        guard let id = BenchmarkID(parsing: self[column]) else {
            throw error(column, "\"\(self[column])\" is not family/strategy")
        }
        return id
    }
}
