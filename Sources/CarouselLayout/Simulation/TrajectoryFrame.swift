/// What happens in one display frame of a simulated scroll.
///
/// One-shot events (`released`, `didEndDecelerating`, `rotated`) occupy a frame of their own
/// kind; the motion phases (`dragging`, `decelerating`, `settled`) repeat.
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
