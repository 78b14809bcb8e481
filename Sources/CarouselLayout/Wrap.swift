/// The outcome of one wrap check: the content offset afterwards, and whether the strategy moved it.
public struct WrapStep: Sendable, Equatable {
    public var offset: Double
    public var jumped: Bool

    @inlinable
    public init(offset: Double, jumped: Bool) {
        self.offset = offset
        self.jumped = jumped
    }
}

/// A wraparound strategy: how `n` catalog items are replicated into `N` laid-out items, and when the
/// content offset jumps to keep scrolling "infinite".
public protocol WrapStrategy {
    /// The id (Docs/ALGORITHMS.md, "Wraparound").
    static var id: String { get }
    /// The documented cost (the report checks its order against the measured growth).
    static var complexity: Complexity { get }
    /// The largest catalog it can be built for; nil for any.
    static var catalogLimit: CatalogLimit? { get }
    /// `n`.
    var catalogCount: Int { get }
    /// `N`, the items laid out.
    var itemCount: Int { get }
    /// The distance between neighbouring item centres (the page width for `wrap.sentinel`).
    var pitch: Double { get }
    /// The offset a carousel starts at.
    var startOffset: Double { get }
    /// The offsets the content allows.
    var offsetRange: ClosedRange<Double> { get }
    /// The catalog index `[0, n)` shown by raw item `item`.
    func logicalIndex(ofItem item: Int) -> Int
    /// The logical index of the item centred at `offset`.
    func logicalCenter(offset: Double) -> Int
    /// The per-frame check (`scrollViewDidScroll`).
    func step(offset: Double) -> WrapStep
    /// The check at the end of a gesture (`scrollViewDidEndDecelerating`).
    func endOfGesture(offset: Double) -> WrapStep
}

extension WrapStrategy {
    /// `n*p`: every invisible jump is a whole multiple of it.
    @inlinable
    public var catalogWidth: Double { Double(catalogCount) * pitch }

    @inlinable
    public func logicalCenter(offset: Double) -> Int {
        logicalIndex(ofItem: clampedItemIndex((offset / pitch).rounded(), itemCount: itemCount))
    }

    @inlinable
    public func endOfGesture(offset: Double) -> WrapStep { WrapStep(offset: offset, jumped: false) }
}

/// `i mod n` in `[0, n)` for any `i`, negative included (no underflow, FSPagerView #256).
@inlinable
public func catalogIndex(_ item: Int, catalogCount: Int) -> Int {
    guard catalogCount > 0 else { return 0 }
    let remainder = item % catalogCount
    return remainder < 0 ? remainder + catalogCount : remainder
}

/// `Int(x)` when `x` is integral-convertible, nil for NaN and magnitudes beyond 2^52 (instead of a trap).
@inlinable
func safePage(_ x: Double) -> Int? {
    guard x.isFinite, abs(x) < 4.5e15 else { return nil }
    return Int(x)
}

extension WrapStrategy {
    public static var catalogLimit: CatalogLimit? { nil }
}

/// `wrap.triple` (seed 000 flow): `N = 3n`, start centred on item `2n`; every scroll callback:
/// `page = round(o/p)`; `page == 2n+1`: `o = o mod p + n*p`; `page == n`: `o = o mod p + 2n*p`
/// (`truncatingRemainder`).
///
/// Reproduced as written. The jump is one catalog width (`n*p`) only when the frame that first reaches the
/// trigger page lands in its near half (right: `o` in `[(2n+0.5)p, (2n+1)p)`; left: `o` in `[np, (n+0.5)p)`).
/// A frame landing in the far half (a step > `p/2`) jumps by `(n+1)*p`: one item visibly skipped.
/// A step of more than `p` can step over the trigger page and run into the end of the content.
/// With `n = 1` the right trigger (page 3) lies beyond the content and the left jump lands past it.
public struct TripleWrap: WrapStrategy, Sendable {
    public static let id = "wrap.triple"
    public static let catalogLimit: CatalogLimit? = .positions(replication: 3, "N = 3n")
    public static let complexity: Complexity = "O(1) per step"
    public let catalogCount: Int
    public let pitch: Double
    public let maxOffset: Double

