/// One seed's or peer's whole UIKit setup (a collection view, its layout, the app's delegate and data source)
/// playing trajectory frames as UIScrollView and UICollectionView do: the state behind a `UIKitPipeline`.
///
/// A frame: at a release, `endDragging` (the layout's `targetContentOffset`, then the delegate's
/// `scrollViewWillEndDragging`); at a rotation, the pipeline's own rotation handling; then the scroll moves the
/// offset by the frame's delta (clamped at the content's edges; every move asks the layout about the bounds
/// change and calls `scrollViewDidScroll`), `scrollViewDidEndDecelerating` at the end of a flick, and one layout
/// pass, then the update cycle's idle time (PF1's prefetching). The frame's output is read from what the collection view applied to its cells.
///
/// Subclasses build their objects in `init` and override the hooks; the scene is a reference graph, so a
/// `UIKitPipeline` copies it only at its start state (see `UIKitPipeline`).
open class UIKitScene {
    /// `n`: the catalogue's size now (a catalogue update changes it).
    @exclusivity(unchecked) public private(set) var catalogCount: Int
    public let switches: UIKitSwitches
    public let ledger: UIKitLedger
    /// The geometry the scene was built with.
    public let initialGeometry: CarouselGeometry
    /// The geometry now, in the core's terms (after rotations: a subclass sets it in `handleRotation`).
    @exclusivity(unchecked) public var geometry: CarouselGeometry
    /// The collection view (built by the subclass's `init`).
    @exclusivity(unchecked) public internal(set) var collectionView: CollectionView!
    /// False until the first frame or lifecycle operation changed the scene.
    @exclusivity(unchecked) public internal(set) var hasChanged = false

