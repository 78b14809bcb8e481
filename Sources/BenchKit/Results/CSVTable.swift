/// A results-file CSV (RFC 4180), read record by record with column lookup by header name.
///
/// Accepted: CRLF or LF line ends (mixed too), no line end after the last record, a UTF-8 byte-order mark,
/// quoted fields with commas, doubled quotes and line breaks (so a record may span physical lines), and the
/// columns in any order: the required ones must be present, unknown ones are ignored.
///
/// Rejected, each with the 1-based physical line where the record starts: an empty file or header, a missing
/// or duplicate column name, an empty line, a record with the wrong number of fields, an unterminated quoted
/// field, a quote inside an unquoted field, text after a closing quote, a carriage return outside quotes that
/// does not end a line.
///
/// - Complexity: O(file size); the reader scans UTF-8 bytes, never Characters.
struct CSVTable {
    let path: String
    let columns: [String: Int]
    /// The number of fields of the header, which every record must have.
    let width: Int
    private var scanner: CSVScanner

    init(text: String, path: String, required: [String]) throws {
        self.path = path
        let bytes = Array(text.utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var scanner = CSVScanner(path: path, bytes: bytes, offset: bytes.starts(with: bom) ? bom.count : 0)
        guard !scanner.atEnd else { throw ResultsFileError(path: path, line: 1, reason: "empty file") }
        guard !scanner.atLineEnd else { throw ResultsFileError(path: path, line: 1, reason: "empty header") }
        let names = try scanner.record(capacity: required.count).fields
        var columns: [String: Int] = [:]
        columns.reserveCapacity(names.count)
        for (index, name) in names.enumerated() where columns.updateValue(index, forKey: name) != nil {
            throw ResultsFileError(path: path, line: 1, reason: "duplicate column '\(name)'")
        }
        if let missing = required.first(where: { columns[$0] == nil }) {
            throw ResultsFileError(path: path, line: 1, reason: "missing column '\(missing)'")
        }
        self.columns = columns
        self.width = names.count
        self.scanner = scanner
    }

    /// The next data record, or nil at the end of the file.
    mutating func next() throws -> CSVRecord? {
        guard !scanner.atEnd else { return nil }
        guard !scanner.atLineEnd else { throw ResultsFileError(path: path, line: scanner.line, reason: "empty line") }
        let (line, values) = try scanner.record(capacity: width)
        guard values.count == width else {
            throw ResultsFileError(path: path, line: line, reason: "expected \(width) fields, found \(values.count)")
        }
        return CSVRecord(path: path, line: line, columns: columns, values: values)
    }
}

/// The RFC 4180 record scanner over UTF-8 bytes: the structural bytes (`,` `"` CR LF) are ASCII, so every
/// field boundary is a scalar boundary and each field decodes as the valid UTF-8 it was.
private struct CSVScanner {
    let path: String
    let bytes: [UInt8]
    var offset: Int
    /// The 1-based physical line of `offset`.
    var line = 1

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"),
        lf = UInt8(ascii: "\n")

    init(path: String, bytes: [UInt8], offset: Int) {
        self.path = path
        self.bytes = bytes
        self.offset = offset
    }

    var atEnd: Bool { offset == bytes.count }

    /// At a line end (LF or CRLF): a record starting here would be an empty line.
    var atLineEnd: Bool {
        !atEnd && (bytes[offset] == Self.lf || (bytes[offset] == Self.cr && byte(at: offset + 1) == Self.lf))
    }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The record at `offset` (which must not be at the end) and the physical line where it starts; moves past
    /// the record's line end, if any.
    mutating func record(capacity: Int) throws -> (line: Int, fields: [String]) {
        let start = line
        var fields: [String] = []
        fields.reserveCapacity(capacity)
        while true {
            let field = fields.count + 1
            let quoted = byte(at: offset) == Self.quote
            fields.append(quoted ? try quotedField(recordLine: start) : try unquotedField(recordLine: start, field: field))
            guard let terminator = byte(at: offset) else { return (start, fields) }
            switch terminator {
            case Self.comma:
                offset += 1
            case Self.lf:
                offset += 1
                line += 1
                return (start, fields)
            case Self.cr where byte(at: offset + 1) == Self.lf:
                offset += 2
                line += 1
                return (start, fields)
            case Self.cr:
                throw ResultsFileError(
                    path: path, line: start,
                    reason: "field \(field): carriage return without a line feed outside quotes (RFC 4180: CR only in a CRLF line end or a quoted field)")
            default:
                // An unquoted field stops only at a comma, a line end or the end; so this follows a closing quote.
                throw ResultsFileError(
                    path: path, line: start,
                    reason: "field \(field): text after the closing quote (RFC 4180: a quote inside a quoted field is doubled)")
            }
        }
    }

    /// The field from `offset` up to the next comma, CR, LF or the end.
    private mutating func unquotedField(recordLine: Int, field: Int) throws -> String {
        let first = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == Self.comma || byte == Self.lf || byte == Self.cr { break }
            if byte == Self.quote {
                throw ResultsFileError(
                    path: path, line: recordLine,
                    reason: "field \(field): quote inside an unquoted field (RFC 4180: a field with a quote is quoted, its quotes doubled)")
            }
            offset += 1
        }
        return String(decoding: bytes[first..<offset], as: UTF8.self)
    }

    /// The quoted field whose opening quote is at `offset`, without its quotes and with each doubled quote
    /// made one; stops just past the closing quote. Line breaks inside are kept and counted.
    private mutating func quotedField(recordLine: Int) throws -> String {
        offset += 1
        var segment = offset
        var unescaped: [UInt8] = []  // used only when the field has a doubled quote
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == Self.lf {
                line += 1
            } else if byte == Self.quote {
                if self.byte(at: offset + 1) == Self.quote {
                    unescaped.append(contentsOf: bytes[segment...offset])
                    offset += 2
                    segment = offset
                    continue
                }
                let value: String
                if unescaped.isEmpty {
                    value = String(decoding: bytes[segment..<offset], as: UTF8.self)
                } else {
                    unescaped.append(contentsOf: bytes[segment..<offset])
                    value = String(decoding: unescaped, as: UTF8.self)
                }
                offset += 1
                return value
            }
            offset += 1
        }
        throw ResultsFileError(path: path, line: recordLine, reason: "unterminated quoted field")
    }
}

/// One data record of a `CSVTable`, with typed accessors that throw a `ResultsFileError` naming the column.
struct CSVRecord {
    let path: String
    /// The 1-based physical line where the record starts (a quoted line break makes it span several).
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
