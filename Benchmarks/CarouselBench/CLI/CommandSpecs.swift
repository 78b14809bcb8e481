import BenchKit
import CarouselLayout

/// The options of every subcommand, in one place, so `--help` and the parser can never disagree.
enum CommonOptions {
    static let sizeRange = 1...1_000_000
    static let threshold = OptionSpec.value("--threshold", "PCT", "regression threshold in percent (default: measured A/A noise, see README)")
    static let estimator = OptionSpec.value(
        "--estimator", "NAME",
        "what a time ratio is taken of: median (default), p10, min, hl (Hodges-Lehmann) or pP, 0 < P < 50 (see README)")
    static let rawSamples = OptionSpec.flag(
        "--raw-samples", "take the estimator of the raw samples, not of each divided by its round's slowdown (README, Round speeds)")
    static let worstFrameThreshold = OptionSpec.value(
        "--worst-threshold", "PCT",
        "worst-frame threshold in percent, where the median does not decide (default \(Int(defaultWorstFrameThreshold * 100)): A/A, see README)")
    static let format = OptionSpec.value("--format", "FMT", "\(OutputFormats.names(OutputFormats.forTables)) (default table)")
    static let resultFormat = OptionSpec.value("--format", "FMT", "\(OutputFormats.names(OutputFormats.all)) (default table)")
    static let filter = OptionSpec.value("--filter", "REGEX", "only benchmarks whose id (family/strategy) matches")

    /// The geometry and frame rate of ALGORITHMS.md's "Shared geometry" (`run` and `trace`).
    static let geometry: [OptionSpec] = [
        .value("--viewport", "W", "viewport width in points (default 390)"),
        .value("--item-width", "w", "item width in points (default 0.8 W)"),
        .value("--spacing", "s", "visual gap between the centred item and its neighbour (default 12)"),
        .value("--min-scale", "m", "side item scale (default 0.8)"),
        .value("--hz", "RATE", "whole frames per second: the trajectory's frame rate and the frame budget (default 120)"),
        .value("--uikit", "NAME=VALUE", "a UIKit model switch for the uikit/* rows; repeat or comma-separate (list --uikit)"),
    ]

    /// Reads `--estimator` (default `TimeEstimator.standard`).
    static func estimator(_ arguments: ParsedArguments) throws -> TimeEstimator {
        guard let name = arguments.value("--estimator") else { return .standard }
        guard let estimator = TimeEstimator(name: name) else {
            throw UsageError("option '--estimator': '\(name)' is not one of median|min|hl|pP (0 < P < 50, e.g. p10)")
        }
        return estimator
    }

    /// Reads `geometry`'s options: the viewport is 300 pt tall and items 200 pt, as in the suite's default.
    static func configuration(_ arguments: ParsedArguments) throws -> SuiteConfiguration {
        let viewport = try arguments.double("--viewport", default: 390, range: 1...100_000)
        let itemWidth = try arguments.double("--item-width", default: viewport * 0.8, range: 1...viewport)
        let spacing = try arguments.double("--spacing", default: 12, range: -itemWidth / 2...10_000)
        let minScale = try arguments.double("--min-scale", default: 0.8, range: 0.01...1)
        let hz = Double(try arguments.int("--hz", default: Int(SuiteConfiguration.referenceHz), range: 1...1_000))
        let geometry = CarouselGeometry(viewportWidth: viewport, viewportHeight: 300, itemWidth: itemWidth,
                                        itemHeight: 200, spacing: spacing, minScale: minScale)
        guard geometry.pitch > 0 else {
            throw UsageError("options '--item-width', '--spacing', '--min-scale': the pitch w + L = \(geometry.pitch) must be positive")
        }
        let assignments = arguments.allValues("--uikit").flatMap { $0.split(separator: ",").map(String.init) }
        let switches: UIKitSwitches
        do {
            switches = try UIKitSwitches.parse(assignments)
        } catch {
            throw UsageError("option '--uikit': \(error)")
        }
        return SuiteConfiguration(geometry: geometry, hz: hz, switches: switches)
    }

    /// The comparison's options from `--threshold`, `--estimator`, `--raw-samples` and `--worst-threshold` (`run` and
    /// `compare`).
    static func comparisonOptions(_ arguments: ParsedArguments) throws -> ComparisonOptions {
        let threshold = try arguments.double("--threshold", default: defaultTimeThreshold * 100, range: 0.01...1000) / 100
        var options = ComparisonOptions(timeThreshold: threshold, estimator: try estimator(arguments),
                                        roundSpeeds: !arguments.has("--raw-samples"))
        options.worstFrameThreshold = try arguments.double(
            "--worst-threshold", default: defaultWorstFrameThreshold * 100, range: 0.01...1000) / 100
        return options
    }
}
