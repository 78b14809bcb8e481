import CarouselLayout
import Testing

/// A flow layout that records `collectionView.bounds.minX` where UIKit's `setBounds:` reaches it (C7).
final class BoundsRecordingFlowLayout: FlowLayout {
    var events: [String] = []

    override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        events.append("ask at \(collectionView.bounds.minX)")
        return true
    }

    override func invalidationContext(forBoundsChange newBounds: LayoutRect) -> InvalidationContext {
        events.append("context at \(collectionView.bounds.minX)")
        return super.invalidationContext(forBoundsChange: newBounds)
    }

    override func invalidateLayout(with context: InvalidationContext) {
        events.append("invalidate at \(collectionView?.bounds.minX ?? -1)")
        super.invalidateLayout(with: context)
    }
}

/// A delegate that records `scrollViewDidScroll` into the layout's event list.
final class DidScrollRecorder: CollectionViewDelegate {
    let layout: BoundsRecordingFlowLayout

    init(layout: BoundsRecordingFlowLayout) { self.layout = layout }

    override func scrollViewDidScroll(_ collectionView: CollectionView) {
        layout.events.append("didScroll at \(collectionView.bounds.minX)")
    }
}

/// Facts of `Docs/UIKIT-MODEL.md` that a method's body in the decompile shows step by step (C7, C10, C3, PF1, F7',
/// F9, T1), each played on the model.
@Suite struct UIKitDecompileFactsTests {
    // MARK: C7: -[UICollectionView setBounds:]

