import BenchKit
import CarouselLayout
import Foundation

/// The options several commands share, each a group of its own that a command includes
/// (`CommandArguments.including`).

/// `--filter`: which benchmarks, by id (`run`, `ab`, `list`, `history`).
struct FilterArgument: CommandArguments {
    var pattern: String?

    static var option: Option<Self> {
        .value("--filter", \.pattern, .pattern, "only benchmarks whose id (family/strategy) matches")
    }
    static var options: [Option<Self>] { [option] }
}

/// The geometry and frame rate of Docs/ALGORITHMS.md, "Shared geometry", and the UIKit model's switches (`run`,
/// `ab`, `trace`). The viewport is 300 pt tall and items 200 pt, as in the suite's default geometry.
struct GeometryArguments: CommandArguments {
    var viewport = CarouselGeometry.default.viewportWidth
    /// Nil: 0.8 of the viewport.
    var itemWidth: Double?
    var spacing = CarouselGeometry.default.spacing
    var minScale = CarouselGeometry.default.minScale
    var hz = Int(SuiteConfiguration.referenceHz)
    /// `NAME=VALUE` assignments of the UIKit model's switches, in order.
    var uikit: [String] = []

    static var viewport: Option<Self> {
        .value("--viewport", \.viewport, .number("W", 1...100_000), "viewport width in points")
    }
    static var itemWidth: Option<Self> {
        let name = "--item-width"
        return .value(name, \.itemWidth, .number("w", 1...100_000), "item width in points (default 0.8 W)") { arguments in
            if let width = arguments.itemWidth, width > arguments.viewport {
                throw UsageError("option '\(name)': '\(ReportNumber.text(width))' is not a number in 1...\(ReportNumber.text(arguments.viewport))")
            }
        }
    }
    static var spacing: Option<Self> {
        let name = "--spacing"
        return .value(name, \.spacing, .number("s", -100_000...10_000),
                      "visual gap between the centred item and its neighbour") { arguments in
            let least = -arguments.width / 2
            if arguments.spacing < least {
                throw UsageError("option '\(name)': '\(ReportNumber.text(arguments.spacing))' is not a number in "
                    + "\(ReportNumber.text(least))...10000")
            }
        }
    }
    static var minScale: Option<Self> {
        let name = "--min-scale"
        return .value(name, \.minScale, .number("m", 0.01...1), "side item scale") { arguments in
            let pitch = arguments.geometry.pitch
            guard pitch > 0 else {
                throw UsageError("options '\(itemWidth.name)', '\(spacing.name)', '\(name)': the pitch w + L = "
                    + "\(pitch) must be positive")
            }
        }
    }
    static var hz: Option<Self> {
        .value("--hz", \.hz, .int("RATE", 1...1_000), "whole frames per second: the trajectory's frame rate and the frame budget")
    }
    static var uikit: Option<Self> {
        .values("--uikit", \.uikit, ValueForm(
            placeholder: "NAME=VALUE", accepted: "NAME=VALUE, a UIKit model switch and its value",
            read: { text in
                let assignments = text.split(separator: ",").map(String.init)
                _ = try UIKitSwitches.parse(assignments)
                return assignments
            }, write: { $0.joined(separator: ",") }),
            "a UIKit model switch for the uikit/* rows; repeat or comma-separate (\(ListCommand.name) \(ListArguments.uikit.name))")
    }
    static var options: [Option<Self>] { [viewport, itemWidth, spacing, minScale, hz, uikit] }

    /// The item width: the given one, or 0.8 of the viewport.
    var width: Double { itemWidth ?? viewport * 0.8 }

    var geometry: CarouselGeometry {
        CarouselGeometry(viewportWidth: viewport, viewportHeight: CarouselGeometry.default.viewportHeight, itemWidth: width,
                         itemHeight: CarouselGeometry.default.itemHeight, spacing: spacing, minScale: minScale)
    }

    /// The suite's configuration these options give.
    func configuration() throws -> SuiteConfiguration {
        let switches: UIKitSwitches
        do {
            switches = try UIKitSwitches.parse(uikit)
        } catch {
            throw UsageError("option '\(Self.uikit.name)': \(error)")
        }
        return SuiteConfiguration(geometry: geometry, hz: Double(hz), switches: switches)
    }
}

/// What selects and times the benchmarks (`run`, `ab` and their workers): which ones, at which sizes and
/// geometry, for how long, with heap blocks placed how.
struct SelectionArguments: CommandArguments {
    var filter = FilterArgument()
    var sizes: [Int]?
    var quick = false
    var geometry = GeometryArguments()
    /// Milliseconds per benchmark and size; nil: the command's own budget.
    var timeBudget: Int?
    var blockAlignment = BlockAlignment.standard

