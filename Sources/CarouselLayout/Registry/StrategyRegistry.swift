/// Every strategy of the engine, each declared once: its id, family, constructor, what verifying it needs
/// (its reference answer, its ranges and thresholds) and its documented complexity (from its type).
///
/// Each family declares its entries at the bottom of its own file (`Query.swift`, `Lookup.swift`, ...), so
/// adding a strategy is one engine file (the type and its entry) and its test. Everything else derives
/// from a walk of the registry: the verifier's subjects, the suite's benchmarks, `list`, the report's
/// documented complexities.
///
///     final class Ids: StrategyVisitor {
///         var ids: [String] = []
///         func visit(_ info: StrategyInfo) { ids.append(info.id) }
///     }
///     let ids = Ids()
///     StrategyRegistry.walk(ids)
public enum StrategyRegistry {
    /// Calls `visitor` once per entry, family by family, in the order of Docs/ALGORITHMS.md, then once per entry of the
    /// implementations `added` from outside the package (check them first with `checkAdded`).
    ///
    /// `walk` and every family's list are `@inlinable`, so a visitor's generic methods are specialized on each
    /// built-in entry's concrete type in the visitor's own module. Without it the suite's timed loops ran
    /// unspecialized, through witness tables: `wrap/hundredfold` counted 4.9x its instructions, the transforms
    /// 1.4x. An added implementation's entries come through its `walk`, made in its own module.
    @inlinable
    public static func walk<V: StrategyVisitor>(_ visitor: V, adding added: [Implementation] = []) {
        walkBuiltIns(visitor)
        for implementation in added { implementation.walk(visitor) }
    }

    /// Calls `visitor` once per built-in entry, family by family, in the order of Docs/ALGORITHMS.md.
    @inlinable
    public static func walkBuiltIns<V: StrategyVisitor>(_ visitor: V) {
        queries(visitor)
        transforms(visitor)
        relayouts(visitor)
        lookups(visitor)
        snaps(visitor)
        wraps(visitor)
        events(visitor)
        pipelines(visitor)
        uikitPipelines(visitor)
    }

    /// Every entry's description, in walk order.
    public static var infos: [StrategyInfo] {
        let collector = InfoCollector()
        walk(collector)
        return collector.infos
    }

    /// The entry with id `id`, or nil.
    public static func info(_ id: String) -> StrategyInfo? { infos.first { $0.id == id } }

    private final class InfoCollector: StrategyVisitor {
        var infos: [StrategyInfo] = []
        func visit(_ info: StrategyInfo) { infos.append(info) }
    }
}

/// The family of a strategy id (the section of Docs/ALGORITHMS.md it comes from).
public enum StrategyFamily: String, Sendable, CaseIterable {
    case query, transform, relayout, lookup, snap, wrap, event, pipeline, uikit
}

/// What a strategy's code documents about its cost: its order in `N` (items laid out) and `k` (items
/// visible) first, as `O(...)`, then prose. Declared once, as the type's `complexity`; the report checks the
/// order against the measured growth.
///
///     let linear: Complexity = "O(N) per query, one array allocation per query"
///     linear.order        // "O(N)"
///     (linear + "O(k log k) for the sort").order   // "O(N + k log k)"
public struct Complexity: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The whole line, e.g. `O(k) per frame, no allocation once the output buffer is warm`.
    public let text: String

    public init(_ text: String) {
        precondition(text.hasPrefix("O("), "a complexity starts with its order, O(...)")
        self.text = text
    }

    public init(stringLiteral text: String) { self.init(text) }

    public var description: String { text }

    /// The leading `O(...)` (balanced parentheses).
    public var order: String {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return String(text[...index]) }
            }
        }
        return text
    }

    /// The inside of `order`: `N + k log k` for `O(N + k log k)`.
    var terms: Substring { order.dropFirst(2).dropLast() }

    /// A call that does `lhs` then `rhs`: the orders add, the prose joins.
    public static func + (lhs: Complexity, rhs: Complexity) -> Complexity {
        Complexity("O(\(lhs.terms) + \(rhs.terms)): \(lhs.text), then \(rhs.text)")
    }
}

/// The largest catalog a strategy can be built for, and why: its source's own limit, the precision of its
/// positions, or the budgets of a run (Docs/ALGORITHMS.md, "Catalog limits").
///
///     CatalogLimit.positions(replication: 3, "N = 3n")   // 715 827 882: 3n items keep their positions
///     CatalogLimit.positions(replication: 1, "N = n").tightened(to: 300_000, "O(N) per frame: ...")
public struct CatalogLimit: Sendable, Equatable {
    public let largest: Int
    public let reason: String

