/// `uikit.seed000.centerFocused`: seed 000's `CenterFocusedCarouselLayout` (lines 327–509; finite, `N = n`,
/// start at 0), on the UIKit model.
///
/// Per frame: `shouldInvalidateLayout(forBoundsChange:)` returns true on every bounds change (lines 381–389), so
/// every scroll invalidates with the flow context that keeps the layout's data (F7): the collection view drops
/// its attributes (a new R-tree), `prepare` (lines 364–379) returns at once, and the layout is asked for the
/// rect rounded out to whole screens (C1: one to two screens). `layoutAttributesForElements(in:)` (lines
/// 391–407) takes `super`'s cached objects (F1/F3) and sets each one's affine `transform` in place (F4); from
/// the next query on, F5 drops the caches and every item costs a fresh object and an `NSValue`. The cells copy
/// the changed attributes (C3).
///
/// Per release: `targetContentOffset` (lines 409–454): `snap.threshold` (0.5 pt/ms), the index clamped, and
/// `didUpdateCenterIndexPath` when the centre changed (`shouldNotifyOnlyWhenCenterIndexPathChanges`).
/// Per rotation: the width change sets `isRotating`; `prepare` then runs `configure(bounds:)` and `restoreCenter`
/// (lines 460–497), which sets the offset that centres the last snapped item.
///
/// Excluded app-level work: what the delegate does with `didUpdateCenterIndexPath` (line 328).
public struct UIKitSeed000CenterFocusedPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame: an F1 query of one to two screens every frame (F7), k fresh attributes objects once F5 has dropped the caches, and the cells' copies (C3)"
    public static let allocationEvidence = "every frame: F3 result arrays, F5 a fresh object and NSValue per item, a new R-tree (F7), the cells' copies (C3)"
    public typealias Core = Seed000CenterFocusedPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .transformedFrameVisibility,
                                                                     .rotationTakenAsFirstBoundsChange]
    public var scene: Seed000CenterFocusedScene

    public init(scene: Seed000CenterFocusedScene) { self.scene = scene }
}

/// The state of `uikit.seed000.centerFocused`.
public final class Seed000CenterFocusedScene: UIKitScene {
    @usableFromInline let layout: CenterFocusedCarouselLayout
    @usableFromInline let dataSource: UniformDataSource
    @exclusivity(unchecked) @usableFromInline var centerEvents = 0
    @exclusivity(unchecked) @usableFromInline var reportedEvents = 0

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        let fraction = geometry.itemWidth / geometry.viewportWidth
        layout = CenterFocusedCarouselLayout(
            itemSizeStrategy: .widthFraction(portrait: fraction, landscape: fraction, heightRatio: geometry.itemHeight / geometry.itemWidth),
            ledger: ledger, switches: switches)
        layout.spacing = geometry.spacing
        layout.sideItemScale = geometry.minScale
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        layout.onCenterChange = { [unowned self] in self.centerEvents += 1 }
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
    }

    /// Seed 000's version 2 (lines 331–509) has a fixed catalogue: the app's update is assumed, `reloadData()` then
    /// `scrollToItem` to the item kept.
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    public override func catalogCountDidChange() { dataSource.itemsPerSection = catalogCount }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let index = layout.targetIndex(currentOffset: currentOffset, proposedOffset: proposedOffset,
                                       velocity: velocity / Velocity.pointsPerSecondPerPointPerMillisecond)
        return collectionView.restingOffset(forTarget: index * layout.pageWidth)
    }

    public override func handleRotation(toWidth width: Double) {
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
    }

    /// `rotationTakenAsFirstBoundsChange` while the layout's item size is not the one `configure(bounds:)` gives the
    /// bounds now (lines 486–508): a width change its `shouldInvalidateLayout(forBoundsChange:)` did not see as one.
    public override var differenceInEffect: UIKitNamedDifference? {
        layout.calcItemSize(bounds: collectionView.bounds).width == layout.itemSize.width ? nil : .rotationTakenAsFirstBoundsChange
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let nearest = nearestVisibleCell()?.globalIndex
        output.centerItem = nearest
        output.logicalIndex = nearest
        output.centerChanged = centerEvents != reportedEvents
        reportedEvents = centerEvents
    }
}

/// Seed 000's `CenterFocusedCarouselLayout` (lines 331–509).
public final class CenterFocusedCarouselLayout: FlowLayout {
    /// `ItemSizeStrategy` (lines 332–337).
    public enum ItemSizeStrategy: Sendable {
        case fixed(LayoutSize)
        case widthFraction(portrait: Double, landscape: Double, heightRatio: Double)
    }

