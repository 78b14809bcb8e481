import BenchKit
import Foundation

/// One run of the suite, as `carousel-bench run` makes it: read the baseline, select and time the cases (in
/// several processes), count their instructions, write the results and the full table under their locks, compare
/// with the baseline, and tell the exit status. The command only parses and prints; another package's executable
/// can drive a run the same way.
///
///     let outcome = try SuiteRun(arguments: ["--quick", "--filter", "^uikit/"]).run()
///     outcome.emit(output: { print($0, terminator: "") }, errors: { FileHandle.standardError.write(Data($0.utf8)) })
///     exit(outcome.status)
///
/// The run starts processes of the running executable: round workers (`ab-worker`) and, with `--instructions`,
/// callgrind children (`run`); so the executable must answer both as `CarouselBench.main(adding:)` does.
public struct SuiteRun {
    let arguments: RunArguments
    /// The sampling of every case.
    let options: RunOptions
    let configuration: SuiteConfiguration

    /// A run with `run`'s command-line options; a usage error is thrown as one line. `entries` are added to the
    /// built-in implementations (`CarouselBench.main(adding:)`).
    public init(arguments: [String], adding entries: [CarouselBench.Entry] = []) throws {
        try CarouselBench.install(entries)
        try self.init(RunArguments.parse(arguments))
    }

    init(_ arguments: RunArguments) throws {
        self.arguments = arguments
        configuration = try arguments.cases.configuration()
        var options = Self.sampling(arguments.selection)
        options.hitchTime = HitchTime(hz: configuration.hz, contentMilliseconds: arguments.contentMilliseconds)
        self.options = options
    }

    /// The metadata key of `--content-ms`: the app's own work in every frame, in milliseconds, that the rows' hitch
    /// time ratios with content add.
    static let contentKey = "contentMs"

    /// `run`'s own sampling (not `ab`'s, whose paired rounds are their own design): adaptive (`SamplingStop`), one
    /// sample a round (a trajectory row: whole trajectories), at least `Defaults.minimumSamples` per case, a case
    /// settled once the 95% interval of its 10th percentile (`SamplingStop.standardEstimator`, whatever the
    /// comparison's estimator) is within `Defaults.samplingPrecision`; the rounds go on while a case is not settled,
    /// every case sampling in each, within the run's budget per benchmark and size together (Docs/NOISE.md,
    /// "Adaptive sampling").
    static func sampling(_ selection: SelectionArguments) -> RunOptions {
        var options = selection.runOptions(budget: Defaults.runBudget, quickBudget: Defaults.quickBudget)
        options.targetSamples = max(Defaults.minimumSamples, Int(options.timeBudget * Defaults.samplesPerSecond))
        options.minimumSamples = Defaults.minimumSamples
        options.stop = SamplingStop(precision: Defaults.samplingPrecision, minimumSamples: Defaults.minimumSamples)
        return options
    }

    /// How the extra processes that take the rounds are started: `ab-worker` with the options that choose the cases
    /// and the suite, and the run's budget (in whole milliseconds, for their warm-up).
    var roundWorkers: RoundWorkers.Command {
        var cases = arguments.cases
        cases.selection.timeBudget = cases.selection.timeBudget ?? SelectionArguments.milliseconds(options.timeBudget)
        return RoundWorkers.Command(executable: InstructionCounter.currentExecutable,
                                    arguments: [ABWorkerCommand.name] + cases.encoded, processes: arguments.processes)
    }

    /// The arguments of the callgrind children: `run` with the options that choose the cases and the suite, and
    /// nothing else. The user's paths (`--output`, `--baseline`) would otherwise change the child's stack and heap,
    /// and the counts with them, from one output path to another (`InstructionCounter.childEnvironment`).
    var instructionChildArguments: [String] {
        var child = RunArguments()
        child.cases = arguments.cases
        return [RunCommand.name] + child.encoded
    }

    /// In a callgrind child (`InstructionCounter.isChild`): counts the selected cases' instructions.
    public func countInstructions() throws {
        // Each block at the same place in its cache lines, as in the parent's rounds.
        _ = arguments.selection.blockAlignment.apply()
        try InstructionCounter.runChild(CarouselSuite(configuration).benchmarks, options: options)
    }

