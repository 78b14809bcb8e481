import BenchKit
import BenchReport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `ab`'s arguments.
struct ABArguments: CommandArguments {
    /// Where both workers run: any CPU, or one.
    enum CPUChoice: Equatable {
        case any
        case cpu(Int)
    }

    var revisions: [String] = []
    var selection = SelectionArguments()
    var threshold = Defaults.pairedThreshold
    var estimator = PairedEstimator.standard
    var instructions = false
    var outputDirectory = "Results/ab"
    var format = TableFormatArgument()
    var all = false
    var rebuild = false
    var layout = ABLayout.aligned
    /// Nil: the last CPU this process may use.
    var cpu: CPUChoice?
    var blocks = Defaults.pairedBlocks
    var verbose = false
    var lock = LockArguments()

    static var threshold: Option<Self> {
        .value(ComparisonArguments.threshold.name, \.threshold, .percent("PCT", 0.01...1000),
               "paired regression threshold in percent (Docs/AB.md, \"The threshold\")")
    }
    static var estimator: Option<Self> {
        .value(ComparisonArguments.estimator.name, \.estimator, ValueForm(
            placeholder: "NAME", accepted: "one of ratios|median|min|hl|pP (0 < P < 50, e.g. p10)",
            read: { PairedEstimator(name: $0) }, write: { $0.description }),
            "ratios (the median of the per-round ratios B/A), or run and compare's estimator of each side: p10, "
                + "median, min, hl or pP, 0 < P < 50 (Docs/AB.md, \"The estimator\")")
    }
    static var instructions: Option<Self> {
        .flag(RunArguments.instructions.name, \.instructions, "also count instructions per iteration of both sides under callgrind")
    }
    static var outputDirectory: Option<Self> {
        .value(ReportArguments.outputDirectory.name, \.outputDirectory, .text("DIR"), "where a.csv, b.csv and comparison.csv go")
    }
    static var all: Option<Self> { .flag(CompareArguments.all.name, \.all, "show every row, not only those that changed") }
    static var rebuild: Option<Self> { .flag("--rebuild", \.rebuild, "build the revisions even when their binaries are cached") }
    static var layout: Option<Self> { .value("--layout", \.layout, .choice(), "how both revisions are built (see above)") }
    static var cpu: Option<Self> {
        let name = "--cpu"
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        return .value(name, \.cpu, ValueForm(
            placeholder: "N|any", accepted: "'any' or a CPU in 0...\(cpus - 1)",
            read: { text in text == "any" ? .any : Int(text).flatMap { (0..<cpus).contains($0) ? .cpu($0) : nil } },
            write: { choice in if case .cpu(let number) = choice { String(number) } else { "any" } }),
            "the one CPU both workers run on (default: the last this process may use; Linux only)") { arguments in
            if case .cpu? = arguments.cpu, let reason = CPUPinning.availability.reason {
                throw UsageError("option '\(name)': \(reason); leave it out or give 'any'")
            }
        }
    }
    static var blocks: Option<Self> {
        .value("--blocks", \.blocks, .int("N", 1...100), "blocks of rounds, each with a fresh pair of workers")
    }
    static var verbose: Option<Self> {
        .flag(RunArguments.verbose.name, \.verbose, "a progress line per event instead of one summarising line")
    }
    static var options: [Option<Self>] {
        including(\.selection) + [threshold, estimator, instructions, outputDirectory] + including(\.format)
            + [all, rebuild, layout, cpu, blocks, verbose] + including(\.lock)
    }
    static var positionals: Positionals<Self>? { Positionals(path: \.revisions, most: 2) }
}

/// `carousel-bench ab REV_A [REV_B]`: builds two revisions and times them in one session on this machine,
/// interleaved and paired (`ABSession`), with the verdicts of `compare` (`PairedComparison`).
enum ABCommand {
    /// Under the repository's root: built binaries by commit, the temporary worktrees, the build and worker logs.
    static let binaryCache = ".build/ab/bin"
    static let worktrees = ".build/ab/worktrees"
    static let logs = ".build/ab/logs"