    public init(largest: Int, reason: String) {
        precondition(largest > 0, "a limit admits at least one item")
        self.largest = largest
        self.reason = reason
    }

    /// The most items whose positions `k·p` a `Double` keeps precise enough for the checks: `2^31`. A position
    /// of `k < 2^31` pitches, rounded once, is within `2^31 · 2^-52 = 2^-21` of an item (4.8e-7), inside the
    /// `1e-6` of an item to which a rest is checked (`PipelineVerification`'s off-centre rests).
    public static let precisePositions = 1 << 31
    /// The wall-clock seconds one play of the standard trajectory may take on the reference machine: a quick run
    /// plays a row about eleven times (verification, calibration, samples, frame profiles), a UIKit view's core once
    /// more in its agreement.
    public static let playBudgetSeconds = 10
    /// The resident bytes one case may hold: a run holds every selected case at once.
    public static let memoryBudgetBytes = 2 << 30

    /// The precision limit of a layout of `N = replication·n + extra` items (`what` says how it replicates):
    /// `n ≤ (2^31 - extra) / replication`. The product `replication·n` fits in `Int` long before.
    public static func positions(replication: Int, plus extra: Int = 0, _ what: String) -> CatalogLimit {
        precondition(replication > 0, "a layout lays out at least one item per catalog item")
        let largest = (precisePositions - extra) / replication
        return CatalogLimit(largest: largest, reason: "\(what): past n = \(largest) the positions k·p of its items "
            + "(k ≥ 2^31) lose the 1e-6 of an item the checks ask")
    }

    /// This limit, or `largest` with `reason` where that is smaller (a time or memory bound found by measuring).
    public func tightened(to largest: Int, _ reason: String) -> CatalogLimit {
        largest < self.largest ? CatalogLimit(largest: largest, reason: reason) : self
    }

    /// This limit, or where a cost that grows as `n` reaches its budget: `measured` (seconds a play, or resident bytes)
    /// at catalog size `at` on the reference machine, scaled linearly to `budget` and rounded down to two
    /// significant digits. `what` names the cost that grows.
    public func tightened(measured: Double, at size: Int, budget: Double, unit: BudgetUnit, _ what: String) -> CatalogLimit {
        let largest = Self.roundedDown(Int(budget / measured * Double(size)))
        return tightened(to: largest, "\(what): \(unit.text(measured)) at n = \(size) on the reference VM, past the "
            + "\(unit.text(budget)) budget from about n = \(largest)")
    }

    /// A budget's unit.
    public enum BudgetUnit: Sendable {
        /// Seconds one play of the standard trajectory takes (`playBudgetSeconds`).
        case secondsPerPlay
        /// Resident bytes of one case (`memoryBudgetBytes`).
        case residentBytes

        func text(_ value: Double) -> String {
            switch self {
            case .secondsPerPlay: "\(value.formatted(significant: 3)) s a play"
            case .residentBytes: "\((value / Double(1 << 20)).formatted(significant: 3)) MiB resident"
            }
        }
    }

    /// `n` rounded down to two significant digits (`322 580` -> `320 000`).
    static func roundedDown(_ n: Int) -> Int {
        guard n >= 100 else { return max(1, n) }
        var unit = 1
        while n / unit >= 100 { unit *= 10 }
        return n / unit * unit
    }

    /// The smaller of two limits (nil: none).
    public static func smaller(_ a: CatalogLimit?, _ b: CatalogLimit?) -> CatalogLimit? {
        guard let a else { return b }
        guard let b else { return a }
        return b.largest < a.largest ? b : a
    }
}

/// What every entry shares: its id, family, complexity, its catalog limit, and the faithful strategy it
/// corrects (if any).
public struct StrategyInfo: Sendable, Equatable {
    public let id: String
    public let family: StrategyFamily
    public let complexity: Complexity
    /// For a corrected variant: the id of the faithful strategy it fixes. Variants are verified, not timed.
    public let correctedFrom: String?
    /// nil: any catalog size.
    public let limit: CatalogLimit?
    /// Timed by the suite (every strategy as its source wrote it; corrected variants are only verified).
    public var isTimed: Bool { correctedFrom == nil }

    public init(id: String, family: StrategyFamily, complexity: Complexity, correctedFrom: String? = nil,
                limit: CatalogLimit? = nil) {
        self.id = id
        self.family = family
        self.complexity = complexity
        self.correctedFrom = correctedFrom
        self.limit = limit
    }
}

