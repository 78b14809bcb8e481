/// A centre lookup: which raw item is centred at content offset `o`.
public protocol CenterLookup {
    /// The id (Docs/ALGORITHMS.md, "Centre lookup").
    static var id: String { get }
    /// The documented cost (the report checks its order against the measured growth).
    static var complexity: Complexity { get }
    /// The centred item at `offset`, or nil when the strategy finds none (hit test in a gap, empty content).
    mutating func centerItem(atOffset offset: Double) -> Int?
}

/// `lookup.sortedScan` (seed 000 `visibleLayoutAttributesInOffset`): query the viewport rect, sort by
/// `midX - offset`, take the first.
///
/// Reproduced as written: that key orders items **left to right**, not by distance (the seed's comment says
/// "nearest first"), so the answer is the leftmost visible item, which at rest is the centred item's left
/// neighbour whenever that neighbour peeks in. See `SortedScanByDistanceLookup` for the intended version.
public struct SortedScanLookup<Query: VisibleItemQuery>: CenterLookup {
    public static var id: String { "lookup.sortedScan" }
    public static var complexity: Complexity { Query.complexity + "O(k log k) for the sort" }
    public let query: Query
    public let geometry: CarouselGeometry
    @usableFromInline var buffer: [Int] = []

    public init(query: Query, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    @inlinable
    public mutating func centerItem(atOffset offset: Double) -> Int? {
        query.visibleItems(in: geometry.viewportSpan(offset: offset), into: &buffer)
        let query = self.query
        buffer.sort { query.frame(of: $0).midX - offset < query.frame(of: $1).midX - offset }
        return buffer.first
    }
}

/// `lookup.sortedScan.byDistance`: the corrected seed 000 sort, by `|midX - C|`, nearest first.
public struct SortedScanByDistanceLookup<Query: VisibleItemQuery>: CenterLookup {
    public static var id: String { "lookup.sortedScan.byDistance" }
    public static var complexity: Complexity { Query.complexity + "O(k log k) for the sort" }
    public let query: Query
    public let geometry: CarouselGeometry
    @usableFromInline var buffer: [Int] = []

    public init(query: Query, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    @inlinable
    public mutating func centerItem(atOffset offset: Double) -> Int? {
        query.visibleItems(in: geometry.viewportSpan(offset: offset), into: &buffer)
        let center = geometry.viewportCenter(offset: offset)
        let query = self.query
        buffer.sort { abs(query.frame(of: $0).midX - center) < abs(query.frame(of: $1).midX - center) }
        return buffer.first
    }
}

/// `lookup.minScan` (seed 002, seed 000 compositional version 2): one pass over the visible items keeping
/// the strictly smaller distance to `C` (ties keep the leftmost).
public struct MinScanLookup<Query: VisibleItemQuery>: CenterLookup {
    public static var id: String { "lookup.minScan" }
    public static var complexity: Complexity { Query.complexity + "O(k) for the scan" }
    public let query: Query
    public let geometry: CarouselGeometry
    @usableFromInline var buffer: [Int] = []

    public init(query: Query, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    @inlinable
    public mutating func centerItem(atOffset offset: Double) -> Int? {
        query.visibleItems(in: geometry.viewportSpan(offset: offset), into: &buffer)
        let center = geometry.viewportCenter(offset: offset)
        var closest: Int?
        var closestDistance = Double.greatestFiniteMagnitude
        for index in buffer {
            let distance = abs(query.frame(of: index).midX - center)
            if distance < closestDistance {
                closestDistance = distance
                closest = index
            }
        }
        return closest
    }
}

/// `lookup.arithmetic` (compositional version 1, seed 000 `CenterFocusedCarouselLayout`):
/// `i = round(o/p)` clamped to `[0, N-1]` (ties round away from zero, i.e. to the right).
///
/// Valid for equal item sizes only.
public struct ArithmeticLookup: CenterLookup, Sendable {
    public static let id = "lookup.arithmetic"
    public static let complexity: Complexity = "O(1), no allocation"
    public let pitch: Double
    public let itemCount: Int

