/// What apps ask a collection view (`indexPathForItem(at:)`, `cellForItem(at:)`, `visibleCells`, `scrollToItem`).
extension CollectionView {
    /// `indexPathForItemAtPoint:`: the layout prepared first (`_prepareToLoadData`); with `hitTest=layout`, a
    /// 1x1 layout query at the point; with `map`, the validated attributes (the point's rect validated first,
    /// as `-_layoutAttributesFromMapForElementsInRect:cellsOnly:validateIfNeeded:` does). The last item whose
    /// frame contains the point, or nil in a gap.
    public func indexPathForItem(at point: LayoutPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        switch switches.hitTest {
        case .layout:
            let rect = LayoutRect(x: point.x, y: point.y, width: 1, height: 1)
            return collectionViewLayout.layoutAttributesForElements(in: rect)?.last { $0.frame.contains(point) }?.indexPath
        case .map:
            if !itemsToRefetch.isEmpty { refetchInvalidatedItems() }
            validateLayout(in: LayoutRect(x: point.x, y: point.y, width: 0, height: 0))
            guard let global = rTree.lastGlobal(containing: point) else { return nil }
            return attributesByGlobalIndex[global]?.attributes.indexPath
        }
    }

    /// `cellForItemAtIndexPath:`: the visible cell of the item, or nil (a look-up, no allocation; the index
    /// path is the caller's).
    public func cellForItem(at indexPath: IndexPath) -> Cell? {
        let global = globalIndex(of: indexPath)
        var low = 0
        var high = displayedCells.count
        while low < high {
            let middle = (low + high) / 2
            if displayedCells[middle].globalIndex < global { low = middle + 1 } else { high = middle }
        }
        return low < displayedCells.count && displayedCells[low].globalIndex == global ? displayedCells[low] : nil
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
        prepareLayoutIfNeeded()
        guard let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        let x: Double
        switch position {
        case .centeredHorizontally: x = frame.midX - frameSize.width / 2
        case .right: x = frame.maxX - frameSize.width
        }
        setContentOffset(LayoutPoint(x: restingOffset(forTarget: x), y: contentOffset.y))
    }
}