    static var command: Command {
        typealias AB = ABArguments
        return Command(
            name: "ab", synopsis: "ab REV_A [REV_B] [OPTIONS]",
            summary: "build two git revisions and time them interleaved in one session; the same verdicts as compare",
            details: """
            REV_A and REV_B are git revisions (a commit, branch, tag, HEAD~2, ...); REV_B defaults to the working tree
            as it is, edits included. Each revision is built in release mode in a git worktree of its own under
            \(worktrees)/, removed afterwards whatever happens; the binary is kept in \(binaryCache)/COMMIT-aligned/, so
            running the same revisions again does not rebuild them (\(AB.rebuild.name) does; the working tree is always
            built, in place, in .build/ab/aligned/). \(AB.layout.name) aligned (the default) builds both with every function
            aligned to 64 bytes and every jump target to 32 (and, on x86-64 only, no branch across a 32-byte boundary), so
            code the change did not touch keeps its alignment and its speed; \(AB.layout.name) default is swift build's own
            layout (binaries in COMMIT/, the working tree in .build/), where an unrelated edit can move a tight
            loop's speed by several percent. Both binaries then run as workers on the same benchmarks, sizes and
            geometry: each prepares every case once (set-up, verification, calibration), and every round takes one sample of each
            case from each side back to back, A B then B A in turn, with the same iterations on both sides; both
            workers run on one CPU (\(AB.cpu.name)), so a neighbour loading a core slows both sides alike (on Linux; macOS has
            no CPU affinity: there the workers are not pinned and each asks for the performance cores). The rounds are
            split into blocks (\(AB.blocks.name)), each with a fresh pair of workers, so a difference between two processes
            of one build (where their memory landed) widens the interval instead of deciding the row.
            A row's ratio is the median of its per-round ratios B/A (\(AB.estimator.name) ratios; or run and compare's
            estimator of each side, e.g. \(AB.estimator.name) p10), with a seeded bootstrap 95% interval over blocks and
            rounds that keeps each round's two samples together:
            `regressed` when the whole interval is above 1 + threshold, `improved` below 1/(1 + threshold),
            `inconclusive` when it straddles the threshold and is wider than it; rows on one side only are `new` or
            `missing`. With \(AB.instructions.name) each binary's own `run` is also counted under callgrind, and instruction
            counts decide the rows they cover (threshold \(ReportNumber.percent(Defaults.instructionThreshold * 100))%); a row
            whose counts did not change while its time moved past the threshold reads `\(movedLabel)` (code that
            runs at another address, or memory that serves it at another speed) and does not fail the session.
            The table shows each side's median time, the paired time ratio with its interval (time's, whatever
            decided the row), the instruction ratio where counted, and a line saying what each column is.
            Writes a.csv and b.csv (each side as a results set, with .samples.csv and .meta.json naming its revision
            and commit) and comparison.csv (metric `paired`) in the output directory; prints the rows that changed
            and a summary line; the three are written together under their locks (Docs/RESULTS-FORMAT.md, "Several
            runs at once"). Exit 2 when a row regressed, 1 when a revision does not exist or does not build, or a
            benchmark fails its verification (Docs/AB.md).
            """,
            arguments: ABArguments.self, run: run)
    }

    /// One side: the revision as given, its commit, and whether it is the working tree.
    struct Revision {
        var name: String
        var commit: String
        var isWorkingTree = false
        var modified = false

        var short: String { String(commit.prefix(10)) }
        var label: String {
            isWorkingTree ? "working tree (\(short)\(modified ? " + edits" : ""))" : "\(name) (\(short))"
        }
    }

