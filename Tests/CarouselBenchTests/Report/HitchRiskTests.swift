import BenchKit
import BenchReport
import Testing
@testable import CarouselBench

@Suite struct HitchRiskTests {
    /// 8.33 ms, the 120 Hz frame.
    let frame = 1e9 / 120

    @Test func aMeasuredSizeWhenOnePassesTheShareElseTheFitExtrapolates() {
        // A worst frame of 100 ns per item: 1 ms at n = 10 000, 12% of the frame.
        let linear = [3, 30, 300, 3_000, 10_000].map { (n: $0, worst: 100 * Double($0)) }
        #expect(HitchRisk.crossing(linear, level: 0.10 * frame) == .measured(10_000))
        #expect(HitchRisk.crossing(linear, level: 0.001 * frame) == .measured(300))
        // 50% of the frame is 4.17 ms: n = 41 667 by the O(n) fit, past the measured sizes.
        guard case let .extrapolated(n, fit) = HitchRisk.crossing(linear, level: 0.5 * frame) else {
            Issue.record("expected an extrapolation")
            return
        }
        #expect(abs(n - 41_667) < 100, "\(n)")
        #expect(fit == .linear)
    }

    @Test func aFlatWorstFrameNeverReachesTheShare() {
        let flat = [3, 30, 300, 3_000, 10_000].map { (n: $0, worst: 4_000.0) }
        #expect(HitchRisk.crossing(flat, level: 0.10 * frame) == .notReached(largest: 10_000, fit: .constant))
        #expect(ReportText.crossing(.notReached(largest: 10_000, fit: .constant)).hasPrefix("> 10 000"))
        #expect(ReportText.crossing(.extrapolated(41_667, .linear)).contains("extrapolated"))
    }

    /// Three noisy sizes that an O(n^2) fits are not a reason to extrapolate, nor is a poor fit of more sizes: past
    /// the measured sizes the section says "not enough sizes".
    @Test func fewerThanFourSizesOrAPoorFitAreNotEnoughToExtrapolate() {
        let three = [(n: 3, worst: 4_000.0), (n: 300, worst: 5_000.0), (n: 3_000, worst: 90_000.0)]
        #expect(HitchRisk.crossing(three, level: 0.5 * frame) == .notEnoughSizes(largest: 3_000))
        #expect(HitchRisk.crossing(three, level: 0.001 * frame) == .measured(3_000), "a measured size still counts")
        let zigzag = [3, 30, 300, 3_000, 10_000].enumerated().map { (n: $1, worst: $0 % 2 == 0 ? 4_000.0 : 40_000.0) }
        #expect(HitchRisk.crossing(zigzag, level: 0.5 * frame) == .notEnoughSizes(largest: 10_000))
        #expect(ReportText.crossing(.notEnoughSizes(largest: 3_000)) == "> 3 000 (not enough sizes to extrapolate)")
    }

    private func summary(_ id: String, medians: [Double], worst: [Double], verified: Bool = true) -> ReportAnalysis.FrameSummary {
        let rows = zip([3, 300], zip(medians, worst)).map { n, figures -> ResultRow in
            var row = ResultRow(benchmark: BenchmarkID(parsing: id)!, size: n, items: n, unit: .nanosecondsPerFrame,
                                samples: [], sampleCount: 5, iterationsPerSample: 10, min: figures.0, median: figures.0,
                                p90: figures.0, mad: 0, mallocsPerIteration: nil, instructionsPerIteration: nil)
            row.worstFrame = figures.1
            return row
        }
        return ReportAnalysis.FrameSummary(
            series: ReportAnalysis.Series(id: BenchmarkID(parsing: id)!, rows: rows), floorRatio: nil, mallocs: nil,
            allocatesNothing: nil, budgetShare: 0, capacity: .none(smallest: 3), verified: verified, defects: [])
    }

    @Test func thePickByHitchCostCanDifferFromThePickByMedian() {
        // `fast` has the cheaper median everywhere, but at n = 300 a 2 ms frame; `steady` never passes 5 us. At n = 3
        // their worst frames are within the noise floor of each other: the median decides.
        let fast = summary("uikit/fast", medians: [100, 100], worst: [3_500, 2_000_000])
        let steady = summary("uikit/steady", medians: [200, 200], worst: [3_000, 5_000])
        let unverified = summary("uikit/unverified", medians: [1, 1], worst: [1, 1], verified: false)
        let picks = HitchRisk.picks([fast, steady, unverified], sizes: [3, 300]) { summary, n in
            summary.series.row(at: n)?.worstFrame.map { (cost: $0, cause: "worst frame") }
        }
        #expect(picks.map(\.size) == [3, 300])
        #expect(picks.map(\.byMedian.strategy) == ["fast", "fast"])
        #expect(picks.map(\.byHitch.strategy) == ["fast", "steady"])
        #expect(picks[1].hitchCost == 5_000)
    }
}

@Suite struct ReportFrameCostsTests {
    @Test func theEventsOfTheFramesWithinAQuarterOfTheWorstAreCounted() {
        let profile = ReportFrameCosts.Profile(
            id: BenchmarkID(parsing: "uikit/x")!, profile: FrameProfile(costs: [100, 1_000, 800, 980, 10, 700], plays: 3),
            events: [.nothing, .release, .rotation, .release, .newItem, .wrapJump])
        #expect(profile.costliestEvents.map { "\($0.event.rawValue) \($0.frames)" } == ["release 2", "rotation 1"])
    }
}
