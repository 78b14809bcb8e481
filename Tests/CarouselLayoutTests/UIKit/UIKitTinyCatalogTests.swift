@testable import CarouselLayout
import Testing

/// The UIKit views at n = 1, 2 and 3 against their cores, and the designs' own behaviour at n = 1 that makes them
/// differ (seed 000 v2's rotation detection, InfiniteLayout's minimum content size).
@Suite struct UIKitTinyCatalogTests {
    @Test(arguments: [1, 2, 3])
    func everyPipelineAgreesWithItsCoreAtTinyCatalogsUpToNamedDifferences(catalogCount: Int) {
        for kind in builtInUIKitPipelinesWithCores {
            let report = UIKitAgreement.compare(kind, catalogCount: catalogCount)
            #expect(report.agrees, "\(kind) n=\(catalogCount): \(report.mismatches) first: \(report.firstMismatch ?? "")")
            #expect(Set(report.allowed.keys).isSubset(of: kind.namedDifferences), "\(kind): \(report.allowed)")
        }
    }

    /// Seed 000 v2 (lines 381–389) sets `isRotating` only when an earlier `shouldInvalidateLayout(forBoundsChange:)`
    /// left a `currentWidth`; at n = 1 the content is one viewport wide, nothing scrolls, and the rotation is the
    /// first bounds change (C7): the layout keeps its portrait item and insets in the landscape viewport.
    @Test func centerFocusedAtOneItemKeepsItsPortraitLayoutThroughItsFirstRotation() {
        var single = UIKitSeed000CenterFocusedPipeline(catalogCount: 1, geometry: .default, switches: .default)
        #expect(single.scene.collectionView.maxContentOffsetX == 0)
        #expect(single.scene.differenceInEffect == nil)
        let portraitItem = single.scene.layout.itemSize.width
        single.rotationRelayout(toWidth: ScrollScript.landscapeWidth)
        #expect(single.scene.layout.itemSize.width == portraitItem)
        #expect(single.scene.differenceInEffect == .rotationTakenAsFirstBoundsChange)
        // The rotation back is a width change it sees: `configure(bounds:)` runs again.
        single.rotationRelayout(toWidth: ScrollScript.portraitWidth)
        #expect(single.scene.differenceInEffect == nil)

        // With content to scroll, a scroll's bounds change comes first and the rotation re-solves the layout.
        var three = UIKitSeed000CenterFocusedPipeline(catalogCount: 3, geometry: .default, switches: .default)
        var output = FrameOutput()
        three.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        three.rotationRelayout(toWidth: ScrollScript.landscapeWidth)
        #expect(three.scene.layout.itemSize.width == ScrollScript.landscapeWidth * CarouselGeometry.default.itemWidth
            / CarouselGeometry.default.viewportWidth)
        #expect(three.scene.differenceInEffect == nil)

        let report = UIKitAgreement.compare(UIKitSeed000CenterFocusedPipeline.self, catalogCount: 1)
        #expect(report.agrees, "\(report.firstMismatch ?? "")")
        #expect(report.allowed[.rotationTakenAsFirstBoundsChange, default: 0] > 0)
        #expect(UIKitAgreement.compare(UIKitSeed000CenterFocusedPipeline.self, catalogCount: 3)
            .allowed[.rotationTakenAsFirstBoundsChange, default: 0] == 0)
    }

    /// At n = 1 every index difference is a multiple of n: a centre one item away is v2's near tie read from the
    /// transformed frame (K3, F4), not a whole catalog width, for a pipeline that is never offset by catalog widths.
    @Test func aNeighbourCentreAtOneItemIsTheTransformedFramesNearTie() {
        var core = FrameOutput()
        core.centerItem = 54
        var uikit = FrameOutput()
        uikit.centerItem = 55
        let scaled = Comparator(UIKitSeed000CompositionalScaledPipeline.self, catalogCount: 1, switches: .default)
        #expect(scaled.centreDifference(core, uikit)?.reason == .transformFromTransformedFrame)
        // Where whole catalog widths are a named difference, they still explain it.
        let best = Comparator(UIKitBestPipeline.self, catalogCount: 1, switches: .default)
        #expect(best.centreDifference(core, uikit)?.reason == .offsetByWholeCatalogWidths)
        // Two items away at n = 1 is no near tie.
        uikit.centerItem = 56
        #expect(scaled.centreDifference(core, uikit)?.reason == .offsetByWholeCatalogWidths)

        let report = UIKitAgreement.compare(UIKitSeed000CompositionalScaledPipeline.self, catalogCount: 1)
        #expect(report.agrees, "\(report.firstMismatch ?? "")")
        #expect(report.allowed[.transformFromTransformedFrame, default: 0] > 1000)
    }

    /// InfiniteLayout loops to page 250 only with `hasValidLayout` (InfiniteLayout.swift lines 51–66, 165–174): a
    /// page under four screens (n = 1: 8 items, 2 342.4 pt) leaves the content one page long, starting at 0.
    @Test func infiniteLayoutAtOneItemStartsAtZeroOnItsOnePageAndAFlickRightRestsRightOfIt() {
        var single = UIKitInfiniteLayoutPipeline(catalogCount: 1, geometry: .default, switches: .default)
        #expect(!single.scene.layout.hasValidLayout)
        #expect(single.offset == 0)
        #expect(single.scene.collectionView.maxContentOffsetX == InfiniteLayoutWrap(geometry: .default, catalogCount: 1).pageWidth
            - CarouselGeometry.default.viewportWidth)
        #expect(single.scene.differenceInEffect == .finiteBelowMinimumContent)
        let rest = single.releaseWithSnap(velocity: 2_000)
        #expect(rest > single.offset && rest <= single.scene.collectionView.maxContentOffsetX)
        // In landscape the page (8 items at the landscape pitch) is long enough: the loop moves to page 250. Back in
        // portrait the content is one page again, and the centred item's copy on it is centred: item 0 at 0.
        single.rotationRelayout(toWidth: ScrollScript.landscapeWidth)
        #expect(single.scene.layout.hasValidLayout)
        #expect(single.scene.differenceInEffect == nil)
        single.rotationRelayout(toWidth: ScrollScript.portraitWidth)
        #expect(!single.scene.layout.hasValidLayout)
        #expect(single.offset == 0)

        // From n = 2 the page is long enough: the first layout pass's loop puts the offset on page 250.
        for n in [2, 3] {
            let pipeline = UIKitInfiniteLayoutPipeline(catalogCount: n, geometry: .default, switches: .default)
            #expect(pipeline.scene.layout.hasValidLayout)
            #expect(pipeline.offset == InfiniteLayoutWrap(geometry: .default, catalogCount: n).startOffset)
            #expect(pipeline.scene.differenceInEffect == nil)
        }

        let report = UIKitAgreement.compare(UIKitInfiniteLayoutPipeline.self, catalogCount: 1)
        #expect(report.agrees, "\(report.firstMismatch ?? "")")
        #expect(report.allowed[.finiteBelowMinimumContent, default: 0] > 0)
    }
}
