import BenchKit
import Determinism
import Foundation
import Testing

@Suite struct HistoryFileTests {
    static func row(
        _ commit: String, _ time: String, benchmark: String = "family/a", size: Int = 10, median: Double,
        ciLow: Double? = nil, ciHigh: Double? = nil, instructions: Double? = nil
    ) -> HistoryRow {
        HistoryRow(commit: commit, time: time, machine: "box-0000abcd", benchmark: benchmark, size: size,
                   median: median, ciLow: ciLow, ciHigh: ciHigh, instructions: instructions, unit: "ns/call")
    }

    /// A fresh folder under this test process's own folder in the temporary directory, removed when it exits.
    static func folder() throws -> String {
        let path = historyTestsRoot + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func slugIsFileNameSafeStableAndDistinct() {
        let slug = HistoryFile.machineSlug("AMD EPYC 7B13 64-Core Processor / host: ci-runner_01")
        #expect(slug.hasPrefix("amd-epyc-7b13-64-core-processor-host-ci-"))
        #expect(slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
        #expect(slug == HistoryFile.machineSlug("AMD EPYC 7B13 64-Core Processor / host: ci-runner_01"))
        #expect(HistoryFile.machineSlug("a b") != HistoryFile.machineSlug("a-b"))
        #expect(HistoryFile.machineSlug("").hasPrefix("machine-"))
        #expect(HistoryFile.machineSlug("../../etc/passwd").hasPrefix("etc-passwd-"))
        #expect(HistoryFile.machineSlug(String(repeating: "x", count: 200)).count == 40 + 9)
        #expect(HistoryFile.path(machine: slug) == "Results/history/\(slug).csv")
        // Its last 8 digits are the fingerprint's hash's low 32 bits, zero-padded: the names files already have.
        for fingerprint in ["AMD EPYC 7B13 64-Core Processor / host: ci-runner_01", "", "a b", "a-b"] {
            let low = String(UInt32(truncatingIfNeeded: StableHash.of(fingerprint)), radix: 16)
            #expect(HistoryFile.machineSlug(fingerprint).hasSuffix("-" + String(repeating: "0", count: 8 - low.count) + low))
        }
    }

    @Test func writesTheDocumentedColumnsAndReadsThemBack() throws {
        let rows = [
            Self.row("abc1234", "2026-05-01T12:00:00Z", median: 12.5, ciLow: 12.25, ciHigh: 12.75, instructions: 301.5),
            Self.row("def5678", "2026-05-02T12:00:00.250Z", size: 100, median: 13),
        ]
        let text = try HistoryFile.csv(rows)
        #expect(text == """
            commit,time,machine,benchmark,size,median,ci_low,ci_high,instructions,unit
            abc1234,2026-05-01T12:00:00Z,box-0000abcd,family/a,10,12.5,12.25,12.75,301.5,ns/call
            def5678,2026-05-02T12:00:00.250Z,box-0000abcd,family/a,100,13,,,,ns/call

            """)
        #expect(try HistoryFile.parse(text, path: "h.csv") == rows)
    }

    @Test func appendKeepsTheOldRowsAndCreatesTheFolder() throws {
        let path = try Self.folder() + "/history/box.csv"
        try HistoryFile.append([Self.row("c1", "2026-05-01T12:00:00Z", median: 10)], to: path)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        try HistoryFile.append([Self.row("c2", "2026-05-02T12:00:00Z", median: 11)], to: path)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after.hasPrefix(before))
        #expect(try HistoryFile.read(path).map(\.commit) == ["c1", "c2"])
        // No temporary file is left beside it.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["box.csv"])
    }

    @Test func appendRefusesToTouchAMalformedFile() throws {
        let path = try Self.folder() + "/box.csv"
        let broken = HistoryFile.columns.joined(separator: ",") + "\nc1,2026-05-01T12:00:00Z,box,family/a,10,fast,,,,ns/call\n"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ResultsFileError(path: path, line: 2, reason: "column 'median': \"fast\" is not a number")) {
            try HistoryFile.append([Self.row("c2", "2026-05-02T12:00:00Z", median: 11)], to: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    @Test func appendRefusesRowsTheDialectCannotHold() throws {
        let path = try Self.folder() + "/box.csv"
        try HistoryFile.append([Self.row("c1", "2026-05-01T12:00:00Z", median: 10)], to: path)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let bad = [
            Self.row("c2", "2026-05-01T12:00:00Z", benchmark: "a,b", median: 1),
            Self.row("c2", "yesterday", median: 1),
            Self.row("", "2026-05-01T12:00:00Z", median: 1),
            Self.row("c2", "2026-05-01T12:00:00Z", median: .nan),
        ]
        for row in bad {
            #expect(throws: FileWriteError.self) { try HistoryFile.append([row], to: path) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test func readingNamesTheFileAndLine() {
        let header = HistoryFile.columns.joined(separator: ",")
        #expect(throws: ResultsFileError(path: "h.csv", line: 3, reason: "column 'time': \"soon\" is not an ISO-8601 time")) {
            try HistoryFile.parse(header + "\nc1,2026-05-01T12:00:00Z,m,b,1,2,,,,u\nc2,soon,m,b,1,2,,,,u\n", path: "h.csv")
        }
        #expect(throws: ResultsFileError(path: "h.csv", line: 1, reason: "missing column 'unit'")) {
            try HistoryFile.parse("commit,time,machine,benchmark,size,median,ci_low,ci_high,instructions\n", path: "h.csv")
        }
        #expect(throws: ResultsFileError(path: "h.csv", line: 2, reason: "expected 10 fields, found 9")) {
            try HistoryFile.parse(header + "\nc1,2026-05-01T12:00:00Z,m,b,1,2,,,\n", path: "h.csv")
        }
        #expect(ResultsFileError(path: "h.csv", line: 2, reason: "x").description == "h.csv:2: x")
    }

    @Test func seriesHaveOnePointPerCommitOrderedByTimeWithTheMedianOfRuns() throws {
        let rows = [
            Self.row("c2", "2026-05-02T00:00:00Z", median: 20, ciLow: 19, ciHigh: 21),
            Self.row("c1", "2026-05-01T00:00:00Z", median: 10),
            Self.row("c2", "2026-05-03T00:00:00Z", median: 22, ciLow: 21, ciHigh: 23),
            Self.row("c2", "2026-05-03T01:00:00Z", median: 30),
            Self.row("c1", "2026-05-01T00:00:00Z", size: 100, median: 100),
            Self.row("c1", "2026-05-01T00:00:00Z", benchmark: "family/b", median: 5),
        ]
        let series = HistoryFile.series(rows)
        #expect(series.map(\.key.description) == ["family/a size 10 (ns/call)", "family/a size 100 (ns/call)",
                                                  "family/b size 10 (ns/call)"])
        let first = try #require(series.first)
        #expect(first.points.map(\.commit) == ["c1", "c2"])
        #expect(first.points.map(\.runs) == [1, 3])
        #expect(first.medians == [10, 22])
        #expect(first.points[1].ciLow == 20 && first.points[1].ciHigh == 22)
        #expect(first.points[1].time == "2026-05-02T00:00:00Z")
    }

    @Test func commitsOfSeveralSeriesAreOrderedByTheirFirstRun() {
        let rows = [
            Self.row("c3", "2026-05-03T00:00:00Z", size: 10, median: 1),
            Self.row("c1", "2026-05-01T00:00:00Z", size: 100, median: 1),
            Self.row("c2", "2026-05-02T00:00:00.500Z", size: 100, median: 1),
            Self.row("c2", "2026-05-04T00:00:00Z", size: 10, median: 1),
            Self.row("c0", "2026-05-02T00:00:00Z", size: 10, median: 1),
        ]
        #expect(HistoryFile.commits(of: HistoryFile.series(rows)) == ["c1", "c0", "c2", "c3"])
    }

    @Test func findingsNameTheCommitOfEachStep() throws {
        var rows: [HistoryRow] = []
        var synthetic = SyntheticSeries(seed: 11)
        let levels = Array(repeating: 1_000.0, count: 25) + Array(repeating: 1_060, count: 25)
        for (index, value) in synthetic.noisy(levels, cv: 0.01).enumerated() {
            let time = String(format: "2026-06-%02dT%02d:00:00Z", index / 24 + 1, index % 24)
            rows.append(Self.row("commit\(index)", time, median: value))
            rows.append(Self.row("commit\(index)", time, benchmark: "family/flat", median: 500))
        }
        let analyses = HistoryFile.analyze(HistoryFile.series(rows))
        #expect(analyses.map(\.series.key.benchmark) == ["family/a", "family/flat"])
        let step = try #require(analyses[0].steps.first)
        #expect(analyses[0].steps.count == 1)
        #expect(step.commit == "commit25" && step.previousCommit == "commit24")
        #expect(abs(step.changePoint.relativeStep - 0.06) < 0.01)
        #expect(!analyses[1].hasFindings)
    }

    @Test func creepFindingsNameTheirFirstAndLastCommits() throws {
        let values = SyntheticSeries.creep(seed: 4, flat: 30, ramp: 20, plateau: 10)
        let rows = values.enumerated().map { index, value in
            Self.row(String(format: "c%02d", index), String(format: "2026-07-01T00:%02d:00Z", index), median: value)
        }
        let analysis = try #require(HistoryFile.analyze(HistoryFile.series(rows)).first)
        let creep = try #require(analysis.creeps.first)
        #expect(creep.firstCommit == String(format: "c%02d", creep.creep.start))
        #expect(creep.lastCommit == String(format: "c%02d", creep.creep.end - 1))
    }
}

/// The folder of `HistoryFileTests.folder()`'s folders; the first use registers its removal at exit.
private let historyTestsRoot: String = {
    atexit { try? FileManager.default.removeItem(atPath: historyTestsRoot) }
    return NSTemporaryDirectory() + "history-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
}()
