/// `UICollectionViewLayoutInvalidationContext` with the flow layout's two flags
/// (`UICollectionViewFlowLayoutInvalidationContext`).
///
/// F7: a fresh context has both flow flags set (recompute everything); the flow layout's
/// `invalidationContext(forBoundsChange:)` clears them for a pure scroll, keeping the layout's data.
public final class InvalidationContext {
    /// `invalidateEverything`: what a plain `invalidateLayout()` sends.
    @exclusivity(unchecked) public var invalidateEverything: Bool
    /// `invalidateDataSourceCounts`: what `reloadData()` sends.
    @exclusivity(unchecked) public var invalidateDataSourceCounts = false
    /// `invalidateFlowLayoutDelegateMetrics`: sizes asked of the delegate again (F8's O(N) work).
    @exclusivity(unchecked) public var invalidateFlowLayoutDelegateMetrics = true
    /// `invalidateFlowLayoutAttributes`: the cached attributes and frames dropped.
    @exclusivity(unchecked) public var invalidateFlowLayoutAttributes = true
    /// `invalidatedItemIndexPaths`: the items `invalidateItems(at:)` named (switch `itemInvalidation`).
    @exclusivity(unchecked) public private(set) var invalidatedItemIndexPaths: [IndexPath] = []

    /// A context; `everything` for `invalidateLayout()`, false for a bounds change.
    public init(everything: Bool) {
        invalidateEverything = everything
    }

    /// `invalidateItems(at:)`.
    public func invalidateItems<IndexPaths: Collection<IndexPath>>(at indexPaths: IndexPaths) {
        invalidatedItemIndexPaths.append(contentsOf: indexPaths)
    }

    /// `invalidateItems(at:)` for items `range` of section 0, without an intermediate array.
    public func invalidateItems(inSection section: Int, items range: ClosedRange<Int>) {
        invalidatedItemIndexPaths.reserveCapacity(invalidatedItemIndexPaths.count + range.count)
        for item in range { invalidatedItemIndexPaths.append(IndexPath(item: item, section: section)) }
    }
}

/// `UICollectionViewLayout`: the base every layout of the model subclasses, with UIKit's default answers.
///
/// The collection view asks it through these methods only (dynamic dispatch, as UIKit's `objc_msgSend`).
/// A layout reaches its collection view through `collectionView`, UIKit's unretained back reference.
open class CollectionViewLayout {
    /// The collection view showing this layout (set when the layout is installed).
    @exclusivity(unchecked) public unowned(unsafe) var collectionView: CollectionView!
    public let ledger: UIKitLedger
    public let switches: UIKitSwitches
    /// The last `NSIndexPath` object built (switch `indexPath=heap`): held so the allocation is real.
    @exclusivity(unchecked) @usableFromInline var lastIndexPathObject: IndexPathObject?

    public init(ledger: UIKitLedger, switches: UIKitSwitches) {
        self.ledger = ledger
        self.switches = switches
    }

    /// The attributes class the layout creates (`layoutAttributesClass`).
    open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

    /// `prepareLayout`, called by the collection view before its first layout pass after an invalidation.
    open func prepare() { ledger.prepares += 1 }

    /// Called by the collection view after `prepare()` and the content size it reads: where the compositional
    /// layout calls its handler in the layout pass (K1: `-_invokeVisibleItemsInvalidationHandlerIfNeededForVisibleBounds:`).
    open func layoutDidPrepare() {}

    /// Called after every content-offset change, before the delegate's `scrollViewDidScroll`: the
    /// compositional layout's orthogonal scroll view notifies its solver here (K2); other layouts do nothing.
    open func collectionViewDidScroll() {}

    /// `collectionViewContentSize`.
    open var collectionViewContentSize: LayoutSize { .zero }

    /// `layoutAttributesForElementsInRect:`.
    open func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? { nil }

    /// `layoutAttributesForItemAtIndexPath:`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// `_preparedForBoundsChanges`: whether `-[UICollectionView setBounds:]` asks this layout about a bounds change
    /// while the collection view's data is unprepared (C7). The compositional layout answers YES
    /// (`-[UICollectionViewCompositionalLayout _preparedForBoundsChanges]`); the base class's body is unread, taken as
    /// NO since that override exists (inferred).
    open var preparedForBoundsChanges: Bool { false }

    /// `shouldInvalidateLayoutForBoundsChange:`: `UICollectionViewLayout` answers NO.
    open func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { false }

