/// One node of the collection view's global-index map (a `std::unordered_map` node: allocated per new key).
public final class AttributesMapNode {
    @exclusivity(unchecked) public var attributes: LayoutAttributes

    init(_ attributes: LayoutAttributes) { self.attributes = attributes }
}

/// The collection view's R-tree of validated frames, as a flat list: its queries scan at most the few
/// screens of items the validated rect holds (C1 keeps it within 5 screens), so a tree's O(log n) would not
/// change the work. A new one (an object and its first node storage) is allocated where UIKit allocates one.
public final class AttributesRTree {
    @usableFromInline struct Entry {
        @usableFromInline var global: Int
        @usableFromInline var frame: LayoutRect

        @inlinable init(global: Int, frame: LayoutRect) {
            self.global = global
            self.frame = frame
        }
    }

    @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []

    init() { entries.reserveCapacity(16) }

    /// Inserts item `global`'s frame, or replaces the frame it has; the entries stay ascending by item, so a
    /// query answers in item order.
    @usableFromInline
    func set(global: Int, frame: LayoutRect) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].global < global { low = middle + 1 } else { high = middle }
        }
        if low < entries.count && entries[low].global == global {
            entries[low].frame = frame
        } else {
            entries.insert(Entry(global: global, frame: frame), at: low)
        }
    }

    /// `removeAttributesWithFramesIntersectingFrame:`.
    @usableFromInline
    func removeEntries(intersecting rect: LayoutRect) {
        entries.removeAll { $0.frame.intersects(rect) }
    }

    /// Appends the items whose frames intersect `rect`, ascending: strictly (C22: the data's cells-in-rect filter,
    /// `__93__UICollectionViewData__layoutAttributesFromMapForElementsInRect_…_block_invoke`, uses
    /// `CGRectIntersectsRect`; the R-tree's own `indexesOfItemsInRect:` pre-filter is unread).
    @usableFromInline
    func globals(intersecting rect: LayoutRect, into result: inout [Int]) {
        for entry in entries where entry.frame.intersectsStrictly(rect) { result.append(entry.global) }
    }

    /// Entries held (for the memory figures).
    public var count: Int { entries.count }
}

/// The collection view's map from global item index to attributes (`std::unordered_map<long, id>` in
/// `UICollectionViewData`): integer keys hashed cheaply as `std::hash<long>` does, one node object per key
/// (allocated on insert, freed by `removeAll`), buckets doubled when half full.
public struct GlobalIndexMap {
    @usableFromInline var keys: [Int]
    @usableFromInline var nodes: [AttributesMapNode?]
    @usableFromInline var mask: Int
    public private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        keys = Array(repeating: Int.min, count: size)
        nodes = Array(repeating: nil, count: size)
        mask = size - 1
    }

    @inlinable
    func bucket(of key: Int) -> Int { (key &* 0x4F1B_BCDC_BFA5_3E0B) & mask }

    /// The node of `key`, or nil.
    @inlinable
    public subscript(key: Int) -> AttributesMapNode? {
        var position = bucket(of: key)
        while true {
            let stored = keys[position]
            if stored == key { return nodes[position] }
            if stored == Int.min { return nil }
            position = (position + 1) & mask
        }
    }

    /// The attributes of `key`'s node, or nil.
    @inlinable
    public func attributes(for key: Int) -> LayoutAttributes? {
        var position = bucket(of: key)
        while true {
            let stored = keys[position]
            if stored == key { return nodes[position]?.attributes }
            if stored == Int.min { return nil }
            position = (position + 1) & mask
        }
    }

    /// Inserts `node` under `key` (which must be absent).
    @usableFromInline
    mutating func insert(_ node: AttributesMapNode, for key: Int) {
        if 2 * (count + 1) > keys.count { grow() }
        var position = bucket(of: key)
        while keys[position] != Int.min { position = (position + 1) & mask }
        keys[position] = key
        nodes[position] = node
        count += 1
    }

    @usableFromInline
    mutating func grow() {
        let oldKeys = keys
        let oldNodes = nodes
        keys = Array(repeating: Int.min, count: 2 * oldKeys.count)
        nodes = Array(repeating: nil, count: 2 * oldKeys.count)
        mask = keys.count - 1
        count = 0
        for (key, node) in zip(oldKeys, oldNodes) where key != Int.min {
            if let node { insert(node, for: key) }
        }
    }

    /// `clear()`: every node freed, the buckets kept.
    @usableFromInline
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in keys.indices { keys[index] = Int.min }
        for index in nodes.indices { nodes[index] = nil }
        count = 0
    }

    /// The nodes held.
    public var values: [AttributesMapNode] { nodes.compactMap { $0 } }
}
