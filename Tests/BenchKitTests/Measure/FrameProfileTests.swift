import BenchKit
import Testing

@Suite struct FrameProfileTests {
    private let overhead = ClockOverhead(wall: 20, cpu: 500)

    @Test func aFrameCostsTheSmallerOfItsClocksLessTheirOverheads() {
        // Not preempted: wall 120 - 20 = 100, CPU 610 - 500 = 110; the wall time is the smaller.
        #expect(FrameProfile.cost(wall: 120, cpu: 610, overhead: overhead) == 100)
        // Preempted for 4 ms: the wall time is 4 ms too long, the CPU time is not.
        #expect(FrameProfile.cost(wall: 4_000_120, cpu: 610, overhead: overhead) == 110)
        // No CPU clock: the wall time alone.
        #expect(FrameProfile.cost(wall: 4_000_120, cpu: nil, overhead: overhead) == 4_000_100)
        // Never below 0: a frame faster than the empty one timed.
        #expect(FrameProfile.cost(wall: 10, cpu: 400, overhead: overhead) == 0)
    }

    @Test func aFrameCostsItsMinimumOverPlays() {
        // Frame 1 was slowed in plays 0 and 2 only (a neighbour, a cold cache): its minimum is its cost.
        // Frame 2 is costly in every play: it stays costly.
        let plays: [[Double]] = [[10, 900, 5_000], [12, 100, 5_100], [11, 800, 4_900]]
        #expect(FrameProfile.combine(plays) == [10, 100, 4_900])
        #expect(FrameProfile.combine([]) == [])
    }

    @Test func worstIndexAndPercentile() {
        var costs = [Double](repeating: 100, count: 200)
        costs[150] = 9_000
        costs[170] = 9_000   // a tie: the first is the worst
        costs[30] = 500
        let profile = FrameProfile(costs: costs, plays: 3)
        #expect(profile.worstIndex == 150)
        #expect(profile.worst == 9_000)
        // 99th percentile of 200 values: rank 197.01 of the sorted ones (..., 500, 9 000, 9 000).
        let p99 = profile.p99!
        #expect(p99 > 500 && p99 < 9_000)
        #expect(FrameProfile(costs: [], plays: 0).worst == nil)
        #expect(FrameProfile(costs: [], plays: 0).p99 == nil)
    }

    @Test func theProfilerPlaysAtLeastTheMinimumAndNamesEveryFrameOnce() {
        var starts = 0
        var played: [Int] = []
        var looked: [Int] = []
        let profile = FrameProfiler.profile(frames: 5, budgetSeconds: 0, start: { starts += 1 },
                                            frame: { played.append($0) }, afterFirstPlayFrame: { looked.append($0) })
        #expect(profile.plays == FrameProfiler.minimumPlays)
        #expect(starts == FrameProfiler.minimumPlays)
        #expect(played == Array(repeating: Array(0..<5), count: FrameProfiler.minimumPlays).flatMap { $0 })
        #expect(looked == Array(0..<5))
        #expect(profile.costs.count == 5 && profile.costs.allSatisfy { $0 >= 0 })
    }

    @Test func aProfileGoesIntoTheRowsFigures() {
        var row = makeRow("pipeline/x", samples: [1, 2, 3])
        row.record(FrameProfile(costs: [5, 7_000, 6], plays: 3), event: "release")
        #expect(row.worstFrame == 7_000)
        #expect(row.worstFrameIndex == 1)
        #expect(row.worstFrameEvent == "release")
        #expect(row.p99Frame != nil)
    }
}
