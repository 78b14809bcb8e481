import BenchKit
import Testing

@Suite struct HitchTimeTests {
    /// One frame at 120 Hz, 8.33 ms.
    let interval = 1e9 / 120.0

    @Test func aFrameWithinTheBudgetIsOnTimeAndALateOneIsLateByWholeFrames() {
        let hitch = HitchTime(hz: 120)
        #expect(hitch.intervalNanoseconds == interval)
        #expect(hitch.lateness(ofFrameCosting: 0) == 0)
        #expect(hitch.lateness(ofFrameCosting: interval) == 0, "exactly the budget is on time")
        // Just over: shown at the next refresh, one frame late.
        #expect(hitch.lateness(ofFrameCosting: interval + 1) == interval)
        #expect(hitch.lateness(ofFrameCosting: 2 * interval) == interval)
        // Over two frames: two refreshes missed.
        #expect(hitch.lateness(ofFrameCosting: 2 * interval + 1) == 2 * interval)
    }

    @Test func theAppsOwnWorkIsAddedToEveryFrame() {
        let hitch = HitchTime(hz: 120, contentMilliseconds: 6)
        #expect(hitch.contentNanoseconds == 6e6)
        #expect(hitch.lateness(ofFrameCosting: 2e6) == 0, "8 ms in all")
        #expect(hitch.lateness(ofFrameCosting: 3e6) == interval, "9 ms in all")
        #expect(hitch.alone == HitchTime(hz: 120))
        #expect(hitch.alone.lateness(ofFrameCosting: 3e6) == 0)
    }

    /// 240 frames at 120 Hz are 2 s of scrolling; two frames one refresh late and one two refreshes late are
    /// 4 x 8.33 ms = 33.3 ms of hitch: 16.7 ms/s.
    @Test func theRatioIsTheHitchTimeOverTheDuration() throws {
        var costs = [Double](repeating: 50_000, count: 240)
        costs[10] = 9e6
        costs[100] = 12e6
        costs[200] = 17e6
        let ratio = try #require(HitchTime(hz: 120).ratio(FrameProfile(costs: costs, plays: 2)))
        #expect(abs(ratio - 4 * interval / 1e6 / 2) < 1e-9)
        #expect(abs(ratio - 16.666_666_7) < 1e-6)
        #expect(HitchTime(hz: 120).ratio(costs: [Double](repeating: 8e6, count: 240)) == 0)
        #expect(HitchTime(hz: 120).ratio(costs: []) == nil)
        // With 4 ms of content, the 5 ms frames are late too: 3 more frames one refresh late, over 2 s.
        costs[20] = 5e6
        costs[21] = 5e6
        costs[22] = 5e6
        let withContent = try #require(HitchTime(hz: 120, contentMilliseconds: 4).ratio(costs: costs))
        #expect(abs(withContent - 7 * interval / 1e6 / 2) < 1e-9)
        // At 60 Hz a frame is 16.7 ms: of those frames only the one of 17 ms is late, one refresh, over 4 s.
        let at60 = try #require(HitchTime(hz: 60).ratio(costs: costs))
        #expect(abs(at60 - (1e3 / 60) / 4) < 1e-9)
    }

    @Test func gradesOnApplesScale() {
        #expect(HitchGrade(millisecondsPerSecond: 0) == .good)
        #expect(HitchGrade(millisecondsPerSecond: 4.999) == .good)
        #expect(HitchGrade(millisecondsPerSecond: 5) == .warning)
        #expect(HitchGrade(millisecondsPerSecond: 7.5) == .warning)
        #expect(HitchGrade(millisecondsPerSecond: 10) == .warning)
        #expect(HitchGrade(millisecondsPerSecond: 10.001) == .critical)
        #expect(HitchGrade.good < .warning && HitchGrade.warning < .critical)
    }

    @Test func theHeadroomIsTheBudgetLessTheWorstFrameAndNegativePastIt() {
        let hitch = HitchTime(hz: 120)
        #expect(abs(hitch.headroomMilliseconds(worst: 1e6) - 7.333_333_3) < 1e-6)
        #expect(hitch.headroomMilliseconds(worst: interval) == 0)
        #expect(abs(hitch.headroomMilliseconds(worst: 10e6) - -1.666_666_7) < 1e-6)
        #expect(abs(HitchTime(hz: 60).headroomMilliseconds(worst: 10e6) - 6.666_666_7) < 1e-6)
        var row = makeRow("pipeline/late", size: 300, samples: [1, 2, 3])
        row.worstFrame = 10e6
        #expect(abs(Metric.headroom(hz: 120).value(row)! - -1.666_666_7) < 1e-6)
        row.worstFrame = nil
        #expect(Metric.headroom(hz: 120).value(row) == nil, "no profile, no headroom")
    }

    @Test func aRowRecordsItsRatiosWithoutAndWithTheContent() throws {
        var costs = [Double](repeating: 1e6, count: 120)
        costs[5] = 4e6
        var row = makeRow("pipeline/x", size: 300, samples: [1, 2, 3])
        row.record(FrameProfile(costs: costs, plays: 2), events: nil, hitch: HitchTime(hz: 120, contentMilliseconds: 5))
        #expect(row.hitchRatio == 0)
        // 9 ms in all: one frame one refresh late over 1 s.
        #expect(abs(try #require(row.hitchRatioWithContent) - interval / 1e6) < 1e-9)
        var unrated = makeRow("pipeline/x", size: 300, samples: [1, 2, 3])
        unrated.record(FrameProfile(costs: costs, plays: 2), events: nil)
        #expect(unrated.worstFrame == 4e6 && unrated.hitchRatio == nil && unrated.hitchRatioWithContent == nil)
    }
}
