import BenchKit
import Foundation
import Testing

/// A temporary directory, removed when the test's value is released.
final class TemporaryDirectory {
    let path = NSTemporaryDirectory() + "benchkit-tests-\(UUID().uuidString)"
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite struct ResultsFileTests {
    private let temporary: TemporaryDirectory
    private var directory: String { temporary.path }

    init() throws { temporary = try TemporaryDirectory() }

    private let header = suiteColumns.joined(separator: ",")
    private let goodLine = "a/b,a,b,10,30,ns/frame,5,100,1.5,2,3,0.25,0,,0.024"

    private func parseError(_ text: String) -> ResultsFileError? {
        do {
            _ = try ResultsFile.parse(text, path: "Results/x.csv", schema: testSchema)
            return nil
        } catch {
            return error as? ResultsFileError
        }
    }

    @Test func roundTripKeepsRowsSamplesAndMetadata() throws {
        var first = makeRow("pipeline/fast", size: 3, samples: [1.25, 1.5, 1.75, 2.0, 2.125])
        first.mallocsPerIteration = nil
        first.instructionsPerIteration = 1234.5
        var second = makeRow("lookup/dict", size: 1_000, unit: .nanosecondsPerCall, samples: [0.1 + 0.2, 1e-7, 12_345.678_9])
        // Summary figures round to 4 decimals in the file: keep them representable for exact equality.
        (second.min, second.median, second.p90, second.mad, second.p99, second.cv) = (0.0001, 0.3, 12345.6789, 0.2, 12345.6789, 1.5)
        (first.p90, first.p99, first.cv) = (2.075, 2.12, 0.125)
        let metadata = RunMetadata(
            time: "2026-01-01T00:00:00Z", gitCommit: "abc", swiftVersion: "6.3", cpuModel: "CPU", host: "h",
            options: ["quick": "true"])
        let path = directory + "/latest.csv"
        try ResultsFile.write(RunResult(rows: [first, second], failures: [], metadata: metadata), schema: testSchema, to: path)

        let read = try ResultsFile.read(path, schema: testSchema)
        #expect(read == [first, second])
        #expect(try ResultsFile.readMetadata(for: path) == metadata)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(header + ",p99,cv\n"))
        #expect(text.contains(",,"), "the unmeasured mallocs figure is an empty field")
        // The derived budget share is written (median / 8.33 ms) for the frame unit only, and recomputed on reading.
        let lines = text.split(separator: "\n")
        #expect(lines[1].split(separator: ",", omittingEmptySubsequences: false)[14] == "0.000021")
        #expect(lines[2].split(separator: ",", omittingEmptySubsequences: false)[14] == "")
        #expect(FileManager.default.fileExists(atPath: directory + "/latest.samples.csv"))
    }

    @Test func readWithoutSamplesFileLeavesSamplesEmpty() throws {
        let path = directory + "/plain.csv"
        try (header + "\n" + goodLine + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let rows = try ResultsFile.read(path, schema: testSchema)
        #expect(rows.count == 1)
        #expect(rows[0].samples == [])
        #expect(rows[0].median == 2)
        #expect(rows[0].instructionsPerIteration == nil)
        #expect(rows[0].mallocsPerIteration == 0)
    }

    @Test func theWorstFrameFiguresRoundTripAndFilesWithoutThemRead() throws {
        let schema = ResultSchema(sizeColumn: "catalog", sizeTitle: "n", itemsColumn: "items", itemsTitle: "N",
                                  metrics: testSchema.metrics + [.worstFrame, .p99Frame, .worstFrameIndex, .worstFrameEvent])
        var profiled = makeRow("pipeline/seed", size: 300, samples: [1.5, 2, 2.5])
        (profiled.p90, profiled.p99, profiled.cv) = (2.4, 2.5, 0.25)
        (profiled.worstFrame, profiled.p99Frame, profiled.worstFrameIndex, profiled.worstFrameEvent) = (1_234_567.5, 880, 1_224, "wrap jump")
        var component = makeRow("lookup/dict", size: 300, samples: [1.5, 2, 2.5])
        (component.p90, component.p99, component.cv) = (2.4, 2.5, 0.25)
        let path = directory + "/profiled.csv"
        try ResultsFile.write(RunResult(rows: [profiled, component], failures: [], metadata: RunMetadata.current(options: [:])),
                              schema: schema, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(header + ",p99,cv,worst_frame,p99_frame,worst_frame_index,worst_frame_event\n"))
        #expect(text.contains(",1234567.5,880,1224,wrap jump\n"))
        #expect(text.hasSuffix(",,,,\n"), "a row without a profile has empty fields")
        #expect(try ResultsFile.read(path, schema: schema) == [profiled, component])
        // A file written before the profile existed: the figures are unknown, not 0.
        let old = directory + "/old.csv"
        try (header + "\n" + goodLine + "\n").write(toFile: old, atomically: false, encoding: .utf8)
        let row = try #require(try ResultsFile.read(old, schema: schema).first)
        #expect(row.worstFrame == nil && row.p99Frame == nil && row.worstFrameIndex == nil && row.worstFrameEvent == nil)
    }

    @Test func theHitchRatiosRoundTripAtTheEndAndFilesWithoutThemRead() throws {
        let profileMetrics: [Metric] = [.worstFrame, .p99Frame, .worstFrameIndex, .worstFrameEvent]
        let schema = ResultSchema(sizeColumn: "catalog", sizeTitle: "n", itemsColumn: "items", itemsTitle: "N",
                                  metrics: testSchema.metrics + profileMetrics
                                    + [.hitchRatio, .hitchRatioWithContent, .headroom(hz: 120)])
        #expect(Array(schema.columns.suffix(3)) == ["hitch_ms_per_s", "hitch_ms_per_s_content", "headroom_ms"])
        var profiled = makeRow("pipeline/seed", size: 300, samples: [1.5, 2, 2.5])
        (profiled.p90, profiled.p99, profiled.cv) = (2.4, 2.5, 0.25)
        (profiled.worstFrame, profiled.p99Frame, profiled.worstFrameIndex, profiled.worstFrameEvent) = (9_333_333.5, 880, 1_224, "release")
        (profiled.hitchRatio, profiled.hitchRatioWithContent) = (0.3408, 12.5)
        var component = makeRow("lookup/dict", size: 300, samples: [1.5, 2, 2.5])
        (component.p90, component.p99, component.cv) = (2.4, 2.5, 0.25)
        let path = directory + "/hitch.csv"
        try ResultsFile.write(RunResult(rows: [profiled, component], failures: [], metadata: RunMetadata.current(options: [:])),
                              schema: schema, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The headroom is derived: written (8.33 ms less 9.33 ms), recomputed on reading.
        #expect(text.contains(",release,0.3408,12.5,-1\n"), "\(text)")
        #expect(text.hasSuffix(",,,,,,,\n"), "a row without a profile has empty fields")
        #expect(try ResultsFile.read(path, schema: schema) == [profiled, component])
        // A file written before the hitch ratios were recorded: they are unknown, not 0; the rest reads as it was.
        let worstOnly = ResultSchema(sizeColumn: "catalog", sizeTitle: "n", itemsColumn: "items", itemsTitle: "N",
                                     metrics: testSchema.metrics + profileMetrics)
        let old = directory + "/before.csv"
        try ResultsFile.write(RunResult(rows: [profiled], failures: [], metadata: RunMetadata.current(options: [:])),
                              schema: worstOnly, to: old)
        #expect(!(try String(contentsOfFile: old, encoding: .utf8)).contains("hitch"))
        let row = try #require(try ResultsFile.read(old, schema: schema).first)
        #expect(row.hitchRatio == nil && row.hitchRatioWithContent == nil)
        #expect(row.worstFrame == profiled.worstFrame && row.worstFrameEvent == "release")
        #expect(abs(Metric.headroom(hz: 120).value(row)! - -1) < 1e-6, "the headroom comes from the worst frame")
    }

    @Test func missingColumn() {
        let text = header.replacingOccurrences(of: ",p90", with: "") + "\n"
        let error = parseError(text)
        #expect(error?.line == 1)
        #expect(error?.reason == "missing column 'p90'")
    }

    @Test func wrongTypeNamesLineColumnAndValue() {
        let bad = goodLine.replacingOccurrences(of: ",2,3,", with: ",abc,3,")
        let error = parseError([header, goodLine.replacingOccurrences(of: "10,30", with: "20,60"), bad].joined(separator: "\n") + "\n")
        #expect(error?.description == "Results/x.csv:3: column 'median': \"abc\" is not a number")
    }

    @Test func emptyFile() {
        #expect(parseError("")?.description == "Results/x.csv:1: empty file")
    }

    @Test func cRLF() throws {
        let lf = try ResultsFile.parse(header + "\n" + goodLine + "\n", path: "Results/x.csv", schema: testSchema)
        #expect(try ResultsFile.parse(header + "\r\n" + goodLine + "\r\n", path: "Results/x.csv", schema: testSchema) == lf)
    }

    @Test func quotedField() throws {
        let plain = try ResultsFile.parse(header + "\n" + goodLine + "\n", path: "Results/x.csv", schema: testSchema)
        let quoted = header + "\n" + goodLine.replacingOccurrences(of: "a/b,a,b", with: "\"a/b\",a,b") + "\n"
        #expect(try ResultsFile.parse(quoted, path: "Results/x.csv", schema: testSchema) == plain)
    }

    @Test func shortRow() {
        let error = parseError(header + "\n" + goodLine + "\n" + "c/d,c,d,10,30\n")
        #expect(error?.line == 3)
        #expect(error?.reason == "expected 15 fields, found 5")
    }

    @Test func familyMustMatchBenchmarkAndUnitMustBeKnown() {
        #expect(parseError(header + "\n" + goodLine.replacingOccurrences(of: "a/b,a,b", with: "a/b,z,b") + "\n")?.reason == "column 'family': \"z\" does not match benchmark \"a/b\"")
        #expect(parseError(header + "\n" + goodLine.replacingOccurrences(of: "ns/frame", with: "ms") + "\n")?.reason == "column 'unit': \"ms\" is not a unit (ns/WORD, e.g. ns/call)")
    }

    @Test func malformedSamplesFileIsRejectedWithItsLine() throws {
        let path = directory + "/s.csv"
        try (header + "\n" + goodLine + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        try "benchmark,catalog,sample,value\na/b,10,0,1.5\na/b,10,1,x\n"
            .write(toFile: ResultsFile.samplesPath(for: path), atomically: false, encoding: .utf8)
        let error = #expect(throws: ResultsFileError.self) { try ResultsFile.read(path, schema: testSchema) }
        #expect(error?.description == "\(directory)/s.samples.csv:3: column 'value': \"x\" is not a number")
    }

    @Test func atomicWriteKeepsTheOldFileWhenTheWriterThrowsMidway() throws {
        struct Interrupted: Error {}
        let path = directory + "/baseline.csv"
        try AtomicFile.write(to: path) { emit in try emit("old contents\n") }
        #expect(throws: Interrupted.self) {
            try AtomicFile.write(to: path) { emit in
                try emit(String(repeating: "new row\n", count: 20_000))
                throw Interrupted()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["baseline.csv"])
    }

    @Test func atomicWriteIntoAMissingDirectoryThrows() {
        let error = #expect(throws: FileWriteError.self) { try AtomicFile.write(Data("x".utf8), to: directory + "/missing/x.csv") }
        #expect(error?.path.hasSuffix("/missing/x.csv") ?? false)
    }
}
