/// `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double, left: Double, bottom: Double, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// `UICollectionViewFlowLayout` in one horizontal section, as `UICollectionViewFlowLayout.mm` does it in iOS 26.1.
///
/// - Fixed item size (`itemSize`, no delegate sizes, or delegate sizes that all come back equal): the rect
///   query finds the first and last line by floor division and visits only those items, O(k) (F1; switch
///   `flowQuery=scan` visits every item instead). `prepare` does no per-item work (F8).
/// - Delegate sizes that differ (`sizeForItemAt`, seed 003): `prepare` asks the delegate once per item and
///   builds a 64-byte item object, an index path, and a ~100-byte line object with its own items array per
///   line, O(N) (F8: `-_getSizingInfosWithExistingSizingDictionary:`, `_UIFlowLayoutSection computeLayout`);
///   the query tests the line objects one by one, O(N) (F2: the `_rows` loop of `-_layoutAttributesForItemsInRect:`).
/// - Per query: the result array, a second array and two small header/footer arrays (F3); per item an index
///   path and two dictionary look-ups (frames, then attributes); a miss allocates the attributes object and an
///   `NSValue` and fills both caches (`-_fetchAndCacheNewLayoutAttributesForCellWithIndexPath:frame:`).
/// - The cached objects are returned uncopied (F4). When one's frame no longer equals its cached frame (a
///   subclass set a transform), the next look-up drops both caches and returns a copy carrying the cached
///   frame (F5: `-_existingLayoutAttributesForItemAtIndexPath:`); switch `cachesAfterMutation` says whether they
///   stay dropped (the default) or survive.
/// - A pure scroll does not invalidate it (F6: `-shouldInvalidateLayoutForBoundsChange:` answers YES only for a
///   change across the scroll axis). A bounds-change context keeps its data, so `prepare` returns at once; a
///   plain `invalidateLayout()` recomputes everything (F7).
///
/// Open, so seeds subclass it as they subclass `UICollectionViewFlowLayout`.
open class FlowLayout: CollectionViewLayout {
    /// `itemSize`, `minimumLineSpacing`, `minimumInteritemSpacing`, `sectionInset`: a change invalidates the layout
    /// (F9, the setters in `UICollectionViewFlowLayout.mm`): the spacings and the inset only once the layout is
    /// valid (flag 0x80, set when a rect query has computed the layout's data); the item size on any change (on a
    /// current SDK `-setItemSize:` sets the valid flag itself first); the item size never when the delegate supplies
    /// sizes. An equal value never invalidates. (No delegate of the model supplies insets.)
    @exclusivity(unchecked) public var itemSize = LayoutSize(width: 50, height: 50) {
        didSet {
            guard itemSize != oldValue, collectionView?.delegate?.implementsSizeForItem != true else { return }
            layoutIsValid = true
            invalidateLayout()
        }
    }
    @exclusivity(unchecked) public var minimumLineSpacing = 10.0 {
        didSet { if minimumLineSpacing != oldValue && layoutIsValid { invalidateLayout() } }
    }
    @exclusivity(unchecked) public var minimumInteritemSpacing = 10.0 {
        didSet { if minimumInteritemSpacing != oldValue && layoutIsValid { invalidateLayout() } }
    }
    @exclusivity(unchecked) public var sectionInset = EdgeInsets() {
        didSet { if sectionInset != oldValue && layoutIsValid { invalidateLayout() } }
    }
    /// F9's valid flag: set by a rect query, cleared when an invalidation drops the layout's data.
    @exclusivity(unchecked) public private(set) var layoutIsValid = false

    /// F8's objects, built only for delegate sizes.
    @exclusivity(unchecked) @usableFromInline var lines: [FlowLine] = []
    /// For delegate sizes: the size every item came back with, when they all did (F2 -> F1), else nil.
    @exclusivity(unchecked) @usableFromInline var uniformDelegateSize: LayoutSize?
    @exclusivity(unchecked) @usableFromInline var needsRecompute = true
    @exclusivity(unchecked) @usableFromInline var delegateSizedContentWidth = 0.0

    /// `_cachedItemAttributes` and `_cachedItemFrames` (nil once F5 dropped them).
    @exclusivity(unchecked) public private(set) var cachedItemAttributes: [IndexPath: LayoutAttributes]? = [:]
    @exclusivity(unchecked) public private(set) var cachedItemFrames: [IndexPath: FrameValue]? = [:]
    /// The last `NSValue` allocated, held so the allocation is real even when the caches are nil.
    @exclusivity(unchecked) @usableFromInline var lastFrameValue: FrameValue?
    /// The last query's header and footer index arrays (F3), held so their allocations are real.
    @exclusivity(unchecked) @usableFromInline var supplementaryScratch: ([Int], [Int]) = ([], [])

    public override init(ledger: UIKitLedger, switches: UIKitSwitches) {
        super.init(ledger: ledger, switches: switches)
    }

    /// The line objects built for delegate sizes (F8), for the memory figures.
    public var lineCount: Int { lines.count }

    // MARK: Prepare (F7, F8)

