/// `uikit.peer.upcarousel`: ink-spot/UPCarouselFlowLayout (finite, `N = n`, start at 0), on the UIKit model.
///
/// Line numbers are those of `UPCarouselFlowLayout/UPCarouselFlowLayout.swift` as stored in the fork
/// cardinalblue/UPCarouselFlowLayout (df0ded5), whose code before `targetContentOffset` is upstream's; upstream's
/// `targetContentOffset` has no `1000 * velocity` term, and the model follows upstream.
///
/// Per frame: `shouldInvalidateLayout(forBoundsChange:)` returns true (lines 76–78), so every scroll
/// invalidates (F7: data kept; the collection view drops its attributes), `prepare` (lines 36–45) compares the
/// layout state and returns, and the collection view asks for the rect rounded out to whole screens (C1).
/// `layoutAttributesForElements(in:)` (lines 80–85) takes `super`'s cached objects (F1/F3), copies every one
/// (`NSArray(array:copyItems:)`: A1 per item, and an array), and maps the copies through
/// `transformLayoutAttributes` (lines 87–113: scale, alpha, zIndex, side shift; another array). The caches are
/// never mutated, so F5 never fires. The cells copy the changed attributes (C3).
///
/// Per release: `targetContentOffset` (lines 115–135) asks its own `layoutAttributesForElements(in:)` for the
/// current bounds (the copies again), sorts them by distance to the proposed centre and floors the first's
/// centring offset. A bounds-size change re-runs `updateLayout` (lines 54–74) in `prepare`; the item size is the
/// app's, which the model sets as the core does.
public struct UIKitUPCarouselPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame: an F1 query every frame (F7) and a copy of every returned attributes object (A1)"
    public static let allocationEvidence = "every frame: F3 arrays and a copy of every returned object (A1), the cells' copies (C3)"
    public typealias Core = UPCarouselPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .transformedFrameVisibility]
    public var scene: UPCarouselScene

    public init(scene: UPCarouselScene) { self.scene = scene }
}

/// The state of `uikit.peer.upcarousel`.
public final class UPCarouselScene: UIKitScene {
    @usableFromInline let layout: UPCarouselFlowLayout
    @usableFromInline let dataSource: UniformDataSource

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = UPCarouselFlowLayout(ledger: ledger, switches: switches)
        layout.sideItemScale = geometry.minScale
        layout.sideItemAlpha = UPCarouselTransform(geometry: geometry).sideAlpha
        layout.spacing = geometry.spacing
        layout.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
    }

    /// The demo's catalogue is fixed: the app's update is assumed, `reloadData()` then `scrollToItem` to the item kept.
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    public override func catalogCountDidChange() { dataSource.itemsPerSection = catalogCount }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let rect = LayoutRect(origin: LayoutPoint(x: currentOffset, y: 0), size: collectionView.frameSize)
        var items: [Int] = []
        if let size = layout.uniformSize { layout.appendArithmeticRange(in: rect, size: size, into: &items) }
        let target = layout.closestTarget(centers: items.map { layout.frameOfItem($0).midX }, proposedOffset: proposedOffset)
        return collectionView.restingOffset(forTarget: target)
    }

    public override func handleRotation(toWidth width: Double) {
        let centered = clampedItemIndex((collectionView.contentOffset.x / geometry.pitch).rounded(), itemCount: catalogCount)
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        layout.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        collectionView.layoutIfNeeded()
        collectionView.setContentOffset(LayoutPoint(x: Rotation.restoredOffset(centeredItem: centered, in: geometry), y: 0))
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let nearest = nearestVisibleCell()?.globalIndex
        output.centerItem = nearest
        output.logicalIndex = nearest
    }
}

/// `UPCarouselFlowLayout` (lines 18–137).
public final class UPCarouselFlowLayout: FlowLayout {
    /// `LayoutState` (lines 20–26).
    @usableFromInline struct LayoutState: Equatable {
        var size: LayoutSize
    }