    static func run(_ arguments: ABArguments) throws -> Int32 {
        guard (1...2).contains(arguments.revisions.count) else {
            throw UsageError("ab needs one or two revisions: REV_A [REV_B]")
        }
        let options = arguments.selection.runOptions(budget: Defaults.pairedBudget, quickBudget: Defaults.pairedQuickBudget)
        let configuration = try arguments.selection.geometry.configuration()
        let threshold = arguments.threshold
        let estimator = arguments.estimator
        let format = arguments.format.format
        let outputDirectory = arguments.outputDirectory
        let wait = arguments.lock.wait
        let selection = try BenchmarkRunner.select(CarouselSuite(configuration).benchmarks, options: options)
        // The reference rows are always there: the filter must choose a row of its own.
        guard selection.chosen > 0 else {
            throw UsageError("no benchmark matches \(FilterArgument.option.name) '\(options.filter ?? "")' at these sizes")
        }
        // Each side's workers: `ab-worker` with the options that choose the cases.
        var workerArguments = CaseArguments()
        workerArguments.selection = arguments.selection
        let worker = [ABWorkerCommand.name] + workerArguments.encoded
        let blockAlignment = arguments.selection.blockAlignment
        let layout = arguments.layout
        let blocks = arguments.blocks
        let cpu: Int? = switch arguments.cpu {
        case .any?: nil
        case nil: CPUPinning.lastAllowedCPU
        case .cpu(let number)?: number
        }

        let git = try Git(directory: FileManager.default.currentDirectoryPath)
        let revisionA = try git.resolve(arguments.revisions[0], role: "REV_A")
        var revisionB = try arguments.revisions.count == 2
            ? git.resolve(arguments.revisions[1], role: "REV_B")
            : Revision(name: "working tree", commit: git.resolve("HEAD", role: "HEAD").commit, isWorkingTree: true)
        if revisionB.isWorkingTree { revisionB.modified = git.hasEdits() }

        let progress = makeProgressReporter(verbose: arguments.verbose)
        if let reason = CPUPinning.availability.reason {
            progress.report(.note("workers not pinned to a CPU: \(reason); a neighbour loading one core may slow one side only"))
        }
        var finished = false
        // On an error, leave the terminal's progress line clean for the error message.
        defer { if !finished && StandardErrorStream.isTerminal { progress.finish() } }
        let started = MonotonicClock.now()
        let builder = ABBuilder(git: git, rebuild: arguments.rebuild, layout: layout, progress: progress)
        defer { builder.removeWorktrees() }
        let binaryA: String
        let binaryB: String
        do {
            binaryA = try builder.binary(revisionA, side: "A")
            binaryB = revisionA.commit == revisionB.commit && !revisionB.isWorkingTree
                ? binaryA : try builder.binary(revisionB, side: "B")
        } catch let failure as ABBuilder.BuildFailure {
            if StandardErrorStream.isTerminal { progress.finish() }
            finished = true
            StandardError.write("\(CommandLineTool.name) ab: error: \(failure.line)\n" + failure.logTail)
            return ExitCode.runtimeError
        }

        // The session: in each block a fresh worker per side, prepared one after the other, sampled in alternation.
        try FileManager.default.createDirectory(atPath: git.root + "/" + logs, withIntermediateDirectories: true)
        let session = try ABSession.run(blocks: blocks, open: { block in
            var workers: [ABWorkerProcess] = []
            for (side, binary, revision) in [("A", binaryA, revisionA), ("B", binaryB, revisionB)] {
                let worker = try ABWorkerProcess(
                    executable: binary, arguments: worker,
                    errorLog: git.root + "/\(logs)/worker-\(side.lowercased()).log", cpu: cpu)
                builder.track(worker.process)
                do {
                    try ABSession.handshake(worker, side: side)
                } catch {
                    worker.close()
                    workers.forEach { $0.close() }
                    throw RuntimeError("REV_\(side) \(revision.label): its carousel-bench has no `ab-worker` mode "
                        + "(it predates the ab command); choose a later revision")
                }
                workers.append(worker)
            }
            return (workers[0], workers[1])
        }, options: options, progress: progress)

        func result(_ side: ABSessionResult.Side, _ revision: Revision, _ letter: String, pairedWith other: Revision) -> RunResult {
            var metadata = RunMetadata.current(options: options.dictionary.merging(configuration.metadata) { _, suite in suite })
            metadata.gitCommit = revision.commit
            metadata.options["revision"] = revision.isWorkingTree ? "working tree" : revision.name
            metadata.options["workingTreeEdits"] = revision.isWorkingTree ? String(revision.modified) : nil
            metadata.options["abSide"] = letter
            metadata.options["abLayout"] = layout.rawValue
            metadata.options["abPairedWith"] = other.commit
            metadata.options["abCPU"] = cpu.map(String.init) ?? "any" + (CPUPinning.availability.reason.map { ": " + $0 } ?? "")
            metadata.options["addressSpace"] = ChildProcess.fixedAddressSpace.reason.map { AddressSpaceLayout.randomised($0).description }
                ?? "each worker re-executes itself with address-space randomisation off"
            metadata.options["blockAlignment"] = blockAlignment.metadata
            metadata.references = RunMetadata.referenceList(selection.references.intersection(side.rows.map(\.key)))
            return RunResult(rows: side.rows, failures: side.failures, skipped: side.skipped, metadata: metadata,
                             preparation: side.preparation)
        }
        var resultA = result(session.a, revisionA, "a", pairedWith: revisionB)
        var resultB = result(session.b, revisionB, "b", pairedWith: revisionA)

        if arguments.instructions {
            for (side, binary) in [("A", binaryA), ("B", binaryB)] {
                var sideResult = side == "A" ? resultA : resultB
                progress.report(.phase(name: "instructions", detail: "side \(side) under callgrind"))
                if let counts = try InstructionCounter.measure(
                    executable: binary, arguments: [RunCommand.name] + workerArguments.encoded, iterations: Defaults.instructionIterations,
                    costs: InstructionCounter.estimatedCosts(of: sideResult, defaultIterations: Defaults.instructionIterations),
                    progress: progress
                ) {
                    InstructionCounter.apply(counts, to: &sideResult.rows)
                    sideResult.metadata.options["instructions"] = "callgrind, \(Defaults.instructionIterations) iterations per region unless the benchmark fixes its own"
                } else {
                    sideResult.metadata.options["instructions"] = InstructionCounter.unavailableNote
                }
                if side == "A" { resultA = sideResult } else { resultB = sideResult }
            }
        }
        progress.finish()
        finished = true

        let outcome = PairedComparison.session(
            a: resultA.rows, b: resultB.rows, rounds: session.pairs,
            estimator: estimator, options: ComparisonOptions(timeThreshold: threshold))
        let comparison = outcome.comparison
        let schema = SuiteConfiguration.schema(hz: configuration.hz, rows: resultA.rows + resultB.rows)
        let paths = ["a", "b", "comparison"].map { outputDirectory + "/\($0).csv" }
        try Locking.writing(paths, wait: wait) {
            try ResultsFile.write(resultA, schema: SuiteConfiguration.schema(hz: configuration.hz, rows: resultA.rows), to: paths[0])
            try ResultsFile.write(resultB, schema: SuiteConfiguration.schema(hz: configuration.hz, rows: resultB.rows), to: paths[1])
            try ComparisonFile.write(comparison, schema: schema, to: paths[2])
        }

        let seconds = Double(MonotonicClock.now() &- started) / 1e9
        let summary = summaryLine(comparison, moved: outcome.moved.count, rounds: session.rounds, blocks: session.blocks,
                                  threshold: threshold, estimator: estimator,
                                  a: revisionA, b: revisionB, seconds: seconds)
        if format.isForPeople {
            // The rows that changed or moved, short of the threshold too (every row with --all), what each column is,
            // then ab's summary line.
            let shown = comparison.rows.filter {
                arguments.all || $0.verdict != .unchanged || $0.belowThreshold != nil || outcome.movedWithInstructionsUnchanged($0)
            }
            let markdown = (format as? TableFormat)?.markdown ?? false
            if !shown.isEmpty {
                let table = Self.table(shown, outcome: outcome, schema: schema)
                print(markdown ? table.renderMarkdown() + "\n" : table.renderConsole(), terminator: "")
                // In Markdown a paragraph of its own (a line right after a table would be read as a row of it).
                print(Self.legend(estimator: estimator, instructions: shown.contains { $0.metric == .instructions })
                    + (markdown ? "\n" : ""))
            }
            // The reference rows both workers measured (a revision older than them has none). Pairing needs no
            // reference to divide by: they are there as in every run, and decided as any row.
            let references = selection.references.intersection(comparison.rows.map(\.key))
            if !references.isEmpty {
                print("reference rows (in every run, whatever the filter; not under test): "
                    + ReferenceRows.names(references) + (markdown ? "\n" : ""))
            }
            print(summary)
        } else {
            print(try format.comparison(comparison, schema: schema, listed: .all), terminator: "")
            StandardError.write(summary + "\n")
        }
        StandardError.write("wrote \(paths.joined(separator: ", "))\n")

        for (letter, failures) in [("A", resultA.failures), ("B", resultB.failures)] {
            for failure in failures { StandardError.write("side \(letter): verification failed: \(failure)\n") }
        }
        if !resultA.failures.isEmpty || !resultB.failures.isEmpty { return ExitCode.runtimeError }
        return comparison.hasRegression ? ExitCode.regression : ExitCode.success
    }

