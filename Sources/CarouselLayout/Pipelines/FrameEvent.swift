/// What happened in one frame of a trajectory, as the report names a costly frame: a gesture's one-shot work
/// (a rotation's relayout, a release's snap and relayout, the end of a flick), a wrap jump, an item coming
/// on screen, or nothing special.
///
/// One event per frame: where several coincide, the first in `allCases` order (a rotation's frame also
/// brings new items on screen; a wrap jump moves every visible item). A reload has no frame of its own in
/// the standard trajectory: the UIKit views that reload do it inside a rotation, named `rotation`.
public enum FrameEvent: String, CaseIterable, Sendable, Equatable {
    case rotation
    case release
    /// The last frame of a flick (`scrollViewDidEndDecelerating`: seed 004's sentinel check).
    case endOfFlick = "end of flick"
    /// The first frame of a scroll by code (`scrollToItem`: the target asked of the layout).
    case scrollByCode = "scroll by code"
    /// The last frame of an animated scroll by code (`scrollViewDidEndScrollingAnimation`).
    case endOfScrollAnimation = "end of scroll animation"
    /// A scroll by code the design had no item for (UIKit raises for an index path past the data).
    case scrollRefused = "scroll refused"
    /// The app's catalogue update, the design's way, and the frame that shows it (`CatalogUpdatePlay`).
    case catalogueUpdate = "catalogue update"
    case wrapJump = "wrap jump"
    /// An item that was not visible in the previous frame is visible in this one.
    case newItem = "new item"
    case nothing = "nothing special"

    /// The event of a frame played as `frame` with `output`, after a frame that showed `previousItems`.
    /// - Complexity: O(k^2) for k visible items (k is 3 to 5).
    public init(_ frame: TrajectoryFrame, output: FrameOutput, previousItems: [Int]) {
        switch frame.phase {
        case .rotated: self = .rotation
        case .released: self = .release
        case .didEndDecelerating where !output.jumped: self = .endOfFlick
        case .scrolledByCode: self = .scrollByCode
        case .didEndScrollingAnimation where !output.jumped: self = .endOfScrollAnimation
        case .scrollRefused: self = .scrollRefused
        default:
            if output.jumped {
                self = .wrapJump
            } else if output.visible.contains(where: { !previousItems.contains($0.item) }) {
                self = .newItem
            } else {
                self = .nothing
            }
        }
    }
}

/// Names the event of each frame of a play, frame after frame.
///
///     var tracker = FrameEventTracker()
///     PipelinePlayer.play(&pipeline, script: script, hz: 120) { frame, output in events.append(tracker.next(frame, output)) }
public struct FrameEventTracker: Sendable {
    private var previousItems: [Int] = []

    /// A tracker before the first frame: the first frame's items are all new.
    public init() {}

    /// The event of the next frame, which was played as `frame` with `output`.
    /// - Complexity: O(k^2).
    public mutating func next(_ frame: TrajectoryFrame, _ output: FrameOutput) -> FrameEvent {
        let event = FrameEvent(frame, output: output, previousItems: previousItems)
        previousItems.removeAll(keepingCapacity: true)
        for element in output.visible { previousItems.append(element.item) }
        return event
    }
}
