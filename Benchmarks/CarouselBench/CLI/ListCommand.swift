import BenchKit
import CarouselLayout

/// `carousel-bench list`: every benchmark id, its unit, sizes and limit.
enum ListCommand {
    static var command: Command {
        Command(
            name: "list", synopsis: "list [--filter REGEX] [--uikit]",
            summary: "every benchmark id (family/strategy) with its unit, sizes and size limit",
            details: """
            Columns (tab-separated): id, unit, sizes (any n, with its limit and why, and the default sizes).
            With --uikit: every switch of the UIKit model instead (name, values with the default first, default,
            evidence, what it decides); set them with `run --uikit NAME=VALUE`.
            """,
            options: [CommonOptions.filter, .flag("--uikit", "list the UIKit model's switches instead")],
            maxPositionals: 0, run: run)
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if arguments.has("--uikit") {
            for descriptor in UIKitSwitches.descriptors {
                print("\(descriptor.name)\t\(descriptor.values.joined(separator: "|"))\tdefault \(descriptor.defaultValue)"
                    + "\t\(descriptor.evidence)\t\(descriptor.summary)")
            }
            return ExitCode.success
        }
        let options = RunOptions(filter: arguments.value("--filter"))
        let selection: BenchmarkRunner.Selection
        do {
            selection = try BenchmarkRunner.select(CarouselSuite().benchmarks, options: options)
        } catch {
            throw UsageError("option '--filter': '\(options.filter ?? "")' is not a valid regular expression")
        }
        var seen: Set<BenchmarkID> = []
        for (registration, _) in selection.cases where seen.insert(registration.id).inserted {
            print("\(registration.id)\t\(registration.unit.rawValue)\t\(registration.sizes.summary)")
        }
        return ExitCode.success
    }
}
