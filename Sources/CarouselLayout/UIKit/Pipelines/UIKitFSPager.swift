/// `uikit.peer.fspager`: WenchaoD/FSPagerView with `isInfinite` (`Int16.max / n` sections of `n` items, start on
/// item 0 of the middle section), on the UIKit model.
///
/// Line numbers are those of `Sources/FSPageViewLayout.swift` (class `FSPagerViewLayout`, commit 00feba7).
///
/// Per frame: `shouldInvalidateLayout(forBoundsChange:)` returns true (lines 109–111), so every scroll
/// invalidates and the collection view asks for the rect rounded out to whole screens (C1); `prepare` (lines
/// 52–103) returns at once (`needsReprepare` false, same size). `layoutAttributesForElements(in:)` (lines
/// 113–144) intersects the rect with the content, finds the start item by division, and for every item to the
/// rect's end builds an index path and a fresh `FSPagerViewLayoutAttributes` (`layoutAttributesForItem(at:)`,
/// lines 146–153: an allocation per item per query) and applies the linear transformer (`applyTransform`,
/// `FSPageViewTransformer.swift` `.linear`: scale, unclamped alpha, zIndex), appending to a growing Swift array.
/// `FSPagerView.scrollViewDidScroll` computes `currentIndex = lround(scrollOffset) % n` (`FSPagerView.swift`).
///
/// Per release: `FSPagerViewLayout.targetContentOffset` (lines 155–188) uses the pan gesture's translation,
/// which the simulator does not have; the model uses the core's restatement (`peer.fspager.snap`). A size
/// change re-prepares, and `adjustCollectionViewBounds` puts the current index in the middle section again
/// (named difference "offset by whole catalog widths": the core keeps the raw item).
///
/// Excluded app-level work: the page control, `pagerViewDidScroll` and cell configuration delegate calls.
public struct UIKitFSPagerPipeline: UIKitPipeline {
    public static var catalogLimit: CatalogLimit? { FSPagerWrap.catalogLimit }
    public static let allocationEvidence = "every frame: a fresh attributes object per item per query, the result array (F3), the cells' copies (C3)"
    public static let complexity: Complexity = "O(k) per frame: a fresh attributes object per item per query"
    public typealias Core = FSPagerPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .transformedFrameVisibility, .offsetByWholeCatalogWidths]
    public var scene: FSPagerScene

    public init(scene: FSPagerScene) { self.scene = scene }
}

