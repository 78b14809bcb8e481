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

    /// A session plays once per call: at least `minimumPlays` whatever the budget, at most `maximumPlays`; it names
    /// the frames in its first play only, and each frame keeps its cheapest play (a frame spinning 2 ms in the
    /// first play and not after costs less than 1 ms at the end).
    @Test func aSessionPlaysOnceACallAndKeepsEachFramesCheapestPlay() {
        var starts = 0
        var looked: [Int] = []
        let session = FrameProfiler.Session(frames: 3, start: { starts += 1 }, frame: { index in
            guard index == 1, starts == 1 else { return }
            // Spin until both clocks have run 2 ms: a frame's cost is the smaller of its wall and CPU times, and a
            // thread preempted while it spins (tests run in parallel) has less CPU time than wall time.
            let wallUntil = MonotonicClock.now() + 2_000_000
            let cpuUntil = ThreadCPUClock.now().map { $0 + 2_000_000 }
            while MonotonicClock.now() < wallUntil || cpuUntil.map({ (ThreadCPUClock.now() ?? .max) < $0 }) == true {}
        }, afterFirstPlayFrame: { looked.append($0) }, labels: { looked.map { "frame \($0)" } })
        #expect(session.events == nil && session.plays == 0)
        #expect(session.wantsPlay(budgetSeconds: 0))
        session.play()
        #expect(session.events == ["frame 0", "frame 1", "frame 2"])
        #expect(session.profile.worstIndex == 1 && session.profile.worst.map { $0 >= 1_900_000 } == true)
        #expect(session.wantsPlay(budgetSeconds: 0), "fewer than minimumPlays")
        session.play()
        #expect(!session.wantsPlay(budgetSeconds: 0))
        #expect(session.profile.plays == 2 && session.profile.costs[1] < 1_000_000)
        #expect(looked == [0, 1, 2], "named in the first play only")
        while session.wantsPlay(budgetSeconds: 3_600) { session.play() }
        #expect(session.plays == FrameProfiler.maximumPlays && starts == FrameProfiler.maximumPlays)
    }

    @Test func theCostliestFramesAreNamedByTheEventMostOfThemShare() {
        // Three releases and a rotation within 10% of the worst (the rotation): the release makes the worst frames,
        // and its costliest frame is 3; the frame at 800 is not near the worst.
        let profile = FrameProfile(costs: [10, 950, 10, 990, 1_000, 920, 800], plays: 3)
        let labels = ["new item", "release", "nothing", "release", "rotation", "release", "wrap jump"]
        #expect(profile.worstIndex == 4)
        let costliest = profile.costliest(labels: labels)
        #expect(costliest?.label == "release" && costliest?.index == 3)
        // A tie in count: the label of the costliest frame.
        let tie = FrameProfile(costs: [950, 1_000], plays: 3).costliest(labels: ["release", "rotation"])
        #expect(tie?.label == "rotation" && tie?.index == 1)
        // A single worst frame far above the rest is its own event.
        #expect(FrameProfile(costs: [10, 5_000, 4_000], plays: 3).costliest(labels: ["a", "b", "c"])?.label == "b")
        #expect(FrameProfile(costs: [], plays: 0).costliest(labels: []) == nil)
    }

    @Test func aProfileGoesIntoTheRowsFigures() {
        var row = makeRow("pipeline/x", samples: [1, 2, 3])
        row.record(FrameProfile(costs: [5, 7_000, 6, 6_800], plays: 3), events: ["new item", "rotation", "nothing", "rotation"])
        #expect(row.worstFrame == 7_000)
        #expect(row.worstFrameIndex == 1)
        #expect(row.worstFrameEvent == "rotation")
        #expect(row.p99Frame != nil)
        var unnamed = makeRow("pipeline/y", samples: [1, 2, 3])
        unnamed.record(FrameProfile(costs: [5, 7_000, 6], plays: 3), events: nil)
        #expect(unnamed.worstFrameIndex == 1 && unnamed.worstFrameEvent == nil)
    }
}
