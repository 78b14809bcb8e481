/// `uikit.seed000.flow`: seed 000's `CenterScaleSnapFlowLayout` in `CenterScaleSnapCollectionView`
/// (`N = 3n`, start centred on item `2n`), on the UIKit model.
///
/// Per frame: the offset moves; the layout has no `shouldInvalidateLayout(forBoundsChange:)` override (none in
/// the whole seed: seed 000 line 381 is version 2's), so a pure scroll does not invalidate it (F6);
/// `scrollViewDidScroll` runs `forceScrollToTargetPage` (lines 631–651): page `round(o/p)`, and at page `2n+1`
/// or `n` a `contentOffset` jump by one catalog width (`scrollTo(page:)`, lines 588–600), which scrolls again.
/// The layout pass asks the layout only when the bounds leave the validated rect (C1/C2: about once per
/// screen-width); then `layoutAttributesForElements(in:)` (lines 175–180) takes `super`'s cached objects (F1/F3)
/// and sets each one's `transform3D` and `alpha` in place (lines 182–203: F4), into a `compactMap` array. The
/// next look-up of such an object finds its frame changed (F5: caches dropped, copies from then on). Cells
/// keep the transforms of the last query until the next one: stale between queries.
///
/// Per release: `targetContentOffset` (lines 94–120) queries `super` at the current offset
/// (`visibleLayoutAttributesInOffset`, lines 123–132: F3/F5 again), sorts left to right, and takes the first
/// item whose centring offset lies in the direction of the velocity, else `super` (the proposed offset).
///
/// Excluded app-level work: the diffable data source and cell registration (lines 546–586), the content
/// view's label and colour (lines 703–756). A rotation has no handling in the seed; the model does the core's
/// (new item size, `invalidateLayout()`, the centred item restored).
public struct UIKitSeed000FlowPipeline: UIKitPipeline {
    public static let complexity: Complexity = "O(k) per frame, amortised: the layout is asked about once per screen-width scrolled (C2), an F1 query whose objects F5 then copies; O(N) per rotation"
    public static let allocationEvidence = "per query, not per frame (C2): F5 fresh objects and NSValues for the queried items, the compactMap array (F3); PF1's prefetching while moving"
    /// Fixed-size items; a snapshot of identifiers built at the start and diffed at a catalogue update (D2, D5).
    public static let lifecycleComplexity = UIKitLifecycleComplexity(
        prepare: "O(N): the catalogue's identifiers for the snapshot (its first apply reloads, D1); F8 has no per-item work for a fixed itemSize; the first pass lays out the visible items",
        rotate: UIKitLifecycleComplexity.fixedSize.rotate,
        reload: UIKitLifecycleComplexity.fixedSize.reload, release: UIKitLifecycleComplexity.fixedSize.release,
        update: "O(N): the old and new 3n identifiers checked unique (D5) and diffed (D2), then performBatchUpdates (D3): the counts again, the visible items laid out")
    public typealias Core = Seed000FlowPipeline
    public static let namedDifferences: Set<UIKitNamedDifference> = [.clampedAtContentEdge, .staleTransformsBetweenQueries, .transformedFrameVisibility]
    public var scene: Seed000FlowScene

    public init(scene: Seed000FlowScene) { self.scene = scene }
}

