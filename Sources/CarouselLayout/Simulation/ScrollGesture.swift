/// One step of a scripted scroll, as the user performs it.
///
/// Velocities are in points per second of content offset (positive: the offset grows, the
/// content moves left); durations are in seconds, so one script plays the same motion at
/// 60 and 120 Hz (a duration becomes `round(duration * hz)` frames).
///
///     let stroke: [ScrollGesture] = [
///         .drag(velocity: 800, duration: 0.25),
///         .flick(velocity: 800, decelerationRate: ScrollDeceleration.normal),
///         .pause(duration: 0.1),
///     ]
public enum ScrollGesture: Sendable, Equatable, Hashable {
    /// The finger moves the content at a constant `velocity` (pt/s) for `duration` seconds; no release.
    case drag(velocity: Double, duration: Double)
    /// The finger lifts at `velocity` (pt/s); the content decelerates at `decelerationRate`
    /// (per ms), lands where the snap resolver says, and settles there.
    case flick(velocity: Double, decelerationRate: Double)
    /// The viewport width changes to `toWidth` (a rotation); one frame, no motion.
    case rotate(toWidth: Double)
    /// Nothing moves for `duration` seconds.
    case pause(duration: Double)
    /// The app scrolls by code so that the item `itemsAway` from the centred one comes to the centre (a timer's
    /// next item, a tapped side item): animated over `duration` seconds on `ScrollAnimation`'s curve, or in one
    /// frame when `duration` is 0. The consumer decides the target (`ScrollToItemResolver`).
    case scrollToItem(itemsAway: Int, duration: Double)
    /// A tap on the item `itemsAway` from the centred one, which the app scrolls to the centre (animated, as
    /// `scrollToItem`); where the design shows no such item (the end of a finite carousel) the tap meets no cell and
    /// nothing happens (one frame at rest).
    case tap(itemsAway: Int)
    /// The app reloads its data (`reloadData()`) and recentres: in the same turn of the run loop, a scroll by code
    /// without animation to the item `itemsAway` from the one centred before the reload (0: the same item). One frame.
    case reloadAndScrollToItem(itemsAway: Int)
}
