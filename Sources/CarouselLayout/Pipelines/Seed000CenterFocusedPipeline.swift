/// `pipeline.seed000.centerFocused`: seed 000's `CenterFocusedCarouselLayout` (finite, `N = n`, start at 0).
///
/// Every frame (`shouldInvalidateLayout` returns true): `query.linear` returns the hits in a fresh array and
/// `transform.affine` scales each (no alpha). The source computes no centre per frame; the one reported is
/// the nearest transformed item, from the distances the transform loop already has (nil when a drag past the content's end leaves no item visible; ties go right, like
/// `lookup.arithmetic`). Per gesture: `snap.threshold` (0.5 pt/ms) and the centre-change event
/// (`shouldNotifyOnlyWhenCenterIndexPathChanges`). A rotation (`isRotating` in `prepare`) rebuilds the frames
/// and `restoreCenter`s the last snapped item (none before the first snap: the offset stays).
public struct Seed000CenterFocusedPipeline: CorePipeline {
    public static let id = "pipeline.seed000.centerFocused"
    public static let catalogLimit: CatalogLimit? = CatalogLimit.positions(replication: 1, "N = n").tightened(
        measured: 6.45, at: 1_000_000, budget: Double(CatalogLimit.playBudgetSeconds), unit: .secondsPerPlay, "O(N) per frame, n cached frames tested")
    public static let complexity: Complexity = "O(N) per frame plus one array allocation; O(N) per rotation"
    public static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 0...1)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double = 0
    @usableFromInline var query: LinearQuery
    @usableFromInline var transform: AffineTransform
    @usableFromInline var notifier = CenterChangeNotifier()

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        query = LinearQuery(geometry: geometry, itemCount: catalogCount)
        transform = AffineTransform(geometry: geometry)
    }

    @inlinable public var itemCount: Int { catalogCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        if handleGesture(frame, into: &output) != nil, let target = output.snapTarget {
            output.centerChanged = notifier.update(center: Int((target / currentGeometry.pitch).rounded()))
        }
        currentOffset += frame.delta
        let viewportCenter = currentGeometry.viewportCenter(offset: currentOffset)
        var attributes = query.attributes(in: currentGeometry.viewportSpan(offset: currentOffset))
        var nearest: Int?
        var nearestDistance = Double.infinity
        for position in attributes.indices {
            let center = attributes[position].centerX
            attributes[position].transform = transform.transform(itemCenter: center, viewportCenter: viewportCenter)
            let distance = abs(center - viewportCenter)
            if distance <= nearestDistance {
                nearestDistance = distance
                nearest = attributes[position].index
            }
        }
        for attribute in attributes {
            output.append(item: attribute.index, transform: attribute.transform)
        }
        output.offset = currentOffset
        output.centerItem = nearest
        output.logicalIndex = nearest
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        ThresholdSnap(geometry: currentGeometry, itemCount: catalogCount)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        query = LinearQuery(geometry: currentGeometry, itemCount: catalogCount)
        transform = AffineTransform(geometry: currentGeometry)
        if let centered = notifier.currentCenter {
            currentOffset = Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)
        }
    }
}