/// The state of `uikit.seed000.flow`.
public final class Seed000FlowScene: UIKitScene {
    @usableFromInline let layout: CenterScaleSnapFlowLayout
    @usableFromInline let scrollDelegate: CenterScaleSnapCollectionViewDelegate
    @usableFromInline let dataSource: UniformDataSource
    /// The catalogue's item identifiers (assumed unique per item, as the seed's `CarouselModel` has a `UUID`, lines
    /// 786–787; `Model` itself is not shown), and the next fresh one.
    @exclusivity(unchecked) @usableFromInline var itemIdentifiers: [Int]
    @exclusivity(unchecked) @usableFromInline var nextIdentifier: Int
    /// The changes the last apply's diff found (read by tests; keeps the diff's work observable).
    @exclusivity(unchecked) public private(set) var lastDiffChanges = 0

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = CenterScaleSnapFlowLayout(minimumItemScale: geometry.minScale, ledger: ledger, switches: switches)
        scrollDelegate = CenterScaleSnapCollectionViewDelegate(originalItemCount: catalogCount)
        dataSource = UniformDataSource(itemsPerSection: 3 * catalogCount)
        itemIdentifiers = Array(0..<catalogCount)
        nextIdentifier = catalogCount
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        layout.configure(for: geometry)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: scrollDelegate)
        // `scrollToCenter` (lines 619–627): item 2n centred, which calls scrollViewDidScroll.
        collectionView.scrollToItem(at: IndexPath(item: 2 * catalogCount, section: 0), at: .centeredHorizontally)
        collectionView.layoutIfNeeded()
    }

    public override var itemCount: Int { 3 * catalogCount }

    /// Lines 614–616: `apply(_:originalItemCount:)` sets `originalItemCount`, then applies the snapshot of the `3n`
    /// replicated items (lines 691–695) without animation. No recentre: `scrollToCenter` (lines 619–627) returns once
    /// `isInitalizedScrolled` is set by the first one, so the offset stays where it was.
    public override var catalogUpdatePath: String? {
        "seed 000 lines 614-627, 691-695: snapshot of 3n items applied without animation; scrollToCenter only on the first layout"
    }

    public override func catalogCountDidChange() {
        scrollDelegate.originalItemCount = catalogCount
        dataSource.itemsPerSection = 3 * catalogCount
    }

    /// `apply(_:animatingDifferences: false)` (D1–D4): the snapshot's identifiers, each copy of each item its own
    /// (`3n` in the order of `expandedItems`), checked unique as the snapshot is built (D5: a hashed ordered set of
    /// them), diffed against the shown ones (D2: an ordered difference with moves inferred), then `performBatchUpdates`
    /// without animation (D3, D4).
    public override func applyCatalogChange(_ update: CatalogUpdate, from previousCount: Int) {
        let old = Self.snapshotIdentifiers(itemIdentifiers)
        itemIdentifiers = update.applied(to: itemIdentifiers) {
            defer { nextIdentifier += 1 }
            return nextIdentifier
        }
        let new = Self.snapshotIdentifiers(itemIdentifiers)
        precondition(Set(new).count == new.count, "a snapshot's identifiers are unique (D5)")
        lastDiffChanges = switch switches.snapshotDiff {
        case .myers: new.difference(from: old).inferringMoves().count
        case .hashed: Self.hashedChanges(from: old, to: new)
        }
        collectionView.performBatchUpdates()
    }

    /// The changes a hashed diff finds from `old` to `new` (`snapshotDiff=hashed`, Heckel's pass): each new identifier
    /// looked up among the old ones; one not there is an insert, an old one not matched a removal, and a survivor found
    /// before one already matched a move (a removal and an insert, as `CollectionDifference` counts one).
    /// - Complexity: O(N + N′).
    @usableFromInline
    static func hashedChanges(from old: [Int], to new: [Int]) -> Int {
        var oldIndex = [Int: Int](minimumCapacity: old.count)
        for (index, identifier) in old.enumerated() { oldIndex[identifier] = index }
        var (changes, matched, furthest) = (0, 0, -1)
        for identifier in new {
            guard let index = oldIndex[identifier] else {
                changes += 1
                continue
            }
            matched += 1
            if index < furthest { changes += 2 } else { furthest = index }
        }
        return changes + old.count - matched
    }

    /// Copy `r` of the item with identifier `id` is `3·id + r`; copies in the order of `expandedItems` (the catalogue
    /// three times over).
    @usableFromInline
    static func snapshotIdentifiers(_ items: [Int]) -> [Int] {
        var identifiers: [Int] = []
        identifiers.reserveCapacity(3 * items.count)
        for copy in 0..<3 { for id in items { identifiers.append(3 * id + copy) } }
        return identifiers
    }

    public override func recentre(onItem item: Int, nearGlobalIndex global: Int) {}

    /// The seed has no code to show or select an item after an update.
    public override func select(onItem item: Int, nearGlobalIndex global: Int) {}

    public override var stoppedAppCode: String? {
        scrollDelegate.recursionStopped
            ? "its scrollViewDidScroll called itself \(CenterScaleSnapCollectionViewDelegate.nestingLimit) deep (scrollTo(page:) between pages n and 2n + 1, lines 588-600, 635-651): an app's stack would overflow"
            : super.stoppedAppCode
    }

    public override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = layout.directionalTarget(sortedMidXs: layout.geometricMidXs(at: currentOffset),
                                              currentOffset: currentOffset, proposedOffset: proposedOffset,
                                              velocity: velocity / Velocity.pointsPerSecondPerPointPerMillisecond)
        return collectionView.restingOffset(forTarget: target)
    }

    public override func handleRotation(toWidth width: Double) {
        let centered = clampedItemIndex((collectionView.contentOffset.x / geometry.pitch).rounded(), itemCount: itemCount)
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        layout.configure(for: geometry)
        layout.invalidateLayout()
        collectionView.setContentOffset(LayoutPoint(x: Rotation.restoredOffset(centeredItem: centered, in: geometry), y: 0))
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        // The page `forceScrollToTargetPage` computes, after any jump.
        let page = clampedItemIndex((collectionView.contentOffset.x / geometry.pitch).rounded(), itemCount: itemCount)
        output.centerItem = page
        output.logicalIndex = catalogIndex(page, catalogCount: catalogCount)
    }

    public override var memoryExtras: [UIKitMemoryReport.Line] {
        // `expandedItems` (lines 659–669): `3n` models of a String and a UIColor.
        [.init(name: "replicated model entries", count: 3 * catalogCount, bytesEach: 24,
               source: "seed 000 lines 659-669: String + UIColor reference")]
    }
}

