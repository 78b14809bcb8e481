import Testing
@testable import CarouselLayout

@Suite("Catalogue updates in the UIKit views")
struct UIKitCatalogUpdateTests {
    @Test(arguments: CatalogUpdate.verified, [3, 300])
    func bestKeepsTheCentredItemThroughEveryUpdate(update: CatalogUpdate, n: Int) {
        let check = CatalogUpdateCheck.check(UIKitBestPipeline.self, catalogCount: n, update: update)
        #expect(check.failure == nil && check.refusal == nil, "\(check.failure ?? check.refusal ?? "")")
    }

    @Test(arguments: CatalogUpdate.verified, [3, 300])
    func seed003KeepsTheCentredItemThroughEveryUpdate(update: CatalogUpdate, n: Int) {
        let check = CatalogUpdateCheck.check(UIKitSeed003PagingPipeline.self, catalogCount: n, update: update)
        #expect(check.failure == nil && check.refusal == nil, "\(check.failure ?? check.refusal ?? "")")
    }

    @Test func anUpdateToNoItemsIsRefusedWithNothingChanged() {
        let pipeline = UIKitBestPipeline(catalogCount: 1, geometry: .default, switches: .default)
        let offset = pipeline.offset
        let refusal = pipeline.scene.updateCatalog(.deleteAtEnd(1))
        #expect(refusal?.contains("0 items") == true)
        #expect(pipeline.catalogCount == 1 && pipeline.offset == offset)
        pipeline.scene.collectionView.layoutIfNeeded()
    }

