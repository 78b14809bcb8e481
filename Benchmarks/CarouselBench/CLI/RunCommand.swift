import BenchKit
import Foundation

/// `carousel-bench run`: time every benchmark, write the results, compare with the baseline.
enum RunCommand {
    static let defaultOutput = "Results/latest.csv"
    static let defaultBaseline = "Results/baseline.csv"

    static var command: Command {
        Command(
            name: "run", synopsis: "run [OPTIONS]",
            summary: "time every benchmark, print a table, write Results/latest.csv, compare with Results/baseline.csv",
            details: """
            Every benchmark is verified, at the sizes and geometry of the run, before it is timed; one that fails is
            reported and not timed (exit 1). Sizes are catalog sizes n, any of 1...1000000 (default \
            \(CarouselSuite.defaultSizes.map(String.init).joined(separator: ",")); --quick: \
            \(CarouselSuite.quickSizes.map(String.init).joined(separator: ",")) and \(milliseconds(quickBudget)) ms per benchmark and size); a
            benchmark with a limit (`list` shows it) skips the sizes past it with one line. Progress goes to standard
            error (one updating line on a terminal, a line every few seconds otherwise), the table to standard output.
            The sampling rounds are taken in turn by --processes processes of this build (\(defaultProcesses) by default), each
            with its own copy of every case, so that a row one process runs off the others does not move its median.
            After sampling, every pipeline/* and uikit/* row is also timed frame by frame over its trajectory (2 to 7
            plays within the time budget, one play of each row a round; each frame's cost the minimum over the
            plays): worst_frame (ns, its costliest
            frame), p99_frame, worst_frame_event (what happened in most frames within 10% of it: rotation, release, end
            of flick, wrap jump, new item, nothing special) and worst_frame_index (the costliest of those). The comparison
            decides a row on its worst frame too when the median does not (--worst-threshold; a change under 100 us
            never counts). Where time decides a row, it says in how many rounds each run ran at the machine's full
            speed (with --raw-samples it warns when either did so in under 15% of them: a slowdown may then read
            unchanged; README, "Full-speed rounds"). A run at the tool's own budget (no --time-budget) with at least 8
            rows of 4 benchmarks is added to this machine's profile (\(MachineProfile.directory)/MACHINE.csv, or --profile: how
            each row feels the machine's slow rounds, and how far it moves between runs); with --history any run is.
            Once a row has \(MachineProfile.minimumRuns) runs there, the comparison learns its exponent from the profile as
            well as from the pair, measures the rounds against either run's full speed and widens the rows that move
            most between runs (README, "Round speeds"; --no-profile: neither adds nor divides by it).
            Runs may share an output, a baseline and the history: each set is read, merged and written under a lock
            (one beside it, .NAME.lock), so none is mixed and no row lost; a run that has to wait says so after a
            second and gives up after --lock-timeout seconds with one line (exit 1), having written nothing.
            """,
            options: selectionOptions + [
                .value("--output", "PATH", "results CSV (default \(defaultOutput)); .samples.csv and .meta.json beside it"),
                .value("--baseline", "PATH", "baseline to compare with (default \(defaultBaseline), skipped when absent)"),
                .flag("--no-baseline", "do not compare with any baseline"),
                .flag("--save-baseline", "also save the rows into the baseline: they replace their own rows, the others stay"),
                .flag("--replace-baseline", "also write the results as the whole baseline, dropping the rows not run"),
                .flag("--check", "exit 2 when any row regressed against the baseline"),
                CommonOptions.threshold,
                CommonOptions.estimator,
                CommonOptions.rawSamples,
                CommonOptions.worstFrameThreshold,
                CommonOptions.resultFormat,
                .flag("--instructions", "also count instructions per iteration under valgrind's callgrind"),
                .flag("--verbose", "a progress line per benchmark, and every changed row of the comparison (inconclusive, new)"),
                .flag("--uikit-matrix", "also time each uikit/* pipeline under every other combination of the switches that change its work"),
                .value("--processes", "N", "take the sampling rounds in turn in N processes of this build, each with its own copy of every case (1...8; default \(defaultProcesses)); README, \"Several processes\""),
                .flag("--history", "also append the rows to this machine's history (\(HistoryFile.directory)/MACHINE.csv), and add the run to its profile (\(MachineProfile.directory)/MACHINE.csv, or --profile) even at another --time-budget"),
            ] + Profiles.options + [
                Locking.option,
            ],
            maxPositionals: 0, run: run)
    }

