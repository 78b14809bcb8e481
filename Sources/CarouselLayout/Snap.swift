/// Velocity units. The engine uses points per **second** everywhere; UIKit hands
/// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` and `scrollViewWillEndDragging`
/// velocities in points per **millisecond**, so thresholds written against them are converted here.
public enum Velocity {
    /// Points per second in one point per millisecond.
    public static let pointsPerSecondPerPointPerMillisecond = 1000.0

    /// `v` pt/ms in pt/s.
    @inlinable
    public static func pointsPerSecond(fromPointsPerMillisecond velocity: Double) -> Double {
        velocity * pointsPerSecondPerPointPerMillisecond
    }

    /// Seed 000 `CenterFocusedCarouselLayout.threshold = 0.5` (pt/ms) in pt/s.
    public static let seed000Threshold = pointsPerSecond(fromPointsPerMillisecond: 0.5)
    /// FSPagerView's flick threshold `0.3` (pt/ms) in pt/s.
    public static let fsPagerThreshold = pointsPerSecond(fromPointsPerMillisecond: 0.3)
}

/// A snap strategy: where a released scroll comes to rest (`targetContentOffset(...)`).
public protocol SnapStrategy {
    /// The id (Docs/ALGORITHMS.md, "Snap target").
    static var id: String { get }
    /// The documented cost (the report checks its order against the measured growth).
    static var complexity: Complexity { get }
    /// The resting offset for a release at `currentOffset` with UIKit's `proposedOffset` and `velocity` in pt/s.
    mutating func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double
}

/// `snap.directional` (seed 000 flow layout): the visible items at `o`, sorted left to right (seed 000's
/// `midX - offset` key), the first whose centering offset `|midX - W/2|` minus `o` has the sign of `v`;
/// else the proposed offset (`super`).
///
/// Reproduced as written: `0.0.sign == .plus`, so `v = 0` picks the first item at or right of `o`, not the
/// nearest; `-0.0` counts as leftward; a flick from an exactly centred offset stays put (difference `+0.0`).
public struct DirectionalSnap<Query: VisibleItemQuery>: SnapStrategy {
    public static var id: String { "snap.directional" }
    public static var complexity: Complexity { Query.complexity + "O(k log k) to sort the visible items" }
    public let query: Query
    public let geometry: CarouselGeometry
    @usableFromInline var buffer: [Int] = []

    public init(query: Query, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    @inlinable
    public mutating func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        query.visibleItems(in: geometry.viewportSpan(offset: currentOffset), into: &buffer)
        let query = self.query
        buffer.sort { query.frame(of: $0).midX - currentOffset < query.frame(of: $1).midX - currentOffset }
        let halfWidth = geometry.viewportWidth / 2
        for index in buffer {
            let offset = abs(query.frame(of: index).midX - halfWidth)
            if (offset - currentOffset).sign == velocity.sign { return offset }
        }
        return proposedOffset
    }
}

/// `snap.threshold` (seed 000 `CenterFocusedCarouselLayout`): `q = o/p`; `v > t`: `ceil(q)`;
/// `v < -t`: `floor(q)`; else `round(o'/p)`; clamped to `[0, N-1]`; target `i*p`.
///
/// `t` defaults to the seed's 0.5 pt/ms = 500 pt/s. Reproduced as written: a flick from an exactly centred
/// `o` (integral `q`) stays on the same item.
public struct ThresholdSnap: SnapStrategy, Sendable {
    public static let id = "snap.threshold"
    public static let complexity: Complexity = "O(1)"
    public let pitch: Double
    public let itemCount: Int
    /// pt/s.
    public let threshold: Double

    @inlinable
    public init(geometry: CarouselGeometry, itemCount: Int, threshold: Double = Velocity.seed000Threshold) {
        pitch = geometry.pitch
        self.itemCount = itemCount
        self.threshold = threshold
    }

    @inlinable
    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let approximateIndex = currentOffset / pitch
        let index: Double
        if velocity > threshold {
            index = approximateIndex.rounded(.up)
        } else if velocity < -threshold {
            index = approximateIndex.rounded(.down)
        } else {
            index = (proposedOffset / pitch).rounded()
        }
        return Double(clampedItemIndex(index, itemCount: itemCount)) * pitch
    }
}

/// `snap.nearest` (seed 002 `CenterSnapFlowLayout`): among the items in the rect at `o'`, the one nearest
/// `C' = o' + W/2`; target `o' + (c - C')`.
///
/// Reproduced as written: when the rect at `o'` holds no item the adjustment stays
/// `greatestFiniteMagnitude` and the target is `o' + 1.8e308` (the seed only guards a nil array).
public struct NearestSnap<Query: VisibleItemQuery>: SnapStrategy {
    public static var id: String { "snap.nearest" }
    public static var complexity: Complexity { Query.complexity + "O(k) to find the nearest" }
    public let query: Query
    public let geometry: CarouselGeometry
    @usableFromInline var buffer: [Int] = []

    public init(query: Query, geometry: CarouselGeometry) {
        self.query = query
        self.geometry = geometry
        buffer.reserveCapacity(16)
    }

    @inlinable
    public mutating func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        query.visibleItems(in: geometry.viewportSpan(offset: proposedOffset), into: &buffer)
        let centerX = geometry.viewportCenter(offset: proposedOffset)
        var minOffsetAdjustment = Double.greatestFiniteMagnitude
        for index in buffer {
            let offsetAdjustment = query.frame(of: index).midX - centerX
            if abs(offsetAdjustment) < abs(minOffsetAdjustment) { minOffsetAdjustment = offsetAdjustment }
        }
        return proposedOffset + minOffsetAdjustment
    }
}

