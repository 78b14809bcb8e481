import BenchKit
import CarouselLayout
import Foundation
import Testing
@testable import CarouselBench

/// The rows of a results CSV as `[column: field]`, keyed by `benchmark@size`.
private func resultRows(_ csv: String) -> (header: [String], rows: [String: [String: String]]) {
    let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    guard let header = lines.first else { return ([], [:]) }
    var rows: [String: [String: String]] = [:]
    for fields in lines.dropFirst() {
        let row = Dictionary(zip(header, fields), uniquingKeysWith: { first, _ in first })
        rows["\(row["benchmark"] ?? "")@\(row["catalog"] ?? "")"] = row
    }
    return (header, rows)
}

/// `run --sizes`: any n in 1...1000000; a size past a benchmark's own limit is skipped with one line.
@Suite struct RunSizesTests {
    @Test func aSizePastABenchmarksLimitIsSkippedWithOneLineAndTheOthersRun() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("sizes.csv")
        let outcome = try BenchProcess.run([
            "run", "--quick", "--sizes", "7,50000", "--filter", "^pipeline/(best|peer\\.fspager)$", "--time-budget", "5",
            "--output", output.path, "--no-baseline",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let (_, all) = resultRows(try String(contentsOf: output, encoding: .utf8))
        // The reference rows every run has (`ReferenceRows`), at their own sizes whatever `--sizes` says, and the three.
        let references = RunCommandTests.references
        #expect(Set(all.keys) == references.union(["pipeline/best@7", "pipeline/best@50000", "pipeline/peer.fspager@7"]))
        let rows = all.filter { !references.contains($0.key) }
        // best lays out the n items themselves at any size; FSPager replicates its n items into Int16.max sections.
        #expect(rows["pipeline/best@50000"]?["items"] == "50000")
        #expect(rows["pipeline/best@7"]?["items"] == "7")
        #expect(rows["pipeline/peer.fspager@7"]?["items"] == "32767")
        for (key, row) in rows {
            #expect((Double(row["median"] ?? "") ?? 0) > 0, "median is a positive number: \(key)")
        }

        let skipped = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("skipped ") }
        #expect(skipped.count == 1, "one line for the one skipped size: \(outcome.stderr)")
        #expect(skipped.first?.hasPrefix("skipped pipeline/peer.fspager: size 50000 is past its limit 32767: ") == true,
                "\(outcome.stderr)")
        #expect(outcome.stderr.contains("running \(3 + references.count) benchmark sizes"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("wrote \(output.path) (\(3 + references.count) rows)"), "\(outcome.stderr)")
    }

    /// A design past its limit leaves out its rows, both views, in one line; the designs that accept the size run.
    @Test func aDesignPastItsLimitIsLeftOutInOneLineAndTheOthersRun() throws {
        let output = try BenchProcess.scratchDirectory().appendingPathComponent("designs.csv")
        let outcome = try BenchProcess.run([
            "run", "--quick", "--sizes", "40000", "--filter", "^(pipeline|uikit)/peer\\.fspager$|^pipeline/best$",
            "--time-budget", "5", "--processes", "1", "--output", output.path, "--no-baseline",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let skipped = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("skipped ") }
        #expect(skipped == ["skipped pipeline/peer.fspager, uikit/peer.fspager: size 40000 is past its limit 32767: "
            + "FSPagerView's isInfinite lays out Int16.max / n sections, none for n > 32767"], "\(outcome.stderr)")
        let (_, rows) = resultRows(try String(contentsOf: output, encoding: .utf8))
        #expect(rows["pipeline/best@40000"] != nil && rows["pipeline/peer.fspager@40000"] == nil)
    }

    /// A run that cannot start is a usage error (exit 64) naming why, and writes nothing: only sizes past the
    /// benchmark's limit (naming the limit); a `--block-alignment` other than apple or native.
    @Test(arguments: [
        (["--sizes", "50000", "--filter", "^pipeline/peer\\.fspager$"],
         "every benchmark --filter '^pipeline/peer\\.fspager$' selects is past its limit at sizes 50000 (pipeline/peer.fspager: size 50000 is past its limit 32767"),
        (["--sizes", "1000000", "--filter", "^(pipeline|uikit)/seed000\\.flow$"],
         "every benchmark --filter '^(pipeline|uikit)/seed000\\.flow$' selects is past its limit at sizes 1000000 "
            + "(pipeline/seed000.flow: size 1000000 is past its limit 320000: O(N) per frame"),
        (["--block-alignment", "jemalloc", "--sizes", "3", "--filter", "^lookup/arithmetic$"],
         "option '--block-alignment': 'jemalloc' is not one of apple|native\n"),
    ])
    func aRunThatCannotStartIsAUsageError(options: [String], reason: String) throws {
        let directory = try BenchProcess.scratchDirectory()
        let outcome = try BenchProcess.run(["run"] + options + [
            "--time-budget", "1", "--output", directory.appendingPathComponent("none.csv").path, "--no-baseline",
        ])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("carousel-bench run: error: " + reason), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("none.csv").path))
    }
}

