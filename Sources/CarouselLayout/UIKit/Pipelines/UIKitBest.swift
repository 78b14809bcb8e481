/// `uikit.best`: the project's recommendation as a real layout and scroll delegate on the UIKit model:
/// `pipeline.best`'s arithmetic range, `transform.scaleAlpha` every frame, modular logical index and projected
/// nearest snap, paying what UIKit makes any such carousel pay, and nothing more.
///
/// Written so it ports to iOS by swapping the model's types for UIKit's (`CarouselBestLayout` is a
/// `UICollectionViewLayout` subclass, `BestFocusDelegate` the scroll and collection view delegate):
///
/// - The layout knows frames only: an item's attributes hold its untransformed frame, identity transform and
///   alpha 1, so they do not change as the content scrolls. It does not invalidate on a scroll
///   (`shouldInvalidateLayout(forBoundsChange:)` answers yes only for a size change), so the collection view asks
///   it only when the visible bounds leave the validated rect (C1: about once per screen-width, for one or two
///   screens), and the cells' attributes stay equal to their copies: no copy per frame (C3':
///   `-[UICollectionReusableView _setLayoutAttributes:force:]` copies only when they differ). Its rect answer is
///   arithmetic (`ceil((minX - I - w)/p) ... floor((maxX - I)/p)`) over one object per item, from a small ring
///   reused while the collection view may still show the item; a reused answer buffer.
/// - The focus transform is the scroll delegate's: in `scrollViewDidScroll` it sets every displayed cell's
///   `contentView.transform` and `contentView.alpha` from the cell's `center` and the bounds' centre (each only
///   when its value changes: an item past the focus distance keeps the side values), and it does the same for a
///   cell as it appears (`collectionView(_:willDisplay:forItemAt:)`, sent after UIKit applied the cell's
///   attributes) and once more when a rotation's layout pass has given the cells their new centres. The content
///   view, not the cell: UIKit re-applies attributes to a cell whose own `alpha` differs from theirs
///   (`_setLayoutAttributes:force:` compares the view's `alpha`: C3'), which would copy them and reset the effect
///   at every application; it never touches the content view.
/// - The delegate keeps its own list of displayed cells from `willDisplay` and `didEndDisplaying` (C11): asking
///   `visibleCells` (or `indexPathsForVisibleItems`) every frame would build a new array every frame (C12:
///   `-[_UICollectionViewSubviewCollection cells]`, `indexPathsForCells`).
/// - The data source reports `R` copies of the catalog, enough that a flick's target always lies inside the
///   content (`UIScrollView` would clamp it otherwise): at least `2^19` points each side of the home copy. The
///   scroll delegate recentres by whole catalog widths when the offset strays `2^18` points from home: rare, and
///   invisible (named difference "offset by whole catalog widths": the core reduces its offset at every catalog
///   width instead).
///
/// What it still pays, because UIKit's own code does: per cell that comes on screen, the copy of its attributes the
/// cell keeps (C3'); per new item the collection view validates, a node of its global-index map (C6) and (when the
/// item's ring slot held another item) a new attributes object; per five screens scrolled one way, a new R-tree (C1).
/// A frame that shows no new item allocates nothing in the model (real UIKit adds its `-_updateVisibleCellsNow:`
/// bookkeeping on every pass, for every pipeline alike: Docs/UIKIT-MODEL.md, "What `uikit.best` cannot avoid").
public struct UIKitBestPipeline: UIKitPipeline {
    /// The core's, and the precision of its scroll position: home is item 0 of the middle copy, `n·p` points in
    /// (`2^19` at least), where the core rests within `[0, n·p)` from 0; the rounding of a position that far in
    /// moves a transform by more than the agreement's `1e-9` (UIKitAgreement `transformTolerance`) from its core's.
    public static let catalogLimit: CatalogLimit? = Core.catalogLimit?.tightened(
        to: 200_000, "home is n·p points in: past n = 200 000 (5.9e7 points) the scroll position's rounding moves "
            + "a transform more than the 1e-9 its core's is checked to (measured: it disagrees at n = 300 000, frame 338)")
    public static let complexity: Complexity = "O(k) per frame: no layout work on a scroll (C1 asks the layout about once per screen-width), the scroll delegate sets each displayed cell's content-view transform and alpha; no allocation but a copy per cell that comes on screen (C3')"
    public static let allocationEvidence = "what floor/uikit allocates: no invalidation, no query between screens (C1); a copy of the attributes of each cell that comes on screen (C3'); PF1's prefetching while moving"
    public static let lifecycleComplexity = UIKitLifecycleComplexity(
        prepare: "O(k): the layout has no per-item data to prepare; the first pass asks for one or two screens (C1) and displays and focuses their cells",
        rotate: "O(k): the size change invalidates everything (C4), the layout re-places its ring of objects, one or two screens are asked, the cells re-applied and re-focused",
        reload: "O(k): the counts read again, one or two screens asked, the cells displayed and focused afresh",
        release: "O(k): the core's O(1) snap, then the layout pass of the visible items")
    public typealias Core = BestPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .offsetByWholeCatalogWidths]
    public var scene: BestScene

    public init(scene: BestScene) { self.scene = scene }
}

