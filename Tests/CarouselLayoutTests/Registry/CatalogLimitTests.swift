import Testing
@testable import CarouselLayout

/// Every design's largest catalog (Docs/ALGORITHMS.md, "Catalog limits"): declared for both views, its reasons
/// holding at the limit, and a design that accepts a million items playing at a million.
@Suite struct CatalogLimitTests {
    @Test(arguments: Implementation.builtIns)
    func everyBuiltInDesignDeclaresALimitForBothViews(implementation: Implementation) throws {
        let core = try #require(implementation.core?.catalogLimit, "\(implementation.name): core")
        let uikit = try #require(implementation.uikit?.catalogLimit, "\(implementation.name): UIKit view")
        // The UIKit view is verified by playing its core beside it: it takes no catalog its core refuses.
        #expect(uikit.largest <= core.largest, "\(implementation.name)")
        #expect(implementation.largestCatalog == uikit.largest)
        for limit in [core, uikit] { #expect(!limit.reason.isEmpty && !limit.reason.contains("\n")) }
        #expect(UIKitFloorPipeline.catalogLimit != nil)
    }

    /// Each wrap's replication, built at its limit (O(1)): the laid-out count fits the `2^31` items whose positions
    /// keep their precision, one catalog item more does not, and the start item's position is exact to `1e-6`.
    @Test func theWrapsReplicationAtItsLimitKeepsItsPositionsPrecise() throws {
        let geometry = CarouselGeometry.default
        func check<W: WrapStrategy>(_ make: (Int) -> W, startItem: (W) -> Int) throws {
            let limit = try #require(W.catalogLimit)
            let wrap = make(limit.largest)
            #expect(wrap.itemCount <= CatalogLimit.precisePositions, "\(W.id)")
            #expect(make(limit.largest + 1).itemCount > CatalogLimit.precisePositions, "\(W.id): the limit is the largest")
            let position = wrap.startOffset / wrap.pitch
            #expect(abs(position - Double(startItem(wrap))) <= 1e-6, "\(W.id): \(position)")
            #expect(wrap.logicalCenter(offset: wrap.startOffset) == wrap.logicalIndex(ofItem: startItem(wrap)), "\(W.id)")
        }
        try check({ TripleWrap(geometry: geometry, catalogCount: $0) }, startItem: { 2 * $0.catalogCount })
        try check({ HundredfoldWrap(geometry: geometry, catalogCount: $0) }, startItem: { $0.itemCount / 2 })
        try check({ SentinelWrap(viewportWidth: geometry.viewportWidth, catalogCount: $0) }, startItem: { _ in 1 })
        try check({ ModularWrap(geometry: geometry, catalogCount: $0) }, startItem: { _ in 0 })
        try check({ InfiniteLayoutWrap(geometry: geometry, catalogCount: $0) }, startItem: { $0.itemCount / 2 })
        #expect(InfiniteLayoutWrap.copies(geometry) == 8, "the replication its limit names")
    }

    /// The precision the limits rest on: the offset of any item below `2^31` is stored to a grid of at most `2^-21` of
    /// an item (`ulp(k·p) ≤ k·p·2^-52`), inside the `1e-6` the checks ask; at `2^40` items the grid is 2^-12 of an item.
    @Test func positionsBelowTwoToThe31KeepAMillionthOfAnItem() {
        let pitch = CarouselGeometry.default.pitch
        for k in [1, 1_000_000, 536_870 * 4_000, CatalogLimit.precisePositions - 1] {
            let grid = (Double(k) * pitch).ulp / pitch
            #expect(grid <= 1.0 / Double(1 << 21), "k = \(k): \(grid)")
            #expect(grid < 1e-6)
        }
        #expect((Double(1 << 40) * pitch).ulp / pitch > 1e-6)
    }

    @Test func aMeasuredCostScalesToItsBudgetRoundedDownToTwoDigits() {
        let wide = CatalogLimit.positions(replication: 1, "N = n")
        #expect(wide.largest == 1 << 31)
        let timed = wide.tightened(measured: 31, at: 1_000_000, budget: 10, unit: .secondsPerPlay, "O(N) per frame")
        #expect(timed.largest == 320_000)
        #expect(timed.reason == "O(N) per frame: 31 s a play at n = 1000000 on the reference VM, past the 10 s a play "
            + "budget from about n = 320000")
        // A bound above the limit leaves it.
        #expect(timed.tightened(to: 500_000, "looser") == timed)
        #expect(CatalogLimit.roundedDown(1_088_139) == 1_000_000 && CatalogLimit.roundedDown(99) == 99)
    }

    /// Designs that accept a million items play the standard trajectory at a million: the core verified, the UIKit view
    /// agreeing with it frame by frame. The O(1)-per-frame ones, each play a few hundredths of a second.
    @Test(arguments: [Implementation(uikit: UIKitSeed000CompositionalPipeline.self),
                      Implementation(uikit: UIKitSeed004SentinelPipeline.self)])
    func aDesignPlaysAtAMillionItems(implementation: Implementation) {
        let n = 1_000_000
        #expect(implementation.largestCatalog >= n)
        let verification = implementation.verify(catalogs: [n])
        #expect(verification.checks.count == 1 && verification.agreements.count == 1, "played at n = \(n)")
        for check in verification.checks {
            #expect(check.isVerified, "\(implementation.name): \(check.firstFailure ?? "replay")")
            #expect(check.indexOutOfRange == 0)
        }
        for agreement in verification.agreements {
            #expect(agreement.agrees, "\(implementation.name): \(agreement.firstMismatch ?? "")")
        }
    }

    @Test func bestsCorePlaysAtAMillionItems() {
        let check = PipelineVerification.check(BestPipeline.self, catalogCount: 1_000_000)
        #expect(check.isVerified, "\(check.firstFailure ?? "replay")")
    }
}