    open override func prepare() {
        super.prepare()
        guard needsRecompute else { return }
        needsRecompute = false
        ledger.fullRecomputes += 1
        lines = []
        uniformDelegateSize = nil
        if let delegate = collectionView.delegate, delegate.implementsSizeForItem {
            computeDelegateSizedLines(delegate)
        }
    }

    /// The items in section 0.
    @inlinable
    var itemCount: Int { collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0 }

    /// The size of every item when they all have one: `itemSize` without delegate sizes (read live, as a
    /// fixed-size section needs no per-item data: F8), the common delegate size (F2 -> F1), else nil.
    @inlinable
    var uniformSize: LayoutSize? { lines.isEmpty ? itemSize : uniformDelegateSize }

    /// F8: one delegate call, index path and item object per item; a line object with its items array per line
    /// (one item per line in a horizontal carousel). All sizes equal: the section is fixed-size (F2 -> F1).
    @usableFromInline
    func computeDelegateSizedLines(_ delegate: CollectionViewDelegate) {
        let count = itemCount
        lines.reserveCapacity(count)
        var x = sectionInset.left
        var first: LayoutSize?
        var allEqual = true
        for item in 0..<count {
            let (indexPath, object) = makeIndexPath(item: item, section: 0)
            ledger.delegateSizeCalls += 1
            let size = delegate.collectionView(collectionView, sizeForItemAt: indexPath)
            if let first, first != size { allEqual = false }
            if first == nil { first = size }
            let frame = LayoutRect(x: x, y: verticalOrigin(height: size.height), width: size.width, height: size.height)
            ledger.flowItemObjects += 1
            ledger.flowLineObjects += 1
            lines.append(FlowLine(frame: frame, items: [FlowItem(frame: frame, indexPathObject: object)]))
            x += size.width + minimumLineSpacing
        }
        uniformDelegateSize = allEqual ? first : nil
        delegateSizedContentWidth = (lines.last?.frame.maxX ?? sectionInset.left) + sectionInset.right
    }

    /// A lone item is centred across the scroll axis in its line.
    @inlinable
    func verticalOrigin(height: Double) -> Double {
        let available = collectionView.frameSize.height - sectionInset.top - sectionInset.bottom
        return sectionInset.top + (available - height) / 2
    }

    open override var collectionViewContentSize: LayoutSize {
        let width: Double
        if lines.isEmpty {
            let count = itemCount
            width = sectionInset.left + Double(count) * itemSize.width + Double(max(0, count - 1)) * minimumLineSpacing
                + sectionInset.right
        } else {
            width = delegateSizedContentWidth
        }
        return LayoutSize(width: width, height: collectionView.frameSize.height)
    }

    // MARK: Invalidation (F6, F7)

