import BenchKit
import CarouselLayout
import Foundation
import Testing
@testable import CarouselBench

/// The suite end to end: the built executable, its files and exit codes.
@Suite struct RunCommandTests {
    /// The columns every results CSV has, in order (Docs/RESULTS-FORMAT.md, "The results CSV"); the derived columns (`p99`, `cv`, `x_floor`) follow them.
    static let requiredHeader =
        "benchmark,family,strategy,catalog,items,unit,samples,iterations_per_sample,min,median,p90,mad,"
        + "mallocs_per_iteration,instructions_per_iteration,budget_pct_120hz"

    /// A small, fast run: two benchmarks at two sizes.
    func quickRun(output: URL, extra: [String] = []) throws -> BenchProcess.Outcome {
        try BenchProcess.run([
            "run", "--quick", "--filter", "^(lookup/arithmetic|wrap/modular)$", "--sizes", "3,30",
            "--time-budget", "5", "--output", output.path, "--no-baseline",
        ] + extra)
    }

    /// The arguments of a `run --quick` of what `filter` selects at n = 3 with a short time budget; the test
    /// appends the rest (output, baseline, flags).
    static func quickArguments(_ filter: String, timeBudget: String = "5") -> [String] {
        ["run", "--quick", "--filter", filter, "--sizes", "3", "--time-budget", timeBudget]
    }

    /// The reference rows every run has besides the rows its filter chooses (`ReferenceRows`), as `family/strategy@size`.
    static let references = Set(ReferenceRows.keys.map(\.description))

    /// `rows` without the reference rows (those the filter did not choose as well).
    static func chosen(_ rows: [ResultRow]) -> [ResultRow] { rows.filter { !references.contains($0.key.description) } }

