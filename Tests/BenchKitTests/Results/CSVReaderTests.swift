@testable import BenchKit
import Foundation
import Testing

/// The results-file reader accepts RFC 4180 (CSVTable). The fixtures under Fixtures/ were written by Python's
/// csv module (Fixtures/make_fixtures.py, run once); no test runs Python.
struct CSVReaderTests {
    static let header = suiteColumns.joined(separator: ",")
    static let goodLine = "a/b,a,b,10,30,ns/frame,5,100,1.5,2,3,0.25,0,,0.024"
    static let otherLine = "c/d,c,d,10,30,ns/call,5,100,1.5,2,3,0.25,,7,"

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: fixture(name))))
    }

    /// The rows of the LF file as the harness writes it, samples attached.
    static func original() throws -> [ResultRow] { try ResultsFile.read(fixture("results-lf.csv"), schema: testSchema) }

    /// The one-line description of the error parsing `text` throws, or nil when it parses.
    static func parseError(_ text: String) -> String? {
        do {
            _ = try ResultsFile.parse(text, path: "Results/x.csv", schema: testSchema)
            return nil
        } catch {
            return (error as? ResultsFileError)?.description ?? "not a ResultsFileError: \(error)"
        }
    }

    // MARK: Files written by Python's csv module

    @Test("The original LF fixture is what the harness writes, with samples for its first rows")
    func originalFixture() throws {
        let rows = try Self.original()
        #expect(rows.count == 20)
        #expect(rows.prefix(4).allSatisfy { !$0.samples.isEmpty && $0.samples.count == $0.sampleCount })
        #expect(rows.dropFirst(4).allSatisfy { $0.samples.isEmpty })
        #expect(!(try Self.bytes("results-lf.csv")).contains(UInt8(ascii: "\r")))
    }

    @Test(
        "A results file rewritten by Python's csv module reads as the original",
        arguments: ["results-python", "results-python-quote-all", "results-python-reversed"])
    func pythonRewriteReadsAsTheOriginal(name: String) throws {
        let bytes = try Self.bytes(name + ".csv")
        #expect(bytes.contains(UInt8(ascii: "\r")), "Python writes CRLF line ends")
        let original = try Self.original()
        #expect(try ResultsFile.read(Self.fixture(name + ".csv"), schema: testSchema) == original)

        let text = try #require(String(bytes: bytes, encoding: .utf8))
        let parsed = try ResultsFile.parse(text, path: name + ".csv", schema: testSchema)
        #expect(parsed == original.map { row in
            var row = row
            row.samples = []
            return row
        })
    }

    @Test("Python's QUOTE_ALL file really quotes every field, the reversed one really reverses the header")
    func pythonFixturesAreWhatTheirNamesSay() throws {
        let quoted = try #require(String(bytes: try Self.bytes("results-python-quote-all.csv"), encoding: .utf8))
        #expect(quoted.hasPrefix("\"benchmark\",\"family\","))
        #expect(quoted.contains(",\"\","), "an unmeasured figure is a quoted empty field")
        let reversed = try #require(String(bytes: try Self.bytes("results-python-reversed.csv"), encoding: .utf8))
        #expect(reversed.hasPrefix("cv,p99,budget_pct_120hz,"))
    }

    @Test("BOM, commas, doubled quotes, LF and CRLF inside quotes, UTF-8: exact values and record lines")
    func trickyFieldsAreExact() throws {
        let path = Self.fixture("tricky.csv")
        #expect(try Self.bytes("tricky.csv").starts(with: [0xEF, 0xBB, 0xBF]))
        var table = try CSVTable(text: try ResultsFile.contents(of: path), path: path, required: suiteColumns)
        #expect(table.columns["benchmark"] == 0, "the BOM is not part of the first column name")
        #expect(table.columns["note, free text"] == 1)
        var notes: [String] = []
        var lines: [Int] = []
        while let record = try table.next() {
            notes.append(record["note, free text"])
            lines.append(record.line)
        }
        #expect(notes == [
            "has, a comma",
            "say \"hi\", then \"\"twice\"\"",
            "line one\nline two",
            "crlf one\r\ntwo, \"three\"",
            "na\u{EF}ve \u{FC} \u{2014} \u{2211}",
            "",
        ])
        #expect(lines == [2, 3, 4, 6, 8, 9])

        let unsampled = try Self.original().prefix(6).map { row in
            var row = row
            row.samples = []
            return row
        }
        #expect(try ResultsFile.read(path, schema: testSchema) == unsampled, "the extra column is ignored")
    }

    // MARK: Accepted

    @Test("CRLF, LF, a mix, and no line end after the last record")
    func lineEnds() throws {
        let expected = try ResultsFile.parse([Self.header, Self.goodLine, Self.otherLine].joined(separator: "\n") + "\n", path: "x", schema: testSchema)
        #expect(expected.count == 2)
        for text in [
            Self.header + "\r\n" + Self.goodLine + "\r\n" + Self.otherLine + "\r\n",
            Self.header + "\r\n" + Self.goodLine + "\n" + Self.otherLine + "\r\n",
            Self.header + "\n" + Self.goodLine + "\r\n" + Self.otherLine,
            Self.header + "\n" + Self.goodLine + "\n" + Self.otherLine,
        ] {
            #expect(try ResultsFile.parse(text, path: "x", schema: testSchema) == expected)
        }
        #expect(try ResultsFile.parse(Self.header + "\r\n", path: "x", schema: testSchema) == [], "a trailing CRLF is not an empty record")
        #expect(try ResultsFile.parse(Self.header, path: "x", schema: testSchema) == [])
    }

    @Test("A byte-order mark is skipped")
    func byteOrderMark() throws {
        let rows = try ResultsFile.parse("\u{FEFF}" + Self.header + "\r\n" + Self.goodLine + "\r\n", path: "x", schema: testSchema)
        #expect(rows.map(\.benchmark.description) == ["a/b"])
    }

    @Test("Columns in any order, matched by name; unknown ones ignored")
    func columnsByName() throws {
        let names = suiteColumns
        let values = Self.goodLine.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let order = Array(names.indices.reversed())
        let header = (["comment"] + order.map { names[$0] } + ["p99"]).joined(separator: ",")
        let line = (["\"free, text\""] + order.map { values[$0] } + ["4.5"]).joined(separator: ",")
        let rows = try ResultsFile.parse(header + "\n" + line + "\n", path: "x", schema: testSchema)
        var expected = try ResultsFile.parse(Self.header + "\n" + Self.goodLine + "\n", path: "x", schema: testSchema)
        expected[0].p99 = 4.5
        #expect(rows == expected)
    }

    @Test("Quoted fields: commas, doubled quotes, line breaks, empty")
    func quotedFields() throws {
        let text = "a,b,c\r\n\"1,2\",\"say \"\"x\"\"\",\"\"\n\"\"\"\",\"two\nlines\",\"crlf\r\nin\"\r\n"
        var table = try CSVTable(text: text, path: "x", required: ["c", "a"])
        let first = try #require(try table.next())
        #expect(first.values == ["1,2", "say \"x\"", ""])
        #expect(first.line == 2)
        let second = try #require(try table.next())
        #expect(second.values == ["\"", "two\nlines", "crlf\r\nin"])
        #expect(second.line == 3)
        #expect(try table.next() == nil)
    }

    // MARK: Rejected, one line `file:line: reason`

    @Test("Empty file, with or without a BOM")
    func emptyFile() {
        #expect(Self.parseError("") == "Results/x.csv:1: empty file")
        #expect(Self.parseError("\u{FEFF}") == "Results/x.csv:1: empty file")
        #expect(Self.parseError("\r\n" + Self.goodLine) == "Results/x.csv:1: empty header")
    }

    @Test("Missing and duplicate columns name the column")
    func missingAndDuplicateColumns() {
        let missing = Self.header.replacingOccurrences(of: ",p90", with: "")
        #expect(Self.parseError(missing + "\r\n") == "Results/x.csv:1: missing column 'p90'")
        #expect(Self.parseError(Self.header + ",median\n") == "Results/x.csv:1: duplicate column 'median'")
        #expect(Self.parseError(Self.header + ",note,\"note\"\n") == "Results/x.csv:1: duplicate column 'note'")
    }

    @Test("An empty line in the data, even before a trailing line end, stays an error")
    func emptyLine() {
        #expect(Self.parseError([Self.header, Self.goodLine, "", Self.otherLine].joined(separator: "\n")) == "Results/x.csv:3: empty line")
        #expect(Self.parseError([Self.header, Self.goodLine, "", Self.otherLine].joined(separator: "\r\n")) == "Results/x.csv:3: empty line")
        #expect(Self.parseError(Self.header + "\r\n" + Self.goodLine + "\r\n\r\n") == "Results/x.csv:3: empty line")
    }

    @Test("An unterminated quoted field reports the line where its record starts")
    func unterminatedQuote() {
        let text = Self.header + "\n" + Self.goodLine + "\n\"c/d,c,d\n10,30\n"
        #expect(Self.parseError(text) == "Results/x.csv:3: unterminated quoted field")
    }

    @Test("A quote inside an unquoted field and text after a closing quote violate RFC 4180")
    func strayQuotes() {
        let inside = Self.goodLine.replacingOccurrences(of: "ns/frame", with: "ns/\"frame")
        #expect(Self.parseError(Self.header + "\n" + inside + "\n") ==
            "Results/x.csv:2: field 6: quote inside an unquoted field (RFC 4180: a field with a quote is quoted, its quotes doubled)")
        let after = Self.goodLine.replacingOccurrences(of: "a/b,", with: "\"a/b\"x,")
        #expect(Self.parseError(Self.header + "\r\n" + Self.otherLine + "\r\n" + after + "\r\n") ==
            "Results/x.csv:3: field 1: text after the closing quote (RFC 4180: a quote inside a quoted field is doubled)")
        let carriageReturn = Self.goodLine.replacingOccurrences(of: "ns/frame", with: "ns/\rframe")
        #expect(Self.parseError(Self.header + "\n" + carriageReturn + "\n") ==
            "Results/x.csv:2: field 6: carriage return without a line feed outside quotes (RFC 4180: CR only in a CRLF line end or a quoted field)")
    }

    @Test("Wrong field count in a multi-line record reports the record's first line")
    func fieldCountOfAMultiLineRecord() {
        let header = Self.header + ",note"
        let short = "c/d,c,d,10,30,\"spans\nthree\nlines\"\r\n"
        #expect(Self.parseError(header + "\r\n" + Self.goodLine + ",ok\r\n" + short) == "Results/x.csv:3: expected 16 fields, found 6")
        let long = Self.goodLine + ",\"two\r\nlines\",extra\n"
        #expect(Self.parseError(header + "\n" + long) == "Results/x.csv:2: expected 16 fields, found 17")
    }

    @Test("After a multi-line record, errors name the physical line where their record starts")
    func linesAfterAMultiLineRecord() {
        let header = Self.header + ",note"
        let bad = Self.otherLine.replacingOccurrences(of: ",2,3,", with: ",abc,3,") + ",x"
        let text = [header, Self.goodLine + ",\"one\ntwo\r\nthree\"", bad].joined(separator: "\n")
        #expect(Self.parseError(text) == "Results/x.csv:5: column 'median': \"abc\" is not a number")
    }
}
