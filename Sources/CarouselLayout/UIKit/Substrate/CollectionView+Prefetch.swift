/// PF1: cell prefetching, as `UICollectionView` does it in the update cycle's idle time (switch `prefetch`,
/// on by default as iOS ships it).
///
/// Per idle callback (`-_updateCycleIdleUntil:`, once per frame after its layout pass; every frame is taken to
/// have idle time, assumed), while the velocity integrator reports motion (`-_updatePrefetchedCells:` returns at
/// once otherwise; `_UIVelocityIntegrator` keeps reporting for 0.3 s after the last move, taken here as 36 frames
/// of the suite's 120 Hz):
/// 1. the prefetched cells whose frames left the visible bounds and the strip ahead, grown by a quarter screen
///    each side, go back to the reuse queue (`_pruneCachedPrefetchViewsForVelocity:`);
/// 2. if the main prefetching context still has a candidate, one cell is prepared for it, off screen, without
///    attributes (`-_prefetchItemsForPrefetchingContext:`: at most one cell per callback);
/// 3. else, when the strip ahead (`-_computeFutureVisibleBoundsForPrefetchVelocity:visibleBounds:`: 0.75 of the
///    visible width, adjacent to the visible edge in the direction of motion) differs from the last context's, the
///    data's cells in it are asked for (`cellAttributes(in:)`, C10's query: with `cellQueryValidation=yes` the
///    strip is validated, so the layout is asked when it leaves the validated rect), and a new context is built:
///    an array, one prefetch item per cell in the strip that is not on screen or prefetched, ordered by distance
///    in the direction of motion, and the context object (`-_prefetchingContextForVisibleBounds:prefetchVector:prefetchRect:attributes:`).
///
/// A cell that comes on screen is taken from the prefetched cells when it is there (`-_createVisibleViewsForAttributes:…`
/// uses the cache before the data source). Not modelled: the data source's `prefetchItemsAtIndexPaths:` (no seed
/// implements `UICollectionViewDataSourcePrefetching`) and the 10 % idle-budget check (the model's frames always
/// have the time).
extension CollectionView {
    /// Frames the velocity integrator keeps reporting motion after the last move (0.3 s at 120 Hz).
    public static let prefetchHysteresisFrames = 36

    /// The idle part of a frame's update cycle, after its layout pass: PF1's prefetching (nothing with
    /// `prefetch=off`).
    public func updateCycleIdle() {
        guard switches.prefetch == .on else { return }
        if switches.prefetchRecheck == .on && !prefetcher.cells.isEmpty { recheckPrefetchedCells() }
        let x = contentOffset.x
        if let last = prefetcher.lastOffset, x != last {
            prefetcher.direction = x > last ? 1 : -1
            prefetcher.framesSinceMotion = 0
        } else {
            prefetcher.framesSinceMotion += 1
        }
        prefetcher.lastOffset = x
        guard prefetcher.framesSinceMotion < Self.prefetchHysteresisFrames else { return }
        let visible = bounds
        let strip = prefetchStrip()
        if !prefetcher.cells.isEmpty { prunePrefetchedCells(keeping: visible.union(strip), margin: 0.25 * frameSize.width) }
        if let context = prefetcher.context, context.next < context.items.count {
            prefetchNextCell(from: context)
        } else if prefetcher.context?.rect != strip {
            prefetcher.context = prefetchingContext(for: strip, visible: visible)
        }
    }

    /// The strip ahead (`-_computeFutureVisibleBoundsForPrefetchVelocity:visibleBounds:`): 0.75 of the visible width,
    /// adjacent to the visible edge in the direction of the last move.
    @usableFromInline
    func prefetchStrip() -> LayoutRect {
        let visible = bounds
        let width = frameSize.width
        return LayoutRect(x: prefetcher.direction > 0 ? visible.maxX : visible.minX - 0.75 * width,
                          y: visible.minY, width: 0.75 * width, height: visible.height)
    }

