/// A change an app makes to its catalogue while the carousel shows it (Docs/ALGORITHMS.md, "Catalogue updates"):
/// items added at the end (kept where they are, or the first of them shown), removed from the middle or the end, or
/// the same items in reverse order.
///
///     let update = CatalogUpdate.deleteInMiddle(2)
///     update.newCount(from: 10)              // 8: items 4 and 5 removed
///     update.keptItem(5, catalogCount: 10)   // 4: item 5 is gone; its nearest survivor is old item 6, now at 4
///
/// Where the centred item goes is the property an update is checked against: the same item when it is still in the
/// catalogue, at its new index; otherwise its nearest surviving neighbour in the old order (the one after it on a tie).
/// An app that shows what arrived asks for the first new item instead.
public enum CatalogUpdate: Sendable, Equatable, CustomStringConvertible {
    /// `k` items appended after the last one.
    case insertAtEnd(Int)
    /// `k` items appended, then the first of them (old index `n`) scrolled to: an app showing what arrived, which
    /// asks for an index past the old count right after its reload (FSPagerView #187, #259, #375).
    case insertAtEndShowingFirst(Int)
    /// `k` items appended, then the first of them selected, which scrolls it to the centre (`selectItem`): the other
    /// call an app showing what arrived makes, with the same index past the old count.
    case insertAtEndSelectingFirst(Int)
    /// `k` items removed from the middle: old indices `[(n − k)/2, (n − k)/2 + k)`.
    case deleteInMiddle(Int)
    /// The last `k` items removed.
    case deleteAtEnd(Int)
    /// The same items, last first.
    case reverse

    /// The updates `verify` plays on every design, from its start state and after a scroll.
    public static let verified: [CatalogUpdate] = [.insertAtEnd(2), .insertAtEndShowingFirst(2), .insertAtEndSelectingFirst(2),
                                                   .deleteInMiddle(1), .deleteAtEnd(1), .reverse]

    /// Why this update cannot be applied to a catalogue of `n` items, in one line (nil: it can).
    public func refusal(catalogCount n: Int) -> String? {
        switch self {
        case let .insertAtEnd(k) where k < 0, let .insertAtEndShowingFirst(k) where k < 0, let .insertAtEndSelectingFirst(k) where k < 0,
             let .deleteInMiddle(k) where k < 0, let .deleteAtEnd(k) where k < 0:
            "an update of \(k) items: the count must not be negative"
        case .insertAtEndShowingFirst(0), .insertAtEndSelectingFirst(0):
            "an insert of 0 items has no new item to show"
        case let .deleteInMiddle(k) where k > n, let .deleteAtEnd(k) where k > n:
            "a delete of \(k) items from a catalogue of \(n): an index past the end"
        case let .deleteInMiddle(k) where k == n, let .deleteAtEnd(k) where k == n:
            "an update to 0 items: an empty carousel is refused (every design is built for at least one item)"
        default:
            nil
        }
    }

    /// The catalogue's size after the update (`refusal` nil).
    public func newCount(from n: Int) -> Int {
        switch self {
        case let .insertAtEnd(k), let .insertAtEndShowingFirst(k), let .insertAtEndSelectingFirst(k): n + k
        case let .deleteInMiddle(k), let .deleteAtEnd(k): n - k
        case .reverse: n
        }
    }

    /// Where old item `item` is after the update, or its nearest survivor; the first new item when the app shows it
    /// (see the type).
    public func keptItem(_ item: Int, catalogCount n: Int) -> Int {
        precondition((0..<n).contains(item) && refusal(catalogCount: n) == nil, "an item of a catalogue the update applies to")
        switch self {
        case .insertAtEnd:
            return item
        case .insertAtEndShowingFirst, .insertAtEndSelectingFirst:
            return n
        case let .deleteAtEnd(k):
            return min(item, n - k - 1)
        case let .deleteInMiddle(k):
            let first = (n - k) / 2
            if item < first { return item }
            if item >= first + k { return item - k }
            // Removed: the survivor before (old first − 1) or after (old first + k, now at first), the nearer.
            let before = item - (first - 1), after = first + k - item
            return first == 0 || after <= before ? min(first, n - k - 1) : first - 1
        case .reverse:
            return n - 1 - item
        }
    }

    /// `items` after the update, new items made by `make` (an app's identifiers: the survivors keep theirs). Inlined
    /// into the design's update path, so the timed `update/uikit.seed000.flow` row counts the copy, not a generic call.
    @inline(__always)
    public func applied<Item>(to items: [Item], making make: () -> Item) -> [Item] {
        let n = items.count
        switch self {
        case let .insertAtEnd(k), let .insertAtEndShowingFirst(k), let .insertAtEndSelectingFirst(k): return items + (0..<k).map { _ in make() }
        case let .deleteAtEnd(k): return Array(items.prefix(n - k))
        case let .deleteInMiddle(k):
            let first = (n - k) / 2
            return Array(items[..<first] + items[(first + k)...])
        case .reverse: return items.reversed()
        }
    }

    /// `insert 2 at the end`, `insert 2, show the first`, `insert 2, select the first`, `delete 1 in the middle`,
    /// `delete 1 at the end`, `reverse`.
    public var description: String {
        switch self {
        case let .insertAtEnd(k): "insert \(k) at the end"
        case let .insertAtEndShowingFirst(k): "insert \(k), show the first"
        case let .insertAtEndSelectingFirst(k): "insert \(k), select the first"
        case let .deleteInMiddle(k): "delete \(k) in the middle"
        case let .deleteAtEnd(k): "delete \(k) at the end"
        case .reverse: "reverse"
        }
    }
}
