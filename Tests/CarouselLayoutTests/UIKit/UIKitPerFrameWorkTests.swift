import CarouselLayout
import Testing

/// The per-frame work of `layoutSubviews` and `_updateVisibleCellsNow:` (C14–C18), the idle callback's re-check of the
/// prefetched cells (PF2), the velocity sample's reset (PF3), the small deviations C19, C20, C22, C23 and F6, and the
/// offset re-adjustment after a frame change (C21), one fact per test (Docs/UIKIT-MODEL.md, "Per-frame work and deviations read").
@Suite struct UIKitPerFrameWorkTests {
    /// One frame of a fixture: a scroll by `delta`, the layout pass, the idle callback.
    static func frame(_ fixture: FlowFixture, _ delta: Double) {
        fixture.collectionView.scroll(by: delta)
        fixture.collectionView.layoutIfNeeded()
        fixture.collectionView.updateCycleIdle()
    }

    // MARK: C14: layoutSubviews' own work

    @Test func c14LayoutSubviewsSendsItsMessagesOnEveryPassAndPushesAPoolOnlyAroundAnUpdate() {
        let fixture = FlowFixture(items: 100)
        let ledger = fixture.ledger
        var (messages, pools, samples) = (ledger.layoutSubviewsMessages, ledger.autoreleasePools, ledger.velocitySamples)
        // A pass after a move: the sends before and after (12 + 7), the pool, the velocity sample and the two
        // prefetch sends.
        Self.frame(fixture, 10)
        #expect(ledger.layoutSubviewsMessages - messages == 12 + 7 + 2)
        #expect(ledger.autoreleasePools - pools == 1 && ledger.velocitySamples - samples == 1)
        // A pass with nothing pending (no bounds change): the fixed sends only.
        (messages, pools, samples) = (ledger.layoutSubviewsMessages, ledger.autoreleasePools, ledger.velocitySamples)
        Self.frame(fixture, 0)
        #expect(ledger.layoutSubviewsMessages - messages == 12 + 7)
        #expect(ledger.autoreleasePools == pools && ledger.velocitySamples == samples)
    }

    @Test func c14LayoutSubviewsWorkOffLeavesItOutAndChangesNoFrame() {
        var switches = UIKitSwitches.default
        switches.layoutSubviewsWork = .off
        let fixture = FlowFixture(items: 100, switches: switches)
        let reference = FlowFixture(items: 100)
        for _ in 0..<30 {
            Self.frame(fixture, 12)
            Self.frame(reference, 12)
            #expect(fixture.collectionView.displayedCells.map(\.globalIndex) == reference.collectionView.displayedCells.map(\.globalIndex))
        }
        #expect(fixture.ledger.layoutSubviewsMessages == 0 && fixture.ledger.autoreleasePools == 0)
        // The reference samples on each of the 30 frames and on its first layout pass.
        #expect(fixture.ledger.velocitySamples == 0 && reference.ledger.velocitySamples == 31)
    }

    // MARK: C15–C18: the rest of _updateVisibleCellsNow:

    @Test func c15to18EveryPassWithAnUpdateLocksSuspendsAsksTheLayoutThriceAndEmptiesTheDisplaySet() {
        let fixture = FlowFixture(items: 100)
        let ledger = fixture.ledger
        var (messages, questions) = (ledger.cellUpdateMessages, ledger.cellUpdateLayoutQuestions)
        Self.frame(fixture, 10)
        // Begin (6 sends and `_estimatesSizes`), the content size (10 sends and `collectionViewContentSize`), end (11
        // sends and `_estimatesSizes`).
        #expect(ledger.cellUpdateMessages - messages == 7 + 10 + 12)
        #expect(ledger.cellUpdateLayoutQuestions - questions == 3)
        (messages, questions) = (ledger.cellUpdateMessages, ledger.cellUpdateLayoutQuestions)
        Self.frame(fixture, 0)
        #expect(ledger.cellUpdateMessages == messages && ledger.cellUpdateLayoutQuestions == questions)
        // The content size comes from the layout on every pass with an update (C17).
        #expect(fixture.collectionView.contentSize == fixture.layout.collectionViewContentSize)
    }

