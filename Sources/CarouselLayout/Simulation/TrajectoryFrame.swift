/// What happens in one display frame of a simulated scroll.
///
/// One-shot events (`released`, `didEndDecelerating`, `rotated`, `scrolledByCode`, `didEndScrollingAnimation`,
/// `scrollRefused`) occupy a frame of their own kind; the motion phases (`dragging`, `decelerating`, `animating`,
/// `settled`) repeat.
public enum ScrollPhase: Sendable, Equatable, Hashable {
    /// The finger drags the content.
    case dragging
    /// The first frame after a release: the snap was decided in it (`targetOffset`, in the
    /// consumer's coordinates at release) and the first deceleration step is this frame's delta.
    case released(velocity: Double, proposedOffset: Double, targetOffset: Double)
    /// The content decelerates toward the snap target.
    case decelerating
    /// The last frame of a flick: its delta lands exactly on the target.
    case didEndDecelerating
    /// The viewport width changed: recompute the geometry and restore the centered item.
    case rotated(width: Double)
    /// Nothing moves (a pause).
    case settled
    /// The app scrolls by code to the item `itemsAway` from the centred one (`scrollToItem(at:at:animated:)`), for the
    /// reason `trigger` gives (a timer's next item, a tap on the item there, a reload then a recentre): the target was
    /// decided in this frame (`targetOffset`, in the consumer's coordinates), and this frame's delta is the animation's
    /// first step, or the whole move when not `animated` (then no other frame follows).
    case scrolledByCode(itemsAway: Int, targetOffset: Double, animated: Bool, trigger: ScrollByCodeTrigger)
    /// The content moves by code toward the target of a `scrolledByCode` frame (an animated scroll, no finger).
    case animating
    /// The last frame of an animated scroll by code (`scrollViewDidEndScrollingAnimation`): its delta lands exactly
    /// on the target. A scroll by code never ends with `scrollViewDidEndDecelerating`.
    case didEndScrollingAnimation
    /// The app asked to scroll to the item `itemsAway` from the centred one and the design has no such item (UIKit
    /// raises for an index path outside the data); nothing moves.
    case scrollRefused(itemsAway: Int)
}

/// Why the app scrolls by code, which decides the path its target takes.
public enum ScrollByCodeTrigger: Sendable, Equatable, Hashable {
    /// The app's own `scrollToItem` for the item `itemsAway` from the centred one (a timer's next item).
    case app
    /// A tap on the cell `itemsAway` places along: a hit test, then `scrollToItem` for the index path it gives.
    case tap
    /// `reloadData()`, then, in the same turn of the run loop, `scrollToItem` without animation to the item
    /// `itemsAway` from the one centred before the reload (the app remembers it: after `reloadData` no cell is
    /// visible until the next layout pass).
    case reload
}

/// One display frame of a simulated scroll: move the content offset by `delta`, then
/// react to `phase` (wrap, snap bookkeeping, relayout).
///
/// Frames carry deltas, not absolute offsets, because a wrap strategy may move the offset
/// by whole catalog widths in any frame; the consumer owns its offset.
public struct TrajectoryFrame: Sendable, Equatable, Hashable {
    /// The frame's number, counted from 0 at the start of the script.
    public var frame: Int
    /// The points the content offset moves in this frame (signed).
    public var delta: Double
    /// The phase or event of this frame.
    public var phase: ScrollPhase

    public init(frame: Int, delta: Double, phase: ScrollPhase) {
        self.frame = frame
        self.delta = delta
        self.phase = phase
    }
}
