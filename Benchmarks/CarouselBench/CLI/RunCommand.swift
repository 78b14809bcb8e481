import BenchKit
import Foundation

/// `run`'s arguments.
struct RunArguments: CommandArguments {
    var cases = CaseArguments()
    var output = "Results/latest.csv"
    var baseline = "Results/baseline.csv"
    var noBaseline = false
    var saveBaseline = false
    var replaceBaseline = false
    var check = false
    var comparison = ComparisonArguments()
    var format = FormatArgument()
    var table = RunTable.compact
    var instructions = false
    var verbose = false
    var processes = Defaults.processes
    var history = false
    var profile = ProfileChoice()
    var lock = LockArguments()
    /// The app's own work in every frame, in milliseconds, for the hitch time ratio with content.
    var contentMilliseconds = 0.0

    /// How much of the results the table format prints.
    enum RunTable: String, CaseIterable {
        /// The answer: the recommendation, the headline rows, the rows that changed, where the files went.
        case compact
        /// Every row.
        case full
    }

    static var output: Option<Self> {
        .value("--output", \.output, .text("PATH"),
               "results CSV; its .samples.csv and .meta.json beside it, and the full table as .table.txt and .md")
    }
    static var baseline: Option<Self> {
        .value("--baseline", \.baseline, .text("PATH"), "baseline to compare with, skipped when absent")
    }
    static var noBaseline: Option<Self> { .flag("--no-baseline", \.noBaseline, "do not compare with any baseline") }
    static var saveBaseline: Option<Self> {
        .flag("--save-baseline", \.saveBaseline, "also save the rows into the baseline: they replace their own rows, the others stay")
    }
    static var replaceBaseline: Option<Self> {
        .flag("--replace-baseline", \.replaceBaseline, "also write the results as the whole baseline, dropping the rows not run")
    }
    static var check: Option<Self> {
        let name = "--check"
        return .flag(name, \.check, "exit 2 when any row regressed against the baseline") { arguments in
            if arguments.check && arguments.noBaseline {
                throw UsageError("options '\(name)' and '\(noBaseline.name)' exclude each other")
            }
        }
    }
    static var table: Option<Self> {
        .value("--table", \.table, .choice(),
               "with the table format: compact prints the answer (the recommendation, the headline rows, the rows that "
                + "changed, where the files went), full every row")
    }
    static var instructions: Option<Self> {
        .flag("--instructions", \.instructions, "also count instructions per iteration under valgrind's callgrind")
    }
    static var verbose: Option<Self> {
        .flag("--verbose", \.verbose,
              "a progress line per benchmark, every changed row of the comparison (inconclusive, new) and every row (\(table.name) full)")
    }
    static var processes: Option<Self> {
        .value("--processes", \.processes, .int("N", 1...8),
               "take the sampling rounds in turn in N processes of this build, each with its own copy of every case "
                + "(Docs/NOISE.md, \"Several processes\")")
    }
    static var history: Option<Self> {
        .flag("--history", \.history,
              "also append the rows to this machine's history (\(HistoryFile.directory)/MACHINE.csv), and add the run to "
                + "its profile (\(MachineProfile.directory)/MACHINE.csv, or \(ProfileChoice.profile.name)) even at another "
                + SelectionArguments.timeBudget.name)
    }

    static var contentMilliseconds: Option<Self> {
        .value("--content-ms", \.contentMilliseconds, .number("MS", 0...1_000),
               "the app's own work in every frame, added to each profiled frame for the hitch time ratio with content "
                + "(hitch_ms_per_s_content; Docs/WORST-FRAME.md, \"In Apple's units\")")
    }

    static var options: [Option<Self>] {
        including(\.cases) + [output, baseline, noBaseline, saveBaseline, replaceBaseline, check] + including(\.comparison)
            + including(\.format) + [table, instructions, verbose, processes, history] + including(\.profile) + including(\.lock)
            + [contentMilliseconds]
    }

    var selection: SelectionArguments {
        get { cases.selection }
        set { cases.selection = newValue }
    }
}

/// `carousel-bench run`: time every benchmark, write the results, compare with the baseline (`SuiteRun`).
enum RunCommand {
    static let name = "run"