    @exclusivity(unchecked) public var spacing = 10.0
    @exclusivity(unchecked) public var sideItemScale = 1.0
    @exclusivity(unchecked) public var isRotating = false
    /// `threshold` (pt/ms).
    @exclusivity(unchecked) public var threshold = 0.5
    @exclusivity(unchecked) public var shouldNotifyOnlyWhenCenterIndexPathChanges = true
    /// `delegate?.didUpdateCenterIndexPath` (the delegate's own work is the app's).
    @exclusivity(unchecked) var onCenterChange: (() -> Void)?
    @exclusivity(unchecked) @usableFromInline var currentWidth: Double?
    @exclusivity(unchecked) @usableFromInline var currentCenteredIndexPath: IndexPath?
    @exclusivity(unchecked) @usableFromInline var isInitialLayout = true
    @usableFromInline let itemSizeStrategy: ItemSizeStrategy

    init(itemSizeStrategy: ItemSizeStrategy, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.itemSizeStrategy = itemSizeStrategy
        super.init(ledger: ledger, switches: switches)
    }

    /// Lines 364–379.
    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        if isInitialLayout || isRotating {
            configure(bounds: collectionView.bounds)
            isInitialLayout = false
            if isRotating { restoreCenter() }
        }
        isRotating = false
    }

    /// Lines 381–389: true on every bounds change; a new width marks a rotation.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        if let currentWidth, currentWidth != newBounds.width { isRotating = true }
        currentWidth = newBounds.width
        return true
    }

    /// Lines 391–407: `super`'s objects scaled in place (F4).
    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        guard let attrs = super.layoutAttributesForElements(in: rect), let collectionView else { return nil }
        let centerX = collectionView.contentOffset.x + collectionView.bounds.width / 2
        for attr in attrs {
            let distance = abs(attr.center.x - centerX)
            let maxDistance = itemSize.width + minimumLineSpacing
            let ratio = min(distance / maxDistance, 1)
            let scale = sideItemScale + (1 - sideItemScale) * (1 - ratio)
            attr.transform = AffineTransform2D(scaleX: scale, y: scale)
        }
        return attrs
    }

    /// `itemSize.width + minimumLineSpacing` (line 414).
    @inlinable var pageWidth: Double { itemSize.width + minimumLineSpacing }

    /// Lines 413–435: the clamped target index (velocity in pt/ms), without the notification.
    @usableFromInline
    func targetIndex(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let approximateScrollingIndex = currentOffset / pageWidth
        var targetIndex: Double
        if velocity > threshold {
            targetIndex = approximateScrollingIndex.rounded(.up)
        } else if velocity < -threshold {
            targetIndex = approximateScrollingIndex.rounded(.down)
        } else {
            targetIndex = (proposedOffset / pageWidth).rounded()
        }
        let maxIndex = Double(collectionView.numberOfItems(inSection: 0) - 1)
        targetIndex = max(0, min(targetIndex, maxIndex))
        return targetIndex
    }

    /// Lines 409–454.
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                             withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        guard let collectionView else { return proposedContentOffset }
        let targetIndex = targetIndex(currentOffset: collectionView.contentOffset.x, proposedOffset: proposedContentOffset.x,
                                      velocity: velocity.x)
        let targetX = targetIndex * pageWidth
        let newIndexPath = IndexPath(item: Int(targetIndex), section: 0)
        let isChanged = currentCenteredIndexPath != newIndexPath
        if isChanged || !shouldNotifyOnlyWhenCenterIndexPathChanges { onCenterChange?() }
        currentCenteredIndexPath = newIndexPath
        return LayoutPoint(x: targetX, y: proposedContentOffset.y)
    }

    /// Lines 460–465 with `centerPoint()` (lines 467–484).
    @usableFromInline
    func restoreCenter() {
        guard let indexPath = currentCenteredIndexPath, let collectionView else { return }
        let pageWidth = itemSize.width + minimumLineSpacing
        let xPosition = Double(indexPath.item) * pageWidth + sectionInset.left
        let cellCenterX = xPosition + itemSize.width / 2
        collectionView.setContentOffset(LayoutPoint(x: cellCenterX - collectionView.bounds.width / 2, y: 0))
    }

    /// Lines 486–497.
    @usableFromInline
    func configure(bounds: LayoutRect) {
        itemSize = calcItemSize(bounds: bounds)
        let horizontalInset = (bounds.width - itemSize.width) / 2
        sectionInset = EdgeInsets(top: 0, left: horizontalInset, bottom: 0, right: horizontalInset)
        let itemWidth = itemSize.width
        let scaledItemOffset = (itemWidth - itemWidth * sideItemScale) / 2
        minimumLineSpacing = spacing - scaledItemOffset
    }

    /// Lines 499–508 (the orientation read from the bounds, as the engine's `Viewport.isLandscape`).
    @usableFromInline
    func calcItemSize(bounds: LayoutRect) -> LayoutSize {
        switch itemSizeStrategy {
        case let .fixed(size):
            return size
        case let .widthFraction(portrait, landscape, heightRatio):
            let width = bounds.width * (bounds.width > bounds.height ? landscape : portrait)
            return LayoutSize(width: width, height: width * heightRatio)
        }
    }
}