    /// F6 (`-[UICollectionViewFlowLayout shouldInvalidateLayoutForBoundsChange:]`): YES only when the bounds change
    /// across the scroll axis: for a horizontal layout, their `y` origin or their height (pinned headers and footers
    /// are not modelled).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool {
        let old = collectionView.bounds
        return newBounds.minY != old.minY || newBounds.height != old.height
    }

    /// F7': `-[UICollectionViewFlowLayout invalidationContextForBoundsChange:]`: `super`'s context with both flow
    /// flags cleared, compared against the current (old) bounds; for a horizontal layout only a change of the
    /// bounds' height or y sets the attributes flag again, so a width-only change (a rotation) keeps both NO and
    /// the layout's data; the delegate-metrics flag is never set here.
    open override func invalidationContext(forBoundsChange newBounds: LayoutRect) -> InvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        let old = collectionView.bounds
        context.invalidateFlowLayoutDelegateMetrics = false
        context.invalidateFlowLayoutAttributes = newBounds.height != old.height || newBounds.minY != old.minY
        return context
    }

    /// F7: the delegate metrics flag recomputes everything; the attributes flag (`_resetCachedItems`) empties
    /// the caches (nil caches stay nil).
    open override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts || context.invalidateFlowLayoutDelegateMetrics {
            needsRecompute = true
            layoutIsValid = false
        }
        if context.invalidateEverything || context.invalidateFlowLayoutAttributes || context.invalidateFlowLayoutDelegateMetrics {
            cachedItemAttributes?.removeAll(keepingCapacity: true)
            cachedItemFrames?.removeAll(keepingCapacity: true)
        }
        super.invalidateLayout(with: context)
    }

    // MARK: Queries (F1, F2, F3)

    /// `layoutAttributesForElementsInRect:` (F1/F2/F3).
    open override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        ledger.flowQueries += 1
        layoutIsValid = true
        var items: [Int] = []
        items.reserveCapacity(8)
        var headers: [Int] = []
        headers.reserveCapacity(1)
        var footers: [Int] = []
        footers.reserveCapacity(1)
        supplementaryScratch = (headers, footers)
        if let size = uniformSize {
            if switches.flowQuery == .arithmetic {
                appendArithmeticRange(in: rect, size: size, into: &items)
            } else if lines.isEmpty {
                appendScannedItems(in: rect, into: &items)
            } else {
                appendScannedLines(in: rect, into: &items)
            }
        } else {
            appendScannedLines(in: rect, into: &items)
        }
        var result: [LayoutAttributes] = []
        result.reserveCapacity(items.count)
        for item in items {
            result.append(attributesForItem(item))
        }
        return result
    }

    /// F1: `first = ceil((minX - left - w)/p)`, `last = floor((maxX - left)/p)`, clamped.
    @inlinable
    func appendArithmeticRange(in rect: LayoutRect, size: LayoutSize, into items: inout [Int]) {
        let itemCount = self.itemCount
        guard itemCount > 0 else { return }
        let pitch = size.width + minimumLineSpacing
        let first = ((rect.minX - sectionInset.left - size.width) / pitch).rounded(.up)
        let last = ((rect.maxX - sectionInset.left) / pitch).rounded(.down)
        guard first <= last, last >= 0, first <= Double(itemCount - 1) else { return }
        let y = verticalOrigin(height: size.height)
        guard rect.maxY >= y, rect.minY <= y + size.height else { return }
        for item in clampedItemIndex(first, itemCount: itemCount)...clampedItemIndex(last, itemCount: itemCount) {
            items.append(item)
        }
    }

    /// F2: every line object tested with a rect intersection, no binary search.
    @usableFromInline
    func appendScannedLines(in rect: LayoutRect, into items: inout [Int]) {
        ledger.linesScanned += lines.count
        for (index, line) in lines.enumerated() where line.frame.intersects(rect) {
            items.append(index)
        }
    }

    /// Switch `flowQuery=scan` on a fixed-size section: every item's frame tested.
    @usableFromInline
    func appendScannedItems(in rect: LayoutRect, into items: inout [Int]) {
        let itemCount = self.itemCount
        ledger.linesScanned += itemCount
        for item in 0..<itemCount where frameOfItem(item).intersects(rect) {
            items.append(item)
        }
    }

    /// The frame of `item` in section 0.
    @inlinable
    public func frameOfItem(_ item: Int) -> LayoutRect {
        if !lines.isEmpty { return lines[item].frame }
        let size = itemSize
        return LayoutRect(x: sectionInset.left + Double(item) * (size.width + minimumLineSpacing),
                          y: verticalOrigin(height: size.height), width: size.width, height: size.height)
    }

    /// F3 per item: an index path, the two look-ups, and on a miss a new cached object.
    @usableFromInline
    func attributesForItem(_ item: Int) -> LayoutAttributes {
        let (indexPath, object) = makeIndexPath(item: item, section: 0)
        if let existing = existingLayoutAttributes(at: indexPath) { return existing }
        return fetchAndCacheNewLayoutAttributes(at: indexPath, indexPathObject: object, frame: frameOfItem(item))
    }

    /// `layoutAttributesForItemAtIndexPath:`.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < itemCount else { return nil }
        return attributesForItem(indexPath.item)
    }

    /// `-_existingLayoutAttributesForItemAtIndexPath:` (F3's two look-ups, F5's mismatch check).
    @usableFromInline
    func existingLayoutAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let cachedFrame = cachedItemFrames?[indexPath]?.frame,
              let cached = cachedItemAttributes?[indexPath] else { return nil }
        guard cached.frame != cachedFrame else { return cached }
        ledger.cacheMismatches += 1
        if switches.cachesAfterMutation == .discarded {
            cachedItemAttributes = nil
            cachedItemFrames = nil
        }
        ledger.attributesCopied += 1
        let copy = cached.copy()
        copy.frame = cachedFrame
        return copy
    }

    /// `-_fetchAndCacheNewLayoutAttributesForCellWithIndexPath:frame:`: a new object and an `NSValue`, stored
    /// in both caches (a no-op on nil caches).
    @usableFromInline
    func fetchAndCacheNewLayoutAttributes(at indexPath: IndexPath, indexPathObject: IndexPathObject?,
                                          frame: LayoutRect) -> LayoutAttributes {
        ledger.attributesCreated += 1
        let attributes = Self.layoutAttributesClass.init(forCellWith: indexPath)
        attributes.indexPathObject = indexPathObject
        attributes.frame = frame
        ledger.frameValues += 1
        let value = FrameValue(frame)
        lastFrameValue = value
        cachedItemAttributes?[indexPath] = attributes
        cachedItemFrames?[indexPath] = value
        return attributes
    }
}

/// An `NSValue` holding a cached frame (F3).
public final class FrameValue {
    public let frame: LayoutRect

    @inlinable
    init(_ frame: LayoutRect) { self.frame = frame }
}

/// A flow item object (`_UIFlowLayoutItem`, 64 bytes on iOS: F8, size medium).
public final class FlowItem {
    public let frame: LayoutRect
    public let indexPathObject: IndexPathObject?

    init(frame: LayoutRect, indexPathObject: IndexPathObject?) {
        self.frame = frame
        self.indexPathObject = indexPathObject
    }
}

/// A flow line object (`_UIFlowLayoutRow`, about 100 bytes, with its own items array: F8, size medium).
public final class FlowLine {
    public let frame: LayoutRect
    public let items: [FlowItem]

    init(frame: LayoutRect, items: [FlowItem]) {
        self.frame = frame
        self.items = items
    }
}
