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

    /// The scroll-by-code rows skip, with the design's counterexample, the sizes where it refuses or misses the app's
    /// scroll: seed 000 has no next item past its three copies at n = 1, and its reload and recentre at n = 300 rests
    /// on item 2n where item 2n + 1 was asked for. The recommendation is timed at both.
    @Test func aScrollByCodeRowIsSkippedWhereTheDesignRefusesOrMissesIt() throws {
        let configuration = SuiteConfiguration()
        let advance = uikitLifecycleBenchmark(UIKitSeed000FlowPipeline.self, .advance, configuration: configuration)
        #expect(advance(1).inapplicable?.hasPrefix("the design has no next item") == true)
        let recentre = uikitLifecycleBenchmark(UIKitSeed000FlowPipeline.self, .recentre, configuration: configuration)
        let missed = try #require(recentre(300).inapplicable)
        #expect(missed.contains("its reload and recentre"), "\(missed)")
        for operation in [UIKitOperation.advance, .recentre] {
            let best = uikitLifecycleBenchmark(UIKitBestPipeline.self, operation, configuration: configuration)
            for n in [1, 300] {
                let prepared = best(n)
                #expect(prepared.inapplicable == nil && prepared.verify?() == nil, "\(operation) n=\(n)")
            }
        }
    }
}
