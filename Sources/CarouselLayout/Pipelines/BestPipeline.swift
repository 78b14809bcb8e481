/// `pipeline.best`: the project's recommendation. `transform.scaleAlpha` (seed 000's look), `wrap.modular`
/// (`N = n`, nothing replicated), arithmetic visible range and centre, no cached frames.
///
/// Every frame: add the delta; when the offset leaves `[0, n*p)` reduce it modulo the catalog width `n*p`
/// (a whole number of catalog widths: invisible at any step size, and the offset stays small, so the
/// logical index never drifts however far the user scrolls); the visible range
/// `ceil((o - I - w)/p) ... floor((o + W - I)/p)` unclamped, each position `j` drawing item `j mod n`
/// (one modulo per frame, then increments) with its scale and alpha; the centre `round(o/p) mod n`; a
/// centre-change event when it changes. Per gesture: the item nearest UIKit's projected resting offset,
/// at least one item ahead of a flick faster than `flickThreshold` (`BestPipeline.snapTarget`). A rotation
/// keeps the centred item. Position `j` is reported as item `j mod n`: with a tiny catalog on a wide
/// viewport (n = 1, 2) one item appears at several positions, as any wrapping carousel must draw it.
public struct BestPipeline: CorePipeline {
    public static let id = "pipeline.best"
    public static let catalogLimit: CatalogLimit? = ModularWrap.catalogLimit
    public static let complexity: Complexity = "O(k) per frame, O(1) in N, no allocation once the output buffer is warm"
    public static let traits = PipelineTraits(wraps: true, centerWrapsModulo: true, scaleRange: 0...1)
    public static let catalogUpdate = CoreCatalogUpdate.recentres("its own: the layout for the new count, then the item kept's offset")
    /// A release faster than this (pt/s, FSPagerView's 0.3 pt/ms) always moves at least one item.
    public static let flickThreshold = Velocity.fsPagerThreshold
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset = 0.0
    @usableFromInline var catalogWidth: Double
    @usableFromInline var transform: ScaleAlphaTransform
    @usableFromInline var lastCenter = 0

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        catalogWidth = Double(catalogCount) * geometry.pitch
        transform = ScaleAlphaTransform(geometry: geometry)
    }

    @inlinable public var itemCount: Int { catalogCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        var offset = currentOffset + frame.delta
        if offset < 0 || offset >= catalogWidth {
            offset = ModularWrap.reduce(offset, catalogWidth: catalogWidth)
            output.jumped = true
        }
        currentOffset = offset
        let geometry = currentGeometry
        let pitch = geometry.pitch
        let first = Int(((offset - geometry.inset - geometry.itemWidth) / pitch).rounded(.up))
        let last = Int(((offset + geometry.viewportWidth - geometry.inset) / pitch).rounded(.down))
        let viewportCenter = geometry.viewportCenter(offset: offset)
        if first <= last {
            var item = catalogIndex(first, catalogCount: catalogCount)
            for position in first...last {
                output.append(item: item, transform: transform.transform(itemCenter: geometry.itemCenter(position),
                                                                         viewportCenter: viewportCenter))
                item += 1
                if item == catalogCount { item = 0 }
            }
        }
        var center = Int((offset / pitch).rounded())
        if center >= catalogCount { center -= catalogCount }
        output.centerChanged = center != lastCenter
        lastCenter = center
        output.offset = offset
        output.centerItem = center
        output.logicalIndex = center
    }

    /// The item nearest the proposed offset (UIKit's projection `o + (v/1000) r/(1-r)`, as `snap.projected`),
    /// moved to the next item in the direction of `v` when a flick faster than `flickThreshold` would
    /// otherwise stay or go back. Unclamped: the modular wrap has no ends.
    ///
    /// - Complexity: O(1).
    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let pitch = currentGeometry.pitch
        var position = currentOffset / pitch
        // `i*p / p` is not always exactly `i`: an offset within rounding of a centre counts as that centre,
        // so a flick from a resting item never stays put.
        if abs(position - position.rounded()) <= 1e-9 * max(1, abs(position)) { position = position.rounded() }
        var index = (proposedOffset / pitch).rounded()
        if velocity > Self.flickThreshold, index <= position {
            index = position.rounded(.down) + 1
        } else if velocity < -Self.flickThreshold, index >= position {
            index = position.rounded(.up) - 1
        }
        return index * pitch
    }

    /// `snapTarget` as a snap strategy of its own (`pipeline.best.snap`), so it is verified and timed beside the others.
    public struct Snap: SnapStrategy {
        public static let id = "pipeline.best.snap"
        public static let complexity: Complexity = "O(1)"
        public let pipeline: BestPipeline

        public init(pipeline: BestPipeline) { self.pipeline = pipeline }

        @inlinable
        public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
            pipeline.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        }
    }

    public mutating func rotate(toWidth width: Double) {
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        catalogWidth = Double(catalogCount) * currentGeometry.pitch
        transform = ScaleAlphaTransform(geometry: currentGeometry)
        currentOffset = currentGeometry.centeringOffset(item: lastCenter)
    }
}
