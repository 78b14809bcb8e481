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
    /// Where item `k` sits now: the offset that centres it (`origin + k·pitch`), modulo `n` or not. By default the
    /// geometry's (origin 0, its pitch; modulo where `traits.centerWrapsModulo`); a port whose layout centres item 0
    /// at another offset returns its own. Every check that asks which item is centred reads it.
    var placement: ItemPlacement { get }
    /// Plays one frame and writes what it produced into `output` (cleared first).
    mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput)
    /// The resting offset the pipeline's snap picks for a release (velocity in pt/s).
    func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double
    /// A bounds width change: the new geometry, then the offset that keeps the same item centred.
    mutating func rotate(toWidth width: Double)
    /// Where the design's `scrollToItem` path takes the content to centre the item `itemsAway` from the centred one
    /// (an app's timer or a tap asks it), or nil when the design has no such item. By default the placement's: the
    /// centred index `round((o − origin)/p)`, clamped to `[0, N−1]` unless it wraps modulo, plus `itemsAway`; nil
    /// outside `[0, N)` unless it wraps modulo (Docs/ALGORITHMS.md, "Scrolls by code").
    func scrollToItemTarget(itemsAway: Int) -> Double?
    /// Where a tap on the item `itemsAway` from the centred one takes the content (the app scrolls the item it hit to
    /// the centre), or nil when the tap meets no item. By default `scrollToItemTarget(itemsAway:)` when that item is
    /// on screen (its untransformed frame, `itemsAway·p` from the centre, overlaps the viewport: `|itemsAway|·p <
    /// (W + w)/2`), else nil.
    func tapTarget(itemsAway: Int) -> Double?
    /// How the design's app places the carousel after its catalogue changes, in the core's terms (Docs/ALGORITHMS.md,
    /// "Catalogue updates"). By default the assumed app code: the item the update keeps scrolled to.
    static var catalogUpdate: CoreCatalogUpdate { get }
    /// The scales its items may be drawn at now, which the frame checks hold it to. By default `traits.scaleRange`;
    /// a design that rounds its item sizes to whole points draws scales its rounding gives for the viewport now.
    var scaleRange: ClosedRange<Double> { get }
}

extension CarouselPipeline {
    public static var catalogLimit: CatalogLimit? { nil }

    /// The geometry's placement: item `k` centred at `k·p` (Docs/ALGORITHMS.md, "Where item k sits").
    public var placement: ItemPlacement { ItemPlacement(geometry: geometry, wrapsModulo: Self.traits.centerWrapsModulo) }

    /// The declared range (see the requirement).
    public var scaleRange: ClosedRange<Double> { Self.traits.scaleRange }

    /// The assumed app code (see the requirement).
    public static var catalogUpdate: CoreCatalogUpdate { .recentres(CoreCatalogUpdate.assumed) }

    /// The placement's target (see the requirement).
    public func scrollToItemTarget(itemsAway: Int) -> Double? {
        placement.scrollToItemTarget(offset: offset, itemCount: itemCount, itemsAway: itemsAway)
    }

    /// `scrollToItemTarget(itemsAway:)` for an item on screen (see the requirement).
    public func tapTarget(itemsAway: Int) -> Double? {
        let geometry = self.geometry
        guard Double(abs(itemsAway)) * placement.pitch < (geometry.viewportWidth + geometry.itemWidth) / 2 else { return nil }
        return scrollToItemTarget(itemsAway: itemsAway)
    }

    /// The start of every frame: clears `output`, then the once-per-gesture work all pipelines share: at a
    /// release, the snap target (asked before the delta, as `targetContentOffset` is); at a rotation, the
    /// new geometry; at a scroll by code, its target (`scrollToItemTarget`, asked before the delta). Returns the release so a pipeline can add work of its own there.
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
        case let .scrolledByCode(itemsAway, _, _, trigger):
            // A core has no data source to reload: a reload's recentre is its scrollToItem.
            output.snapTarget = trigger == .tap ? tapTarget(itemsAway: itemsAway) : scrollToItemTarget(itemsAway: itemsAway)
        default:
            break
        }
        return nil
    }
}

