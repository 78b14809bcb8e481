import BenchKit
import BenchReport
import CarouselLayout
import Testing
@testable import CarouselBench

/// The report reads a port as it declares itself: sizes in another mode of a declared policy stay out of its fits, the
/// measured design criteria decide its defects, and nothing is extrapolated from fewer than 4 sizes.
@Suite struct ReportPolicyTests {
    static func row(_ id: String, n: Int, median: Double) -> ResultRow {
        ResultRow(benchmark: BenchmarkID(parsing: id)!, size: n, items: n, unit: .nanosecondsPerFrame, samples: [],
                  sampleCount: 5, iterationsPerSample: 10, min: median, median: median, p90: median, mad: 0,
                  mallocsPerIteration: nil, instructionsPerIteration: nil)
    }

    static func analysis(_ rows: [ResultRow], checks: ReportAnalysis.Checks = .init()) -> ReportAnalysis {
        let suite = CarouselSuite(SuiteConfiguration(), adding: [.uikit(WindowedPort.self)])
        return ReportAnalysis(rows: rows, checks: checks, catalog: suite.rows, complexities: suite.complexities, hz: 120)
    }

    /// `min(7, n)` items: below 7 the cost grows with n, from 7 on it is flat. Fitted on every size it reads as growing
    /// faster than its documented O(k); fitted on its main mode it matches, and the row says which sizes it left out.
    @Test func complexityFitsLeaveOutTheSizesWhereADeclaredPolicySwitchesMode() throws {
        let sizes = [3, 10, 30, 100, 300, 1_000]
        let rows = sizes.map { Self.row("uikit/test.windowed", n: $0, median: 100 * Double(min(7, $0))) }
        let analysis = Self.analysis(rows)
        let complexity = try #require(analysis.complexity.first { $0.series.id.description == "uikit/test.windowed" })
        #expect(complexity.excludedSizes == [3])
        #expect(complexity.fit.pointCount == 5)
        #expect(complexity.fit.best == .constant)
        #expect(complexity.verdict == .matches)
        #expect(complexity.exclusionNote == "n = 3 left out (its policy: lays out at most 7 items (the test's fixture))")
        #expect(ReportText.verdict(complexity).hasSuffix("; n = 3 left out (its policy: lays out at most 7 items (the test's fixture))"))
        // Every size fitted, the same rows grow.
        #expect(ComplexityFit(rows: rows, size: { $0.items }).best != .constant)
    }

    @Test func aRowWithFewerThanTwoSizesLeftHasNotEnoughSizes() throws {
        let rows = [3, 300].map { Self.row("uikit/test.windowed", n: $0, median: 100 * Double(min(7, $0))) }
        let complexity = try #require(Self.analysis(rows).complexity.first { $0.series.id.description == "uikit/test.windowed" })
        #expect(!complexity.enoughSizes)
        #expect(complexity.verdict == nil)
        #expect(ReportText.verdict(complexity).hasPrefix("not enough sizes; n = 3 left out"))
    }

    /// Capacity past the measured sizes only from 4 sizes or more.
    @Test func theCapacityIsNotExtrapolatedFromFewerThanFourSizes() {
        let three = ReportAnalysis.Series(id: BenchmarkID(parsing: "uikit/x")!, rows: [3, 300, 3_000].map {
            Self.row("uikit/x", n: $0, median: 10 + Double($0) / 100)
        })
        #expect(ReportAnalysis.capacity(three, budget: 83_333) == .allMeasuredNotEnoughSizes(largest: 3_000))
        #expect(ReportText.capacity(.allMeasuredNotEnoughSizes(largest: 3_000)) == "> 3 000 (all measured; not enough sizes to extrapolate)")
        let five = ReportAnalysis.Series(id: BenchmarkID(parsing: "uikit/x")!, rows: [3, 30, 300, 3_000, 10_000].map {
            Self.row("uikit/x", n: $0, median: 10 + Double($0) / 100)
        })
        guard case .allMeasuredExtrapolated = ReportAnalysis.capacity(five, budget: 83_333) else {
            Issue.record("five sizes of a linear cost extrapolate")
            return
        }
    }

    /// With measured design criteria the defects are the frames', whatever the traits say.
    @Test func theMeasuredCriteriaDecideTheDefects() {
        // Seed 004's sentinel banner as if it declared itself infinite (it wraps): its frames reach an end.
        let claimed = PipelineTraits(wraps: true, scaleRange: 1...1)
        let measured = DesignMeasuring.measure(Seed004SentinelPipeline.self, catalogCount: 3)
        let defects = ReportAnalysis.designDefects(traits: claimed, cores: [], agreements: nil,
                                                   replicated: true, designs: [measured])
        #expect(defects == ["finite, not infinite", "no focus transform"])
        // From the traits alone (no measurement), as declared.
        #expect(ReportAnalysis.designDefects(traits: claimed, cores: [], agreements: nil,
                                             replicated: true) == ["no focus transform"])
        // FSPagerView's `isInfinite`: declared infinite, and its frames agree.
        let fsPager = DesignMeasuring.measure(FSPagerPipeline.self, catalogCount: 300)
        #expect(ReportAnalysis.designDefects(traits: FSPagerPipeline.traits, cores: [], agreements: nil, replicated: true,
                                             designs: [fsPager]).isEmpty)
    }
}
