import BenchKit
import BenchSink
import CarouselLayout

/// The trajectory every pipeline and the floor replay: the standard script (12 strokes of drag + flick in both
/// directions, a rotation to landscape and back) at 120 Hz, the ProMotion frame rate.
enum PipelineInputs {
    static let hz = 120.0
    static var script: ScrollScript { PipelineVerification.standardScript() }

    /// Callgrind iterations: one whole trajectory (so every gesture's work is counted once, exactly), cut
    /// to fewer frames only where each frame is O(N) over a large N.
    static func instructionIterations(framesPerTrajectory: Int, items: Int) -> Int {
        min(framesPerTrajectory, max(32, 20_000_000 / max(1, items)))
    }
}

/// Builds the set-up of one pipeline's benchmark with its concrete type, so the replay loop is specialized.
struct PipelineBenchmarkMaker: PipelineVisitor {
    func visit<P: CarouselPipeline>(_ type: P.Type) -> (Int) -> PreparedBenchmark {
        { catalog in
            let geometry = CarouselGeometry.default
            let state = PipelineState(PipelineReplay<P>(
                catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: PipelineInputs.hz))
            let items = state.replay.initial.itemCount
            return PreparedBenchmark(
                items: items,
                verify: {
                    let check = PipelineVerification.check(
                        P.self, catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: PipelineInputs.hz)
                    return check.isVerified ? nil : (check.firstFailure ?? "not verified")
                },
                instructionIterations: PipelineInputs.instructionIterations(
                    framesPerTrajectory: state.replay.framesPerTrajectory, items: items)
            ) { iterations in
                blackHole(state.run(iterations))
            }
        }
    }
}

final class PipelineState<P: CarouselPipeline> {
    var replay: PipelineReplay<P>
    init(_ replay: PipelineReplay<P>) { self.replay = replay }
    func run(_ frames: Int) -> UInt64 { replay.run(frames: frames) }
}

final class FloorState {
    var replay: FloorReplay
    init(_ replay: FloorReplay) { self.replay = replay }
    func run(_ frames: Int) -> UInt64 { replay.run(frames: frames) }
}

extension SuiteCatalog {
    /// The floor and every whole implementation, frame by frame over the same trajectory (unit ns/frame).
    static func registerFloorAndPipelines(in suite: BenchmarkSuite) {
        // The floor: scaleAlpha transforms of the k visible items, indices known in advance.
        suite.register(id("floor", FloorFrame.id), unit: .nsPerFrame, sizes: defaultSizes) { catalog in
            let geometry = CarouselGeometry.default
            let state = FloorState(FloorReplay(
                catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: PipelineInputs.hz))
            let reference = FloorReplay(
                catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: PipelineInputs.hz)
            let frames = reference.framesPerTrajectory
            return PreparedBenchmark(
                items: catalog,
                verify: {
                    var first = reference
                    var second = reference
                    return first.run(frames: frames) == second.run(frames: frames) ? nil : "two replays of the floor differ"
                },
                instructionIterations: frames
            ) { iterations in
                blackHole(state.run(iterations))
            }
        }
        for kind in PipelineKind.allCases {
            suite.register(id("pipeline", kind.id), unit: .nsPerFrame, sizes: defaultSizes,
                           setUp: kind.accept(PipelineBenchmarkMaker()))
        }
    }
}