/// `run --viewport --item-width --spacing --min-scale --hz`: the run's geometry, recorded in the metadata.
@Suite struct RunGeometryTests {
    @Test func theGeometryOptionsAreRecordedInTheMetadataOptions() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("wide.csv")
        let outcome = try BenchProcess.run([
            "run", "--viewport", "1024", "--item-width", "600", "--sizes", "3", "--filter", "best", "--time-budget", "2",
            "--output", output.path, "--no-baseline",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let meta = try Data(contentsOf: directory.appendingPathComponent("wide.meta.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: meta) as? [String: Any])
        let options = try #require(object["options"] as? [String: String], "\(object)")
        #expect(options["viewport"] == "1024")
        #expect(options["itemWidth"] == "600")
        // The options not given are recorded with their defaults, so the report rebuilds the same configuration.
        #expect(options["spacing"] == "12")
        #expect(options["minScale"] == "0.8")
        #expect(options["hz"] == "120")
        let recorded = SuiteConfiguration(recorded: options)
        #expect(recorded.geometry.viewportWidth == 1024)
        #expect(recorded.geometry.itemWidth == 600)
        #expect(recorded.hz == 120)
        let (_, rows) = resultRows(try String(contentsOf: output, encoding: .utf8))
        #expect(rows["pipeline/best@3"] != nil, "\(rows.keys.sorted())")
    }
}

/// Progress on standard error without a terminal: a few summarising lines, or every line with `--verbose`.
@Suite struct RunProgressTests {
    static let arguments = ["run", "--quick", "--filter", "^(lookup|wrap)/", "--time-budget", "1", "--no-baseline"]

    /// The number of benchmark sizes from `running N benchmark sizes, about ...`.
    static func cases(_ stderr: String) throws -> Int {
        let line = try #require(stderr.split(separator: "\n").first { $0.hasPrefix("running ") }, "\(stderr)")
        return try #require(Int(line.split(separator: " ")[1]), "\(line)")
    }

    @Test func withoutVerboseAQuickRunPrintsFewerThanSixtyLines() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("quiet.csv")
        let outcome = try BenchProcess.run(Self.arguments + ["--output", output.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n")
        let cases = try Self.cases(outcome.stderr)
        #expect(cases >= 30, "enough benchmark sizes that a line each would be over 60 lines with their results")
        #expect(lines.count < 60, "\(outcome.stderr)")
        #expect(!lines.contains { $0.contains(" prepared ") || $0.contains(": median ") }, "\(outcome.stderr)")
        #expect(lines.contains { $0.hasPrefix("done in ") }, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("wrote \(output.path) (\(cases) rows)"), "\(outcome.stderr)")
    }

    @Test func verbosePrintsTheLinesOfEveryBenchmark() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("verbose.csv")
        let outcome = try BenchProcess.run(Self.arguments + ["--output", output.path, "--verbose"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        let cases = try Self.cases(outcome.stderr)
        let width = String(cases).count
        let prepared = lines.filter { $0.contains(" prepared ") }
        #expect(prepared.count == cases, "\(outcome.stderr)")
        for (index, line) in prepared.enumerated() {
            let counter = "[" + String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)/\(cases)]"
            #expect(line.hasPrefix(counter + " prepared "), "\(line)")
            #expect(line.hasSuffix(" iterations per sample"), "\(line)")
        }
        // In the suite's order: the harness's self-check (a reference row) first.
        #expect(prepared.first?.hasPrefix("[" + String(repeating: " ", count: width - 1) + "1/\(cases)] prepared harness/empty") == true)
        let medians = lines.filter { $0.contains(": median ") }
        #expect(medians.count == cases, "\(outcome.stderr)")
        #expect(medians.allSatisfy { $0.contains(" ns/call (") || $0.contains(" ns/frame (") }, "\(medians)")
        #expect(lines.count >= 2 * cases, "\(outcome.stderr)")
    }
}

/// The CSV, the JSON, the Markdown and the table of a run carry the same figures: the columns of the suite's schema.
@Suite struct ResultFormatTests {
    static let filter = "^(floor/scaleAlpha|lookup/arithmetic|pipeline/best)$"

    /// `--format table` with every row (`--table full`: its default prints the summary).
    func run(_ format: String, in directory: URL) throws -> BenchProcess.Outcome {
        try BenchProcess.run([
            "run", "--filter", Self.filter, "--sizes", "3", "--hz", "90", "--time-budget", "2", "--format", format,
            "--output", directory.appendingPathComponent("\(format).csv").path, "--no-baseline",
        ] + (format == "table" ? ["--table", "full"] : []))
    }

    @Test func theCSVTheJSONTheMarkdownAndTheTableHaveTheSameMetricColumns() throws {
        let schema = SuiteConfiguration.schema(hz: 90)
        let metricColumns = schema.metrics.map(\.column)
        #expect(metricColumns == ["min", "median", "p90", "mad", "mallocs_per_iteration", "instructions_per_iteration",
                                  "budget_pct_120hz", "budget_pct_90hz", "p99", "cv", "x_floor",
                                  "worst_frame", "p99_frame", "worst_frame_index", "worst_frame_event",
                                  "hitch_ms_per_s", "hitch_ms_per_s_content", "headroom_ms"])
        let directory = try BenchProcess.scratchDirectory()

        let csv = try run("csv", in: directory)
        #expect(csv.status == 0, "\(csv.stderr)")
        let (header, csvRows) = resultRows(csv.stdout)
        #expect(header == schema.columns)
        #expect(Array(header.suffix(metricColumns.count)) == metricColumns)
        let references = RunCommandTests.references
        #expect(csvRows.count == 3 + references.subtracting(["floor/scaleAlpha@3"]).count, "\(csv.stdout)")
        let written = try String(contentsOf: directory.appendingPathComponent("csv.csv"), encoding: .utf8)
        #expect(written.split(separator: "\n").first.map(String.init) == schema.columns.joined(separator: ","))

        let json = try run("json", in: directory)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]], "\(json.stdout)")
        #expect(rows.count == csvRows.count)
        for row in rows {
            #expect(Set(row.keys) == Set(schema.columns), "\(row)")
        }
        // The derived figures: the shares of a 120 Hz and a 90 Hz frame, and the multiple of the floor at n = 3.
        let byID = Dictionary(rows.map { (($0["benchmark"] as? String) ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let best = try #require(byID["pipeline/best"])
        let floor = try #require(byID["floor/scaleAlpha"])
        let lookup = try #require(byID["lookup/arithmetic"])
        let median = try #require(best["median"] as? Double)
        let floorMedian = try #require(floor["median"] as? Double)
        let budget120 = try #require(best["budget_pct_120hz"] as? Double)
        let budget90 = try #require(best["budget_pct_90hz"] as? Double)
        let xFloor = try #require(best["x_floor"] as? Double)
        #expect(abs(budget120 - median / (1e9 / 120) * 100) <= 1e-9 * budget120)
        #expect(abs(budget90 - median / (1e9 / 90) * 100) <= 1e-9 * budget90)
        #expect(abs(xFloor - median / floorMedian) <= 1e-9 * xFloor)
        #expect(floor["x_floor"] as? Double == 1)
        for column in ["budget_pct_120hz", "budget_pct_90hz", "x_floor", "worst_frame", "worst_frame_event", "hitch_ms_per_s",
                       "hitch_ms_per_s_content", "headroom_ms"] {
            #expect(lookup[column] is NSNull, "a per-call row has no frame budget, floor nor profile: \(column)")
        }
        // The trajectory row's profile: a worst frame at least its 99th percentile, in the trajectory, with an event
        // (the one text figure, a string in the JSON).
        let worst = try #require(best["worst_frame"] as? Double)
        let p99Frame = try #require(best["p99_frame"] as? Double)
        let index = try #require(best["worst_frame_index"] as? Double)
        #expect(worst >= p99Frame && index >= 0 && index < 3_000)
        #expect(FrameEvent(rawValue: try #require(best["worst_frame_event"] as? String)) != nil)
        // In Apple's units, at the run's 90 Hz: the headroom is the frame less the worst frame; the hitch time ratios
        // (no --content-ms: both the layout's alone) are measured.
        let headroom = try #require(best["headroom_ms"] as? Double)
        #expect(abs(headroom - (1e9 / 90 - worst) / 1e6) <= 1e-4)
        let hitch = try #require(best["hitch_ms_per_s"] as? Double)
        #expect(hitch >= 0 && best["hitch_ms_per_s_content"] as? Double == hitch)

        let markdown = try run("markdown", in: directory)
        #expect(markdown.status == 0, "\(markdown.stderr)")
        let headLine = try #require(markdown.stdout.split(separator: "\n").first)
        let titles = headLine.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(Array(titles.prefix(3)) == ["benchmark", schema.sizeTitle, schema.itemsTitle], "\(headLine)")
        #expect(Array(titles.prefix(3)) == ["benchmark", "n", "N"])
        let columnOfTitle = Dictionary(schema.metrics.map { ($0.title, $0.column) }, uniquingKeysWith: { first, _ in first })
        #expect(columnOfTitle.count == schema.metrics.count, "every metric has a title of its own")
        #expect(titles.dropFirst(3).map { columnOfTitle[$0] ?? "?\($0)" } == metricColumns, "\(headLine)")
        #expect(Array(titles.dropFirst(3)) == ["min", "median", "p90", "mad", "allocs/iter", "instr/iter", "120Hz budget",
                                               "90Hz budget", "p99", "cv", "x floor", "worst frame", "p99 frame",
                                               "worst at", "worst event", "hitch ms/s", "hitch ms/s +content", "headroom ms"])
        #expect(markdown.stdout.split(separator: "\n").count == 2 + csvRows.count, "header, separator, every row: \(markdown.stdout)")

        // The console table: the same headings, in the same order (its cells are padded, some titles have spaces).
        let table = try run("table", in: directory)
        #expect(table.status == 0, "\(table.stderr)")
        let tableHead = try #require(table.stdout.split(separator: "\n").first.map(String.init))
        var rest = Substring(tableHead)
        for title in ["benchmark", schema.sizeTitle, schema.itemsTitle] + schema.metrics.map(\.title) {
            let found = try #require(rest.range(of: title), "'\(title)' (in order) in: \(tableHead)")
            #expect(rest[..<found.lowerBound].allSatisfy { $0 == " " }, "only padding before '\(title)' in: \(tableHead)")
            rest = rest[found.upperBound...]
        }
        #expect(rest.allSatisfy { $0 == " " }, "no other heading: \(tableHead)")
    }
}

