/// `pipeline.seed000.flow`: seed 000's `CenterScaleSnapFlowLayout` in `CenterScaleSnapCollectionView`.
///
/// Every frame: `scrollViewDidScroll` runs `wrap.triple` (page `round(o/p)`, maybe a jump); the bounds change
/// invalidates the layout, so `layoutAttributesForElements` runs `query.linear` (a fresh array of the hits)
/// and maps each through `transform.scaleAlpha` into a second fresh array. The centre reported is the page
/// `round(o/p)` after the jump. Per gesture: `snap.directional` over `lookup.sortedScan` (fresh arrays, a sort).
/// `N = 3n`, start on item `2n`; a rotation rebuilds the `N` frames and restores the centred item.
public struct Seed000FlowPipeline: CorePipeline {
    public static let id = "pipeline.seed000.flow"
    public static let catalogLimit: CatalogLimit? = TripleWrap.catalogLimit?.tightened(
        measured: 31.0, at: 1_000_000, budget: Double(CatalogLimit.playBudgetSeconds), unit: .secondsPerPlay, "O(N) per frame, 3n cached frames tested")
    public static let complexity: Complexity = "O(N) per frame (every cached frame is tested) plus two array allocations; O(N) per rotation"
    public static let traits = PipelineTraits(wraps: true, scaleRange: 0...1)
    /// Seed 000 lines 614–627, 691–695: the snapshot applied keeps the offset (UIKIT-MODEL.md D3) and `scrollToCenter`
    /// runs only on the first layout, so nothing recentres.
    public static let catalogUpdate = CoreCatalogUpdate.keepsOffset(
        "seed 000 lines 614-627, 691-695: the snapshot applied keeps the offset; scrollToCenter only on the first layout")
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double
    @usableFromInline var wrap: TripleWrap
    @usableFromInline var query: LinearQuery
    @usableFromInline var transform: ScaleAlphaTransform

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        wrap = TripleWrap(geometry: geometry, catalogCount: catalogCount)
        query = LinearQuery(geometry: geometry, itemCount: 3 * catalogCount)
        transform = ScaleAlphaTransform(geometry: geometry)
        currentOffset = wrap.startOffset
    }

    @inlinable public var itemCount: Int { wrap.itemCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        let step = wrap.step(offset: currentOffset + frame.delta)
        currentOffset = step.offset
        output.jumped = step.jumped
        let viewportCenter = currentGeometry.viewportCenter(offset: currentOffset)
        let transform = self.transform
        let transformed = query.attributes(in: currentGeometry.viewportSpan(offset: currentOffset)).map { attribute in
            ItemAttributes(index: attribute.index, frame: attribute.frame,
                           transform: transform.transform(itemCenter: attribute.centerX, viewportCenter: viewportCenter))
        }
        for attribute in transformed {
            output.append(item: attribute.index, transform: attribute.transform)
        }
        let page = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: itemCount)
        output.offset = currentOffset
        output.centerItem = page
        output.logicalIndex = wrap.logicalIndex(ofItem: page)
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        var snap = DirectionalSnap(query: query, geometry: currentGeometry)
        return snap.target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: itemCount)
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        wrap = TripleWrap(geometry: currentGeometry, catalogCount: catalogCount)
        query = LinearQuery(geometry: currentGeometry, itemCount: itemCount)
        transform = ScaleAlphaTransform(geometry: currentGeometry)
        currentOffset = Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)
    }
}