    /// What selects and times the benchmarks (`run`, `ab` and its workers): which ones, at which sizes and
    /// geometry, for how long.
    static let selectionOptions: [OptionSpec] = [
        CommonOptions.filter,
        .value("--sizes", "LIST", "comma-separated catalog sizes in 1...1000000, e.g. 3,30,300"),
        .flag("--quick", "CI smoke run: 3 sizes, a short budget (run \(milliseconds(quickBudget)) ms, ab 40 ms per benchmark and size)"),
    ] + CommonOptions.geometry + [
        .value("--time-budget", "MS", "sampling milliseconds per benchmark and size (default: run \(milliseconds(defaultBudget)), ab 200; --quick: run \(milliseconds(quickBudget)), ab 40)"),
        .value("--block-alignment", "NAME", "where heap blocks go: apple (default: blocks of \(BlockAlignment.appleTinyLimit + 1) bytes to \(BlockAlignment.alignedThrough / 1024) KiB at \(BlockAlignment.appleSmallQuantum)-byte boundaries, as libmalloc places them) or native (glibc's own; README, Block alignment)"),
    ]

    /// `--block-alignment`: where the benchmarks' heap blocks go (`BlockAlignment`).
    static func blockAlignment(_ arguments: ParsedArguments) throws -> BlockAlignment {
        try arguments.choice("--block-alignment", default: BlockAlignment.standard)
    }

    /// The run options of `selectionOptions` (the geometry is `CommonOptions.configuration`).
    static func runOptions(_ arguments: ParsedArguments) throws -> RunOptions {
        let quick = arguments.has("--quick")
        let sizes = try arguments.intList("--sizes", range: CommonOptions.sizeRange)
            ?? (quick ? CarouselSuite.quickSizes : nil)
        let budgetMilliseconds = try arguments.int("--time-budget", default: quick ? 40 : 200, range: 1...600_000)
        let filter = arguments.value("--filter")
        if let filter, (try? NSRegularExpression(pattern: filter)) == nil {
            throw UsageError("option '--filter': '\(filter)' is not a valid regular expression")
        }
        var options = quick ? RunOptions.quick(filter: filter, sizes: sizes) : RunOptions(filter: filter, sizes: sizes)
        options.timeBudget = Double(budgetMilliseconds) / 1000
        options.warmup = options.timeBudget / 10
        return options
    }

    /// `run`'s own sampling (not `ab`'s, whose paired rounds are their own design): adaptive (`SamplingStop`), one
    /// sample of about 0.125 ms a round (a trajectory row: whole trajectories), at least 10 per case, a case settled
    /// once the 95% interval of its 10th percentile (`SamplingStop.standardEstimator`, whatever `--estimator` says) is
    /// within `samplingPrecision`; the rounds go on while a case
    /// is not settled, every case sampling in each (`SamplingPlan.sampleInRounds`), within `defaultBudget` per
    /// benchmark and size together (--quick `quickBudget`, --time-budget). Samples of 0.125 ms: with every case sampling every round, a
    /// row's 10th percentile varied across 11 quick runs by 2.2% (median row, drift divided out) against 7.0% with
    /// samples of 0.5 ms in one set, and by 1.2% against 3.7% with 0.25 ms in another
    /// (`Benchmarks/Scripts/reproducibility.py`, Results/VERDICT-HISTORY.md, "Issue 19, session 5").
    static func sampling(_ arguments: ParsedArguments) throws -> RunOptions {
        var options = try runOptions(arguments)
        if arguments.value("--time-budget") == nil {
            options.timeBudget = arguments.has("--quick") ? quickBudget : defaultBudget
            options.warmup = options.timeBudget / 10
        }
        options.targetSamples = max(10, Int(options.timeBudget * 8000))
        options.minimumSamples = 10
        options.stop = SamplingStop(precision: samplingPrecision, minimumSamples: 10)
        return options
    }

