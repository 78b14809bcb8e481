/// What apps ask a collection view (`indexPathForItem(at:)`, `cellForItem(at:)`, `visibleCells`, `scrollToItem`).
extension CollectionView {
    /// `indexPathForItemAtPoint:`. With `hitTest=map` (C10: `-[UICollectionView _indexPathForItemAtPoint:]`), the
    /// data's cells meeting the 1x1 rect at the point (`cellAttributes(in:)`: the map and item cache, the layout
    /// asked only when validation faults), the first with the strictly highest zIndex, in ascending item order.
    /// With `layout`, the layout prepared and asked for the 1x1 rect, the last item whose frame contains the point
    /// (PSTCollectionView). Nil in a gap.
    public func indexPathForItem(at point: LayoutPoint) -> IndexPath? {
        let rect = LayoutRect(x: point.x, y: point.y, width: 1, height: 1)
        switch switches.hitTest {
        case .map:
            var hit: LayoutAttributes?
            for attributes in cellAttributes(in: rect) where hit.map({ attributes.zIndex > $0.zIndex }) ?? true {
                hit = attributes
            }
            return hit?.indexPath
        case .layout:
            prepareLayoutIfNeeded()
            return collectionViewLayout.layoutAttributesForElements(in: rect)?.last { $0.frame.contains(point) }?.indexPath
        }
    }

    /// `-[UICollectionViewData layoutAttributesForCellsInRect:validateLayout:]` (C10;
    /// `-_layoutAttributesForElementsInRect:cellsOnly:validateIfNeeded:includeIndelibleElements:`): with
    /// `cellQueryValidation=yes` (its value undecided: C24) the data validated for the rect (`validateData(in:)`: prepared,
    /// C1, then the pending items, C19); then the map's index set for the rect, a result array of the cached objects
    /// whose frames meet it strictly (`CGRectIntersectsRect`, C22), and for a
    /// non-empty result the cells-only path's `mutableCopy`: two or three arrays per call (`cellQueryArrays`).
    @usableFromInline
    func cellAttributes(in rect: LayoutRect) -> [LayoutAttributes] {
        ledger.cellQueries += 1
        if switches.cellQueryValidation == .yes { validateData(in: rect) }
        var indexes: [Int] = []
        indexes.reserveCapacity(4)
        rTree.globals(intersecting: rect, into: &indexes)
        var result: [LayoutAttributes] = []
        result.reserveCapacity(Swift.max(1, indexes.count))
        ledger.cellQueryArrays += 2
        for global in indexes {
            if let attributes = attributesByGlobalIndex.attributes(for: global), attributes.frame.intersectsStrictly(rect) {
                result.append(attributes)
            }
        }
        guard !result.isEmpty else { return result }
        ledger.cellQueryArrays += 1
        return [LayoutAttributes](unsafeUninitializedCapacity: result.count) { buffer, count in
            for (index, attributes) in result.enumerated() { (buffer.baseAddress! + index).initialize(to: attributes) }
            count = result.count
        }
    }

    /// `cellForItemAtIndexPath:`: the visible cell of the item, else a prefetched (hidden) one (`-_cellForItemAtIndexPath:`
    /// falls back to the prefetch cache on a current SDK), or nil (a look-up, no allocation; the index path is the
    /// caller's).
    public func cellForItem(at indexPath: IndexPath) -> Cell? {
        let global = globalIndex(of: indexPath)
        var low = 0
        var high = displayedCells.count
        while low < high {
            let middle = (low + high) / 2
            if displayedCells[middle].globalIndex < global { low = middle + 1 } else { high = middle }
        }
        if low < displayedCells.count && displayedCells[low].globalIndex == global { return displayedCells[low] }
        return prefetcher.cells.first { $0.globalIndex == global }?.cell
    }

    /// `visibleCells`: a new array of the visible cells on every call. `-[UICollectionView visibleCells]` is
    /// `_reloadDataIfNeeded` then `_existingVisibleCells`, which returns `-[_UICollectionViewSubviewManager
    /// visibleCells]`, that is `-[_UICollectionViewSubviewCollection cells]`: an `NSMutableArray`
    /// `initWithCapacity:` the count, filled by enumerating the cells dictionary (so UIKit's order is the
    /// dictionary's; the model's is ascending, and app code must not rely on either). One array per call
    /// (`visibleCellArrays`).
    public var visibleCells: [Cell] {
        ledger.visibleCellArrays += 1
        let cells = displayedCells
        return [Cell](unsafeUninitializedCapacity: Swift.max(1, cells.count)) { buffer, count in
            for (index, cell) in cells.enumerated() { (buffer.baseAddress! + index).initialize(to: cell) }
            count = cells.count
        }
    }

