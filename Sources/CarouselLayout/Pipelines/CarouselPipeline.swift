/// One whole carousel implementation, frame by frame (Docs/ALGORITHMS.md, "Pipelines"): a query, a lookup, a
/// transform and a wrap strategy, plus its once-per-gesture work, driven by `TrajectoryFrame`s.
///
/// `apply` moves the offset by the frame's delta and does what the source does in that frame:
/// `.released` asks the pipeline's snap (before the delta, as `targetContentOffset` is asked),
/// `.didEndDecelerating` runs the end-of-gesture wrap or relayout, `.rotated` recomputes the geometry
/// and restores the centred item; every frame then runs the per-frame work and fills `output`.
/// Offsets are not clamped during a drag (UIKit would rubber-band); the snap brings them back.
public protocol CarouselPipeline {
    /// The id (Docs/ALGORITHMS.md, "Pipelines": `pipeline.…`).
    static var id: String { get }
    /// The documented cost (the report checks its order against the measured growth).
    static var complexity: Complexity { get }
    /// The largest catalog it can be built for; nil for any.
    static var catalogLimit: CatalogLimit? { get }
    /// What the verifier may expect of this pipeline's output.
    static var traits: PipelineTraits { get }
    init(catalogCount: Int, geometry: CarouselGeometry)
    /// `n`.
    var catalogCount: Int { get }
    /// `N`, the items laid out after replication.
    var itemCount: Int { get }
    /// The content offset now (the start offset right after `init`).
    var offset: Double { get }
    /// The pipeline's geometry now (after rotations; seed 004's pages and seed 003's normal-size items
    /// are expressed as a geometry whose pitch is theirs).
    var geometry: CarouselGeometry { get }
    /// Plays one frame and writes what it produced into `output` (cleared first).
    mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput)
    /// The resting offset the pipeline's snap picks for a release (velocity in pt/s).
    func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double
    /// A bounds width change: the new geometry, then the offset that keeps the same item centred.
    mutating func rotate(toWidth width: Double)
}

extension CarouselPipeline {
    public static var catalogLimit: CatalogLimit? { nil }

    /// The start of every frame: clears `output`, then the once-per-gesture work all pipelines share: at a
    /// release, the snap target (asked before the delta, as `targetContentOffset` is); at a rotation, the
    /// new geometry. Returns the release so a pipeline can add work of its own there.
    @inlinable @inline(__always) @discardableResult
    public mutating func handleGesture(
        _ frame: TrajectoryFrame, into output: inout FrameOutput
    ) -> (velocity: Double, proposedOffset: Double)? {
        output.beginFrame()
        switch frame.phase {
        case let .released(velocity, proposedOffset, _):
            output.snapTarget = snapTarget(currentOffset: offset, proposedOffset: proposedOffset, velocity: velocity)
            return (velocity, proposedOffset)
        case let .rotated(width):
            rotate(toWidth: width)
        default:
            break
        }
        return nil
    }
}

/// What a pipeline's output may legitimately look like, so the verifier neither hides a flaw nor calls a
/// documented behaviour wrong.
public struct PipelineTraits: Sendable, Equatable {
    /// The offset jumps by whole catalog widths somewhere (per frame or at the end of a gesture).
    public var wraps: Bool
    /// The centre may be nil (a hit test when the viewport centre falls in a gap).
    public var centerMayBeMissing: Bool
    /// The centre may be a neighbour of `lookup.arithmetic`'s (variable item sizes: seed 003).
    public var centerMayBeNeighbour: Bool
    /// The centre is `round(o/p) mod n` (a modular wrap with `N = n`) instead of clamped to `[0, N-1]`.
    public var centerWrapsModulo: Bool
    /// The strategy's own scale range.
    public var scaleRange: ClosedRange<Double>

    public init(wraps: Bool, centerMayBeMissing: Bool = false, centerMayBeNeighbour: Bool = false,
                centerWrapsModulo: Bool = false, scaleRange: ClosedRange<Double>) {
        self.wraps = wraps
        self.centerWrapsModulo = centerWrapsModulo
        self.centerMayBeMissing = centerMayBeMissing
        self.centerMayBeNeighbour = centerMayBeNeighbour
        self.scaleRange = scaleRange
    }
}

/// Geometry helpers the pipelines share.
public enum PipelineGeometry {
    /// The geometry after a rotation to viewport width `width`: the item keeps its fraction of the width
    /// and its aspect ratio, spacing and side scale stay (seed 000 `configure(bounds:)` with `widthFraction`).
    public static func rotated(_ geometry: CarouselGeometry, toWidth width: Double) -> CarouselGeometry {
        let fraction = geometry.itemWidth / geometry.viewportWidth
        let sizing = ItemSizing.widthFraction(portrait: fraction, landscape: fraction,
                                              heightRatio: geometry.itemHeight / geometry.itemWidth)
        return Rotation.geometry(for: Viewport(width: width, height: geometry.viewportHeight), sizing: sizing,
                                 spacing: geometry.spacing, minScale: geometry.minScale)
    }

    /// Seed 004's full-width pages as a geometry: item `W x H`, no spacing, `p = W`, inset 0.
    public static func pages(viewportWidth: Double, viewportHeight: Double) -> CarouselGeometry {
        CarouselGeometry(viewportWidth: viewportWidth, viewportHeight: viewportHeight, itemWidth: viewportWidth,
                         itemHeight: viewportHeight, spacing: 0, minScale: 1)
    }

    /// Seed 003's normal items as a geometry: `0.80 W x 0.85 H`, uncompensated spacing `s`, `p = 0.80 W + s`.
    public static func seed003(viewportWidth: Double, viewportHeight: Double, spacing: Double) -> CarouselGeometry {
        CarouselGeometry(viewportWidth: viewportWidth, viewportHeight: viewportHeight, itemWidth: viewportWidth * 0.80,
                         itemHeight: viewportHeight * 0.85, spacing: spacing, minScale: 1)
    }
}
