/// `uikit.best`: the project's recommendation as a real layout on the UIKit model: `pipeline.best`'s arithmetic
/// range, `transform.scaleAlpha`, modular logical index and projected nearest snap, paying what UIKit makes any
/// such layout pay, and nothing more.
///
/// A custom `CollectionViewLayout` (`UICollectionViewLayout` subclass) written so it ports to iOS by swapping
/// the model's types for UIKit's: no cached frames, no per-item state beyond one attributes object per item the
/// collection view currently holds, no copies, no sorts.
///
/// - The data source reports `R` copies of the catalog, enough that a flick's target always lies inside the
///   content (`UIScrollView` would clamp it otherwise): at least `2^19` points each side of the home copy. The
///   scroll delegate recentres by whole catalog widths when the offset strays `2^18` points from home: rare, and
///   invisible (named difference "offset by whole catalog widths": the core reduces its offset at every catalog
///   width instead).
/// - Per scroll: `shouldInvalidateLayout(forBoundsChange:)` is true and the context names only the items the new
///   bounds show (`invalidateItems(at:)`): the collection view fetches just those again with
///   `layoutAttributesForItem(at:)` (switch `itemInvalidation`), keeps its validated rect (C1), and asks for a rect
///   only about once per screen-width. Both answers hand out the layout's own objects, updated in place (the
///   collection view keeps them uncopied: C3), one per item, allocated when an item first enters; the rect
///   answer is a reused buffer.
/// - What UIKit itself allocates per scroll frame remains: the invalidation context and its item list (UIKit's
///   contract is a new context per `invalidationContext(forBoundsChange:)`), and a copy per visible cell whose
///   attributes changed (C3's `_setLayoutAttributes:force:`), which every transform that moves with the scroll
///   causes.
public struct UIKitBestPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame: the newly visible items re-fetched through an item invalidation context, no cached frames, the cells' copies (C3)"
    public static let allocationEvidence = "every frame: the invalidation context and its item list (F7), the cells' copies of changed attributes (C3)"
    public static let kind = UIKitPipelineKind.best
    public var scene: BestScene

    public init(scene: BestScene) { self.scene = scene }
}

/// The state of `uikit.best`.
public final class BestScene: UIKitScene {
    @usableFromInline let layout: CarouselBestLayout
    @usableFromInline let recentring: BestRecentringDelegate
    @usableFromInline let dataSource: UniformDataSource
    @exclusivity(unchecked) @usableFromInline var lastCenter = 0

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = CarouselBestLayout(geometry: geometry, catalogCount: catalogCount, ledger: ledger, switches: switches)
        recentring = BestRecentringDelegate(layout: layout)
        dataSource = UniformDataSource(itemsPerSection: layout.itemCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: recentring)
        collectionView.setContentOffset(LayoutPoint(x: layout.homeOffset, y: 0))
        collectionView.layoutIfNeeded()
    }

    public override var itemCount: Int { layout.itemCount }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        layout.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public override func handleRotation(toWidth width: Double) {
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        let items = layout.itemCount
        layout.setGeometry(geometry)
        if layout.itemCount != items {
            dataSource.itemsPerSection = layout.itemCount
            collectionView.reloadData()
        } else {
            layout.invalidateLayout()
        }
        collectionView.setContentOffset(LayoutPoint(x: layout.homeOffset + geometry.centeringOffset(item: lastCenter), y: 0))
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        let catalogCount = self.catalogCount
        appendVisibleCells(into: &output) { catalogIndex($0.globalIndex, catalogCount: catalogCount) }
        let center = catalogIndex(Int((collectionView.contentOffset.x / geometry.pitch).rounded()), catalogCount: catalogCount)
        output.centerChanged = center != lastCenter
        lastCenter = center
        output.centerItem = center
        output.logicalIndex = center
    }

    public override var memoryExtraAttributes: [LayoutAttributes] { layout.pool.compactMap { $0 } }
}

/// The recommended layout (see `UIKitBestPipeline`).
public final class CarouselBestLayout: CollectionViewLayout {
    /// Distance from home after which the scroll delegate recentres (`2^18` points).
    public static let recentreDistance = 262_144.0
    /// Content each side of home (`2^19` points): room for any flick's target beyond the recentre distance.
    public static let contentHalfWidth = 524_288.0

    public let catalogCount: Int
    @exclusivity(unchecked) public private(set) var geometry: CarouselGeometry
    /// `R`, the catalog copies the data source reports, and `M = R*n`.
    @exclusivity(unchecked) public private(set) var copies = 3
    public var itemCount: Int { copies * catalogCount }
    /// One object per item the collection view may hold, in a ring indexed by the item's low bits.
    @exclusivity(unchecked) @usableFromInline var pool: [LayoutAttributes?] = []
    @exclusivity(unchecked) @usableFromInline var poolMask = 0
    @exclusivity(unchecked) @usableFromInline var answer: [LayoutAttributes] = []
    @exclusivity(unchecked) @usableFromInline var transform: ScaleAlphaTransform
    /// The core's snap, for the current geometry.
    @exclusivity(unchecked) @usableFromInline var snapRule: BestPipeline