    /// Seconds of sampling per benchmark and size, the run's whole budget together (README, "How long a run takes"):
    /// 70 ms since issue 19's fourteenth session, where 80 ms made a default run take 88.8-97.6 s in this VM's slow
    /// spells, past the issue's 90 s (81.3-90.0 s at 70 ms, 11 runs of each interleaved).
    static let defaultBudget = 0.07
    /// `--quick`'s budget: 27 ms since issue 19's sixteenth session, 30 ms before. On the 2-core Intel Xeon VM running
    /// 1.46x slower than when it made the committed baseline, `run --quick` (277 rows, with its comparison) took
    /// 16.4-17.0 s at 30 ms and 15.3-16.7 s at 27 ms, five runs of each interleaved; at sizes 3 and 300, 8.1-9.1 s
    /// and 7.4-8.5 s (22 runs of each). Detection did not move: scored by `compare` with a profile of the other sets,
    /// a 1.5x slowdown was found in 19 of 20 pairs at either budget, and A/A pairs flagged a row in 4 and 5 (README,
    /// "How long a run takes").
    static let quickBudget = 0.027

    /// `--processes`' default: 3 since issue 19's twentieth session (README, "Several processes"). On the 2-core AMD
    /// EPYC VM, in two default sets of 11 runs (quiet, and with `yes > /dev/null` on a core) the A/A pairs flagged no
    /// row with the machine's profile and needed a threshold of 3.1% and 18.5% at most, against 23.7% and 19.8% for
    /// one process the day before, and 1.3x was found in all 20 pairs against 3; a default run took 81-85 s against
    /// 72 s, `run --quick` 13.8 s against 12.0 s.
    static let defaultProcesses = 3

    /// `--processes`: how many processes take the rounds, and how a worker is started: `ab-worker` with the options
    /// that choose the cases, the suite and the warm-up (the run's budget, in whole milliseconds).
    static func processes(_ arguments: ParsedArguments, options: RunOptions) throws -> RoundWorkers.Command {
        let count = try arguments.int("--processes", default: defaultProcesses, range: 1...8)
        var forwarded = arguments.forwarding(selectionOptions)
        if arguments.value("--time-budget") == nil { forwarded += ["--time-budget", String(milliseconds(options.timeBudget))] }
        if arguments.has("--uikit-matrix") { forwarded.append("--uikit-matrix") }
        return RoundWorkers.Command(executable: InstructionCounter.currentExecutable, arguments: ["ab-worker"] + forwarded,
                                    processes: count)
    }

    /// `seconds` as whole milliseconds, for the help.
    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// The relative width of a settled case's interval (README, "Adaptive sampling").
    static let samplingPrecision = 0.02