    /// ab's table of `rows`: each side's median time, the paired time ratio and its interval, the instruction ratio
    /// where both sides were counted, what decided, and the verdict (`verdictText`). The time figures are always
    /// time's, whatever decided the row.
    static func table(_ rows: [ComparisonRow], outcome: PairedOutcome, schema: ResultSchema) -> Table {
        let counted = rows.contains { $0.metric == .instructions }
        var table = Table(columns: [
            TableColumn("benchmark"), TableColumn(schema.sizeTitle, alignment: .right),
            TableColumn("A median", alignment: .right), TableColumn("B median", alignment: .right),
            TableColumn("time B/A", alignment: .right), TableColumn("95% interval", alignment: .right),
        ] + (counted ? [TableColumn("instr. B/A", alignment: .right)] : []) + [TableColumn("by"), TableColumn("verdict")])
        for row in rows {
            let time = outcome.times[row.key]
            var interval = ""
            if let low = time?.low, let high = time?.high { interval = ReportFormat.ratio(low) + " - " + ReportFormat.ratio(high) }
            var cells: [String] = [
                row.key.benchmark.description, ReportFormat.size(Double(row.key.size)),
                row.baselineMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                row.currentMedian.map { ReportFormat.nanoseconds($0) } ?? "",
                time?.ratio.map { ReportFormat.ratio($0) } ?? "", interval,
            ]
            if counted { cells.append(row.metric == .instructions ? row.ratio.map { ReportFormat.ratio($0) } ?? "" : "") }
            cells.append(row.metric.rawValue)
            cells.append(verdictText(row, moved: outcome.movedWithInstructionsUnchanged(row)))
            table.append(cells)
        }
        return table
    }

