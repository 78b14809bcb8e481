/// `uikit.peer.infinitelayout`: arnauddorgans/InfiniteLayout (the catalog repeated `k` times into one content
/// page, 500 pages reported, start on page 250), on the UIKit model.
///
/// Line numbers: `InfiniteLayout/Classes/InfiniteLayout.swift` (commit c3688a9) and
/// `Sources/InfiniteLayout/InfiniteCollectionView.swift` (commit 0037147).
///
/// Per frame: `shouldInvalidateLayout(forBoundsChange:)` returns true (InfiniteLayout.swift lines 33–35), so
/// every scroll invalidates and the collection view asks for the rect rounded out to whole screens (C1).
/// `scrollViewDidScroll` and `layoutSubviews` both call `updateLayoutIfNeeded` (InfiniteCollectionView.swift
/// lines 113–116, 167–177), so it runs twice per frame: the recentre check (`loopCollectionViewIfNeeded`,
/// InfiniteLayout.swift lines 165–174: below page 2 or above 498, a jump to page 250 and a synchronous
/// `layoutIfNeeded`, lines 154–160), then `preferredVisibleLayoutAttributes()`: its own
/// `layoutAttributesForElements(in:)` for the bounds and a sort by distance (lines 204–240). Each of those
/// three queries per frame (two from the app, one from the collection view) maps the rect into one or two
/// content pages (lines 83–103) and, per page, takes `super`'s cached objects (F1/F3) and copies each one to
/// move its frame to the page (lines 136–151: A1 per item, three arrays per page). The cached objects are never
/// mutated (no F5). The centred index path is the first of the sorted copies.
///
/// Per release: item paging to the item nearest the proposed offset, as the core (the peer's
/// `centerCollectionView(withVelocity:targetContentOffset:)` differs: a core-level simplification, not a UIKit
/// one). The data source's repetition `k = 4*ceil(W/w)` and the section insets that tile pages at the pitch are
/// the core's. `hasValidLayout` needs content of at least four landscape screens (lines 51–66), so a catalog
/// whose page is shorter (the default geometry with `n = 1`) is not infinite here: it starts at 0 on its one page
/// (`finiteBelowMinimumContent`).
///
/// Excluded app-level work: the `InfiniteCollectionViewDelegate` callback on a centre change, the proxies.
public struct UIKitInfiniteLayoutPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame: three queries, each copying every visible object of one or two content pages (A1)"
    public static let allocationEvidence = "every frame: three queries, each copying every object per page (A1) into three arrays"
    public typealias Core = InfiniteLayoutPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .pageSeamItemNotReturned, .pageSeamRounding,
                                                                     .finiteBelowMinimumContent]
    public var scene: InfiniteLayoutScene

    public init(scene: InfiniteLayoutScene) { self.scene = scene }
}

/// The state of `uikit.peer.infinitelayout`.
public final class InfiniteLayoutScene: UIKitScene {
    @usableFromInline let layout: InfiniteLayout
    @usableFromInline let infiniteView: InfiniteCollectionViewBehaviour
    @usableFromInline let dataSource: UniformDataSource
    @exclusivity(unchecked) @usableFromInline var wrap: InfiniteLayoutWrap

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        wrap = InfiniteLayoutWrap(geometry: geometry, catalogCount: catalogCount)
        layout = InfiniteLayout(ledger: ledger, switches: switches)
        infiniteView = InfiniteCollectionViewBehaviour(layout: layout)
        dataSource = UniformDataSource(itemsPerSection: wrap.copies * catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        configureLayout()
        // No offset is set here: the first layout pass's `updateLayoutIfNeeded` (InfiniteCollectionView.swift lines
        // 113–116, 167–177) runs `loopCollectionViewIfNeeded` (InfiniteLayout.swift lines 165–174), which moves the
        // offset 0 (page 0, below 2) to page 250. It returns at once without `hasValidLayout` (line 166): a page
        // shorter than `minimumContentSize` (lines 51–66; n = 1 on the default portrait geometry) starts, and stays,
        // at 0 on the one page the content then has.
        installCollectionView(layout: layout, dataSource: dataSource, delegate: infiniteView)
    }

    /// The suite's item and spacing; insets `I` and `L - I`, so one page is exactly `k*n*p` wide (the core's `P`).
    @usableFromInline
    func configureLayout() {
        layout.configure(for: geometry)
        layout.sectionInset.right = geometry.lineSpacing - geometry.inset
    }

    public override var itemCount: Int { wrap.itemCount }

    /// The app's update is assumed: `reloadData()` then `scrollToItem` to the item kept (the demo's catalogue is fixed).
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    public override func catalogCountDidChange() {
        wrap = InfiniteLayoutWrap(geometry: geometry, catalogCount: catalogCount)
        dataSource.itemsPerSection = wrap.copies * catalogCount
    }

