import BenchKit
import Foundation
import XCTest

final class ResultsFileTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "benchkit-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private let header = ResultsFile.requiredColumns.joined(separator: ",")
    private let goodLine = "a/b,a,b,10,30,ns/frame,5,100,1.5,2,3,0.25,0,,0.024"

    private func parseError(_ text: String) -> ResultsFileError? {
        do {
            _ = try ResultsFile.parse(text, path: "Results/x.csv")
            return nil
        } catch {
            return error as? ResultsFileError
        }
    }

    func testRoundTripKeepsRowsSamplesAndMetadata() throws {
        var first = makeRow("pipeline/fast", catalog: 3, samples: [1.25, 1.5, 1.75, 2.0, 2.125])
        first.mallocsPerIteration = nil
        first.instructionsPerIteration = 1234.5
        var second = makeRow("lookup/dict", catalog: 1_000, unit: .nsPerCall, samples: [0.1 + 0.2, 1e-7, 12_345.678_9])
        // Summary figures round to 4 decimals in the file: keep them representable for exact equality.
        (second.min, second.median, second.p90, second.mad, second.p99, second.cv) = (0.0001, 0.3, 12345.6789, 0.2, 12345.6789, 1.5)
        (first.p90, first.p99, first.cv, first.budgetPct120Hz) = (2.075, 2.12, 0.125, 0.000021)
        let metadata = RunMetadata(
            time: "2026-01-01T00:00:00Z", gitCommit: "abc", swiftVersion: "6.3", cpuModel: "CPU", host: "h",
            options: ["quick": "true"])
        let path = directory + "/latest.csv"
        try ResultsFile.write(RunResult(rows: [first, second], failures: [], metadata: metadata), to: path)

        let read = try ResultsFile.read(path)
        XCTAssertEqual(read, [first, second])
        XCTAssertEqual(try ResultsFile.readMetadata(for: path), metadata)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(header + ",p99,cv\n"))
        XCTAssertTrue(text.contains(",,"), "the unmeasured mallocs figure is an empty field")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/latest.samples.csv"))
    }

    func testReadWithoutSamplesFileLeavesSamplesEmpty() throws {
        let path = directory + "/plain.csv"
        try (header + "\n" + goodLine + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let rows = try ResultsFile.read(path)
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0].samples, [])
        XCTAssertEqual(rows[0].median, 2)
        XCTAssertNil(rows[0].instructionsPerIteration)
        XCTAssertEqual(rows[0].mallocsPerIteration, 0)
    }

    func testMissingColumn() {
        let text = header.replacingOccurrences(of: ",p90", with: "") + "\n"
        let error = parseError(text)
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.reason, "missing column 'p90'")
    }

    func testWrongTypeNamesLineColumnAndValue() {
        let bad = goodLine.replacingOccurrences(of: ",2,3,", with: ",abc,3,")
        let error = parseError([header, goodLine.replacingOccurrences(of: "10,30", with: "20,60"), bad].joined(separator: "\n") + "\n")
        XCTAssertEqual(error?.description, "Results/x.csv:3: column 'median': \"abc\" is not a number")
    }

    func testEmptyFile() {
        XCTAssertEqual(parseError("")?.description, "Results/x.csv:1: empty file")
    }

    func testCRLF() throws {
        let lf = try ResultsFile.parse(header + "\n" + goodLine + "\n", path: "Results/x.csv")
        XCTAssertEqual(try ResultsFile.parse(header + "\r\n" + goodLine + "\r\n", path: "Results/x.csv"), lf)
    }

    func testQuotedField() throws {
        let plain = try ResultsFile.parse(header + "\n" + goodLine + "\n", path: "Results/x.csv")
        let quoted = header + "\n" + goodLine.replacingOccurrences(of: "a/b,a,b", with: "\"a/b\",a,b") + "\n"
        XCTAssertEqual(try ResultsFile.parse(quoted, path: "Results/x.csv"), plain)
    }

    func testShortRow() {
        let error = parseError(header + "\n" + goodLine + "\n" + "c/d,c,d,10,30\n")
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.reason, "expected 15 fields, found 5")
    }

    func testFamilyMustMatchBenchmarkAndUnitMustBeKnown() {
        XCTAssertEqual(
            parseError(header + "\n" + goodLine.replacingOccurrences(of: "a/b,a,b", with: "a/b,z,b") + "\n")?.reason,
            "column 'family': \"z\" does not match benchmark \"a/b\"")
        XCTAssertEqual(
            parseError(header + "\n" + goodLine.replacingOccurrences(of: "ns/frame", with: "ms") + "\n")?.reason,
            "column 'unit': \"ms\" is not a unit (ns/frame or ns/call)")
    }

    func testMalformedSamplesFileIsRejectedWithItsLine() throws {
        let path = directory + "/s.csv"
        try (header + "\n" + goodLine + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        try "benchmark,catalog,sample,value\na/b,10,0,1.5\na/b,10,1,x\n"
            .write(toFile: ResultsFile.samplesPath(for: path), atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try ResultsFile.read(path)) { error in
            XCTAssertEqual((error as? ResultsFileError)?.description, "\(self.directory)/s.samples.csv:3: column 'value': \"x\" is not a number")
        }
    }

    func testAtomicWriteKeepsTheOldFileWhenTheWriterThrowsMidway() throws {
        struct Interrupted: Error {}
        let path = directory + "/baseline.csv"
        try AtomicFile.write(to: path) { emit in try emit("old contents\n") }
        XCTAssertThrowsError(
            try AtomicFile.write(to: path) { emit in
                try emit(String(repeating: "new row\n", count: 20_000))
                throw Interrupted()
            }
        ) { XCTAssertTrue($0 is Interrupted) }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old contents\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["baseline.csv"])
    }

    func testAtomicWriteIntoAMissingDirectoryThrows() {
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: directory + "/missing/x.csv")) { error in
            XCTAssertTrue((error as? FileWriteError)?.path.hasSuffix("/missing/x.csv") ?? false)
        }
    }
}