    public init(geometry: CarouselGeometry, catalogCount: Int) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        pitch = geometry.pitch
        maxOffset = geometry.maxOffset(itemCount: 3 * catalogCount)
    }

    @inlinable public var itemCount: Int { 3 * catalogCount }
    @inlinable public var startOffset: Double { Double(2 * catalogCount) * pitch }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...maxOffset }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int { catalogIndex(item, catalogCount: catalogCount) }

    @inlinable
    public func step(offset: Double) -> WrapStep {
        guard let page = safePage((offset / pitch).rounded()) else { return WrapStep(offset: offset, jumped: false) }
        if page == catalogCount * 2 + 1 {
            return WrapStep(offset: offset.truncatingRemainder(dividingBy: pitch) + Double(catalogCount) * pitch, jumped: true)
        }
        if page == catalogCount {
            return WrapStep(offset: offset.truncatingRemainder(dividingBy: pitch) + Double(2 * catalogCount) * pitch, jumped: true)
        }
        return WrapStep(offset: offset, jumped: false)
    }
}

/// `wrap.sentinel` (seed 004): `N = n+2` full-width pages (last item, `0..n-1`, first item), paging with
/// page width `W`, start at item 1. At the end of deceleration: `page = Int(o/W)`; page 0 jumps to item `n`,
/// page `n+1` to item 1. No per-frame work.
///
/// A jump happens only when deceleration ends, so a user who keeps flicking reaches the content's end
/// (offset 0 or `(n+1)W`) and stops there until the scroll view settles.
public struct SentinelWrap: WrapStrategy, Sendable {
    public static let id = "wrap.sentinel"
    public static let catalogLimit: CatalogLimit? = .positions(replication: 1, plus: 2, "N = n + 2")
    public static let complexity: Complexity = "O(1) per check"
    public let catalogCount: Int
    /// The page width `W`.
    public let pitch: Double

    public init(viewportWidth: Double, catalogCount: Int) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        pitch = viewportWidth
    }

    @inlinable public var itemCount: Int { catalogCount + 2 }
    @inlinable public var startOffset: Double { pitch }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...(Double(catalogCount + 1) * pitch) }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int {
        if item <= 0 { return catalogCount - 1 }
        if item >= catalogCount + 1 { return 0 }
        return item - 1
    }

    @inlinable
    public func step(offset: Double) -> WrapStep { WrapStep(offset: offset, jumped: false) }

    @inlinable
    public func endOfGesture(offset: Double) -> WrapStep {
        guard let page = safePage(offset / pitch) else { return WrapStep(offset: offset, jumped: false) }
        if page == 0 { return WrapStep(offset: Double(catalogCount) * pitch, jumped: true) }
        if page == catalogCount + 1 { return WrapStep(offset: pitch, jumped: true) }
        return WrapStep(offset: offset, jumped: false)
    }
}

/// `wrap.hundredfold` (seed 000 compositional): `N = 100n`, start centred on item `N/2`, never recentres;
/// logical index `i mod n`. It runs out after about `50n` pages in one direction (the content ends).
public struct HundredfoldWrap: WrapStrategy, Sendable {
    public static let id = "wrap.hundredfold"
    public static let catalogLimit: CatalogLimit? = .positions(replication: replication, "N = 100n")
    public static let complexity: Complexity = "O(1) per step (nothing to do)"
    public static let replication = 100
    public let catalogCount: Int
    public let pitch: Double
    public let maxOffset: Double

    public init(geometry: CarouselGeometry, catalogCount: Int) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        pitch = geometry.pitch
        maxOffset = geometry.maxOffset(itemCount: Self.replication * catalogCount)
    }

    @inlinable public var itemCount: Int { Self.replication * catalogCount }
    @inlinable public var startOffset: Double { Double(itemCount / 2) * pitch }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...maxOffset }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int { catalogIndex(item, catalogCount: catalogCount) }

    @inlinable
    public func step(offset: Double) -> WrapStep { WrapStep(offset: offset, jumped: false) }
}

