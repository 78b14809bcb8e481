import CarouselLayout
import Testing

/// A delegate whose `sizeForItemAt` answers `size(item)`.
final class SizingDelegate: CollectionViewDelegate {
    let size: (Int) -> LayoutSize

    init(size: @escaping (Int) -> LayoutSize) { self.size = size }

    override var implementsSizeForItem: Bool { true }

    override func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> LayoutSize {
        size(indexPath.item)
    }
}

/// A flow subclass that scales the objects `super` returns in place, as seed 000 does (F4).
final class MutatingFlowLayout: FlowLayout {
    var invalidatesOnScroll = false

    override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        let attributes = super.layoutAttributesForElements(in: rect)
        for element in attributes ?? [] { element.transform3D = Transform3D(scaleX: 0.8, y: 0.8, z: 1) }
        return attributes
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        invalidatesOnScroll || super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
}

/// A delegate that records what the collection view announces: cells coming on screen (with the alpha their
/// view had when announced) and leaving it.
final class DisplayRecorder: CollectionViewDelegate {
    var displayed: [(item: Int, alpha: Double, attributesApplied: Bool)] = []
    var ended: [Int] = []

    override func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {
        displayed.append((indexPath.item, cell.alpha, cell.layoutAttributes?.indexPath == indexPath))
    }

    override func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath) {
        ended.append(indexPath.item)
    }
}

/// A collection view of `items` 100x100 items, spacing 10, no inset, 390x300, laid out once; everything it
/// points at unretained is kept here.
struct FlowFixture {
    let ledger = UIKitLedger()
    let layout: FlowLayout
    let dataSource: UniformDataSource
    let delegate: CollectionViewDelegate?
    let collectionView: CollectionView

    init(items: Int, switches: UIKitSwitches = .default, delegate: CollectionViewDelegate? = nil, mutating: Bool = false) {
        layout = mutating ? MutatingFlowLayout(ledger: ledger, switches: switches) : FlowLayout(ledger: ledger, switches: switches)
        layout.itemSize = LayoutSize(width: 100, height: 100)
        layout.minimumLineSpacing = 10
        dataSource = UniformDataSource(itemsPerSection: items)
        self.delegate = delegate
        collectionView = CollectionView(frameSize: LayoutSize(width: 390, height: 300), layout: layout, ledger: ledger, switches: switches)
        collectionView.dataSource = dataSource
        collectionView.delegate = delegate
        collectionView.layoutIfNeeded()
    }

    /// The layout's answer for the viewport at `x`.
    func query(at x: Double) -> [LayoutAttributes] {
        layout.layoutAttributesForElements(in: LayoutRect(x: x, y: 0, width: 390, height: 300)) ?? []
    }
}

@Suite struct UIKitSubstrateTests {
    // MARK: A1, F4: attributes objects

    @Test func copyIsANewObjectWithEveryFieldAndTheSameIndexPathObject() {
        let original = LayoutAttributes(forCellWith: IndexPath(item: 4, section: 0))
        original.indexPathObject = IndexPathObject(original.indexPath)
        original.frame = LayoutRect(x: 10, y: 20, width: 100, height: 50)
        original.transform3D = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
        original.alpha = 0.25
        original.zIndex = 3
        let copy = original.copy()
        #expect(copy !== original)
        #expect(copy.isEqual(to: original))
        #expect(copy.indexPathObject === original.indexPathObject)
        #expect(copy.frame == original.frame)
        copy.alpha = 1
        #expect(original.alpha == 0.25)
        #expect(!copy.isEqual(to: original))
    }

    @Test func aTransformMakesTheFrameTheTransformedBoundingBox() {
        let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        attributes.frame = LayoutRect(x: 100, y: 0, width: 200, height: 100)
        attributes.transform3D = Transform3D(scaleX: 0.5, y: 0.5, z: 1)
        #expect(attributes.frame == LayoutRect(x: 150, y: 25, width: 100, height: 50))
        attributes.transform = AffineTransform2D.identity.translatedBy(x: 10, y: 0).scaledBy(x: 0.5, y: 0.5)
        #expect(attributes.frame == LayoutRect(x: 160, y: 25, width: 100, height: 50))
        #expect(attributes.center == LayoutPoint(x: 200, y: 50))
        attributes.transform3D = .identity
        #expect(attributes.frame == LayoutRect(x: 100, y: 0, width: 200, height: 100))
    }

