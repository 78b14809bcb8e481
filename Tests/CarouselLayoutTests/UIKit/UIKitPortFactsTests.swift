import CarouselLayout
import Testing

/// A context class of a layout's own, with a field of its own (C25).
final class RecordingContext: InvalidationContext {
    var note = ""
}

/// A layout that is not a flow layout: one full-width page per item, its bounds-change context of its own class,
/// and an `invalidateLayout()` override that records every call, as `CollectionViewPagingLayout` has (C25).
final class PagesLayout: CollectionViewLayout {
    var invalidateLayoutCalls: [(minX: Double, contextClass: String, everything: Bool)] = []
    var contexts: [InvalidationContext] = []
    var invalidatesOnScroll = true
    var pendingAdjustment: (offset: LayoutPoint, size: LayoutSize)?
    var headers = false

    override class var invalidationContextClass: InvalidationContext.Type { RecordingContext.self }

    override var collectionViewContentSize: LayoutSize {
        LayoutSize(width: collectionView.frameSize.width * Double(collectionView.numberOfItems(inSection: 0)),
                   height: collectionView.frameSize.height)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { invalidatesOnScroll }

    override func invalidationContext(forBoundsChange newBounds: LayoutRect) -> InvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let adjustment = pendingAdjustment {
            context.contentOffsetAdjustment = adjustment.offset
            context.contentSizeAdjustment = adjustment.size
            pendingAdjustment = nil
        }
        return context
    }

    override func invalidateLayout() {
        super.invalidateLayout()
        invalidateLayoutCalls.append((collectionView.bounds.minX, "\(type(of: contexts.last ?? InvalidationContext()))",
                                      contexts.last?.invalidateEverything ?? false))
    }

    override func invalidateLayout(with context: InvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
    }

    override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        let width = collectionView.frameSize.width
        let count = collectionView.numberOfItems(inSection: 0)
        let first = max(0, Int((rect.minX / width).rounded(.down)))
        let last = min(count - 1, Int((rect.maxX / width).rounded(.up)))
        guard first <= last else { return [] }
        var answer: [LayoutAttributes] = []
        for item in first...last {
            let attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            ledger.attributesCreated += 1
            attributes.frame = LayoutRect(x: Double(item) * width, y: 0, width: width, height: collectionView.frameSize.height)
            answer.append(attributes)
            if headers {
                let header = LayoutAttributes(forSupplementaryViewOfKind: "header", with: IndexPath(item: item, section: 0))
                ledger.attributesCreated += 1
                header.frame = LayoutRect(x: Double(item) * width, y: 0, width: width, height: 20)
                answer.append(header)
            }
        }
        return answer
    }
}

/// The app's cell class, named by its data source.
final class AppCell: Cell {
    var configured = true
}

final class AppCellDataSource: CollectionViewDataSource {
    let items: Int
    init(items: Int) { self.items = items }
    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items }
    override var cellClass: Cell.Type { AppCell.self }
}

/// A delegate that implements the optional `scrollViewDidEndScrollingAnimation`.
final class AnimationEndRecorder: CollectionViewDelegate {
    var ended = 0
    override var scrollViewDidEndScrollingAnimation: ((CollectionView) -> Void)? { { [unowned self] _ in ended += 1 } }
}

/// A 390x300 collection view of `items` full-width pages with `PagesLayout`, laid out once.
struct PagesFixture {
    let ledger = UIKitLedger()
    let layout: PagesLayout
    let dataSource: AppCellDataSource
    let collectionView: CollectionView

    init(items: Int, headers: Bool = false, delegate: CollectionViewDelegate? = nil, switches: UIKitSwitches = .default) {
        layout = PagesLayout(ledger: ledger, switches: switches)
        layout.headers = headers
        dataSource = AppCellDataSource(items: items)
        collectionView = CollectionView(frameSize: LayoutSize(width: 390, height: 300), layout: layout, ledger: ledger,
                                        switches: switches)
        collectionView.dataSource = dataSource
        collectionView.delegate = delegate
        collectionView.layoutIfNeeded()
    }
}

/// What a port of a layout that is not a flow layout needs of the model (C25-C30 of `Docs/UIKIT-MODEL.md`).
@Suite struct UIKitPortFactsTests {
    // MARK: C25: -[UICollectionViewLayout invalidateLayout], -_invalidateLayoutUsingContext:

    @Test func c25EveryBoundsChangeInvalidatesThroughInvalidateLayoutWithTheBoundsChangesContext() {
        let fixture = PagesFixture(items: 10)
        fixture.collectionView.scroll(by: 40)
        fixture.collectionView.layoutIfNeeded()
        fixture.collectionView.scroll(by: 40)
        fixture.collectionView.layoutIfNeeded()
        // Each scroll: the override of invalidateLayout() ran, after the offset moved, with the context of the
        // layout's own class that invalidationContext(forBoundsChange:) made, not a fresh one.
        #expect(fixture.layout.invalidateLayoutCalls.map(\.minX) == [40, 80])
        #expect(fixture.layout.invalidateLayoutCalls.allSatisfy { $0.contextClass == "RecordingContext" && !$0.everything })
        #expect(fixture.ledger.contexts == 2)
        // A plain invalidateLayout(): a fresh context of the class, everything invalid.
        fixture.layout.invalidateLayout()
        #expect(fixture.layout.invalidateLayoutCalls.last?.contextClass == "RecordingContext")
        #expect(fixture.layout.invalidateLayoutCalls.last?.everything == true)
        #expect(fixture.ledger.contexts == 3)
        // A rotation's -setFrame: takes the same path.
        fixture.collectionView.layoutIfNeeded()
        fixture.collectionView.setFrameWidth(844)
        #expect(fixture.layout.invalidateLayoutCalls.count == 4 && fixture.layout.invalidateLayoutCalls.last?.everything == false)
    }

    // MARK: C26: contentOffsetAdjustment, contentSizeAdjustment