    static var command: Command {
        typealias Run = RunArguments
        typealias Selection = SelectionArguments
        let defaults = Run()
        return Command(
            name: name, synopsis: "\(name) [OPTIONS]",
            summary: "time every benchmark, write \(defaults.output), compare with \(defaults.baseline), print the answer",
            details: """
            Every benchmark is verified, at the sizes and geometry of the run, before it is timed; one that fails is
            reported and not timed (exit 1). Sizes are catalog sizes n, any of \(Selection.sizeRange.lowerBound)...\(Selection.sizeRange.upperBound) (default \
            \(CarouselSuite.defaultSizes.map(String.init).joined(separator: ",")); \(Selection.quick.name): \
            \(CarouselSuite.quickSizes.map(String.init).joined(separator: ",")) and \(Selection.milliseconds(Defaults.quickBudget)) ms per benchmark and size); a
            design's rows skip the sizes past its limit (`list` shows it; Docs/ALGORITHMS.md, "Catalog limits") with one
            line naming them, the limit and why, and the others run; when nothing the filter selects is left, the run
            refuses before any work (exit 64). Progress goes to standard
            error (one updating line on a terminal, a line every few seconds otherwise). Standard output ends with the
            answer: the recommendation, a compact table of the headline rows, every row that regressed or improved with
            a line of counts, and where the full table, the CSV and the Markdown went (\(Run.table.name) full, or
            \(Run.verbose.name): every row; \(FormatArgument.option.name): the results in that format).
            The sampling rounds are taken in turn by \(Run.processes.name) processes of this build (\(Defaults.processes) by default), each
            with its own copy of every case, so that a row one process runs off the others does not move its median
            (Docs/NOISE.md, "Several processes").
            After sampling, every pipeline/* and uikit/* row is also timed frame by frame over its trajectory (\(Defaults.minimumPlays) to \(Defaults.maximumPlays)
            plays within the time budget, one play of each row a round; each frame's cost the minimum over the
            plays): worst_frame (ns, its costliest frame), p99_frame, worst_frame_event (what happened in most frames
            within 10% of it: rotation, release, end of flick, wrap jump, new item, nothing special),
            worst_frame_index (the costliest of those); and in Apple's units (Docs/WORST-FRAME.md, "In Apple's units"):
            hitch_ms_per_s (ms of hitch per second of scrolling, each frame over the frame budget of \(GeometryArguments.hz.name) shown late
            by whole frames), hitch_ms_per_s_content (the same with \(Run.contentMilliseconds.name) of the app's own work added to every
            frame) and headroom_ms (the frame budget less the worst frame). The comparison decides a row on its
            worst frame too when the median does not (\(ComparisonArguments.worstThreshold.name); a change under \(Int(Defaults.worstFrameNoiseFloor / 1000)) us never counts). Where time
            decides a row, it says in how many rounds each run ran at the machine's full speed (with \(ComparisonArguments.rawSamples.name) it warns
            when either did so in under \(Int(Defaults.fullSpeedWarningShare * 100))% of them: a slowdown may then read unchanged; Docs/NOISE.md,
            "Full-speed rounds"). A run at the tool's own budget (no \(Selection.timeBudget.name)) with at least \(Defaults.minimumRowsForDrift)
            rows of \(Defaults.minimumBenchmarksForDrift) benchmarks is added to this machine's profile (\(MachineProfile.directory)/MACHINE.csv, or
            \(ProfileChoice.profile.name)); with \(Run.history.name) any run is. Once a row has \(MachineProfile.minimumRuns) runs there, the comparison learns its
            exponent from the profile as well as from the pair, measures the rounds against either run's full speed and
            widens the rows that move most between runs (Docs/NOISE.md, "The machine profile"; \(ProfileChoice.noProfile.name): neither
            adds nor divides by it).
            Every run also times the reference rows (\(ReferenceRows.keys.count) rows of the harness, the floors and the components at
            fixed sizes, whatever \(FilterArgument.option.name) says; the summary names them): the comparison takes the run-wide drift and
            the rounds' slowdowns from them alone, so a change confined to the rows under test keeps its whole ratio
            (Docs/VERDICTS.md, "Reference rows"). A results file records its scope (quick or full, budget, processes,
            sizes); times of rows of two scopes read `not comparable`, with a warning (instruction counts still decide),
            and a baseline that records none is compared as it is, with a note (Docs/VERDICTS.md, "Runs of one scope").
            A baseline none of whose rows this run measures, with benchmarks this package does not have, is another
            package's: the run stops before timing anything (exit 1). An `unchanged` row whose interval excludes 1 reads
            `slower, below threshold (+17%, 1.07-1.19x)` (or faster) and is counted apart.
            Runs may share an output, a baseline and the history: each set is read, merged and written under a lock
            (one beside it, .NAME.lock), so none is mixed and no row lost; a run that has to wait says so after a
            second and gives up after \(LockArguments.option.name) seconds with one line (exit 1), having written nothing.
            """,
            arguments: RunArguments.self, run: run)
    }

    static func run(_ arguments: RunArguments) throws -> Int32 {
        let suiteRun = try SuiteRun(arguments)
        if InstructionCounter.isChild {
            try suiteRun.countInstructions()
            return ExitCode.success
        }
        let outcome = try suiteRun.run()
        outcome.emit(output: { print($0, terminator: ""); fflush(nil) }, errors: StandardError.write)
        if let error = outcome.writeError { throw error }
        return outcome.status
    }
}
