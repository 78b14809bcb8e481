/// `uikit.seed003.paging`: seed 003's flow layout whose delegate enlarges the centre cell through
/// `sizeForItemAt` (lines 160–165; finite, `N = n`, start at 0, spacing `s`), on the UIKit model.
///
/// Per frame: the layout is `UICollectionViewFlowLayout` itself, so a pure scroll does not invalidate it (F6)
/// and the collection view asks it only when the bounds leave the validated rect (C1); because the delegate's
/// sizes differ (the centre cell is larger), every such query tests all `N` line objects (F2).
/// `scrollViewDidScroll` (lines 233–237) runs `updateBackgroundImage` (lines 119–128) and `updateCurrentPage`
/// (lines 216–225): two `indexPathForItem(at:)` at the viewport centre (C10, switch `hitTest`: by default the
/// collection view's validated cells at a 1x1 rect, no layout call; with `hitTest=layout` a 1x1 layout query,
/// F2's O(N) scan) and a `cellForItem(at:)` each, and the page progress.
///
/// Per release: the flow layout's `targetContentOffset` keeps the proposed offset; `scrollViewWillEndDragging`
/// (lines 25–49) replaces it with `snap.direction` over the normal pitch, stores `centerCellIndex` and calls
/// `invalidateLayout()`: the next layout pass recomputes everything, one delegate call and the item and line
/// objects per item (F7/F8: O(N)), and every cached attributes object is dropped.
///
/// Excluded app-level work: `UIView.transition` of the blurred background (lines 124–126), `updateCenterCell`
/// (line 235; not in the seed), the progress bar and the attributed page label (lines 196–210). The seed has no
/// rotation code; the model does the core's (sizes for the new width, `invalidateLayout()`, the centred item).
public struct UIKitSeed003PagingPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(N) per frame, amortised: each release's invalidateLayout() relayouts all N delegate-sized items (F7/F8); between releases O(1), two hit tests at the centre, each a 1x1 query of the collection view's validated cells (C10; with hitTest=layout an F2 scan of all N lines)"
    public static let allocationEvidence = "two or three arrays per hit test (C10's index set, result and copy), PF1's prefetching while moving; F8's 2N objects at each release"
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .hitByRect, .hitOutsideValidatedRect,
                                                                     .noCentreBeforeFirstScroll, .scrollTargetFromItemFrame]
    /// Delegate sizes, and a release that invalidates everything (F7/F8).
    public static let lifecycleComplexity = UIKitLifecycleComplexity(
        prepare: UIKitLifecycleComplexity.delegateSized.prepare, rotate: UIKitLifecycleComplexity.delegateSized.rotate,
        reload: UIKitLifecycleComplexity.delegateSized.reload,
        release: "O(N): the snap, then invalidateLayout(): every item sized again (F7/F8)")
    public typealias Core = Seed003PagingPipeline
    public var scene: Seed003PagingScene

    public init(scene: Seed003PagingScene) { self.scene = scene }
}

/// The state of `uikit.seed003.paging`.
public final class Seed003PagingScene: UIKitScene {
    @usableFromInline let layout: FlowLayout
    @usableFromInline let recommendation: HomeRecommendDelegate
    @usableFromInline let dataSource: UniformDataSource

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        let pages = PipelineGeometry.seed003(viewportWidth: geometry.viewportWidth, viewportHeight: geometry.viewportHeight,
                                             spacing: geometry.spacing)
        layout = FlowLayout(ledger: ledger, switches: switches)
        recommendation = HomeRecommendDelegate(totalPages: catalogCount)
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: pages, switches: switches, ledger: ledger)
        configureLayout()
        installCollectionView(layout: layout, dataSource: dataSource, delegate: recommendation)
    }

    /// The seed's catalogue is fixed: the app's update is assumed, `reloadData()` then `scrollToItem` to the item kept.
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    public override func catalogCountDidChange() {
        recommendation.totalPages = catalogCount
        dataSource.itemsPerSection = catalogCount
    }

    /// `minimumLineSpacing = s` (uncompensated) and the inset that centres a normal cell.
    @usableFromInline
    func configureLayout() {
        layout.minimumLineSpacing = geometry.spacing
        let inset = (geometry.viewportWidth - geometry.viewportWidth * 0.80) / 2
        layout.sectionInset = EdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
    }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = recommendation.pagingTarget(in: collectionView, currentOffset: currentOffset, proposedOffset: proposedOffset)
        return collectionView.restingOffset(forTarget: target.x)
    }

    public override func handleRotation(toWidth width: Double) {
        let centered = clampedItemIndex((collectionView.contentOffset.x / geometry.pitch).rounded(), itemCount: catalogCount)
        geometry = PipelineGeometry.seed003(viewportWidth: width, viewportHeight: geometry.viewportHeight, spacing: geometry.spacing)
        configureLayout()
        layout.invalidateLayout()
        collectionView.setContentOffset(LayoutPoint(x: geometry.centeringOffset(item: centered), y: 0))
    }

    /// Until the first `scrollViewDidScroll` the seed has not looked for its centred item (`noCentreBeforeFirstScroll`).
    public override var differenceInEffect: UIKitNamedDifference? {
        recommendation.hasScrolled ? nil : .noCentreBeforeFirstScroll
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        let normalWidth = (collectionView.frameSize.width * 0.80).rounded(.down)
        for cell in collectionView.displayedCells {
            guard let attributes = cell.layoutAttributes else { continue }
            output.visible.append(VisibleItem(item: cell.globalIndex, scale: attributes.frame.width / normalWidth))
        }
        output.centerItem = recommendation.backgroundItem
        output.logicalIndex = recommendation.backgroundItem
    }
}

