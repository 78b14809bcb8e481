/// `peer.fspager.clampedAlpha`: FSPagerView's linear transformer with its alpha clamped to [0, 1].
///
/// Corrects `peer.fspager`, whose unclamped `minA + (1-|q|)*(1-minA)` goes negative for `|q| > 2.5`.
public struct FSPagerClampedAlphaTransform: FocusTransform, Sendable {
    public static let id = "peer.fspager.clampedAlpha"
    public static let complexity: Complexity = "O(1) per item"
    public let faithful: FSPagerTransform

    public init(geometry: CarouselGeometry) { faithful = FSPagerTransform(geometry: geometry) }

    @inlinable
    public func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform {
        var result = faithful.transform(itemCenter: itemCenter, viewportCenter: viewportCenter)
        result.alpha = min(max(result.alpha, 0), 1)
        return result
    }
}

/// A replicated wrap that recentres by whole catalog widths: the offset is kept in the middle copy's window
/// `[(c n - 1/2) p, ((c+1) n - 1/2) p)` (`c = copies/2`) by `o -= floor((o - start)/(n p)) n p`, at every step of
/// any size. Used as `wrap.triple.whole` (corrects `wrap.triple`'s `o mod p` jump, which skips an item when a
/// frame lands in the far half of the trigger page) and `wrap.hundredfold.recentring` (corrects
/// `wrap.hundredfold`, which never recentres and runs out).
public struct RecenteringWrap: WrapStrategy, Sendable {
    public static let id = "wrap.recentring"
    public static let complexity: Complexity = "O(1) per step"
    /// The id of this instance (`wrap.triple.whole`, ...).
    public let variantID: String
    public let catalogCount: Int
    public let copies: Int
    public let pitch: Double

    public init(variantID: String, geometry: CarouselGeometry, catalogCount: Int, copies: Int) {
        precondition(catalogCount > 0 && copies >= 3, "a recentring wrap needs items and a copy on each side")
        self.variantID = variantID
        self.catalogCount = catalogCount
        self.copies = copies
        pitch = geometry.pitch
    }

    @inlinable public var itemCount: Int { copies * catalogCount }
    /// Item 0 of the middle copy.
    @inlinable public var startOffset: Double { Double(copies / 2 * catalogCount) * pitch }
    @inlinable public var offsetRange: ClosedRange<Double> { 0...(Double(itemCount - 1) * pitch) }

    @inlinable
    public func logicalIndex(ofItem item: Int) -> Int { catalogIndex(item, catalogCount: catalogCount) }

    @inlinable
    public func step(offset: Double) -> WrapStep {
        let windowStart = startOffset - pitch / 2
        let width = catalogWidth
        guard offset.isFinite, offset < windowStart || offset >= windowStart + width else {
            return WrapStep(offset: offset, jumped: false)
        }
        let shift = ((offset - windowStart) / width).rounded(.down) * width
        return WrapStep(offset: offset - shift, jumped: true)
    }
}

/// `snap.threshold.strict`: seed 000's threshold snap, but a flick above the threshold always moves at least
/// one item: `v > t`: `floor(q) + 1`; `v < -t`: `ceil(q) - 1` (with `q` within rounding of an integer taken as
/// that integer); clamped.
///
/// Corrects `snap.threshold`, whose `ceil(q)` keeps a flick from an exactly centred offset on the same item.
public struct StrictThresholdSnap: SnapStrategy, Sendable {
    public static let id = "snap.threshold.strict"
    public static let complexity: Complexity = "O(1)"
    public let faithful: ThresholdSnap

    public init(geometry: CarouselGeometry, itemCount: Int, threshold: Double = Velocity.seed000Threshold) {
        faithful = ThresholdSnap(geometry: geometry, itemCount: itemCount, threshold: threshold)
    }

    @inlinable
    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        var position = currentOffset / faithful.pitch
        // `i*p / p` is not always exactly `i`: an offset within rounding of a centre counts as that centre.
        if abs(position - position.rounded()) <= 1e-9 * max(1, abs(position)) { position = position.rounded() }
        let index: Double
        if velocity > faithful.threshold {
            index = position.rounded(.down) + 1
        } else if velocity < -faithful.threshold {
            index = position.rounded(.up) - 1
        } else {
            return faithful.target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        }
        return Double(clampedItemIndex(index, itemCount: faithful.itemCount)) * faithful.pitch
    }
}

/// `peer.fspager.snap.strict`: FSPagerView's snap with the same fix: above its threshold the target is the next
/// item in the direction of `v` (`floor(q) + 1` or `ceil(q) - 1`), never the one behind.
///
/// Corrects `peer.fspager.snap`, whose `round(q + 0.35)` snaps back when `q` is just past a centre.
public struct FSPagerStrictSnap: SnapStrategy, Sendable {
    public static let id = "peer.fspager.snap.strict"
    public static let complexity: Complexity = "O(1)"
    public let strict: StrictThresholdSnap
    public let faithful: FSPagerSnap

    public init(geometry: CarouselGeometry, itemCount: Int) {
        strict = StrictThresholdSnap(geometry: geometry, itemCount: itemCount, threshold: Velocity.fsPagerThreshold)
        faithful = FSPagerSnap(geometry: geometry, itemCount: itemCount)
    }

    @inlinable
    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        guard abs(velocity) >= faithful.threshold else {
            return faithful.target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        }
        return strict.target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }
}

/// `lookup.hitTest.nearest`: seed 003's hit test, but where frames overlap (negative compensated spacing) the
/// frame whose centre is nearest `C` wins instead of the lower index; still none in a gap.
public struct NearestHitTestLookup<Query: VisibleItemQuery>: CenterLookup {
    public static var id: String { "lookup.hitTest.nearest" }
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
        var best: Int?
        var bestDistance = Double.infinity
        for index in buffer where query.frame(of: index).contains(center) {
            let distance = abs(query.frame(of: index).midX - center)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }
}

/// `event.sentinelPageControl.mapped`: seed 004's page control with the mapping it meant, `-1 -> n-1`
/// (the seed writes `imageArray.count - 2`, which is `n`), and `n -> 0`.
public struct MappedSentinelPageControl: SentinelPageMapping {
    public static let id = "event.sentinelPageControl.mapped"
    public static let complexity: Complexity = "O(1)"
    public let faithful: SentinelPageControl

    public init(viewportWidth: Double, catalogCount: Int) {
        faithful = SentinelPageControl(viewportWidth: viewportWidth, catalogCount: catalogCount)
    }

    public func rawPage(offset: Double) -> Int {
        let page = faithful.rawPage(offset: offset)
        return page == faithful.catalogCount ? faithful.catalogCount - 1 : page
    }

    public func displayedPage(offset: Double) -> Int { rawPage(offset: offset) }
}