    @Test func c15to18CellUpdateWorkOffLeavesItOut() {
        var switches = UIKitSwitches.default
        switches.cellUpdateWork = .off
        let fixture = FlowFixture(items: 100, switches: switches)
        for _ in 0..<10 { Self.frame(fixture, 12) }
        #expect(fixture.ledger.cellUpdateMessages == 0 && fixture.ledger.cellUpdateLayoutQuestions == 0)
    }

    // MARK: PF2: the idle callback re-checks the cached prefetched cells

    @Test func pf2EveryIdleCallbackWalksTheCachedCellsAndRefetchesThemOnlyAfterAnInvalidation() {
        let fixture = FlowFixture(items: 100)
        let ledger = fixture.ledger
        // Moving: the prefetch cache fills; with no invalidation its cells are walked, never re-asked.
        for _ in 0..<6 { Self.frame(fixture, 8) }
        #expect(ledger.cellsPrefetched > 0 && ledger.prefetchRechecks > 0)
        #expect(ledger.prefetchRefreshes == 0)
        // An invalidation makes the next pass re-apply attributes (C11), which flags every cached item: the next idle
        // callback asks the data for each (a layout query for one item and a data copy on a miss).
        let (rechecks, refreshes, copies) = (ledger.prefetchRechecks, ledger.prefetchRefreshes, ledger.dataCopies)
        fixture.layout.invalidateLayout()
        Self.frame(fixture, 8)
        let walked = ledger.prefetchRechecks - rechecks
        #expect(walked > 0 && ledger.prefetchRefreshes - refreshes == walked)
        #expect(ledger.dataCopies >= copies)
        // The flags are cleared: the next callback walks again, re-asks nothing.
        let refreshed = ledger.prefetchRefreshes
        Self.frame(fixture, 8)
        #expect(ledger.prefetchRefreshes == refreshed)
    }

    @Test func pf2PrefetchRecheckOffWalksNothing() {
        var switches = UIKitSwitches.default
        switches.prefetchRecheck = .off
        let fixture = FlowFixture(items: 100, switches: switches)
        for _ in 0..<6 { Self.frame(fixture, 8) }
        fixture.layout.invalidateLayout()
        Self.frame(fixture, 8)
        #expect(fixture.ledger.cellsPrefetched > 0)
        #expect(fixture.ledger.prefetchRechecks == 0 && fixture.ledger.prefetchRefreshes == 0)
    }

    @Test func pf2APipelineThatInvalidatesEveryFrameRefetchesItsCachedCellsEveryFrame() {
        var pipeline = UIKitSeed000CenterFocusedPipeline(catalogCount: 300, geometry: .default)
        var output = FrameOutput()
        for index in 0..<8 { pipeline.apply(TrajectoryFrame(frame: index, delta: 6, phase: .dragging), into: &output) }
        let ledger = pipeline.ledger
        let refreshes = ledger.prefetchRefreshes
        for index in 8..<16 { pipeline.apply(TrajectoryFrame(frame: index, delta: 6, phase: .dragging), into: &output) }
        #expect(ledger.prefetchRefreshes - refreshes >= 8)
    }

    // MARK: PF3: the velocity sample's 60° reset

    @Test func pf3AReversalOfAOneAxisScrollResetsThePrefetchContextsAndASmallStepIsNoSample() {
        let fixture = FlowFixture(items: 100)
        for _ in 0..<5 { Self.frame(fixture, 10) }
        #expect(fixture.ledger.prefetchResets == 0)
        // A step under 5 pt back is inside the dead band: no turn is seen.
        Self.frame(fixture, -3)
        #expect(fixture.ledger.prefetchResets == 0)
        // A reversal is a 180° turn: the contexts are dropped at once.
        Self.frame(fixture, -10)
        #expect(fixture.ledger.prefetchResets == 1)
        for _ in 0..<5 { Self.frame(fixture, -10) }
        #expect(fixture.ledger.prefetchResets == 1)
    }