    @inlinable
    public init(geometry: CarouselGeometry, itemCount: Int) {
        pitch = geometry.pitch
        self.itemCount = itemCount
    }

    @inlinable
    public func centerItem(atOffset offset: Double) -> Int? {
        guard itemCount > 0 else { return nil }
        return clampedItemIndex((offset / pitch).rounded(), itemCount: itemCount)
    }
}

/// `lookup.hitTest` (seed 003 `indexPathForItem(at: centre point)`): the item whose frame contains `C`.
///
/// Returns nil when `C` falls in a gap between frames (positive line spacing). Where frames overlap
/// (negative compensated spacing, the suite's default) two frames contain `C`; this returns the lower index,
/// which near the midpoint between two centres is not always the nearest (UIKit's choice is unspecified).
public struct HitTestLookup<Query: VisibleItemQuery>: CenterLookup {
    public static var id: String { "lookup.hitTest" }
    public static var complexity: Complexity { Query.complexity + "O(k) to test the frames meeting the centre point" }
    public let query: Query
    public let geometry: CarouselGeometry
    @usableFromInline var buffer: [Int] = []

    public init(query: Query, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    @inlinable
    public mutating func centerItem(atOffset offset: Double) -> Int? {
        let center = geometry.viewportCenter(offset: offset)
        query.visibleItems(in: Span(minX: center, maxX: center), into: &buffer)
        for index in buffer where query.frame(of: index).contains(center) {
            return index
        }
        return nil
    }
}

/// `lookup.binary` (beyond the seeds): binary search of the sorted item centres for the one nearest `C`
/// (ties keep the left one). Works for variable item sizes.
public struct BinaryLookup: CenterLookup, Sendable {
    public static let id = "lookup.binary"
    public static let complexity: Complexity = "O(log N), no allocation"
    public let centers: [Double]
    public let halfViewportWidth: Double

    public init(geometry: CarouselGeometry, itemCount: Int) {
        centers = (0..<max(0, itemCount)).map { geometry.itemCenter($0) }
        halfViewportWidth = geometry.viewportWidth / 2
    }

    /// Centres of explicit frames, ordered left to right.
    public init(frames: [Span], viewportWidth: Double) {
        centers = frames.map(\.midX)
        halfViewportWidth = viewportWidth / 2
    }

    @inlinable
    public func centerItem(atOffset offset: Double) -> Int? {
        guard !centers.isEmpty else { return nil }
        let center = offset + halfViewportWidth
        var low = 0
        var high = centers.count
        while low < high {
            let middle = low &+ (high &- low) / 2
            if centers[middle] < center { low = middle &+ 1 } else { high = middle }
        }
        if low == centers.count { return low - 1 }
        if low == 0 { return 0 }
        return center - centers[low - 1] <= centers[low] - center ? low - 1 : low
    }
}

extension StrategyRegistry {
    /// Each lookup through the query its source uses (flow layouts: linear; compositional: arithmetic).
    @inlinable
    static func lookups<V: StrategyVisitor>(_ visitor: V) {
        visitor.visitLookup(LookupEntry(answer: .leftmost) {
            SortedScanLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitLookup(LookupEntry(answer: .nearest) {
            SortedScanByDistanceLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitLookup(LookupEntry(answer: .nearest) {
            MinScanLookup(query: ArithmeticQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitLookup(LookupEntry(answer: .nearest) { ArithmeticLookup(geometry: $0, itemCount: $1) })
        visitor.visitLookup(LookupEntry(answer: .containing, mayReturnNone: true) {
            HitTestLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitLookup(LookupEntry(answer: .nearest, mayReturnNone: true, correcting: "lookup.hitTest") {
            NearestHitTestLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitLookup(LookupEntry(answer: .nearest) { BinaryLookup(geometry: $0, itemCount: $1) })
    }
}
