import BenchKit
import CarouselLayout

/// `carousel-bench trace`: one trajectory through one pipeline, frame by frame, as CSV on standard output.
enum TraceCommand {
    enum Gesture: String, CaseIterable { case drag, flick, standard }

    static var command: Command {
        Command(
            name: "trace", synopsis: "trace --pipeline ID --catalog n [OPTIONS]",
            summary: "one trajectory through one pipeline, frame by frame, as CSV",
            details: """
            Columns: frame,offset,center_item,logical_index,jumped,visible. `offset` is the content offset after
            any wrap jump that frame, `center_item` the raw item index (of N), `logical_index` in [0, n), `jumped`
            1 when the wrap moved the offset, `visible` the items intersecting the viewport as
            item:scale:alpha:tx joined by ';' (alpha 1 and tx 0 where the strategy has none).
            Pipelines: \(ids { $0.core }), and their UIKit views (\(ids { $0.uikit })), which honour --uikit and stop
            at the content's edge as a UIScrollView does.
            With --costs, two more columns: `cost_ns`, the frame's cost (each frame timed on its own, the minimum over
            2 to 7 plays of the trace, the smaller of wall and thread CPU time less the clock's own cost; as the
            results' worst_frame), and `event`, what happened in the frame (rotation, release, end of flick, wrap
            jump, new item, nothing special). --gesture standard plays the suite's standard trajectory (2 934 frames
            at 120 Hz, releases and two rotations; --frames and --velocity do not apply).
            """,
            options: [
                .value("--pipeline", "ID", "pipeline id, e.g. pipeline.best (the 'pipeline.' prefix may be left out)"),
                .value("--catalog", "n", "catalog size n"),
            ] + CommonOptions.geometry + [
                .value("--gesture", "KIND", "drag|flick|standard (default drag)"),
                .value("--velocity", "V", "points per second, negative scrolls left (default 2000)"),
                .value("--frames", "F", "frames to trace (default 120)"),
                .flag("--costs", "also each frame's cost in ns and its event (cost_ns,event)"),
            ],
            maxPositionals: 0, run: run)
    }

    /// The ids of every implementation's core or UIKit view, for the help.
    static func ids(_ view: (Implementation) -> (any CarouselPipeline.Type)?) -> String {
        CarouselBench.implementations.compactMap { view($0)?.id }.joined(separator: ", ")
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let pipelineID = arguments.value("--pipeline") else { throw UsageError("option '--pipeline' is required") }
        // `best`, `pipeline.best` or `pipeline/best` for a core; `uikit.best` or `uikit/best` for its UIKit view.
        let normalised = pipelineID.replacingOccurrences(of: "/", with: ".")
        let implementations = CarouselBench.implementations
        let uikit = implementations.lazy.compactMap(\.uikit).first { $0.id == normalised }
        let core = implementations.lazy.compactMap(\.core).first { $0.id == normalised || $0.id == "pipeline." + normalised }
        guard core != nil || uikit != nil else {
            let known = implementations.compactMap(\.coreID) + implementations.compactMap(\.uikitID)
            throw UsageError("option '--pipeline': '\(pipelineID)' is not one of \(known.joined(separator: "|"))")
        }
        guard arguments.value("--catalog") != nil else { throw UsageError("option '--catalog' is required") }
        let catalog = try arguments.int("--catalog", default: 0, range: 1...1_000_000)
        let configuration = try CommonOptions.configuration(arguments)
        let gesture: Gesture = try arguments.choice("--gesture", default: .drag)
        let velocity = try arguments.double("--velocity", default: 2000, range: -1_000_000...1_000_000)
        let frames = try arguments.int("--frames", default: 120, range: 1...10_000_000)
        let (geometry, hz) = (configuration.geometry, configuration.hz)
        let duration = Double(frames) / hz
        let script: ScrollScript
        switch gesture {
        case .drag: script = ScrollScript([.drag(velocity: velocity, duration: duration)])
        case .flick:
            script = ScrollScript([.flick(velocity: velocity, decelerationRate: ScrollDeceleration.normal),
                                   .pause(duration: duration)])
        case .standard: script = PipelineInputs.script
        }
        let rows = if let uikit {
            PipelineTrace.trace(uikit: uikit, catalogCount: catalog, geometry: geometry,
                                switches: configuration.switches, script: script, hz: hz)
        } else {
            PipelineTrace.trace(core!, catalogCount: catalog, geometry: geometry, script: script, hz: hz)
        }
        let shown = gesture == .standard ? rows.count : min(frames, rows.count)
        // The costs of the same frames: the script recorded and profiled as a trajectory row is (budget 0.2 s).
        let costs: (FrameProfile, [FrameEvent])? = if !arguments.has("--costs") {
            nil
        } else if let uikit {
            FrameCosts.uikit(uikit, catalog: catalog, configuration: configuration, script: script, budgetSeconds: 0.2)
        } else {
            FrameCosts.core(core!, catalog: catalog, configuration: configuration, script: script, budgetSeconds: 0.2)
        }
        var text = "frame,offset,center_item,logical_index,jumped,visible" + (costs == nil ? "" : ",cost_ns,event") + "\n"
        for (index, row) in rows.prefix(shown).enumerated() {
            let visible = row.visible.map { "\($0.item):\(number($0.scale)):\(number($0.alpha)):\(number($0.translationX))" }
            text += "\(row.frame),\(number(row.offset)),\(row.centerItem.map(String.init) ?? ""),"
                + "\(row.logicalIndex.map(String.init) ?? ""),\(row.jumped ? 1 : 0),\(visible.joined(separator: ";"))"
            if let (profile, events) = costs { text += ",\(number(profile.costs[index])),\(events[index].rawValue)" }
            text += "\n"
        }
        print(text, terminator: "")
        return ExitCode.success
    }

    /// Up to 4 decimals, no trailing zeros, `.` as the decimal point.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