    @exclusivity(unchecked) public var sideItemScale = 0.6
    @exclusivity(unchecked) public var sideItemAlpha = 0.6
    @exclusivity(unchecked) public var sideItemShift = 0.0
    /// `spacingMode = .fixed(spacing:)`.
    @exclusivity(unchecked) public var spacing = 40.0
    @exclusivity(unchecked) @usableFromInline var state = LayoutState(size: .zero)

    /// Lines 36–45: `updateLayout` when the bounds size changed.
    public override func prepare() {
        super.prepare()
        let currentState = LayoutState(size: collectionView.bounds.size)
        if state != currentState {
            updateLayout()
            state = currentState
        }
    }

    /// Lines 54–74 (`.fixed(spacing:)`).
    @usableFromInline
    func updateLayout() {
        let collectionSize = collectionView.bounds.size
        let yInset = (collectionSize.height - itemSize.height) / 2
        let xInset = (collectionSize.width - itemSize.width) / 2
        sectionInset = EdgeInsets(top: yInset, left: xInset, bottom: yInset, right: xInset)
        let side = itemSize.width
        let scaledItemOffset = (side - side * sideItemScale) / 2
        minimumLineSpacing = spacing - scaledItemOffset
    }

    /// Lines 76–78.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { true }

    /// Lines 80–85: a copy of every attributes object `super` returns, each transformed.
    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        guard let superAttributes = super.layoutAttributesForElements(in: rect) else { return nil }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(superAttributes.count)
        for element in superAttributes {
            ledger.attributesCopied += 1
            attributes.append(element.copy())
        }
        return attributes.map { transformLayoutAttributes($0) }
    }

    /// Lines 87–113.
    @usableFromInline
    func transformLayoutAttributes(_ attributes: LayoutAttributes) -> LayoutAttributes {
        guard let collectionView else { return attributes }
        let collectionCenter = collectionView.frameSize.width / 2
        let offset = collectionView.contentOffset.x
        let normalizedCenter = attributes.center.x - offset
        let maxDistance = itemSize.width + minimumLineSpacing
        let distance = min(abs(collectionCenter - normalizedCenter), maxDistance)
        let ratio = (maxDistance - distance) / maxDistance
        let alpha = ratio * (1 - sideItemAlpha) + sideItemAlpha
        let scale = ratio * (1 - sideItemScale) + sideItemScale
        let shift = (1 - ratio) * sideItemShift
        attributes.alpha = alpha
        attributes.transform3D = Transform3D(scaleX: scale, y: scale, z: 1)
        attributes.zIndex = Int(alpha * 10)
        attributes.center.y = attributes.center.y + shift
        return attributes
    }

    /// Lines 115–135 (upstream: the proposed centre without a velocity term).
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                             withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        guard let collectionView, let layoutAttributes = layoutAttributesForElements(in: collectionView.bounds) else {
            return super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
        }
        let midSide = collectionView.bounds.size.width / 2
        let proposedContentOffsetCenterOrigin = proposedContentOffset.x + midSide
        let closest = layoutAttributes.sorted {
            abs($0.center.x - proposedContentOffsetCenterOrigin) < abs($1.center.x - proposedContentOffsetCenterOrigin)
        }.first
        let centers = closest.map { [$0.center.x] } ?? []
        return LayoutPoint(x: closestTarget(centers: centers, proposedOffset: proposedContentOffset.x), y: proposedContentOffset.y)
    }

    /// The peer's choice: `floor(c - W/2)` of the centre nearest the proposed centre (`?? UICollectionViewLayoutAttributes()`:
    /// a centre of 0 when none is visible).
    @usableFromInline
    func closestTarget(centers: [Double], proposedOffset: Double) -> Double {
        let midSide = collectionView.bounds.size.width / 2
        let proposedCenter = proposedOffset + midSide
        let closest = centers.min { abs($0 - proposedCenter) < abs($1 - proposedCenter) } ?? 0
        return (closest - midSide).rounded(.down)
    }
}