    /// `invalidationContextForBoundsChange:`: a new context that keeps the layout's data (F7).
    open func invalidationContext(forBoundsChange newBounds: LayoutRect) -> InvalidationContext {
        ledger.contexts += 1
        let context = InvalidationContext(everything: false)
        let sizeChanged = newBounds.size != collectionView.bounds.size
        context.invalidateFlowLayoutDelegateMetrics = sizeChanged
        context.invalidateFlowLayoutAttributes = sizeChanged
        return context
    }

    /// `invalidateLayoutWithContext:`: tells the collection view, which drops what the context names.
    open func invalidateLayout(with context: InvalidationContext) {
        collectionView?.layoutDidInvalidate(with: context)
    }

    /// `invalidateLayout`: a fresh context, everything invalid (F7: O(N) for delegate sizes).
    public func invalidateLayout() {
        ledger.contexts += 1
        invalidateLayout(with: InvalidationContext(everything: true))
    }

    /// `targetContentOffsetForProposedContentOffset:withScrollingVelocity:` (velocity in pt/ms, UIKit's
    /// unit): the base layout keeps the proposed offset.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                  withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        proposedContentOffset
    }

    /// An index path for an item, built as UIKit builds one: with switch `indexPath=heap` an `NSIndexPath`
    /// object is allocated and returned (F3, medium); with `tagged` it costs nothing.
    @inlinable
    public func makeIndexPath(item: Int, section: Int) -> (IndexPath, IndexPathObject?) {
        let indexPath = IndexPath(item: item, section: section)
        guard switches.indexPath == .heap else { return (indexPath, nil) }
        ledger.indexPathObjects += 1
        let object = IndexPathObject(indexPath)
        lastIndexPathObject = object
        return (indexPath, object)
    }
}

/// `UIScrollViewDelegate` / `UICollectionViewDelegateFlowLayout`: the app's hooks, no-ops by default.
///
/// `implementsSizeForItem` stands for `respondsToSelector:` (the flow layout's `_updateDelegateFlags`).
open class CollectionViewDelegate {
    public init() {}

    /// `scrollViewDidScroll:` (every change of the content offset).
    open func scrollViewDidScroll(_ collectionView: CollectionView) {}

    /// `scrollViewWillEndDragging:withVelocity:targetContentOffset:` (velocity in pt/ms), after the layout's
    /// `targetContentOffset`.
    open func scrollViewWillEndDragging(_ collectionView: CollectionView, withVelocity velocity: LayoutPoint,
                                        targetContentOffset: inout LayoutPoint) {}

    /// `scrollViewDidEndDecelerating:`.
    open func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {}

    /// `collectionView(_:willDisplay:forItemAt:)`: a cell comes on screen, its attributes already applied
    /// (`_notifyWillDisplayCellIfNeeded:forIndexPath:` follows the application in
    /// `-_createPreparedCellForItemAtIndexPath:withLayoutAttributes:applyAttributes:isFocused:notify:`).
    open func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {}

    /// `collectionView(_:didEndDisplaying:forItemAt:)`: a cell left the screen and went to the reuse queue
    /// (`-_reuseCell:notifyDidEndDisplaying:`; `reloadData` notifies too).
    open func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath) {}

    /// After every layout pass: stands for a `UICollectionView` subclass's `layoutSubviews` override
    /// (InfiniteLayout's `InfiniteCollectionView`).
    open func collectionViewDidLayoutSubviews(_ collectionView: CollectionView) {}

    /// Whether the delegate implements `collectionView(_:layout:sizeForItemAt:)`.
    open var implementsSizeForItem: Bool { false }

    /// `collectionView(_:layout:sizeForItemAt:)`.
    open func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath) -> LayoutSize { .zero }
}

/// `UICollectionViewDataSource`'s counts. `cellForItemAt` is the app's cell configuration, excluded from the
/// model (labels, images: app-level work, not layout).
open class CollectionViewDataSource {
    public init() {}

    /// `numberOfSectionsInCollectionView:`.
    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    /// `collectionView:numberOfItemsInSection:`.
    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
}

/// A data source of `sections` sections of `itemsPerSection` items each (every seed and peer uses one shape).
public final class UniformDataSource: CollectionViewDataSource {
    @exclusivity(unchecked) public var sections: Int
    @exclusivity(unchecked) public var itemsPerSection: Int

    public init(sections: Int = 1, itemsPerSection: Int) {
        self.sections = sections
        self.itemsPerSection = itemsPerSection
    }

    public override func numberOfSections(in collectionView: CollectionView) -> Int { sections }

    public override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        itemsPerSection
    }
}