/// `wrap.modular` (the project's own, iCarousel-style): `N = n`; the offset wraps into `[0, n*p)` by
/// `o - floor(o/(n*p))*n*p` whenever it leaves that range. Every jump is a whole multiple of `n*p`, at any
/// step size, so it stays invisible; nothing is replicated, and the renderer draws item `i` at
/// `i mod n` (items left of 0 and right of `n-1` wrap).
public struct ModularWrap: WrapStrategy, Sendable {
    public static let id = "wrap.modular"
    /// Nothing replicated, but offsets reach `n·p`.
    public static let catalogLimit: CatalogLimit? = .positions(replication: 1, "N = n")
    public static let complexity: Complexity = "O(1) per step"
    public let catalogCount: Int
    public let pitch: Double

    public init(geometry: CarouselGeometry, catalogCount: Int) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        pitch = geometry.pitch
    }

    @inlinable public var itemCount: Int { catalogCount }
    @inlinable public var startOffset: Double { 0 }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...catalogWidth }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int { catalogIndex(item, catalogCount: catalogCount) }

    @inlinable
    public func logicalCenter(offset: Double) -> Int {
        guard let item = safePage((offset / pitch).rounded()) else { return 0 }
        return catalogIndex(item, catalogCount: catalogCount)
    }

    @inlinable
    public func step(offset: Double) -> WrapStep {
        let width = catalogWidth
        guard offset < 0 || offset >= width, offset.isFinite else { return WrapStep(offset: offset, jumped: false) }
        return WrapStep(offset: ModularWrap.reduce(offset, catalogWidth: width), jumped: true)
    }

    /// `o - floor(o/(n*p))*n*p`, kept inside `[0, n*p)` against rounding (0 for a non-finite offset).
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func reduce(_ offset: Double, catalogWidth: Double) -> Double {
        guard offset.isFinite else { return 0 }
        var wrapped = offset - (offset / catalogWidth).rounded(.down) * catalogWidth
        if wrapped >= catalogWidth { wrapped -= catalogWidth }
        if wrapped < 0 { wrapped += catalogWidth }
        return wrapped
    }
}

/// `peer.fspager.wrap` (FSPagerView `isInfinite`): `Int16.max / n` sections of `n` items, start centred on
/// item 0 of the middle section, never recentres; index `item mod n`.
///
/// Reproduced as written: for `n > 32767` there are 0 sections and nothing to show.
public struct FSPagerWrap: WrapStrategy, Sendable {
    public static let id = "peer.fspager.wrap"
    /// `Int16.max / n` sections: none at all past `Int16.max` items.
    public static let catalogLimit: CatalogLimit? = CatalogLimit(
        largest: Int(Int16.max), reason: "FSPagerView's isInfinite lays out Int16.max / n sections, none for n > 32767")
    public static let complexity: Complexity = "O(1) per step (nothing to do)"
    public let catalogCount: Int
    public let pitch: Double
    public let sectionCount: Int
    public let maxOffset: Double

    public init(geometry: CarouselGeometry, catalogCount: Int) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        pitch = geometry.pitch
        sectionCount = Int(Int16.max) / catalogCount
        maxOffset = geometry.maxOffset(itemCount: sectionCount * catalogCount)
    }

    @inlinable public var itemCount: Int { sectionCount * catalogCount }
    @inlinable public var startOffset: Double { Double(sectionCount / 2 * catalogCount) * pitch }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...maxOffset }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int { catalogIndex(item, catalogCount: catalogCount) }

    @inlinable
    public func step(offset: Double) -> WrapStep { WrapStep(offset: offset, jumped: false) }
}