/// Code run once per registry entry, with the entry's concrete type (specialized, as `walk` is inlinable).
/// Each family has a default that forwards to `visit(_ info:)`; implement the families you need.
public protocol StrategyVisitor: AnyObject {
    /// Every entry, unless its family's method is implemented.
    func visit(_ info: StrategyInfo)
    func visitQuery<Q: VisibleItemQuery>(_ entry: QueryEntry<Q>)
    func visitLookup<L: CenterLookup>(_ entry: LookupEntry<L>)
    func visitTransform<T: FocusTransform>(_ entry: TransformEntry<T>)
    func visitSnap<S: SnapStrategy>(_ entry: SnapEntry<S>)
    func visitWrap<W: WrapStrategy>(_ entry: WrapEntry<W>)
    func visitRelayout(_ entry: RelayoutEntry)
    func visitEvent(_ entry: EventEntry)
    func visitPipeline<P: CarouselPipeline>(_ entry: PipelineEntry<P>)
    func visitUIKitPipeline<P: UIKitPipeline>(_ entry: UIKitPipelineEntry<P>)
}

extension StrategyVisitor {
    public func visit(_ info: StrategyInfo) {}
    public func visitQuery<Q: VisibleItemQuery>(_ entry: QueryEntry<Q>) { visit(entry.info) }
    public func visitLookup<L: CenterLookup>(_ entry: LookupEntry<L>) { visit(entry.info) }
    public func visitTransform<T: FocusTransform>(_ entry: TransformEntry<T>) { visit(entry.info) }
    public func visitSnap<S: SnapStrategy>(_ entry: SnapEntry<S>) { visit(entry.info) }
    public func visitWrap<W: WrapStrategy>(_ entry: WrapEntry<W>) { visit(entry.info) }
    public func visitRelayout(_ entry: RelayoutEntry) { visit(entry.info) }
    public func visitEvent(_ entry: EventEntry) { visit(entry.info) }
    public func visitPipeline<P: CarouselPipeline>(_ entry: PipelineEntry<P>) { visit(entry.info) }
    public func visitUIKitPipeline<P: UIKitPipeline>(_ entry: UIKitPipelineEntry<P>) { visit(entry.info) }
}

/// A visible-element query (`query.*`).
public struct QueryEntry<Q: VisibleItemQuery>: Sendable {
    public let info: StrategyInfo
    /// The query over `N` items of a geometry.
    public let make: @Sendable (CarouselGeometry, Int) -> Q

    public init(make: @escaping @Sendable (CarouselGeometry, Int) -> Q) {
        info = StrategyInfo(id: Q.id, family: .query, complexity: Q.complexity)
        self.make = make
    }
}

/// What a centre lookup is checked against: what its source computes, not the ideal (verify reports that).
public enum LookupAnswer: Sendable, Equatable {
    /// The item whose centre is nearest the viewport centre (ties to the left, as every scan keeps the first).
    case nearest
    /// The leftmost visible item (seed 000's sort key orders left to right).
    case leftmost
    /// The lowest-index frame containing the viewport centre; none in a gap.
    case containing

    /// The answer at `offset` over `count` items, by brute force over every frame.
    /// - Complexity: O(N).
    public func item(_ geometry: CarouselGeometry, count: Int, offset: Double) -> Int? {
        let center = geometry.viewportCenter(offset: offset)
        switch self {
        case .nearest:
            return Self.visible(geometry, count: count, offset: offset).min {
                abs(geometry.itemCenter($0) - center) < abs(geometry.itemCenter($1) - center)
            }
        case .leftmost:
            return Self.visible(geometry, count: count, offset: offset).first
        case .containing:
            return (0..<count).first { geometry.itemSpan($0).contains(center) }
        }
    }

    /// The items whose frames meet the viewport at `offset`, by brute force.
    /// - Complexity: O(N).
    public static func visible(_ geometry: CarouselGeometry, count: Int, offset: Double) -> [Int] {
        let rect = geometry.viewportSpan(offset: offset)
        return (0..<count).filter { geometry.itemSpan($0).intersects(rect) }
    }
}

/// A centre lookup (`lookup.*`).
public struct LookupEntry<L: CenterLookup>: Sendable {
    public let info: StrategyInfo
    public let make: @Sendable (CarouselGeometry, Int) -> L
    public let answer: LookupAnswer
    /// A hit test may find no item where the centre falls in a gap.
    public let mayReturnNone: Bool

    public init(answer: LookupAnswer, mayReturnNone: Bool = false, correcting faithful: String? = nil,
                make: @escaping @Sendable (CarouselGeometry, Int) -> L) {
        info = StrategyInfo(id: L.id, family: .lookup, complexity: L.complexity, correctedFrom: faithful)
        self.make = make
        self.answer = answer
        self.mayReturnNone = mayReturnNone
    }
}

