/// Centre-change events (seed 000 `shouldNotifyOnlyWhenCenterIndexPathChanges`): report a centre only when it
/// differs from the last one (or always, when `notifiesOnlyOnChange` is false), and count the events.
public struct CenterChangeNotifier: Sendable {
    public static let id = "event.centerChange"
    public static let complexity: Complexity = "O(1) per update"
    public private(set) var currentCenter: Int?
    public private(set) var eventCount = 0
    public let notifiesOnlyOnChange: Bool

    public init(initialCenter: Int? = nil, notifiesOnlyOnChange: Bool = true) {
        currentCenter = initialCenter
        self.notifiesOnlyOnChange = notifiesOnlyOnChange
    }

    /// Records `center`; true when an event fires.
    @discardableResult
    public mutating func update(center: Int?) -> Bool {
        let changed = center != currentCenter
        currentCenter = center
        guard changed || !notifiesOnlyOnChange else { return false }
        eventCount += 1
        return true
    }

    public mutating func resetCount() { eventCount = 0 }
}

/// The page indicator of seed 003: `current = index + 1`, `progress = current/total`, label `"k / n"`.
public struct PageIndicator: Sendable, Equatable {
    public static let id = "event.pageIndicator"
    public static let complexity: Complexity = "O(1); `label` allocates a string (call it on change, not per frame)"
    public let currentPage: Int
    public let totalPages: Int

    /// The indicator for item `index` (0-based) of `total`.
    @inlinable
    public init(index: Int, total: Int) {
        currentPage = index + 1
        totalPages = total
    }

    /// `Float(currentPage) / Float(totalPages)` in seed 003 (0 for an empty catalog here).
    @inlinable
    public var progress: Double { totalPages > 0 ? Double(currentPage) / Double(totalPages) : 0 }

    public var label: String { "\(currentPage) / \(totalPages)" }
}

/// Seed 004's page control over the sentinel layout: `page = Int((o + W/2)/W) - 1`, then the seed maps
/// `-1 -> imageArray.count - 2` and `n -> 0`.
///
/// As written, `imageArray.count - 2` is `n` (the array holds `n+2` images), not `n-1`: `rawPage` returns
/// that out-of-range `n`; `UIPageControl` clamps `currentPage` to `numberOfPages - 1`, so `displayedPage`
/// shows `n-1`. `Int(...)` truncates toward zero, so offsets below `-1.5W` give -2 (unmapped).
public struct SentinelPageControl: Sendable {
    public static let id = "event.sentinelPageControl"
    public static let complexity: Complexity = "O(1)"
    public let catalogCount: Int
    public let pageWidth: Double

    @inlinable
    public init(viewportWidth: Double, catalogCount: Int) {
        pageWidth = viewportWidth
        self.catalogCount = catalogCount
    }

    /// The seed's value bound to `pageControl.rx.currentPage`.
    @inlinable
    public func rawPage(offset: Double) -> Int {
        guard let truncated = safePage((offset + pageWidth / 2) / pageWidth) else { return 0 }
        let page = truncated - 1
        if page == -1 { return catalogCount }
        if page == catalogCount { return 0 }
        return page
    }

    /// What `UIPageControl` shows: `rawPage` clamped to `[0, n-1]`.
    @inlinable
    public func displayedPage(offset: Double) -> Int {
        min(max(rawPage(offset: offset), 0), max(catalogCount - 1, 0))
    }
}

extension StrategyRegistry {
    @inlinable
    static func events<V: StrategyVisitor>(_ visitor: V) {
        visitor.visitEvent(EventEntry(
            info: StrategyInfo(id: CenterChangeNotifier.id, family: .event, complexity: CenterChangeNotifier.complexity),
            subject: .centerChange()))
        visitor.visitEvent(EventEntry(
            info: StrategyInfo(id: PageIndicator.id, family: .event, complexity: PageIndicator.complexity),
            subject: .pageIndicator()))
        visitor.visitEvent(EventEntry(
            info: StrategyInfo(id: SentinelPageControl.id, family: .event, complexity: SentinelPageControl.complexity),
            subject: .sentinelPageControl(id: SentinelPageControl.id) { SentinelPageControl(viewportWidth: $0, catalogCount: $1) }))
        visitor.visitEvent(EventEntry(
            info: StrategyInfo(id: MappedSentinelPageControl.id, family: .event,
                               complexity: MappedSentinelPageControl.complexity, correctedFrom: SentinelPageControl.id),
            subject: .sentinelPageControl(id: MappedSentinelPageControl.id, correctedFrom: SentinelPageControl.id) {
                MappedSentinelPageControl(viewportWidth: $0, catalogCount: $1)
            }))
    }
}
