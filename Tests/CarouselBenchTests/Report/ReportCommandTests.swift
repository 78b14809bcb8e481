import Foundation
import Testing
@testable import CarouselBench

/// `carousel-bench report` end to end: the built executable, a results file written here, the files it makes.
@Suite struct ReportCommandTests {
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

    @Test func aSmallResultsFileGivesTheReportWithItsNumbersAndTheCharts() throws {
        let directory = try BenchProcess.scratchDirectory()
        let input = directory.appendingPathComponent("small.csv")
        try Self.smallResults.write(to: input, atomically: true, encoding: .utf8)
        let meta = #"{"time":"2026-01-02T03:04:05Z","gitCommit":"abc1234","swiftVersion":"6.3","cpuModel":"Test CPU","host":"h","options":{}}"#
        try meta.write(to: directory.appendingPathComponent("small.meta.json"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")

        let outcome = try report(["--input", input.path, "--output-dir", output.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("wrote \(output.path)/REPORT.md, 2 charts"), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("recommended: pipeline/best at 40.0 ns/frame"), "\(outcome.stdout)")

        let markdown = try String(contentsOf: output.appendingPathComponent("REPORT.md"), encoding: .utf8)
        for section in ["# Carousel benchmark report", "## Recommendation", "## Per-frame cost", "## Complexity", "## Verification"] {
            #expect(markdown.contains("\n" + section + "\n") || markdown.hasPrefix(section + "\n"), "missing \(section)")
        }
        let expected = [
            "| git commit | abc1234 |", "| CPU | Test CPU |", "| Swift | 6.3 |",
            "swift run -c release carousel-bench run --replace-baseline --instructions",
            "swift run -c release carousel-bench run --filter '^uikit-switches/' --sizes 300 --quick --uikit-matrix --save-baseline",
            // 40 / 30 = 1.33x the floor; at n = 300 the flow layout takes 120 + 3*900 = 2820 ns: 70.5x.
            "**Use `pipeline/best`.**", "40.0 ns per frame, 1.33x the floor", "70.5x as fast as the seed's flow layout",
            // Allocations are reported, not a criterion: the flow layout is a candidate, and the runner-up.
            "The runner-up, `pipeline/seed000.flow`, takes 90.1 µs (2253x as long)", "0 allocations per frame",
            "| `pipeline/seed000.flow` | 147 ns | 2.82 µs | 90.1 µs |",
            // Three sizes: nothing is said past the largest.
            "300 (measured; 10 000 is over)", "> 10 000 (all measured; not enough sizes to extrapolate)",
            "Over 1% of the 120 Hz frame (83.3 µs) at n = 10 000: `pipeline/seed000.flow` (90.1 µs)",
            "| `pipeline/seed000.flow` | 9…30k | O(n) |", "| O(N) → O(n) | matches |",
            "| `pipeline/best` | 3…10k | O(1) | 0.00 |",
            "![Per-frame cost of every pipeline and the floor](charts/pipelines.svg)",
            "](charts/budget.svg)", "| pipeline.best | 3 |",
        ]
        for text in expected { #expect(markdown.contains(text), "REPORT.md lacks: \(text)") }
        #expect(!markdown.contains("charts/query.svg"), "no component rows, so no component chart")

        for chart in ["pipelines.svg", "budget.svg"] {
            let svg = try String(contentsOf: output.appendingPathComponent("charts/\(chart)"), encoding: .utf8)
            #expect(svg.hasPrefix("<svg"), "\(chart)")
            #expect(svg.contains("pipeline/seed000.flow"), "\(chart)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("charts/query.svg").path))
    }

    @Test func aMalformedInputExitsOneNamingTheLineAndWritesNothing() throws {
        let directory = try BenchProcess.scratchDirectory()
        let input = directory.appendingPathComponent("bad.csv")
        let text = Self.header + "\n" + Self.row("pipeline/best", catalog: 3, items: 3, median: 40, mallocs: 0) + "\n"
            + "pipeline/best,pipeline,best,30,30,ns/frame,20,1000,39,abc,41,0.4,0,,\n"
        try text.write(to: input, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out")
        let outcome = try report(["--input", input.path, "--output-dir", output.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("bad.csv:3:"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "one line: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("REPORT.md").path))
    }

    @Test func aMissingInputExitsOneNamingTheFile() throws {
        let directory = try BenchProcess.scratchDirectory()
        let outcome = try report(["--input", directory.appendingPathComponent("absent.csv").path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("absent.csv: no such results file"), "\(outcome.stderr)")
    }

    @Test func withoutABaselineTheLatestRunIsReportedIntoResults() throws {
        let directory = try BenchProcess.scratchDirectory()
        let results = directory.appendingPathComponent("Results")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        try Self.smallResults.write(to: results.appendingPathComponent("latest.csv"), atomically: true, encoding: .utf8)
        let outcome = try report([], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let markdown = try String(contentsOf: results.appendingPathComponent("REPORT.md"), encoding: .utf8)
        #expect(markdown.contains("from `Results/latest.csv`"))
        #expect(markdown.contains("No run metadata"), "no meta.json beside latest.csv")
        #expect(FileManager.default.fileExists(atPath: results.appendingPathComponent("charts/pipelines.svg").path))
    }

    @Test func noResultsAtAllIsARuntimeError() throws {
        let outcome = try report([], in: try BenchProcess.scratchDirectory())
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("Results/baseline.csv: no such results file, nor Results/latest.csv"), "\(outcome.stderr)")
    }

    /// The report reads the complexities the suite documents, one for every benchmark it registers, whatever
    /// the run's geometry and frame rate.
    @Test func everyBenchmarkOfTheSuiteHasADocumentedComplexity() {
        let suite = CarouselSuite()
        #expect(suite.benchmarks.benchmarkIDs.count > 30)
        #expect(Set(suite.complexities.keys) == Set(suite.benchmarks.benchmarkIDs))
        let other = CarouselSuite(SuiteConfiguration(recorded: ["viewport": "1024", "itemWidth": "600", "hz": "60"]))
        #expect(other.configuration.hz == 60)
        #expect(other.benchmarks.benchmarkIDs == suite.benchmarks.benchmarkIDs)
        #expect(other.complexities == suite.complexities)
    }

    /// Every id `list` prints has a documented complexity, so the complexity table never has a hole.
    @Test func everyRegisteredBenchmarkHasADocumentedComplexityAndAChart() throws {
        let list = try BenchProcess.run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        let entries = list.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(entries.count > 30)
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
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("no documented complexity"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("9 charts"), "\(outcome.stderr)")
        let markdown = try String(contentsOf: directory.appendingPathComponent("REPORT.md"), encoding: .utf8)
        #expect(!markdown.contains("no documented line"))
        for entry in entries { #expect(markdown.contains("| `\(entry[0])` | 3…10k |"), "\(entry[0])") }
        for family in ["query", "lookup", "transform", "snap", "wrap", "prepare"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("charts/\(family).svg").path), "\(family)")
        }
    }
}
