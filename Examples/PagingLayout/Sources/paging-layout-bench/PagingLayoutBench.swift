// amirdew/CollectionViewPagingLayout's layout, ported to carousel-bench's UIKit model and measured beside the seeds:
// `.build/release/paging-layout-bench run --quick --no-baseline --filter 'example|uikit/best'`.
//
// Source: github.com/amirdew/CollectionViewPagingLayout at 5b40724af52b4d80f4b5d90a41f1aab8476be4f9 (MIT). The
// layout is `Lib/CollectionViewPagingLayout.swift` (`CollectionViewPagingLayout.swift` here); the library parts it
// and the cells use are in `PagingLayoutLibrary.swift`; what it uses that the model lacks, in `UIKitStandIns.swift`.
// The layout and the library parts are the `CollectionViewPagingLayout` module (Sources/CollectionViewPagingLayout).
// The app is the one `HOW_TO_USE_UIKIT.md` describes (lines 9-46): paging enabled (line 16), cells conforming to
// `ScaleTransformView` with the options of its example (lines 36-41) on the app's own cell class (line 11), and the
// sample apps' bound on the items laid out (`numberOfVisibleItems = 7`,
// `Samples/PagingLayoutSamples/Modules/UIKit/Cards/CardsViewController.swift` line 84; the guide's default, nil,
// lays out every item on every frame).
import CarouselBench
import CollectionViewPagingLayout
import CarouselLayout
import UIKitNames

@main
enum PagingLayoutBench {
    static func main() {
        CarouselBench.main(adding: [.uikit(UIKitPagingLayoutPipeline.self)])
    }
}

/// `uikit.example.paging`: `CollectionViewPagingLayout` (finite, `N = n`, full-width pages, starting on page 0).
///
/// Per frame: `shouldInvalidateLayout(forBoundsChange:)` answers true (lines 143-148), so every scroll invalidates
/// through the layout's `invalidateLayout()` (lines 220-228, which keep `currentPage` with the scroll: C25) and the
/// collection view asks for the rect again (C1); `layoutAttributesForElements(in:)` (lines 150-218) makes a
/// fresh attributes object for each of the `numberOfVisibleItems` pages around the current one, every one framed to
/// the visible rect, looks up each item's cell (`cellForItem(at:)`) and has the cell transform itself by its
/// progress (`TransformableView`, here `ScaleTransformView`'s scale and translation on the content view); two
/// two-element arrays per item (lines 206, 210). The cells' attributes change every frame (their frame follows the
/// offset), so each displayed cell takes a copy (C3'). Per release: the scroll view's paging (the model has none:
/// the app's delegate stands in, `PagingAppDelegate`).
struct UIKitPagingLayoutPipeline: UIKitPipeline {
    static let id = "uikit.example.paging"
    static let complexity: Complexity = "O(k) per frame: an invalidation and a query every frame, k = numberOfVisibleItems fresh attributes (line 183), each cell looked up and transformed"
    static let allocationEvidence = "every frame: k fresh attributes objects (line 183), 2k two-element arrays (lines 206, 210), the tuple and result arrays, `numberOfItems`'s array (lines 80-82, twice), the cells' copies (C3')"
    /// Finite (`N = n`); the cells scale from 1 at the centre to `minScale` 0.6 (`HOW_TO_USE_UIKIT.md` line 37); at
    /// most `numberOfVisibleItems` (7) pages laid out on any frame, all `n` below it (lines 152-172).
    static let traits = PipelineTraits(wraps: false, scaleRange: 0.6...1,
                                       policies: [.window(items: 7, "numberOfVisibleItems = 7, lines 152-172")])
    /// Not a flow layout: no `prepare()` of its own; every pass after an invalidation queries the k pages around the
    /// current one again.
    static var lifecycleComplexity: UIKitLifecycleComplexity {
        UIKitLifecycleComplexity(
            prepare: "O(k): the first query makes k attributes objects (line 183), the bounds observer queues one invalidation (lines 332-338)",
            rotate: "O(k): the size change invalidates (lines 143-148), the bounds observer keeps the page (lines 332-338), k pages queried again",
            reload: "O(k): the counts again (lines 80-82), k pages queried again",
            release: "O(1): the app's paging answers the target (the layout keeps the proposed offset); the offset does not move, so the layout pass has nothing to redo")
    }
    var scene: PagingLayoutScene

    init(scene: PagingLayoutScene) { self.scene = scene }
}

/// The app around the layout: a collection view of `n` items, paging enabled, the layout's delegate.
final class PagingLayoutScene: UIKitScene {
    let layout: CollectionViewPagingLayout
    let dataSource: PagingDataSource
    let app: PagingAppDelegate