    init(geometry: CarouselGeometry, catalogCount: Int, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.catalogCount = catalogCount
        self.geometry = geometry
        transform = ScaleAlphaTransform(geometry: geometry)
        snapRule = BestPipeline(catalogCount: catalogCount, geometry: geometry)
        super.init(ledger: ledger, switches: switches)
        setGeometry(geometry)
    }

    /// The offset that centres item 0 of the home copy (`floor(R/2)` catalog widths).
    public var homeOffset: Double { Double(copies / 2 * catalogCount) * geometry.pitch }

    /// New metrics (a rotation): the copies, the pool's size (enough items for six screens: C1's validated
    /// rect spans at most five).
    public func setGeometry(_ geometry: CarouselGeometry) {
        self.geometry = geometry
        transform = ScaleAlphaTransform(geometry: geometry)
        snapRule = BestPipeline(catalogCount: catalogCount, geometry: geometry)
        let catalogWidth = Double(catalogCount) * geometry.pitch
        copies = max(3, 2 * Int((Self.contentHalfWidth / catalogWidth).rounded(.up)) + 1)
        var size = 1
        while size < Int((6 * geometry.viewportWidth / geometry.pitch).rounded(.up)) + 4 { size *= 2 }
        if size > pool.count {
            pool = Array(repeating: nil, count: size)
            poolMask = size - 1
        }
        answer.reserveCapacity(size)
    }

    public override var collectionViewContentSize: LayoutSize {
        LayoutSize(width: geometry.contentWidth(itemCount: itemCount), height: geometry.viewportHeight)
    }

    /// The items whose frames intersect `rect`: `ceil((minX - I - w)/p) ... floor((maxX - I)/p)`, clamped.
    @inlinable
    func itemRange(in rect: LayoutRect) -> ClosedRange<Int>? {
        ArithmeticQuery(geometry: geometry, itemCount: itemCount).visibleRange(in: Span(minX: rect.minX, maxX: rect.maxX))
    }

    /// Item `item`'s object, placed and transformed for the current offset.
    @inlinable
    func attributes(item: Int) -> LayoutAttributes {
        let slot = item & poolMask
        let attributes: LayoutAttributes
        if let pooled = pool[slot], pooled.indexPath.item == item {
            attributes = pooled
        } else {
            ledger.attributesCreated += 1
            attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.size = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
            pool[slot] = attributes
        }
        let itemCenter = geometry.itemCenter(item)
        attributes.center = LayoutPoint(x: itemCenter, y: geometry.viewportHeight / 2)
        let focus = transform.transform(itemCenter: itemCenter, viewportCenter: geometry.viewportCenter(offset: collectionView.contentOffset.x))
        attributes.transform3D = Transform3D(scaleX: focus.scale, y: focus.scale, z: 1)
        attributes.alpha = focus.alpha
        return attributes
    }

    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        answer.removeAll(keepingCapacity: true)
        guard let range = itemRange(in: rect) else { return answer }
        for item in range { answer.append(attributes(item: item)) }
        return answer
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < itemCount else { return nil }
        return attributes(item: indexPath.item)
    }

    /// Every scroll: the transforms move with it.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { true }

    /// A context naming the items the new bounds show (a size change invalidates everything).
    public override func invalidationContext(forBoundsChange newBounds: LayoutRect) -> InvalidationContext {
        ledger.contexts += 1
        let sizeChanged = newBounds.size != collectionView.bounds.size
        let context = InvalidationContext(everything: sizeChanged)
        context.invalidateFlowLayoutDelegateMetrics = sizeChanged
        context.invalidateFlowLayoutAttributes = sizeChanged
        if !sizeChanged, let range = itemRange(in: newBounds) {
            if switches.indexPath == .tagged {
                context.invalidateItems(inSection: 0, items: range)
            } else {
                for item in range { context.invalidateItems(at: CollectionOfOne(makeIndexPath(item: item, section: 0).0)) }
            }
        }
        return context
    }

    /// `pipeline.best`'s snap (`BestPipeline.snapTarget`): the item nearest UIKit's projected offset, at least
    /// one item on in the direction of a flick faster than `BestPipeline.flickThreshold`.
    @usableFromInline
    func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        snapRule.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                             withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        LayoutPoint(x: snapTarget(currentOffset: collectionView.contentOffset.x, proposedOffset: proposedContentOffset.x,
                                  velocity: velocity.x * Velocity.pointsPerSecondPerPointPerMillisecond),
                    y: proposedContentOffset.y)
    }
}

/// `uikit.best`'s scroll delegate: a recentre by whole catalog widths when the offset strays too far from home.
public final class BestRecentringDelegate: CollectionViewDelegate {
    @usableFromInline unowned(unsafe) let layout: CarouselBestLayout

    init(layout: CarouselBestLayout) { self.layout = layout }

    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        let home = layout.homeOffset
        let offset = collectionView.contentOffset.x
        guard abs(offset - home) > CarouselBestLayout.recentreDistance else { return }
        let catalogWidth = Double(layout.catalogCount) * layout.geometry.pitch
        collectionView.setContentOffset(LayoutPoint(x: home + ModularWrap.reduce(offset - home, catalogWidth: catalogWidth), y: 0))
    }
}
