import Determinism

/// One visible item as a pipeline leaves it after a frame: raw item index (of `N`), scale, alpha and
/// horizontal translation (alpha 1 and translation 0 where the strategy has none).
public struct VisibleItem: Sendable, Equatable {
    public var item: Int
    public var scale: Double
    public var alpha: Double
    public var translationX: Double

    @inlinable
    public init(item: Int, scale: Double = 1, alpha: Double = 1, translationX: Double = 0) {
        self.item = item
        self.scale = scale
        self.alpha = alpha
        self.translationX = translationX
    }
}

/// What a pipeline produced in one frame, in a buffer reused frame after frame (`beginFrame` clears it
/// keeping capacity, so a warmed-up output never allocates).
///
/// - Complexity: `beginFrame` O(1); `checksum` O(k).
public struct FrameOutput: Sendable {
    /// The content offset after any wrap jump in this frame.
    public var offset: Double = 0
    /// The centred raw item (of `N`), nil when the pipeline's lookup finds none (a hit test in a gap).
    public var centerItem: Int?
    /// The catalog index in `[0, n)` of the centre (what the page indicator shows).
    public var logicalIndex: Int?
    /// True on a frame where the wrap strategy moved the offset.
    public var jumped = false
    /// True on a frame where the pipeline fired a centre-change event.
    public var centerChanged = false
    /// The snap target the pipeline decided on a release frame (nil on every other frame).
    public var snapTarget: Double?
    /// The visible items, left to right as the pipeline produced them.
    public var visible: [VisibleItem]
    /// Scratch indices a pipeline's query writes into: kept here, not in the pipeline, so a pipeline reset
    /// to its start state (a copy) shares no buffer it then has to copy on write.
    public var scratch: [Int]

    public init(capacity: Int = 16) {
        visible = []
        visible.reserveCapacity(capacity)
        scratch = []
        scratch.reserveCapacity(capacity)
    }

    /// Clears the per-frame fields, keeping the buffer's capacity.
    @inlinable
    public mutating func beginFrame() {
        centerItem = nil
        logicalIndex = nil
        jumped = false
        centerChanged = false
        snapTarget = nil
        visible.removeAll(keepingCapacity: true)
    }

    /// The catalogue item this frame shows centred: its logical index, or its centre item modulo `catalogCount`; nil
    /// when it names neither.
    @inlinable
    public func centredCatalogItem(catalogCount: Int) -> Int? {
        logicalIndex ?? centerItem.map { catalogIndex($0, catalogCount: catalogCount) }
    }

    /// Appends item `item` with the scale, alpha and horizontal translation of `transform`.
    @inlinable
    public mutating func append(item: Int, transform: ItemTransform) {
        visible.append(VisibleItem(item: item, scale: transform.scale, alpha: transform.alpha,
                                   translationX: transform.translationX))
    }

    /// Folds every field of this frame (offset, centre, logical index, jump, snap, each visible item's
    /// index and transform bits) into `hash`, so an optimizer cannot drop any of the work behind them.
    @inlinable
    public func checksum(into hash: UInt64) -> UInt64 {
        var hash = StableHash.mix(hash, offset.bitPattern)
        hash = StableHash.mix(hash, UInt64(bitPattern: Int64(centerItem ?? -1)))
        hash = StableHash.mix(hash, UInt64(bitPattern: Int64(logicalIndex ?? -1)))
        hash = StableHash.mix(hash, (jumped ? 1 : 0) | (centerChanged ? 2 : 0))
        if let snapTarget { hash = StableHash.mix(hash, snapTarget.bitPattern) }
        for element in visible {
            hash = StableHash.mix(hash, UInt64(bitPattern: Int64(element.item)))
            hash = StableHash.mix(hash, element.scale.bitPattern)
            hash = StableHash.mix(hash, element.alpha.bitPattern)
            hash = StableHash.mix(hash, element.translationX.bitPattern)
        }
        return hash
    }
}
