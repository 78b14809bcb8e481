/// `uikit.seed000.compositional`: seed 000's compositional layout, version 1 (lines 840–992: one-item groups,
/// `groupPagingCentered`, `N = 100n` items, start centred on item `N/2`), on the UIKit model.
///
/// Per frame: the section scrolls orthogonally; its scroll view's callback stores the offset and calls the
/// `visibleItemsInvalidationHandler` (K2), after building a wrapper per visible item, their array, a map table, a
/// per-section array, a set and an environment object (K3). The handler (lines 968–989) computes
/// `Int((offset.x / groupFullWidth).rounded())`, clamps it, and replaces `currentIndexPath` when it changed. Nothing
/// is invalidated, so the collection view asks the layout only when its bounds leave the validated rect (C1). Per
/// release: the orthogonal scroll view pages to the group nearest the proposed offset (Apple's rule is not in the
/// evidence; the model of Docs/ALGORITHMS.md, "UIKit pipelines"). Per rotation: `viewWillTransition` (lines 912–931)
/// sets `isRotating`, invalidates the layout (the section provider runs again with the new container) and scrolls to
/// the saved item.
///
/// The group is the suite's item (`w x h`, spacing `L`), where the seed uses 0.95 of the container and 10
/// points: the app's values, not UIKit's. Excluded app-level work: the content configuration and its label
/// (lines 792–837), the cell registration (lines 856–860), `handleIndexPathChange`'s print (lines 934–937).
public struct UIKitSeed000CompositionalPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame: K3's wrapper per visible item, its arrays, map table, set and environment on every scroll callback"
    public static let allocationEvidence = "every scroll: K3's wrapper per visible item, its array, a map table, section arrays, a set and an environment"
    /// The data source's snapshot holds every replicated item (`N = 100n`).
    public static let lifecycleComplexity = UIKitLifecycleComplexity(
        prepare: "O(N): a snapshot entry per replicated item (N = 100n), then the visible items",
        rotate: "O(k): the section provider runs again, the saved item is scrolled to",
        reload: "O(N): the snapshot applied again", release: "O(1): paging to the nearest group")
    public typealias Core = Seed000CompositionalPipeline
    public var scene: Seed000CompositionalScene

    public init(scene: Seed000CompositionalScene) { self.scene = scene }
}

/// `uikit.seed000.compositionalScaled`: seed 000's compositional layout, version 2 (lines 1018–1277), on the
/// UIKit model: as version 1 (K2/K3 per frame), with the handler of lines 1224–1273.
///
/// Per frame, the handler keeps the strictly nearest item and sets each visible item's `transform` to a
/// translation toward the centre and the scale `calcScaleRaito` (lines 1186–1196). It reads `item.frame`, which
/// is the cached attributes' frame: after the previous frame set a transform, a bounding box (K3 + F4). So each
/// transform is computed from the frame the previous one produced, where the core uses the untransformed frame
/// (named difference "transform from the transformed frame"). The changed items get an invalidation context
/// naming them; the collection view fetches them again and the cells copy them (C3). The centre change updates
/// `focusedIndexPath`. A container width change (a rotation) calls `resetFocus` (lines 1091–1103); the handler
/// runs again in the invalidation's layout pass (K1), with `isRotating` set (lines 1163–1173).
///
/// Excluded app-level work: as version 1 (lines 1027–1072, 1105–1110, 1176–1179).
public struct UIKitSeed000CompositionalScaledPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame: as version 1, plus each changed item invalidated, fetched again and copied by its cell"
    public static let allocationEvidence = "as version 1 (K3), plus a context for the changed items and the cells' copies (C3)"
    /// The data source's snapshot holds every replicated item (`N = 100n`).
    public static let lifecycleComplexity = UIKitLifecycleComplexity(
        prepare: "O(N): a snapshot entry per replicated item (N = 100n), then the visible items",
        rotate: "O(k): the section provider runs again, the saved item is scrolled to",
        reload: "O(N): the snapshot applied again", release: "O(1): paging to the nearest group")
    public typealias Core = Seed000CompositionalScaledPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .transformedFrameVisibility, .transformFromTransformedFrame, .rotationSkipsHandler,
                                                                     .scrollTargetFromItemFrame]
    /// The side items' shift toward the centre: at most the scale's shrink of a half-width.
    public static func largestTranslation(_ geometry: CarouselGeometry) -> Double {
        geometry.itemWidth * (1 - traits.scaleRange.lowerBound) / 2
    }
    /// The core's, and the centre may be a neighbour of `lookup.arithmetic`'s: the handler measures distances
    /// from the transformed frames (named difference "transform from the transformed frame").
    public static let traits: PipelineTraits = {
        var traits = Seed000CompositionalScaledPipeline.traits
        traits.centerMayBeNeighbour = true
        return traits
    }()
    public var scene: Seed000CompositionalScaledScene

    public init(scene: Seed000CompositionalScaledScene) { self.scene = scene }
}

