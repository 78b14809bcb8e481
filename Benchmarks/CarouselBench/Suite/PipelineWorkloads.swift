import Foundation
import BenchKit
import BenchSink
import CarouselLayout

/// The trajectory every pipeline and the floor replay: the standard script (12 strokes of drag + flick in both
/// directions, a rotation to landscape and back) at the suite's frame rate (120 Hz, ProMotion, by default).
@usableFromInline
enum PipelineInputs {
    @usableFromInline static var script: ScrollScript { PipelineVerification.standardScript() }

    /// Callgrind iterations: one whole trajectory (so every gesture's work is counted once, exactly), cut
    /// to fewer frames only where each frame may be O(N) over a large N (under valgrind every frame costs 50x).
    @usableFromInline
    static func instructionIterations(framesPerTrajectory: Int, items: Int) -> Int {
        min(framesPerTrajectory, countedFrameCap(items: items))
    }

    /// The most frames a callgrind region plays over `items` laid-out items: `Defaults.countedFrameItems` laid-out
    /// items, at least `Defaults.minimumCountedFrames` frames
    /// (Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts").
    static func countedFrameCap(items: Int) -> Int {
        max(Defaults.minimumCountedFrames, Defaults.countedFrameItems / max(1, items))
    }

    /// The frames a pipeline benchmark's set-up records: the whole trajectory, except in a callgrind child, which
    /// runs only `InstructionCounter.iterationsRunByChild` frames for a region of `countedFrameCap` (c) frames.
    /// There the first `2c + 1` are recorded, and the counts are those of the whole recording: a trajectory longer
    /// than that gives K = c either way, and the child plays its first 2c + 1 frames, the same frames from the
    /// same start (a live play depends only on the frames before); a shorter one is recorded whole. Recording
    /// plays the pipeline live, which under valgrind cost more than counting it: `pipeline/peer.infinitelayout`
    /// at n = 10 000 records its 2 962 frames in 1.2 s natively and counts 32 of them. On the quick gate the two
    /// children reach their first region in about 3 s, against 7-11 s with whole recordings.
    @usableFromInline
    static func recordedFrames(items: Int) -> Int {
        guard InstructionCounter.isChild else { return .max }
        return InstructionCounter.iterationsRunByChild(regionIterations: countedFrameCap(items: items))
    }

    /// A replay of the standard script at `hz` from a pipeline `make` builds, recorded live through a second one
    /// (a pipeline that holds objects shares them with its copies) as far as `recordedFrames` says.
    @usableFromInline
    static func replay<P: CarouselPipeline>(hz: Double, _ make: () -> P) -> PipelineReplay<P> {
        let initial = make()
        let recording = PipelinePlayer.record(from: make(), script: script, hz: hz,
                                              frameLimit: recordedFrames(items: initial.itemCount))
        return PipelineReplay(initial: initial, recording: recording)
    }

    /// The replay a trajectory row times, and why its verification failed (nil: verified), from one live play:
    /// `checkedRecording` plays the trajectory live, checks it and returns that play as the recording (a separate
    /// recording would play it once more). A callgrind child, which verifies nothing (`InstructionCounter.runChild`),
    /// records as `replay` does.
    @usableFromInline
    static func verifiedReplay<P: CarouselPipeline>(
        hz: Double, _ make: () -> P, checkedRecording: () -> (failure: String?, recording: ScrollRecording)
    ) -> (replay: PipelineReplay<P>, failure: String?) {
        guard !InstructionCounter.isChild else { return (replay(hz: hz, make), nil) }
        let (failure, recording) = checkedRecording()
        return (PipelineReplay(initial: make(), recording: recording), failure)
    }