    /// The arguments of `run`'s callgrind children: the options that choose the cases and the suite, and nothing
    /// else. The user's paths (`--output`, `--baseline`) would otherwise change the child's stack and heap, and the
    /// counts with them, from one output path to another (see `InstructionCounter.childEnvironment`).
    static func instructionChildArguments(_ arguments: ParsedArguments) -> [String] {
        ["run"] + arguments.forwarding(selectionOptions) + (arguments.has("--uikit-matrix") ? ["--uikit-matrix"] : [])
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try OutputFormats.choice(arguments)
        var comparisonOptions = try CommonOptions.comparisonOptions(arguments)
        let options = try sampling(arguments)
        let processCommand = try processes(arguments, options: options)
        var configuration = try CommonOptions.configuration(arguments)
        configuration.uikitMatrix = arguments.has("--uikit-matrix") ? .live : .off
        let filter = options.filter
        let sizes = options.sizes
        let output = arguments.value("--output") ?? defaultOutput
        let baselinePath = arguments.value("--baseline") ?? defaultBaseline
        let check = arguments.has("--check")
        let wait = try Locking.wait(arguments)
        try Profiles.checkExclusive(arguments)
        // Each block at the same place in its cache lines in every round (BlockAlignment), callgrind's children too;
        // a re-executed process (below) applies it again here.
        let placement = try blockAlignment(arguments).apply()

        let suite = CarouselSuite(configuration)
        if InstructionCounter.isChild {
            try InstructionCounter.runChild(suite.benchmarks, options: options)
            return ExitCode.success
        }
        // The same heap layout on every run: malloc-heavy rows otherwise differ by up to 1.45x between runs.
        let addressSpace = ChildProcess.reexecWithoutAddressSpaceRandomization()

        // Read the baseline first: a malformed one should stop the run before minutes are spent.
        let baseline: [ResultRow]?
        var baselineMetadata: RunMetadata?
        if arguments.has("--no-baseline") {
            guard !check else { throw UsageError("options '--check' and '--no-baseline' exclude each other") }
            baseline = nil
        } else if FileManager.default.fileExists(atPath: baselinePath) {
            (baseline, baselineMetadata) = try ResultsFile.readSet(baselinePath, schema: SuiteConfiguration.readingSchema, wait: wait)
            comparisonOptions.profile = try Profiles.forComparison(arguments, baseline: baselineMetadata)
        } else if check {
            throw RuntimeError("\(baselinePath): no baseline to check against (make one with --save-baseline)")
        } else {
            baseline = nil
        }

        let selection = try BenchmarkRunner.select(suite.benchmarks, options: options)
        guard !selection.cases.isEmpty else {
            let sizeText = (sizes ?? CarouselSuite.defaultSizes).map(String.init).joined(separator: ",")
            if let skipped = selection.skipped.first {
                throw UsageError("every benchmark --filter '\(filter ?? "")' selects is past its limit at sizes \(sizeText) "
                    + "(\(skipped.key.benchmark): \(skipped.reason))")
            }
            throw UsageError("no benchmark matches --filter '\(filter ?? "")'")
        }
        let progress = makeProgressReporter(verbose: arguments.has("--verbose"))
        // Said once the options are known to be valid, so a usage error stays one line.
        if let note = addressSpace.note { progress.report(.note(note)) }
        var result = try BenchmarkRunner.run(suite.benchmarks, options: options, progress: progress,
                                             processes: processCommand)
        result.metadata.options.merge(configuration.metadata) { _, suite in suite }
        result.metadata.options["addressSpace"] = addressSpace.description
        result.metadata.options["blockAlignment"] = placement
        if configuration.uikitMatrix == .live {
            result.metadata.options["uikitMatrix"] = "every combination of each pipeline's live switches (UIKitSwitchLiveness)"
        }
        if arguments.has("--instructions") {
            if let counts = try InstructionCounter.measure(
                executable: InstructionCounter.currentExecutable, arguments: instructionChildArguments(arguments),
                iterations: InstructionIterations.perRegion,
                costs: InstructionCounter.estimatedCosts(
                    of: result, defaultIterations: InstructionIterations.perRegion,
                    reference: Dictionary((baseline ?? []).compactMap { row in row.instructionsPerIteration.map { (row.key, $0) } },
                                          uniquingKeysWith: { first, _ in first })),
                progress: progress
            ) {
                InstructionCounter.apply(counts, to: &result.rows)
                result.metadata.options["instructions"] = "callgrind, \(InstructionIterations.perRegion) iterations per region unless the benchmark fixes its own"
            } else {
                result.metadata.options["instructions"] = InstructionCounter.unavailableNote
            }
        }
        progress.finish()

        let schema = SuiteConfiguration.schema(hz: configuration.hz, rows: result.rows)
        print(try format.results(result.rows, metadata: result.metadata, schema: schema), terminator: "")

        // Every set the run writes, each read, merged and written under its lock, all taken before the first
        // is written: a run that cannot have them all writes nothing.
        let savesBaseline = result.failures.isEmpty && (arguments.has("--replace-baseline") || arguments.has("--save-baseline"))
        let historyPath = result.failures.isEmpty && arguments.has("--history") ? HistoryRecording.path(result) : nil
        let profilePath = Self.learnsProfile(arguments, result, history: historyPath != nil)
            ? arguments.value("--profile") ?? MachineProfile.path(machine: HistoryRecording.machineSlug(result)) : nil
        var written: [String] = []
        var writeError: Error?
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
                if savesBaseline && arguments.has("--replace-baseline") {
                    try ResultsFile.write(result, schema: schema, to: baselinePath)
                    written.append("replaced baseline \(baselinePath) (\(result.rows.count) rows)")
                } else if savesBaseline {
                    written.append(try saveIntoBaseline(result, path: baselinePath, configuration: configuration))
                }
                if let historyPath {
                    try HistoryFile.append(HistoryRecording.rows(result), to: historyPath)
                    written.append("appended \(result.rows.count) rows to \(historyPath)")
                }
                if var profile, let profilePath {
                    if profile.add(result.rows, configuration: MachineProfile.configuration(of: result.metadata)) {
                        try profile.write(to: profilePath)
                        written.append("added the run to the profile \(profilePath) (\(profile.runs) run\(profile.runs == 1 ? "" : "s")"
                            + (profile.isUsable ? ")" : "; compare uses it from \(MachineProfile.minimumRuns))"))
                    } else {
                        written.append("not added to the profile \(profilePath): too few rows with samples to tell the run's rounds")
                    }
                }
            }
        } catch {
            writeError = error
        }
        if let first = written.first { StandardError.write(first + "\n") }

        var status = ExitCode.success
        if let baseline {
            // Only the rows this run selected: a quick run is not missing the sizes it never meant to run.
            let selectedKeys = selection.keys
            comparisonOptions.timesNotComparable = ComparisonOptions.timingDifference(baseline: baselineMetadata, current: result.metadata)
            let comparison = Comparator.compare(
                baseline: baseline.filter { selectedKeys.contains($0.key) }, current: result.rows,
                options: comparisonOptions)
            StandardError.write("\ncompared with \(baselinePath):\n")
            // For people, on standard error: in Markdown when the results are, else as a table.
            let shownAs: any OutputFormat = format.isForPeople ? format : TableFormat()
            StandardError.write(try shownAs.comparison(comparison, schema: schema,
                                                       listed: arguments.has("--verbose") ? .notable : .decided))
            for note in comparison.notes { StandardError.write(note + "\n") }
            if check && comparison.hasRegression { status = ExitCode.regression }
        }
        for failure in result.failures { StandardError.write("verification failed: \(failure)\n") }
        if !result.failures.isEmpty { status = ExitCode.runtimeError }
        for line in written.dropFirst() { StandardError.write(line + "\n") }
        if let writeError { throw writeError }
        return status
    }
}

