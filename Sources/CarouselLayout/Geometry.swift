/// A viewport (the collection view's bounds): width `W` and height `H` in points.
public struct Viewport: Sendable, Equatable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Landscape when wider than tall (seed 000 asks `UIDevice.orientation`; the engine asks the bounds).
    @inlinable
    public var isLandscape: Bool { width > height }
}

/// How the item size follows the viewport (seed 000 `CenterFocusedCarouselLayout.ItemSizeStrategy`).
public enum ItemSizing: Sendable, Equatable {
    /// An absolute size.
    case fixed(width: Double, height: Double)
    /// A fraction of the viewport width (portrait or landscape); `h = w * heightRatio`.
    case widthFraction(portrait: Double, landscape: Double, heightRatio: Double)

    /// The item size for `viewport`.
    @inlinable
    public func itemSize(for viewport: Viewport) -> (width: Double, height: Double) {
        switch self {
        case let .fixed(width, height):
            return (width, height)
        case let .widthFraction(portrait, landscape, heightRatio):
            let width = viewport.width * (viewport.isLandscape ? landscape : portrait)
            return (width, width * heightRatio)
        }
    }
}

/// A horizontal interval `[minX, maxX]`: the only part of a frame the carousel needs.
///
/// Intersection is closed (touching intervals intersect), matching the arithmetic
/// query's `ceil`/`floor` bounds (Docs/ALGORITHMS.md, "Visible-element query").
public struct Span: Sendable, Equatable {
    public var minX: Double
    public var maxX: Double

    @inlinable
    public init(minX: Double, maxX: Double) {
        self.minX = minX
        self.maxX = maxX
    }

    @inlinable public var width: Double { maxX - minX }
    @inlinable public var midX: Double { (minX + maxX) / 2 }

    @inlinable
    public func contains(_ x: Double) -> Bool { minX <= x && x <= maxX }

    @inlinable
    public func intersects(_ other: Span) -> Bool { maxX >= other.minX && minX <= other.maxX }
}

/// The shared geometry (Docs/ALGORITHMS.md, "Shared geometry"), derived as seed 000 does.
///
/// - `L = s - (w - w*m)/2` compensated line spacing (may be negative), `p = w + L` pitch,
///   `I = (W - w)/2` section inset, item `i` at `x_i = I + i*p`, centred by offset `o_i = i*p`.
public struct CarouselGeometry: Sendable, Equatable {
    /// `W`, `H`.
    public let viewportWidth: Double
    public let viewportHeight: Double
    /// `w`, `h`.
    public let itemWidth: Double
    public let itemHeight: Double
    /// `s`: the visual gap wanted between the centred item and its scaled neighbour.
    public let spacing: Double
    /// `m`: the side item scale.
    public let minScale: Double
    /// `L`.
    public let lineSpacing: Double
    /// `p = w + L`.
    public let pitch: Double
    /// `I = (W - w)/2`.
    public let inset: Double

    /// Geometry from explicit sizes.
    @inlinable
    public init(viewportWidth: Double, viewportHeight: Double, itemWidth: Double, itemHeight: Double,
                spacing: Double, minScale: Double) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.spacing = spacing
        self.minScale = minScale
        let lineSpacing = spacing - (itemWidth - itemWidth * minScale) / 2
        self.lineSpacing = lineSpacing
        self.pitch = itemWidth + lineSpacing
        self.inset = (viewportWidth - itemWidth) / 2
    }

    /// Geometry for a viewport and a sizing strategy (seed 000 `configure(bounds:)`).
    @inlinable
    public init(viewport: Viewport, sizing: ItemSizing, spacing: Double, minScale: Double) {
        let size = sizing.itemSize(for: viewport)
        self.init(viewportWidth: viewport.width, viewportHeight: viewport.height, itemWidth: size.width,
                  itemHeight: size.height, spacing: spacing, minScale: minScale)
    }

    /// The suite's default sizing: `w = 0.8 W`, `h = 200`.
    public static let defaultSizing = ItemSizing.widthFraction(portrait: 0.8, landscape: 0.8, heightRatio: 200.0 / 312.0)

    /// 390 x 300, `w = 312`, `h = 200`, `s = 12`, `m = 0.8`: `L = -19.2`, `p = 292.8`.
    public static let `default` = CarouselGeometry(
        viewportWidth: 390, viewportHeight: 300, itemWidth: 312, itemHeight: 200, spacing: 12, minScale: 0.8)

    @inlinable public var viewport: Viewport { Viewport(width: viewportWidth, height: viewportHeight) }

    /// `x_i = I + i*p`.
    @inlinable
    public func itemMinX(_ item: Int) -> Double { inset + Double(item) * pitch }

    @inlinable
    public func itemMaxX(_ item: Int) -> Double { itemMinX(item) + itemWidth }

    /// `c_i = x_i + w/2`.
    @inlinable
    public func itemCenter(_ item: Int) -> Double { itemMinX(item) + itemWidth / 2 }

    @inlinable
    public func itemSpan(_ item: Int) -> Span {
        let minX = itemMinX(item)
        return Span(minX: minX, maxX: minX + itemWidth)
    }

    /// `o_i = c_i - W/2 = i*p` (a pipeline's own placement, with its origin, is `CarouselPipeline.placement`).
    @inlinable
    public func centeringOffset(item: Int) -> Double { Double(item) * pitch }

    /// `C = o + W/2`.
    @inlinable
    public func viewportCenter(offset: Double) -> Double { offset + viewportWidth / 2 }

    /// The visible rect at content offset `o`: `[o, o + W]`.
    @inlinable
    public func viewportSpan(offset: Double) -> Span { Span(minX: offset, maxX: offset + viewportWidth) }

    /// `2I + N*w + (N-1)*L` (0 items: `2I`).
    @inlinable
    public func contentWidth(itemCount: Int) -> Double {
        guard itemCount > 0 else { return 2 * inset }
        return 2 * inset + Double(itemCount) * itemWidth + Double(itemCount - 1) * lineSpacing
    }

    /// The largest content offset: `contentWidth - W = (N-1)*p` (0 when the content is narrower).
    @inlinable
    public func maxOffset(itemCount: Int) -> Double { max(0, contentWidth(itemCount: itemCount) - viewportWidth) }
}