    /// PF2: a layout pass that re-applies attributes to the cells on screen (C11's bit 11) sets flag bit 0 of every
    /// cached prefetch item (the `_prefetchCacheItems` enumeration in `-_updateVisibleCellsNow:`, its
    /// `block_invoke_3`), so the next idle callback asks the data for their attributes again.
    @usableFromInline
    func flagPrefetchedCellsForAttributes() {
        for index in prefetcher.cells.indices { prefetcher.cells[index].needsAttributes = true }
    }

    /// PF2: `-_updateCycleIdleUntil:`'s walk of the cached prefetch items before it prefetches more
    /// (`enumerateKeysAndObjectsUsingBlock:` between `_beginReusableViewCreationAndSelfSizingOutsideVisibleCellsUpdate`
    /// and its end call), `-_updatePrefetchItemIfNeeded:forIndexPath:withLayoutAttributes:nil willDisplay:NO` per item.
    /// An item with no flag bit set costs one send (`_isHiddenForReuse`). A flagged one asks the data's
    /// `layoutAttributesForItemAtIndexPath:` (the item cache's object, or on a miss the layout's answer, paged in with a
    /// data copy and a map node: C3's per-item path), keeps the attributes, and gives them to the hidden cell (C3′'s
    /// test, a copy when they differ); then its bits are cleared. An item whose attributes the layout does not
    /// give is pruned. The walk's 10 % idle-budget test is taken as met (no clock in the model: assumed).
    @inline(never)
    func recheckPrefetchedCells() {
        passWork.send(.beginReusableViewCreation)
        var failed = false
        for index in prefetcher.cells.indices {
            ledger.prefetchRechecks += 1
            passWork.send(.isHiddenForReuse)
            guard prefetcher.cells[index].needsAttributes else { continue }
            prefetcher.cells[index].needsAttributes = false
            ledger.prefetchRefreshes += 1
            let global = prefetcher.cells[index].globalIndex
            guard let attributes = dataLayoutAttributesForItem(globalIndex: global) else {
                prefetcher.cells[index].globalIndex = -1
                failed = true
                continue
            }
            prefetcher.cells[index].frame = attributes.frame
            apply(attributes, to: prefetcher.cells[index].cell)
        }
        passWork.send(.endReusableViewCreation)
        if failed {
            prefetcher.cells.removeAll { entry in
                guard entry.globalIndex < 0 else { return false }
                reusePool.append(entry.cell)
                return true
            }
        }
    }

