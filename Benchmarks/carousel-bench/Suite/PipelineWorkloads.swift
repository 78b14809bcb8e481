import BenchKit
import BenchSink
import CarouselLayout

/// The trajectory every pipeline and the floor replay: the standard script (12 strokes of drag + flick in both
/// directions, a rotation to landscape and back) at the suite's frame rate (120 Hz, ProMotion, by default).
enum PipelineInputs {
    static var script: ScrollScript { PipelineVerification.standardScript() }

    /// Callgrind iterations: one whole trajectory (so every gesture's work is counted once, exactly), cut
    /// to fewer frames only where each frame is O(N) over a large N.
    static func instructionIterations(framesPerTrajectory: Int, items: Int) -> Int {
        min(framesPerTrajectory, max(32, 20_000_000 / max(1, items)))
    }
}

/// `pipeline/*`: one pipeline over the standard trajectory, frame by frame, verified first; specialized on `P`.
func pipelineBenchmark<P: CarouselPipeline>(_ type: P.Type, configuration: SuiteConfiguration) -> (Int) -> PreparedBenchmark {
    { catalog in
        let geometry = configuration.geometry
        let hz = configuration.hz
        let state = PipelineState(PipelineReplay<P>(
            catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: hz))
        let items = state.replay.initial.itemCount
        return PreparedBenchmark(
            items: items,
            verify: {
                let check = PipelineVerification.check(
                    P.self, catalogCount: catalog, geometry: geometry, script: PipelineInputs.script, hz: hz)
                return check.isVerified ? nil : (check.firstFailure ?? "not verified")
            },
            instructionIterations: PipelineInputs.instructionIterations(
                framesPerTrajectory: state.replay.framesPerTrajectory, items: items)
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
            instructionIterations: frames
        ) { iterations in
            blackHole(state.run(iterations))
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
