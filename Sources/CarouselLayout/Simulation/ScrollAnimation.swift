#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The animation of a scroll by code (`setContentOffset(_:animated: true)`, which `scrollToItem(at:at:animated:)`
/// calls), as UIKit runs it (Docs/UIKIT-MODEL.md, S6): a fixed 0.3 s whatever the distance,
/// the ease-in-out `sin²(πt/2)`, and each frame's offset `start + (distance · progress)` rounded to whole pixels.
///
///     ScrollAnimation.fraction(at: 0.5)                    // 0.5: halfway in time, halfway in distance
///     ScrollAnimation.offset(from: 0, to: 146.4, at: 0.5)  // 73.333…: rounded to a third of a point
public enum ScrollAnimation {
    /// `_contentOffsetAnimationDuration`, set to 0.3 s by `-[UIScrollView initWithFrame:]` (S6).
    public static let duration = 0.3

    /// Pixels per point of the suite's screen: the 390 x 844 pt iPhones are 3x screens (assumed: the model has no
    /// screen; a 2x iPad rounds to halves).
    public static let pixelsPerPoint = 3.0

    /// `-[UIAnimation progressForFraction:]` for curve 0, `sin(t·π/2)²` (S6): the fraction of the distance covered at
    /// `progress` (0...1) of the duration.
    /// - Complexity: O(1).
    @inlinable
    public static func fraction(at progress: Double) -> Double {
        let t = min(max(progress, 0), 1)
        let s = sin(t * Double.pi / 2)
        return t == 1 ? 1 : s * s
    }

    /// `-[UIScrollViewScrollAnimation setProgress:]` (S6): `start + round_to_pixels((target − start) · fraction)`.
    /// - Complexity: O(1).
    @inlinable
    public static func offset(from start: Double, to target: Double, at progress: Double) -> Double {
        start + ((target - start) * fraction(at: progress) * pixelsPerPoint).rounded() / pixelsPerPoint
    }
}
