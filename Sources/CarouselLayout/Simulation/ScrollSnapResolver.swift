/// Decides where a flick lands: the bridge from the simulator to a snap strategy.
///
/// The simulator calls it once per flick, on the release frame, with offsets in the consumer's
/// coordinates and the velocity in pt/s.
///
///     struct NearestPage: ScrollSnapResolver {
///         let pitch: Double
///         func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
///             (proposedOffset / pitch).rounded() * pitch
///         }
///     }
public protocol ScrollSnapResolver {
    /// The content offset the flick must come to rest on.
    func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double
}

/// A snap resolver that stands for a scroll view with a deceleration rate of its own (`UIScrollView.decelerationRate`
/// set by the app): the simulator plays every flick released through it at that rate (its proposed offset and its
/// deceleration curve), in place of the gesture's. `nil` keeps the gesture's rate.
///
/// The standard script's flicks use `.normal` and `.fast` alike, standing for apps of either setting; a pipeline
/// whose scroll view sets a rate has every flick at it.
public protocol ScrollDecelerationRateSource {
    /// The rate per millisecond in `(0, 1)`, or nil for the gesture's own.
    var decelerationRate: Double? { get }
}

/// A snap resolver made from a closure `(currentOffset, proposedOffset, velocity) -> target`.
///
/// - Complexity: that of the closure.
public struct ScrollSnapRule: ScrollSnapResolver {
    private let resolve: (Double, Double, Double) -> Double

    public init(_ resolve: @escaping (_ currentOffset: Double, _ proposedOffset: Double, _ velocity: Double) -> Double) {
        self.resolve = resolve
    }

    public func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        resolve(currentOffset, proposedOffset, velocity)
    }
}

/// No snapping: the flick rests at its projected offset (a plain decelerating scroll view).
///
/// - Complexity: O(1).
public struct ScrollRestAtProjection: ScrollSnapResolver, Sendable {
    public init() {}

    public func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        proposedOffset
    }
}

/// Decides where a scroll by code lands: the bridge from the simulator to a design's own `scrollToItem` path.
///
/// The simulator asks it once per `ScrollGesture.scrollToItem`, on the gesture's first frame, with the consumer's
/// offset now.
public protocol ScrollToItemResolver {
    /// The content offset that centres the item `itemsAway` from the one centred at `currentOffset`, or nil when the
    /// design has no such item (an index path past its data).
    func scrollToItemTarget(currentOffset: Double, itemsAway: Int) -> Double?
    /// The content offset that centres the item a tap hits `itemsAway` items from the centre, or nil when the tap meets
    /// no item there.
    func tapTarget(currentOffset: Double, itemsAway: Int) -> Double?
}