    static let sizeRange = 1...1_000_000

    static var sizes: Option<Self> {
        .value("--sizes", \.sizes, .list("LIST", sizeRange, noun: "size"),
               "comma-separated catalog sizes in \(sizeRange.lowerBound)...\(sizeRange.upperBound), e.g. 3,30,300")
    }
    static var quick: Option<Self> {
        .flag("--quick", \.quick, "CI smoke run: \(CarouselSuite.quickSizes.count) sizes, a short budget (run "
            + "\(milliseconds(Defaults.quickBudget)) ms, ab \(milliseconds(Defaults.pairedQuickBudget)) ms per benchmark and size)")
    }
    static var timeBudget: Option<Self> {
        .value("--time-budget", \.timeBudget, .int("MS", 1...600_000),
               "sampling milliseconds per benchmark and size (default: run \(milliseconds(Defaults.runBudget)), ab "
                + "\(milliseconds(Defaults.pairedBudget)); \(quick.name): run \(milliseconds(Defaults.quickBudget)), ab "
                + "\(milliseconds(Defaults.pairedQuickBudget)))")
    }
    static var blockAlignment: Option<Self> {
        .value("--block-alignment", \.blockAlignment, .choice("NAME"),
               "where heap blocks go: apple (blocks of \(BlockAlignment.appleTinyLimit + 1) bytes to "
                + "\(BlockAlignment.alignedThrough / 1024) KiB at \(BlockAlignment.appleSmallQuantum)-byte boundaries, as "
                + "libmalloc places them) or native (glibc's own); Docs/COMPONENT-ROWS.md, \"Block alignment\"")
    }
    static var options: [Option<Self>] {
        including(\.filter) + [sizes, quick] + including(\.geometry) + [timeBudget, blockAlignment]
    }

    /// The run options these select, sampling `budget` seconds per benchmark and size (`quickBudget` with
    /// `--quick`) unless `--time-budget` says otherwise; the warm-up is a share of it. Every reference row
    /// (`ReferenceRows`) is selected too, whatever the filter: `run`, its round workers and callgrind children, `ab`
    /// and its workers all select through here, so they select alike.
    func runOptions(budget: Double, quickBudget: Double) -> RunOptions {
        var options = quick
            ? RunOptions.quick(filter: filter.pattern, sizes: sizes ?? CarouselSuite.quickSizes)
            : RunOptions(filter: filter.pattern, sizes: sizes)
        options.timeBudget = timeBudget.map { Double($0) / 1000 } ?? (quick ? quickBudget : budget)
        options.warmup = options.timeBudget * Defaults.warmupShare
        options.references = ReferenceRows.keys
        return options
    }

    /// The scope of a run of `options` (these arguments' `runOptions`) whose rounds `processes` processes take: what a
    /// results file records and a comparison checks (`RunScope`, `ScopeCheck`).
    func scope(of options: RunOptions, processes: Int) -> RunScope {
        RunScope(kind: quick ? .quick : .full, budgetMilliseconds: Self.milliseconds(options.timeBudget), processes: processes,
                 sizes: options.sizes ?? CarouselSuite.defaultSizes)
    }

    /// `seconds` as whole milliseconds, for the help and for a worker's `--time-budget`.
    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }
}

/// What chooses the cases and the suite they belong to: the selection and the UIKit switch matrix. What `run`
/// gives its child processes, its round workers (`ab-worker`) and its callgrind children (`run`), and nothing
/// else: a path among a callgrind child's arguments would change its counts (`InstructionCounter.childEnvironment`).
struct CaseArguments: CommandArguments {
    var selection = SelectionArguments()
    var uikitMatrix = false

    static var uikitMatrix: Option<Self> {
        .flag("--uikit-matrix", \.uikitMatrix,
              "also time each uikit/* pipeline under every other combination of the switches that change its work")
    }
    static var options: [Option<Self>] { including(\.selection) + [uikitMatrix] }

    /// The suite's configuration: the geometry's, with the matrix when asked for.
    func configuration() throws -> SuiteConfiguration {
        var configuration = try selection.geometry.configuration()
        configuration.uikitMatrix = uikitMatrix ? .live : .off
        return configuration
    }
}

/// How a time comparison decides (`run`, `compare`; Docs/VERDICTS.md).
struct ComparisonArguments: CommandArguments {
    var threshold = Defaults.timeThreshold
    var estimator = TimeEstimator.standard
    var rawSamples = false
    var worstThreshold = Defaults.worstFrameThreshold