    /// Seed 000 lines 614–627: `apply` diffs the `3n` identifiers and updates the items in place; `scrollToCenter`
    /// does not run again, so the offset stays on page `2n` and shows item `2n mod n'`.
    @Test func seed000AppliedSnapshotKeepsPage2nSoTheCentredItemChanges() {
        let pipeline = UIKitSeed000FlowPipeline(catalogCount: 300, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        let offset = pipeline.offset
        #expect(pipeline.scene.updateCatalog(.insertAtEnd(2)) == nil)
        #expect(pipeline.scene.lastDiffChanges == 6, "two items inserted in each of the three copies")
        #expect(pipeline.offset == offset)
        var output = FrameOutput()
        pipeline.scene.fillOutput(&output)
        #expect(output.logicalIndex == 600 % 302)
        let check = CatalogUpdateCheck.check(UIKitSeed000FlowPipeline.self, catalogCount: 300, update: .insertAtEnd(2))
        #expect(check.failure?.contains("item 298 centred, the update keeps 0") == true)
    }

    /// FSPagerView's `scrollToItem(at:animated:)` right after its `reloadData()`: no visible cell, so the current
    /// section is 0; item 299 is more than half the count after the current index 0, so `nearbyIndexPath` takes
    /// section −1, a negative offset, where `scrollViewDidScroll` computes index 0; the next `prepare` puts index 0 in
    /// the middle section.
    @Test func fsPagerScrollToItemRightAfterReloadDataTakesSectionMinusOneAndCentresItem0() {
        let check = CatalogUpdateCheck.check(UIKitFSPagerPipeline.self, catalogCount: 300, update: .reverse)
        #expect(check.failure?.contains("item 0 centred, the update keeps 299") == true)
        for update in [CatalogUpdate.insertAtEnd(2), .deleteInMiddle(1), .deleteAtEnd(1)] {
            #expect(CatalogUpdateCheck.check(UIKitFSPagerPipeline.self, catalogCount: 300, update: update).failure == nil)
        }
    }
}

extension UIKitCatalogUpdateTests {
    /// FSPagerView #187, #259, #375: `scrollToItem(at:animated:)` right after `reloadData()` to an item the new data
    /// has and the old did not. Its guard (FSPagerView.swift lines 514–516) reads `numberOfItems`, which only the next
    /// count of the data sets (lines 316–325): `fatalError`. The model records it instead of going on.
    @Test func fsPagerShowingANewItemRightAfterReloadDataEndsInItsFatalError() {
        let check = CatalogUpdateCheck.check(UIKitFSPagerPipeline.self, catalogCount: 3, update: .insertAtEndShowingFirst(2))
        #expect(check.failure?.contains(#"fatalError("index 3 is out of range [0...2]")"#) == true, "\(check.failure ?? "")")
        let pipeline = UIKitFSPagerPipeline(catalogCount: 3, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        #expect(pipeline.scene.updateCatalog(.insertAtEnd(2)) == nil)
        #expect(pipeline.scene.stoppedAppCode == nil, "the item kept is inside the old count")
        #expect(pipeline.scene.updateCatalog(.insertAtEndShowingFirst(2)) == nil)
        #expect(pipeline.scene.stoppedAppCode?.hasPrefix("FSPagerView.swift lines 514-516") == true)
    }

    /// FSPagerView's `selectItem(at:animated:)` right after `reloadData()` (lines 489–494): no guard, so the new item's
    /// index path comes from `nearbyIndexPath` with the old count: item 3 is more than half of 3 after the current index
    /// 0, so section −1. UIKit's `selectItem` counts the data again and checks the path (S9): a section outside the data
    /// raises. Nothing is selected and nothing scrolls.
    @Test func fsPagerSelectingANewItemRightAfterReloadDataAsksForSectionMinusOne() {
        let check = CatalogUpdateCheck.check(UIKitFSPagerPipeline.self, catalogCount: 3, update: .insertAtEndSelectingFirst(2))
        #expect(check.failure?.contains("selectItem(at: 3): nearbyIndexPath gives section -1 (old numberOfItems 3, currentIndex 0)") == true,
                "\(check.failure ?? "")")
        #expect(check.failure?.contains("out-of-bounds item (3) when there are only 0 items in section -1") == true)
        let pipeline = UIKitFSPagerPipeline(catalogCount: 3, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        #expect(pipeline.scene.updateCatalog(.insertAtEndSelectingFirst(2)) == nil)
        #expect(pipeline.scene.collectionView.selectedGlobalIndex == nil)
        #expect(pipeline.scene.stoppedAppCode?.hasPrefix("FSPagerView.swift lines 489-494") == true)
        #expect(pipeline.scene.pagerView.numberOfItems == 5, "selectItem counted the data")
    }

    /// Every other design selects what arrived as `scrollToItem` shows it (S9: the path checked, then the same scroll):
    /// the same verdict as showing it, at every size.
    @Test(arguments: [1, 3, 300])
    func selectingWhatArrivedIsShowingItForTheOtherDesigns(n: Int) throws {
        for (select, show) in [(CatalogUpdateCheck.check(UIKitBestPipeline.self, catalogCount: n, update: .insertAtEndSelectingFirst(2)),
                                CatalogUpdateCheck.check(UIKitBestPipeline.self, catalogCount: n, update: .insertAtEndShowingFirst(2))),
                               (CatalogUpdateCheck.check(UIKitSeed004SentinelPipeline.self, catalogCount: n, update: .insertAtEndSelectingFirst(2)),
                                CatalogUpdateCheck.check(UIKitSeed004SentinelPipeline.self, catalogCount: n, update: .insertAtEndShowingFirst(2)))] {
            #expect(select.passes == show.passes, "\(select.id) at n = \(n): \(select.failure ?? "holds") / \(show.failure ?? "holds")")
        }
        let pipeline = UIKitBestPipeline(catalogCount: n, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        #expect(pipeline.scene.updateCatalog(.insertAtEndSelectingFirst(2)) == nil)
        let selected = try #require(pipeline.scene.collectionView.selectedGlobalIndex)
        #expect(catalogIndex(selected, catalogCount: n + 2) == n)
    }

    /// Seed 004 at n = 1, resting on its trailing sentinel (page 2, a copy of item 0): after 2 items arrive, page 2 is
    /// item 1, the one the app asks for, so `scrollToItem` leaves the offset where it is. An equal bounds change returns
    /// at once (C7): no `scrollViewDidScroll`, so the page control, the design's only index, still says item 0.
    @Test func seed004sPageControlIsNotUpdatedWhenTheNewItemIsAlreadyWhereTheOffsetIs() {
        let check = CatalogUpdateCheck.check(UIKitSeed004SentinelPipeline.self, catalogCount: 1, update: .insertAtEndShowingFirst(2))
        #expect(check.failure?.contains("after a scroll to the next item") == true)
        #expect(check.failure?.contains("item 0 centred, the app shows 1 (offset 780.0)") == true, "\(check.failure ?? "")")
        #expect(CatalogUpdateCheck.check(UIKitSeed004SentinelPipeline.self, catalogCount: 3, update: .insertAtEndShowingFirst(2)).passes)
    }
}

@Suite("Catalogue updates in the cores")
struct CoreCatalogUpdateTests {
    /// Seed 000's path keeps the offset (the snapshot applied, no recentre): its core, rebuilt for 302 items and left on
    /// page 600, shows the item its UIKit view shows, 600 mod 302.
    @Test func seed000sCoreFailsAsItsUIKitViewDoes() {
        let core = CatalogUpdateCheck.check(core: Seed000FlowPipeline.self, catalogCount: 300, update: .insertAtEnd(2))
        #expect(core.failure?.contains("item 298 centred, the update keeps 0") == true, "\(core.failure ?? "")")
        #expect(core.path?.hasPrefix("seed 000 lines 614-627") == true)
    }

    /// FSPagerView's and InfiniteLayout's failures come from their UIKit views' state (no cell on screen right after
    /// reloadData; the centred index path at a page seam): their cores, placed by the same paths, hold.
    @Test(arguments: CatalogUpdate.verified, [3, 300])
    func theCoresWhoseUIKitViewsFailForUIKitsStateHold(update: CatalogUpdate, n: Int) {
        for check in [CatalogUpdateCheck.check(core: FSPagerPipeline.self, catalogCount: n, update: update),
                      CatalogUpdateCheck.check(core: InfiniteLayoutPipeline.self, catalogCount: n, update: update),
                      CatalogUpdateCheck.check(core: BestPipeline.self, catalogCount: n, update: update)] {
            #expect(check.passes && check.refusal == nil, "\(check.id): \(check.failure ?? check.refusal ?? "")")
        }
    }

    @Test func anImplementationIsCheckedInItsCoreThenItsUIKitView() {
        let checks = Implementation(uikit: UIKitBestPipeline.self).verifyCatalogUpdates([.reverse], catalogs: [3])
        #expect(checks.map(\.id) == ["pipeline.best", "uikit.best"])
        #expect(CatalogUpdateCheck.check(core: BestPipeline.self, catalogCount: 1, update: .deleteAtEnd(1)).refusal?.contains("0 items") == true)
    }
}

@Suite("Seed 000's jump between pages n and 2n + 1, called from its own scrollViewDidScroll")
struct Seed000RecursionTests {
    /// At n = 1 000 a reload and recentre onto page 2n + 1 makes `scrollTo(page:)` (lines 588–600) leave a remainder of
    /// almost 0, then almost a whole page: pages n and 2n + 1 send the offset back and forth, each call nested in the
    /// last. The model stops it and says so; the scroll ends on one of the two pages.
    @Test func aRecentreOntoPage2nPlus1AtN1000RecursesWithoutEndAndIsStopped() {
        var pipeline = UIKitSeed000FlowPipeline(catalogCount: 1_000, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        #expect(pipeline.scene.stoppedAppCode == nil)
        let offset = pipeline.reloadAndRecentre(itemsAway: 1)
        #expect(pipeline.scene.stoppedAppCode?.contains("an app's stack would overflow") == true)
        let page = (offset / pipeline.scene.geometry.pitch).rounded()
        #expect(page == 1_000 || page == 2_001, "\(page)")
    }

    @Test func atN300TheSameRecentreEndsWithoutRecursing() {
        var pipeline = UIKitSeed000FlowPipeline(catalogCount: 300, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        _ = pipeline.reloadAndRecentre(itemsAway: 1)
        #expect(pipeline.scene.stoppedAppCode == nil)
    }
}

/// D2's diff under both readings of `snapshotDiff`: the same changes counted for seed 000's updates, and the same
/// screen after them; only the cost order differs (Myers' O((N + N′)·D), a hashed pass O(N + N′)).
@Suite("Seed 000's snapshot diff, both readings")
struct SnapshotDiffTests {
    @Test func theHashedPassCountsInsertsRemovalsAndMoves() {
        #expect(Seed000FlowScene.hashedChanges(from: [1, 2, 3], to: [1, 2, 3, 4, 5]) == 2)
        #expect(Seed000FlowScene.hashedChanges(from: [1, 2, 3], to: [1, 3]) == 1)
        #expect(Seed000FlowScene.hashedChanges(from: [1, 2, 3], to: [1, 2, 3]) == 0)
        // A reverse of N: every survivor after the first is found before one already matched, a move each.
        #expect(Seed000FlowScene.hashedChanges(from: [1, 2, 3, 4], to: [4, 3, 2, 1]) == 6)
    }

    @Test(arguments: [CatalogUpdate.insertAtEnd(2), .deleteInMiddle(1), .reverse])
    func bothReadingsCountTheSameChangesAndLeaveTheSameScreen(update: CatalogUpdate) throws {
        var outcomes: [(changes: Int, offset: Double, centred: Int?)] = []
        for diff in UIKitSwitches.SnapshotDiff.allCases {
            var switches = UIKitSwitches.default
            switches.snapshotDiff = diff
            let pipeline = UIKitSeed000FlowPipeline(catalogCount: 30, geometry: .default, switches: switches)
            pipeline.scene.collectionView.layoutIfNeeded()
            #expect(pipeline.scene.updateCatalog(update) == nil)
            var output = FrameOutput()
            pipeline.scene.fillOutput(&output)
            outcomes.append((pipeline.scene.lastDiffChanges, pipeline.offset, output.logicalIndex))
        }
        let (myers, hashed) = (outcomes[0], outcomes[1])
        #expect(myers.changes == hashed.changes, "\(update): \(outcomes)")
        #expect(myers.offset == hashed.offset && myers.centred == hashed.centred)
        #expect(myers.changes > 0)
    }
}

/// S9: `selectItem(at:animated:scrollPosition:)` checks the index path against the counts it reloads, raises for one
/// outside them (a section, then an item), and otherwise selects and scrolls as `scrollToItem` does.
@Suite("selectItem's check (S9)")
struct SelectItemTests {
    /// A laid-out `uikit.best` (the pipeline keeps its scene's objects alive: the collection view holds them unowned).
    func laidOut(catalogCount n: Int) -> UIKitBestPipeline {
        let pipeline = UIKitBestPipeline(catalogCount: n, geometry: .default, switches: .default)
        pipeline.scene.collectionView.layoutIfNeeded()
        return pipeline
    }

    @Test func aPathOutsideTheDataRaisesWithUIKitsMessageAndNothingChanges() {
        let pipeline = laidOut(catalogCount: 3)
        let view: CollectionView = pipeline.scene.collectionView
        let offset = view.contentOffset.x
        let sections = view.numberOfSections
        let items = view.numberOfItems(inSection: 0)
        #expect(view.selectItem(at: IndexPath(item: 0, section: sections), scrollPosition: .centeredHorizontally)?
            .contains("line 8228): \"Attempted to modify the selection of an item in an out-of-bounds section (\(sections)) when there are only \(sections) sections\"") == true)
        #expect(view.selectItem(at: IndexPath(item: items, section: 0), scrollPosition: .centeredHorizontally)?
            .contains("line 8236): \"Attempted to modify the selection of an out-of-bounds item (\(items)) when there are only \(items) items in section 0\"") == true)
        #expect(view.selectItem(at: IndexPath(item: 4, section: -1), scrollPosition: nil)?
            .contains("\"Attempted to scroll the collection view to an out-of-bounds item (4) when there are only 0 items in section -1\", as FSPagerView #375 reports") == true)
        #expect(view.selectedGlobalIndex == nil && view.contentOffset.x == offset)
        withExtendedLifetime(pipeline) {}
    }

    @Test func aPathInsideTheDataIsSelectedAndScrolledToAsScrollToItemWould() throws {
        let pipeline = laidOut(catalogCount: 300)
        let view: CollectionView = pipeline.scene.collectionView
        let centred = try #require(pipeline.scene.nearestVisibleCell()).globalIndex
        let next = try #require(view.indexPath(forGlobalIndex: centred + 1))
        let target = try #require(view.contentOffsetForScrollingToItem(at: next, at: .centeredHorizontally))
        #expect(view.selectItem(at: next, scrollPosition: .centeredHorizontally) == nil)
        #expect(view.selectedGlobalIndex == centred + 1 && view.contentOffset.x == target)
        let there = view.contentOffset.x
        #expect(view.selectItem(at: try #require(view.indexPath(forGlobalIndex: centred + 2)), scrollPosition: nil) == nil)
        #expect(view.selectedGlobalIndex == centred + 2 && view.contentOffset.x == there, "no position: selected, not scrolled")
        withExtendedLifetime(pipeline) {}
    }
}
