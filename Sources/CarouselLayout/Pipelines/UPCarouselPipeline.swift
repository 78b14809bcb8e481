/// `pipeline.peer.upcarousel`: UPCarouselFlowLayout (finite, `N = n`, start at 0, the same compensated
/// spacing as seed 000, which took it from there).
///
/// Every frame: `super.layoutAttributesForElements` (`query.linear`, a fresh array), a deep copy of every
/// returned attribute (`NSArray(array:copyItems:)`: a second array), then `map` through the `peer.upcarousel`
/// transform (a third). The source has no per-frame centre; the one reported is the nearest transformed item
/// (nil when a drag past the content's end leaves no item visible; ties go right). Per gesture: `UPCarouselSnap` (the current bounds' items, sorted by distance to the
/// proposed centre, `floor`ed). A rotation rebuilds the frames and restores the centred item.
public struct UPCarouselPipeline: CorePipeline {
    public static let id = "pipeline.peer.upcarousel"
    public static let catalogLimit: CatalogLimit? = CatalogLimit.positions(replication: 1, "N = n").tightened(
        measured: 9.19, at: 1_000_000, budget: Double(CatalogLimit.playBudgetSeconds), unit: .secondsPerPlay, "O(N) per frame, n cached frames tested")
    public static let complexity: Complexity = "O(N) per frame plus three array allocations; O(N + k log k) per release"
    public static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 0...1)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double = 0
    @usableFromInline var query: LinearQuery
    @usableFromInline var transform: UPCarouselTransform

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        query = LinearQuery(geometry: geometry, itemCount: catalogCount)
        transform = UPCarouselTransform(geometry: geometry)
    }

    @inlinable public var itemCount: Int { catalogCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        currentOffset += frame.delta
        let superAttributes = query.attributes(in: currentGeometry.viewportSpan(offset: currentOffset))
        var copies: [ItemAttributes] = []
        copies.reserveCapacity(superAttributes.count)
        for attribute in superAttributes {
            copies.append(attribute)
        }
        let viewportCenter = currentGeometry.viewportCenter(offset: currentOffset)
        let transform = self.transform
        let transformed = copies.map { attribute in
            ItemAttributes(index: attribute.index, frame: attribute.frame,
                           transform: transform.transform(itemCenter: attribute.centerX, viewportCenter: viewportCenter))
        }
        var nearest: Int?
        var nearestDistance = Double.infinity
        for attribute in transformed {
            output.append(item: attribute.index, transform: attribute.transform)
            let distance = abs(attribute.centerX - viewportCenter)
            if distance <= nearestDistance {
                nearestDistance = distance
                nearest = attribute.index
            }
        }
        output.offset = currentOffset
        output.centerItem = nearest
        output.logicalIndex = nearest
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        UPCarouselSnap(query: query, geometry: currentGeometry)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: catalogCount)
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        query = LinearQuery(geometry: currentGeometry, itemCount: catalogCount)
        transform = UPCarouselTransform(geometry: currentGeometry)
        currentOffset = Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)
    }
}

/// UPCarouselFlowLayout's `targetContentOffset`: the items in the *current* bounds (not the proposed ones),
/// sorted by distance to the proposed centre `o' + W/2`; the target is `floor(c - W/2)` of the first, or
/// `o'` when none is visible.
///
/// Reproduced as written: a flick can land at most on the farthest item visible at release, and the `floor`
/// misses `i*p` by up to a point when the pitch is not whole.
public struct UPCarouselSnap: SnapStrategy {
    public static let id = "peer.upcarousel.snap"
    public static var complexity: Complexity { LinearQuery.complexity + "O(k log k) to sort by distance" }
    public let query: LinearQuery
    public let geometry: CarouselGeometry

    public init(query: LinearQuery, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
    }

    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let halfWidth = geometry.viewportWidth / 2
        let proposedCenter = proposedOffset + halfWidth
        let closest = query.attributes(in: geometry.viewportSpan(offset: currentOffset))
            .sorted { abs($0.centerX - proposedCenter) < abs($1.centerX - proposedCenter) }
            .first
        guard let closest else { return proposedOffset }
        return (closest.centerX - halfWidth).rounded(.down)
    }
}
