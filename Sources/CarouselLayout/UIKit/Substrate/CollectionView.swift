/// `UICollectionView` (with the part of `UIScrollView` a carousel uses), playing a scroll frame by frame as
/// UIKit does.
///
/// Per content-offset change (`-[UICollectionView setBounds:]`, C7): while the bounds are still the old ones, and
/// only once the data is prepared, the layout is asked `shouldInvalidateLayout(forBoundsChange:)` and, when it
/// says yes, for its `invalidationContext(forBoundsChange:)`; then the offset moves (`[super setBounds:]`), the
/// delegate's `scrollViewDidScroll` runs (where the seeds wrap; before or after the invalidation: switch
/// `didScrollOrder`), and the layout is invalidated with the context, seeing the new bounds. Per layout pass
/// (`layoutSubviews`, `-_updateVisibleCellsNow:`): `prepare()` after an invalidation, the named items fetched
/// again (`validateItems`, each paged in and a copy cached: C3), the visible bounds validated (C1: the layout is
/// asked only when they leave the validated rect, for the rect rounded out to whole screens, its answer kept
/// uncopied: C3), and the visible cells updated. Cells already on screen are given attributes again only in a
/// pass after an invalidation (C11: `-_setNeedsVisibleCellsUpdate:withLayoutAttributes:`); a cell keeps a copy of
/// the attributes applied to it, made only when they differ from the ones it has or their alpha from its
/// view's (C3'; `-[UICollectionReusableView _setLayoutAttributes:force:]`), and its view takes their centre,
/// bounds, alpha and transform; a cell coming on screen is announced to the delegate after that
/// (`willDisplay`), one leaving when it is reused (`didEndDisplaying`). After the frame's layout pass, in the
/// update cycle's idle time, cells ahead of the scroll are prefetched (PF1, switch `prefetch`), after the cells
/// already prefetched are re-checked (PF2). Each pass also does `layoutSubviews`' and `_updateVisibleCellsNow:`'s own
/// work (C14–C18, `CollectionView+PassWork.swift`).
///
/// What apps ask: `visibleCells` and `indexPathsForVisibleItems` build a new array per call, as UIKit's do (C12);
/// `cellForItem(at:)` looks a cell up. The harness reads `displayedCells`, the collection view's own record.
///
/// What the collection view stores, as UIKit does (`UICollectionViewData`, `_UICollectionViewDataAttributesMap`):
/// - an R-tree of the validated attributes' frames, a new object at every invalidation and re-initialisation
///   (`objc_alloc_init(_UICollectionViewRTree)` in `-invalidate` and `-_validateLayoutInRect:`); its entries
///   hold the attributes' `frame`, so a transformed item is found by its transformed bounding box (F4);
/// - a map from global item index to attributes (`std::unordered_map`, cleared by `-invalidate:`): one node
///   allocated per new key (`-_setCachedLayoutAttributes:forGlobalItemIndex:`).
///
/// A scroll stops at the content's edges (a `UIScrollView` does not rest beyond its content; its rubber-band
/// overshoot while dragging is not modelled: named difference "clamped at content edge").
/// Programmatic offset changes (`contentOffset =`, `scrollToItem`) are not clamped, as in UIKit.
public final class CollectionView {
    public let ledger: UIKitLedger
    public let switches: UIKitSwitches
    @exclusivity(unchecked) public private(set) var collectionViewLayout: CollectionViewLayout
    /// The app's delegate (owned by the scene that built this collection view).
    @exclusivity(unchecked) public unowned(unsafe) var delegate: CollectionViewDelegate?
    /// The app's data source (owned by the scene).
    @exclusivity(unchecked) public unowned(unsafe) var dataSource: CollectionViewDataSource?

    /// `contentOffset`, the bounds' origin. Setting it is `setContentOffset(_:)` (C29): a bounds change, not clamped.
    @inlinable
    public var contentOffset: LayoutPoint {
        get { storedContentOffset }
        set { setContentOffset(newValue) }
    }
    @exclusivity(unchecked) @usableFromInline var storedContentOffset = LayoutPoint.zero
    /// The view's size (`bounds.size`).
    @exclusivity(unchecked) public private(set) var frameSize: LayoutSize
    /// `contentSize`, from the layout after `prepare()` (plus a context's `contentSizeAdjustment` up to the next pass, C26).
    @exclusivity(unchecked) public internal(set) var contentSize = LayoutSize.zero
    /// `decelerationRate` as the app set it, nil while it set none (`DecelerationRate.swift`, C30).
    @exclusivity(unchecked) public internal(set) var decelerationRateIfSet: Double?
    /// `isDragging`, `isDecelerating` (InfiniteLayout asks them).
    @exclusivity(unchecked) public internal(set) var isDragging = false
    @exclusivity(unchecked) public internal(set) var isDecelerating = false

