/// `uikit.seed004.sentinel`: seed 004's paging banner (`N = n+2` full-width pages: last item, `0..n-1`, first
/// item; start on page 1), on the UIKit model.
///
/// The flow layout's delegate returns the collection view's size for every item (lines 19–26): the sizes are all
/// equal, so the section is fixed-size for queries (F2 -> F1) after an O(N) `prepare` with one delegate call per item
/// (F8). Per frame: no invalidation (F6); the layout is asked only when the bounds leave the validated rect (C1); the
/// Rx `contentOffset` binding (lines 101–114) computes the page control's page `Int((o + W/2)/W) - 1` with its
/// mapping. Per release: `isPagingEnabled` (line 9) pages (Apple's rule is not in the evidence; the model of
/// Docs/ALGORITHMS.md, "UIKit pipelines": `snap.threshold` with `p = W`). At the end of deceleration (lines 58–76):
/// page 0 scrolls to item `n`, page `n+1` to item 1 (`scrollToItem(at:at: .right)`).
///
/// Excluded app-level work: the RxSwift operators and schedulers around both bindings (`.withUnretained`,
/// `.observe(on: MainScheduler.asyncInstance)`, `.map`, `.bind`: lines 58–114), the image cells. The jump is
/// applied at the end of deceleration, where the seed defers it to the next main-queue turn, as the core does.
public struct UIKitSeed004SentinelPipeline: UIKitPipeline {
    /// The core's, and memory: the flow layout holds the `n + 2` pages' attributes.
    public static let catalogLimit: CatalogLimit? = Core.catalogLimit?.tightened(
        measured: 384_196 * 1024, at: 1_000_000, budget: Double(CatalogLimit.memoryBudgetBytes), unit: .residentBytes,
        "O(n) memory, the flow layout's attributes")
    public static let complexity: Complexity = "O(N) per frame, amortised: no layout work per scroll (F6), but each rotation of the trajectory relayouts all N delegate-sized items (F7/F8)"
    public static let allocationEvidence = "no layout work per frame (F6), PF1's prefetching while moving; F8's objects at each relayout"
    /// Delegate sizes (all equal, so queries are F1's, but prepare is F8's O(N)).
    public static let lifecycleComplexity = UIKitLifecycleComplexity.delegateSized
    public typealias Core = Seed004SentinelPipeline
    /// Its pages are the viewport's width with no spacing: at a resting offset the neighbour page shares an edge with
    /// the viewport, which the core counts visible and the collection view does not (C22).
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .edgeTouchingItem]
    public var scene: Seed004SentinelScene

    public init(scene: Seed004SentinelScene) { self.scene = scene }
}

/// The state of `uikit.seed004.sentinel`.
public final class Seed004SentinelScene: UIKitScene {
    @usableFromInline let layout: FlowLayout
    @usableFromInline let bannerDelegate: SentinelBannerDelegate
    @usableFromInline let dataSource: UniformDataSource

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = FlowLayout(ledger: ledger, switches: switches)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        bannerDelegate = SentinelBannerDelegate(imageCount: catalogCount + 2)
        dataSource = UniformDataSource(itemsPerSection: catalogCount + 2)
        super.init(catalogCount: catalogCount,
                   geometry: PipelineGeometry.pages(viewportWidth: geometry.viewportWidth, viewportHeight: geometry.viewportHeight),
                   switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: bannerDelegate)
        // `viewDidLoad` (lines 46–54): item 1 at the right edge.
        collectionView.scrollToItem(at: IndexPath(item: 1, section: 0), at: .right)
        collectionView.layoutIfNeeded()
    }

    public override var itemCount: Int { catalogCount + 2 }

    /// The seed's `imageArray` is fixed (lines 46–54): the app's update is assumed, `reloadData()` then `scrollToItem` to the item kept.
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    public override func catalogCountDidChange() {
        bannerDelegate.imageCount = catalogCount + 2
        dataSource.itemsPerSection = catalogCount + 2
    }

    /// Item `k` sits at index `k + 1`, between the two sentinels.
    public override func globalIndex(ofCatalogItem item: Int, nearGlobalIndex global: Int) -> Int { item + 1 }

    /// `isPagingEnabled`: UIScrollView's paging, modelled as `snap.threshold` with `p = W`
    /// (Docs/ALGORITHMS.md, "UIKit pipelines").
    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = ThresholdSnap(geometry: geometry, itemCount: itemCount)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        return collectionView.restingOffset(forTarget: target)
    }

    /// Paging decides the target; the layout and delegate are still asked (they keep it).
    public override func release(velocity: Double, proposedOffset: Double) -> Double {
        let target = snapTarget(currentOffset: collectionView.contentOffset.x, proposedOffset: proposedOffset, velocity: velocity)
        return collectionView.endDragging(velocity: velocity, proposedOffset: target)
    }

    public override func handleRotation(toWidth width: Double) {
        let page = clampedItemIndex((collectionView.contentOffset.x / geometry.pitch).rounded(), itemCount: itemCount)
        geometry = PipelineGeometry.pages(viewportWidth: width, viewportHeight: geometry.viewportHeight)
        layout.invalidateLayout()
        collectionView.setContentOffset(LayoutPoint(x: geometry.centeringOffset(item: page), y: 0))
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let width = collectionView.frameSize.width
        let page = clampedItemIndex(((collectionView.contentOffset.x + width / 2) / width).rounded(.down), itemCount: itemCount)
        output.centerItem = page
        output.logicalIndex = min(max(bannerDelegate.currentPage, 0), max(catalogCount - 1, 0))
    }
}

/// Seed 004's view controller: the size delegate, the page-control binding and the sentinel jump.
public final class SentinelBannerDelegate: CollectionViewDelegate {
    /// `imageArray.count` (`n + 2`).
    @exclusivity(unchecked) public internal(set) var imageCount: Int
    /// The value bound to `pageControl.rx.currentPage` (may be the out-of-range `n`: `SentinelPageControl`).
    @exclusivity(unchecked) public private(set) var currentPage = 0

    init(imageCount: Int) { self.imageCount = imageCount }

    public override var implementsSizeForItem: Bool { true }

    /// Lines 19–26.
    public override func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> LayoutSize {
        collectionView.frameSize
    }

    /// Lines 101–114: the page from the offset, `-1 -> count - 2`, `count - 2 -> 0`.
    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        let width = collectionView.frameSize.width
        let x = collectionView.contentOffset.x + width / 2.0
        guard let truncated = safePage(x / width) else { return }
        let page = truncated - 1
        if page == -1 {
            currentPage = imageCount - 2
        } else if page == imageCount - 2 {
            currentPage = 0
        } else {
            currentPage = page
        }
    }

    /// Lines 58–76.
    public override func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {
        guard let page = safePage(collectionView.contentOffset.x / collectionView.frameSize.width) else { return }
        if page == 0 {
            collectionView.scrollToItem(at: IndexPath(item: imageCount - 2, section: 0), at: .right)
        } else if page == imageCount - 1 {
            collectionView.scrollToItem(at: IndexPath(item: 1, section: 0), at: .right)
        }
    }
}