    // MARK: F1, F2, F3, F8: the flow layout's query and prepare

    @Test func f1FixedSizeQueryVisitsOnlyTheVisibleItems() {
        let fixture = FlowFixture(items: 1000)
        let answer = fixture.query(at: 0)
        #expect(answer.map(\.indexPath.item) == [0, 1, 2, 3])
        #expect(fixture.ledger.linesScanned == 0)
        #expect(fixture.ledger.delegateSizeCalls == 0)
        #expect(fixture.ledger.flowItemObjects == 0)
        #expect(fixture.query(at: 55_000).map(\.indexPath.item) == [500, 501, 502, 503])
        #expect(fixture.query(at: -1000).isEmpty)
    }

    @Test func f1ScanSwitchTestsEveryItem() {
        let fixture = FlowFixture(items: 1000, switches: try! .parse(["flowQuery=scan"]))
        let scannedBefore = fixture.ledger.linesScanned
        #expect(fixture.query(at: 0).map(\.indexPath.item) == [0, 1, 2, 3])
        #expect(fixture.ledger.linesScanned == scannedBefore + 1000)
    }

    @Test func f2DifferingDelegateSizesScanEveryLineAndF8PreparesEveryItem() {
        let delegate = SizingDelegate { $0 == 5 ? LayoutSize(width: 150, height: 120) : LayoutSize(width: 100, height: 100) }
        let fixture = FlowFixture(items: 1000, delegate: delegate)
        #expect(fixture.ledger.delegateSizeCalls == 1000)
        #expect(fixture.ledger.flowItemObjects == 1000 && fixture.ledger.flowLineObjects == 1000)
        #expect(fixture.layout.lineCount == 1000)
        let scannedBefore = fixture.ledger.linesScanned
        // Item 4 at 440, item 5 is 150 wide at 550, item 6 at 710, item 7 at 820.
        #expect(fixture.query(at: 500).map(\.indexPath.item) == [4, 5, 6, 7])
        #expect(fixture.layout.frameOfItem(7).minX == 820)
        #expect(fixture.ledger.linesScanned == scannedBefore + 1000)
    }

    @Test func f2AllSizesEqualMakeTheSectionFixedSizeForQueries() {
        let delegate = SizingDelegate { _ in LayoutSize(width: 100, height: 100) }
        let fixture = FlowFixture(items: 500, delegate: delegate)
        #expect(fixture.ledger.delegateSizeCalls == 500)
        let scannedBefore = fixture.ledger.linesScanned
        #expect(fixture.query(at: 0).map(\.indexPath.item) == [0, 1, 2, 3])
        #expect(fixture.ledger.linesScanned == scannedBefore)
    }

    @Test func f3AMissAllocatesAndCachesAHitReturnsTheSameObject() {
        let fixture = FlowFixture(items: 1000)
        let created = fixture.ledger.attributesCreated
        let values = fixture.ledger.frameValues
        let first = fixture.query(at: 2000)
        #expect(fixture.ledger.attributesCreated == created + first.count)
        #expect(fixture.ledger.frameValues == values + first.count)
        let second = fixture.query(at: 2000)
        #expect(fixture.ledger.attributesCreated == created + first.count)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(fixture.layout.cachedItemAttributes?.count ?? 0 >= first.count)
    }

    @Test func f3HeapIndexPathsAllocateOnePerItemVisited() {
        let tagged = FlowFixture(items: 100)
        let heap = FlowFixture(items: 100, switches: try! .parse(["indexPath=heap"]))
        let before = heap.ledger.indexPathObjects
        let answer = heap.query(at: 0)
        #expect(heap.ledger.indexPathObjects == before + answer.count)
        #expect(answer.allSatisfy { $0.indexPathObject != nil })
        _ = tagged.query(at: 0)
        #expect(tagged.ledger.indexPathObjects == 0)
    }

    // MARK: F4, F5: a subclass that mutates the cached objects