    /// `finiteBelowMinimumContent` while the layout has no valid (infinite) layout (InfiniteLayout.swift lines 55–66).
    public override var differenceInEffect: UIKitNamedDifference? { layout.hasValidLayout ? nil : .finiteBelowMinimumContent }

    /// Item paging (the core's model): the item nearest the proposed offset.
    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = ThresholdSnap(geometry: geometry, itemCount: itemCount, threshold: .infinity)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        return collectionView.restingOffset(forTarget: target)
    }

    public override func release(velocity: Double, proposedOffset: Double) -> Double {
        let target = snapTarget(currentOffset: collectionView.contentOffset.x, proposedOffset: proposedOffset, velocity: velocity)
        return collectionView.endDragging(velocity: velocity, proposedOffset: target)
    }

    public override func handleRotation(toWidth width: Double) {
        let centered = clampedItemIndex((collectionView.contentOffset.x / geometry.pitch).rounded(), itemCount: itemCount)
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        let copies = wrap.copies
        wrap = InfiniteLayoutWrap(geometry: geometry, catalogCount: catalogCount)
        configureLayout()
        if wrap.copies != copies {
            dataSource.itemsPerSection = wrap.copies * catalogCount
            collectionView.reloadData()
        } else {
            layout.invalidateLayout()
        }
        collectionView.layoutIfNeeded()
        // Without a valid layout at the new width (lines 55–66) the content is the one page (lines 68–74), whose items
        // are the data source's `k*n`: the centred item's copy on it, as `rect(from:)` maps every page onto it modulo
        // `P` (lines 122–134). With one, the offset may be on any page; the loop (lines 165–174) brings it back.
        let restored = layout.hasValidLayout ? centered : centered % (wrap.copies * catalogCount)
        collectionView.setContentOffset(LayoutPoint(x: Rotation.restoredOffset(centeredItem: restored, in: geometry), y: 0))
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        let pitch = geometry.pitch
        let inset = layout.sectionInset.left
        appendVisibleCells(into: &output) { cell in
            Int((((cell.layoutAttributes?.frame.minX ?? 0) - inset) / pitch).rounded())
        }
        // The cells are ordered by index path, which restarts on every page: left to right is by position.
        output.visible.sort { $0.item < $1.item }
        if let frame = infiniteView.centeredFrame {
            let center = Int(((frame.minX - inset) / pitch).rounded())
            output.centerItem = center
            output.logicalIndex = catalogIndex(center, catalogCount: catalogCount)
        }
    }
}

/// `InfiniteCollectionView`'s behaviour (its own delegate and `layoutSubviews`).
public final class InfiniteCollectionViewBehaviour: CollectionViewDelegate {
    @usableFromInline unowned(unsafe) let layout: InfiniteLayout
    /// `centeredIndexPath`, and the frame of the copy it came from (which page it is on).
    @exclusivity(unchecked) public private(set) var centeredIndexPath: IndexPath?
    @exclusivity(unchecked) public private(set) var centeredFrame: LayoutRect?

    init(layout: InfiniteLayout) { self.layout = layout }

    /// InfiniteCollectionView.swift lines 184–187.
    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        updateLayoutIfNeeded(collectionView)
    }

    /// InfiniteCollectionView.swift lines 113–116.
    public override func collectionViewDidLayoutSubviews(_ collectionView: CollectionView) {
        updateLayoutIfNeeded(collectionView)
    }

    /// InfiniteCollectionView.swift lines 167–177 (`centerCollectionViewIfNeeded` returns while dragging or
    /// decelerating, and once the content size was seen: lines 190–199).
    @usableFromInline
    func updateLayoutIfNeeded(_ collectionView: CollectionView) {
        layout.loopCollectionViewIfNeeded()
        let preferred = layout.preferredVisibleLayoutAttributes()
        if centeredIndexPath != preferred?.indexPath || centeredFrame != preferred?.frame {
            centeredIndexPath = preferred?.indexPath
            centeredFrame = preferred?.frame
        }
    }
}

/// `InfiniteLayout` (InfiniteLayout.swift, commit c3688a9).
public final class InfiniteLayout: FlowLayout {
    /// `multiplier` (line 14).
    public let multiplier = Double(InfiniteLayoutWrap.pageCount)
    @exclusivity(unchecked) @usableFromInline var pageContentSize = LayoutSize.zero
    @exclusivity(unchecked) @usableFromInline var hasValidLayout = false

    /// `minimumContentSize` (lines 51–53): four screen heights of the suite's device (844 pt).
    public static let minimumContentSize = 4 * ScrollScript.landscapeWidth

    /// Lines 33–35.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { true }