/// The state of `uikit.best`.
public final class BestScene: UIKitScene {
    @usableFromInline let layout: CarouselBestLayout
    @usableFromInline let focus: BestFocusDelegate
    @usableFromInline let dataSource: UniformDataSource
    @exclusivity(unchecked) @usableFromInline var lastCenter = 0

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = CarouselBestLayout(geometry: geometry, catalogCount: catalogCount, ledger: ledger, switches: switches)
        focus = BestFocusDelegate(layout: layout)
        dataSource = UniformDataSource(itemsPerSection: layout.itemCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: focus)
        collectionView.setContentOffset(LayoutPoint(x: layout.homeOffset, y: 0))
        collectionView.layoutIfNeeded()
    }

    public override var itemCount: Int { layout.itemCount }

    /// Its own path, as at a rotation: the new `n` to the layout (its copies and snap follow), the data source's
    /// count, `reloadData()`, then the home copy's offset for the item kept, set by code (no data asked).
    public override var catalogUpdatePath: String? { "its own: reloadData, then the home copy's offset for the item kept" }

    public override func catalogCountDidChange() {
        layout.catalogCount = catalogCount
        layout.setGeometry(geometry)
        dataSource.itemsPerSection = layout.itemCount
    }

    public override func recentre(onItem item: Int, nearGlobalIndex global: Int) {
        collectionView.setContentOffset(LayoutPoint(x: layout.homeOffset + geometry.centeringOffset(item: item), y: 0))
    }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        layout.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    /// The size change has already invalidated the layout (its `shouldInvalidateLayout(forBoundsChange:)`); the
    /// new metrics, a reload when the copies change, and the centred item restored by code.
    public override func handleRotation(toWidth width: Double) {
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        let items = layout.itemCount
        layout.setGeometry(geometry)
        if layout.itemCount != items {
            dataSource.itemsPerSection = layout.itemCount
            collectionView.reloadData()
        }
        collectionView.setContentOffset(LayoutPoint(x: layout.homeOffset + geometry.centeringOffset(item: lastCenter), y: 0))
    }

    /// The transition's completion (`viewWillTransition(to:with:)`): the rotation's layout pass gave the cells
    /// their new centres, so their focus is set again.
    public override func rotationDidFinish() {
        focus.applyFocus(in: collectionView)
    }

    /// The cells on screen are consecutive items, ascending: one modulo for the first gives every catalog index.
    public override func fillOutput(_ output: inout FrameOutput) {
        let catalogCount = self.catalogCount
        let collectionView = self.collectionView!
        let centerGlobal = Int((collectionView.contentOffset.x / geometry.pitch).rounded())
        var relativeCenter: Int?
        collectionView.displayedCells.withUnsafeBufferPointer { cells in
            guard !cells.isEmpty else { return }
            let firstGlobal = cells[0].globalIndex
            var item = catalogIndex(firstGlobal, catalogCount: catalogCount)
            relativeCenter = item + (centerGlobal - firstGlobal)
            for index in cells.indices {
                if let entry = Self.shown(cells[index], item: item) { output.visible.append(entry) }
                item += 1
                if item == catalogCount { item = 0 }
            }
        }
        let center = relativeCenter.map { $0 >= 0 && $0 < catalogCount ? $0 : catalogIndex($0, catalogCount: catalogCount) }
            ?? catalogIndex(centerGlobal, catalogCount: catalogCount)
        output.centerChanged = center != lastCenter
        lastCenter = center
        output.centerItem = center
        output.logicalIndex = center
    }

    public override var memoryExtraAttributes: [LayoutAttributes] { layout.pool.compactMap { $0 } }

    /// What the screen shows of `cell`: catalog item `item` with its presented scale, alpha and translation.
    @inline(__always)
    static func shown(_ cell: Cell, item: Int) -> VisibleItem? {
        guard cell.layoutAttributes != nil else { return nil }
        return VisibleItem(item: item, scale: cell.presentedScale, alpha: cell.presentedAlpha,
                           translationX: cell.presentedTranslationX)
    }
}

