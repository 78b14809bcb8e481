import BenchKit
import Foundation
import Testing
@testable import CarouselBench

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several processes on one output, one baseline, one history file: real `carousel-bench` processes, started
/// together, and a writer held inside its lock (`Locking.holdVariable`) for the waiting, the timeout, a kill
/// and a reader.
@Suite struct LockingTests {
    /// Disjoint selections, one per concurrent run.
    static let filters = ["^lookup/", "^wrap/", "^snap/", "^transform/"]

    /// `run --quick` of what `filter` selects at n = 3, its results as JSON on standard output (rows and metadata,
    /// with the run's id).
    static func arguments(_ filter: String, _ extra: [String]) -> [String] {
        RunCommandTests.quickArguments(filter) + ["--format", "json"] + extra
    }

    /// The rows and run id a run printed (`--format json`).
    static func printed(_ outcome: BenchProcess.Outcome) throws -> (rows: [String: Double], runID: String?) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let rows = (object["rows"] as? [[String: Any]] ?? []).map { row in
            ("\(row["benchmark"] ?? "")@\(row["catalog"] ?? "")", row["median"] as? Double ?? .nan)
        }
        return (Dictionary(rows, uniquingKeysWith: { first, _ in first }),
                (object["metadata"] as? [String: Any])?["runID"] as? String)
    }

    /// Whether two sets of medians by row are the same rows with the same medians (as the CSV rounds them).
    static func same(_ a: [String: Double], _ b: [String: Double]) -> Bool {
        Set(a.keys) == Set(b.keys) && a.allSatisfy { abs($0.value - b[$0.key]!) <= 1e-4 }
    }

    /// Runs `arguments` in separate processes, all started before any is waited for.
    static func together(_ arguments: [[String]], in directory: URL? = nil) throws -> [BenchProcess.Outcome] {
        try arguments.map { try BenchProcess.start($0, in: directory) }.map { $0.finish() }
    }

    /// Starts a run that holds its locks for `seconds` before it writes, and returns once it holds them (its
    /// process id is in the lock file of `output`).
    static func holder(_ filter: String, output: URL, seconds: Int) throws -> BenchProcess.Running {
        let running = try BenchProcess.start(
            arguments(filter, ["--output", output.path, "--no-baseline"]), environment: [Locking.holdVariable: String(seconds)])
        let lockFile = FileLock.path(guarding: output.path)
        let deadline = Date().addingTimeInterval(120)
        while (try? String(contentsOfFile: lockFile, encoding: .utf8)) != "\(running.pid)\n" {
            guard running.process.isRunning, Date() < deadline else {
                Issue.record("the holder never took the lock: \(running.finish().stderr)")
                return running
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return running
    }

    @Test func concurrentRunsOnOneOutputLeaveOneRunsWholeSet() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("out.csv")
        for round in 1...3 {
            let outcomes = try Self.together(Self.filters.prefix(3).map { Self.arguments($0, ["--output", output.path, "--no-baseline"]) })
            for outcome in outcomes { #expect(outcome.status == 0, "round \(round): \(outcome.stderr)") }
            // The set on disk: its metadata names one of the runs, and its rows and samples are that run's.
            let (rows, metadata) = try ResultsFile.readSet(output.path, schema: SuiteConfiguration.readingSchema, wait: LockWait(timeout: 5))
            let runs = try outcomes.map(Self.printed)
            let run = try #require(runs.first { $0.runID != nil && $0.runID == metadata?.runID }, "round \(round): the metadata is no run's")
            #expect(Self.same(Dictionary(uniqueKeysWithValues: rows.map { ("\($0.key)", $0.median) }), run.rows),
                    "round \(round): the rows are another run's")
            #expect(rows.allSatisfy { $0.samples.count == $0.sampleCount }, "round \(round): the samples are another run's")
        }
    }

    @Test func concurrentSaveBaselineRunsKeepEveryRow() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let outcomes = try Self.together(Self.filters.enumerated().map { index, filter in
            Self.arguments(filter, ["--output", directory.appendingPathComponent("run\(index).csv").path,
                                    "--baseline", baseline.path, "--save-baseline"])
        })
        for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.stderr)") }
        let saved = try ResultsFile.read(baseline.path, schema: SuiteConfiguration.readingSchema)
        let medians = Dictionary(uniqueKeysWithValues: saved.map { ("\($0.key)", $0.median) })
        // Each run's own rows; the reference rows every run has are the last saved run's.
        let references = RunCommandTests.references
        for (index, outcome) in outcomes.enumerated() {
            let rows = try Self.printed(outcome).rows.filter { !references.contains($0.key) }
            #expect(!rows.isEmpty)
            #expect(Self.same(rows, medians.filter { rows[$0.key] != nil }), "\(Self.filters[index])'s rows are lost")
        }
        let chosen = try outcomes.map { try Self.printed($0).rows.keys.filter { !references.contains($0) }.count }.reduce(0, +)
        #expect(saved.count == chosen + references.count)
    }

    @Test func concurrentHistoryRunsKeepEveryRun() throws {
        let directory = try BenchProcess.scratchDirectory()
        // --history writes under the working directory: Results/history/MACHINE.csv.
        let outcomes = try Self.together(Self.filters.prefix(3).map {
            Self.arguments($0, ["--output", directory.appendingPathComponent("out.csv").path, "--no-baseline", "--history"])
        }, in: directory)
        for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.stderr)") }
        let folder = directory.appendingPathComponent(HistoryFile.directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }
        #expect(files.count == 1, "\(files)")
        let history = try HistoryFile.read(folder.appendingPathComponent(files[0]).path)
        let recorded = Set(history.map { "\($0.benchmark)@\($0.size)" })
        for outcome in outcomes {
            let rows = try Self.printed(outcome).rows
            #expect(!rows.isEmpty && rows.keys.allSatisfy(recorded.contains), "a run's rows are lost: \(rows.keys.sorted())")
        }
        #expect(history.count == (try outcomes.map { try Self.printed($0).rows.count }.reduce(0, +)))
    }

    /// `run --history` adds each run to the machine's profile too: three at once leave three runs in every row.
    @Test func concurrentHistoryRunsAddEveryRunToTheProfile() throws {
        let directory = try BenchProcess.scratchDirectory()
        // At a budget at which every row of three runs at once (nine processes on a shared machine) keeps 3 samples,
        // which a row needs to be added (`MachineProfile.add`).
        let outcomes = try Self.together((0..<3).map { index in
            RunCommandTests.quickArguments(ProfileCommandTests.filter, timeBudget: "30") + [
                "--output", directory.appendingPathComponent("out\(index).csv").path, "--no-baseline", "--history"]
        }, in: directory)
        for outcome in outcomes {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("added the run to the profile \(MachineProfile.directory)/"), "\(outcome.stderr)")
        }
        let folder = directory.appendingPathComponent(MachineProfile.directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") }
        #expect(files.count == 1, "\(files)")
        let profile = try #require(try MachineProfile.read(folder.appendingPathComponent(files[0]).path))
        // The filter's 13 rows, three runs each (and the reference rows that had samples enough at this budget).
        let chosen = profile.entries.filter { !RunCommandTests.references.contains($0.key.description) }
        #expect(chosen.count == 13 && chosen.values.allSatisfy { $0.runs == 3 }, "\(profile.entries.mapValues(\.runs))")
        #expect(files[0] == profile.machine + ".csv")
    }

    /// The waiter says once whom it waits for, gives up after --lock-timeout with one line, and leaves the set
    /// as it was.
    @Test func aWriterThatMustWaitSaysSoOnceThenGivesUpWithOneLine() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("out.csv")
        let first = try BenchProcess.run(Self.arguments("^lookup/", ["--output", output.path, "--no-baseline"]))
        #expect(first.status == 0, "\(first.stderr)")
        let before = try ResultsFile.setPaths(output.path).map { try Data(contentsOf: URL(fileURLWithPath: $0)) }

        let holder = try Self.holder("^snap/", output: output, seconds: 120)
        defer { kill(holder.pid, SIGKILL); _ = holder.finish() }
        let waiter = try BenchProcess.run(Self.arguments("^wrap/", ["--output", output.path, "--no-baseline", "--lock-timeout", "3"]))
        #expect(waiter.status == 1, "\(waiter.stderr)")
        let lines = waiter.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("waiting") } == [
            "carousel-bench: waiting for \(output.path): process \(holder.pid) holds its lock (up to 3 s, --lock-timeout)",
        ], "\(waiter.stderr)")
        #expect(lines.last == "carousel-bench run: error: \(output.path): still locked after 3 s "
            + "(process \(holder.pid) holds its lock; --lock-timeout); nothing written", "\(waiter.stderr)")
        #expect(try ResultsFile.setPaths(output.path).map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before,
                "the set is byte for byte the first run's")
    }

    /// A holder killed with SIGKILL leaves the lock free: the run waiting for it goes on, and a run that will not
    /// wait at all (--lock-timeout 0) gets it.
    @Test func aKilledHolderBlocksNobody() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("out.csv")
        let holder = try Self.holder("^snap/", output: output, seconds: 600)
        let waiter = try BenchProcess.start(Self.arguments("^wrap/", ["--output", output.path, "--no-baseline"]))
        Thread.sleep(forTimeInterval: 1)
        kill(holder.pid, SIGKILL)
        #expect(holder.finish().status != 0)
        let waited = waiter.finish()
        #expect(waited.status == 0, "\(waited.stderr)")
        let after = try BenchProcess.run(Self.arguments("^lookup/", ["--output", output.path, "--no-baseline", "--lock-timeout", "0"]))
        #expect(after.status == 0, "\(after.stderr)")
        let (rows, metadata) = try ResultsFile.readSet(output.path, schema: SuiteConfiguration.readingSchema, wait: LockWait(timeout: 5))
        #expect(metadata?.runID == (try Self.printed(after).runID))
        #expect(rows.allSatisfy { $0.samples.count == $0.sampleCount })
        #expect(RunCommandTests.chosen(rows).allSatisfy { $0.benchmark.family == "lookup" })
    }

    /// `compare` started while a run holds the set's lock waits for it, then reads the whole new set.
    @Test func aReaderWaitsForTheWriterAndReadsTheWholeNewSet() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("out.csv")
        let first = try BenchProcess.run(Self.arguments("^lookup/", ["--output", output.path, "--no-baseline"]))
        #expect(first.status == 0, "\(first.stderr)")
        // Held long enough for the reader to start and wait the notice's second even when the machine is loaded.
        let holder = try Self.holder("^wrap/", output: output, seconds: 20)
        let reader = try BenchProcess.run(["compare", output.path, output.path, "--all", "--format", "csv"])
        let written = holder.finish()
        #expect(written.status == 0, "\(written.stderr)")
        #expect(reader.status == 0, "\(reader.stderr)")
        #expect(reader.stderr.contains("carousel-bench: waiting for \(output.path): process \(holder.pid) holds its lock"),
                "\(reader.stderr)")
        let benchmarks = reader.stdout.split(separator: "\n").dropFirst()
            .filter { line in !RunCommandTests.references.contains { line.hasPrefix($0.replacingOccurrences(of: "@", with: ",") + ",") } }
            .map { $0.split(separator: ",")[0] }
        #expect(!benchmarks.isEmpty && benchmarks.allSatisfy { $0.hasPrefix("wrap/") }, "\(reader.stdout)")
    }
}