    required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = CollectionViewPagingLayout(ledger: ledger, switches: switches)
        layout.numberOfVisibleItems = 7
        dataSource = PagingDataSource(itemCount: catalogCount)
        app = PagingAppDelegate()
        super.init(catalogCount: catalogCount, geometry: Self.geometry(geometry, viewportWidth: geometry.viewportWidth),
                   switches: switches, ledger: ledger)
        layout.delegate = app
        installCollectionView(layout: layout, dataSource: dataSource, delegate: app)
        // The first query registers the bounds observer with `.initial` (lines 332-338), whose handler queues an
        // invalidation on the main queue; iOS runs it before the first frame is shown.
        runMainQueue()
    }

    /// The layout's geometry: a page is the collection view's width (`currentScrollOffset`, lines 67-70; the frames
    /// of line 201), so item `k` is centred at offset `k W`: full-width items, no spacing, no scale compensation.
    static func geometry(_ geometry: CarouselGeometry, viewportWidth: Double) -> CarouselGeometry {
        PipelineGeometry.pages(viewportWidth: viewportWidth, viewportHeight: geometry.viewportHeight)
    }

    /// The main queue's blocks (queued by the layout's KVO handlers, lines 125-137 and 287-297), then the layout
    /// pass that shows what they changed.
    func runMainQueue() {
        if MainQueue.runAll() { collectionView.layoutIfNeeded() }
    }

    /// The app's catalogue update (Docs/ALGORITHMS.md, "Catalogue updates" in carousel-bench): `reloadData()`, then
    /// `scrollToItem` to the item kept, then the main queue's blocks the layout's observers queued. Assumed app code.
    override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    override func catalogCountDidChange() { dataSource.itemCount = catalogCount }

    override func recentre(onItem item: Int, nearGlobalIndex global: Int) {
        super.recentre(onItem: item, nearGlobalIndex: global)
        runMainQueue()
    }

    /// What the release will answer: the scroll view's paging, as the app's delegate gives it (the layout keeps
    /// the proposed offset: it does not override `targetContentOffset`).
    override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        collectionView.restingOffset(forTarget: PagingAppDelegate.pagingTarget(
            offset: currentOffset, velocity: velocity, pageWidth: collectionView.bounds.width))
    }

    /// The new width is set: the geometry at that width, and the bounds observers (KVO fires on the size change;
    /// the layout's keeps the page, lines 332-338 and 143-148).
    override func handleRotation(toWidth width: Double) {
        geometry = Self.geometry(geometry, viewportWidth: width)
        app.observers.didChange(.bounds)
    }

    override func rotationDidFinish() { runMainQueue() }

    /// The cells on screen, and the layout's own `currentPage` as the centre: every cell is framed to the visible
    /// rect (line 196), so the nearest attributes centre names no item; the page is what the app shows.
    override func fillOutput(_ output: inout FrameOutput) {
        runMainQueue()
        appendVisibleCells(into: &output) { $0.globalIndex }
        output.centerItem = layout.currentPage
        output.logicalIndex = layout.currentPage
        output.centerChanged = app.pageChanged
        app.pageChanged = false
    }
}

/// The app's delegate: the layout's (`onCurrentPageChanged`), the scroll view's, and the one that notifies the
/// collection view's key-value observers (`UIKitStandIns.swift`).
final class PagingAppDelegate: CollectionViewDelegate, CollectionViewPagingLayoutDelegate, KeyValueObservingHost {
    let observers = KeyValueObservers()
    var pageChanged = false

    /// `UIScrollView.isPagingEnabled` (`HOW_TO_USE_UIKIT.md` line 16) is not in the model; this is its answer, assumed:
    /// the next page boundary in the direction of the release's velocity, the nearest one at rest.
    static func pagingTarget(offset: Double, velocity: Double, pageWidth: Double) -> Double {
        let position = offset / pageWidth
        let page = velocity > 0 ? position.rounded(.up) : velocity < 0 ? position.rounded(.down) : position.rounded()
        return page * pageWidth
    }

    /// Every content-offset change moves `contentOffset` and `bounds`: their observers are told.
    override func scrollViewDidScroll(_ collectionView: CollectionView) {
        observers.didChange(.contentOffset)
        observers.didChange(.bounds)
    }

    /// Paging (see `pagingTarget`).
    override func scrollViewWillEndDragging(_ collectionView: CollectionView, withVelocity velocity: LayoutPoint,
                                            targetContentOffset: inout LayoutPoint) {
        targetContentOffset.x = Self.pagingTarget(offset: collectionView.contentOffset.x, velocity: velocity.x,
                                                  pageWidth: collectionView.bounds.width)
    }

    func onCurrentPageChanged(layout: CollectionViewPagingLayout, currentPage: Int) {
        pageChanged = true
    }
}

/// The app's data source: `n` items in one section, each shown in a `PagingCell` (the class its
/// `collectionView(_:cellForItemAt:)` dequeues, `HOW_TO_USE_UIKIT.md` line 11: "you need a custom class for cells").
final class PagingDataSource: CollectionViewDataSource {
    var itemCount: Int

    init(itemCount: Int) { self.itemCount = itemCount }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        itemCount
    }

    override var cellClass: Cell.Type { PagingCell.self }
}

/// The app's cell, `ScaleTransformView` with the options of `HOW_TO_USE_UIKIT.md` (lines 34-43). Its content has no
/// subviews, so the scaled view is the content view itself (`ScaleTransformView.swift` lines 29-34), which UIKit
/// sizes to the cell (the guide's line 57).
final class PagingCell: UICollectionViewCell, ScaleTransformView {
    var scaleOptions: ScaleTransformViewOptions {
        ScaleTransformViewOptions(
            minScale: 0.6,
            scaleRatio: 0.4,
            translationRatio: CGPoint(x: 0.66, y: 0.2),
            maxTranslationRatio: CGPoint(x: 2, y: 0)
        )
    }
}