/// Where item `k` sits: the content offset that centres it, `o_k = origin + k·pitch`, and whether the centred index
/// wraps modulo `n` (Docs/ALGORITHMS.md, "Where item k sits").
///
/// One declaration per pipeline (`CarouselPipeline.placement`): the frame check's reference centre, the rotate check,
/// the snap check and the wrap-jump check all read it. A built-in pipeline's is its geometry's (origin 0, pitch
/// `p = w + L`); a port whose layout centres item 0 at another offset declares that offset as its origin (a layout
/// that starts its cycles one section inset earlier has origin `−I`), or derives both from its layout's own
/// attributes (`init(itemCenters:_:viewportWidth:)`).
///
///     let placement = ItemPlacement(pitch: 320, origin: -166)
///     placement.centeringOffset(item: 2)                                      // 474
///     placement.centredItem(offset: 474, itemCount: 10, catalogCount: 10)     // 2
public struct ItemPlacement: Sendable, Equatable, CustomStringConvertible {
    /// The distance between the centring offsets of neighbouring items.
    public var pitch: Double
    /// The content offset that centres item 0.
    public var origin: Double
    /// The centred index is `round((o − origin)/p) mod n` (a modular wrap with `N = n`) instead of clamped to `[0, N−1]`.
    public var wrapsModulo: Bool

    @inlinable
    public init(pitch: Double, origin: Double = 0, wrapsModulo: Bool = false) {
        self.pitch = pitch
        self.origin = origin
        self.wrapsModulo = wrapsModulo
    }

    /// The shared geometry's placement: item `k` centred at `k·p` (origin 0).
    @inlinable
    public init(geometry: CarouselGeometry, wrapsModulo: Bool = false) {
        self.init(pitch: geometry.pitch, origin: 0, wrapsModulo: wrapsModulo)
    }

    /// The placement of a layout whose items 0 and 1 have their centres at `first` and `second` (content x, as its
    /// attributes give them): pitch `second − first`, origin `first − W/2`.
    @inlinable
    public init(itemCenters first: Double, _ second: Double, viewportWidth: Double, wrapsModulo: Bool = false) {
        self.init(pitch: second - first, origin: first - viewportWidth / 2, wrapsModulo: wrapsModulo)
    }

    /// `o_k = origin + k·p`.
    @inlinable
    public func centeringOffset(item: Int) -> Double { origin + Double(item) * pitch }

    /// `(o − origin)/p`: the item index whose centre is at the viewport's centre at offset `o` (fractional between items).
    @inlinable
    public func position(offset: Double) -> Double { (offset - origin) / pitch }

    /// The item centred at offset `o`: `round(position)` clamped to `[0, N−1]`, or `mod n` when it wraps modulo; nil
    /// when the position is exactly halfway between two items (both are right), not finite or beyond `1e15`.
    @inlinable
    public func centredItem(offset: Double, itemCount: Int, catalogCount: Int) -> Int? {
        let position = position(offset: offset)
        guard abs(position - position.rounded(.down) - 0.5) > 1e-9, abs(position) < 1e15 else { return nil }
        let rounded = Int(position.rounded())
        return wrapsModulo ? catalogIndex(rounded, catalogCount: catalogCount) : min(max(rounded, 0), itemCount - 1)
    }

    /// The offset that centres the item `itemsAway` from the one centred at `offset`: `round(position)`, clamped to
    /// `[0, N−1]` unless it wraps modulo, plus `itemsAway`; nil when that index lies outside `[0, N)` and the placement
    /// does not wrap modulo, or the position is not finite.
    @inlinable
    public func scrollToItemTarget(offset: Double, itemCount: Int, itemsAway: Int) -> Double? {
        let position = position(offset: offset)
        guard position.isFinite, abs(position) < 1e15, itemCount > 0 else { return nil }
        var centred = Int(position.rounded())
        if !wrapsModulo { centred = min(max(centred, 0), itemCount - 1) }
        let target = centred + itemsAway
        guard wrapsModulo || (0..<itemCount).contains(target) else { return nil }
        return centeringOffset(item: target)
    }

    /// `origin 0, pitch 292.8` (`, modulo n` when it wraps modulo).
    public var description: String {
        "origin \(Self.points(origin)), pitch \(Self.points(pitch))" + (wrapsModulo ? ", modulo n" : "")
    }

    /// A length in points with at most 2 decimals (`-166`, `292.8`).
    static func points(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : "\(rounded)"
    }
}

/// Converts a (possibly huge, negative or NaN) item position to an index in `[0, count-1]` without trapping.
///
/// Clamping happens in `Double` before the `Int` conversion, so offsets far outside the content never
/// overflow (FSPagerView #256 underflowed an index into `18446744073709551615`).
@inlinable
public func clampedItemIndex(_ position: Double, itemCount: Int) -> Int {
    guard itemCount > 0, !position.isNaN else { return 0 }
    return Int(min(max(position, 0), Double(itemCount - 1)))
}