/// The state of `uikit.peer.fspager`.
public final class FSPagerScene: UIKitScene {
    @usableFromInline let layout: FSPagerViewLayout
    @usableFromInline let pagerView: FSPagerViewModel
    @usableFromInline let dataSource: UniformDataSource

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        pagerView = FSPagerViewModel(numberOfItems: catalogCount)
        pagerView.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        pagerView.interitemSpacing = geometry.lineSpacing
        layout = FSPagerViewLayout(pagerView: pagerView, ledger: ledger, switches: switches)
        dataSource = UniformDataSource(sections: Int(Int16.max) / catalogCount, itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: pagerView)
    }

    public override var itemCount: Int { Int(Int16.max) / catalogCount * catalogCount }

    /// `FSPagerView.reloadData()` (`FSPagerView.swift` lines 479–482: the layout's `needsReprepare`, then the collection
    /// view's `reloadData()`), then the app's `pagerView.scrollToItem(at:animated: false)` (lines 513–527) to the item kept.
    public override var catalogUpdatePath: String? {
        "FSPagerView.swift lines 479-482 reloadData, then its scrollToItem(at:animated:) lines 513-527 (nearbyIndexPath lines 604-615)"
    }

    public override func catalogCountDidChange() {
        dataSource.sections = Int(Int16.max) / catalogCount
        dataSource.itemsPerSection = catalogCount
    }

    public override func applyCatalogChange(_ update: CatalogUpdate, from previousCount: Int) {
        layout.needsReprepare = true
        collectionView.reloadData()
    }

    /// `scrollToItem(at:animated:)` as FSPagerView runs it right after its `reloadData()`: the guard against the pager's
    /// `numberOfItems` (the old count: nothing has counted the data since; past it, `fatalError`, which the model
    /// records as `stoppedAppCode` and goes no further), `nearbyIndexPath(for:)`
    /// (the old `currentIndex`; the section of `centermostIndexPath`, which with no visible cell, as `reloadData` leaves
    /// none, is 0: lines 229–253; one section lower when the item is more than half the old count after the current
    /// index, one higher when before), the layout's `contentOffset(for:)` from its own old counts, set without
    /// animation. The next layout pass counts the data (the pager's `numberOfItems` then), and `prepare`'s
    /// `adjustCollectionViewBounds` puts the pager's `currentIndex` in the middle section.
    public override func recentre(onItem item: Int, nearGlobalIndex global: Int) {
        let staleCount = pagerView.numberOfItems
        defer { pagerView.numberOfItems = catalogCount }
        guard item < staleCount else {
            // Lines 514–516: the app's process ends here; the model stops the app's code and names it.
            fatalErrorMessage = "FSPagerView.swift lines 514-516: fatalError(\"index \(item) is out of range [0...\(staleCount - 1)]\"): "
                + "right after reloadData its numberOfItems is still the old count (set in numberOfSections(in:), lines 316-325, at the next layout pass)"
            return
        }
        let current = pagerView.currentIndex
        let section = abs(current - item) <= staleCount / 2 ? 0 : item - current >= 0 ? -1 : 1
        collectionView.setContentOffset(layout.contentOffset(for: IndexPath(item: item, section: section)))
    }

    /// `FSPagerView.selectItem(at:animated:)` (lines 489–494) as an app runs it right after `reloadData()`: no guard;
    /// `nearbyIndexPath(for:)` (lines 604–615) from the old `numberOfItems`, the old `currentIndex` and section 0 (no
    /// visible cell), then the collection view's `selectItem(at:animated:scrollPosition: .centeredHorizontally)` (S9),
    /// which counts the data (`numberOfSections(in:)` sets the pager's `numberOfItems`, lines 316–325), checks the
    /// index path against the new counts, and raises for one outside them: a new item more than half the old count
    /// after the current index is asked for in section −1.
    public override func select(onItem item: Int, nearGlobalIndex global: Int) {
        let staleCount = pagerView.numberOfItems
        let current = pagerView.currentIndex
        let section = abs(current - item) <= staleCount / 2 ? 0 : item - current >= 0 ? -1 : 1
        pagerView.numberOfItems = catalogCount
        if let exception = collectionView.selectItem(at: IndexPath(item: item, section: section), scrollPosition: .centeredHorizontally) {
            raisedException = "FSPagerView.swift lines 489-494, selectItem(at: \(item)): nearbyIndexPath gives section \(section) "
                + "(old numberOfItems \(staleCount), currentIndex \(current)); " + exception
        }
    }

    /// The `fatalError` the app's last `scrollToItem` would have ended in (nil: none).
    @usableFromInline var fatalErrorMessage: String?

    public override var stoppedAppCode: String? { fatalErrorMessage ?? super.stoppedAppCode }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = layout.pagingTarget(currentOffset: currentOffset, velocity: velocity)
        return collectionView.restingOffset(forTarget: target)
    }

    public override func handleRotation(toWidth width: Double) {
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        pagerView.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        pagerView.interitemSpacing = geometry.lineSpacing
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        output.centerItem = clampedItemIndex((collectionView.contentOffset.x / layout.itemSpacing).rounded(), itemCount: itemCount)
        output.logicalIndex = pagerView.currentIndex
    }
}

/// `FSPagerView` as far as the layout and the scroll go: its item size, spacing, item count, and
/// `scrollViewDidScroll` (`FSPagerView.swift`).
public final class FSPagerViewModel: CollectionViewDelegate {
    @exclusivity(unchecked) public var itemSize = LayoutSize.zero
    @exclusivity(unchecked) public var interitemSpacing = 0.0
    /// `numberOfItems`, which `numberOfSections(in:)` sets when the collection view counts its data (lines 316–325).
    @exclusivity(unchecked) public internal(set) var numberOfItems: Int
    @exclusivity(unchecked) public private(set) var currentIndex = 0

    init(numberOfItems: Int) { self.numberOfItems = numberOfItems }