    @Test(arguments: [UIKitSwitches.DidScrollOrder.beforeInvalidate, .afterInvalidate])
    func c7TheLayoutIsAskedWithTheOldBoundsAndInvalidatedWithTheNew(order: UIKitSwitches.DidScrollOrder) {
        var switches = UIKitSwitches.default
        switches.didScrollOrder = order
        let ledger = UIKitLedger()
        let layout = BoundsRecordingFlowLayout(ledger: ledger, switches: switches)
        layout.itemSize = LayoutSize(width: 100, height: 100)
        let dataSource = UniformDataSource(itemsPerSection: 100)
        let delegate = DidScrollRecorder(layout: layout)
        let collectionView = CollectionView(frameSize: LayoutSize(width: 390, height: 300), layout: layout, ledger: ledger,
                                            switches: switches)
        collectionView.dataSource = dataSource
        collectionView.delegate = delegate
        collectionView.layoutIfNeeded()
        layout.events = []
        collectionView.scroll(by: 50)
        let asked = ["ask at 0.0", "context at 0.0"]
        #expect(layout.events == asked + (order == .beforeInvalidate ? ["didScroll at 50.0", "invalidate at 50.0"]
                                                                     : ["invalidate at 50.0", "didScroll at 50.0"]))
        // Until the next layout pass prepares the data, a move asks the layout nothing (the prepared bit).
        layout.events = []
        collectionView.scroll(by: 50)
        #expect(layout.events == ["didScroll at 100.0"])
    }

    // MARK: C10: the hit test asks the data

    @Test func c10TheHitTestIsAOneByOneQueryOfTheValidatedCellsNotOfTheLayout() {
        let fixture = FlowFixture(items: 100)
        let (flowQueries, queries, arrays) = (fixture.ledger.flowQueries, fixture.ledger.cellQueries, fixture.ledger.cellQueryArrays)
        #expect(fixture.collectionView.indexPathForItem(at: LayoutPoint(x: 50, y: 150))?.item == 0)
        // Inside the validated rect: no layout query; an index set, a result and its copy.
        #expect(fixture.ledger.flowQueries == flowQueries)
        #expect(fixture.ledger.cellQueries == queries + 1 && fixture.ledger.cellQueryArrays == arrays + 3)
        // Item 0 spans 0...100, item 1 110...210: a point in the gap finds nothing (no copy of an empty result)...
        #expect(fixture.collectionView.indexPathForItem(at: LayoutPoint(x: 100.5, y: 150)) == nil)
        #expect(fixture.ledger.cellQueryArrays == arrays + 5)
        // ...unless the 1x1 rect at it reaches the next item: no point-in-frame check.
        #expect(fixture.collectionView.indexPathForItem(at: LayoutPoint(x: 109.5, y: 150))?.item == 1)
        // hitTest=layout (PSTCollectionView): the layout asked for every hit test, the point tested in the frame.
        let layoutHits = FlowFixture(items: 100, switches: try! .parse(["hitTest=layout"]))
        let before = layoutHits.ledger.flowQueries
        #expect(layoutHits.collectionView.indexPathForItem(at: LayoutPoint(x: 109.5, y: 150)) == nil)
        #expect(layoutHits.ledger.flowQueries == before + 1)
    }

    @Test func c10WithoutValidationAPointPastTheValidatedRectFindsNothing() {
        // The first layout validated one screen, 0...390; item 4 spans 440...540.
        let reading = FlowFixture(items: 100, switches: try! .parse(["cellQueryValidation=no"]))
        #expect(reading.collectionView.indexPathForItem(at: LayoutPoint(x: 500, y: 150)) == nil)
        let validating = FlowFixture(items: 100)
        let faults = validating.ledger.faultQueries
        #expect(validating.collectionView.indexPathForItem(at: LayoutPoint(x: 500, y: 150))?.item == 4)
        #expect(validating.ledger.faultQueries == faults + 1)
    }

    // MARK: C3: the per-item path copies

    @Test func c3AnItemLevelInvalidationCachesACopyOfEachRefetchedItem() {
        let fixture = FlowFixture(items: 100)
        let (copies, refetches, prepares) = (fixture.ledger.dataCopies, fixture.ledger.itemRefetches, fixture.ledger.prepares)
        let context = InvalidationContext(everything: false)
        context.invalidateFlowLayoutAttributes = false
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateItems(inSection: 0, items: 1...2)
        fixture.layout.invalidateLayout(with: context)
        fixture.collectionView.layoutIfNeeded()
        // `validateItems`: each item asked of the layout and a copy cached (`_setLayoutAttributes:atGlobalItemIndex:`),
        // after `prepare` ran again (the prepared bit was cleared).
        #expect(fixture.ledger.itemRefetches == refetches + 2)
        #expect(fixture.ledger.dataCopies == copies + 2)
        #expect(fixture.ledger.prepares == prepares + 1)
        // A bulk page-in (a rect query) copies nothing.
        fixture.collectionView.scroll(by: 400)
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.dataCopies == copies + 2)
    }

    // MARK: PF1: prefetching

    @Test func p1PrefetchingPreparesOneCellPerFrameFromTheStripAheadWhileMoving() {
        let fixture = FlowFixture(items: 100)
        let collectionView = fixture.collectionView
        let ledger = fixture.ledger
        func frame(_ delta: Double) {
            collectionView.scroll(by: delta)
            collectionView.layoutIfNeeded()
            collectionView.updateCycleIdle()
        }
        frame(10)   // the integrator's first sample: no velocity yet
        #expect(ledger.prefetchContexts == 0)
        frame(10)   // at 20: the strip 410...702.5 holds items 4, 5 and 6 (item 3 is on screen)
        #expect(ledger.prefetchContexts == 1 && ledger.prefetchItems == 3 && ledger.cellQueries == 1)
        frame(10)
        frame(10)
        frame(10)
        #expect(ledger.cellsPrefetched == 3)
        // A cell coming on screen is the prefetched one: none created for it.
        let created = ledger.cellsCreated
        frame(30)   // at 80, item 4 (440...540) comes on screen
        frame(0)
        #expect(ledger.prefetchHits == 1 && ledger.cellsCreated == created)
        // 0.3 s after the last move (36 frames at 120 Hz) the integrator reports no velocity: nothing more.
        for _ in 0..<CollectionView.prefetchHysteresisFrames { frame(0) }
        let contexts = (ledger.prefetchContexts, ledger.cellQueries, ledger.cellsPrefetched)
        frame(0)
        #expect((ledger.prefetchContexts, ledger.cellQueries, ledger.cellsPrefetched) == contexts)
        // prefetch=off: none of it.
        let off = FlowFixture(items: 100, switches: try! .parse(["prefetch=off"]))
        for _ in 0..<5 {
            off.collectionView.scroll(by: 10)
            off.collectionView.layoutIfNeeded()
            off.collectionView.updateCycleIdle()
        }
        #expect(off.ledger.prefetchContexts + off.ledger.cellQueries + off.ledger.cellsPrefetched == 0)
    }

    // MARK: F7', F9: the flow layout's bounds-change context and setters

    @Test func f7PrimeAWidthOnlyChangeKeepsBothFlowFlagsNo() {
        let fixture = FlowFixture(items: 100)
        let wider = fixture.layout.invalidationContext(forBoundsChange: LayoutRect(x: 0, y: 0, width: 844, height: 300))
        #expect(!wider.invalidateFlowLayoutAttributes && !wider.invalidateFlowLayoutDelegateMetrics)
        let taller = fixture.layout.invalidationContext(forBoundsChange: LayoutRect(x: 0, y: 0, width: 390, height: 400))
        #expect(taller.invalidateFlowLayoutAttributes && !taller.invalidateFlowLayoutDelegateMetrics)
        let lower = fixture.layout.invalidationContext(forBoundsChange: LayoutRect(x: 0, y: 5, width: 390, height: 300))
        #expect(lower.invalidateFlowLayoutAttributes)
    }

    @Test func f9ASetterInvalidatesOnAChangeOnceTheLayoutIsValid() {
        let fixture = FlowFixture(items: 100)
        let ledger = fixture.ledger
        var invalidations = ledger.invalidations
        fixture.layout.minimumLineSpacing = 10   // equal: nothing
        fixture.layout.itemSize = LayoutSize(width: 100, height: 100)
        fixture.layout.sectionInset = EdgeInsets()
        #expect(ledger.invalidations == invalidations)
        fixture.layout.minimumLineSpacing = 12
        #expect(ledger.invalidations == invalidations + 1)
        invalidations = ledger.invalidations
        // Not valid again until a rect query: the next spacing change only stores.
        fixture.layout.minimumInteritemSpacing = 3
        #expect(ledger.invalidations == invalidations)
        // `setItemSize:` sets the valid flag itself: it invalidates on any change.
        fixture.layout.itemSize = LayoutSize(width: 90, height: 100)
        #expect(ledger.invalidations == invalidations + 1)
        // Never when the delegate supplies sizes.
        let sized = FlowFixture(items: 100, delegate: SizingDelegate { _ in LayoutSize(width: 100, height: 100) })
        let before = sized.ledger.invalidations
        sized.layout.itemSize = LayoutSize(width: 80, height: 80)
        #expect(sized.ledger.invalidations == before)
    }

    // MARK: T1: the frame of a transformed object

    @Test func t1AComputedFrameIsCachedAndACentreMoveShiftsIt() {
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = LayoutRect(x: 100, y: 0, width: 200, height: 100)
        attributes.transform3D = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
        #expect(attributes.frame == LayoutRect(x: 150, y: 25, width: 100, height: 50))
        attributes.center = LayoutPoint(x: 210, y: 50)
        #expect(attributes.frame == LayoutRect(x: 160, y: 25, width: 100, height: 50))
        // A copy carries the cached frame.
        #expect(attributes.copy().frame == attributes.frame)
    }
}