    /// `indexPathsForVisibleItems`: a new array of the visible cells' index paths on every call
    /// (`-[_UICollectionViewSubviewManager indexPathsForVisibleCells]`, `-[_UICollectionViewSubviewCollection
    /// indexPathsForCells]`: an `NSMutableArray` `initWithCapacity:` the count, filled with the cells
    /// dictionary's keys, index paths that exist already; the hop from `-[UICollectionView
    /// indexPathsForVisibleItems]` is unread: medium). One array per call (`visibleCellArrays`).
    public var indexPathsForVisibleItems: [IndexPath] {
        ledger.visibleCellArrays += 1
        let cells = displayedCells
        return [IndexPath](unsafeUninitializedCapacity: Swift.max(1, cells.count)) { buffer, count in
            count = 0
            for cell in cells {
                guard let indexPath = cell.layoutAttributes?.indexPath else { continue }
                (buffer.baseAddress! + count).initialize(to: indexPath)
                count += 1
            }
        }
    }

    /// Where `scrollToItem(at:at:animated: false)` puts the content: the item centred, or its right edge on the
    /// bounds' right edge (`.right`), from `layoutAttributesForItem(at:)`.
    public enum ScrollPosition: Sendable {
        case centeredHorizontally, right
    }

    /// `scrollToItemAtIndexPath:atScrollPosition:animated: NO`: the offset from the item's frame, kept inside
    /// the content (switch `contentTargets`), set by code.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition) {
        guard let x = contentOffsetForScrollingToItem(at: indexPath, at: position) else { return }
        setContentOffset(LayoutPoint(x: x, y: contentOffset.y))
    }

    /// `selectItemAtIndexPath:animated: NO scrollPosition:` (S9): the counts reloaded if needed, the index path checked
    /// against them, then selected and, with a position, scrolled to as `scrollToItem` does (S4). Returns the exception
    /// UIKit raises for an index path outside the data, in one line, with nothing selected or scrolled; nil when it
    /// selects. A negative section passes UIKit's signed section check and counts 0 items (S9, as FSPagerView #375's
    /// message shows), so its item is out of bounds.
    @discardableResult
    public func selectItem(at indexPath: IndexPath, scrollPosition position: ScrollPosition?) -> String? {
        validateCounts()
        let sections = numberOfSections
        if indexPath.section < 0 {
            return "UIKit raises NSInternalInconsistencyException: section \(indexPath.section) passes the section check and "
                + "counts 0 items, so the item check fails (UICollectionView.m line 8236, \"Attempted to modify the selection of "
                + "an out-of-bounds item (\(indexPath.item)) when there are only 0 items in section \(indexPath.section)\"), or, on "
                + "an SDK where that only logs, the scroll's check (line 8201, \"Attempted to scroll the collection view to an "
                + "out-of-bounds item (\(indexPath.item)) when there are only 0 items in section \(indexPath.section)\", as FSPagerView #375 reports)"
        }
        if indexPath.section >= sections {
            return "UIKit raises NSInternalInconsistencyException (UICollectionView.m line 8228): \"Attempted to modify the "
                + "selection of an item in an out-of-bounds section (\(indexPath.section)) when there are only \(sections) sections\""
        }
        let items = numberOfItems(inSection: indexPath.section)
        if indexPath.item < 0 || indexPath.item >= items {
            return "UIKit raises NSInternalInconsistencyException (UICollectionView.m line 8236): \"Attempted to modify the "
                + "selection of an out-of-bounds item (\(indexPath.item)) when there are only \(items) items in section \(indexPath.section)\""
        }
        selectedGlobalIndex = globalIndex(of: indexPath)
        if let position { scrollToItem(at: indexPath, at: position) }
        return nil
    }

    /// The offset `scrollToItemAtIndexPath:atScrollPosition:animated:` scrolls to (S4): the item's frame from the
    /// data (`dataLayoutAttributesForItem`: prepared, the item cache's object, or the layout's
    /// `layoutAttributesForItem(at:)` paged in on a miss), placed as `position` says, kept inside the content (switch
    /// `contentTargets`); nil when the index path is outside the data (UIKit raises, S5) or the layout has no
    /// attributes for it (UIKit logs and stays).
    public func contentOffsetForScrollingToItem(at indexPath: IndexPath, at position: ScrollPosition) -> Double? {
        validateCounts()
        guard indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.item >= 0,
              indexPath.item < numberOfItems(inSection: indexPath.section),
              let frame = dataLayoutAttributesForItem(globalIndex: globalIndex(of: indexPath))?.frame else { return nil }
        let x: Double
        switch position {
        case .centeredHorizontally: x = frame.midX - frameSize.width / 2
        case .right: x = frame.maxX - frameSize.width
        }
        return restingOffset(forTarget: x)
    }
}
