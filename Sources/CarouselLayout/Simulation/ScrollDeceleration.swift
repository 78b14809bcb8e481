#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The deceleration model of a released flick: `v(t) = v0 * r^t_ms`, velocity in pt/s.
///
/// Summed per millisecond (UIKit's model, Apple's WWDC 2018 "Designing Fluid Interfaces"),
/// the flick comes to rest at `o + (v0/1000) * r/(1-r)`; after `t` ms it has covered the
/// fraction `1 - r^t` of that distance. `snap.projected` starts from the same resting offset.
///
///     let rest = ScrollDeceleration.restingOffset(from: 0, velocity: 1000, rate: ScrollDeceleration.normal)
///     // rest == 499 (1 pt/ms * 0.998/0.002)
///
/// - Complexity: O(1).
public enum ScrollDeceleration {
    /// `UIScrollView.DecelerationRate.normal`, per millisecond.
    public static let normal = 0.998
    /// `UIScrollView.DecelerationRate.fast`, per millisecond.
    public static let fast = 0.99
    /// Remaining distance (pt) below which a settling flick is considered at rest: half a point,
    /// a single pixel on a 2x screen.
    public static let restThreshold = 0.5

    /// The offset where a flick released at `offset` with `velocity` (pt/s) comes to rest
    /// under deceleration rate `rate` (per ms, in `(0, 1)`), before any snapping.
    public static func restingOffset(from offset: Double, velocity: Double, rate: Double) -> Double {
        offset + projectedDistance(velocity: velocity, rate: rate)
    }

    /// The signed distance `(v/1000) * r/(1-r)` a flick covers before it rests.
    public static func projectedDistance(velocity: Double, rate: Double) -> Double {
        precondition(rate > 0 && rate < 1, "a deceleration rate lies strictly between 0 and 1")
        return velocity / 1000 * rate / (1 - rate)
    }

    /// How many frames at `hz` a settle over `distance` takes: the first frame at which the
    /// remaining distance `|distance| * r^t_ms` is at most `restThreshold`, and at least 2
    /// (the release frame and the frame that ends the deceleration are distinct).
    public static func settleFrameCount(distance: Double, rate: Double, hz: Double) -> Int {
        precondition(rate > 0 && rate < 1, "a deceleration rate lies strictly between 0 and 1")
        precondition(distance.isFinite, "a settle distance must be finite")
        let magnitude = abs(distance)
        guard magnitude > restThreshold else { return 2 }
        let milliseconds = log(restThreshold / magnitude) / log(rate)
        let frames = (milliseconds * hz / 1000).rounded(.up)
        return max(2, Int(frames))
    }
}