/// `run --instructions`: the callgrind children get the options that choose the cases and the suite, not the
/// user's paths, so the same gate counts the same from any output path or baseline.
@Suite struct InstructionChildArgumentsTests {
    @Test func theChildGetsTheSelectionAndTheSuitesOptionsAndNoPaths() throws {
        let arguments = try RunArguments.parse([
            "--quick", "--output", "/some/long/path/results.csv", "--baseline", "Results/baseline.csv", "--check",
            "--filter", "^pipeline/", "--viewport", "1024", "--time-budget", "10", "--instructions", "--uikit-matrix",
            "--threshold", "5", "--verbose", "--content-ms", "6",
        ])
        let run = try SuiteRun(arguments)
        // Exactly these, in this order: the arguments are on the child's stack, and its counts move with them.
        #expect(run.instructionChildArguments == ["run", "--filter", "^pipeline/", "--quick", "--viewport", "1024",
                                                  "--time-budget", "10", "--uikit-matrix"])
        // The child parses them as `run` does: the same cases.
        let reparsed = try RunArguments.parse(Array(run.instructionChildArguments.dropFirst()))
        #expect(reparsed.cases.encoded == arguments.cases.encoded)
        #expect(try SuiteRun(reparsed).options.filter == "^pipeline/")
        #expect(reparsed.cases.uikitMatrix && reparsed.selection.quick)
    }

    /// The round workers get the same options, with the run's budget when none was given (for their warm-up).
    @Test func theRoundWorkersGetTheCasesAndTheRunsBudget() throws {
        let run = try SuiteRun(RunArguments.parse(["--quick", "--sizes", "3", "--output", "x.csv", "--processes", "2"]))
        #expect(run.roundWorkers.arguments == ["ab-worker", "--sizes", "3", "--quick", "--time-budget", "27"])
        #expect(run.roundWorkers.processes == 2)
        let worker = try CaseArguments.parse(Array(run.roundWorkers.arguments.dropFirst()))
        #expect(worker.selection.runOptions(budget: 1, quickBudget: 1).timeBudget == 0.027)
    }
}