    /// What a run did and what it prints.
    public struct Outcome {
        public var result: RunResult
        /// The comparison with the baseline, when there was one.
        public var comparison: Comparison?
        /// What the run prints on standard output: the summary that ends with the answer, every row, or the results
        /// in the format asked for.
        public var standardOutput: String
        /// What the run says on standard error once it is done: the files written, the comparison (with every row or
        /// another format), its notes, the failed verifications.
        public var messages: [String]
        /// Whether standard output comes last (the summary: its answer ends the run's output on a terminal).
        public var outputLast: Bool
        /// 0, 1 when a benchmark failed its verification, 2 when a row regressed and the run checks.
        public var status: Int32
        /// A write that failed after everything else was done; `run` exits 1 with it.
        public var writeError: Error?

        /// Writes the output and the messages in their order.
        public func emit(output: (String) -> Void, errors: (String) -> Void) {
            if !outputLast { output(standardOutput) }
            for message in messages { errors(message) }
            if outputLast { output(standardOutput) }
        }
    }

    /// Runs it (not in a callgrind child: `countInstructions`).
    public func run() throws -> Outcome {
        let selection = arguments.selection
        // Each block at the same place in its cache lines in every round (BlockAlignment), callgrind's children too;
        // a re-executed process (below) applies it again here.
        let placement = selection.blockAlignment.apply()
        let suite = CarouselSuite(configuration)
        // The same heap layout on every run: malloc-heavy rows otherwise differ by up to 1.45x between runs.
        let addressSpace = ChildProcess.reexecWithoutAddressSpaceRandomization()
        let wait = arguments.lock.wait

        // The baseline first: a malformed one stops the run before minutes are spent.
        var comparisonOptions = arguments.comparison.comparisonOptions
        var baseline: (rows: [ResultRow], metadata: RunMetadata?)?
        if !arguments.noBaseline {
            if FileManager.default.fileExists(atPath: arguments.baseline) {
                baseline = try ResultsFile.readSet(arguments.baseline, schema: SuiteConfiguration.readingSchema, wait: wait)
                comparisonOptions.profile = try arguments.profile.forComparison(baseline: baseline?.metadata)
            } else if arguments.check {
                throw RuntimeError("\(arguments.baseline): no baseline to check against (make one with "
                    + "\(RunArguments.saveBaseline.name))")
            }
        }

        let selected = try BenchmarkRunner.select(suite.benchmarks, options: options)
        // The reference rows are always there: the filter must choose a row of its own.
        guard selected.chosen > 0 else {
            let filter = "\(FilterArgument.option.name) '\(options.filter ?? "")'"
            let sizes = (options.sizes ?? CarouselSuite.defaultSizes).map(String.init).joined(separator: ",")
            if let skipped = selected.skipped.first {
                throw UsageError("every benchmark \(filter) selects is past its limit at sizes \(sizes) "
                    + "(\(skipped.key.benchmark): \(skipped.reason))")
            }
            throw UsageError("no benchmark matches \(filter)")
        }
        if let baseline, !arguments.replaceBaseline {
            try Self.checkBaselineMatches(baseline.rows, selected: selected, suite: suite.benchmarks, path: arguments.baseline)
        }
        let progress = makeProgressReporter(verbose: arguments.verbose)
        // Said once the options are known to be valid, so a usage error stays one line.
        if let note = addressSpace.note { progress.report(.note(note)) }
        var result = try BenchmarkRunner.run(suite.benchmarks, options: options, progress: progress, processes: roundWorkers)
        result.metadata.options.merge(configuration.metadata) { _, suite in suite }
        result.metadata.options["addressSpace"] = addressSpace.description
        result.metadata.options["blockAlignment"] = placement
        result.metadata.options[Self.contentKey] = ReportNumber.text(arguments.contentMilliseconds)
        result.metadata.scope = arguments.selection.scope(of: options, processes: arguments.processes)
        if configuration.uikitMatrix == .live {
            result.metadata.options["uikitMatrix"] = "every combination of each pipeline's live switches (UIKitSwitchLiveness)"
        }
        if arguments.instructions {
            try countInstructions(of: &result, reference: baseline?.rows ?? [], progress: progress)
        }
        progress.finish()

        let schema = SuiteConfiguration.schema(hz: configuration.hz, rows: result.rows)
        // The reference rows this run measured only as anchors (its filter and sizes did not choose them).
        var chosenOptions = options
        chosenOptions.references = []
        let anchors = selected.keys.subtracting(try BenchmarkRunner.select(suite.benchmarks, options: chosenOptions).keys)
        let (written, writeError) = write(result, schema: schema, wait: wait, anchors: anchors)

        var comparison: Comparison?
        if let baseline {
            // Only the rows this run selected: a quick run is not missing the sizes it never meant to run.
            let keys = selected.keys
            comparisonOptions.describe(baseline: baseline.metadata, current: result.metadata)
            comparison = Comparator.compare(baseline: baseline.rows.filter { keys.contains($0.key) }, current: result.rows,
                                            options: comparisonOptions)
        }
        var status = ExitCode.success
        if arguments.check, comparison?.hasRegression == true { status = ExitCode.regression }
        if !result.failures.isEmpty { status = ExitCode.runtimeError }

        return try outcome(result, schema: schema, comparison: comparison, written: written, writeError: writeError,
                           status: status)
    }