/// What a pipeline's output may legitimately look like, so the verifier neither hides a flaw nor calls a
/// documented behaviour wrong, and the design criteria it declares (Docs/ALGORITHMS.md, "Design criteria, measured"),
/// which `DesignMeasurement` measures from its frames and reports beside these.
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
    /// Declared: it scrolls on in both directions without reaching an end (`wraps` unless given: a layout that never
    /// jumps but lays out far more items than any scroll reaches declares `infinite: true`).
    public var infinite: Bool
    /// Declared: the centred item is drawn largest (`scaleRange` reaching below 1 unless given).
    public var centreFocused: Bool
    /// Documented changes of mode by catalog size (a fallback to a finite mode below some `n`, a window of laid-out
    /// items), each checked, and left out of the complexity fits on the side where the mode differs.
    public var policies: [CatalogPolicy]

    public init(wraps: Bool, centerMayBeMissing: Bool = false, centerMayBeNeighbour: Bool = false,
                centerWrapsModulo: Bool = false, scaleRange: ClosedRange<Double>, infinite: Bool? = nil,
                centreFocused: Bool? = nil, policies: [CatalogPolicy] = []) {
        self.wraps = wraps
        self.centerWrapsModulo = centerWrapsModulo
        self.centerMayBeMissing = centerMayBeMissing
        self.centerMayBeNeighbour = centerMayBeNeighbour
        self.scaleRange = scaleRange
        self.infinite = infinite ?? wraps
        self.centreFocused = centreFocused ?? (scaleRange.lowerBound < 1)
        self.policies = policies
    }

    /// Whether it is declared infinite at catalog size `n`: `infinite`, except below a `finite(below:)` policy's size.
    public func declaresInfinite(catalogCount n: Int) -> Bool {
        infinite && !policies.contains { $0.kind == .finiteBelow && n < $0.catalogCount }
    }
}

/// A layout's documented change of mode at a catalog size (its own policy, cited where it is declared).
///
///     // falls back to a finite carousel below 1.5 screens of items
///     PipelineTraits(wraps: true, scaleRange: 0.8...1, policies: [.finite(below: 4, "Layout.swift lines 40-52")])
///     // lays out at most 7 items around the current one: min(7, n)
///     PipelineTraits(wraps: false, scaleRange: 0.6...1, policies: [.window(items: 7, "the app's numberOfVisibleItems")])
///
/// Each is checked at every catalog the implementation is verified at, and the report fits its rows' growth only on
/// the sizes of its main mode (`n ≥ catalogCount`), saying which it left out.
public struct CatalogPolicy: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// Finite below `catalogCount`, infinite from it on (checked by `DesignMeasurement`'s "infinite").
        case finiteBelow = "finite below"
        /// At most `catalogCount` items laid out (and shown) on any frame, all `n` below it (checked frame by frame).
        case window = "window"
    }

    public var kind: Kind
    /// The catalog size from which the main mode runs.
    public var catalogCount: Int
    /// Where the layout documents it (file and lines, or its guide).
    public var source: String

    public init(kind: Kind, catalogCount: Int, source: String) {
        precondition(catalogCount > 0, "a policy switches mode at a positive catalog size")
        self.kind = kind
        self.catalogCount = catalogCount
        self.source = source
    }

    /// Finite below `n` items, infinite from `n` on.
    public static func finite(below n: Int, _ source: String) -> CatalogPolicy { CatalogPolicy(kind: .finiteBelow, catalogCount: n, source: source) }

    /// At most `items` items laid out on any frame: `min(items, n)`.
    public static func window(items: Int, _ source: String) -> CatalogPolicy { CatalogPolicy(kind: .window, catalogCount: items, source: source) }

    /// Whether catalog size `n` runs in the main mode (the sizes a complexity fit uses).
    public func isMainMode(catalogCount n: Int) -> Bool { n >= catalogCount }

    /// `finite below n = 4 (Layout.swift lines 40-52)`, `lays out at most 7 items (...)`.
    public var description: String {
        switch kind {
        case .finiteBelow: "finite below n = \(catalogCount) (\(source))"
        case .window: "lays out at most \(catalogCount) items (\(source))"
        }
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

/// How a design's app places the carousel after its catalogue changes, at the level of its core: the core is built
/// again for the new count (what `reloadData` leaves of the layout's state: every position laid out anew), then placed
/// as the design's path places it. The core keeps no cells, so what the UIKit view's path does with the cells on screen
/// (none right after `reloadData`) is the UIKit view's alone.
public enum CoreCatalogUpdate: Sendable, Equatable {
    /// Scrolled without animation to the item the update keeps, where the core's own `scrollToItemTarget` puts it;
    /// the text says whose code that is.
    case recentres(String)
    /// Left at the offset it showed, kept within the new content (an update that does not recentre); the text cites it.
    case keepsOffset(String)

    /// The path of a design whose source has a fixed catalogue.
    public static let assumed = "assumed app code: the layout for the new count, then scrollToItem to the item kept"

    /// The text, as `verify` prints it.
    public var path: String {
        switch self {
        case let .recentres(path), let .keepsOffset(path): path
        }
    }
}

