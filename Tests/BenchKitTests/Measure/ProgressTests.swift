@testable import BenchKit
import Testing

/// What the progress lines say is left: once every case is prepared the runner says how long its sampling and frame
/// profiles should take (`RunEvent.remaining`), and the summarising line counts down from that through both phases.
@Suite struct ProgressTests {
    private func key(_ size: Int) -> RowKey { RowKey(benchmark: BenchmarkID(family: "f", strategy: "s"), size: size) }

    @Test func theRunnersEstimateIsWhatIsLeftThroughSamplingAndTheFrameProfiles() {
        let state = ProgressState()
        _ = state.apply(.started(cases: 2, estimatedSeconds: 10))
        _ = state.apply(.prepared(index: 2, total: 2, key: key(1), iterations: 100))
        _ = state.apply(.remaining(seconds: 3_600, what: "sampling 2 cases"))
        _ = state.apply(.sampling(round: 1, rounds: 50, cases: 2))
        #expect(state.line.hasSuffix(", about 60 min 0 s left"), "\(state.line)")
        _ = state.apply(.phase(name: BenchmarkRunner.profilePhase, detail: "play 1 of at most 7"))
        #expect(state.line.hasSuffix(", about 60 min 0 s left"), "\(state.line)")
        // Another phase (callgrind's) is not the runner's: it says how long the run has taken.
        _ = state.apply(.phase(name: "instructions", detail: "counting"))
        #expect(state.line.hasSuffix(" so far"), "\(state.line)")
        #expect(state.remaining == nil)
    }

    /// While preparing, the run's estimate of its sampling is still to come, after the cases left at the pace so far.
    @Test func preparingSaysTheCasesLeftAndTheWholeEstimate() {
        let state = ProgressState()
        _ = state.apply(.started(cases: 4, estimatedSeconds: 3_600))
        #expect(state.line.hasSuffix(", about 60 min 0 s left"), "\(state.line)")
        _ = state.apply(.preparing(index: 3, total: 4, key: key(1)))
        _ = state.apply(.prepared(index: 3, total: 4, key: key(1), iterations: 100))
        // The three cases took milliseconds: the fourth another, and the estimate whole.
        #expect(state.line.hasSuffix(", about 60 min 0 s left"), "\(state.line)")
        #expect(state.preparationLeft(elapsed: 30) == 10)
        state.prepared = 0
        #expect(state.preparationLeft(elapsed: 30) == 0)
    }

    /// A budget per case for sampling, and one more per profiled case for its plays and allocation count.
    @Test func whatIsLeftIsABudgetPerCaseAndOnePerProfile() {
        #expect(BenchmarkRunner.remainingSeconds(cases: 737, profiled: 168, options: RunOptions(timeBudget: 0.07)) == 905 * 0.07)
        #expect(BenchmarkRunner.remainingSeconds(cases: 3, profiled: 0, options: RunOptions(timeBudget: 0.5)) == 1.5)
    }

    /// Before set-up the runner does not know which cases have a frame profile: it takes the default run's share, and
    /// leaves out the set-up, verification and warm-up that the progress line adds at the pace of the cases prepared.
    @Test func theFirstEstimateIsTheSamplingAndProfilesOfTheSuitesShareOfProfiledCases() {
        let options = RunOptions(timeBudget: 0.07, warmup: 0.007)
        #expect(BenchmarkRunner.estimatedSeconds(cases: 737, options: options)
            == BenchmarkRunner.remainingSeconds(cases: 737, profiled: 168, options: options))
        #expect(BenchmarkRunner.estimatedSeconds(cases: 4, options: RunOptions(timeBudget: 1, warmup: 0.5)) == 5,
                "4 budgets and one profile's (0.91 rounds to 1), no warm-up")
        #expect(RunEvent.startLine(cases: 737, estimate: 63.5) == "running 737 benchmark sizes, about 1 min 4 s once set up\n")
        // While preparing: the cases left at the pace so far, then the estimate; a warm-up is in the pace alone.
        let state = ProgressState()
        _ = state.apply(.started(cases: 4, estimatedSeconds: 60))
        _ = state.apply(.preparing(index: 2, total: 4, key: key(1)))
        _ = state.apply(.prepared(index: 2, total: 4, key: key(1), iterations: 100))
        #expect(state.preparationLeft(elapsed: 10) == 10 && state.estimate == 60)
    }

    @Test func anEstimateRunOverSaysHowLongTheRunHasTaken() {
        let state = ProgressState()
        _ = state.apply(.started(cases: 1, estimatedSeconds: 1))
        _ = state.apply(.remaining(seconds: 0.5, what: "sampling 1 case"))
        _ = state.apply(.sampling(round: 1, rounds: 4, cases: 1))
        #expect(state.line.hasSuffix(" so far"), "\(state.line)")
    }

    @Test func theVerboseLineSaysWhatIsLeftAndForHowLong() {
        final class Lines { var text = "" }
        let lines = Lines()
        let progress = LineProgress { lines.text += $0 }
        progress.report(.remaining(seconds: 64, what: "sampling 737 cases, then frame profiles of 168"))
        #expect(lines.text == "sampling 737 cases, then frame profiles of 168: about 1 min 4 s\n")
    }
}