/// What both compositional versions share: the layout, the `100n` items, the start, the paging and the
/// section provider's values for a geometry.
open class CompositionalScene: UIKitScene {
    @usableFromInline let layout: CompositionalLayout
    @usableFromInline let dataSource: UniformDataSource
    @exclusivity(unchecked) public var isRotating = false

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = CompositionalLayout(groupSize: LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight),
                                     interGroupSpacing: geometry.lineSpacing, ledger: ledger, switches: switches)
        dataSource = UniformDataSource(itemsPerSection: HundredfoldWrap.replication * catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installHandler()
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
        // `prepareCollectionView` (lines 898–910 / 1148–1160): the middle item centred, then the focus set.
        collectionView.scrollToItem(at: IndexPath(item: itemCount / 2, section: 0), at: .centeredHorizontally)
        collectionView.layoutIfNeeded()
        didScrollToInitialItem(itemCount / 2)
    }

    public override var itemCount: Int { HundredfoldWrap.replication * catalogCount }

    /// The seed's `items` is a constant (lines 845, 863–870): the app's update is assumed, `reloadData()` then
    /// `scrollToItem` to the item kept, then the focus set as `prepareCollectionView` sets it (lines 904–908).
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath + ", then the focus set" }

    public override func catalogCountDidChange() { dataSource.itemsPerSection = itemCount }

    public override func recentre(onItem item: Int, nearGlobalIndex global: Int) {
        if let target = scrollToCatalogItem(item, nearGlobalIndex: global) { didScrollToInitialItem(target) }
    }

    /// Sets the layout's `visibleItemsInvalidationHandler`.
    open func installHandler() {}

    /// The focus the seed sets after its first scroll.
    open func didScrollToInitialItem(_ item: Int) {}

    /// `groupPagingCentered`, modelled as the group nearest the proposed offset
    /// (Docs/ALGORITHMS.md, "UIKit pipelines").
    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        layout.pagingTarget(proposedOffset: proposedOffset)
    }

    /// The section provider's values for `geometry` (the app's group size and spacing).
    @usableFromInline
    func applySectionProvider(_ geometry: CarouselGeometry) {
        layout.groupSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        layout.interGroupSpacing = geometry.lineSpacing
    }

    public override func rotationDidFinish() {
        isRotating = false
    }
}

/// The state of `uikit.seed000.compositional`.
public final class Seed000CompositionalScene: CompositionalScene {
    /// `currentIndexPath` (lines 848–853).
    @exclusivity(unchecked) @usableFromInline var currentIndexPath: IndexPath?
    @exclusivity(unchecked) @usableFromInline var lastSafeIndex = 0
    @exclusivity(unchecked) @usableFromInline var changedThisFrame = false

    public override func installHandler() {
        // Lines 968–989.
        layout.visibleItemsInvalidationHandler = { [weak self] _, offset, environment in
            guard let self, !self.isRotating else { return }
            let containerWidth = environment.containerContentSize.width
            if containerWidth == 0 { return }
            let groupFullWidth = self.geometry.pitch
            let targetIndex = Int((offset.x / groupFullWidth).rounded())
            let safeIndex = max(0, min(targetIndex, self.itemCount - 1))
            self.lastSafeIndex = safeIndex
            if let currentIndexPath = self.currentIndexPath, currentIndexPath.item != safeIndex {
                self.currentIndexPath = IndexPath(item: safeIndex, section: 0)
                self.changedThisFrame = true
            }
        }
    }

    public override func didScrollToInitialItem(_ item: Int) {
        currentIndexPath = IndexPath(item: item, section: 0)
        lastSafeIndex = item
        changedThisFrame = false
    }