    /// `-[UICollectionViewData layoutAttributesForItemAtIndexPath:]`: the data prepared (C8), then the item cache's
    /// object, or on a miss the layout's `layoutAttributesForItem(at:)`, its original paged in and a copy cached (C3).
    @usableFromInline
    func dataLayoutAttributesForItem(globalIndex global: Int) -> LayoutAttributes? {
        prepareLayoutIfNeeded()
        if let cached = attributesByGlobalIndex.attributes(for: global) { return cached }
        validateCounts()
        var section = 0
        while section + 2 < itemsBeforeSection.count && itemsBeforeSection[section + 1] <= global { section += 1 }
        let indexPath = IndexPath(item: global - itemsBeforeSection[section], section: section)
        guard let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return nil }
        pageIn(attributes, caching: copyForData(attributes))
        return attributes
    }

    @usableFromInline
    func prunePrefetchedCells(keeping rect: LayoutRect, margin: Double) {
        ledger.prefetchPrunes += 1
        let kept = LayoutRect(x: rect.minX - margin, y: rect.minY - margin, width: rect.width + 2 * margin,
                              height: rect.height + 2 * margin)
        prefetcher.cells.removeAll { entry in
            // C22: `-_pruneCachedPrefetchViewsForVelocity:`'s block tests with `CGRectIntersectsRect`.
            guard !entry.frame.intersectsStrictly(kept) else { return false }
            reusePool.append(entry.cell)
            return true
        }
    }

    @usableFromInline
    func prefetchNextCell(from context: PrefetchingContext) {
        while context.next < context.items.count {
            let item = context.items[context.next]
            context.next += 1
            let global = item.globalIndex
            guard cellForItem(at: item.attributes.indexPath) == nil else { continue }
            ledger.cellsPrefetched += 1
            prefetcher.cells.append((global, item.attributes.frame, dequeueCell(globalIndex: global), false))
            return
        }
    }

    @usableFromInline
    func prefetchingContext(for strip: LayoutRect, visible: LayoutRect) -> PrefetchingContext {
        let attributes = cellAttributes(in: strip)
        var items: [PrefetchItem] = []
        items.reserveCapacity(Swift.max(1, attributes.count))
        // C22: "not on screen" is `!CGRectIntersectsRect` (`-_prefetchingContextForVisibleBounds:prefetchVector:…`).
        for candidate in attributes where !candidate.frame.intersectsStrictly(visible) {
            let global = globalIndex(of: candidate.indexPath)
            guard !prefetcher.cells.contains(where: { $0.globalIndex == global }) else { continue }
            ledger.prefetchItems += 1
            items.append(PrefetchItem(attributes: candidate, globalIndex: global))
        }
        if prefetcher.direction < 0 { items.reverse() }
        ledger.prefetchContexts += 1
        return PrefetchingContext(items: items, rect: strip)
    }

    /// The prefetched cell of item `global`, taken out of the cache, or nil.
    @usableFromInline
    func takePrefetchedCell(globalIndex global: Int) -> Cell? {
        guard !prefetcher.cells.isEmpty,
              let index = prefetcher.cells.firstIndex(where: { $0.globalIndex == global }) else { return nil }
        ledger.prefetchHits += 1
        return prefetcher.cells.remove(at: index).cell
    }

    /// `_resetPrefetchState` (`reloadData`): the prefetched cells reused, the context dropped.
    @usableFromInline
    func resetPrefetchState() {
        for entry in prefetcher.cells { reusePool.append(entry.cell) }
        prefetcher.cells.removeAll(keepingCapacity: true)
        prefetcher.context = nil
    }
}

/// The collection view's prefetching state (PF1).
@usableFromInline
struct Prefetcher {
    /// `_prefetchCacheItems`: the prepared, hidden cells with the frames they were prefetched for.
    /// `needsAttributes` is the item's flag bit 0 (PF2).
    @usableFromInline var cells: [(globalIndex: Int, frame: LayoutRect, cell: Cell, needsAttributes: Bool)] = []
    /// `_mainPrefetchingContext`.
    @usableFromInline var context: PrefetchingContext?
    /// The velocity integrator: the offset at the last idle callback, the direction of the last move, and the
    /// callbacks since (no motion before a second sample).
    @usableFromInline var lastOffset: Double?
    @usableFromInline var direction = 1.0
    @usableFromInline var framesSinceMotion = Int.max / 2

    @usableFromInline init() { cells.reserveCapacity(4) }
}

/// `_UICollectionViewPrefetchingContext`: the candidates for one strip, consumed one cell per idle callback.
public final class PrefetchingContext {
    @usableFromInline let items: [PrefetchItem]
    @usableFromInline let rect: LayoutRect
    @exclusivity(unchecked) @usableFromInline var next = 0

    init(items: [PrefetchItem], rect: LayoutRect) {
        self.items = items
        self.rect = rect
    }
}

/// `_UICollectionViewPrefetchItem` (`initWithAttributes:`): one candidate.
public final class PrefetchItem {
    @usableFromInline let attributes: LayoutAttributes
    @usableFromInline let globalIndex: Int

    init(attributes: LayoutAttributes, globalIndex: Int) {
        self.attributes = attributes
        self.globalIndex = globalIndex
    }
}
