/// A transform applied to one item (scale, alpha, translation, stacking order).
public struct ItemTransform: Sendable, Equatable {
    public var scale: Double
    public var alpha: Double
    /// Horizontal translation in points (compositional version 2 moves items toward the centre).
    public var translationX: Double
    /// Vertical translation in points (UPCarouselFlowLayout's side shift is perpendicular to scrolling).
    public var translationY: Double
    public var zIndex: Int

    @inlinable
    public init(scale: Double = 1, alpha: Double = 1, translationX: Double = 0, translationY: Double = 0, zIndex: Int = 0) {
        self.scale = scale
        self.alpha = alpha
        self.translationX = translationX
        self.translationY = translationY
        self.zIndex = zIndex
    }

    public static let identity = ItemTransform()
}

/// One item's layout attributes as a flow layout keeps them (frame and transform).
public struct ItemAttributes: Sendable, Equatable {
    public var index: Int
    public var frame: Span
    public var transform: ItemTransform

    @inlinable
    public init(index: Int, frame: Span, transform: ItemTransform = .identity) {
        self.index = index
        self.frame = frame
        self.transform = transform
    }

    @inlinable public var centerX: Double { frame.midX }
}

/// A visible-element query: which items intersect a rect (`layoutAttributesForElements(in:)`).
public protocol VisibleItemQuery {
    /// The id (Docs/ALGORITHMS.md, "Visible-element query").
    static var id: String { get }
    /// The documented cost of one query (the report checks its order against the measured growth).
    static var complexity: Complexity { get }
    /// The documented cost of preparing the query over `N` items; nil when it caches nothing.
    static var prepareComplexity: Complexity? { get }
    /// The number of items laid out (`N`).
    var itemCount: Int { get }
    /// The frame of item `index`.
    func frame(of index: Int) -> Span
    /// Clears `indices` (keeping capacity) and appends the ascending indices of the items whose
    /// frames intersect `rect`.
    func visibleItems(in rect: Span, into indices: inout [Int])
}

extension VisibleItemQuery {
    public static var prepareComplexity: Complexity? { nil }
}

/// `query.linear`: the classic flow-layout model (seed 000 `super.layoutAttributesForElements(in:)`).
///
/// `prepare` (the initializer) computes all `N` frames; every query tests each of them and returns
/// the hits in a fresh array, as `UICollectionViewFlowLayout` does. The allocation is the point.
public struct LinearQuery: VisibleItemQuery, Sendable {
    public static let id = "query.linear"
    public static let complexity: Complexity = "O(N) per query, one array allocation per query"
    public static let prepareComplexity: Complexity? = "O(N) to prepare: every frame computed and stored"
    public let attributes: [ItemAttributes]

    /// Prepares the frames of `itemCount` items laid out by `geometry`.
    public init(geometry: CarouselGeometry, itemCount: Int) {
        attributes = (0..<max(0, itemCount)).map { ItemAttributes(index: $0, frame: geometry.itemSpan($0)) }
    }

    /// Prepares explicit frames (variable item sizes, e.g. `transform.enlargeCenter`).
    public init(frames: [Span]) {
        attributes = frames.enumerated().map { ItemAttributes(index: $0.offset, frame: $0.element) }
    }

    @inlinable public var itemCount: Int { attributes.count }

    @inlinable
    public func frame(of index: Int) -> Span { attributes[index].frame }

    /// The attributes intersecting `rect`, in a fresh array (the flow layout's answer).
    @inlinable
    public func attributes(in rect: Span) -> [ItemAttributes] {
        attributes.filter { $0.frame.intersects(rect) }
    }

    @inlinable
    public func visibleItems(in rect: Span, into indices: inout [Int]) {
        indices.removeAll(keepingCapacity: true)
        for element in attributes(in: rect) {
            indices.append(element.index)
        }
    }
}

/// `query.binary`: binary search of the first frame whose max x reaches the rect, then a walk.
///
/// Works for variable item sizes as long as frames are ordered left to right.
public struct BinarySearchQuery: VisibleItemQuery, Sendable {
    public static let id = "query.binary"
    public static let complexity: Complexity = "O(log N + k) per query, no allocation once `indices` has capacity"
    public static let prepareComplexity: Complexity? = "O(N) to prepare: two arrays of N edges"
    public let minXs: [Double]
    public let maxXs: [Double]

    public init(geometry: CarouselGeometry, itemCount: Int) {
        let count = max(0, itemCount)
        minXs = (0..<count).map { geometry.itemMinX($0) }
        maxXs = (0..<count).map { geometry.itemMaxX($0) }
    }

    public init(frames: [Span]) {
        minXs = frames.map(\.minX)
        maxXs = frames.map(\.maxX)
    }

    @inlinable public var itemCount: Int { minXs.count }

    @inlinable
    public func frame(of index: Int) -> Span { Span(minX: minXs[index], maxX: maxXs[index]) }

    @inlinable
    public func visibleItems(in rect: Span, into indices: inout [Int]) {
        indices.removeAll(keepingCapacity: true)
        var low = 0
        var high = maxXs.count
        while low < high {
            let middle = low &+ (high &- low) / 2
            if maxXs[middle] < rect.minX { low = middle &+ 1 } else { high = middle }
        }
        var index = low
        while index < minXs.count && minXs[index] <= rect.maxX {
            if maxXs[index] >= rect.minX { indices.append(index) }
            index &+= 1
        }
    }
}

/// `query.arithmetic`: the visible range from the geometry alone,
/// `first = ceil((r.minX - I - w)/p)`, `last = floor((r.maxX - I)/p)`, clamped to `[0, N-1]`.
public struct ArithmeticQuery: VisibleItemQuery, Sendable {
    public static let id = "query.arithmetic"
    public static let complexity: Complexity = "O(k) per query, no cached frames, no allocation once `indices` has capacity"
    public let geometry: CarouselGeometry
    public let itemCount: Int

    @inlinable
    public init(geometry: CarouselGeometry, itemCount: Int) {
        self.geometry = geometry
        self.itemCount = max(0, itemCount)
    }

    @inlinable
    public func frame(of index: Int) -> Span { geometry.itemSpan(index) }

    /// The first and last visible item, or nil when none intersects `rect`.
    @inlinable
    public func visibleRange(in rect: Span) -> ClosedRange<Int>? {
        guard itemCount > 0 else { return nil }
        let first = ((rect.minX - geometry.inset - geometry.itemWidth) / geometry.pitch).rounded(.up)
        let last = ((rect.maxX - geometry.inset) / geometry.pitch).rounded(.down)
        guard first <= last, last >= 0, first <= Double(itemCount - 1) else { return nil }
        return clampedItemIndex(first, itemCount: itemCount)...clampedItemIndex(last, itemCount: itemCount)
    }

    @inlinable
    public func visibleItems(in rect: Span, into indices: inout [Int]) {
        indices.removeAll(keepingCapacity: true)
        guard let range = visibleRange(in: rect) else { return }
        for index in range { indices.append(index) }
    }
}

extension StrategyRegistry {
    @inlinable
    static func queries<V: StrategyVisitor>(_ visitor: V) {
        visitor.visitQuery(QueryEntry { LinearQuery(geometry: $0, itemCount: $1) })
        visitor.visitQuery(QueryEntry { BinarySearchQuery(geometry: $0, itemCount: $1) })
        visitor.visitQuery(QueryEntry { ArithmeticQuery(geometry: $0, itemCount: $1) })
    }
}