/// `snap.direction` (seed 003 `scrollViewWillEndDragging`): `q = (o' + insetLeft)/p`; `o > o'`: `floor(q)`;
/// `o < o'`: `ceil(q)`; else `round(q)`; target `q*p - insetLeft`. The velocity is ignored (only the sign
/// of `o' - o` counts) and the index is not clamped.
///
/// `p` is seed 003's `0.80 W + minimumLineSpacing` (the normal size, even when the centre is enlarged).
public struct DirectionSnap: SnapStrategy, Sendable {
    public static let id = "snap.direction"
    public static let complexity: Complexity = "O(1)"
    public let pitch: Double
    /// `scrollView.contentInset.left` (0 in seed 003).
    public let insetLeft: Double

    @inlinable
    public init(pitch: Double, insetLeft: Double = 0) {
        self.pitch = pitch
        self.insetLeft = insetLeft
    }

    @inlinable
    public init(geometry: CarouselGeometry) {
        self.init(pitch: geometry.pitch)
    }

    /// The target index seed 003 stores as `centerCellIndex`.
    @inlinable
    public func targetIndex(currentOffset: Double, proposedOffset: Double) -> Double {
        let index = (proposedOffset + insetLeft) / pitch
        if currentOffset > proposedOffset { return index.rounded(.down) }
        if currentOffset < proposedOffset { return index.rounded(.up) }
        return index.rounded()
    }

    @inlinable
    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        targetIndex(currentOffset: currentOffset, proposedOffset: proposedOffset) * pitch - insetLeft
    }
}

/// `snap.projected` (beyond the seeds; WWDC 2018 "Designing Fluid Interfaces"): project the resting offset
/// `o' = o + (v/1000) * r/(1-r)` (v in pt/s, `r` per millisecond), then the nearest item, clamped.
/// The proposed offset is ignored: the projection replaces it.
public struct ProjectedSnap: SnapStrategy, Sendable {
    public static let id = "snap.projected"
    public static let complexity: Complexity = "O(1)"
    /// `UIScrollView.DecelerationRate.normal`.
    public static let normalRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastRate = 0.99
    public let pitch: Double
    public let itemCount: Int
    public let decelerationRate: Double

    @inlinable
    public init(geometry: CarouselGeometry, itemCount: Int, decelerationRate: Double = ProjectedSnap.normalRate) {
        pitch = geometry.pitch
        self.itemCount = itemCount
        self.decelerationRate = decelerationRate
    }

    /// The distance a flick at `velocity` pt/s travels before it stops.
    @inlinable
    public func projectedDistance(velocity: Double) -> Double {
        velocity / Velocity.pointsPerSecondPerPointPerMillisecond * decelerationRate / (1 - decelerationRate)
    }

    @inlinable
    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let projected = currentOffset + projectedDistance(velocity: velocity)
        return Double(clampedItemIndex((projected / pitch).rounded(), itemCount: itemCount)) * pitch
    }
}

/// `peer.fspager.snap` (FSPagerView, as Docs/ALGORITHMS.md, "Snap target" restates it): `|v| >= 0.3 pt/ms`:
/// `round(o/p + 0.35*sign(v))*p`, else `round(o/p)*p`, clamped to `[0, (N-1)p]`.
public struct FSPagerSnap: SnapStrategy, Sendable {
    public static let id = "peer.fspager.snap"
    public static let complexity: Complexity = "O(1)"
    public static let flickBias = 0.35
    public let pitch: Double
    public let itemCount: Int
    /// pt/s.
    public let threshold: Double

    @inlinable
    public init(geometry: CarouselGeometry, itemCount: Int, threshold: Double = Velocity.fsPagerThreshold) {
        pitch = geometry.pitch
        self.itemCount = itemCount
        self.threshold = threshold
    }

    @inlinable
    public func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        var position = currentOffset / pitch
        if abs(velocity) >= threshold { position += velocity > 0 ? Self.flickBias : -Self.flickBias }
        return Double(clampedItemIndex(position.rounded(), itemCount: itemCount)) * pitch
    }
}

extension StrategyRegistry {
    /// Each snap through the query its source uses; corrected variants after the faithful ones.
    @inlinable
    static func snaps<V: StrategyVisitor>(_ visitor: V) {
        visitor.visitSnap(SnapEntry(threshold: .velocity(0)) {
            DirectionalSnap(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitSnap(SnapEntry(threshold: .velocity(Velocity.seed000Threshold)) {
            ThresholdSnap(geometry: $0, itemCount: $1)
        })
        visitor.visitSnap(SnapEntry(threshold: .velocity(Velocity.seed000Threshold), correcting: ThresholdSnap.id) {
            StrictThresholdSnap(geometry: $0, itemCount: $1)
        })
        visitor.visitSnap(SnapEntry(threshold: .halfPitchProjection(rate: nil)) {
            NearestSnap(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
        })
        visitor.visitSnap(SnapEntry(threshold: .velocity(0)) { geometry, _ in DirectionSnap(geometry: geometry) })
        visitor.visitSnap(SnapEntry(threshold: .halfPitchProjection(rate: ProjectedSnap.normalRate)) {
            ProjectedSnap(geometry: $0, itemCount: $1)
        })
        visitor.visitSnap(SnapEntry(threshold: .velocity(Velocity.fsPagerThreshold)) {
            FSPagerSnap(geometry: $0, itemCount: $1)
        })
        visitor.visitSnap(SnapEntry(threshold: .velocity(Velocity.fsPagerThreshold), correcting: FSPagerSnap.id) {
            FSPagerStrictSnap(geometry: $0, itemCount: $1)
        })
        visitor.visitSnap(SnapEntry(threshold: .velocity(BestPipeline.flickThreshold), wraps: true) {
            BestPipeline.Snap(pipeline: BestPipeline(catalogCount: $1, geometry: $0))
        })
    }
}