    // MARK: C19, C20: the data's validation order and the prepared bit

    @Test func c20AnItemLevelInvalidationLeavesTheDataPreparedUntilTheNextValidation() {
        let fixture = BoundsAskingFixture()
        let context = InvalidationContext(everything: false)
        context.invalidateFlowLayoutAttributes = false
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateItems(inSection: 0, items: 1...2)
        fixture.layout.invalidateLayout(with: context)
        // Still prepared: a bounds change asks the layout (C7).
        fixture.layout.asked = 0
        fixture.collectionView.scroll(by: 5)
        #expect(fixture.layout.asked == 1)
        // The next validation clears the bit because items are pending: prepare runs once.
        let prepares = fixture.ledger.prepares
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.prepares == prepares + 1)
        // A full invalidation clears it at once: the next move asks nothing.
        fixture.layout.invalidateLayout()
        fixture.layout.asked = 0
        fixture.collectionView.scroll(by: 5)
        #expect(fixture.layout.asked == 0)
    }

    @Test func c19AnInvalidatedItemTheValidationPagesInCostsNoDataCopy() {
        let fixture = FlowFixture(items: 100)
        let ledger = fixture.ledger
        // Item 10 (x 1100) is outside the validated rect (0 ..< 390, one screen) and item 1 inside it.
        let context = InvalidationContext(everything: false)
        context.invalidateFlowLayoutAttributes = false
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateItems(inSection: 0, items: 1...1)
        context.invalidateItems(inSection: 0, items: 10...10)
        fixture.layout.invalidateLayout(with: context)
        let (copies, refetches, faults) = (ledger.dataCopies, ledger.itemRefetches, ledger.faultQueries)
        // The move takes the bounds past the validated rect: C1's query pages item 10 in uncopied; only item 1 is
        // refetched and copied.
        fixture.collectionView.scroll(by: 800)
        fixture.collectionView.layoutIfNeeded()
        #expect(ledger.faultQueries == faults + 1)
        #expect(ledger.itemRefetches == refetches + 1 && ledger.dataCopies == copies + 1)
    }

    // MARK: C22: CGRectIntersectsRect is strict

    @Test func c22RectsThatOnlyShareAnEdgeDoNotIntersect() {
        let a = LayoutRect(x: 0, y: 0, width: 100, height: 100)
        let right = LayoutRect(x: 100, y: 0, width: 50, height: 100)
        let below = LayoutRect(x: 0, y: 100, width: 100, height: 10)
        let corner = LayoutRect(x: 100, y: 100, width: 10, height: 10)
        for other in [right, below, corner] {
            #expect(!a.intersectsStrictly(other) && !other.intersectsStrictly(a))
            #expect(a.intersects(other), "the closed test counts a shared edge")
        }
        #expect(a.intersectsStrictly(LayoutRect(x: 99.5, y: 0, width: 50, height: 100)))
    }

    @Test func c22AnEmptyOrNullRectIntersectsNothing() {
        let a = LayoutRect(x: 0, y: 0, width: 100, height: 100)
        #expect(!a.intersectsStrictly(LayoutRect(x: 50, y: 0, width: 0, height: 100)))
        #expect(!a.intersectsStrictly(LayoutRect(x: 0, y: 50, width: 100, height: 0)))
        #expect(!a.intersectsStrictly(.null) && !LayoutRect.null.intersectsStrictly(a))
        #expect(a.intersects(LayoutRect(x: 50, y: 0, width: 0, height: 100)))
    }

    @Test func c22AnItemThatOnlyTouchesTheViewportEdgeIsNotDisplayed() {
        // Items at x = 110 k, 100 wide: at offset 100 item 0 ends exactly at the viewport's left edge.
        let fixture = FlowFixture(items: 100)
        fixture.collectionView.scroll(by: 100)
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.collectionView.displayedCells.first?.globalIndex == 1)
        // The hit test at the shared edge finds nothing: the 1x1 rect from x = 100 only touches item 0's edge, and
        // item 1 starts at 110.
        #expect(fixture.collectionView.indexPathForItem(at: LayoutPoint(x: 100, y: 150)) == nil)
    }

    // MARK: C23: isEqual:'s tolerance and alpha 0 as hidden

    @Test func c23AttributesWithinTwoToTheMinus23AreEqualAndAlphaZeroIsHidden() {
        let a = LayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        a.frame = LayoutRect(x: 0, y: 0, width: 100, height: 100)
        let b = a.copy()
        b.center = LayoutPoint(x: a.center.x + 0x1p-24, y: a.center.y)
        #expect(a.isEqual(to: b))
        b.center = LayoutPoint(x: a.center.x + 0x1p-23, y: a.center.y)
        #expect(!a.isEqual(to: b), "the difference must be strictly below 2^-23")
        let c = a.copy()
        c.size = LayoutSize(width: 100 + 0x1p-25, height: 100)
        #expect(a.isEqual(to: c))
        // Alpha 0 is hidden: two objects with alpha 0 that differ only in isHidden are equal.
        let d = a.copy(), e = a.copy()
        d.alpha = 0
        e.alpha = 0
        e.isHidden = true
        #expect(d.isEqual(to: e))
        // Hidden against shown differs; alpha itself is compared exactly.
        let f = a.copy()
        f.isHidden = true
        #expect(!a.isEqual(to: f))
        let g = a.copy()
        g.alpha = 0.5
        #expect(!a.isEqual(to: g))
    }

    // MARK: C21: the offset after a frame change

    @Test func c21TheViewportsCentreKeepsItsFractionOfTheContent() {
        // Centre 2 195 of 10 990 (0.1997...): at a width of 844 the new centre sits at the same fraction.
        #expect(CollectionView.offsetForNewFrame(offset: 2000, oldWidth: 390, newWidth: 844, oldContentWidth: 10_990,
                                                 newContentWidth: 10_990) == 1773)
        // A content twice as wide puts it twice as far: round(21 980 x 0.1997... - 422) = 3968.
        #expect(CollectionView.offsetForNewFrame(offset: 2000, oldWidth: 390, newWidth: 844, oldContentWidth: 10_990,
                                                 newContentWidth: 21_980) == 3968)
        // Rounded to a whole point, not a pixel.
        #expect(CollectionView.offsetForNewFrame(offset: 1000.4, oldWidth: 390, newWidth: 390, oldContentWidth: 3000,
                                                 newContentWidth: 3000) == 1000)
        // Kept inside the content: near the end it stops at content - width.
        #expect(CollectionView.offsetForNewFrame(offset: 10_600, oldWidth: 390, newWidth: 844, oldContentWidth: 10_990,
                                                 newContentWidth: 10_990) == 10_990 - 844)
        // At the content's start, or with content no wider than the new view, the start.
        #expect(CollectionView.offsetForNewFrame(offset: 0, oldWidth: 390, newWidth: 844, oldContentWidth: 10_990,
                                                 newContentWidth: 10_990) == 0)
        #expect(CollectionView.offsetForNewFrame(offset: 300, oldWidth: 390, newWidth: 844, oldContentWidth: 1000,
                                                 newContentWidth: 844) == 0)
    }

    @Test func c21WithTheReadjustmentTheLayoutPreparesInsideSetFrameAndTheOffsetIsSet() {
        var switches = UIKitSwitches.default
        switches.rotationOffset = .proportional
        let fixture = WidthInvalidatingFixture(switches: switches)
        fixture.collectionView.setContentOffset(LayoutPoint(x: 2000, y: 0))
        fixture.collectionView.layoutIfNeeded()
        let prepares = fixture.ledger.prepares
        fixture.collectionView.setFrameWidth(844)
        // `collectionViewContentRect` prepared the invalidated layout before any layout pass.
        #expect(fixture.ledger.prepares == prepares + 1)
        #expect(fixture.collectionView.contentOffset.x == 1773)
        #expect(fixture.collectionView.offsetReadjustedAtFrameChange)
        // The offset it set is a bounds change of its own, which this layout invalidates for (C7): the next pass
        // prepares once more.
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.prepares == prepares + 2)
    }

    @Test func c21OffLeavesTheOffsetAndPreparesAtTheNextPass() {
        let fixture = WidthInvalidatingFixture(switches: .default)
        fixture.collectionView.setContentOffset(LayoutPoint(x: 2000, y: 0))
        fixture.collectionView.layoutIfNeeded()
        let prepares = fixture.ledger.prepares
        fixture.collectionView.setFrameWidth(844)
        #expect(fixture.ledger.prepares == prepares)
        #expect(fixture.collectionView.contentOffset.x == 2000)
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.prepares == prepares + 1)
    }

    @Test func c21AFlowLayoutsWidthOnlyChangeMakesNoContextSoNoReadjustment() {
        var switches = UIKitSwitches.default
        switches.rotationOffset = .proportional
        let fixture = FlowFixture(items: 100, switches: switches)
        fixture.collectionView.setContentOffset(LayoutPoint(x: 2000, y: 0))
        fixture.collectionView.layoutIfNeeded()
        fixture.collectionView.setFrameWidth(844)
        #expect(fixture.collectionView.contentOffset.x == 2000)
        #expect(!fixture.collectionView.offsetReadjustedAtFrameChange)
    }

    // MARK: F6: y origin or height

    @Test func f6AChangeOfTheYOriginInvalidatesAHorizontalFlowLayout() {
        let fixture = FlowFixture(items: 100)
        let bounds = fixture.collectionView.bounds
        #expect(fixture.layout.shouldInvalidateLayout(forBoundsChange: LayoutRect(x: 0, y: 10, width: bounds.width, height: bounds.height)))
        #expect(fixture.layout.shouldInvalidateLayout(forBoundsChange: LayoutRect(x: 0, y: 0, width: bounds.width, height: 200)))
        #expect(!fixture.layout.shouldInvalidateLayout(forBoundsChange: LayoutRect(x: 70, y: 0, width: bounds.width, height: bounds.height)))
    }
}