/// `peer.infinitelayout` (InfiniteLayout): the data source repeats the catalog `k = 4*ceil(W/w)` times
/// (about `4*screen/itemSide`) into one content page of width `P = k*n*p`; the layout reports 500 pages and
/// maps rects modulo `P`. Per scroll: `page = floor(o/P)`; below 2 or above 498 it recentres to
/// `rect(from:)`'s `o mod P + 250*P` (the source's negative-offset fix-up `o += |floor(P/o)|*P` included).
///
/// Jumps are whole multiples of `P`, itself a multiple of `n*p`. The source applies it on the next main-queue
/// turn; the engine applies it at the step.
public struct InfiniteLayoutWrap: WrapStrategy, Sendable {
    public static let id = "peer.infinitelayout"
    public static let complexity: Complexity = "O(1) per step"
    public static let pageCount = 500
    /// `N = 500·k·n` with `k = 8` at the suite's geometry (`CarouselGeometry.default`); a narrower item raises `k`.
    public static let catalogLimit: CatalogLimit? = .positions(
        replication: pageCount * copies(.default), "N = 500·k·n, k = \(copies(.default)) at the suite's geometry")
    public let catalogCount: Int
    public let pitch: Double
    /// `k`: copies of the catalog in one content page.
    public let copies: Int
    public let maxOffset: Double

    public init(geometry: CarouselGeometry, catalogCount: Int) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        pitch = geometry.pitch
        copies = Self.copies(geometry)
        maxOffset = Double(Self.pageCount) * Double(copies * catalogCount) * geometry.pitch - geometry.viewportWidth
    }

    /// `k = 4*ceil(W/w)`: copies of the catalog in one content page.
    public static func copies(_ geometry: CarouselGeometry) -> Int {
        4 * max(1, Int((geometry.viewportWidth / geometry.itemWidth).rounded(.up)))
    }

    /// `P`.
    @inlinable public var pageWidth: Double { Double(copies * catalogCount) * pitch }
    @inlinable public var itemCount: Int { Self.pageCount * copies * catalogCount }
    @inlinable public var startOffset: Double { Double(Self.pageCount / 2) * pageWidth }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...max(0, maxOffset) }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int { catalogIndex(item, catalogCount: catalogCount) }

    @inlinable
    public func step(offset: Double) -> WrapStep {
        let width = pageWidth
        let page = (offset / width).rounded(.down)
        guard page < 2 || page > Double(Self.pageCount - 2), offset.isFinite else {
            return WrapStep(offset: offset, jumped: false)
        }
        var origin = offset
        if origin < 0 { origin += abs((width / origin).rounded(.down)) * width }
        origin = origin.truncatingRemainder(dividingBy: width) + Double(Self.pageCount / 2) * width
        return WrapStep(offset: origin, jumped: origin != offset)
    }
}

extension StrategyRegistry {
    /// Each wrap; a page-width strategy (`wrap.sentinel`) builds on the viewport width.
    @inlinable
    static func wraps<V: StrategyVisitor>(_ visitor: V) {
        visitor.visitWrap(WrapEntry { TripleWrap(geometry: $0, catalogCount: $1) })
        visitor.visitWrap(WrapEntry(id: "wrap.triple.whole", correcting: TripleWrap.id) {
            RecenteringWrap(variantID: "wrap.triple.whole", geometry: $0, catalogCount: $1, copies: 3)
        })
        visitor.visitWrap(WrapEntry { SentinelWrap(viewportWidth: $0.viewportWidth, catalogCount: $1) })
        visitor.visitWrap(WrapEntry { HundredfoldWrap(geometry: $0, catalogCount: $1) })
        visitor.visitWrap(WrapEntry(id: "wrap.hundredfold.recentring", correcting: HundredfoldWrap.id) {
            RecenteringWrap(variantID: "wrap.hundredfold.recentring", geometry: $0, catalogCount: $1,
                            copies: HundredfoldWrap.replication)
        })
        visitor.visitWrap(WrapEntry { ModularWrap(geometry: $0, catalogCount: $1) })
        visitor.visitWrap(WrapEntry { FSPagerWrap(geometry: $0, catalogCount: $1) })
        visitor.visitWrap(WrapEntry { InfiniteLayoutWrap(geometry: $0, catalogCount: $1) })
    }
}