    // UICollectionViewData.
    @exclusivity(unchecked) @usableFromInline var itemsBeforeSection: [Int] = [0]
    @exclusivity(unchecked) @usableFromInline var countsAreValid = false
    @exclusivity(unchecked) @usableFromInline var layoutNeedsPrepare = true
    /// The validated rect (`_validLayoutRect`); null after an invalidation.
    @exclusivity(unchecked) public private(set) var validatedRect = LayoutRect.null
    @exclusivity(unchecked) @usableFromInline var rTree = AttributesRTree()
    @exclusivity(unchecked) @usableFromInline var attributesByGlobalIndex = GlobalIndexMap(capacity: 32)
    @exclusivity(unchecked) @usableFromInline var itemsToRefetch: [IndexPath] = []
    /// The supplementary and decoration views' attributes the layout returned, per kind, uncopied (C28).
    @exclusivity(unchecked) public private(set) var supplementaryAttributes: [String: [IndexPath: LayoutAttributes]] = [:]
    @exclusivity(unchecked) @usableFromInline var holdsSupplementaryAttributes = false
    /// C26's adjustments held for the next layout pass (switch `contentAdjustment=nextLayoutPass`).
    @exclusivity(unchecked) @usableFromInline var pendingContentAdjustments: (offset: LayoutPoint, size: LayoutSize)?

    // Cells.
    /// The cells on screen, ascending by global item index: the collection view's own record
    /// (`_UICollectionViewSubviewManager`'s visible views), read by the harness to see what a frame shows. App
    /// code asks `visibleCells` or `cellForItem(at:)`, as it would on iOS, and pays what they cost.
    @exclusivity(unchecked) public private(set) var displayedCells: [Cell] = []
    @exclusivity(unchecked) @usableFromInline var nextDisplayedCells: [Cell] = []
    @exclusivity(unchecked) @usableFromInline var reusePool: [Cell] = []
    @exclusivity(unchecked) @usableFromInline var visibleIndexBuffer: [Int] = []
    /// C11: the next layout pass gives the cells already on screen their attributes again (bit 11 of
    /// `_collectionViewFlags`, set with an invalidation, sticky until a pass consumes it).
    @exclusivity(unchecked) @usableFromInline var visibleCellsNeedAttributes = false
    /// PF1's state: the prefetched cells, the main prefetching context, the velocity integrator's last sample.
    @exclusivity(unchecked) @usableFromInline var prefetcher = Prefetcher()
    /// C11, C14: a visible-cell update is pending (bit 10 of `_collectionViewFlags+1`, set by every `setBounds:` and
    /// `setFrame:` and by an invalidation, consumed by the next layout pass).
    @exclusivity(unchecked) @usableFromInline var visibleCellsUpdatePending = true
    /// C14–C18 and PF3: what `layoutSubviews` and `_updateVisibleCellsNow:` keep across passes.
    @usableFromInline let passWork = PassWork()

    /// This frame: an offset change made by code (a wrap, a restore) rather than by the scroll itself.
    @exclusivity(unchecked) public internal(set) var offsetWasSetByCode = false
    /// Whether this frame's width change ran the re-adjustment (C21, `rotationOffset=proportional`): the layout
    /// prepared inside `setFrame:` and the offset set. What the app's own handling does next starts from there (a
    /// `prepare` that saw the new width before the app's new item size, a `scrollViewDidScroll` that read the offset).
    @exclusivity(unchecked) public internal(set) var offsetReadjustedAtFrameChange = false
    /// This frame: the scroll was stopped at a content edge.
    @exclusivity(unchecked) public internal(set) var scrollWasClamped = false
    /// The item the app selected last (`selectItem`, S9), as a global index; nil before any.
    @exclusivity(unchecked) public internal(set) var selectedGlobalIndex: Int?

    public init(frameSize: LayoutSize, layout: CollectionViewLayout, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.frameSize = frameSize
        collectionViewLayout = layout
        self.ledger = ledger
        self.switches = switches
        displayedCells.reserveCapacity(16)
        nextDisplayedCells.reserveCapacity(16)
        reusePool.reserveCapacity(16)
        visibleIndexBuffer.reserveCapacity(32)
        itemsToRefetch.reserveCapacity(16)
        layout.collectionView = self
    }

    /// `bounds`: the content offset and the view's size.
    @inlinable
    public var bounds: LayoutRect { LayoutRect(origin: storedContentOffset, size: frameSize) }

    /// The largest offset a scroll can reach: `contentSize.width - bounds.width` (0 for narrower content).
    @inlinable
    public var maxContentOffsetX: Double { max(0, contentSize.width - frameSize.width) }

    // MARK: Counts

