import BenchKit
import CarouselLayout

/// `trace`'s arguments.
struct TraceArguments: CommandArguments {
    enum Gesture: Equatable, CaseIterable, RawRepresentable {
        case drag, flick, standard
        /// A scenario of scrolls by code as `verify` plays it, named as the scenario is.
        case scenario(ProgrammaticScenario)
        /// The app's catalogue updates while the carousel rests (`CatalogUpdateScenario`).
        case catalogueUpdate

        static var allCases: [Gesture] {
            [.drag, .flick, .standard] + ProgrammaticScenario.allCases.map(Gesture.scenario) + [.catalogueUpdate]
        }

        init?(rawValue: String) {
            guard let gesture = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = gesture
        }

        var rawValue: String {
            switch self {
            case .drag: "drag"
            case .flick: "flick"
            case .standard: "standard"
            case let .scenario(scenario): scenario.rawValue
            case .catalogueUpdate: CatalogUpdateScenario.name
            }
        }
    }

    var pipeline: String?
    var catalog: Int?
    var geometry = GeometryArguments()
    var gesture = Gesture.drag
    var velocity = 2000.0
    var frames = 120
    var costs = false
    var ledger = false

    static var pipeline: Option<Self> {
        let name = "--pipeline"
        return .value(name, \.pipeline, .text("ID"), "pipeline id, e.g. pipeline.best (the 'pipeline.' prefix may be left out)") { arguments in
            if arguments.pipeline == nil { throw UsageError("option '\(name)' is required") }
        }
    }
    static var catalog: Option<Self> {
        let name = "--catalog"
        return .value(name, \.catalog, .int("n", SelectionArguments.sizeRange, noun: "a catalog size"), "catalog size n") { arguments in
            if arguments.catalog == nil { throw UsageError("option '\(name)' is required") }
        }
    }
    static var gesture: Option<Self> { .value("--gesture", \.gesture, .choice("KIND"), "the gesture played: \(Gesture.allCases.map(\.rawValue).joined(separator: "|"))") }
    static var velocity: Option<Self> {
        .value("--velocity", \.velocity, .number("V", -1_000_000...1_000_000), "points per second, negative scrolls left")
    }
    static var frames: Option<Self> { .value("--frames", \.frames, .int("F", 1...10_000_000), "frames to trace") }
    static var costs: Option<Self> { .flag("--costs", \.costs, "also each frame's cost in ns and its event (cost_ns,event)") }
    static var ledger: Option<Self> {
        .flag("--ledger", \.ledger, "also, for a uikit pipeline, the UIKit model's work in each frame: one column per ledger counter")
    }
    static var options: [Option<Self>] {
        [pipeline, catalog] + including(\.geometry) + [gesture, velocity, frames, costs, ledger]
    }
}

/// `carousel-bench trace`: one trajectory through one pipeline, frame by frame, as CSV on standard output.
enum TraceCommand {
    static var command: Command {
        typealias Trace = TraceArguments
        return Command(
            name: "trace", synopsis: "trace \(Trace.pipeline.synopsis) \(Trace.catalog.synopsis) [OPTIONS]",
            summary: "one trajectory through one pipeline, frame by frame, as CSV",
            details: """
            Columns: frame,offset,center_item,logical_index,jumped,visible. `offset` is the content offset after
            any wrap jump that frame, `center_item` the raw item index (of N), `logical_index` in [0, n), `jumped`
            1 when the wrap moved the offset, `visible` the items intersecting the viewport as
            item:scale:alpha:tx joined by ';' (alpha 1 and tx 0 where the strategy has none).
            Pipelines: \(ids { $0.core }), and their UIKit views (\(ids { $0.uikit }), and floor.uikit, the UIKit view's
            floor), which honour \(GeometryArguments.uikit.name) and stop
            at the content's edge as a UIScrollView does. A catalog past the view's limit (`list` shows it;
            Docs/ALGORITHMS.md, "Catalog limits") is refused before any work, with one line (exit 64).
            With \(Trace.costs.name), two more columns: `cost_ns`, the frame's cost (each frame timed on its own, the minimum over
            \(Defaults.minimumPlays) to \(Defaults.maximumPlays) plays of the trace, the smaller of wall and thread CPU time less the clock's own cost; as the
            results' worst_frame), and `event`, what happened in the frame (rotation, release, end of flick, scroll by
            code, end of scroll animation, scroll refused, catalogue update, wrap jump, new item, nothing special). With \(Trace.ledger.name) (a uikit pipeline), one more column per counter of the UIKit
            model's ledger (layoutPasses, attributesCopied, prefetchRechecks, ...; Docs/UIKIT-MODEL.md): how much
            each rose in that frame. \(Trace.gesture.name) standard plays the suite's standard trajectory (2 934 frames
            at 120 Hz, releases and two rotations; \(Trace.frames.name) and \(Trace.velocity.name) do not apply).
            auto-advance, tap and reload-recentre play the scrolls by code `verify` checks (Docs/ALGORITHMS.md,
            "Scrolls by code"): a timer's animated scroll to the next item every 0.5 s, 2n + 2 times, 20 taps on side
            items, or 12 reloadData calls each followed by scrollToItem without animation; with
            \(Trace.costs.name) the `event` column names each scroll by code, the end of its animation
            (`didEndScrollingAnimation`) and a refused one (an index path past the data). catalogue-update plays
            \(CatalogUpdateScenario.summary) (Docs/ALGORITHMS.md, "Catalogue updates"): a core built again for the new
            count and placed as its design places it, a UIKit view through its data-source path (a view that declares
            none is refused, exit 64); a row per display frame, the update's frame named `catalogue update`.
            """,
            arguments: TraceArguments.self, run: run)
    }

