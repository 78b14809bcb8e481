import BenchKit
import CarouselLayout

/// `list`'s arguments.
struct ListArguments: CommandArguments {
    var filter = FilterArgument()
    var uikit = false

    static var uikit: Option<Self> { .flag(GeometryArguments.uikit.name, \.uikit, "list the UIKit model's switches instead") }
    static var options: [Option<Self>] { including(\.filter) + [uikit] }
}

/// `carousel-bench list`: every benchmark id, its unit, sizes and limit.
enum ListCommand {
    static let name = "list"

    static var command: Command {
        Command(
            name: name, synopsis: "\(name) [\(FilterArgument.option.synopsis)] [\(ListArguments.uikit.name)]",
            summary: "every benchmark id (family/strategy) with its unit, sizes and size limit",
            details: """
            Columns (tab-separated): id, unit, sizes (any n, with its limit and why, and the default sizes), and the
            frame-by-frame profile's figures a row gets (\(profiledFigures) for every pipeline/*, uikit/* and floor/uikit row,
            `-` for the others): worst_frame is the costliest frame of the standard trajectory in ns (each frame timed
            on its own, the minimum over \(Defaults.minimumPlays) to \(Defaults.maximumPlays) plays), p99_frame the 99th percentile of the frames, worst_frame_event
            what happened in most of the frames within 10% of the worst (rotation, release, end of flick, wrap jump,
            new item, nothing special), worst_frame_index the costliest frame of that event, hitch_ms_per_s and
            hitch_ms_per_s_content the hitch time ratio (ms of hitch per second of scrolling) without and with
            `run --content-ms` of the app's own work, and headroom_ms the frame budget less the worst frame
            (Docs/WORST-FRAME.md, "In Apple's units").
            With \(ListArguments.uikit.name): every switch of the UIKit model instead (name, values with the default first, default,
            evidence, what it decides; a weight, which leaves out work the model pays for UIKit, is never varied by the
            matrix); set them with `run \(GeometryArguments.uikit.synopsis)`.
            """,
            arguments: ListArguments.self, run: run)
    }

    /// The columns a profiled row fills.
    static let profiledFigures = ([Metric.worstFrame, .p99Frame, .worstFrameIndex, .worstFrameEvent, .hitchRatio,
                                   .hitchRatioWithContent].map(\.column) + [Metric.headroom(hz: SuiteConfiguration.referenceHz).column])
        .joined(separator: ",")

    static func run(_ arguments: ListArguments) throws -> Int32 {
        if arguments.uikit {
            for descriptor in UIKitSwitches.descriptors {
                print("\(descriptor.name)\t\(descriptor.values.joined(separator: "|"))\tdefault \(descriptor.defaultValue)"
                    + "\t\(descriptor.evidence)\t\(descriptor.summary)"
                    + (descriptor.isReading ? "" : " (flipped alone, never varied by the matrix)"))
            }
            return ExitCode.success
        }
        let suite = CarouselSuite()
        let selection = try BenchmarkRunner.select(suite.benchmarks, options: RunOptions(filter: arguments.filter.pattern))
        var seen: Set<BenchmarkID> = []
        for (registration, _) in selection.cases where seen.insert(registration.id).inserted {
            let profiled = switch suite.rows[registration.id] {
            case .pipeline?, .uikit?, .uikitFloor?: profiledFigures
            default: "-"
            }
            print("\(registration.id)\t\(registration.unit.rawValue)\t\(registration.sizes.summary)\t\(profiled)")
        }
        return ExitCode.success
    }
}
