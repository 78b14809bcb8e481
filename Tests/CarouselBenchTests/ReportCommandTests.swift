import Foundation
import XCTest

/// `carousel-bench report` end to end: the built executable, a results file written here, the files it makes.
final class ReportCommandTests: XCTestCase {
    static let header = RunCommandTests.requiredHeader

    /// One results row; `items` is N, `median` in ns, `mallocs` empty when nil.
    static func row(_ id: String, catalog: Int, items: Int, unit: String = "ns/frame", median: Double, mallocs: Double?) -> String {
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        let budget = unit == "ns/frame" ? String(median / (1e9 / 120) * 100) : ""
        return "\(id),\(parts[0]),\(parts[1]),\(catalog),\(items),\(unit),20,1000,\(median * 0.98),\(median),\(median * 1.05),"
            + "\(median * 0.01),\(mallocs.map { String($0) } ?? ""),,\(budget)"
    }

    /// The floor and two pipelines at three sizes: `best` flat at 40 ns with no allocations, the seed's flow
    /// layout `120 + 3N` ns with N = 3n (over 1% of the frame at n = 10 000) and 3.5 allocations per frame.
    static var smallResults: String {
        var lines = [header]
        for n in [3, 300, 10_000] {
            lines.append(row("floor/scaleAlpha", catalog: n, items: n, median: 30, mallocs: 0))
            lines.append(row("pipeline/best", catalog: n, items: n, median: 40, mallocs: 0))
            lines.append(row("pipeline/seed000.flow", catalog: n, items: 3 * n, median: 120 + 3 * Double(3 * n), mallocs: 3.5))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func report(_ arguments: [String], in directory: URL? = nil) throws -> BenchProcess.Outcome {
        try BenchProcess.run(["report", "--trials", "2"] + arguments, in: directory)
    }

    func testASmallResultsFileGivesTheReportWithItsNumbersAndTheCharts() throws {
        let directory = try BenchProcess.scratchDirectory()
        let input = directory.appendingPathComponent("small.csv")
        try Self.smallResults.write(to: input, atomically: true, encoding: .utf8)
        let meta = #"{"time":"2026-01-02T03:04:05Z","gitCommit":"abc1234","swiftVersion":"6.3","cpuModel":"Test CPU","host":"h","options":{}}"#
        try meta.write(to: directory.appendingPathComponent("small.meta.json"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")

        let outcome = try report(["--input", input.path, "--output-dir", output.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("wrote \(output.path)/REPORT.md, 2 charts"), outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("recommended: pipeline/best at 40.0 ns/frame"), outcome.stdout)

        let markdown = try String(contentsOf: output.appendingPathComponent("REPORT.md"), encoding: .utf8)
        for section in ["# Carousel benchmark report", "## Recommendation", "## Per-frame cost", "## Complexity", "## Verification"] {
            XCTAssertTrue(markdown.contains("\n" + section + "\n") || markdown.hasPrefix(section + "\n"), "missing \(section)")
        }
        let expected = [
            "| git commit | abc1234 |", "| CPU | Test CPU |", "| Swift | 6.3 |",
            "swift run -c release carousel-bench run --save-baseline",
            // 40 / 30 = 1.33x the floor; at n = 300 the flow layout takes 120 + 3*900 = 2820 ns: 70.5x.
            "**Use `pipeline/best`.**", "40.0 ns per frame, 1.33x the floor", "70.5x as fast as the seed's flow layout",
            "`pipeline/seed000.flow` (allocates per frame)",
            "| `pipeline/seed000.flow` | 147 ns | 2.82 µs | 90.1 µs |",
            "300 (measured; 10 000 is over)", "> 10 000 (all measured; flat in n",
            "Over 1% of the 120 Hz frame (83.3 µs) at n = 10 000: `pipeline/seed000.flow` (90.1 µs)",
            "| `pipeline/seed000.flow` | 9…30k | O(n) |", "| O(N) → O(n) | matches |",
            "| `pipeline/best` | 3…10k | O(1) | 0.00 |",
            "![Per-frame cost of every pipeline and the floor](charts/pipelines.svg)",
            "](charts/budget.svg)", "| pipeline.best | 3 |",
        ]
        for text in expected { XCTAssertTrue(markdown.contains(text), "REPORT.md lacks: \(text)") }
        XCTAssertFalse(markdown.contains("charts/query.svg"), "no component rows, so no component chart")

        for chart in ["pipelines.svg", "budget.svg"] {
            let svg = try String(contentsOf: output.appendingPathComponent("charts/\(chart)"), encoding: .utf8)
            XCTAssertTrue(svg.hasPrefix("<svg"), chart)
            XCTAssertTrue(svg.contains("pipeline/seed000.flow"), chart)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("charts/query.svg").path))
    }

    func testAMalformedInputExitsOneNamingTheLineAndWritesNothing() throws {
        let directory = try BenchProcess.scratchDirectory()
        let input = directory.appendingPathComponent("bad.csv")
        let text = Self.header + "\n" + Self.row("pipeline/best", catalog: 3, items: 3, median: 40, mallocs: 0) + "\n"
            + "pipeline/best,pipeline,best,30,30,ns/frame,20,1000,39,abc,41,0.4,0,,\n"
        try text.write(to: input, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let outcome = try report(["--input", input.path, "--output-dir", output.path])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("bad.csv:3:"), outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, "one line: \(outcome.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("REPORT.md").path))
    }

    func testAMissingInputExitsOneNamingTheFile() throws {
        let directory = try BenchProcess.scratchDirectory()
        let outcome = try report(["--input", directory.appendingPathComponent("absent.csv").path])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("absent.csv: no such results file"), outcome.stderr)
    }

    func testWithoutABaselineTheLatestRunIsReportedIntoResults() throws {
        let directory = try BenchProcess.scratchDirectory()
        let results = directory.appendingPathComponent("Results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        try Self.smallResults.write(to: results.appendingPathComponent("latest.csv"), atomically: true, encoding: .utf8)
        let outcome = try report([], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let markdown = try String(contentsOf: results.appendingPathComponent("REPORT.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("from `Results/latest.csv`"))
        XCTAssertTrue(markdown.contains("No run metadata"), "no meta.json beside latest.csv")
        XCTAssertTrue(FileManager.default.fileExists(atPath: results.appendingPathComponent("charts/pipelines.svg").path))
    }

    func testNoResultsAtAllIsARuntimeError() throws {
        let outcome = try report([], in: try BenchProcess.scratchDirectory())
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("Results/baseline.csv: no such results file, nor Results/latest.csv"), outcome.stderr)
    }

    /// Every id `list` prints has a documented complexity, so the complexity table never has a hole.
    func testEveryRegisteredBenchmarkHasADocumentedComplexityAndAChart() throws {
        let list = try BenchProcess.run(["list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let entries = list.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        XCTAssertGreaterThan(entries.count, 30)
        var lines = [Self.header]
        for entry in entries {
            for (index, n) in [3, 300, 10_000].enumerated() {
                lines.append(Self.row(entry[0], catalog: n, items: n, unit: entry[1], median: 10 + Double(index), mallocs: 0))
            }
        }
        let directory = try BenchProcess.scratchDirectory()
        let input = directory.appendingPathComponent("all.csv")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let outcome = try report(["--input", input.path, "--output-dir", directory.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertFalse(outcome.stderr.contains("no documented complexity"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("8 charts"), outcome.stderr)
        let markdown = try String(contentsOf: directory.appendingPathComponent("REPORT.md"), encoding: .utf8)
        XCTAssertFalse(markdown.contains("no documented line"))
        for entry in entries { XCTAssertTrue(markdown.contains("| `\(entry[0])` | 3…10k |"), entry[0]) }
        for family in ["query", "lookup", "transform", "snap", "wrap", "prepare"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("charts/\(family).svg").path), family)
        }
    }
}
