/// `UICollectionViewLayoutInvalidationContext` with the flow layout's two flags
/// (`UICollectionViewFlowLayoutInvalidationContext`).
///
/// F7: a fresh context has both flow flags set (recompute everything); the flow layout's
/// `invalidationContext(forBoundsChange:)` clears them for a pure scroll, keeping the layout's data.
///
/// Open, as UIKit's is (C25): a layout names its own subclass in `invalidationContextClass`, and every context the
/// base class makes (`invalidateLayout()`, `invalidationContext(forBoundsChange:)`) is of that class. The two content
/// adjustments are applied by the collection view when the context reaches it (C26).
open class InvalidationContext {
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
    /// `contentOffsetAdjustment` (C26): added to the collection view's `contentOffset` when the context reaches it
    /// (`-[UICollectionViewLayoutInvalidationContext contentOffsetAdjustment]` reads a plain ivar; zero by default).
    @exclusivity(unchecked) public var contentOffsetAdjustment = LayoutPoint.zero {
        didSet { adjustsContent = true }
    }
    /// `contentSizeAdjustment` (C26): added to the collection view's `contentSize` when the context reaches it,
    /// until the next layout pass reads the layout's `collectionViewContentSize` again (C8; zero by default).
    @exclusivity(unchecked) public var contentSizeAdjustment = LayoutSize.zero {
        didSet { adjustsContent = true }
    }
    /// Whether either adjustment is set (C26).
    @exclusivity(unchecked) public private(set) var adjustsContent = false

    /// A context; `everything` for `invalidateLayout()`, false for a bounds change. Required, so that the base class
    /// can make a context of the subclass a layout names in `invalidationContextClass`.
    public required init(everything: Bool) {
        invalidateEverything = everything
    }

    /// `init()`: a context a layout makes itself, naming what it sets (nothing by default).
    public convenience init() {
        self.init(everything: false)
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
    /// `_invalidationContext`: the bounds change's context while `invalidateLayout()` runs for it (C25; held by the
    /// caller for that time).
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var boundsChangeContext: InvalidationContext?
    /// Whether `invalidationContextClass` is `InvalidationContext` itself (read once, when the layout is made).
    @usableFromInline let makesBaseContexts: Bool

    public init(ledger: UIKitLedger, switches: UIKitSwitches) {
        self.ledger = ledger
        self.switches = switches
        makesBaseContexts = Self.invalidationContextClass == InvalidationContext.self
    }

    /// A new context of `invalidationContextClass` (C25).
    @inline(__always)
    final func makeContext(everything: Bool) -> InvalidationContext {
        makesBaseContexts ? InvalidationContext(everything: everything) : Self.invalidationContextClass.init(everything: everything)
    }

    /// The attributes class the layout creates (`layoutAttributesClass`).
    open class var layoutAttributesClass: LayoutAttributes.Type { LayoutAttributes.self }

    /// `invalidationContextClass` (C25): the class of every context the base class makes (read once, when the layout
    /// is made).
    open class var invalidationContextClass: InvalidationContext.Type { InvalidationContext.self }

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

    /// `_estimatesSizes`, which `-[UICollectionView _restoreOrAdjustContentOffsetIfNecessaryWithInsets:hasUpdatedVisibleCells:isRecursive:]`
    /// asks twice per layout pass (C17): no layout of the model estimates sizes (self-sizing is not modelled).
    @inline(never)
    func estimatesSizes() -> Bool { false }

    /// `shouldInvalidateLayoutForBoundsChange:`: `UICollectionViewLayout` answers NO.
    open func shouldInvalidateLayout(forBoundsChange newBounds: LayoutRect) -> Bool { false }

    /// `invalidationContextForBoundsChange:`: a new context of `invalidationContextClass` (C25) that keeps the
    /// layout's data (F7).
    open func invalidationContext(forBoundsChange newBounds: LayoutRect) -> InvalidationContext {
        ledger.contexts += 1
        let context = makeContext(everything: false)
        let sizeChanged = newBounds.size != collectionView.bounds.size
        context.invalidateFlowLayoutDelegateMetrics = sizeChanged
        context.invalidateFlowLayoutAttributes = sizeChanged
        return context
    }

    /// `invalidateLayoutWithContext:`: tells the collection view, which drops what the context names.
    open func invalidateLayout(with context: InvalidationContext) {
        collectionView?.layoutDidInvalidate(with: context)
    }

    /// `invalidateLayout` (C25): during a bounds change, `invalidateLayout(with:)` with the bounds change's context;
    /// otherwise with a fresh context of `invalidationContextClass`, everything invalid (F7: O(N) for delegate sizes).
    /// Open, as UIKit's is: an override runs on every invalidation UIKit sends through it, a scroll's included.
    open func invalidateLayout() {
        if let context = boundsChangeContext {
            invalidateLayout(with: context)
            return
        }
        ledger.contexts += 1
        invalidateLayout(with: makeContext(everything: true))
    }

    /// `_invalidateLayoutUsingContext:` (C25), what a bounds change calls (C7): the context held while
    /// `invalidateLayout()` runs, so that an override of `invalidateLayout()` sees the scroll as on iOS.
    final func invalidateLayout(usingBoundsChangeContext context: InvalidationContext) {
        boundsChangeContext = context
        invalidateLayout()
        boundsChangeContext = nil
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

    /// `scrollViewDidEndScrollingAnimation:`, an optional method of `UIScrollViewDelegate`: nil when the app does
    /// not implement it (`respondsToSelector:` NO), so a layout's `delegate?.scrollViewDidEndScrollingAnimation?(cv)`
    /// reads as on iOS. An app that implements it overrides the property with its closure. The collection view calls
    /// it at the end of an animated scroll by code (`endScrollingAnimation()`, S7); app or layout code may too.
    open var scrollViewDidEndScrollingAnimation: ((CollectionView) -> Void)? { nil }

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

    /// The cell class `collectionView(_:cellForItemAt:)` dequeues (the one the app registered with
    /// `register(_:forCellWithReuseIdentifier:)`): the collection view makes a cell of this class whenever its reuse
    /// queue is empty. `Cell` unless the app has a subclass of its own.
    open var cellClass: Cell.Type { Cell.self }
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