    @Test func smallRunWritesTheCSVHeaderAndOneRowPerBenchmarkAndSize() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("small.csv")
        let outcome = try quickRun(output: output)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix(Self.requiredHeader), "\(lines[0])")
        #expect(lines[0] == SuiteConfiguration.schema().columns.joined(separator: ","), "the suite's schema, in order")
        let total = 4 + Self.references.count
        #expect(lines.count == 1 + total + 1, "header, 2 benchmarks x 2 sizes and the reference rows, final newline")
        #expect(lines.last == "")
        let rows = lines.dropFirst().filter { !$0.isEmpty }.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(Set(rows.map { "\($0[0])@\($0[3])" })
                == Self.references.union(["lookup/arithmetic@3", "lookup/arithmetic@30", "wrap/modular@3", "wrap/modular@30"]))
        for row in rows {
            #expect((Double(row[9]) ?? 0) > 0, "median is a positive number: \(row)")
            #expect(row[13] == "", "instructions were not counted, so the field is empty, never 0")
        }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("small.samples.csv").path))
        let meta = try Data(contentsOf: directory.appendingPathComponent("small.meta.json"))
        let object = try JSONSerialization.jsonObject(with: meta) as? [String: Any]
        #expect(object?["swiftVersion"] != nil)
        // Progress on standard error: without a terminal and --verbose, a start line and a closing line (and a
        // line every 5 s at most in between), no longer a line per benchmark.
        let progress = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(progress.contains { $0.hasPrefix("running \(total) benchmark sizes, about ") }, "progress on standard error: \(outcome.stderr)")
        #expect(progress.contains { $0.hasPrefix("done in ") && $0.hasSuffix(" s") }, "progress on standard error: \(outcome.stderr)")
        #expect(!outcome.stderr.contains("[1/4]"), "no per-benchmark lines without --verbose: \(outcome.stderr)")
        let table = directory.appendingPathComponent("small.table.txt").path, markdown = directory.appendingPathComponent("small.md").path
        #expect(progress.suffix(2) == ["wrote \(output.path) (\(total) rows)", "wrote \(table) and \(markdown) (every row)"],
                "\(outcome.stderr)")
        // Standard output ends with where the files went.
        #expect(outcome.stdout.hasSuffix("Markdown: \(markdown)\n"), "\(outcome.stdout)")
    }

    /// `--processes 3`: two `ab-worker` children of the same executable take every other two rounds, and the metadata
    /// says so; every row's samples are whole (none lost to a worker). Out of range is a usage error.
    @Test func severalProcessesTakeTheRoundsInTurn() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("processes.csv")
        let outcome = try BenchProcess.run(Self.quickArguments("^(lookup/arithmetic|wrap/modular)$", timeBudget: "3") + [
            "--output", output.path, "--no-baseline", "--no-profile", "--processes", "3",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("its rounds run in this one"), "both workers took part: \(outcome.stderr)")
        let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("processes.meta.json")))
        let options = try #require((meta as? [String: Any])?["options"] as? [String: String])
        #expect(options["processes"] == "3 of 3: round r in process r mod 3")
        let rows = Self.chosen(try ResultsFile.read(output.path, schema: SuiteConfiguration.readingSchema))
        #expect(rows.count == 2)
        for row in rows { #expect(row.samples.count == row.sampleCount && row.sampleCount >= 10 && row.samples.allSatisfy { $0 > 0 }) }
        for bad in ["0", "9", "two"] {
            let refused = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + ["--no-baseline", "--processes", bad])
            #expect(refused.status == 64, "\(bad): \(refused.stderr)")
            #expect(refused.stderr.hasPrefix("carousel-bench run: error: option '--processes': '\(bad)' is not a whole number in 1...8\n"),
                    "\(refused.stderr)")
        }
    }

    /// What the platform gave the run is in its metadata; a portable build (no allocation counter, no fixed address
    /// space, no valgrind) leaves those figures empty and says why, once each, in one line.
    @Test func theRunSaysWhatItsPlatformGaveIt() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("platform.csv")
        let instructions = InstructionCounter.availability.isAvailable ? [] : ["--instructions"]
        let outcome = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + [
            "--output", output.path, "--no-baseline",
        ] + instructions)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let meta = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("platform.meta.json")))
        let options = try #require((meta as? [String: Any])?["options"] as? [String: String])
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        let row = try #require(try String(contentsOf: output, encoding: .utf8).split(separator: "\n").first {
            $0.hasPrefix("lookup/arithmetic,")
        }).split(separator: ",", omittingEmptySubsequences: false)
        #expect(options["blockAlignment"] == BlockAlignment.apple.metadata, "the default placement, or why it is not switched")
        if Capability.isPortableBuild {
            let addressSpace = try #require(options["addressSpace"])
            #expect(addressSpace.hasPrefix("randomised: a portable build"), "\(addressSpace)")
            #expect(lines.filter { $0.hasPrefix("address space randomised: ") }.count == 1, "\(outcome.stderr)")
            #expect(options["allocations"] == AllocationCounter.unavailableNote)
            #expect(lines.filter { $0 == "allocations \(AllocationCounter.unavailableNote!)" }.count == 1, "\(outcome.stderr)")
            #expect(row[12] == "", "allocations not counted: empty, never 0")
        } else {
            #expect(options["allocations"] == nil)
            #expect(Double(row[12]) == 0, "lookup/arithmetic allocates nothing: \(row)")
            // Fixed, unless the system refused (a sandbox may): then the run says so.
            if options["addressSpace"] != AddressSpaceLayout.fixed.description {
                #expect(lines.contains(AddressSpaceLayout.randomised("the system refused to switch it off").note!))
            }
        }
        if !instructions.isEmpty {
            #expect(options["instructions"] == InstructionCounter.unavailableNote)
            #expect(lines.filter { $0 == InstructionCounter.unavailableNote }.count == 1, "\(outcome.stderr)")
            #expect(row[13] == "", "instructions not counted: empty, never 0")
        }
    }

    @Test func saveBaselineThenCheckAgainstItPasses() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let first = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + [
            "--output", directory.appendingPathComponent("a.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: baseline.path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("baseline.samples.csv").path))
    }

    /// A baseline refreshed in two runs (Docs/RESULTS-FORMAT.md, "The baseline: merge or replace"): a whole run
    /// replaces it, then a `--uikit-matrix` run of its rows alone merges into it (the geometry and switches are the
    /// same, so merging mixes nothing; the uikit rows keep the first run's instruction counts).
    @Test func aMatrixRunMergesIntoTheBaselineOfTheDefaultConfiguration() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let replaced = try BenchProcess.run(Self.quickArguments("^(uikit/best|lookup/arithmetic)$") + [
            "--output", directory.appendingPathComponent("a.csv").path, "--baseline", baseline.path, "--replace-baseline",
        ])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let merged = try BenchProcess.run([
            "run", "--quick", "--filter", "^uikit-switches/best", "--uikit-matrix", "--sizes", "3", "--time-budget", "1",
            "--output", directory.appendingPathComponent("b.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stderr.contains("kept from earlier runs"), "\(merged.stderr)")
        let text = try String(contentsOf: baseline, encoding: .utf8)
        let before = try String(contentsOf: directory.appendingPathComponent("a.csv"), encoding: .utf8)
        // Kept as it was, but for `x_floor`, derived from the floor's row at the same n, which the second run's
        // reference rows replaced.
        let measured = { (line: Substring) in line.split(separator: ",", omittingEmptySubsequences: false).prefix(17) }
        for id in ["lookup/arithmetic", "uikit/best"] {
            let line = before.split(separator: "\n").first { $0.hasPrefix(id + ",") }
            let kept = text.split(separator: "\n").first { $0.hasPrefix(id + ",") }
            #expect(line != nil && kept.map(measured) == line.map(measured), "\(id): the first run's row is kept as it was")
        }
        // The matrix rule: `uikit.best` under every combination of its live switches but the default.
        let live = UIKitSwitchLiveness.liveSwitches(UIKitBestPipeline.self, catalogCounts: [3, 300])
        #expect(text.components(separatedBy: "\nuikit-switches/best[").count - 1
            == UIKitSwitches.combinations(of: live).count - 1)
    }

    /// Quiet by default: the comparison lists the rows that decided something; `new` and `inconclusive` rows are
    /// counted in the summary line, and listed with `--verbose`.
    @Test func theRunsComparisonListsOnlyDecidedRowsUnlessVerbose() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let made = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + [
            "--output", directory.appendingPathComponent("a.csv").path, "--baseline", baseline.path, "--replace-baseline",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        for verbose in [false, true] {
            let outcome = try BenchProcess.run(Self.quickArguments("^lookup/(arithmetic|binary)$") + [
                "--output", directory.appendingPathComponent("b.csv").path, "--baseline", baseline.path,
            ] + (verbose ? ["--verbose"] : []))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let comparison = outcome.stderr.components(separatedBy: "compared with").last ?? ""
            #expect(comparison.contains("1 new"), "\(comparison)")
            #expect(comparison.contains("lookup/binary") == verbose, "verbose \(verbose): \(comparison)")
        }
    }

    /// A run at the tool's own budget adds itself to this machine's profile, under the working directory; with
    /// `--no-profile`, at another `--time-budget` or with too few rows to tell its rounds it does not; a profile it
    /// cannot read costs the run nothing but the adding.
    @Test func aRunAtTheToolsOwnBudgetLearnsTheMachinesProfile() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("out.csv")
        func run(sizes: String = "3,30", _ extra: [String] = []) throws -> BenchProcess.Outcome {
            try BenchProcess.run([
                "run", "--quick", "--filter", "^(lookup/arithmetic|lookup/binary|wrap/modular|snap/threshold)$",
                "--sizes", sizes, "--no-baseline", "--output", output.path,
            ] + extra, in: directory)
        }
        let folder = directory.appendingPathComponent(MachineProfile.directory)
        func runs() throws -> [Int] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }
                .map { try MachineProfile.read(folder.appendingPathComponent($0).path)?.runs ?? -1 }
        }
        let first = try run()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("added the run to the profile \(MachineProfile.directory)/"), "\(first.stderr)")
        #expect(first.stderr.contains("(1 run; compare uses it from \(MachineProfile.minimumRuns))"), "\(first.stderr)")
        #expect(try runs() == [1], "8 rows of 4 benchmarks: one run in the one profile")
        for (sizes, extra) in [("3,30", ["--no-profile"]), ("3,30", ["--time-budget", "27"]), ("3", [])] {
            let outcome = try run(sizes: sizes, extra)
            #expect(outcome.status == 0 && !outcome.stderr.contains("to the profile"), "\(extra) at \(sizes): \(outcome.stderr)")
            #expect(try runs() == [1], "\(extra) at \(sizes): not added")
        }
        #expect(try run(sizes: "3", ["--time-budget", "27", "--history"]).stderr.contains("not added to the profile"),
                "asked for, a run of too few rows says why it was not added")
        let profile = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".csv") })
        let path = folder.appendingPathComponent(profile)
        try "garbage\n".write(to: path, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: output)
        let unread = try run()
        #expect(unread.status == 0, "\(unread.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.path), "the results are written")
        #expect(unread.stderr.contains("not added to the profile: \(MachineProfile.directory)/\(profile):1: "), "\(unread.stderr)")
        #expect(try String(contentsOf: path, encoding: .utf8) == "garbage\n", "the file it could not read is left as it was")
        // Asked for (--history), the profile is part of what the run writes: one it cannot read stops all of it.
        try FileManager.default.removeItem(at: output)
        let asked = try run(["--history"])
        #expect(asked.status == 1 && asked.stderr.contains("\(profile):1: ") && asked.stderr.contains("nothing written"),
                "\(asked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func checkWithoutABaselineIsARuntimeError() throws {
        let directory = try BenchProcess.scratchDirectory()
        let outcome = try BenchProcess.run([
            "run", "--quick", "--check", "--baseline", directory.appendingPathComponent("absent.csv").path,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("absent.csv: no baseline"), "\(outcome.stderr)")
    }

    @Test func aMalformedBaselineStopsTheRunWithItsLineAndLeavesItUnchanged() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let text = Self.requiredHeader + "\nlookup/arithmetic,lookup,arithmetic,3,3,ns/call,5,10,1,abc,1,0,,,\n"
        try text.write(to: baseline, atomically: true, encoding: .utf8)
        let result = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + [
            "--output", directory.appendingPathComponent("y.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("baseline.csv:2:"), "\(result.stderr)")
        #expect(try String(contentsOf: baseline, encoding: .utf8) == text, "the baseline is byte-for-byte unchanged")
    }

    @Test func aRunInterruptedMidwayLeavesTheBaselineByteForByteUnchanged() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let made = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + [
            "--output", baseline.path, "--no-baseline",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: baseline)

        let child = try ChildProcess(BenchProcess.executable.path, [
            "run", "--sizes", "3,30,300", "--time-budget", "200", "--output", directory.appendingPathComponent("z.csv").path,
            "--baseline", baseline.path, "--save-baseline",
        ])
        Thread.sleep(forTimeInterval: 1.0)
        child.process.interrupt()
        #expect(child.wait() != 0, "the run was interrupted before it could finish")
        #expect(try Data(contentsOf: baseline) == before, "the baseline is byte-for-byte unchanged")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("z.csv").path),
                "no half-written results file")
    }

    @Test func unwritableOutputIsARuntimeErrorAndTheBaselineIsNotWritten() throws {
        let directory = try BenchProcess.scratchDirectory()
        let blocker = directory.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let baseline = directory.appendingPathComponent("baseline.csv")
        let outcome = try BenchProcess.run(Self.quickArguments("^lookup/arithmetic$") + [
            "--output", blocker.appendingPathComponent("out.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").last.map(String.init)?.hasPrefix("carousel-bench run: error:") == true,
                "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: baseline.path))
    }
}

/// `run --check`: exit 2 when a row of the baseline was much faster than now.
@Suite struct RunCheckTests {
    @Test func checkExits2WhenTheBaselineWasTenTimesFasterOnOneRow() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let filter = "^(lookup/arithmetic|lookup/binary|snap/threshold|wrap/modular)$"
        // Not --quick: its 15 samples give intervals too wide to decide on a busy machine (tests run in parallel
        // on shared cores); the default 100 samples of 0.2 ms keep the 10x interval near 10x.
        let made = try BenchProcess.run([
            "run", "--filter", filter, "--sizes", "3", "--time-budget", "20",
            "--output", baseline.path, "--no-baseline",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        // Make lookup/binary's baseline ten times faster: its median and every raw sample.
        let samplesURL = directory.appendingPathComponent("baseline.samples.csv")
        let samples = try String(contentsOf: samplesURL, encoding: .utf8).split(separator: "\n").map { line -> String in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.first == "lookup/binary", let value = Double(fields[3]) else { return String(line) }
            return "\(fields[0]),\(fields[1]),\(fields[2]),\(value / 10)"
        }
        try (samples.joined(separator: "\n") + "\n").write(to: samplesURL, atomically: true, encoding: .utf8)
        let rows = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map { line -> String in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.first == "lookup/binary" else { return fields.joined(separator: ",") }
            for column in 8...11 { fields[column] = String((Double(fields[column]) ?? 0) / 10) }
            return fields.joined(separator: ",")
        }
        try (rows.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)

        let checked = try BenchProcess.run([
            "run", "--filter", filter, "--sizes", "3", "--time-budget", "20",
            "--output", directory.appendingPathComponent("now.csv").path, "--baseline", baseline.path, "--check",
        ])
        #expect(checked.status == 2, "\(checked.stderr)")
        // The summary on standard output lists the row that regressed.
        #expect(checked.stdout.contains("lookup/binary"), "\(checked.stdout)")
        #expect(checked.stdout.contains("REGRESSED"), "\(checked.stdout)")
    }
}