/// Seed 003's view controller as the collection view's delegate (lines 25–49, 119–128, 160–165, 216–237).
public final class HomeRecommendDelegate: CollectionViewDelegate {
    @exclusivity(unchecked) public var centerCellIndex = 0
    @exclusivity(unchecked) public internal(set) var totalPages: Int
    /// The item `updateBackgroundImage` found last (nil in a gap), and the page progress.
    @exclusivity(unchecked) public private(set) var backgroundItem: Int?
    @exclusivity(unchecked) public private(set) var pageProgress = 0.0
    /// Whether `scrollViewDidScroll` has run (the seed picks its centred item there only).
    @exclusivity(unchecked) public private(set) var hasScrolled = false

    init(totalPages: Int) { self.totalPages = totalPages }

    public override var implementsSizeForItem: Bool { true }

    /// Lines 160–165.
    public override func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> LayoutSize {
        let isCenter = indexPath.item == centerCellIndex
        let cellWidth = (collectionView.frameSize.width * (isCenter ? 0.80 * 1.05 : 0.80)).rounded(.down)
        let cellHeight = (collectionView.frameSize.height * (isCenter ? 0.85 * 1.1 : 0.85)).rounded(.down)
        return LayoutSize(width: cellWidth, height: cellHeight)
    }

    /// Lines 233–237.
    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        hasScrolled = true
        updateBackgroundImage(collectionView)
        updateCurrentPage(collectionView)
    }

    /// Lines 119–128 (the transition itself is the app's).
    @usableFromInline
    func updateBackgroundImage(_ collectionView: CollectionView) {
        let visibleRect = LayoutRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
        let visiblePoint = LayoutPoint(x: visibleRect.midX, y: visibleRect.midY)
        backgroundItem = nil
        if let indexPath = collectionView.indexPathForItem(at: visiblePoint) {
            backgroundItem = indexPath.item
            _ = collectionView.cellForItem(at: indexPath)
        }
    }

    /// Lines 216–225 (`updatePage`'s label is the app's).
    @usableFromInline
    func updateCurrentPage(_ collectionView: CollectionView) {
        let visibleRect = LayoutRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
        let visiblePoint = LayoutPoint(x: visibleRect.midX, y: visibleRect.midY)
        if let indexPath = collectionView.indexPathForItem(at: visiblePoint) {
            let currentPage = indexPath.item + 1
            if collectionView.cellForItem(at: indexPath) != nil {
                pageProgress = PageIndicator(index: currentPage - 1, total: totalPages).progress
            }
        }
    }

    /// `cellWidthIncludingSpacing` (lines 28–29): the normal pitch `0.80 W + minimumLineSpacing`.
    @usableFromInline
    func cellWidthIncludingSpacing(in collectionView: CollectionView) -> Double {
        collectionView.frameSize.width * 0.80 + ((collectionView.collectionViewLayout as? FlowLayout)?.minimumLineSpacing ?? 0)
    }

    /// Lines 31–41: `snap.direction`'s index (`contentInset` 0).
    @usableFromInline
    func roundedIndex(currentOffset: Double, proposedOffset: Double, cellWidthIncludingSpacing: Double) -> Double {
        let index = proposedOffset / cellWidthIncludingSpacing
        if currentOffset > proposedOffset { return index.rounded(.down) }
        if currentOffset < proposedOffset { return index.rounded(.up) }
        return index.rounded()
    }

    /// The target lines 43–45 set.
    @usableFromInline
    func pagingTarget(in collectionView: CollectionView, currentOffset: Double, proposedOffset: Double) -> LayoutPoint {
        let width = cellWidthIncludingSpacing(in: collectionView)
        let index = roundedIndex(currentOffset: currentOffset, proposedOffset: proposedOffset, cellWidthIncludingSpacing: width)
        return LayoutPoint(x: index * width, y: 0)
    }

    /// Lines 25–49: the target replaced, `centerCellIndex = Int(roundedIndex)` (unclamped), `invalidateLayout()`.
    public override func scrollViewWillEndDragging(_ collectionView: CollectionView, withVelocity velocity: LayoutPoint,
                                                   targetContentOffset: inout LayoutPoint) {
        let width = cellWidthIncludingSpacing(in: collectionView)
        let index = roundedIndex(currentOffset: collectionView.contentOffset.x, proposedOffset: targetContentOffset.x,
                                 cellWidthIncludingSpacing: width)
        targetContentOffset = LayoutPoint(x: index * width, y: 0)
        centerCellIndex = Int(min(max(index, -1e9), 1e9))
        collectionView.collectionViewLayout.invalidateLayout()
    }
}