    /// The ids of every implementation's core or UIKit view, for the help.
    static func ids(_ view: (Implementation) -> (any CarouselPipeline.Type)?) -> String {
        CarouselBench.implementations.compactMap { view($0)?.id }.joined(separator: ", ")
    }

    static func run(_ arguments: TraceArguments) throws -> Int32 {
        guard let pipelineID = arguments.pipeline, let catalog = arguments.catalog else { return ExitCode.usage }
        // `best`, `pipeline.best` or `pipeline/best` for a core; `uikit.best` or `uikit/best` for its UIKit view.
        let normalised = pipelineID.replacingOccurrences(of: "/", with: ".")
        let implementations = CarouselBench.implementations
        // `floor.uikit`: the UIKit view's floor (`floor/uikit`), the least layout the model runs.
        let uikit: (any UIKitPipeline.Type)? = normalised == "floor.uikit" ? UIKitFloorPipeline.self
            : implementations.lazy.compactMap(\.uikit).first { $0.id == normalised }
        let core = implementations.lazy.compactMap(\.core).first { $0.id == normalised || $0.id == "pipeline." + normalised }
        guard core != nil || uikit != nil else {
            let known = implementations.compactMap(\.coreID) + implementations.compactMap(\.uikitID) + ["floor.uikit"]
            throw UsageError("option '\(TraceArguments.pipeline.name)': '\(pipelineID)' is not one of \(known.joined(separator: "|"))")
        }
        // A catalog past the design's limit: refused before any work (Docs/ALGORITHMS.md, "Catalog limits").
        let traced: any CarouselPipeline.Type = uikit ?? core!
        if let limit = traced.catalogLimit, catalog > limit.largest {
            throw UsageError("option '\(TraceArguments.catalog.name)': \(traced.id) takes n up to \(limit.largest), not "
                + "\(catalog): \(limit.reason)")
        }
        if arguments.ledger && uikit == nil {
            throw UsageError("option '\(TraceArguments.ledger.name)': '\(pipelineID)' has no UIKit ledger; give its UIKit view (uikit.…)")
        }
        let configuration = try arguments.geometry.configuration()
        let (gesture, velocity, frames) = (arguments.gesture, arguments.velocity, arguments.frames)
        let (geometry, hz) = (configuration.geometry, configuration.hz)
        let duration = Double(frames) / hz
        let script: ScrollScript
        switch gesture {
        case .drag: script = ScrollScript([.drag(velocity: velocity, duration: duration)])
        case .flick:
            script = ScrollScript([.flick(velocity: velocity, decelerationRate: ScrollDeceleration.normal),
                                   .pause(duration: duration)])
        case .standard: script = PipelineInputs.script
        case let .scenario(scenario): script = scenario.script(catalogCount: catalog)
        case .catalogueUpdate:
            return try traceCatalogueUpdates(arguments, core: core, uikit: uikit, catalog: catalog, configuration: configuration)
        }
        let rows = if let uikit {
            PipelineTrace.trace(uikit: uikit, catalogCount: catalog, geometry: geometry,
                                switches: configuration.switches, script: script, hz: hz)
        } else {
            PipelineTrace.trace(core!, catalogCount: catalog, geometry: geometry, script: script, hz: hz)
        }
        let shown = [.drag, .flick].contains(gesture) ? min(frames, rows.count) : rows.count
        // The costs of the same frames: the script recorded and profiled as a trajectory row is (budget 0.2 s).
        let costs: (FrameProfile, [FrameEvent])? = if !arguments.costs {
            nil
        } else if let uikit {
            FrameCosts.uikit(uikit, catalog: catalog, configuration: configuration, script: script, budgetSeconds: 0.2)
        } else {
            FrameCosts.core(core!, catalog: catalog, configuration: configuration, script: script, budgetSeconds: 0.2)
        }
        // The ledger's counts of the same frames: a play of its own, which the play above equals frame by frame.
        let ledger = if arguments.ledger, let uikit {
            PipelineTrace.ledger(uikit: uikit, catalogCount: catalog, geometry: geometry, switches: configuration.switches,
                                 script: script, hz: hz)
        } else {
            nil as (names: [String], frames: [[Int]])?
        }
        let named = costs.map { profile, events in (profile.costs, events) }
        print(csv(rows.prefix(shown), costs: named, ledger: ledger), terminator: "")
        return ExitCode.success
    }