/// Seed 000's `CenterScaleSnapFlowLayout` (lines 94–203, 225–232).
public final class CenterScaleSnapFlowLayout: FlowLayout {
    /// `UI.minimumItemScale`.
    public let minimumItemScale: Double

    init(minimumItemScale: Double, ledger: UIKitLedger, switches: UIKitSwitches) {
        self.minimumItemScale = minimumItemScale
        super.init(ledger: ledger, switches: switches)
    }

    /// Lines 175–180: `super`'s attributes, each transformed in place, in a `compactMap` array.
    public override func layoutAttributesForElements(in rect: LayoutRect) -> [LayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        return attributes.compactMap { transform(attributes: $0) }
    }

    /// Lines 182–203: `transform.scaleAlpha` written into the object `super` returned (F4).
    @usableFromInline
    func transform(attributes: LayoutAttributes) -> LayoutAttributes {
        guard let collectionView else { return attributes }
        let collectionViewCenter = collectionView.frameSize.width / 2
        let contentOffsetX = collectionView.contentOffset.x
        let center = attributes.center.x - contentOffsetX
        let maxDistance = itemSize.width + minimumLineSpacing
        let distance = min(abs(collectionViewCenter - center), maxDistance)
        let ratio = (maxDistance - distance) / maxDistance
        let scale = ratio * (1 - minimumItemScale) + minimumItemScale
        let baseAlphaRatio = 0.5
        attributes.transform3D = Transform3D(scaleX: scale, y: scale, z: 1)
        attributes.alpha = max(ratio, baseAlphaRatio)
        return attributes
    }