    @Test func c26AContextsAdjustmentsMoveTheOffsetAndTheContentSizeWhenItReachesTheCollectionView() {
        let recorder = DisplayRecorder()
        let fixture = PagesFixture(items: 10, delegate: recorder)
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.collectionView.contentSize.width == 3900)
        fixture.collectionView.beginFrame()
        fixture.layout.pendingAdjustment = (LayoutPoint(x: 390, y: 0), LayoutSize(width: 100, height: 0))
        fixture.collectionView.scroll(by: 10)
        // The scroll to 10, then the adjustment: 400, set by code; the content 100 pt wider until the next pass.
        #expect(fixture.collectionView.contentOffset.x == 400)
        #expect(fixture.collectionView.offsetWasSetByCode)
        #expect(fixture.collectionView.contentSize.width == 4000)
        fixture.collectionView.layoutIfNeeded()
        #expect(fixture.collectionView.contentSize.width == 3900)
        // No adjustment: nothing moves beyond the scroll.
        fixture.collectionView.beginFrame()
        fixture.collectionView.scroll(by: 10)
        #expect(fixture.collectionView.contentOffset.x == 410 && !fixture.collectionView.offsetWasSetByCode)
    }

    // MARK: C27: the content view has the cell's size; the cells are of the data source's cell class

    @Test func c27TheContentViewIsSizedToTheCellAndCellsAreOfTheDataSourcesClass() {
        let fixture = PagesFixture(items: 10)
        let cells = fixture.collectionView.displayedCells
        #expect(!cells.isEmpty && cells.allSatisfy { $0 is AppCell })
        #expect(cells.allSatisfy { $0.contentView.bounds.size == LayoutSize(width: 390, height: 300) })
        // The content view's transform and alpha stay the app's.
        #expect(cells.allSatisfy { $0.contentView.transform3D == .identity && $0.contentView.alpha == 1 })
    }

    // MARK: C28: supplementary views in the layout's answers

    @Test func c28SupplementaryAttributesAreStoredPerKindAndCountedNotShownAsCells() {
        let fixture = PagesFixture(items: 10, headers: true)
        let collectionView = fixture.collectionView
        // The answer's two pages and their two headers: the pages are cells, the headers are not. Page 1 only shares
        // the viewport's right edge, so it is not displayed (C22: `CGRectIntersectsRect` is strict).
        #expect(collectionView.displayedCells.map(\.globalIndex) == [0])
        #expect(fixture.ledger.supplementaryAttributes == 2)
        #expect(collectionView.supplementaryAttributes["header"]?.count == 2)
        let header = collectionView.supplementaryAttributes["header"]?[IndexPath(item: 0, section: 0)]
        #expect(header?.representedElementCategory == .supplementaryView && header?.representedElementKind == "header")
        #expect(header?.copy().representedElementKind == "header")
        #expect(LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0)).representedElementKind == nil)
        // A full invalidation drops them with the cells' (-[UICollectionViewData invalidate:]).
        fixture.layout.invalidateLayout()
        #expect(collectionView.supplementaryAttributes.isEmpty)
    }

    // MARK: C29: contentOffset is settable

    @Test func c29SettingContentOffsetIsABoundsChange() {
        let fixture = PagesFixture(items: 10)
        fixture.collectionView.beginFrame()
        fixture.collectionView.contentOffset = LayoutPoint(x: 1000, y: 0)
        #expect(fixture.collectionView.bounds.minX == 1000 && fixture.collectionView.offsetWasSetByCode)
        #expect(fixture.layout.invalidateLayoutCalls.map(\.minX) == [1000])
    }

    // MARK: the optional delegate method

    @Test func anOptionalDelegateMethodIsNilUnlessTheAppImplementsIt() {
        let plain = CollectionViewDelegate()
        #expect(plain.scrollViewDidEndScrollingAnimation == nil)
        let recorder = AnimationEndRecorder()
        let fixture = PagesFixture(items: 3, delegate: recorder)
        fixture.collectionView.delegate?.scrollViewDidEndScrollingAnimation?(fixture.collectionView)
        #expect(recorder.ended == 1)
    }

    // MARK: C30: decelerationRate

    @Test func c30ARateTheAppSetProjectsTheReleaseAndIsReportedByTheGetter() {
        let fixture = PagesFixture(items: 100)
        let collectionView = fixture.collectionView
        #expect(collectionView.decelerationRate == .normal && collectionView.decelerationRateIfSet == nil)
        #expect(CollectionView.DecelerationRate.normal.rawValue == 0.998 && CollectionView.DecelerationRate.fast.rawValue == 0.99)
        // Unset: the proposed offset the caller passes is the one the layout sees (the base layout keeps it).
        #expect(collectionView.endDragging(velocity: 1000, proposedOffset: 1234) == 1234)
        collectionView.decelerationRate = .fast
        #expect(collectionView.decelerationRateIfSet == 0.99)
        // Set: projected at 0.99 from the offset now, 1 pt/ms * 0.99/0.01 = 99 pt.
        #expect(abs(collectionView.endDragging(velocity: 1000, proposedOffset: 1234) - 99) < 1e-9)
    }

    @Test func c30AUIKitPipelineWhoseAppSetsARatePlaysEveryFlickOfTheTrajectoryAtIt() {
        var pipeline = UIKitBestPipeline(catalogCount: 300, geometry: .default)
        pipeline.scene.collectionView.decelerationRate = .fast
        var releases = 0
        var offsetBefore = pipeline.offset
        var mismatches = 0
        var snapped = 0
        PipelinePlayer.play(&pipeline, script: .standard(seed: 1), hz: 120) { frame, output in
            if case let .released(velocity, proposed, target) = frame.phase {
                releases += 1
                let expected = ScrollDeceleration.restingOffset(from: offsetBefore, velocity: velocity, rate: ScrollDeceleration.fast)
                if proposed != expected { mismatches += 1 }
                if output.snapTarget == target { snapped += 1 }
            }
            offsetBefore = output.offset
        }
        // The standard script's 12 flicks, every one projected at 0.99 (half of them are .normal in the script),
        // and each landing where the pipeline's snap promised.
        #expect(releases == 12 && mismatches == 0 && snapped == 12)
    }

    @Test func c26WithContentAdjustmentAtTheNextLayoutPassTheOffsetMovesThere() {
        var switches = UIKitSwitches.default
        switches.contentAdjustment = .nextLayoutPass
        let fixture = PagesFixture(items: 10, switches: switches)
        fixture.layout.pendingAdjustment = (LayoutPoint(x: 390, y: 0), LayoutSize(width: 100, height: 0))
        fixture.collectionView.scroll(by: 10)
        #expect(fixture.collectionView.contentOffset.x == 10 && fixture.collectionView.contentSize.width == 3900)
        fixture.collectionView.layoutIfNeeded()
        // The pass applied both (the size until it read the layout's again), then laid out at the new offset.
        #expect(fixture.collectionView.contentOffset.x == 400 && fixture.collectionView.contentSize.width == 3900)
        #expect(fixture.collectionView.displayedCells.map(\.globalIndex).contains(1))
    }

    @Test func c30WithFlickRateScriptAnAppsRateIsIgnored() {
        var switches = UIKitSwitches.default
        switches.flickRate = .script
        let fast = UIKitBestPipeline(catalogCount: 300, geometry: .default, switches: switches)
        fast.scene.collectionView.decelerationRate = .fast
        let plain = UIKitBestPipeline(catalogCount: 300, geometry: .default, switches: switches)
        let script = ScrollScript.standard(seed: 1)
        // The same frames, flick for flick, as a pipeline whose app set no rate.
        #expect(PipelinePlayer.record(from: fast, script: script, hz: 120).frames
                    == PipelinePlayer.record(from: plain, script: script, hz: 120).frames)
    }
}