    /// The catalogue-update scenario through `core` or `uikit` (`CatalogUpdateScenario`), as `run` prints a trace.
    static func traceCatalogueUpdates(_ arguments: TraceArguments, core: (any CarouselPipeline.Type)?, uikit: (any UIKitPipeline.Type)?,
                                      catalog: Int, configuration: SuiteConfiguration) throws -> Int32 {
        let (geometry, switches, hz) = (configuration.geometry, configuration.switches, configuration.hz)
        /// `make`'s play traced (and profiled with --costs); `refusal` says why the first play has none to make.
        func traced<P: CarouselPipeline>(_ make: @escaping () -> CatalogUpdatePlay<P>, ledger: (CatalogUpdatePlay<P>) -> UIKitLedger?,
                                         refusal: (CatalogUpdatePlay<P>) -> String? = { _ in nil }) throws -> String {
            var play = make()
            if let refusal = refusal(play) { throw UsageError("option '\(TraceArguments.gesture.name)': \(refusal)") }
            let ledger = arguments.ledger ? ledger(play) : nil
            var last = ledger?.counters.map(\.value) ?? []
            var counts: [[Int]] = []
            let (rows, events) = PipelineTrace.trace(&play, hz: hz) {
                guard let ledger else { return }
                let now = ledger.counters.map(\.value)
                counts.append(zip(now, last).map { $0 - $1 })
                last = now
            }
            let costs = arguments.costs ? FrameCosts.catalogueUpdates(make, hz: hz, budgetSeconds: 0.2).0.costs : nil
            return csv(rows[...], costs: costs.map { ($0, events) },
                       ledger: ledger.map { ledger in (ledger.counters.map(\.name), counts) })
        }
        func uikitTrace<P: UIKitPipeline>(_ type: P.Type) throws -> String {
            try traced({ CatalogUpdatePlay.uikit(P(catalogCount: catalog, geometry: geometry, switches: switches)) }, ledger: \.pipeline.ledger) {
                $0.pipeline.scene.catalogUpdatePath == nil
                    ? "\(P.id) declares no catalogue update path, so it has no \(CatalogUpdateScenario.name) to play" : nil
            }
        }
        func coreTrace<P: CarouselPipeline>(_ type: P.Type) throws -> String {
            try traced({ CatalogUpdatePlay.core(P(catalogCount: catalog, geometry: geometry)) }, ledger: { _ in nil })
        }
        print(try uikit.map { try uikitTrace($0) } ?? coreTrace(core!), terminator: "")
        return ExitCode.success
    }

    /// The trace's CSV: `rows`, then each frame's cost and event, then its ledger counts, when given.
    static func csv(_ rows: ArraySlice<TraceRow>, costs: ([Double], [FrameEvent])?, ledger: (names: [String], frames: [[Int]])?) -> String {
        var text = "frame,offset,center_item,logical_index,jumped,visible" + (costs == nil ? "" : ",cost_ns,event")
            + (ledger.map { "," + $0.names.joined(separator: ",") } ?? "") + "\n"
        for (index, row) in rows.enumerated() {
            let visible = row.visible.map { "\($0.item):\(number($0.scale)):\(number($0.alpha)):\(number($0.translationX))" }
            text += "\(row.frame),\(number(row.offset)),\(row.centerItem.map(String.init) ?? ""),"
                + "\(row.logicalIndex.map(String.init) ?? ""),\(row.jumped ? 1 : 0),\(visible.joined(separator: ";"))"
            if let (costs, events) = costs { text += ",\(number(costs[index])),\(events[index].rawValue)" }
            if let ledger { text += "," + ledger.frames[index].map(String.init).joined(separator: ",") }
            text += "\n"
        }
        return text
    }

    /// Up to 4 decimals, no trailing zeros, `.` as the decimal point.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
