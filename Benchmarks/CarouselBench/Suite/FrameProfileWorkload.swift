import BenchKit
import BenchSink
import CarouselLayout
import Determinism

/// The frame-by-frame profile of a trajectory row (Docs/WORST-FRAME.md, "How it is measured"): every frame of the
/// recorded trajectory timed on its own, each play from a fresh pipeline built as the recording's was, the frames'
/// events named in the first play (untimed). A play starts from a pipeline of its own, not from a copy: a UIKit
/// view's copy would rebuild its scene in its first frame (`makeSceneUnique`), an O(N) cost no app pays while
/// scrolling.
@usableFromInline
final class FrameProfileState<P: CarouselPipeline> {
    @usableFromInline let make: () -> P
    @usableFromInline let frames: [TrajectoryFrame]
    @usableFromInline var pipeline: P
    /// The pipeline `init` built, which the first play starts from (so no play builds one twice).
    @usableFromInline var unplayed: P?
    @usableFromInline var output = FrameOutput()
    @usableFromInline var hash = StableHash.seed
    @usableFromInline var tracker = FrameEventTracker()
    @usableFromInline var events: [FrameEvent] = []

    @inlinable
    init(frames: [TrajectoryFrame], make: @escaping () -> P) {
        self.make = make
        self.frames = frames
        pipeline = make()
        unplayed = pipeline
    }

    /// A fresh pipeline at the trajectory's start (untimed).
    @inlinable
    func start() {
        pipeline = unplayed ?? make()
        unplayed = nil
        output = FrameOutput()
        blackHole(hash)
        hash = StableHash.seed
    }

    /// Frame `index`, as a replay plays it: the pipeline's work and the checksum of its output (timed).
    @inlinable
    func play(_ index: Int) {
        pipeline.apply(frames[index], into: &output)
        hash = output.checksum(into: hash)
    }

    /// The event of the frame just played (untimed, first play only).
    @inlinable
    func name(_ index: Int) {
        events.append(tracker.next(frames[index], output))
    }

    /// A session playing the trajectory a play at a time, naming every frame's event in its first play.
    @inlinable
    func session() -> FrameProfiler.Session {
        events = []
        tracker = FrameEventTracker()
        return FrameProfiler.Session(frames: frames.count, start: start, frame: play, afterFirstPlayFrame: name,
                                     labels: { self.events.map(\.rawValue) })
    }

    /// The profile of plays in a row within about `budgetSeconds`, and every frame's event.
    @inlinable
    func profile(budgetSeconds: Double) -> (FrameProfile, [FrameEvent]) {
        let profile = session().playInARow(budgetSeconds: budgetSeconds)
        blackHole(hash)
        return (profile, events)
    }
}

/// A trajectory row's `PreparedBenchmark.profile`: a session over `frames` from pipelines `make` builds, naming
/// each frame's event.
@inlinable
func trajectoryProfile<P: CarouselPipeline>(
    frames: [TrajectoryFrame], _ make: @escaping () -> P
) -> () -> FrameProfiler.Session {
    { FrameProfileState(frames: frames, make: make).session() }
}

/// The frame-by-frame profile of one implementation's core or UIKit view over a script, for `trace --costs` and the
/// report's per-frame charts: the script recorded live, then profiled as a trajectory row is.
enum FrameCosts {
    /// The profile and each frame's event of `make`'s pipelines playing `script` at `hz`.
    static func profile<P: CarouselPipeline>(_ make: @escaping () -> P, script: ScrollScript, hz: Double,
                                             budgetSeconds: Double) -> (FrameProfile, [FrameEvent]) {
        let recording = PipelinePlayer.record(from: make(), script: script, hz: hz)
        return FrameProfileState(frames: recording.frames, make: make).profile(budgetSeconds: budgetSeconds)
    }

    /// A core pipeline's profile at `catalog` in `configuration`'s geometry.
    static func core<P: CarouselPipeline>(_ type: P.Type, catalog: Int, configuration: SuiteConfiguration, script: ScrollScript,
                                          budgetSeconds: Double) -> (FrameProfile, [FrameEvent]) {
        let geometry = configuration.geometry
        return profile({ P(catalogCount: catalog, geometry: geometry) }, script: script, hz: configuration.hz,
                       budgetSeconds: budgetSeconds)
    }

    /// A UIKit view's profile at `catalog` under `configuration`'s geometry and switches.
    static func uikit<P: UIKitPipeline>(_ type: P.Type, catalog: Int, configuration: SuiteConfiguration, script: ScrollScript,
                                        budgetSeconds: Double) -> (FrameProfile, [FrameEvent]) {
        let (geometry, switches) = (configuration.geometry, configuration.switches)
        return profile({ P(catalogCount: catalog, geometry: geometry, switches: switches) }, script: script,
                       hz: configuration.hz, budgetSeconds: budgetSeconds)
    }

    /// The profile and each frame's event of the catalogue-update scenario at `hz` (`CatalogUpdateScenario`), each
    /// play from a fresh play `make` builds: a core's or a UIKit view's (`CatalogUpdatePlay.core`, `.uikit`).
    static func catalogueUpdates<P: CarouselPipeline>(_ make: @escaping () -> CatalogUpdatePlay<P>, hz: Double,
                                                      budgetSeconds: Double) -> (FrameProfile, [FrameEvent]) {
        CatalogUpdateProfileState(updates: CatalogUpdateScenario.frames(hz: hz), make: make).profile(budgetSeconds: budgetSeconds)
    }
}

/// The frame-by-frame profile of a catalogue-update play, as `FrameProfileState` is a trajectory's: every display
/// frame timed on its own (an update frame: the app's update the design's way and the frame that shows it), each play
/// from a fresh play, the events named in the first play (untimed).
@usableFromInline
final class CatalogUpdateProfileState<P: CarouselPipeline> {
    @usableFromInline let make: () -> CatalogUpdatePlay<P>
    @usableFromInline let updates: [CatalogUpdate?]
    @usableFromInline var play: CatalogUpdatePlay<P>
    @usableFromInline var unplayed: CatalogUpdatePlay<P>?
    @usableFromInline var hash = StableHash.seed
    @usableFromInline var events: [FrameEvent] = []

    @inlinable
    init(updates: [CatalogUpdate?], make: @escaping () -> CatalogUpdatePlay<P>) {
        self.make = make
        self.updates = updates
        play = make()
        unplayed = play
    }

    @inlinable
    func start() {
        play = unplayed ?? make()
        unplayed = nil
        blackHole(hash)
        hash = StableHash.seed
    }

    @inlinable
    func frame(_ index: Int) {
        play.play(updates[index])
        hash = play.output.checksum(into: hash)
    }

    @inlinable
    func profile(budgetSeconds: Double) -> (FrameProfile, [FrameEvent]) {
        events = []
        let session = FrameProfiler.Session(frames: updates.count, start: start, frame: frame,
                                            afterFirstPlayFrame: { self.events.append(self.play.event(self.updates[$0])) })
        let profile = session.playInARow(budgetSeconds: budgetSeconds)
        blackHole(hash)
        return (profile, events)
    }
}