    @Test func f5AMutatedCacheIsDroppedAndEveryLaterQueryAllocatesByDefault() {
        let fixture = FlowFixture(items: 1000, mutating: true)
        _ = fixture.query(at: 2000)
        let first = fixture.layout.cachedItemAttributes?[IndexPath(item: 18, section: 0)]
        #expect(first != nil)
        #expect(fixture.ledger.cacheMismatches == 0)
        let second = fixture.query(at: 2000)
        #expect(fixture.ledger.cacheMismatches == 1)
        #expect(fixture.layout.cachedItemAttributes == nil && fixture.layout.cachedItemFrames == nil)
        #expect(second.first !== first)
        #expect(second.first.map { $0.center.x } == first.map { $0.center.x })
        let created = fixture.ledger.attributesCreated
        let values = fixture.ledger.frameValues
        let third = fixture.query(at: 2000)
        #expect(fixture.ledger.attributesCreated == created + third.count)
        #expect(fixture.ledger.frameValues == values + third.count)
        #expect(fixture.ledger.cacheMismatches == 1)
    }

    @Test func f5KeptCachesCopyEveryMutatedObjectOnEveryQuery() {
        let fixture = FlowFixture(items: 1000, switches: try! .parse(["cachesAfterMutation=kept"]), mutating: true)
        let first = fixture.query(at: 2000)
        let created = fixture.ledger.attributesCreated
        let copied = fixture.ledger.attributesCopied
        let second = fixture.query(at: 2000)
        #expect(fixture.layout.cachedItemAttributes != nil)
        #expect(fixture.ledger.cacheMismatches == first.count)
        #expect(fixture.ledger.attributesCopied == copied + second.count)
        #expect(fixture.ledger.attributesCreated == created)
        #expect(zip(first, second).allSatisfy { $0 !== $1 })
    }

    // MARK: F6, F7: invalidation

    @Test func f6APureScrollDoesNotInvalidateAFlowLayout() {
        let fixture = FlowFixture(items: 1000)
        let bounds = fixture.collectionView.bounds
        #expect(!fixture.layout.shouldInvalidateLayout(forBoundsChange: LayoutRect(x: 500, y: 0, width: bounds.width, height: bounds.height)))
        #expect(!fixture.layout.shouldInvalidateLayout(forBoundsChange: LayoutRect(x: 0, y: 0, width: 844, height: bounds.height)))
        #expect(fixture.layout.shouldInvalidateLayout(forBoundsChange: LayoutRect(x: 0, y: 0, width: bounds.width, height: 400)))
        let invalidations = fixture.ledger.invalidations
        for step in 1...100 { fixture.collectionView.setContentOffset(LayoutPoint(x: Double(step) * 7, y: 0)) }
        #expect(fixture.ledger.invalidations == invalidations)
    }