extension RunCommand {
    /// Whether the run adds itself to this machine's profile (README, "The machine profile"): with `--history`, any
    /// run that verified; otherwise, since issue 19's eighteenth session, a run at the tool's own budget (the default or
    /// `--quick`, no `--time-budget`) with enough rows to tell its rounds, so that a machine's profile is learnt by
    /// running the suite, and `compare` divides by it from the tenth run on. Never with `--no-profile`. Runs at another
    /// budget (the tests' few milliseconds) are left out unless asked for.
    static func learnsProfile(_ arguments: ParsedArguments, _ result: RunResult, history: Bool) -> Bool {
        guard result.failures.isEmpty, !arguments.has("--no-profile") else { return false }
        return history || (arguments.value("--time-budget") == nil && MachineProfile.canAdd(result.rows))
    }

    /// Merges the run into the baseline (`ResultsMerge`): a filtered run keeps every row it did not run. The
    /// caller holds the baseline's lock, across this read, merge and write. Returns the line that says so.
    static func saveIntoBaseline(_ result: RunResult, path: String, configuration: SuiteConfiguration) throws -> String {
        let hz = configuration.hz
        try AtomicFileSet.recover(ResultsFile.setPaths(path))
        guard FileManager.default.fileExists(atPath: path) else {
            try ResultsFile.write(result, schema: SuiteConfiguration.schema(hz: hz, rows: result.rows), to: path)
            return "saved baseline \(path) (\(result.rows.count) rows)"
        }
        let existing = try ResultsFile.read(path, schema: SuiteConfiguration.readingSchema)
        let metadata = try ResultsFile.readMetadata(for: path)
        // What was measured (geometry, frame rate, switches), not how much: a `--uikit-matrix` run adds rows.
        if let recorded = metadata.map({ SuiteConfiguration(recorded: $0.options) }), recorded.metadata != configuration.metadata {
            throw RuntimeError("\(path): the baseline was measured with another geometry or frame rate "
                + "(\(recorded.metadata.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))): "
                + "merging would mix them (--replace-baseline)")
        }
        let merged: RunResult
        do {
            merged = try ResultsMerge.merge(existing: existing, metadata: metadata, run: result)
        } catch let error as ResultsMerge.ForeignMachine {
            throw RuntimeError("\(path): \(error) (--replace-baseline)")
        }
        try ResultsFile.write(merged, schema: SuiteConfiguration.schema(hz: hz, rows: merged.rows), to: path)
        return "saved \(result.rows.count) rows into baseline \(path) (\(merged.rows.count) rows, "
            + "\(merged.rows.count - result.rows.count) kept from earlier runs)"
    }
}

/// How many iterations each callgrind region runs.
enum InstructionIterations {
    static let perRegion = 256
}