    /// Lines 94–120 with `visibleLayoutAttributesInOffset` (lines 123–132) and `centeredContentOffset` (lines 135–142).
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                             withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        guard let collectionView else {
            return super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
        }
        let offset = collectionView.contentOffset
        let visible = super.layoutAttributesForElements(in: LayoutRect(origin: offset, size: collectionView.frameSize))?
            .sorted { $0.frame.midX - offset.x < $1.frame.midX - offset.x } ?? []
        let superTarget = super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
        let x = directionalTarget(sortedMidXs: visible.map { $0.frame.midX }, currentOffset: offset.x,
                                  proposedOffset: superTarget.x, velocity: velocity.x)
        return LayoutPoint(x: x, y: collectionView.contentOffset.y)
    }

    /// The seed's choice over the visible items' centres, sorted left to right: the first whose centring offset
    /// `|midX - W/2|` minus the offset has the sign of the velocity (`0.0.sign == .plus`), else `fallback`.
    @usableFromInline
    func directionalTarget(sortedMidXs: [Double], currentOffset: Double, proposedOffset fallback: Double,
                           velocity: Double) -> Double {
        let halfWidth = collectionView.frameSize.width / 2
        for midX in sortedMidXs {
            let offset = abs(midX - halfWidth)
            if (offset - currentOffset).sign == velocity.sign { return offset }
        }
        return fallback
    }

    /// The centres of the items in the viewport at `offset`, from the geometry alone (no cache touched),
    /// sorted left to right: what `visibleLayoutAttributesInOffset` sorts.
    @usableFromInline
    func geometricMidXs(at offset: Double) -> [Double] {
        let rect = LayoutRect(origin: LayoutPoint(x: offset, y: 0), size: collectionView.frameSize)
        var items: [Int] = []
        if let size = uniformSize { appendArithmeticRange(in: rect, size: size, into: &items) }
        return items.map { frameOfItem($0).midX }
    }
}

/// `CenterScaleSnapCollectionView` as its own delegate (line 524): `forceScrollToTargetPage` (lines 635–651).
public final class CenterScaleSnapCollectionViewDelegate: CollectionViewDelegate {
    @exclusivity(unchecked) public internal(set) var originalItemCount: Int

    init(originalItemCount: Int) { self.originalItemCount = originalItemCount }

    /// `scrollViewDidScroll` calls nested in one another now, and whether they ever ran past `nestingLimit`.
    @exclusivity(unchecked) @usableFromInline var nesting = 0
    @exclusivity(unchecked) public private(set) var recursionStopped = false
    /// Where the model stops the seed's own recursion: `scrollTo(page:)` sets the offset, which calls
    /// `scrollViewDidScroll` again before it returns. Its remainder (`truncatingRemainder`) can alternate between almost
    /// 0 and almost a whole page, so pages `n` and `2n + 1` send it back and forth without end (a recentre onto page
    /// `2n + 1` at n = 1 000): an app's stack would overflow; the model stops after this many nested calls.
    public static let nestingLimit = 64

    public override func scrollViewDidScroll(_ collectionView: CollectionView) {
        guard let layout = collectionView.collectionViewLayout as? FlowLayout, originalItemCount != 0 else { return }
        guard nesting < Self.nestingLimit else {
            recursionStopped = true
            return
        }
        nesting += 1
        defer { nesting -= 1 }
        let pageWidth = layout.itemSize.width + layout.minimumLineSpacing
        let page = Int((collectionView.contentOffset.x / pageWidth).rounded())
        if page == originalItemCount * 2 + 1 {
            scrollTo(page: originalItemCount, in: collectionView, pagingSize: pageWidth)
        } else if page == originalItemCount {
            scrollTo(page: originalItemCount * 2, in: collectionView, pagingSize: pageWidth)
        }
    }

    /// `scrollTo(page:)` (lines 588–600).
    @usableFromInline
    func scrollTo(page: Int, in collectionView: CollectionView, pagingSize: Double) {
        let x = collectionView.contentOffset.x.truncatingRemainder(dividingBy: pagingSize) + Double(page) * pagingSize
        collectionView.setContentOffset(LayoutPoint(x: x, y: 0))
    }
}

extension FlowLayout {
    /// The suite's geometry as flow-layout metrics: `itemSize = w x h`, `minimumLineSpacing = L`, the section
    /// inset `I` left and right (seed 000 `configure(bounds:)`, lines 486–497; the seed's v1 sets the same
    /// spacing at lines 225–232).
    public func configure(for geometry: CarouselGeometry) {
        itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        minimumLineSpacing = geometry.lineSpacing
        minimumInteritemSpacing = 0
        sectionInset = EdgeInsets(top: 0, left: geometry.inset, bottom: 0, right: geometry.inset)
    }
}