    /// The scene built and laid out for `catalogCount` items (every subclass implements it, building its
    /// objects with one ledger and passing that to `init(catalogCount:geometry:switches:ledger:)`).
    public required convenience init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        self.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: UIKitLedger())
    }

    public init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches, ledger: UIKitLedger) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.ledger = ledger
        self.catalogCount = catalogCount
        self.switches = switches
        initialGeometry = geometry
        self.geometry = geometry
    }

    /// Builds the collection view (the viewport's size) showing `layout`, with the app's `dataSource` and
    /// `delegate` (which the scene keeps: the collection view does not retain them), and lays it out once.
    public final func installCollectionView(layout: CollectionViewLayout, dataSource: CollectionViewDataSource,
                                            delegate: CollectionViewDelegate?) {
        let collectionView = CollectionView(frameSize: LayoutSize(width: geometry.viewportWidth, height: geometry.viewportHeight),
                                            layout: layout, ledger: ledger, switches: switches)
        collectionView.dataSource = dataSource
        collectionView.delegate = delegate
        self.collectionView = collectionView
        collectionView.layoutIfNeeded()
    }

    /// Records that a frame or a lifecycle operation changed the scene (a copy of it is no longer a start state).
    public final func markChanged() { hasChanged = true }

    /// A scene in the start state of this one (same catalog, geometry and switches).
    public final func freshCopy() -> Self {
        precondition(!hasChanged, "a uikit pipeline is reference-backed: copy it only at its start state")
        return Self(catalogCount: catalogCount, geometry: initialGeometry, switches: switches)
    }

    /// `N`, the items the data source reports.
    open var itemCount: Int { catalogCount }

    /// The resting offset the pipeline's snap picks, computed without touching the scene (the simulator asks
    /// before the frame; the frame then runs the real `targetContentOffset` path, which must agree).
    open func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        proposedOffset
    }

    /// The release as UIKit runs it (layout, then delegate); returns the resting offset.
    open func release(velocity: Double, proposedOffset: Double) -> Double {
        collectionView.endDragging(velocity: velocity, proposedOffset: proposedOffset)
    }

    /// The app's `scrollToItem(at:at: .centeredHorizontally, animated:)` for the item `itemsAway` from the one it
    /// shows centred (S4): the cell nearest the viewport's centre (`nearestVisibleCell`: assumed app code, an app that
    /// tracks its current item by the centred cell), the global index `itemsAway` on, its index path (nil outside the
    /// data: UIKit raises there, S5), then `CollectionView.contentOffsetForScrollingToItem` (the layout prepared and
    /// asked for the item's frame, the offset kept inside the content). Returns the target; the frame's own delta then
    /// moves the content. The simulator asks it before the frame (the pipeline's `scrollToItemTarget`) and the frame
    /// runs it again, as UIKit runs it in the call. A design with its own path (a pager's next item) overrides it.
    open func scrollToItem(itemsAway: Int) -> Double? {
        guard let cell = nearestVisibleCell(), let indexPath = collectionView.indexPath(forGlobalIndex: cell.globalIndex + itemsAway)
        else { return nil }
        return collectionView.contentOffsetForScrollingToItem(at: indexPath, at: .centeredHorizontally)
    }

    /// The app's `reloadData()` and, in the same turn of the run loop, `scrollToItem(at:at: .centeredHorizontally,
    /// animated: false)` for the item `itemsAway` from the one it showed centred before the reload (its index path taken
    /// first: `reloadData` leaves no visible cell until the next layout pass). The reload invalidates everything and
    /// recounts the data (`CollectionView.reloadData`); `scrollToItem` then validates the counts and asks the data for
    /// the item's frame, so the layout prepares inside the call (S4), before the frame's layout pass. Nil when the
    /// index path is outside the data (UIKit raises, S5): the reload has happened, nothing scrolls.
    open func reloadAndScrollToItem(itemsAway: Int) -> Double? {
        let indexPath = nearestVisibleCell().flatMap { collectionView.indexPath(forGlobalIndex: $0.globalIndex + itemsAway) }
        collectionView.reloadData()
        guard let indexPath else { return nil }
        return collectionView.contentOffsetForScrollingToItem(at: indexPath, at: .centeredHorizontally)
    }

    /// The app's update of its catalogue while it is shown (Docs/ALGORITHMS.md, "Catalogue updates"): the new count
    /// handed to the design's objects (`catalogCountDidChange`), the design's update path (`applyCatalogChange`:
    /// `reloadData()` unless the design has its own), its recentre (`recentre(onItem:nearGlobalIndex:)`) on the item the
    /// update keeps (`CatalogUpdate.keptItem`) from the one centred before, and one layout pass. Returns why the update
    /// is refused, in one line, with nothing changed: an update the catalogue cannot take (`CatalogUpdate.refusal`), or
    /// a design that declares no update path (`catalogUpdatePath` nil).
    public final func updateCatalog(_ update: CatalogUpdate) -> String? {
        if let refusal = update.refusal(catalogCount: catalogCount) { return refusal }
        guard catalogUpdatePath != nil else { return "\(Self.self) declares no catalogue update path (catalogUpdatePath)" }
        hasChanged = true
        collectionView.layoutIfNeeded()
        var output = FrameOutput()
        fillOutput(&output)
        let before = catalogCount
        let nearest = nearestVisibleCell()?.globalIndex ?? 0
        let centred = centredCatalogItem(output)
        catalogCount = update.newCount(from: before)
        catalogCountDidChange()
        applyCatalogChange(update, from: before)
        if let centred {
            let kept = update.keptItem(centred, catalogCount: before)
            if case .insertAtEndSelectingFirst = update {
                select(onItem: kept, nearGlobalIndex: nearest)
            } else {
                recentre(onItem: kept, nearGlobalIndex: nearest)
            }
        }
        collectionView.layoutIfNeeded()
        return nil
    }

    /// The catalogue item `output` shows centred: its logical index, or (a design that names its centre only once
    /// it scrolled, seed 003) the catalogue index of the cell nearest the centre; nil with no cell on screen.
    public final func centredCatalogItem(_ output: FrameOutput) -> Int? {
        (output.logicalIndex ?? nearestVisibleCell()?.globalIndex).map { catalogIndex($0, catalogCount: catalogCount) }
    }

    /// How the design's app applies a catalogue update, with its source (the seed's lines, the peer's file, or
    /// `assumedCatalogUpdatePath`); nil when it declares none and `updateCatalog` refuses.
    open var catalogUpdatePath: String? { nil }

    /// The path of a design whose source has a fixed catalogue: the app's code is assumed to be the default
    /// `applyCatalogChange` and `recentre`.
    public static let assumedCatalogUpdatePath = "assumed app code: reloadData, then scrollToItem to the item kept"

    /// Hands `catalogCount`'s new value to the design's objects (its data source's counts, its delegate's and its
    /// layout's copies of `n`) before the update path runs.
    open func catalogCountDidChange() {}

    /// The design's update path, after the new count: `reloadData()` (the whole data counted again, every cell
    /// dropped, the layout invalidated with the data source counts).
    open func applyCatalogChange(_ update: CatalogUpdate, from previousCount: Int) {
        collectionView.reloadData()
    }

    /// The app's recentre after an update: `scrollToItem(at:at: .centeredHorizontally, animated: false)` for the copy
    /// of `item` nearest the cell that was centred (`globalIndex(ofCatalogItem:nearGlobalIndex:)`); nothing when that
    /// index path is outside the data (UIKit raises there, S5).
    open func recentre(onItem item: Int, nearGlobalIndex global: Int) {
        scrollToCatalogItem(item, nearGlobalIndex: global)
    }

    /// The app's selection of what arrived after an update: `selectItem(at:animated: false, scrollPosition:
    /// .centeredHorizontally)` for the copy of `item` nearest the cell that was centred (S9: the counts reloaded, the
    /// index path checked, selected, then scrolled to as `scrollToItem` does). An exception UIKit raises there is
    /// recorded (`raisedException`) and nothing moves.
    open func select(onItem item: Int, nearGlobalIndex global: Int) {
        guard let indexPath = collectionView.indexPath(forGlobalIndex: globalIndex(ofCatalogItem: item, nearGlobalIndex: global)) else { return }
        raisedException = collectionView.selectItem(at: indexPath, scrollPosition: .centeredHorizontally)
    }

    /// The exception UIKit raised at the app's last call (an index path outside the data), which ends the app; nil
    /// when none did.
    public final var raisedException: String?

    /// `scrollToItem(at:at: .centeredHorizontally, animated: false)` for the copy of `item` nearest `global`; returns
    /// the global index scrolled to, or nil when its index path is outside the data (nothing scrolls).
    @discardableResult
    public final func scrollToCatalogItem(_ item: Int, nearGlobalIndex global: Int) -> Int? {
        let target = globalIndex(ofCatalogItem: item, nearGlobalIndex: global)
        guard let indexPath = collectionView.indexPath(forGlobalIndex: target) else { return nil }
        collectionView.scrollToItem(at: indexPath, at: .centeredHorizontally)
        return target
    }

    /// The global index of catalogue item `item` nearest `global`, in `[0, itemCount)`: a design whose copies repeat
    /// the catalogue every `n` items (item `g mod n` at global index `g`) has one copy per `n`; a design with one copy
    /// has the item itself. A design that places its items otherwise (sentinels) overrides it.
    open func globalIndex(ofCatalogItem item: Int, nearGlobalIndex global: Int) -> Int {
        let n = catalogCount
        let base = global - catalogIndex(global, catalogCount: n) + item
        let nearest = [base - n, base, base + n].filter { (0..<itemCount).contains($0) }.min { abs($0 - global) < abs($1 - global) }
        return nearest ?? min(max(item, 0), itemCount - 1)
    }

    /// A tap on the cell `itemsAway` places from the one nearest the viewport's centre, counted along the cells on
    /// screen from left to right, and the app's `scrollToItem(at:at: .centeredHorizontally, animated: true)` for the
    /// index path the hit test gives (`indexPathForItem(at:)` at the cell's centre: the app's
    /// `collectionView(_:didSelectItemAt:)`). Nil when no cell is there (the tap meets nothing).
    open func tap(itemsAway: Int) -> Double? {
        let cells = collectionView.displayedCells.filter { $0.layoutAttributes != nil }.sorted { $0.center.x < $1.center.x }
        guard let nearest = nearestVisibleCell(), let index = cells.firstIndex(where: { $0 === nearest }),
              cells.indices.contains(index + itemsAway) else { return nil }
        let point = LayoutPoint(x: cells[index + itemsAway].center.x, y: cells[index + itemsAway].center.y)
        guard let indexPath = collectionView.indexPathForItem(at: point) else { return nil }
        return collectionView.contentOffsetForScrollingToItem(at: indexPath, at: .centeredHorizontally)
    }

    /// The pipeline's rotation handling (the width is already the collection view's when this is called).
    open func handleRotation(toWidth width: Double) {}

    /// After the rotation's layout pass (a transition's completion).
    open func rotationDidFinish() {}

    /// Writes the frame's centre, logical index, centre-change event and visible items (the offset and the
    /// jump flag are already set).
    open func fillOutput(_ output: inout FrameOutput) {}

    /// A named difference from the core that the scene's state holds now (nil: none). The frame-by-frame comparison
    /// reads it after each frame of its play; a pipeline names it in `namedDifferences` for it to be allowed.
    open var differenceInEffect: UIKitNamedDifference? { nil }

    /// Why the model had to stop the app's own code (a delegate that calls itself without end), in one line; nil when
    /// it never did.
    open var stoppedAppCode: String? { raisedException }

    /// Memory the scene holds beyond the layout's caches and the collection view (replicated model entries).
    open var memoryExtras: [UIKitMemoryReport.Line] { [] }

    /// Attributes objects the scene's layout holds outside the generic caches (a pool).
    open var memoryExtraAttributes: [LayoutAttributes] { [] }

    /// A rotation to viewport width `width`: the bounds change, the pipeline's handling, one layout pass.
    public final func rotate(toWidth width: Double) {
        hasChanged = true
        collectionView.setFrameWidth(width)
        handleRotation(toWidth: width)
        collectionView.layoutIfNeeded()
        rotationDidFinish()
    }

    /// Plays one frame (see the type's documentation).
    public final func play(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        hasChanged = true
        output.beginFrame()
        let collectionView = self.collectionView!
        collectionView.beginFrame()
        collectionView.offsetReadjustedAtFrameChange = false
        switch frame.phase {
        case .dragging:
            collectionView.isDragging = true
            collectionView.isDecelerating = false
        case let .released(velocity, proposedOffset, _):
            output.snapTarget = release(velocity: velocity, proposedOffset: proposedOffset)
        case let .rotated(width):
            rotate(toWidth: width)
            collectionView.beginFrame()
        case .settled, .scrollRefused:
            collectionView.isDragging = false
            collectionView.isDecelerating = false
        case let .scrolledByCode(itemsAway, _, _, trigger):
            collectionView.isDragging = false
            collectionView.isDecelerating = false
            switch trigger {
            case .app: output.snapTarget = scrollToItem(itemsAway: itemsAway)
            case .tap: output.snapTarget = tap(itemsAway: itemsAway)
            case .reload: output.snapTarget = reloadAndScrollToItem(itemsAway: itemsAway)
            }
        case .decelerating, .didEndDecelerating, .animating, .didEndScrollingAnimation:
            break
        }
        collectionView.scroll(by: frame.delta)
        switch frame.phase {
        case .didEndDecelerating: collectionView.endDecelerating()
        case .didEndScrollingAnimation: collectionView.endScrollingAnimation()
        default: break
        }
        collectionView.layoutIfNeeded()
        collectionView.updateCycleIdle()
        output.jumped = collectionView.offsetWasSetByCode
        output.offset = collectionView.contentOffset.x
        fillOutput(&output)
    }

    /// Appends every cell on screen, left to right, as `item(cell)` with the scale, alpha and horizontal
    /// translation the screen shows: the cell's view properties (set from its attributes by UIKit) composed with
    /// its content view's (an app's own).
    @inlinable
    public final func appendVisibleCells(into output: inout FrameOutput, item: (Cell) -> Int) {
        for cell in collectionView.displayedCells where cell.layoutAttributes != nil {
            output.visible.append(VisibleItem(item: item(cell), scale: cell.presentedScale, alpha: cell.presentedAlpha,
                                              translationX: cell.presentedTranslationX))
        }
    }

    /// The cell on screen nearest the viewport centre by its attributes' centre (ties go right, as the cores'
    /// "nearest transformed item"), or nil.
    @inlinable
    public final func nearestVisibleCell() -> Cell? {
        let viewportCenter = collectionView.bounds.midX
        var nearest: Cell?
        var nearestDistance = Double.infinity
        for cell in collectionView.displayedCells {
            guard let attributes = cell.layoutAttributes else { continue }
            let distance = abs(attributes.center.x - viewportCenter)
            if distance <= nearestDistance {
                nearestDistance = distance
                nearest = cell
            }
        }
        return nearest
    }
}