    /// Why a lifecycle row of `pipeline` must not be timed, from one still frame at its start: it lays out no item
    /// (`N = 0`, or the frame shows none), or shows one outside `[0, N)`; nil when neither. The trajectory row
    /// checks every frame; this keeps a lifecycle row of the same pipeline from being timed either.
    @usableFromInline
    static func firstFrameFailure<P: CarouselPipeline>(_ pipeline: P) -> String? {
        var pipeline = pipeline
        guard pipeline.itemCount > 0 else { return "lays out no item: N = \(pipeline.itemCount) at frame 0" }
        var output = FrameOutput()
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 0, phase: .settled), into: &output)
        if output.visible.isEmpty { return "lays out no item: frame 0 at offset \(output.offset) shows none" }
        if let outside = output.visible.first(where: { !(0..<pipeline.itemCount).contains($0.item) }) {
            return "frame 0: visible item \(outside.item) outside [0, \(pipeline.itemCount))"
        }
        return nil
    }

    /// Callgrind iterations of a lifecycle operation: an even number (a rotation and a release alternate between
    /// two states, so every count covers whole pairs), fewer where the operation may be O(N) over a large N
    /// (Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts").
    @usableFromInline
    static func lifecycleIterations(items: Int) -> Int {
        2 * max(1, min(Defaults.maximumCountedOperations, Defaults.countedOperationItems / max(1, items)))
    }
}

