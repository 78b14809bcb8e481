/// `NSCollectionLayoutVisibleItem` (`_UICollectionLayoutVisibleItem`): a wrapper, allocated per visible item
/// per handler call, that points at the layout's cached attributes uncopied (K3). Setting its `transform`
/// changes those cached attributes in place and marks the item dirty; reading its `frame` reads their frame,
/// which a transform set earlier has made a bounding box (F4).
public final class CollectionLayoutVisibleItem {
    public let indexPath: IndexPath
    @usableFromInline let attributes: LayoutAttributes
    @exclusivity(unchecked) public private(set) var isDirty = false

    init(attributes: LayoutAttributes) {
        self.attributes = attributes
        indexPath = attributes.indexPath
    }

    public var frame: LayoutRect { attributes.frame }
    public var center: LayoutPoint { attributes.center }

    public var transform: AffineTransform2D {
        get { attributes.transform }
        set {
            attributes.transform = newValue
            isDirty = true
        }
    }
}

/// `NSCollectionLayoutEnvironment`: the container's content size (K3 allocates one per handler call).
public final class LayoutEnvironment {
    /// `container.contentSize`.
    public let containerContentSize: LayoutSize

    init(containerContentSize: LayoutSize) { self.containerContentSize = containerContentSize }
}

/// `UICollectionViewCompositionalLayout` with one section of one-item groups scrolling orthogonally with
/// `groupPagingCentered` (seed 000 lines 942–992 and 1198–1277).
///
/// The solver's own placement is Apple's and unknown (Docs/ALGORITHMS.md, "UIKit pipelines" models it as
/// `query.arithmetic`): groups of width `w` at pitch `w + interGroupSpacing`, the section inset so that group `i` is
/// centred at offset `i*p`. Its attributes objects are created on first request and cached (`_cachedItemAttributes`).
///
/// K2: every scroll of the section's scroll view stores the offset and calls the handler; nothing is
/// re-solved (switch `orthogonalScroll=invalidate` adds K1's invalidation). K3: each call allocates a wrapper
/// per visible item, their array, a map table, one array per section, a set and an environment object; items
/// whose transform the handler set get an invalidation context naming them. K4: the handler receives the
/// visible items, the offset (visible origin plus orthogonal offset) and the environment.
public final class CompositionalLayout: CollectionViewLayout {
    /// The group's size and the spacing between groups (the section provider's values).
    @exclusivity(unchecked) public var groupSize: LayoutSize
    @exclusivity(unchecked) public var interGroupSpacing: Double
    @exclusivity(unchecked) public var visibleItemsInvalidationHandler: (([CollectionLayoutVisibleItem], LayoutPoint, LayoutEnvironment) -> Void)?

    @exclusivity(unchecked) public private(set) var cachedItemAttributes: [IndexPath: LayoutAttributes] = [:]
    @exclusivity(unchecked) @usableFromInline var itemCount = 0
    @exclusivity(unchecked) @usableFromInline var needsSolve = true
    /// K1: the handler runs in the layout pass after an invalidation.
    @exclusivity(unchecked) @usableFromInline var handlerPending = false
    /// The last handler call's K3 containers, held so their allocations are real.
    @exclusivity(unchecked) @usableFromInline var lastCall: (map: [IndexPath: CollectionLayoutVisibleItem], sections: [[CollectionLayoutVisibleItem]], set: Set<IndexPath>,
                                     environment: LayoutEnvironment?) = ([:], [], [], nil)

    public init(groupSize: LayoutSize, interGroupSpacing: Double, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.groupSize = groupSize
        self.interGroupSpacing = interGroupSpacing
        super.init(ledger: ledger, switches: switches)
    }

    @inlinable var pitch: Double { groupSize.width + interGroupSpacing }
    /// `groupPagingCentered`: the inset that centres group 0.
    @inlinable var leadingInset: Double { (collectionView.frameSize.width - groupSize.width) / 2 }

    /// A re-solve (the first layout, or after `invalidateLayout()`: the section provider runs again and the
    /// cached attributes are dropped).
    public override func prepare() {
        super.prepare()
        guard needsSolve else { return }
        needsSolve = false
        ledger.fullRecomputes += 1
        itemCount = collectionView.numberOfItems(inSection: 0)
        cachedItemAttributes.removeAll(keepingCapacity: true)
        handlerPending = true
    }

    /// K1: after a re-solve (or a scroll's invalidation with `orthogonalScroll=invalidate`), the handler runs in
    /// the layout pass.
    public override func layoutDidPrepare() {
        guard handlerPending else { return }
        handlerPending = false
        invokeVisibleItemsInvalidationHandler()
    }

    public override var collectionViewContentSize: LayoutSize {
        let width = 2 * leadingInset + Double(itemCount) * groupSize.width + Double(max(0, itemCount - 1)) * interGroupSpacing
        return LayoutSize(width: width, height: collectionView.frameSize.height)
    }

