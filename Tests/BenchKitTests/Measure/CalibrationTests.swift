@testable import BenchKit
import Testing

/// `BenchmarkRunner.calibrate` on a simulated clock: a body costs `perIteration` ns a call plus a fixed 10 ns,
/// each clock read 20 ns, and chosen calls are preempted for `stall` ns.
@Suite struct CalibrationTests {
    /// The clock and the body of one calibration.
    final class Machine {
        var time: UInt64 = 1_000_000
        var calls = 0
        let perIteration: Double
        let stalled: Set<Int>
        let stall: UInt64
        let resolution: UInt64

        init(perIteration: Double, stalled: Set<Int> = [], stall: UInt64 = 1_000_000, resolution: UInt64 = 1) {
            self.perIteration = perIteration
            self.stalled = stalled
            self.stall = stall
            self.resolution = resolution
        }

        func now() -> UInt64 {
            time += 20
            return time / resolution * resolution
        }

        func body(_ iterations: Int) {
            calls += 1
            time += UInt64(perIteration * Double(iterations)) + 10 + (stalled.contains(calls) ? stall : 0)
        }

        func calibrate(quantum: Int? = nil) -> Int {
            BenchmarkRunner.calibrate(body, options: options, clockCost: 20, quantum: quantum, now: now)
        }
    }

    /// `run --quick`'s budget: 30 ms a case, 240 samples of 0.125 ms aimed at, 3 ms of warm-up.
    static var options: RunOptions {
        var options = RunOptions(filter: nil, sizes: nil)
        options.timeBudget = 0.03
        options.warmup = 0.003
        options.targetSamples = 240
        return options
    }
    var options: RunOptions { Self.options }

    /// A batch sized to last 1.2 x 0.125 ms at 4 ns a call: 37 500 calls, less the fixed cost.
    @Test func sizesTheBatchFromTheFastestBatch() {
        let iterations = Machine(perIteration: 4).calibrate()
        #expect((37_000...37_500).contains(iterations), "\(iterations)")
    }

    /// The case the runner met (`snap/threshold` at 7 000-8 000 calls instead of 27 000-48 000): a batch preempted
    /// while growing ends the growth, and the size must not depend on it. Calls 1, 2, 3 grow 1, 100, 10 000.
    @Test func aBatchPreemptedWhileGrowingDoesNotShrinkTheSize() {
        let quiet = Machine(perIteration: 4).calibrate()
        for call in 2...4 {
            let stalled = Machine(perIteration: 4, stalled: [call]).calibrate()
            #expect(abs(Double(stalled) / Double(quiet) - 1) < 0.01, "call \(call) stalled: \(stalled) against \(quiet)")
        }
        // Preempted while warming up: the other warm-up batches decide.
        let warming = Machine(perIteration: 4, stalled: [5, 6, 8]).calibrate()
        #expect(abs(Double(warming) / Double(quiet) - 1) < 0.01, "\(warming) against \(quiet)")
    }

    /// A first call preempted past the whole budget and warm-up: the warm-up still takes at least 3 batches to
    /// size from, where the growth stopped at one call (as `lookup/sortedScan.byDistance` once did).
    @Test func aFirstCallPastTheBudgetStillGetsSized() {
        let machine = Machine(perIteration: 200, stalled: [1], stall: 40_000_000)
        let iterations = machine.calibrate()
        #expect((740...760).contains(iterations), "1.2 x 0.125 ms at 200 ns a call: \(iterations)")
        #expect(machine.calls >= 4, "the stalled call and at least 3 warm-up batches")
    }

    /// A clock far coarser than a call (1 us against 4 ns): batches shorter than a tenth of the target are not
    /// counted, so none looks free.
    @Test func aCoarseClockDoesNotMakeABatchLookFree() {
        let iterations = Machine(perIteration: 4, resolution: 1_000).calibrate()
        #expect((35_000...40_000).contains(iterations), "\(iterations)")
    }

    /// A body slower than the target runs one call a batch (two when a call is within 1.2 x the target), then rounds
    /// up to the quantum.
    @Test func aSlowBodyRunsOneCallRoundedToTheQuantum() {
        #expect(Machine(perIteration: 300_000).calibrate() == 1)
        #expect(Machine(perIteration: 300_000).calibrate(quantum: 7) == 7)
    }
}