    /// `lround(Double(self.scrollOffset)) % self.numberOfItems`, `scrollOffset` being
    /// `fmod(contentOffset / itemSpacing, numberOfItems)`.
    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        guard numberOfItems > 0, let layout = collectionView.collectionViewLayout as? FSPagerViewLayout, layout.itemSpacing > 0 else { return }
        let scrollOffset = (max(collectionView.contentOffset.x, collectionView.contentOffset.y) / layout.itemSpacing)
            .truncatingRemainder(dividingBy: Double(numberOfItems))
        let index = Int(scrollOffset.rounded()) % numberOfItems
        if index != currentIndex { currentIndex = index }
    }
}

/// `FSPagerViewLayoutAttributes`: the attributes with the transformer's `position` (copied by its `copy`).
public final class FSPagerViewLayoutAttributes: LayoutAttributes {
    @exclusivity(unchecked) public var position = 0.0

    public override func copyFields(from other: LayoutAttributes) {
        super.copyFields(from: other)
        if let other = other as? FSPagerViewLayoutAttributes { position = other.position }
    }

    public override func isEqual(to other: LayoutAttributes) -> Bool {
        guard let other = other as? FSPagerViewLayoutAttributes else { return false }
        return super.isEqual(to: other) && position == other.position
    }
}

/// `FSPagerViewLayout` (`Sources/FSPageViewLayout.swift`).
public final class FSPagerViewLayout: CollectionViewLayout {
    @usableFromInline unowned(unsafe) let pagerView: FSPagerViewModel
    @exclusivity(unchecked) public private(set) var contentSize = LayoutSize.zero
    @exclusivity(unchecked) public private(set) var leadingSpacing = 0.0
    @exclusivity(unchecked) public private(set) var itemSpacing = 0.0
    @exclusivity(unchecked) @usableFromInline var needsReprepare = true
    @exclusivity(unchecked) @usableFromInline var collectionViewSize = LayoutSize.zero
    @exclusivity(unchecked) @usableFromInline var numberOfSections = 1
    @exclusivity(unchecked) @usableFromInline var numberOfItems = 0
    @exclusivity(unchecked) @usableFromInline var actualInteritemSpacing = 0.0
    @exclusivity(unchecked) @usableFromInline var actualItemSize = LayoutSize.zero
    /// `isInfinite` (line 29).
    public let isInfinite = true
    /// `peer.fspager`'s minimum scale and alpha (`FSPagerViewTransformer(type: .linear)`).
    public let minimumScale = 0.65
    public let minimumAlpha = 0.6

    init(pagerView: FSPagerViewModel, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.pagerView = pagerView
        super.init(ledger: ledger, switches: switches)
    }

    public override class var layoutAttributesClass: LayoutAttributes.Type { FSPagerViewLayoutAttributes.self }