    /// Lines 55–66.
    public override func prepare() {
        let size = super.collectionViewContentSize
        pageContentSize = size
        hasValidLayout = collectionView.bounds.width > 0 && size.width >= Self.minimumContentSize
        super.prepare()
    }

    /// Lines 68–74.
    public override var collectionViewContentSize: LayoutSize {
        guard hasValidLayout else { return pageContentSize }
        return LayoutSize(width: pageContentSize.width * multiplier, height: pageContentSize.height)
    }

    /// Lines 76–81 (the fix for issue #2, "scrollToItem with animation will behave unexpectedly"): `super`'s
    /// attributes copied onto `currentPage`, the page of the content offset (lines 26–31: the viewport's left edge).
    /// UIKit's `scrollToItem` reads the item's frame from here (S4), so an app's index path is scrolled to on the page
    /// shown, whatever page its cell was on.
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
        return layoutAttributes(from: attributes, page: page(for: collectionView.contentOffset.x))
    }

    /// Lines 83–103.
    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        guard hasValidLayout else { return super.layoutAttributesForElements(in: rect) }
        let page = self.page(for: rect.origin.x)
        var elements: [LayoutAttributes] = []
        var rect = self.rect(from: rect)
        if rect.maxX > pageContentSize.width {
            let diffRect = LayoutRect(x: 0, y: rect.y, width: rect.maxX - pageContentSize.width, height: rect.height)
            elements.append(contentsOf: self.elements(in: diffRect, page: page + 1))
            rect.width -= diffRect.width
        }
        elements.append(contentsOf: self.elements(in: rect, page: page))
        return elements
    }

    /// Lines 105–111.
    @inlinable
    func page(for x: Double) -> Double { (x / pageContentSize.width).rounded(.down) }

    /// Lines 122–134.
    @usableFromInline
    func rect(from rect: LayoutRect, page: Double = 0) -> LayoutRect {
        var rect = rect
        if rect.x < 0 { rect.x += abs((pageContentSize.width / rect.x).rounded(.down)) * pageContentSize.width }
        rect.x = rect.x.truncatingRemainder(dividingBy: pageContentSize.width)
        rect.x += page * pageContentSize.width
        return rect
    }

    /// Lines 136–143: `super`'s objects copied onto `page` (three arrays: `map`, `filter`, `map`).
    @usableFromInline
    func elements(in rect: LayoutRect, page: Double) -> [LayoutAttributes] {
        let rect = self.rect(from: rect)
        return super.layoutAttributesForElements(in: rect)?
            .map { self.layoutAttributes(from: $0, page: page) }
            .filter { $0 != nil }
            .map { $0! } ?? []
    }

    /// Lines 145–151: a copy whose frame is moved to `page`.
    @usableFromInline
    func layoutAttributes(from layoutAttributes: LayoutAttributes, page: Double) -> LayoutAttributes? {
        ledger.attributesCopied += 1
        let attributes = layoutAttributes.copy()
        attributes.frame = rect(from: attributes.frame, page: page)
        return attributes
    }

    /// Lines 161–163.
    @usableFromInline
    func preferredContentOffset(forContentOffset contentOffset: LayoutPoint) -> LayoutPoint {
        rect(from: LayoutRect(origin: contentOffset, size: .zero), page: multiplier / 2).origin
    }

    /// Lines 165–174 with `updateContentOffset` (lines 154–160).
    public func loopCollectionViewIfNeeded() {
        guard let collectionView, hasValidLayout else { return }
        let page = self.page(for: collectionView.contentOffset.x)
        let offset = preferredContentOffset(forContentOffset: collectionView.contentOffset)
        if (page < 2 || page > multiplier - 2) && collectionView.contentOffset != offset {
            collectionView.setContentOffset(offset)
            collectionView.layoutIfNeeded()
        }
    }

    /// `centeredContentOffset(forRect:)` (lines 243–250, no margins): the offset that centres `rect`.
    @inlinable
    func centeredContentOffset(forRect rect: LayoutRect) -> Double {
        abs(rect.midX - collectionView.frameSize.width / 2)
    }

    /// `visibleLayoutAttributes(at:)` and `preferredVisibleLayoutAttributes()` with no velocity (lines 204–240):
    /// the bounds' attributes sorted by distance of their centring offset to the current offset; the first.
    public func preferredVisibleLayoutAttributes() -> LayoutAttributes? {
        guard let collectionView else { return nil }
        let contentOffset = collectionView.contentOffset.x
        let visible = (layoutAttributesForElements(in: LayoutRect(origin: collectionView.contentOffset, size: collectionView.frameSize)) ?? [])
            .sorted { abs(contentOffset - centeredContentOffset(forRect: $0.frame)) < abs(contentOffset - centeredContentOffset(forRect: $1.frame)) }
        return visible.first
    }
}