/// A flow layout that counts `shouldInvalidateLayout(forBoundsChange:)` calls (C7, C20).
final class AskCountingFlowLayout: FlowLayout {
    var asked = 0

    override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        asked += 1
        return super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

struct BoundsAskingFixture {
    let ledger = UIKitLedger()
    let layout: AskCountingFlowLayout
    let dataSource = UniformDataSource(itemsPerSection: 100)
    let collectionView: CollectionView

    init() {
        layout = AskCountingFlowLayout(ledger: ledger, switches: .default)
        layout.itemSize = LayoutSize(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        collectionView = CollectionView(frameSize: LayoutSize(width: 390, height: 300), layout: layout, ledger: ledger,
                                        switches: .default)
        collectionView.dataSource = dataSource
        collectionView.layoutIfNeeded()
    }
}

/// A flow layout that invalidates for every bounds change (as the carousels' scaling layouts do), so that a width
/// change makes a context (C21).
final class WidthInvalidatingFlowLayout: FlowLayout {
    override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { true }
}

/// 100 items 100 pt wide, 10 pt apart (content 10 990 pt), in a 390 x 300 view, under a layout that invalidates for
/// every bounds change.
struct WidthInvalidatingFixture {
    let ledger = UIKitLedger()
    let layout: WidthInvalidatingFlowLayout
    let dataSource = UniformDataSource(itemsPerSection: 100)
    let collectionView: CollectionView

    init(switches: UIKitSwitches) {
        layout = WidthInvalidatingFlowLayout(ledger: ledger, switches: switches)
        layout.itemSize = LayoutSize(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        collectionView = CollectionView(frameSize: LayoutSize(width: 390, height: 300), layout: layout, ledger: ledger,
                                        switches: switches)
        collectionView.dataSource = dataSource
        collectionView.layoutIfNeeded()
    }
}