    /// Stops a run whose baseline is another package's before it times anything: when no row the filter chose (the
    /// reference rows aside, which every package has) is in the baseline, and the baseline has rows of benchmarks this
    /// suite does not have. A comparison would otherwise read every row `new` and pass. A baseline of this package
    /// that the filter's rows are not in (a new benchmark) is compared: those rows read `new`; so is any
    /// baseline a run replaces (`--replace-baseline`).
    /// - Throws: `RuntimeError` (exit 1) naming the baseline, a few of its foreign rows and what to do.
    static func checkBaselineMatches(_ baseline: [ResultRow], selected: BenchmarkRunner.Selection, suite: BenchmarkSuite,
                                     path: String) throws {
        let underTest = selected.keys.subtracting(selected.references)
        guard !underTest.isEmpty, !baseline.contains(where: { underTest.contains($0.key) }) else { return }
        let known = Set(suite.registrations.map(\.id))
        let foreign = Set(baseline.map(\.benchmark)).subtracting(known).sorted()
        guard !foreign.isEmpty else { return }
        let named = foreign.prefix(3).map(\.description).joined(separator: ", ")
            + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
        throw RuntimeError("\(path): none of its \(baseline.count) rows is a row this run measures (the reference rows "
            + "aside), and it has benchmarks this package does not (\(named)): a baseline of another package; make this "
            + "package's own with \(RunArguments.replaceBaseline.name), or give it with \(RunArguments.baseline.name)")
    }

    /// Counts the instructions of every row under callgrind, the cases split over the children by the reference's
    /// counts (the baseline's), so that the split, and the counts, repeat from run to run.
    private func countInstructions(of result: inout RunResult, reference: [ResultRow], progress: ProgressReporter) throws {
        let iterations = Defaults.instructionIterations
        let counts = try InstructionCounter.measure(
            executable: InstructionCounter.currentExecutable, arguments: instructionChildArguments, iterations: iterations,
            costs: InstructionCounter.estimatedCosts(
                of: result, defaultIterations: iterations,
                reference: Dictionary(reference.compactMap { row in row.instructionsPerIteration.map { (row.key, $0) } },
                                      uniquingKeysWith: { first, _ in first })),
            progress: progress)
        if let counts {
            InstructionCounter.apply(counts, to: &result.rows)
            result.metadata.options["instructions"] = "callgrind, \(iterations) iterations per region unless the benchmark fixes its own"
        } else {
            result.metadata.options["instructions"] = InstructionCounter.unavailableNote
        }
    }

    /// The paths of the full table beside the results CSV: `NAME.table.txt` and `NAME.md`.
    var tablePaths: (text: String, markdown: String) {
        let stem = arguments.output.hasSuffix(".csv") ? String(arguments.output.dropLast(4)) : arguments.output
        return (stem + ".table.txt", stem + ".md")
    }