    /// `viewWillTransition` (lines 912–931).
    public override func handleRotation(toWidth width: Double) {
        isRotating = true
        let savedIndex = currentIndexPath
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        applySectionProvider(geometry)
        layout.invalidateLayout()
        if let savedIndex { collectionView.scrollToItem(at: savedIndex, at: .centeredHorizontally) }
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        output.centerItem = lastSafeIndex
        output.logicalIndex = catalogIndex(lastSafeIndex, catalogCount: catalogCount)
        output.centerChanged = changedThisFrame
        changedThisFrame = false
    }

    public override var memoryExtras: [UIKitMemoryReport.Line] {
        [.init(name: "replicated model entries", count: itemCount, bytesEach: 40,
               source: "seed 000 lines 786-790: UUID + String + UIColor reference")]
    }
}

/// The state of `uikit.seed000.compositionalScaled`.
public final class Seed000CompositionalScaledScene: CompositionalScene {
    /// `focusedIndexPath` (lines 1083–1089) and `containerWidth` (lines 1092–1097).
    @exclusivity(unchecked) @usableFromInline var focusedIndexPath: IndexPath?
    @exclusivity(unchecked) @usableFromInline var containerWidth: Double?
    @exclusivity(unchecked) @usableFromInline var changedThisFrame = false

    public override func installHandler() {
        // Lines 1224–1273.
        layout.visibleItemsInvalidationHandler = { [weak self] visibleItems, offset, environment in
            guard let self else { return }
            let containerWidth = environment.containerContentSize.width
            let containerCenterX = offset.x + containerWidth / 2.0
            var closestItem: CollectionLayoutVisibleItem?
            var closestDistance = Double.greatestFiniteMagnitude
            if self.containerWidth != containerWidth { self.setContainerWidth(containerWidth) }
            visibleItems.forEach { [weak self] item in
                guard let self, !self.isRotating else { return }
                let itemCenterX = item.frame.midX
                let distance = abs(itemCenterX - containerCenterX)
                if distance < closestDistance {
                    closestDistance = distance
                    closestItem = item
                }
                let scale = self.calcScaleRatio(containerWidth: containerWidth, distance: distance)
                let scaledWidth = item.frame.width * scale
                let deltaX = (item.frame.width - scaledWidth) / 2
                let direction: Double = itemCenterX < containerCenterX ? 1 : -1
                let translationX = deltaX * direction
                item.transform = AffineTransform2D.identity.translatedBy(x: translationX, y: 0).scaledBy(x: scale, y: scale)
            }
            if let indexPath = closestItem?.indexPath, self.focusedIndexPath != indexPath {
                self.focusedIndexPath = indexPath
                self.changedThisFrame = true
            }
        }
    }

    /// `containerWidth`'s `didSet` (lines 1092–1097): a change after the first calls `resetFocus` (lines 1099–1103).
    @usableFromInline
    func setContainerWidth(_ width: Double) {
        let oldValue = containerWidth
        containerWidth = width
        guard oldValue != nil else { return }
        if let focusedIndexPath { collectionView.scrollToItem(at: focusedIndexPath, at: .centeredHorizontally) }
    }

    /// `calcScaleRaito` (lines 1186–1196).
    @usableFromInline
    func calcScaleRatio(containerWidth: Double, distance: Double) -> Double {
        let maxDistance = containerWidth / 2.0
        let minScale = 0.9
        let maxScale = 1.0
        let normalized = min(distance / maxDistance, 1.0)
        return maxScale - (maxScale - minScale) * normalized
    }

    public override func didScrollToInitialItem(_ item: Int) {
        focusedIndexPath = IndexPath(item: item, section: 0)
        changedThisFrame = false
    }

    /// `viewWillTransition` (lines 1163–1173): `isRotating`, then `invalidateLayout()`; the handler restores the
    /// focus when it sees the new container width.
    public override func handleRotation(toWidth width: Double) {
        isRotating = true
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        applySectionProvider(geometry)
        layout.invalidateLayout()
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let focused = focusedIndexPath?.item
        output.centerItem = focused
        output.logicalIndex = focused.map { catalogIndex($0, catalogCount: catalogCount) }
        output.centerChanged = changedThisFrame
        changedThisFrame = false
    }

    public override var memoryExtras: [UIKitMemoryReport.Line] {
        [.init(name: "replicated model entries", count: itemCount, bytesEach: 40,
               source: "seed 000 lines 1021-1025: UUID + String + UIColor reference")]
    }
}