    /// `numberOfSections`.
    public var numberOfSections: Int {
        validateCounts()
        return itemsBeforeSection.count - 1
    }

    /// `numberOfItemsInSection:`.
    public func numberOfItems(inSection section: Int) -> Int {
        validateCounts()
        return itemsBeforeSection[section + 1] - itemsBeforeSection[section]
    }

    /// The item's global index (`globalIndexForItemAtIndexPath:`).
    @inlinable
    public func globalIndex(of indexPath: IndexPath) -> Int {
        itemsBeforeSection[indexPath.section] + indexPath.item
    }

    /// The index path of global index `global`, or nil outside `[0, N)` (the inverse of `globalIndex(of:)`).
    public func indexPath(forGlobalIndex global: Int) -> IndexPath? {
        validateCounts()
        guard global >= 0, global < itemsBeforeSection[itemsBeforeSection.count - 1] else { return nil }
        var low = 0
        var high = itemsBeforeSection.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if itemsBeforeSection[middle] <= global { low = middle } else { high = middle }
        }
        return IndexPath(item: global - itemsBeforeSection[low], section: low)
    }

    @usableFromInline
    func validateCounts() {
        guard !countsAreValid else { return }
        countsAreValid = true
        let sections = dataSource?.numberOfSections(in: self) ?? 0
        itemsBeforeSection.removeAll(keepingCapacity: true)
        itemsBeforeSection.reserveCapacity(sections + 1)
        var total = 0
        itemsBeforeSection.append(0)
        for section in 0..<sections {
            total += dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
            itemsBeforeSection.append(total)
        }
    }

    // MARK: Offsets

    /// `contentOffset = point` by code (not clamped, as in UIKit; C29: `setContentOffset:` sets the bounds' origin):
    /// the bounds-change invalidation check, then `scrollViewDidScroll`.
    public func setContentOffset(_ point: LayoutPoint) {
        guard point != storedContentOffset else { return }
        offsetWasSetByCode = true
        moveBounds(to: point)
    }

    /// The scroll itself moves the content by `delta` (a pan or the deceleration), stopping at the content's
    /// edges.
    public func scroll(by delta: Double) {
        let proposed = storedContentOffset.x + delta
        let clamped = min(max(proposed, 0), maxContentOffsetX)
        if clamped != proposed { scrollWasClamped = true }
        guard clamped != storedContentOffset.x else { return }
        moveBounds(to: LayoutPoint(x: clamped, y: storedContentOffset.y))
    }

    /// The view's width changes (a rotation): `-setFrame:`, the same shape as `setBounds:` (asked with the old
    /// frame, invalidated after the change through the layout's `invalidateLayout()`, C25), without
    /// `scrollViewDidScroll`. When the layout invalidated, the offset is then re-adjusted (C21, switch
    /// `rotationOffset`): unless dragging or estimating sizes, and with both frames non-empty, the data's content
    /// rect is read (`collectionViewContentRect`: `_prepareToLoadData`, so the layout prepares here and reports its
    /// new content size) and `setContentOffset:` puts the viewport's centre at the fraction of the new content where
    /// it was in the old (`offsetForNewFrame`), a bounds change of its own (C7, `scrollViewDidScroll`).
    public func setFrameWidth(_ width: Double) {
        let oldWidth = frameSize.width
        offsetReadjustedAtFrameChange = false
        let newBounds = LayoutRect(origin: storedContentOffset, size: LayoutSize(width: width, height: frameSize.height))
        let context = boundsChangeContext(for: newBounds)
        frameSize.width = width
        visibleCellsUpdatePending = true
        guard let context else { return }
        let oldContentWidth = contentSize.width
        collectionViewLayout.invalidateLayout(usingBoundsChangeContext: context)
        guard switches.rotationOffset == .proportional, !isDragging, !collectionViewLayout.estimatesSizes(),
              oldWidth > 0, width > 0, frameSize.height > 0 else { return }
        prepareLayoutIfNeeded()
        let x = Self.offsetForNewFrame(offset: storedContentOffset.x, oldWidth: oldWidth, newWidth: width,
                                       oldContentWidth: oldContentWidth, newContentWidth: contentSize.width)
        setContentOffset(LayoutPoint(x: x, y: storedContentOffset.y))
        offsetReadjustedAtFrameChange = true
    }

    /// `-[UICollectionView _contentOffsetForNewFrame:oldFrame:newContentSize:andOldContentSize:]` along x (C21): the
    /// old viewport's centre as a fraction of the old content width (0 for empty content); where the new content is
    /// wider than the new viewport and the offset is past the content's start, the new viewport's centre at that
    /// fraction of the new content, rounded to a whole point (`round`) and kept inside the content; else the
    /// content's start. The model has no content insets (UIKit's `-inset.left` and `+inset.right` bounds are 0).
    /// y is left alone: the model's rotations change the width only, and content as tall as the view gives UIKit's
    /// y rule the content's start, where every pipeline already is.
    public static func offsetForNewFrame(offset: Double, oldWidth: Double, newWidth: Double, oldContentWidth: Double,
                                         newContentWidth: Double) -> Double {
        let fraction = oldContentWidth > 0 ? (offset + oldWidth / 2) / oldContentWidth : 0
        guard newWidth < newContentWidth, offset > 0 else { return 0 }
        var x = (newContentWidth * fraction - newWidth / 2).rounded()
        if x < 0 { x = 0 }
        if x + newWidth > newContentWidth { x = newContentWidth - newWidth }
        return x
    }

    /// `-[UICollectionView setBounds:]` for a new offset (C7): the layout asked with the old bounds, the bounds
    /// moved, the layout invalidated with the context (it sees the new bounds) through its `invalidateLayout()`
    /// (C25: `_invalidateLayoutUsingContext:`); `scrollViewDidScroll` before or after the invalidation (switch
    /// `didScrollOrder`).
    @usableFromInline
    func moveBounds(to point: LayoutPoint) {
        let context = boundsChangeContext(for: LayoutRect(origin: point, size: frameSize))
        storedContentOffset = point
        visibleCellsUpdatePending = true
        if switches.didScrollOrder == .beforeInvalidate { notifyDidScroll() }
        if let context { collectionViewLayout.invalidateLayout(usingBoundsChangeContext: context) }
        if switches.didScrollOrder == .afterInvalidate { notifyDidScroll() }
    }

    @inline(__always)
    func notifyDidScroll() {
        collectionViewLayout.collectionViewDidScroll()
        delegate?.scrollViewDidScroll(self)
    }

    /// `setBounds:`'s question, asked while `bounds` is still the old one: once the data is prepared
    /// (`_collectionViewDataFlags & 0x8`) or the layout says it is prepared for bounds changes
    /// (`preparedForBoundsChanges`), `shouldInvalidateLayout(forBoundsChange:)`, and when it says yes the layout's
    /// context.
    @usableFromInline
    func boundsChangeContext(for newBounds: LayoutRect) -> InvalidationContext? {
        let layout = collectionViewLayout
        guard !layoutNeedsPrepare || layout.preparedForBoundsChanges else { return nil }
        guard layout.shouldInvalidateLayout(forBoundsChange: newBounds) else { return nil }
        return layout.invalidationContext(forBoundsChange: newBounds)
    }

    /// Leaves the deceleration a release began without running it (a lifecycle measurement's release stays put).
    @usableFromInline
    func abandonDeceleration() { isDecelerating = false }

    /// Clears the per-frame flags (`offsetWasSetByCode`, `scrollWasClamped`).
    public func beginFrame() {
        offsetWasSetByCode = false
        scrollWasClamped = false
    }

    /// The release of a drag at `velocity` (pt/s) with UIKit's projected resting offset: the layout's
    /// `targetContentOffset` (velocity in pt/ms), then the delegate's `scrollViewWillEndDragging`; the target kept
    /// inside the content (switch `contentTargets`). Returns the resting offset.
    /// With a `decelerationRate` the app set (C30), the proposed offset is projected at that rate from the offset now
    /// (the trajectory's own flicks are played at it already; a lifecycle release passes the `.normal` projection).
    public func endDragging(velocity: Double, proposedOffset: Double) -> Double {
        let velocityPoint = LayoutPoint(x: velocity / Velocity.pointsPerSecondPerPointPerMillisecond, y: 0)
        var proposed = proposedOffset
        if let rate = decelerationRateIfSet, switches.flickRate == .app {
            proposed = ScrollDeceleration.restingOffset(from: storedContentOffset.x, velocity: velocity, rate: rate)
        }
        var target = collectionViewLayout.targetContentOffset(
            forProposedContentOffset: LayoutPoint(x: proposed, y: storedContentOffset.y), withScrollingVelocity: velocityPoint)
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocityPoint, targetContentOffset: &target)
        isDragging = false
        isDecelerating = true
        return restingOffset(forTarget: target.x)
    }

    /// An offset computed for the content (a release's target, `scrollToItem`'s offset), kept inside the
    /// content with switch `contentTargets=clamped`.
    @inlinable
    public func restingOffset(forTarget x: Double) -> Double {
        switches.contentTargets == .clamped ? min(max(x, 0), maxContentOffsetX) : x
    }

    /// An animated scroll by code ends: `scrollViewDidEndScrollingAnimation`, when the app implements it.
    public func endScrollingAnimation() {
        delegate?.scrollViewDidEndScrollingAnimation?(self)
    }

    /// The deceleration ends: `scrollViewDidEndDecelerating`.
    public func endDecelerating() {
        isDecelerating = false
        delegate?.scrollViewDidEndDecelerating(self)
    }

    // MARK: Invalidation

    /// `-_invalidateLayoutWithContext:`: drops what the context names. Everything (the map's R-tree replaced,
    /// its nodes freed, the validated rect nulled, the supplementary views' attributes dropped:
    /// `-[UICollectionViewData invalidate:]`), or, for a context naming items only, those items, fetched again at
    /// the next layout pass (switch `itemInvalidation`). A context's content adjustments are applied first (C26).
    ///
    /// C20 (`-[UICollectionViewData invalidateItemsAtIndexPaths:]`, `-invalidate:`): only a full invalidation clears
    /// the prepared bit at once; one naming items leaves it set, and the next validation clears it because items are
    /// pending (`validateData(in:)`), so a bounds change before that still asks the layout (C7).
    public func layoutDidInvalidate(with context: InvalidationContext) {
        visibleCellsNeedAttributes = true
        visibleCellsUpdatePending = true
        let itemsOnly = !context.invalidateEverything && !context.invalidateDataSourceCounts
            && !context.invalidatedItemIndexPaths.isEmpty && switches.itemInvalidation == .items
        if !itemsOnly { layoutNeedsPrepare = true }
        if context.adjustsContent { receiveContentAdjustments(of: context) }
        if context.invalidateDataSourceCounts { countsAreValid = false }
        if itemsOnly {
            ledger.itemInvalidations += 1
            itemsToRefetch.append(contentsOf: context.invalidatedItemIndexPaths)
            return
        }
        ledger.invalidations += 1
        ledger.rTrees += 1
        rTree = AttributesRTree()
        validatedRect = .null
        attributesByGlobalIndex.removeAll()
        itemsToRefetch.removeAll(keepingCapacity: true)
        if holdsSupplementaryAttributes {
            holdsSupplementaryAttributes = false
            supplementaryAttributes.removeAll(keepingCapacity: true)
        }
    }

    /// C26: a context's adjustments, applied at once or held for the next layout pass (switch `contentAdjustment`).
    @inline(never)
    func receiveContentAdjustments(of context: InvalidationContext) {
        if switches.contentAdjustment == .atInvalidation {
            applyContentAdjustments(offset: context.contentOffsetAdjustment, size: context.contentSizeAdjustment)
        } else {
            let held = pendingContentAdjustments ?? (.zero, .zero)
            pendingContentAdjustments = (
                LayoutPoint(x: held.offset.x + context.contentOffsetAdjustment.x, y: held.offset.y + context.contentOffsetAdjustment.y),
                LayoutSize(width: held.size.width + context.contentSizeAdjustment.width,
                           height: held.size.height + context.contentSizeAdjustment.height))
        }
    }

    /// C26: `size` added to `contentSize` (until a layout pass reads the layout's size again, C8), then `offset`
    /// added to `contentOffset` by `setContentOffset(_:)` (a bounds change: at the invalidation, the layout's data is
    /// invalid, so it is not asked, C7; `scrollViewDidScroll` runs).
    @inline(never)
    func applyContentAdjustments(offset: LayoutPoint, size: LayoutSize) {
        contentSize = LayoutSize(width: contentSize.width + size.width, height: contentSize.height + size.height)
        if offset != .zero {
            setContentOffset(LayoutPoint(x: storedContentOffset.x + offset.x, y: storedContentOffset.y + offset.y))
        }
    }

    /// The adjustments held for the next layout pass (switch `contentAdjustment=nextLayoutPass`).
    @inline(never)
    func applyPendingContentAdjustments() {
        guard let held = pendingContentAdjustments else { return }
        pendingContentAdjustments = nil
        applyContentAdjustments(offset: held.offset, size: held.size)
    }

    /// `reloadData`: the counts and everything the collection view holds are dropped; every visible cell is
    /// reused, its delegate told it ended displaying (`__30__UICollectionView_reloadData__block_invoke` calls
    /// `_reuseCell:notifyDidEndDisplaying:YES`), and the next layout pass displays cells afresh.
    public func reloadData() {
        invalidateData(with: InvalidationContext(everything: true))
    }

    /// What a change of the data does before the next layout pass: the counts invalid, the layout invalidated with
    /// `context` and the data source counts, every visible cell reused, the prefetching reset.
    @inline(__always)
    private func invalidateData(with context: InvalidationContext) {
        countsAreValid = false
        collectionViewLayout.ledger.contexts += 1
        context.invalidateDataSourceCounts = true
        collectionViewLayout.invalidateLayout(with: context)
        for cell in displayedCells { recycle(cell) }
        displayedCells.removeAll(keepingCapacity: true)
        resetPrefetchState()
    }

    /// `performBatchUpdates` as a diffable data source's apply without animation runs it (D3, D4): the counts
    /// invalidated, the layout invalidated with a context of the data source counts (not everything) and the update
    /// items, the offset kept and only clamped into the new content (`_computeVisibleContentOffsetForUpdate:`). UIKit
    /// re-maps the visible cells to their new index paths and lays them out at the next pass; the model reuses them and
    /// the next pass displays them afresh (the same O(k) work, the cells' objects not kept).
    public func performBatchUpdates() {
        invalidateData(with: collectionViewLayout.makeContext(everything: false))
        prepareLayoutIfNeeded()
        let clamped = min(max(contentOffset.x, 0), maxContentOffsetX)
        if clamped != contentOffset.x { setContentOffset(LayoutPoint(x: clamped, y: contentOffset.y)) }
    }

    // MARK: Layout pass

    /// `layoutIfNeeded` / `layoutSubviews`: prepare, refetch, validate the visible bounds, update the cells.
    ///
    /// Around that, `layoutSubviews`' own work (C14, switch `layoutSubviewsWork`): its sends before the validation and
    /// after the update on every pass; with a visible-cell update pending, an autorelease pool around the update, then
    /// the prefetch velocity sample (PF3) and the prefetch cache's prune. And, with the update pending, the rest of
    /// `_updateVisibleCellsNow:` (C15–C18, switch `cellUpdateWork`): the focus lock, the notification suspension, the
    /// content-offset adjustment's questions to the layout and the content size set from the layout before the cells,
    /// the unlock, the resumption and the emptying of the views preparing for display after them. The model runs its
    /// cell update on every pass (with nothing pending it finds the same cells and changes nothing).
    public func layoutIfNeeded() {
        ledger.layoutPasses += 1
        passWork.passClock += 1
        let passWorkModelled = switches.layoutSubviewsWork == .on
        if passWorkModelled { layoutSubviewsWorkBeforeValidation() }
        if pendingContentAdjustments != nil { applyPendingContentAdjustments() }
        validateData(in: bounds)
        let updatePending = visibleCellsUpdatePending
        visibleCellsUpdatePending = false
        let pool = passWorkModelled && updatePending ? pushAutoreleasePool() : nil
        let cellUpdateWorkModelled = updatePending && switches.cellUpdateWork == .on
        if cellUpdateWorkModelled {
            cellUpdateWorkBegin()
            cellUpdateWorkContentSize()
        }
        updateVisibleCells()
        if cellUpdateWorkModelled { cellUpdateWorkEnd() }
        if let pool { popAutoreleasePoolAndUpdatePrefetching(pool) }
        if passWorkModelled { layoutSubviewsWorkAfterUpdate() }
        delegate?.collectionViewDidLayoutSubviews(self)
    }

    /// `-[UICollectionViewData _prepareToLoadData]`: the layout prepared after an invalidation, before anything
    /// reads it (a layout pass, or `layoutAttributesForItem(at:)` for `scrollToItem`).
    ///
    /// The data counts as prepared only once the layout's `prepare()` returned (the prepared bit is set after
    /// `_prepareLayout`), so an invalidation inside `prepare()` (a flow setter's, F9) drops the layout's answers
    /// but does not make the next pass prepare again.
    public func prepareLayoutIfNeeded() {
        guard layoutNeedsPrepare else { return }
        validateCounts()
        collectionViewLayout.prepare()
        layoutNeedsPrepare = false
        contentSize = collectionViewLayout.collectionViewContentSize
        collectionViewLayout.layoutDidPrepare()
    }

    /// `-[UICollectionViewData validateLayoutInRect:]` (C19): the prepared bit cleared when items are pending (C20),
    /// the layout prepared (C8), the map validated (C1), and only then the pending items the validation did not page in
    /// refetched (`validateItems`). So an invalidated item that C1's query returns in the same pass is stored uncopied
    /// and costs no data copy.
    @usableFromInline
    func validateData(in rect: LayoutRect) {
        if !itemsToRefetch.isEmpty { layoutNeedsPrepare = true }
        prepareLayoutIfNeeded()
        validateLayout(in: rect)
        if !itemsToRefetch.isEmpty { refetchInvalidatedItems() }
    }

    /// `validateItems`: each named item still pending asked of the layout, then `-[UICollectionViewData
    /// _setLayoutAttributes:atGlobalItemIndex:]`, which pages the layout's object into the R-tree and caches a
    /// copy of it (C3: the per-item path copies, the bulk page-in does not).
    @usableFromInline
    func refetchInvalidatedItems() {
        let layout = collectionViewLayout
        for indexPath in itemsToRefetch {
            ledger.itemRefetches += 1
            if let attributes = layout.layoutAttributesForItem(at: indexPath) { pageIn(attributes, caching: copyForData(attributes)) }
        }
        itemsToRefetch.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func copyForData(_ attributes: LayoutAttributes) -> LayoutAttributes {
        ledger.dataCopies += 1
        return attributes.copy()
    }

    /// C1 (`-_validateLayoutInRect:`): nothing when the validated rect contains `rect`; otherwise the rect
    /// rounded out to whole multiples of the visible size is asked of the layout, kept as a union with the
    /// old validated rect while they overlap and the union stays within 5 screens, else the R-tree starts
    /// afresh. With `answerCaching=off` the layout is asked for exactly `rect` on every pass.
    @usableFromInline
    func validateLayout(in rect: LayoutRect) {
        let fault: LayoutRect
        if switches.answerCaching == .on {
            if validatedRect.contains(rect) { return }
            let width = frameSize.width
            let height = frameSize.height
            let x = width * (rect.minX / width).rounded(.down)
            let y = height * (rect.minY / height).rounded(.down)
            fault = LayoutRect(x: x, y: y, width: width * ((rect.width + rect.minX - x) / width).rounded(.up),
                               height: height * ((rect.height + rect.minY - y) / height).rounded(.up))
            let old = validatedRect
            let union = old.union(fault)
            let overlaps = !old.isNull && fault.minX < old.maxX && old.minX < fault.maxX
                && fault.minY < old.maxY && old.minY < fault.maxY
            if overlaps && (union.width == old.width || union.height == old.height)
                && union.height <= 5 * height && union.width <= 5 * width {
                validatedRect = union
                rTree.removeEntries(intersecting: fault)
            } else {
                ledger.rTrees += 1
                rTree = AttributesRTree()
                validatedRect = fault
            }
        } else {
            fault = rect
            rTree.removeEntries(intersecting: fault)
            validatedRect = fault
        }
        ledger.faultQueries += 1
        guard let answer = collectionViewLayout.layoutAttributesForElements(in: fault) else { return }
        for attributes in answer { pageIn(attributes) }
    }

    /// Pages one attributes object in: its frame into the R-tree, and into the map (a node allocated for a new
    /// key) the object itself (the bulk page-in, `-_attributesMapDidPageInAttributes:globalItemIndex:`: uncopied,
    /// C3) or `cached` (the per-item path's copy).
    @usableFromInline
    func pageIn(_ attributes: LayoutAttributes, caching cached: LayoutAttributes? = nil) {
        if attributes.representedElementCategory != .cell {
            pageInSupplementary(attributes)
            return
        }
        let global = globalIndex(of: attributes.indexPath)
        // C19: the bulk page-in removes the item from the pending set (`-_attributesMapDidPageInAttributes:globalItemIndex:`).
        if cached == nil && !itemsToRefetch.isEmpty { itemsToRefetch.removeAll { globalIndex(of: $0) == global } }
        rTree.set(global: global, frame: attributes.frame)
        let stored = cached ?? attributes
        if let node = attributesByGlobalIndex[global] {
            node.attributes = stored
        } else {
            ledger.mapNodes += 1
            attributesByGlobalIndex.insert(AttributesMapNode(stored), for: global)
        }
    }

    /// C28: a supplementary or decoration view's attributes go uncopied into a dictionary per kind
    /// (`-_attributesMapDidPageInAttributes:globalItemIndex:`), counted (`supplementaryAttributes`); the model
    /// shows no view for them.
    @inline(never)
    func pageInSupplementary(_ attributes: LayoutAttributes) {
        ledger.supplementaryAttributes += 1
        holdsSupplementaryAttributes = true
        supplementaryAttributes[attributes.representedElementKind ?? "", default: [:]][attributes.indexPath] = attributes
    }

    /// The cells of the items whose R-tree frames intersect the bounds, ascending. A cell already on screen gets
    /// its map attributes applied only in a pass after an invalidation (C11; a copy when they differ from the
    /// cell's, C3'). A cell that comes on screen is taken from the prefetched cells (PF1) or
    /// dequeued, given its attributes, then announced to the delegate (`collectionView(_:willDisplay:forItemAt:)`:
    /// `-_createPreparedCellForItemAtIndexPath:withLayoutAttributes:applyAttributes:isFocused:notify:` applies the
    /// attributes before `_notifyWillDisplayCellIfNeeded:forIndexPath:`); one that leaves is reused and announced
    /// (`collectionView(_:didEndDisplaying:forItemAt:)`, `-_reuseCell:notifyDidEndDisplaying:`).
    @usableFromInline
    func updateVisibleCells() {
        let visibleBounds = bounds
        visibleIndexBuffer.removeAll(keepingCapacity: true)
        rTree.globals(intersecting: visibleBounds, into: &visibleIndexBuffer)
        let reapply = visibleCellsNeedAttributes
        visibleCellsNeedAttributes = false
        if reapply && !prefetcher.cells.isEmpty { flagPrefetchedCellsForAttributes() }
        if refreshDisplayedCellsInPlace(reapply: reapply) { return }
        nextDisplayedCells.removeAll(keepingCapacity: true)
        var old = 0
        for global in visibleIndexBuffer {
            while old < displayedCells.count && displayedCells[old].globalIndex < global {
                recycle(displayedCells[old])
                old += 1
            }
            let node = attributesByGlobalIndex[global]
            if old < displayedCells.count && displayedCells[old].globalIndex == global {
                let cell = displayedCells[old]
                old += 1
                if reapply, let node { apply(node.attributes, to: cell) }
                nextDisplayedCells.append(cell)
            } else {
                let cell = takePrefetchedCell(globalIndex: global) ?? dequeueCell(globalIndex: global)
                nextDisplayedCells.append(cell)
                guard let node else { continue }
                apply(node.attributes, to: cell)
                ledger.cellsDisplayed += 1
                delegate?.collectionView(self, willDisplay: cell, forItemAt: node.attributes.indexPath)
            }
        }
        while old < displayedCells.count {
            recycle(displayedCells[old])
            old += 1
        }
        swap(&displayedCells, &nextDisplayedCells)
    }

    /// The common pass, where the same items stay on screen: after an invalidation each displayed cell gets its
    /// attributes applied, in place (the same work as the general pass, without rebuilding the list); else nothing
    /// (C11). False when the items differ.
    @inline(__always)
    func refreshDisplayedCellsInPlace(reapply: Bool) -> Bool {
        let globals = visibleIndexBuffer
        let cells = displayedCells
        guard globals.count == cells.count else { return false }
        return cells.withUnsafeBufferPointer { cells in
            globals.withUnsafeBufferPointer { globals in
                for index in cells.indices where cells[index].globalIndex != globals[index] { return false }
                guard reapply else { return true }
                for index in cells.indices {
                    if let attributes = attributesByGlobalIndex.attributes(for: globals[index]) { apply(attributes, to: cells[index]) }
                }
                return true
            }
        }
    }

    @usableFromInline
    func dequeueCell(globalIndex: Int) -> Cell {
        let cell: Cell
        if let reused = reusePool.popLast() {
            cell = reused
        } else {
            ledger.cellsCreated += 1
            cell = makeCell()
        }
        cell.globalIndex = globalIndex
        return cell
    }

    /// A new cell of the data source's cell class (`Cell` unless the app registered a subclass).
    @inline(never)
    func makeCell() -> Cell {
        (dataSource?.cellClass ?? Cell.self).init(ledger: ledger)
    }

    /// `-_reuseCell:notifyDidEndDisplaying:` with notification: into the reuse queue, the delegate told.
    @usableFromInline
    func recycle(_ cell: Cell) {
        reusePool.append(cell)
        if let indexPath = cell.layoutAttributes?.indexPath {
            ledger.cellsEndedDisplay += 1
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        }
    }

    /// `-[UICollectionReusableView _setLayoutAttributes:force:]`: unless the attributes equal the cell's own
    /// (`isEqual:`) and their alpha is within 0.0001 of the view's current `alpha`, the cell keeps a copy of them
    /// (C3) and its view takes their `center`, `bounds`, `alpha` and `transform3D`. So a cell whose own `alpha`
    /// the app changed is reset at its next application; its content view is never touched (it has the cell's size,
    /// C27).
    @inline(__always)
    func apply(_ attributes: LayoutAttributes, to cell: Cell) {
        // Base-class attributes compare field by field here; a subclass's `isEqual(to:)` is called out of line.
        if attributes.isOfBaseClass, let current = cell.layoutAttributes, current.isOfBaseClass {
            if current.baseFieldsEqual(attributes) && abs(attributes.alpha - cell.alpha) <= 0.0001 { return }
            applyCopy(of: attributes, to: cell)
            return
        }
        applyComparingWithIsEqual(attributes, to: cell)
    }

    @inline(never)
    func applyComparingWithIsEqual(_ attributes: LayoutAttributes, to cell: Cell) {
        if let current = cell.layoutAttributes, current.isEqual(to: attributes),
           abs(attributes.alpha - cell.alpha) <= 0.0001 { return }
        applyCopy(of: attributes, to: cell)
    }

    @inline(never)
    func applyCopy(of attributes: LayoutAttributes, to cell: Cell) {
        ledger.cellCopies += 1
        cell.layoutAttributes = attributes.copy()
        cell.center = attributes.center
        cell.bounds = LayoutRect(origin: .zero, size: attributes.size)
        cell.alpha = attributes.alpha
        cell.transform3D = attributes.transform3D
    }
}
