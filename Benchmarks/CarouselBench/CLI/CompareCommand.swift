import BenchKit
import Foundation

/// `compare`'s arguments.
struct CompareArguments: CommandArguments {
    var files: [String] = []
    var comparison = ComparisonArguments()
    var format = FormatArgument()
    var output: String?
    var all = false
    var profile = ProfileChoice()
    var lock = LockArguments()

    static var output: Option<Self> {
        .value(RunArguments.output.name, \.output, .text("PATH"), "also write the comparison CSV here")
    }
    static var all: Option<Self> { .flag("--all", \.all, "show every row, not only those that changed") }
    static var options: [Option<Self>] {
        including(\.comparison) + including(\.format) + [output, all] + including(\.profile) + including(\.lock)
    }
    static var positionals: Positionals<Self>? { Positionals(path: \.files, most: 2) }
}

/// `carousel-bench compare BASE.csv NEW.csv`: the regression verdict for every row.
enum CompareCommand {
    static var command: Command {
        typealias Comparison = ComparisonArguments
        return Command(
            name: "compare", synopsis: "compare BASE.csv NEW.csv [OPTIONS]",
            summary: "the regression verdict for each row of two results files (exit 2 on a regression)",
            details: """
            Rows are matched on benchmark and catalog size. When both rows have instructions per iteration,
            those decide (deterministic; threshold \(ReportNumber.percent(Defaults.instructionThreshold * 100))%). Times are compared only
            between runs on the same machine (the fingerprint in NAME.meta.json: CPU, cores, caches, kernel, Swift);
            otherwise those rows read `not comparable`. On one machine each time sample is first divided by its
            round's slowdown (the median reference row's, so a machine slow for a while is not slower code; \(Comparison.rawSamples.name): not;
            Docs/NOISE.md, "Round speeds"), measured against either run's full speed and with each row's exponent learnt
            from the machine's profile too when one of at least \(MachineProfile.minimumRuns) runs is there (`profile`,
            and every `run` at the tool's own budget; \(ProfileChoice.profile.name), \(ProfileChoice.noProfile.name)); the ratio of the runs' medians
            of those samples (\(Comparison.estimator.name)) is divided by the run-wide drift (the median ratio over the reference rows the files
            record, every run's fixed rows of the harness, the floors and the components, else over all rows, so a
            slower machine is not slower code, and the rounds' slowdowns are those rows' too; Docs/VERDICTS.md,
            "Reference rows") and a seeded bootstrap over those samples gives its 95% interval: `regressed`
            only when the whole interval is above 1 + threshold, `inconclusive` when the interval is too wide to decide; an
            `unchanged` row whose interval excludes 1 reads `slower, below threshold (+17%, 1.07-1.19x)` (or faster),
            counted apart. Times are compared only between rows of one scope (quick or full, budget, processes, sizes,
            recorded in NAME.meta.json): rows of two scopes read `not comparable` with a warning (instruction counts still
            decide), and a file that records no scope is compared as it is, with a note (Docs/VERDICTS.md, "Runs of one
            scope"). Two files with no row in common but the reference rows are an error (exit 1).
            A row the median leaves unchanged or inconclusive is decided on its worst frame (worst_frame, where both
            files have it): `regressed` when, divided by the drift, it is past 1 + \(Comparison.worstThreshold.name) and longer by at
            least \(Int(Defaults.worstFrameNoiseFloor / 1000)) us (`improved` the other way); the verdict's metric is then worst_frame. Rows
            instruction counts decide are not.
            A row with 1 or 2 raw samples on a side (a trajectory longer than its share of the run) gets no time verdict:
            a note on standard error names such rows and how to sample them more.
            The summary says in how many of each run's rounds the machine ran at its full speed (the median row within
            \(Int(Defaults.fullSpeedTolerance * 100))% of its fastest sample in either run); with \(Comparison.rawSamples.name) it warns on standard error when
            either run's share is under \(Int(Defaults.fullSpeedWarningShare * 100))%: a slowdown may then read unchanged or inconclusive
            (Docs/NOISE.md, "Full-speed rounds"). Each file is read with its samples and metadata under its shared
            lock, so a set a run is writing is read whole, before or after (waiting up to \(LockArguments.option.name)).
            """,
            arguments: CompareArguments.self, run: run)
    }

    static func run(_ arguments: CompareArguments) throws -> Int32 {
        guard arguments.files.count == 2 else {
            throw UsageError("compare needs two files, BASE.csv and NEW.csv")
        }
        let format = arguments.format.format
        var comparisonOptions = arguments.comparison.comparisonOptions
        let schema = SuiteConfiguration.readingSchema
        let wait = arguments.lock.wait
        // Each set as one commit left it, even while a run writes it.
        let baseline = try ResultsFile.readSet(arguments.files[0], schema: schema, wait: wait)
        let current = try ResultsFile.readSet(arguments.files[1], schema: schema, wait: wait)
        try checkRowsMatch(baseline: baseline, current: current, paths: arguments.files)
        comparisonOptions.describe(baseline: baseline.metadata, current: current.metadata)
        comparisonOptions.profile = try arguments.profile.forComparison(baseline: baseline.metadata)
        let comparison = Comparator.compare(baseline: baseline.rows, current: current.rows, options: comparisonOptions)
        if let output = arguments.output {
            try FileSystem.ensureParentDirectory(of: output)
            try ComparisonFile.write(comparison, schema: schema, to: output)
        }
        print(try format.comparison(comparison, schema: schema, listed: arguments.all ? .all : .notable), terminator: "")
        let notes = comparison.notes
        if !notes.isEmpty {
            fflush(nil)   // every stream: the notes come after the table they are about, also in one pipe
            for note in notes { StandardError.write(note + "\n") }
        }
        return comparison.hasRegression ? ExitCode.regression : ExitCode.success
    }

    /// Stops a comparison of two files that have rows but no row in common besides the reference rows (which every
    /// package's runs have): a baseline of another package, or of other benchmarks, would otherwise read every row
    /// `new` or `missing` and exit 0.
    /// - Throws: `RuntimeError` (exit 1) naming both files and a row of each.
    static func checkRowsMatch(baseline: (rows: [ResultRow], metadata: RunMetadata?),
                               current: (rows: [ResultRow], metadata: RunMetadata?), paths: [String]) throws {
        let references = (baseline.metadata?.referenceKeys ?? []).union(current.metadata?.referenceKeys ?? [])
        let before = Set(baseline.rows.map(\.key)).subtracting(references)
        let after = Set(current.rows.map(\.key)).subtracting(references)
        guard !before.isEmpty, !after.isEmpty, before.isDisjoint(with: after) else { return }
        throw RuntimeError("\(paths[0]) and \(paths[1]) have no row in common"
            + (references.isEmpty ? "" : " besides the reference rows")
            + " (\(before.min()!) ..., \(after.min()!) ...): files of two packages or of other benchmarks; nothing to compare")
    }
}

enum FileSystem {
    /// Creates the directory a file will be written into, so that an output in a new folder works.
    static func ensureParentDirectory(of path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RuntimeError("\(directory): cannot create directory")
        }
    }
}