/// A focus transform (`transform.*`, the peers' transforms).
public struct TransformEntry<T: FocusTransform>: Sendable {
    public let info: StrategyInfo
    public let make: @Sendable (CarouselGeometry) -> T
    /// The strategy's own scale range (property 6).
    public let scaleRange: @Sendable (CarouselGeometry) -> ClosedRange<Double>

    public init(scaleRange: @escaping @Sendable (CarouselGeometry) -> ClosedRange<Double> = { $0.minScale...1 },
                correcting faithful: String? = nil, make: @escaping @Sendable (CarouselGeometry) -> T) {
        info = StrategyInfo(id: T.id, family: .transform, complexity: T.complexity, correctedFrom: faithful)
        self.make = make
        self.scaleRange = scaleRange
    }
}

/// A snap target (`snap.*`, `peer.fspager.snap`, the best pipeline's own).
public struct SnapEntry<S: SnapStrategy>: Sendable {
    public let info: StrategyInfo
    public let make: @Sendable (CarouselGeometry, Int) -> S
    /// Above which velocity a release must move in its direction (property 2).
    public let threshold: SnapThreshold
    /// Targets on a wrapping carousel (no clamping to the content).
    public let wraps: Bool

    public init(threshold: SnapThreshold, wraps: Bool = false, correcting faithful: String? = nil,
                make: @escaping @Sendable (CarouselGeometry, Int) -> S) {
        info = StrategyInfo(id: S.id, family: .snap, complexity: S.complexity, correctedFrom: faithful)
        self.make = make
        self.threshold = threshold
        self.wraps = wraps
    }
}

/// A wraparound (`wrap.*`, the peers' wraps).
public struct WrapEntry<W: WrapStrategy>: Sendable {
    public let info: StrategyInfo
    public let make: @Sendable (CarouselGeometry, Int) -> W

    /// `id` defaults to the type's (a variant type may stand for several ids).
    public init(id: String = W.id, correcting faithful: String? = nil,
                make: @escaping @Sendable (CarouselGeometry, Int) -> W) {
        info = StrategyInfo(id: id, family: .wrap, complexity: W.complexity, correctedFrom: faithful,
                            limit: W.catalogLimit)
        self.make = make
    }
}

/// A strategy that resizes items instead of transforming them (`transform.enlargeCenter`): its relayout of
/// `N` items around a centre item is what it costs.
public struct RelayoutEntry: Sendable {
    public let info: StrategyInfo
    /// Lays out `N` items centred on item `N/2` into the frames buffer.
    public let relayout: @Sendable (CarouselGeometry, Int, inout [Span]) -> Void
    public let subject: VerificationSubject

    public init(info: StrategyInfo, subject: VerificationSubject,
                relayout: @escaping @Sendable (CarouselGeometry, Int, inout [Span]) -> Void) {
        self.info = info
        self.subject = subject
        self.relayout = relayout
    }
}

/// Work around the carousel (centre-change events, page indicators): verified, not timed on its own.
public struct EventEntry: Sendable {
    public let info: StrategyInfo
    public let subject: VerificationSubject

    public init(info: StrategyInfo, subject: VerificationSubject) {
        self.info = info
        self.subject = subject
    }
}

/// A whole implementation, frame by frame (`pipeline.*`).
public struct PipelineEntry<P: CarouselPipeline>: Sendable {
    public let info: StrategyInfo

    @inlinable
    public init() {
        info = StrategyInfo(id: P.id, family: .pipeline, complexity: P.complexity, limit: P.catalogLimit)
    }
}

/// A pipeline on the UIKit model (`uikit.*`), with its core (`P.Core`, when it has one) and its lifecycle.
public struct UIKitPipelineEntry<P: UIKitPipeline>: Sendable {
    public let info: StrategyInfo

    @inlinable
    public init() {
        info = StrategyInfo(id: P.id, family: .uikit, complexity: P.complexity, limit: P.catalogLimit)
    }
}

extension Double {
    /// The value rounded to `significant` digits, without a trailing `.0` (`31.04` -> `31`, `6.451` -> `6.45`).
    func formatted(significant: Int) -> String {
        guard self > 0, isFinite else { return "\(self)" }
        var digits = 0
        var scaled = self
        while scaled >= 1 { scaled /= 10; digits += 1 }
        var scale = 1.0
        for _ in 0..<Swift.max(0, significant - digits) { scale *= 10 }
        let rounded = (self * scale).rounded() / scale
        let text = "\(rounded)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