    /// A row's verdict as ab's table shows it: `compare`'s label (`ComparisonRow.verdictLabel`: `REGRESSED`,
    /// `slower, below threshold (+3%, 1.02-1.04x)`, ...), or `movedLabel`.
    static func verdictText(_ row: ComparisonRow, moved: Bool) -> String {
        moved ? movedLabel : row.verdictLabel
    }

    /// The label of a row whose instructions did not change while its paired time moved past the threshold.
    static let movedLabel = "moved, instructions unchanged"

    /// What the columns of `table` are: a line each, after the table.
    static func legend(estimator: PairedEstimator, instructions: Bool) -> String {
        let ratio = switch estimator {
        case .roundRatios: "the median of the per-round ratios B/A (a round times both sides back to back), with its 95% "
            + "interval; not the ratio of the two medians, which a round slow on one side moves"
        case .sides(let estimator): "side B's \(estimator) over side A's (rounds resampled as pairs), with its 95% interval"
        }
        return (["A median, B median: each side's median time per iteration, over the same paired rounds.",
                 "time B/A: \(ratio)."]
            + (instructions ? ["instr. B/A: instructions per iteration under callgrind, which decide the rows both sides counted.",
                               "\(movedLabel): time past the threshold with the same instructions; never a failure."] : []))
            .joined(separator: "\n")
    }

    /// `2 regressed, 1 moved with instructions unchanged, 33 unchanged; up to 15 paired rounds in 3 blocks; threshold 3% (paired time, ratios), 1% (instructions); A = ..., B = ...; 1 min 5 s`.
    static func summaryLine(_ comparison: Comparison, moved: Int = 0, rounds: Int, blocks: Int, threshold: Double,
                            estimator: PairedEstimator = .standard, a: Revision, b: Revision, seconds: Double) -> String {
        // compare's counts (`Comparison.verdictCounts`), the moved rows counted apart from the other unchanged ones.
        var parts: [String] = []
        let counts = comparison.summary
        let below = comparison.belowThreshold
        for verdict in Verdict.allCases {
            guard verdict == .unchanged else {
                if let count = counts[verdict] { parts.append("\(count) \(verdict.rawValue)") }
                continue
            }
            let still = (counts[.unchanged] ?? 0) - below.values.reduce(0, +) - moved
            if moved > 0 { parts.append("\(moved) moved with instructions unchanged") }
            if still > 0 { parts.append("\(still) unchanged") }
            parts += BelowThreshold.allCases.compactMap { direction in below[direction].map { "\($0) \(direction.counted)" } }
        }
        let instructions = comparison.rows.contains { $0.metric == .instructions }
            ? ", \(ReportNumber.percent(comparison.options.instructionThreshold * 100))% (instructions)" : ""
        return (parts.isEmpty ? "no rows" : parts.joined(separator: ", "))
            + "; up to \(rounds) paired rounds in \(blocks) block\(blocks == 1 ? "" : "s"); threshold \(ReportNumber.percent(threshold * 100))% (paired time, \(estimator))"
            + instructions + "; A = \(a.label), B = \(b.label); \(Self.duration(seconds))"
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}

/// Runs a command found on the PATH to completion (`ChildProcess.run`): its status, its standard output (trimmed)
/// and its standard error.
enum Shell {
    static func run(_ command: String, _ arguments: [String], in directory: String) throws -> (status: Int32, output: String, errors: String) {
        let outcome = try ChildProcess.run("/usr/bin/env", [command] + arguments, directory: directory)
        return (outcome.status, outcome.output.trimmingCharacters(in: .whitespacesAndNewlines), outcome.errors)
    }
}

extension ReportNumber {
    /// A percentage as options and summaries write it: `3`, `2.5`, `0.01`.
    static func percent(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
