import BenchKit
import CarouselLayout
import Testing
@testable import CarouselBench

/// A callgrind child records only the frames it will run (`PipelineInputs.recordedFrames`); its counts must be
/// those of the whole recording.
@Suite struct PipelineWorkloadsTests {
    @Test func outsideACallgrindChildTheWholeTrajectoryIsRecorded() {
        #expect(!InstructionCounter.isChild)
        #expect(PipelineInputs.recordedFrames(items: 10_000) == .max)
    }

    /// The child's protocol (warm-up K, one more, regions of 0 and K) over the first `2c + 1` frames gives the same
    /// K and the same checksums, region by region, as over the whole trajectory.
    @Test func theChildsFirstFramesGiveTheSameIterationsAndOutputsAsTheWholeTrajectory() {
        let n = 5_000
        let cap = PipelineInputs.countedFrameCap(items: n)
        let limit = InstructionCounter.iterationsRunByChild(regionIterations: cap)
        let script = PipelineInputs.script
        var whole = PipelineReplay<BestPipeline>(catalogCount: n, geometry: .default, script: script, hz: 120)
        var prefix = PipelineReplay(initial: BestPipeline(catalogCount: n, geometry: .default), recording: PipelinePlayer.record(
            from: BestPipeline(catalogCount: n, geometry: .default), script: script, hz: 120, frameLimit: limit))
        #expect(whole.framesPerTrajectory > limit, "the cap cuts this trajectory: the case the prefix is for")
        #expect(prefix.framesPerTrajectory == limit)
        let k = PipelineInputs.instructionIterations(framesPerTrajectory: whole.framesPerTrajectory, items: n)
        #expect(k == cap)
        #expect(PipelineInputs.instructionIterations(framesPerTrajectory: prefix.framesPerTrajectory, items: n) == k)
        for iterations in [k, 1, 0, k] {
            #expect(whole.run(frames: iterations) == prefix.run(frames: iterations))
        }
    }
}