    /// Lines 52–103.
    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        guard needsReprepare || collectionViewSize != collectionView.frameSize else { return }
        needsReprepare = false
        ledger.fullRecomputes += 1
        collectionViewSize = collectionView.frameSize
        numberOfSections = collectionView.numberOfSections
        numberOfItems = collectionView.numberOfItems(inSection: 0)
        actualItemSize = pagerView.itemSize == .zero ? collectionView.frameSize : pagerView.itemSize
        actualInteritemSpacing = pagerView.interitemSpacing
        leadingSpacing = (collectionView.frameSize.width - actualItemSize.width) * 0.5
        itemSpacing = actualItemSize.width + actualInteritemSpacing
        let totalItems = numberOfItems * numberOfSections
        var contentSizeWidth = leadingSpacing * 2
        contentSizeWidth += Double(totalItems - 1) * actualInteritemSpacing
        contentSizeWidth += Double(totalItems) * actualItemSize.width
        contentSize = LayoutSize(width: contentSizeWidth, height: collectionView.frameSize.height)
        adjustCollectionViewBounds()
    }

    public override var collectionViewContentSize: LayoutSize { contentSize }

    /// Lines 109–111.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { true }

    /// Lines 113–144.
    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        var layoutAttributes: [LayoutAttributes] = []
        guard numberOfItems > 0 else { return layoutAttributes }
        guard itemSpacing > 0, rect.width > 0 else { return layoutAttributes }
        let content = LayoutRect(origin: .zero, size: contentSize)
        let minX = max(rect.minX, content.minX)
        let maxX = min(rect.maxX, content.maxX)
        guard minX < maxX else { return layoutAttributes }
        let numberOfItemsBefore = max(Int((minX - leadingSpacing) / itemSpacing), 0)
        let startPosition = leadingSpacing + Double(numberOfItemsBefore) * itemSpacing
        var itemIndex = numberOfItemsBefore
        var origin = startPosition
        let maxPosition = min(maxX, contentSize.width - actualItemSize.width - leadingSpacing)
        while origin <= maxPosition {
            let (indexPath, _) = makeIndexPath(item: itemIndex % numberOfItems, section: itemIndex / numberOfItems)
            let attributes = layoutAttributesForItem(at: indexPath) as! FSPagerViewLayoutAttributes
            applyTransform(to: attributes)
            layoutAttributes.append(attributes)
            itemIndex += 1
            origin += itemSpacing
        }
        return layoutAttributes
    }

    /// Lines 146–153: a new attributes object every call.
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        ledger.attributesCreated += 1
        let attributes = FSPagerViewLayoutAttributes(forCellWith: indexPath)
        let frame = frame(for: indexPath)
        attributes.center = LayoutPoint(x: frame.midX, y: frame.midY)
        attributes.size = actualItemSize
        return attributes
    }

    /// `frame(for:)`.
    @usableFromInline
    func frame(for indexPath: IndexPath) -> LayoutRect {
        let numberOfItems = self.numberOfItems * indexPath.section + indexPath.item
        let originX = leadingSpacing + Double(numberOfItems) * itemSpacing
        let originY = (collectionView.frameSize.height - actualItemSize.height) * 0.5
        return LayoutRect(origin: LayoutPoint(x: originX, y: originY), size: actualItemSize)
    }

    /// `contentOffset(for:)`.
    @usableFromInline
    func contentOffset(for indexPath: IndexPath) -> LayoutPoint {
        let origin = frame(for: indexPath).origin
        return LayoutPoint(x: origin.x - (collectionView.frameSize.width * 0.5 - actualItemSize.width * 0.5), y: 0)
    }

    /// `adjustCollectionViewBounds`: the current index in the middle section.
    @usableFromInline
    func adjustCollectionViewBounds() {
        let newIndexPath = IndexPath(item: pagerView.currentIndex, section: isInfinite ? numberOfSections / 2 : 0)
        collectionView.setContentOffset(contentOffset(for: newIndexPath))
    }

    /// `applyTransform(to:with:)` and the linear transformer (`FSPageViewTransformer.swift`).
    @usableFromInline
    func applyTransform(to attributes: FSPagerViewLayoutAttributes) {
        let ruler = collectionView.bounds.midX
        attributes.position = (attributes.center.x - ruler) / itemSpacing
        attributes.zIndex = numberOfItems - Int(attributes.position)
        let position = abs(attributes.position)
        let scale = max(1 - (1 - minimumScale) * position, minimumScale)
        attributes.transform = AffineTransform2D(scaleX: scale, y: scale)
        attributes.alpha = minimumAlpha + (1 - position) * (1 - minimumAlpha)
        attributes.zIndex = Int(min(max((1 - position) * 10, -1e9), 1e9))
    }

    /// `peer.fspager.snap` as Docs/ALGORITHMS.md, "Snap target" restates it (the peer's own rule needs the pan
    /// translation).
    @usableFromInline
    func pagingTarget(currentOffset: Double, velocity: Double) -> Double {
        var position = currentOffset / itemSpacing
        if abs(velocity) >= Velocity.fsPagerThreshold { position += velocity > 0 ? FSPagerSnap.flickBias : -FSPagerSnap.flickBias }
        return Double(clampedItemIndex(position.rounded(), itemCount: numberOfItems * numberOfSections)) * itemSpacing
    }

    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                             withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        LayoutPoint(x: pagingTarget(currentOffset: collectionView.contentOffset.x,
                                    velocity: velocity.x * Velocity.pointsPerSecondPerPointPerMillisecond),
                    y: proposedContentOffset.y)
    }
}
