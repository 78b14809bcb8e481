/// One frame of a trace (`carousel-bench trace`): the CSV columns of Docs/RESULTS-FORMAT.md, "The results CSV" plus
/// the frame's phase events.
public struct TraceRow: Sendable, Equatable {
    public var frame: Int
    /// The offset after any wrap jump in this frame.
    public var offset: Double
    public var centerItem: Int?
    public var logicalIndex: Int?
    public var jumped: Bool
    public var centerChanged: Bool
    public var snapTarget: Double?
    public var visible: [VisibleItem]
    /// The frame as played (delta and phase).
    public var trajectoryFrame: TrajectoryFrame
}

/// Frame-by-frame traces of a pipeline playing a script live (allocates; not for timing).
public enum PipelineTrace {
    /// The trace of pipeline type `type` with `catalogCount` items playing `script` at `hz`.
    public static func trace<P: CarouselPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry,
                                                  script: ScrollScript, hz: Double) -> [TraceRow] {
        trace(P(catalogCount: catalogCount, geometry: geometry), script: script, hz: hz)
    }

    /// The trace of a UIKit pipeline under `switches` (see `trace(_:catalogCount:…)`).
    public static func trace<P: UIKitPipeline>(uikit type: P.Type, catalogCount: Int, geometry: CarouselGeometry,
                                               switches: UIKitSwitches, script: ScrollScript, hz: Double) -> [TraceRow] {
        trace(P(catalogCount: catalogCount, geometry: geometry, switches: switches), script: script, hz: hz)
    }

    /// The UIKit ledger's work in each frame of the same play as `trace(uikit:…)`: the counters' names, in the
    /// ledger's order, and per frame how much each counter rose in that frame (`UIKitLedger.counters`).
    public static func ledger<P: UIKitPipeline>(uikit type: P.Type, catalogCount: Int, geometry: CarouselGeometry,
                                                switches: UIKitSwitches, script: ScrollScript,
                                                hz: Double) -> (names: [String], frames: [[Int]]) {
        var pipeline = P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        // The ledger is the scene's object: read it after each frame without touching the pipeline being played.
        let ledger = pipeline.ledger
        var last = ledger.counters.map(\.value)
        var frames: [[Int]] = []
        PipelinePlayer.play(&pipeline, script: script, hz: hz) { _, _ in
            let now = ledger.counters.map(\.value)
            frames.append(zip(now, last).map { $0 - $1 })
            last = now
        }
        return (ledger.counters.map(\.name), frames)
    }

    /// The trace of `pipeline`, from the state it is in, playing `script` at `hz`.
    public static func trace<P: CarouselPipeline>(_ pipeline: P, script: ScrollScript, hz: Double) -> [TraceRow] {
        var pipeline = pipeline
        var rows: [TraceRow] = []
        PipelinePlayer.play(&pipeline, script: script, hz: hz) { frame, output in
            rows.append(TraceRow(frame: frame.frame, offset: output.offset, centerItem: output.centerItem,
                                 logicalIndex: output.logicalIndex, jumped: output.jumped,
                                 centerChanged: output.centerChanged, snapTarget: output.snapTarget,
                                 visible: output.visible, trajectoryFrame: frame))
        }
        return rows
    }

    /// The trace of `play` through the catalogue-update scenario at `hz` (`CatalogUpdateScenario.frames`), played in
    /// place (a UIKit view's scene stays the one its ledger counts), a row per display frame (its `trajectoryFrame` a
    /// still one moved by what the update moved), and each frame's event. `afterFrame` runs after each frame (a
    /// ledger's reading).
    public static func trace<P: CarouselPipeline>(
        _ play: inout CatalogUpdatePlay<P>, hz: Double, afterFrame: () -> Void = {}
    ) -> (rows: [TraceRow], events: [FrameEvent]) {
        var rows: [TraceRow] = []
        var events: [FrameEvent] = []
        for (index, update) in CatalogUpdateScenario.frames(hz: hz).enumerated() {
            let before = play.pipeline.offset
            play.play(update)
            afterFrame()
            let output = play.output
            events.append(play.event(update))
            rows.append(TraceRow(frame: index, offset: output.offset, centerItem: output.centerItem,
                                 logicalIndex: output.logicalIndex, jumped: output.jumped,
                                 centerChanged: output.centerChanged, snapTarget: output.snapTarget, visible: output.visible,
                                 trajectoryFrame: TrajectoryFrame(frame: index, delta: output.offset - before, phase: .settled)))
        }
        return (rows, events)
    }
}