/// The recommended layout (see `UIKitBestPipeline`): frames only, asked per C1.
public final class CarouselBestLayout: CollectionViewLayout {
    /// Distance from home after which the scroll delegate recentres (`2^18` points).
    public static let recentreDistance = 262_144.0
    /// Content each side of home (`2^19` points): room for any flick's target beyond the recentre distance.
    public static let contentHalfWidth = 524_288.0

    @exclusivity(unchecked) public internal(set) var catalogCount: Int
    @exclusivity(unchecked) public private(set) var geometry: CarouselGeometry
    /// `R`, the catalog copies the data source reports, and `M = R*n`.
    @exclusivity(unchecked) public private(set) var copies = 3
    public var itemCount: Int { copies * catalogCount }
    /// The focus the scroll delegate applies (`transform.scaleAlpha` for the current metrics).
    @exclusivity(unchecked) public private(set) var focusTransform: ScaleAlphaTransform
    /// One object per item, in a ring indexed by the item's low bits: an item keeps its object while it is
    /// within six screens (C1's validated rect spans at most five), and an object is never changed while the
    /// collection view may hold it for its item (only after a size change, which drops everything it holds).
    @exclusivity(unchecked) @usableFromInline var pool: [LayoutAttributes?] = []
    @exclusivity(unchecked) @usableFromInline var poolMask = 0
    @exclusivity(unchecked) @usableFromInline var answer: [LayoutAttributes] = []
    /// The core's snap, for the current geometry.
    @exclusivity(unchecked) @usableFromInline var snapRule: BestPipeline

    init(geometry: CarouselGeometry, catalogCount: Int, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.catalogCount = catalogCount
        self.geometry = geometry
        focusTransform = ScaleAlphaTransform(geometry: geometry)
        snapRule = BestPipeline(catalogCount: catalogCount, geometry: geometry)
        super.init(ledger: ledger, switches: switches)
        setGeometry(geometry)
    }

    /// The offset that centres item 0 of the home copy (`floor(R/2)` catalog widths).
    public var homeOffset: Double { Double(copies / 2 * catalogCount) * geometry.pitch }