    /// `-[UICollectionViewCompositionalLayout _preparedForBoundsChanges]` answers YES (C7).
    public override var preparedForBoundsChanges: Bool { true }

    /// K1 with switch `orthogonalScroll=invalidate`; K2 (no invalidation) by default.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        switches.orthogonalScroll == .invalidate || newBounds.size != collectionView.bounds.size
    }

    public override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { needsSolve = true }
        super.invalidateLayout(with: context)
    }

    /// The groups intersecting `rect`, arithmetically (the model of the solver in
    /// Docs/ALGORITHMS.md, "UIKit pipelines").
    @inlinable
    func visibleRange(in rect: LayoutRect) -> ClosedRange<Int>? {
        guard itemCount > 0 else { return nil }
        let first = ((rect.minX - leadingInset - groupSize.width) / pitch).rounded(.up)
        let last = ((rect.maxX - leadingInset) / pitch).rounded(.down)
        guard first <= last, last >= 0, first <= Double(itemCount - 1) else { return nil }
        return clampedItemIndex(first, itemCount: itemCount)...clampedItemIndex(last, itemCount: itemCount)
    }

    /// The cached attributes of `item`, created on first request.
    @usableFromInline
    func cachedAttributes(item: Int) -> LayoutAttributes {
        let (indexPath, object) = makeIndexPath(item: item, section: 0)
        if let cached = cachedItemAttributes[indexPath] { return cached }
        ledger.attributesCreated += 1
        let attributes = LayoutAttributes(forCellWith: indexPath)
        attributes.indexPathObject = object
        let height = collectionView.frameSize.height
        attributes.frame = LayoutRect(x: leadingInset + Double(item) * pitch, y: (height - groupSize.height) / 2,
                                      width: groupSize.width, height: groupSize.height)
        cachedItemAttributes[indexPath] = attributes
        return attributes
    }

    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        guard let range = visibleRange(in: rect) else { return [] }
        var result: [LayoutAttributes] = []
        result.reserveCapacity(range.count)
        for item in range { result.append(cachedAttributes(item: item)) }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < itemCount else { return nil }
        return cachedAttributes(item: indexPath.item)
    }

    /// `groupPagingCentered`: the group nearest the proposed offset, clamped to the section (the model of
    /// Docs/ALGORITHMS.md, "UIKit pipelines"; Apple's paging rule is not in the evidence).
    @inlinable
    public func pagingTarget(proposedOffset: Double) -> Double {
        Double(clampedItemIndex((proposedOffset / pitch).rounded(), itemCount: itemCount)) * pitch
    }

    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                             withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        LayoutPoint(x: pagingTarget(proposedOffset: proposedContentOffset.x), y: proposedContentOffset.y)
    }

    /// K2: the orthogonal scroll view's `_notifyDidScroll` calls the handler (with `orthogonalScroll=invalidate`
    /// the scroll's invalidation calls it in the layout pass instead, K1).
    public override func collectionViewDidScroll() {
        if switches.orthogonalScroll == .offsetOnly {
            invokeVisibleItemsInvalidationHandler()
        } else {
            handlerPending = true
        }
    }

    /// K3/K4: the wrappers and containers built, the handler called, the changed items invalidated.
    @usableFromInline
    func invokeVisibleItemsInvalidationHandler() {
        guard let handler = visibleItemsInvalidationHandler else { return }
        let bounds = collectionView.bounds
        let range = visibleRange(in: bounds)
        let count = range?.count ?? 0
        var items: [CollectionLayoutVisibleItem] = []
        items.reserveCapacity(count)
        var map: [IndexPath: CollectionLayoutVisibleItem] = [:]
        map.reserveCapacity(count)
        var section: [CollectionLayoutVisibleItem] = []
        section.reserveCapacity(count)
        var set = Set<IndexPath>()
        set.reserveCapacity(count)
        if let range {
            for item in range {
                ledger.visibleItemWrappers += 1
                let wrapper = CollectionLayoutVisibleItem(attributes: cachedAttributes(item: item))
                items.append(wrapper)
                map[wrapper.indexPath] = wrapper
                section.append(wrapper)
                set.insert(wrapper.indexPath)
            }
        }
        let environment = LayoutEnvironment(containerContentSize: collectionView.frameSize)
        lastCall = (map, [section], set, environment)
        ledger.handlerCalls += 1
        handler(items, bounds.origin, environment)
        var dirty = 0
        for item in items where item.isDirty { dirty += 1 }
        guard dirty > 0 else { return }
        ledger.contexts += 1
        let context = InvalidationContext(everything: false)
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateFlowLayoutAttributes = false
        context.invalidateItems(at: items.lazy.filter(\.isDirty).map(\.indexPath))
        invalidateLayout(with: context)
    }

    /// The attributes objects the layout holds (for the memory figures).
    public var cachedAttributesCount: Int { cachedItemAttributes.count }
}