    @Test func f7ABoundsChangeKeepsTheDataAndInvalidateLayoutRecomputesEveryItem() {
        let delegate = SizingDelegate { $0 == 0 ? LayoutSize(width: 150, height: 100) : LayoutSize(width: 100, height: 100) }
        let fixture = FlowFixture(items: 300, delegate: delegate, mutating: true)
        (fixture.layout as! MutatingFlowLayout).invalidatesOnScroll = true
        let recomputes = fixture.ledger.fullRecomputes
        let calls = fixture.ledger.delegateSizeCalls
        let prepares = fixture.ledger.prepares
        for step in 1...20 {
            fixture.collectionView.scroll(by: 7 * Double(step))
            fixture.collectionView.layoutIfNeeded()
        }
        #expect(fixture.ledger.fullRecomputes == recomputes)
        #expect(fixture.ledger.delegateSizeCalls == calls)
        #expect(fixture.ledger.prepares == prepares + 20)
        #expect(fixture.ledger.invalidations >= 20)
        fixture.layout.invalidateLayout()
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.fullRecomputes == recomputes + 1)
        #expect(fixture.ledger.delegateSizeCalls == calls + 300)
    }

    // MARK: C1, C2, C3: the collection view

    @Test func c1TheLayoutIsAskedAboutOncePerScreenWidthScrolled() {
        let fixture = FlowFixture(items: 10_000)
        let faults = fixture.ledger.faultQueries
        // Ten screens in 1000 steps of 3.9 points, a layout pass after each.
        for _ in 0..<1000 {
            fixture.collectionView.scroll(by: 3.9)
            fixture.collectionView.layoutIfNeeded()
        }
        let asked = fixture.ledger.faultQueries - faults
        #expect((10...11).contains(asked), "asked \(asked) times for ten screens")
        let validated = fixture.collectionView.validatedRect
        #expect(validated.width <= 5 * 390 && validated.width.truncatingRemainder(dividingBy: 390) == 0)
        #expect(validated.contains(fixture.collectionView.bounds))
        #expect(fixture.ledger.rTrees >= 2)
    }

    @Test func c1OffAsksTheLayoutOnEveryPass() {
        let fixture = FlowFixture(items: 10_000, switches: try! .parse(["answerCaching=off"]))
        let faults = fixture.ledger.faultQueries
        for _ in 0..<100 {
            fixture.collectionView.scroll(by: 3.9)
            fixture.collectionView.layoutIfNeeded()
        }
        #expect(fixture.ledger.faultQueries - faults == 100)
    }

    @Test func c3ACellCopiesAttributesOnlyWhenTheyChange() {
        let fixture = FlowFixture(items: 10_000)
        let copies = fixture.ledger.cellCopies
        var shown = Set(fixture.collectionView.displayedCells.map(\.globalIndex))
        for _ in 0..<200 {
            fixture.collectionView.scroll(by: 5)
            fixture.collectionView.layoutIfNeeded()
            shown.formUnion(fixture.collectionView.displayedCells.map(\.globalIndex))
        }
        // Unchanging attributes: one copy per item that came into view, none per frame.
        #expect(fixture.ledger.cellCopies - copies == shown.count - 4)
        let cell = fixture.collectionView.displayedCells[0]
        #expect(cell.layoutAttributes != nil)
        #expect(cell.layoutAttributes !== fixture.layout.cachedItemAttributes?[IndexPath(item: cell.globalIndex, section: 0)])
    }

    @Test func c3ACellWhoseOwnAlphaChangedGetsItsAttributesAgainButItsContentViewKeepsTheApps() {
        let fixture = FlowFixture(items: 100)
        let cell = fixture.collectionView.displayedCells[1]
        cell.contentView.alpha = 0.5
        cell.contentView.transform = AffineTransform2D(scaleX: 0.8, y: 0.8)
        let copies = fixture.ledger.cellCopies
        fixture.collectionView.scroll(by: 1)
        fixture.collectionView.layoutIfNeeded()
        // Equal attributes, the view's alpha as applied: nothing copied, the content view as the app left it.
        #expect(fixture.ledger.cellCopies == copies)
        #expect(cell.presentedAlpha == 0.5 && cell.presentedScale == 0.8)
        // C11: a scroll that does not invalidate gives the cells on screen nothing, whatever the app changed.
        cell.alpha = 0.3
        cell.transform = AffineTransform2D(scaleX: 0.5, y: 0.5)
        fixture.collectionView.scroll(by: 1)
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.cellCopies == copies && cell.alpha == 0.3)
        // After an invalidation, `_setLayoutAttributes:force:` compares the view's own alpha too: a cell whose alpha
        // the app changed gets a copy and every property again (its transform reset with it); the content view is
        // not touched.
        fixture.layout.invalidateLayout(with: InvalidationContext(everything: false))
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.ledger.cellCopies == copies + 1)
        #expect(cell.alpha == 1 && cell.transform3D == .identity)
        #expect(cell.center == cell.layoutAttributes?.center && cell.bounds.size == LayoutSize(width: 100, height: 100))
        #expect(cell.contentView.alpha == 0.5 && cell.contentView.transform == AffineTransform2D(scaleX: 0.8, y: 0.8))
    }

    @Test func willDisplayFollowsTheAttributesAndDidEndDisplayingFollowsReuseAndReload() {
        let recorder = DisplayRecorder()
        let fixture = FlowFixture(items: 100, delegate: recorder)
        #expect(recorder.displayed.map(\.item) == [0, 1, 2, 3])
        // Announced after the attributes were applied (`_createPreparedCell...` then `_notifyWillDisplayCellIfNeeded`).
        #expect(recorder.displayed.allSatisfy { $0.attributesApplied && $0.alpha == 1 })
        fixture.collectionView.scroll(by: 150)
        fixture.collectionView.layoutIfNeeded()
        // The viewport 150...540 meets items 1 to 4.
        #expect(recorder.ended == [0])
        #expect(recorder.displayed.map(\.item) == [0, 1, 2, 3, 4])
        #expect(fixture.ledger.cellsDisplayed == 5 && fixture.ledger.cellsEndedDisplay == 1)
        fixture.collectionView.reloadData()
        #expect(recorder.ended == [0, 1, 2, 3, 4])
        #expect(fixture.collectionView.displayedCells.isEmpty)
        fixture.collectionView.layoutIfNeeded()
        #expect(recorder.displayed.suffix(4).map(\.item) == [1, 2, 3, 4])
    }

    @Test func visibleCellsAndIndexPathsForVisibleItemsBuildANewArrayEveryCall() {
        let fixture = FlowFixture(items: 100)
        let arrays = fixture.ledger.visibleCellArrays
        let allocations = fixture.ledger.allocations
        let first = fixture.collectionView.visibleCells
        let second = fixture.collectionView.visibleCells
        #expect(first.map(\.globalIndex) == [0, 1, 2, 3] && second.map(\.globalIndex) == [0, 1, 2, 3])
        #expect(zip(first, fixture.collectionView.displayedCells).allSatisfy { $0 === $1 })
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in #expect(a.baseAddress != b.baseAddress) }
        }
        #expect(fixture.collectionView.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3])
        #expect(fixture.ledger.visibleCellArrays == arrays + 3)
        #expect(fixture.ledger.allocations == allocations + 3)
        // cellForItem(at:) looks the cell up and builds nothing.
        #expect(fixture.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) === first[2])
        #expect(fixture.collectionView.cellForItem(at: IndexPath(item: 9, section: 0)) == nil)
        #expect(fixture.ledger.visibleCellArrays == arrays + 3)
    }

    @Test func viewPropertySetsAreCountedWhoeverMakesThem() {
        let fixture = FlowFixture(items: 100)
        let sets = fixture.ledger.viewPropertySets
        // UIKit's application set centre, bounds, alpha and transform on each of the four cells.
        #expect(sets == 4 * 4)
        let cell = fixture.collectionView.displayedCells[0]
        cell.contentView.transform = AffineTransform2D(scaleX: 0.9, y: 0.9)
        cell.contentView.alpha = 0.7
        #expect(fixture.ledger.viewPropertySets == sets + 2)
        #expect(cell.contentView.transform3D == Transform3D(scaleX: 0.9, y: 0.9, z: 1))
        #expect(cell.presentedScale == 0.9 && cell.presentedAlpha == 0.7 && cell.presentedTranslationX == 0)
    }

    @Test func theRTreeFindsItemsByTheirTransformedFrames() {
        let fixture = FlowFixture(items: 100, mutating: true)
        // Item 0 spans 0...100 untransformed, 10...90 scaled by 0.8: the viewport at 95...485 meets the first only.
        fixture.collectionView.setContentOffset(LayoutPoint(x: 95, y: 0))
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.collectionView.displayedCells.map(\.globalIndex) == [1, 2, 3, 4])
    }

    @Test func aScrollStopsAtTheContentEdgesAndCodeDoesNot() {
        let fixture = FlowFixture(items: 10)
        // Content: 10 items of 100 and 9 gaps of 10 = 1090 points; the largest offset 700.
        fixture.collectionView.scroll(by: 5000)
        #expect(fixture.collectionView.contentOffset.x == 700)
        #expect(fixture.collectionView.scrollWasClamped)
        fixture.collectionView.beginFrame()
        fixture.collectionView.scroll(by: -9000)
        #expect(fixture.collectionView.contentOffset.x == 0)
        fixture.collectionView.setContentOffset(LayoutPoint(x: -50, y: 0))
        #expect(fixture.collectionView.contentOffset.x == -50)
        #expect(fixture.collectionView.offsetWasSetByCode)
    }

    @Test func hitTestLayoutAsksTheLayoutAndMapAnswersFromTheValidatedAttributes() {
        for (switch_, asksLayout) in [("hitTest=layout", true), ("hitTest=map", false)] {
            let fixture = FlowFixture(items: 100, switches: try! .parse([switch_]))
            let queries = fixture.ledger.flowQueries
            // Items are centred across the scroll axis: 100 high at y 100...200.
            #expect(fixture.collectionView.indexPathForItem(at: LayoutPoint(x: 150, y: 150))?.item == 1)
            #expect(fixture.collectionView.indexPathForItem(at: LayoutPoint(x: 105, y: 150)) == nil)
            #expect((fixture.ledger.flowQueries > queries) == asksLayout, "\(switch_)")
        }
    }
}