    /// New metrics (the first, or a rotation's, after its size change invalidated everything): the copies, the
    /// ring's size (six screens of items), and the ring's objects placed for the new metrics.
    public func setGeometry(_ geometry: CarouselGeometry) {
        self.geometry = geometry
        focusTransform = ScaleAlphaTransform(geometry: geometry)
        snapRule = BestPipeline(catalogCount: catalogCount, geometry: geometry)
        let catalogWidth = Double(catalogCount) * geometry.pitch
        copies = max(3, 2 * Int((Self.contentHalfWidth / catalogWidth).rounded(.up)) + 1)
        var size = 1
        while size < Int((6 * geometry.viewportWidth / geometry.pitch).rounded(.up)) + 4 { size *= 2 }
        let kept = pool
        pool = Array(repeating: nil, count: max(size, pool.count))
        poolMask = pool.count - 1
        for case let attributes? in kept where attributes.indexPath.item < itemCount {
            place(attributes, item: attributes.indexPath.item)
            pool[attributes.indexPath.item & poolMask] = attributes
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

    /// Item `item`'s frame: size `w x h`, centred at `(I + i*p + w/2, H/2)`.
    @usableFromInline
    func place(_ attributes: LayoutAttributes, item: Int) {
        attributes.frame = LayoutRect(x: geometry.itemMinX(item), y: (geometry.viewportHeight - geometry.itemHeight) / 2,
                                      width: geometry.itemWidth, height: geometry.itemHeight)
    }

    /// Item `item`'s object: the ring's, or a new one (with its `NSIndexPath` under `indexPath=heap`).
    @inlinable
    func attributes(item: Int) -> LayoutAttributes {
        let slot = item & poolMask
        if let pooled = pool[slot], pooled.indexPath.item == item { return pooled }
        ledger.attributesCreated += 1
        let (indexPath, object) = makeIndexPath(item: item, section: 0)
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.indexPathObject = object
        place(attributes, item: item)
        pool[slot] = attributes
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

    /// A scroll changes nothing the layout answers (`UICollectionViewLayout`'s own answer, NO); a size other
    /// than the one its metrics were made for changes every frame (the item width follows the viewport's).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        newBounds.width != geometry.viewportWidth || newBounds.height != geometry.viewportHeight
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

/// `uikit.best`'s scroll and collection view delegate: the focus transform on the displayed cells' content
/// views every scroll, and on each cell as it appears; a recentre by whole catalog widths when the offset strays
/// too far from home.
public final class BestFocusDelegate: CollectionViewDelegate {
    @usableFromInline unowned(unsafe) let layout: CarouselBestLayout
    /// The cells on screen, as `willDisplay` and `didEndDisplaying` announced them (no array built per frame).
    @exclusivity(unchecked) public private(set) var displayedCells: [Cell] = []

    init(layout: CarouselBestLayout) {
        self.layout = layout
        displayedCells.reserveCapacity(16)
    }

    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        let home = layout.homeOffset
        let offset = collectionView.contentOffset.x
        if abs(offset - home) > CarouselBestLayout.recentreDistance {
            let catalogWidth = Double(layout.catalogCount) * layout.geometry.pitch
            // Scrolls again: the nested call focuses the cells for the new offset.
            collectionView.setContentOffset(LayoutPoint(x: home + ModularWrap.reduce(offset - home, catalogWidth: catalogWidth), y: 0))
            return
        }
        applyFocus(in: collectionView)
    }

    public override func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {
        displayedCells.append(cell)
        focus(cell, viewportCenter: collectionView.bounds.midX)
    }

    public override func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath) {
        guard let index = displayedCells.lastIndex(where: { $0 === cell }) else { return }
        displayedCells.swapAt(index, displayedCells.count - 1)
        displayedCells.removeLast()
    }

    /// Every displayed cell's focus for the current bounds (read through the buffer: no retain per cell).
    @inlinable
    public func applyFocus(in collectionView: CollectionView) {
        let viewportCenter = collectionView.bounds.midX
        let transform = layout.focusTransform
        displayedCells.withUnsafeBufferPointer { cells in
            for index in cells.indices { Self.focus(cells[index], transform: transform, viewportCenter: viewportCenter) }
        }
    }

    /// `transform.scaleAlpha` from the cell's centre, on its content view.
    @inlinable
    func focus(_ cell: Cell, viewportCenter: Double) {
        Self.focus(cell, transform: layout.focusTransform, viewportCenter: viewportCenter)
    }

    /// Sets only what changes: an item beyond the focus distance keeps the side scale and alpha frame after frame.
    @inlinable
    static func focus(_ cell: Cell, transform: ScaleAlphaTransform, viewportCenter: Double) {
        let focus = transform.transform(itemCenter: cell.center.x, viewportCenter: viewportCenter)
        let contentView = cell.contentView
        if contentView.transform3D.m11 != focus.scale || contentView.transform3D.m22 != focus.scale {
            contentView.transform = AffineTransform2D(scaleX: focus.scale, y: focus.scale)
        }
        if contentView.alpha != focus.alpha { contentView.alpha = focus.alpha }
    }
}