    /// Writes every set the run writes, each read, merged and written under its lock, all taken before the first
    /// is written: a run that cannot have them all writes nothing. The results and their full table are written
    /// under the results' lock. Returns a line per file written, and the error that stopped the writing.
    private func write(_ result: RunResult, schema: ResultSchema, wait: LockWait,
                       anchors: Set<RowKey>) -> (written: [String], error: Error?) {
        let output = arguments.output
        let baselinePath = arguments.baseline
        let savesBaseline = result.failures.isEmpty && (arguments.replaceBaseline || arguments.saveBaseline)
        let historyPath = result.failures.isEmpty && arguments.history ? HistoryRecording.path(result) : nil
        let profilePath = learnsProfile(result, history: historyPath != nil)
            ? arguments.profile.path ?? MachineProfile.path(machine: HistoryRecording.machineSlug(result)) : nil
        var written: [String] = []
        do {
            try Locking.writing([output] + (savesBaseline ? [baselinePath] : []) + (historyPath.map { [$0] } ?? [])
                                + (profilePath.map { [$0] } ?? []), wait: wait) {
                // The profile is read and checked first: with --history a foreign or malformed one stops the writing
                // before it starts; a run that was not asked to add itself writes its results and says why it did not.
                var profile: MachineProfile?
                var unreadProfile: String?
                if let profilePath {
                    do {
                        profile = try HistoryRecording.profile(at: profilePath, result)
                    } catch where historyPath == nil {
                        unreadProfile = "not added to the profile: \(error)"
                    } catch {
                        throw RuntimeError("\(error): nothing written")
                    }
                }
                defer { if let unreadProfile { written.append(unreadProfile) } }
                try ResultsFile.write(result, schema: schema, to: output)
                written.append("wrote \(output) (\(result.rows.count) rows)")
                let tables = tablePaths
                try AtomicFileSet.write([
                    tables.text: try TableFormat().results(result.rows, metadata: result.metadata, schema: schema),
                    tables.markdown: try TableFormat(markdown: true).results(result.rows, metadata: result.metadata, schema: schema),
                ])
                written.append("wrote \(tables.text) and \(tables.markdown) (every row)")
                if savesBaseline && arguments.replaceBaseline {
                    try ResultsFile.write(result, schema: schema, to: baselinePath)
                    written.append("replaced baseline \(baselinePath) (\(result.rows.count) rows)")
                } else if savesBaseline {
                    written.append(try Self.saveIntoBaseline(result, path: baselinePath, configuration: configuration,
                                                             anchors: anchors))
                }
                if let historyPath {
                    try HistoryFile.append(HistoryRecording.rows(result), to: historyPath)
                    written.append("appended \(result.rows.count) rows to \(historyPath)")
                }
                if var profile, let profilePath {
                    if Self.tellsRounds(result),
                       profile.add(result.rows, configuration: MachineProfile.configuration(of: result.metadata)) {
                        try profile.write(to: profilePath)
                        written.append("added the run to the profile \(profilePath) (\(profile.runs) run\(profile.runs == 1 ? "" : "s")"
                            + (profile.isUsable ? ")" : "; compare uses it from \(MachineProfile.minimumRuns))"))
                    } else {
                        written.append("not added to the profile \(profilePath): too few rows with samples to tell the run's rounds")
                    }
                }
            }
        } catch {
            return (written, error)
        }
        return (written, nil)
    }

    /// What the run prints: with the table format the summary that ends with the answer (or every row, with
    /// `--table full` or `--verbose`), else the results in the format asked for; the comparison on standard error
    /// where standard output does not carry it.
    private func outcome(_ result: RunResult, schema: ResultSchema, comparison: Comparison?, written: [String],
                         writeError: Error?, status: Int32) throws -> Outcome {
        let format = arguments.format.format
        let summarises = format.name == TableFormat().name && arguments.table == .compact && !arguments.verbose
        var messages = written.prefix(1).map { $0 + "\n" }
        let standardOutput: String
        if summarises {
            let tables = tablePaths
            let files = writeError != nil ? [] : [
                "full table: \(tables.text)", "CSV: \(arguments.output)", "Markdown: \(tables.markdown)",
            ]
            standardOutput = RunSummary.render(
                rows: result.rows, metadata: result.metadata, schema: schema, comparison: comparison,
                baseline: comparison == nil ? nil : arguments.baseline, failures: result.failures, written: files,
                fullTable: tables.text)
            if let comparison {
                messages.append("compared with \(arguments.baseline): \(comparison.summaryLine)\n")
                for note in comparison.notes { messages.append(note + "\n") }
            }
        } else {
            standardOutput = try format.results(result.rows, metadata: result.metadata, schema: schema)
            if let comparison {
                // For people, on standard error: in Markdown when the results are, else as a table.
                let shownAs: any OutputFormat = format.isForPeople ? format : TableFormat()
                messages.append("\ncompared with \(arguments.baseline):\n")
                messages.append(try shownAs.comparison(comparison, schema: schema, listed: arguments.verbose ? .notable : .decided))
                for note in comparison.notes { messages.append(note + "\n") }
            }
        }
        for failure in result.failures { messages.append("verification failed: \(failure)\n") }
        messages += written.dropFirst().map { $0 + "\n" }
        return Outcome(result: result, comparison: comparison, standardOutput: standardOutput, messages: messages,
                       outputLast: summarises, status: status, writeError: writeError)
    }