/// `pipeline/*`: one pipeline over the standard trajectory, frame by frame, verified first; specialized on `P`;
/// profiled frame by frame after sampling (`trajectoryProfile`).
@inlinable
func pipelineBenchmark<P: CarouselPipeline>(_ type: P.Type, configuration: SuiteConfiguration) -> (Int) -> PreparedBenchmark {
    { catalog in
        let geometry = configuration.geometry
        let hz = configuration.hz
        let make = { P(catalogCount: catalog, geometry: geometry) }
        let (replay, failure) = PipelineInputs.verifiedReplay(hz: hz, make) {
            let (check, recording) = PipelineVerification.checkedRecording(
                P.self, catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: hz)
            return (check.failureReason, recording)
        }
        let state = PipelineState(replay)
        let items = state.replay.initial.itemCount
        return PreparedBenchmark(
            items: items,
            verify: { failure },
            instructionIterations: PipelineInputs.instructionIterations(
                framesPerTrajectory: state.replay.framesPerTrajectory, items: items),
            profile: trajectoryProfile(frames: state.replay.recording.frames, make),
            iterationQuantum: state.replay.framesPerTrajectory
        ) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

/// `floor/scaleAlpha`: the transforms of the k visible items when their indices are already known, over the
/// same trajectory; two replays must agree.
func floorBenchmark(_ configuration: SuiteConfiguration) -> (Int) -> PreparedBenchmark {
    { catalog in
        let reference = FloorReplay(catalogCount: catalog, geometry: configuration.geometry,
                                    script: PipelineInputs.script, hz: configuration.hz)
        let state = FloorState(reference)
        let frames = reference.framesPerTrajectory
        return PreparedBenchmark(
            items: catalog,
            verify: {
                var first = reference
                var second = reference
                return first.run(frames: frames) == second.run(frames: frames) ? nil : "two replays of the floor differ"
            },
            instructionIterations: frames,
            iterationQuantum: frames
        ) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

/// `floor/uikit`: the UIKit floor per frame over the standard trajectory; verified, as `floor/scaleAlpha` is, by two
/// replays giving the same frames (it is not a carousel the properties could judge: no focus, no snap); profiled
/// frame by frame as the `uikit/*` rows are.
func uikitFloorBenchmark(_ configuration: SuiteConfiguration) -> (Int) -> PreparedBenchmark {
    { catalog in
        let geometry = configuration.geometry
        let make = { UIKitFloorPipeline(catalogCount: catalog, geometry: geometry, switches: configuration.switches) }
        let state = PipelineState(PipelineInputs.replay(hz: configuration.hz, make))
        let items = state.replay.initial.itemCount
        let frames = state.replay.framesPerTrajectory
        return PreparedBenchmark(
            items: items,
            verify: {
                var first = PipelineReplay(initial: make(), recording: state.replay.recording)
                var second = PipelineReplay(initial: make(), recording: state.replay.recording)
                return first.run(frames: frames) == second.run(frames: frames) ? nil : "two replays of the UIKit floor differ"
            },
            instructionIterations: PipelineInputs.instructionIterations(framesPerTrajectory: frames, items: items),
            profile: trajectoryProfile(frames: state.replay.recording.frames, make),
            iterationQuantum: state.replay.framesPerTrajectory
        ) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

@usableFromInline
final class PipelineState<P: CarouselPipeline> {
    @usableFromInline var replay: PipelineReplay<P>
    @inlinable init(_ replay: PipelineReplay<P>) { self.replay = replay }
    @inlinable func run(_ frames: Int) -> UInt64 { replay.run(frames: frames) }
}

final class FloorState {
    var replay: FloorReplay
    init(_ replay: FloorReplay) { self.replay = replay }
    func run(_ frames: Int) -> UInt64 { replay.run(frames: frames) }
}

/// `uikit/*`: one UIKit pipeline over the standard trajectory under the run's switches, verified first: its
/// output must agree frame by frame with its core's (differences UIKit causes are named, not mismatches), or, for a
/// pipeline without a core, pass the eight properties as a core does. Profiled frame by frame unless `profiled` is
/// false (the `uikit-switches/*` rows of `--uikit-matrix`: 255 combinations per pipeline).
@inlinable
func uikitPipelineBenchmark<P: UIKitPipeline>(_ type: P.Type, configuration: SuiteConfiguration,
                                              profiled: Bool = true) -> (Int) -> PreparedBenchmark {
    { catalog in
        let geometry = configuration.geometry
        let make = { P(catalogCount: catalog, geometry: geometry, switches: configuration.switches) }
        let (replay, failure) = PipelineInputs.verifiedReplay(hz: configuration.hz, make) {
            uikitVerification(P.self, catalogCount: catalog, configuration: configuration)
        }
        let state = PipelineState(replay)
        let items = state.replay.initial.itemCount
        return PreparedBenchmark(
            items: items,
            verify: { failure },
            instructionIterations: PipelineInputs.instructionIterations(
                framesPerTrajectory: state.replay.framesPerTrajectory, items: items),
            profile: profiled ? trajectoryProfile(frames: state.replay.recording.frames, make) : nil,
            iterationQuantum: state.replay.framesPerTrajectory
        ) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

/// Why a UIKit pipeline fails its verification under the run's switches (nil: verified), and the live play it
/// verified, as a recording (see `uikitPipelineBenchmark`).
@usableFromInline
func uikitVerification<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int,
                                         configuration: SuiteConfiguration) -> (failure: String?, recording: ScrollRecording) {
    guard P.hasCore else {
        let (check, recording) = PipelineVerification.checkedRecording(
            P.self, catalogCount: catalogCount, geometry: configuration.geometry, switches: configuration.switches,
            script: PipelineInputs.script, hz: configuration.hz)
        PortVerdicts.shared.record(P.self, catalog: catalogCount, configuration: configuration, failure: check.failureReason)
        return (check.failureReason, recording)
    }
    let (report, recording) = UIKitAgreement.compareAndRecord(
        P.self, catalogCount: catalogCount, geometry: configuration.geometry, switches: configuration.switches,
        script: PipelineInputs.script, hz: configuration.hz)
    return (report.agrees ? nil : "disagrees with \(P.Core.id): \(report.firstMismatch ?? "\(report.mismatchCount) mismatches")",
            recording)
}

/// `prepare/uikit.*`, `rotate/uikit.*`, `reload/uikit.*`, `release/uikit.*`: one lifecycle operation per call.
/// A rotation alternates between the landscape and the portrait width, a release between a flick right and
/// left; a prepare builds and lays out the whole pipeline. Not counted under callgrind: their N-sized
/// allocations cost glibc a heap-history-dependent number of instructions, as the other prepare rows.
@inlinable
func uikitLifecycleBenchmark<P: UIKitPipeline>(
    _ type: P.Type, _ operation: UIKitOperation, configuration: SuiteConfiguration
) -> (Int) -> PreparedBenchmark {
    { catalog in
        let geometry = configuration.geometry
        let switches = configuration.switches
        let state = LifecycleState(P(catalogCount: catalog, geometry: geometry, switches: switches))
        let widths = [ScrollScript.landscapeWidth, geometry.viewportWidth]
        return PreparedBenchmark(
            items: state.pipeline.itemCount,
            // Only the operations that can be refused build a pipeline to ask: another one's allocations at set-up would
            // change the heap history the timed N-sized allocations of the others count under callgrind.
            inapplicable: operation.canBeRefused ? lifecycleRefusal(operation, P(catalogCount: catalog, geometry: geometry, switches: switches)) : nil,
            verify: {
                if let failure = PipelineInputs.firstFrameFailure(P(catalogCount: catalog, geometry: geometry, switches: switches)) {
                    return failure
                }
                // A pipeline without a core (a port) is timed only when its frames are verified: its trajectory row's
                // verdict at this size, made once for all its rows.
                if !P.hasCore, let failure = PortVerdicts.shared.verdict(P.self, catalog: catalog, configuration: configuration, compute: {
                    uikitVerification(P.self, catalogCount: catalog, configuration: configuration).failure
                }) {
                    return "its frames fail their check: " + failure
                }
                var pipeline = P(catalogCount: catalog, geometry: geometry, switches: switches)
                let before = pipeline.offset
                switch operation {
                case .prepare: return pipeline.itemCount > 0 ? nil : "no items laid out"
                case .rotate:
                    // The centred item under the pipeline's own placement, before and after (its pitch and origin,
                    // not the suite's: Docs/ALGORITHMS.md, "Where item k sits").
                    let placement = pipeline.placement
                    let centre = placement.centredItem(offset: before, itemCount: pipeline.itemCount, catalogCount: catalog)
                    pipeline.rotationRelayout(toWidth: widths[0])
                    pipeline.rotationRelayout(toWidth: widths[1])
                    let after = pipeline.placement.centredItem(offset: pipeline.offset, itemCount: pipeline.itemCount,
                                                               catalogCount: catalog)
                    let name = { (item: Int?) in item.map(String.init) ?? "none (a midpoint)" }
                    return centre == after ? nil
                        : "rotation there and back moved the centred item from \(name(centre)) (offset \(before), \(placement)) "
                            + "to \(name(after)) (offset \(pipeline.offset), \(pipeline.placement))"
                case .reload:
                    pipeline.reload()
                    return pipeline.offset == before ? nil : "reload moved the offset from \(before) to \(pipeline.offset)"
                case .release:
                    let target = pipeline.releaseWithSnap(velocity: 2_000)
                    return target.isFinite && target >= before ? nil : "a flick right rests at \(target), left of \(before)"
                case .advance:
                    // The next item, then back: each centres the item asked for (Docs/ALGORITHMS.md, "Scrolls by code").
                    return thereAndBack(&pipeline, catalog: catalog, operation: "an advance") { $0.advance(itemsAway: $1, hz: configuration.hz) }
                case .recentre:
                    // Played there and back at set-up (`lifecycleRefusal`): a design whose recentre misses is skipped
                    // there with its counterexample, so a row that reaches here has centred both items.
                    return nil
                case .update:
                    // The design's update path, timed as written: an item inserted at the end, then removed, each
                    // applied with every index shown inside the new data and the count back where it was. Whether it
                    // keeps the centred item is verify's table (Docs/ALGORITHMS.md, "Catalogue updates").
                    for update in [CatalogUpdate.insertAtEnd(1), .deleteAtEnd(1)] {
                        if let refusal = pipeline.updateCatalog(update) { return "\(update) refused: \(refusal)" }
                        var output = FrameOutput()
                        pipeline.scene.fillOutput(&output)
                        if let outside = CatalogUpdateCheck.shownOutsideData(output, itemCount: pipeline.itemCount) {
                            return "\(update): \(outside)"
                        }
                    }
                    return pipeline.catalogCount == catalog ? nil : "an insert and a delete left \(pipeline.catalogCount) items of \(catalog)"
                }
            },
            instructionIterations: PipelineInputs.lifecycleIterations(items: state.pipeline.itemCount),
            countsInstructions: operation != .prepare
        ) { iterations in
            switch operation {
            case .prepare:
                for _ in 0..<iterations {
                    blackHole(P(catalogCount: opaqueIdentity(catalog), geometry: geometry, switches: switches).itemCount)
                }
            case .rotate:
                let first = state.calls
                for iteration in 0..<iterations { state.pipeline.rotationRelayout(toWidth: widths[(first &+ iteration) & 1]) }
                state.calls = first &+ iterations
                blackHole(state.pipeline.offset)
            case .reload:
                for _ in 0..<iterations { state.pipeline.reload() }
                blackHole(state.pipeline.offset)
            case .release:
                var sum = 0.0
                let first = state.calls
                for iteration in 0..<iterations {
                    sum += state.pipeline.releaseWithSnap(velocity: (first &+ iteration) & 1 == 0 ? 2_000 : -2_000)
                }
                state.calls = first &+ iterations
                blackHole(sum)
            case .advance:
                var sum = 0.0
                let hz = configuration.hz
                let first = state.calls
                for iteration in 0..<iterations { sum += state.pipeline.advance(itemsAway: (first &+ iteration) & 1 == 0 ? 1 : -1, hz: hz) }
                state.calls = first &+ iterations
                blackHole(sum)
            case .recentre:
                var sum = 0.0
                let first = state.calls
                for iteration in 0..<iterations { sum += state.pipeline.reloadAndRecentre(itemsAway: (first &+ iteration) & 1 == 0 ? 1 : -1) }
                state.calls = first &+ iterations
                blackHole(sum)
            case .update:
                let first = state.calls
                for iteration in 0..<iterations {
                    blackHole(state.pipeline.updateCatalog((first &+ iteration) & 1 == 0 ? .insertAtEnd(1) : .deleteAtEnd(1)) == nil)
                }
                state.calls = first &+ iterations
                blackHole(state.pipeline.offset)
            }
        }
    }
}

/// Why a lifecycle row has nothing to time on `pipeline` as built (nil: it has): `advance/uikit.*` and
/// `recentre/uikit.*` when the design refuses the app's first scroll to the next item, as `verify`'s scenarios name (a
/// finite design at its last item, seed 000's three copies at n = 1; Docs/ALGORITHMS.md, "Scrolls by code");
/// `update/uikit.*` when it declares no catalogue update path.
@usableFromInline
func lifecycleRefusal<P: UIKitPipeline>(_ operation: UIKitOperation, _ pipeline: P) -> String? {
    switch operation {
    case .advance, .recentre:
        pipeline.scene.collectionView.layoutIfNeeded()
        if pipeline.scrollToItemTarget(itemsAway: 1) == nil {
            return "the design has no next item for the app's scrollToItem (an index path past its \(PipelineVerification.items(pipeline.itemCount)): UIKit raises)"
        }
        guard operation == .recentre else { return nil }
        // Its reload and recentre misses the item asked for: the design as written (verify's reload-recentre scenario).
        var copy = pipeline
        let failure = thereAndBack(&copy, catalog: pipeline.catalogCount, operation: "its reload and recentre") { $0.reloadAndRecentre(itemsAway: $1) }
        return copy.scene.stoppedAppCode.map { "\($0); " + (failure ?? "") } ?? failure
    case .update:
        return pipeline.scene.catalogUpdatePath == nil ? "the design declares no catalogue update path" : nil
    case .prepare, .rotate, .reload, .release:
        return nil
    }
}

/// A scroll by code to the next item and back (`move(pipeline, ±1)` returns the offset it rests on): nil when each
/// centres the item asked for, else what went wrong, in one line. A design may wrap by whole catalogs on the way
/// (seed 000 at page 2n + 1): the items are compared modulo `n`.
@usableFromInline
func thereAndBack<P: UIKitPipeline>(_ pipeline: inout P, catalog: Int, operation: String,
                                     move: (inout P, Int) -> Double) -> String? {
    let placement = pipeline.placement
    let before = pipeline.offset
    let centre = placement.centredItem(offset: before, itemCount: pipeline.itemCount, catalogCount: catalog)
    pipeline.scene.collectionView.layoutIfNeeded()
    let forward = move(&pipeline, 1)
    let next = pipeline.placement.centredItem(offset: forward, itemCount: pipeline.itemCount, catalogCount: catalog)
    let back = move(&pipeline, -1)
    let again = pipeline.placement.centredItem(offset: back, itemCount: pipeline.itemCount, catalogCount: catalog)
    guard let centre, let next, let again else { return "\(operation) rests between two items (offset \(forward))" }
    let step = catalogIndex(next - centre, catalogCount: catalog)
    let returned = catalogIndex(again - centre, catalogCount: catalog) == 0
    return step == catalogIndex(1, catalogCount: catalog) && returned ? nil
        : "\(operation) from item \(centre) rests on \(next), and back on \(again)"
}

/// The trajectory verdict of each pipeline without a core, by catalog size and configuration: its lifecycle rows are
/// timed only when its frames are verified, and share the verdict its trajectory row made (or make it once).
@usableFromInline
final class PortVerdicts: @unchecked Sendable {
    @usableFromInline static let shared = PortVerdicts()
    private let lock = NSLock()
    /// `nil` verified, else why not; absent: not checked yet.
    private var verdicts: [String: String?] = [:]

    private func key<P: UIKitPipeline>(_ type: P.Type, catalog: Int, configuration: SuiteConfiguration) -> String {
        "\(P.id) \(catalog) \(configuration.geometry) \(configuration.hz) \(configuration.switches.changes)"
    }

    @usableFromInline
    func record<P: UIKitPipeline>(_ type: P.Type, catalog: Int, configuration: SuiteConfiguration, failure: String?) {
        let key = key(P.self, catalog: catalog, configuration: configuration)
        lock.withLock { verdicts[key] = .some(failure) }
    }

    /// The recorded verdict, or `compute`'s (recorded).
    @usableFromInline
    func verdict<P: UIKitPipeline>(_ type: P.Type, catalog: Int, configuration: SuiteConfiguration,
                                   compute: () -> String?) -> String? {
        let key = key(P.self, catalog: catalog, configuration: configuration)
        if let known = lock.withLock({ verdicts[key] }) { return known }
        let failure = compute()
        lock.withLock { verdicts[key] = .some(failure) }
        return failure
    }
}

@usableFromInline
final class LifecycleState<P: UIKitPipeline> {
    @usableFromInline var pipeline: P
    /// The calls made so far, across batches: an operation that alternates between two states (a rotation there and
    /// back, a release either way, an advance and back) takes its side from it, so a batch of odd length does not
    /// repeat a side.
    @usableFromInline var calls = 0
    @inlinable init(_ pipeline: P) { self.pipeline = pipeline }
}

extension PipelineCheck {
    /// Why a trajectory row fails its verification (its first failure), or nil when verified.
    @usableFromInline var failureReason: String? { isVerified ? nil : (firstFailure ?? "not verified") }
}