    static var threshold: Option<Self> {
        .value("--threshold", \.threshold, .percent("PCT", 0.01...1000),
               "regression threshold in percent (Docs/VERDICTS.md, \"Thresholds\")")
    }
    static var estimator: Option<Self> {
        .value("--estimator", \.estimator, .timeEstimator,
               "what a time ratio is taken of: median, p10, min, hl (Hodges-Lehmann) or pP, 0 < P < 50 "
                + "(Docs/VERDICTS.md, \"The estimator\")")
    }
    static var rawSamples: Option<Self> {
        .flag("--raw-samples", \.rawSamples,
              "take the estimator of the raw samples, not of each divided by its round's slowdown (Docs/NOISE.md, \"Round speeds\")")
    }
    static var worstThreshold: Option<Self> {
        .value("--worst-threshold", \.worstThreshold, .percent("PCT", 0.01...1000),
               "worst-frame threshold in percent, where the median does not decide (Docs/WORST-FRAME.md, \"Its verdict\")")
    }
    static var options: [Option<Self>] { [threshold, estimator, rawSamples, worstThreshold] }

    var comparisonOptions: ComparisonOptions {
        var options = ComparisonOptions(timeThreshold: threshold, estimator: estimator, roundSpeeds: !rawSamples)
        options.worstFrameThreshold = worstThreshold
        return options
    }
}

extension ValueForm where Value == TimeEstimator {
    static var timeEstimator: ValueForm {
        ValueForm(placeholder: "NAME", accepted: "one of median|min|hl|pP (0 < P < 50, e.g. p10)",
                  read: { TimeEstimator(name: $0) }, write: { $0.description })
    }
}

/// The machine profile a comparison divides by (`run`, `compare`; Docs/NOISE.md, "The machine profile").
struct ProfileChoice: CommandArguments {
    var path: String?
    var none = false

    static var profile: Option<Self> {
        .value("--profile", \.path, .text("PATH"),
               "the machine profile to divide by (default \(MachineProfile.directory)/MACHINE.csv of the baseline's "
                + "machine, when there is one; Docs/NOISE.md, \"The machine profile\")")
    }
    static var noProfile: Option<Self> {
        let name = "--no-profile"
        return .flag(name, \.none,
                     "divide by each pair's own rounds alone, not by the machine's profile (run: nor add the run to it)") { choice in
            if choice.none && choice.path != nil {
                throw UsageError("options '\(profile.name)' and '\(name)' exclude each other")
            }
        }
    }
    static var options: [Option<Self>] { [profile, noProfile] }

    /// The slug of the machine a run's metadata names (`HistoryFile.machineSlug`); nil when it names none.
    static func machine(of metadata: RunMetadata?) -> String? {
        metadata?.machine.map { HistoryFile.machineSlug($0.description) }
    }

    /// The profile a comparison with a baseline of `baseline` divides by: `--profile PATH` (which must exist and be
    /// of the baseline's machine), else the baseline machine's default file when it exists; nil with `--no-profile`.
    func forComparison(baseline: RunMetadata?) throws -> MachineProfile? {
        if none { return nil }
        let machine = Self.machine(of: baseline)
        if let path {
            guard let profile = try MachineProfile.read(path) else { throw RuntimeError("\(path): no such profile") }
            if let machine, profile.machine != machine {
                throw RuntimeError("\(path): a profile of \(profile.machine), but the baseline was timed on \(machine)")
            }
            return profile
        }
        return try machine.flatMap { try MachineProfile.read(MachineProfile.path(machine: $0)) }
    }
}

/// `--format` of the commands that print results (`run`, `compare`): every format.
struct FormatArgument: CommandArguments {
    var name = TableFormat().name

    static var option: Option<Self> {
        .value("--format", \.name, .oneOf("FMT", OutputFormats.all.map(\.name)),
               "the format of standard output: \(OutputFormats.names(OutputFormats.all))")
    }
    static var options: [Option<Self>] { [option] }

    var format: any OutputFormat { OutputFormats.all.first { $0.name == name } ?? TableFormat() }
}

/// `--format` of the commands that print tables of their own (`verify`, `ab`): the formats that carry them.
struct TableFormatArgument: CommandArguments {
    var name = TableFormat().name

    static var option: Option<Self> {
        .value(FormatArgument.option.name, \.name, .oneOf("FMT", OutputFormats.forTables.map(\.name)),
               "the format of standard output: \(OutputFormats.names(OutputFormats.forTables))")
    }
    static var options: [Option<Self>] { [option] }

    var format: any OutputFormat { OutputFormats.forTables.first { $0.name == name } ?? TableFormat() }
}

/// `--trials`: random geometries per strategy in a verification (`verify`, `report`).
struct TrialsArgument: CommandArguments {
    var trials = VerificationOptions().trials

    static var option: Option<Self> {
        .value("--trials", \.trials, .int("N", 1...100_000), "random geometries per strategy in the verification")
    }
    static var options: [Option<Self>] { [option] }
}