/// `run`'s sampling budget: 70 ms per benchmark and size by default, 27 ms with `--quick`, `--time-budget`'s
/// milliseconds when given; the warm-up a tenth of it, at most a sample of 0.125 ms for every 0.125 ms of it,
/// and adaptive sampling in every case.
@Suite struct RunSamplingBudgetTests {
    @Test(arguments: [
        ([String](), 0.07, 560), (["--quick"], 0.027, 216), (["--time-budget", "120"], 0.12, 960),
        (["--quick", "--time-budget", "5"], 0.005, 40),
    ])
    func theBudgetIsTheDefaultsOrTheOptions(_ options: [String], _ seconds: Double, _ samples: Int) throws {
        let sampling = SuiteRun.sampling(try RunArguments.parse(options).selection)
        #expect(abs(sampling.timeBudget - seconds) < 1e-12)
        #expect(abs(sampling.warmup - seconds / 10) < 1e-12)
        #expect(sampling.targetSamples == samples)
        #expect(sampling.stop == SamplingStop(precision: Defaults.samplingPrecision, minimumSamples: 10))
    }
}

/// `run`'s standard output with the table format: the answer, short, whatever the number of rows; every row goes
/// to the full table beside the CSV (`NAME.table.txt`, `NAME.md`).
@Suite struct RunOutputTests {
    @Test func theDefaultOutputIsShortAndEveryRowIsBesideTheCSV() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("short.csv")
        let outcome = try BenchProcess.run(RunProgressTests.arguments + ["--output", output.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let cases = try RunProgressTests.cases(outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count <= 60 && lines.count < cases, "\(outcome.stdout)")
        let table = directory.appendingPathComponent("short.table.txt")
        let markdown = directory.appendingPathComponent("short.md")
        #expect(outcome.stdout.contains(table.path) && outcome.stdout.contains(markdown.path), "\(outcome.stdout)")
        let tableText = try String(contentsOf: table, encoding: .utf8)
        let markdownText = try String(contentsOf: markdown, encoding: .utf8)
        let rows = try ResultsFile.read(output.path, schema: SuiteConfiguration.readingSchema)
        #expect(rows.count == cases)
        for id in Set(rows.map(\.benchmark.description)) {
            #expect(tableText.contains(id) && markdownText.contains(id), "\(id)")
        }
    }
}
