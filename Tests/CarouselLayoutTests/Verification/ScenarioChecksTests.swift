import CarouselLayout
import Testing

/// The scenarios of scrolls by code, played through implementations as `verify` plays them.
@Suite struct ScenarioChecksTests {
    private func checks(_ implementation: Implementation, _ scenario: ProgrammaticScenario, n: Int) -> [ScenarioCheck] {
        implementation.verifyScenarios([scenario], catalogs: [n])
    }

    @Test(arguments: [1, 3, 12])
    func theRecommendationCentresEveryRequestedItemInBothViews(n: Int) {
        let best = Implementation(uikit: UIKitBestPipeline.self)
        for scenario in ProgrammaticScenario.allCases {
            let results = checks(best, scenario, n: n)
            #expect(results.map(\.id) == ["pipeline.best", "uikit.best"])
            for result in results {
                #expect(result.passes, "\(scenario.rawValue) \(result.id) n=\(n): \(result.failure ?? "")")
                #expect((result.check?.scrollsByCode ?? 0) > 0)
            }
        }
        // The auto-advance crosses the wrap: 2n + 2 ticks, each ending on the next item.
        let core = checks(best, .autoAdvance, n: n)[0].check!
        #expect(core.scrollsByCode == 2 * n + 2)
        #expect(core.scrollsEndingElsewhere == 0 && core.refusedScrolls == 0)
    }

    /// On an iPad-wide viewport InfiniteLayout's pages meet at offsets its `floor(x / P)` puts on the page before:
    /// a recentre from one targets the same item a page to the left (n = 3), and the left neighbour of the first item
    /// of a page is not on screen, so a tap there meets nothing in UIKit's view (n = 2). Both are named.
    @Test func infiniteLayoutsPageSeamsOnAWideViewportAreNamedDifferences() {
        let wide = CarouselGeometry(viewportWidth: 1024, viewportHeight: 300, itemWidth: 819.2, itemHeight: 200, spacing: 12, minScale: 0.8)
        let tap = UIKitAgreement.compare(UIKitInfiniteLayoutPipeline.self, catalogCount: 2, geometry: wide,
                                         script: ProgrammaticScenario.tap.script(catalogCount: 2))
        #expect(tap.agrees, "\(tap.firstMismatch ?? "")")
        #expect(tap.allowed[.pageSeamItemNotReturned, default: 0] > 0)
        let recentre = UIKitAgreement.compare(UIKitInfiniteLayoutPipeline.self, catalogCount: 3, geometry: wide,
                                              script: ProgrammaticScenario.reloadRecentre.script(catalogCount: 3))
        #expect(recentre.agrees, "\(recentre.firstMismatch ?? "")")
        #expect(recentre.allowed[.pageSeamRounding, default: 0] > 0)
    }

    @Test func theSentinelDesignRunsOutOfPagesBecauseItsWrapWaitsForADecelerationThatNeverComes() {
        let sentinel = Implementation(uikit: UIKitSeed004SentinelPipeline.self)
        let results = checks(sentinel, .autoAdvance, n: 3)
        #expect(results.allSatisfy { !$0.passes })
        // After the rest (6 frames) and three ticks of 60 frames, page 4 of 5 has no next page.
        #expect(results[0].check?.firstRefusal?.hasPrefix("frame 186: ") == true)
        #expect(results[0].check?.firstRefusal?.contains("past its 5 items") == true)
        #expect(results[0].check?.jumps == 0)
    }

    @Test func aFiniteDesignStopsAtItsLastItemAndSeed000StartsOnItsLast() {
        let finite = checks(Implementation(uikit: UIKitUPCarouselPipeline.self), .autoAdvance, n: 3)
        #expect(finite[0].check?.firstRefusal?.contains("1 item away from item 2") == true)
        // Seed 000's three copies start on item 2n; with n = 1 that is the last of its 3 items.
        let seed000 = checks(Implementation(uikit: UIKitSeed000FlowPipeline.self), .autoAdvance, n: 1)
        #expect(seed000[0].check?.firstRefusal?.hasPrefix("frame 6: ") == true)
        #expect(checks(Implementation(uikit: UIKitSeed000FlowPipeline.self), .autoAdvance, n: 3).allSatisfy { $0.passes })
    }

    @Test func aTapOnSeed003sNeighbourRestsWhereUIKitCentresItsFrame() {
        // The enlarged centre cell pushes the next item 15 pt right: UIKit centres that frame (S4), the core the item's
        // place; the agreement names it.
        let results = checks(Implementation(uikit: UIKitSeed003PagingPipeline.self), .tap, n: 12)
        let view = results.first { $0.id == "uikit.seed003.paging" }!
        #expect(view.passes, "\(view.failure ?? "")")
        #expect((view.agreement?.allowed[.scrollTargetFromItemFrame] ?? 0) > 0)
    }

    @Test func aScrollThatRunsOverTheCatalogIsAFailureOfTheScenario() {
        var check = PipelineCheck(id: "my.port", catalogCount: 3, hz: 120)
        check.frames = 40
        check.framesWithItems = 40
        check.replayChecksum = check.checksum
        #expect(ScenarioCheck(scenario: .autoAdvance, id: "my.port", catalogCount: 3, check: check).passes)
        check.longScrolls = 1
        check.firstLongScroll = "frame 9: a scroll by code to the item 1 away travels 12 items (3514 pt)"
        let result = ScenarioCheck(scenario: .autoAdvance, id: "my.port", catalogCount: 3, check: check)
        #expect(!result.passes)
        #expect(result.failure == check.firstLongScroll)
    }
}