    /// Whether the run adds itself to this machine's profile (Docs/NOISE.md, "The machine profile"): with
    /// `--history`, any run that verified; otherwise a run at the tool's own budget (no `--time-budget`) with
    /// enough rows to tell its rounds besides the reference rows, so that a machine's profile is learnt by running
    /// the suite, not by the reference rows of every narrow run. Never with `--no-profile`.
    func learnsProfile(_ result: RunResult, history: Bool) -> Bool {
        guard result.failures.isEmpty, !arguments.profile.none else { return false }
        return history || (arguments.selection.timeBudget == nil && Self.tellsRounds(result))
    }

    /// Whether the run has enough rows to tell its rounds for the profile (`MachineProfile.canAdd`) besides its
    /// reference rows: a narrow run's references alone do not make it a run of the suite. `run` and `profile` both
    /// ask this before adding a run.
    static func tellsRounds(_ result: RunResult) -> Bool { tellsRounds(result.rows, metadata: result.metadata) }

    static func tellsRounds(_ rows: [ResultRow], metadata: RunMetadata?) -> Bool {
        let references = metadata?.referenceKeys ?? []
        return MachineProfile.canAdd(rows.filter { !references.contains($0.key) })
    }

    /// Merges the run into the baseline (`ResultsMerge`): a filtered run keeps every row it did not run, and the
    /// baseline's own rows of `anchors`, the reference rows the run measured only to anchor its drift (a matrix run
    /// saved into a full baseline leaves the full run's reference rows, in the full run's scope). The caller holds the
    /// baseline's lock, across this read, merge and write. Returns the line that says so.
    static func saveIntoBaseline(_ result: RunResult, path: String, configuration: SuiteConfiguration,
                                 anchors: Set<RowKey> = []) throws -> String {
        let hz = configuration.hz
        try AtomicFileSet.recover(ResultsFile.setPaths(path))
        guard FileManager.default.fileExists(atPath: path) else {
            try ResultsFile.write(result, schema: SuiteConfiguration.schema(hz: hz, rows: result.rows), to: path)
            return "saved baseline \(path) (\(result.rows.count) rows)"
        }
        let existing = try ResultsFile.read(path, schema: SuiteConfiguration.readingSchema)
        let metadata = try ResultsFile.readMetadata(for: path)
        let replace = RunArguments.replaceBaseline.name
        // What was measured (geometry, frame rate, switches), not how much: a matrix run adds rows.
        if let recorded = metadata.map({ SuiteConfiguration(recorded: $0.options) }), recorded.metadata != configuration.metadata {
            throw RuntimeError("\(path): the baseline was measured with another geometry or frame rate "
                + "(\(recorded.metadata.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))): "
                + "merging would mix them (\(replace))")
        }
        let merged: RunResult
        do {
            merged = try ResultsMerge.merge(existing: existing, metadata: metadata, run: result, keeping: anchors)
        } catch let error as ResultsMerge.ForeignMachine {
            throw RuntimeError("\(path): \(error) (\(replace))")
        }
        try ResultsFile.write(merged, schema: SuiteConfiguration.schema(hz: hz, rows: merged.rows), to: path)
        let saved = merged.metadata.sources?.last?.rows.count ?? result.rows.count
        return "saved \(saved) rows into baseline \(path) (\(merged.rows.count) rows, "
            + "\(merged.rows.count - saved) kept from earlier runs)"
    }
}
