#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plays a `ScrollScript` one display frame at a time, as per-frame deltas plus phase events.
///
/// The consumer owns the content offset: it passes the offset in, applies the returned delta,
/// then does its own wrap. Drags move `velocity / hz` per frame. A flick asks the snap resolver
/// for its target on the release frame, then follows the deceleration curve *rescaled to end on
/// the target*: after `t` ms the remaining distance is `(target - o) * r^t_ms`, the curve of
/// `ScrollDeceleration` with its end moved to the target. It ends after
/// `ScrollDeceleration.settleFrameCount` frames (once less than half a point remains), with a
/// final delta chosen so that `offset + delta == target` exactly in floating point.
///
/// If the consumer's offset jumps between frames of a flick (a wrap by whole catalog widths),
/// the target moves with it; the landing is then exact up to the rounding of that jump.
///
/// A flick's rate is the gesture's, unless the snap resolver stands for a scroll view with a rate of its own
/// (`ScrollDecelerationRateSource`): then that one, for the proposed offset and the curve alike.
///
///     var simulator = ScrollSimulator(script: .standard(seed: 1), hz: 120)
///     var offset = 0.0
///     while let frame = simulator.next(currentOffset: offset, snap: ScrollRestAtProjection()) {
///         offset += frame.delta
///     }
///
/// - Complexity: `next` is O(1) and does not allocate.
public struct ScrollSimulator: Sendable {
    /// The script being played.
    public let script: ScrollScript
    /// Display frames per second (60 or 120 in the suite).
    public let hz: Double

    private var gestureIndex = 0
    private var framesIntoGesture = 0
    private var frameNumber = 0
    private var flick = FlickMotion()
    private var animation = AnimatedScroll()

    /// The state of the flick being settled, in the consumer's coordinates.
    private struct FlickMotion: Sendable {
        var target = 0.0
        var distance = 0.0
        var decayPerFrame = 1.0
        var remainingFraction = 1.0
        var lastFrame = 2
        var expectedOffset = 0.0
    }

    /// The state of an animated scroll by code, in the consumer's coordinates.
    private struct AnimatedScroll: Sendable {
        var start = 0.0
        var target = 0.0
        var lastFrame = 1
        var expectedOffset = 0.0
    }

    public init(script: ScrollScript, hz: Double) {
        precondition(hz > 0 && hz.isFinite, "a frame rate must be positive")
        self.script = script
        self.hz = hz
    }

    /// Whether every gesture of the script has been played.
    public var isFinished: Bool { gestureIndex >= script.gestures.count }

    /// Starts the script again from its first gesture and frame 0.
    public mutating func restart() {
        gestureIndex = 0
        framesIntoGesture = 0
        frameNumber = 0
    }

    /// The next frame, given the consumer's content offset now; `nil` once the script is over.
    ///
    /// `snap` is asked once per flick, on its release frame.
    public mutating func next(currentOffset: Double, snap: some ScrollSnapResolver) -> TrajectoryFrame? {
        while gestureIndex < script.gestures.count {
            switch script.gestures[gestureIndex] {
            case let .drag(velocity, duration):
                if framesIntoGesture < frameCount(duration) {
                    return emit(delta: velocity / hz, phase: .dragging)
                }
            case let .pause(duration):
                if framesIntoGesture < frameCount(duration) {
                    return emit(delta: 0, phase: .settled)
                }
            case let .rotate(width):
                if framesIntoGesture == 0 {
                    return emit(delta: 0, phase: .rotated(width: width))
                }
            case let .flick(velocity, rate):
                if framesIntoGesture == 0 {
                    let playedRate = (snap as? any ScrollDecelerationRateSource)?.decelerationRate ?? rate
                    return release(at: currentOffset, velocity: velocity, rate: playedRate, snap: snap)
                }
                if framesIntoGesture < flick.lastFrame {
                    return settle(from: currentOffset)
                }
            case let .scrollToItem(itemsAway, duration):
                if framesIntoGesture == 0 {
                    let target = (snap as? any ScrollToItemResolver)?.scrollToItemTarget(currentOffset: currentOffset, itemsAway: itemsAway)
                    return scrollByCode(at: currentOffset, to: target, itemsAway: itemsAway, duration: duration, trigger: .app)
                }
                if framesIntoGesture < animation.lastFrame {
                    return animate(from: currentOffset)
                }
            case let .reloadAndScrollToItem(itemsAway):
                if framesIntoGesture == 0 {
                    let target = (snap as? any ScrollToItemResolver)?.scrollToItemTarget(currentOffset: currentOffset, itemsAway: itemsAway)
                    return scrollByCode(at: currentOffset, to: target, itemsAway: itemsAway, duration: 0, trigger: .reload)
                }
            case let .tap(itemsAway):
                if framesIntoGesture == 0 {
                    guard let target = (snap as? any ScrollToItemResolver)?.tapTarget(currentOffset: currentOffset, itemsAway: itemsAway) else {
                        animation.lastFrame = 1
                        return emit(delta: 0, phase: .settled)
                    }
                    return scrollByCode(at: currentOffset, to: target, itemsAway: itemsAway, duration: ScrollAnimation.duration,
                                        trigger: .tap)
                }
                if framesIntoGesture < animation.lastFrame {
                    return animate(from: currentOffset)
                }
            }
            gestureIndex += 1
            framesIntoGesture = 0
        }
        return nil
    }

    /// Plays `script` at `hz` against an offset that only accumulates deltas (no wrap, no
    /// clamp), deciding each flick's landing with `snap`: a trajectory a benchmark can replay.
    /// - Complexity: O(frames).
    public static func record(
        script: ScrollScript,
        hz: Double,
        startOffset: Double = 0,
        snap: some ScrollSnapResolver
    ) -> ScrollRecording {
        var simulator = ScrollSimulator(script: script, hz: hz)
        var offset = startOffset
        var frames: [TrajectoryFrame] = []
        while let frame = simulator.next(currentOffset: offset, snap: snap) {
            frames.append(frame)
            offset += frame.delta
        }
        return ScrollRecording(hz: hz, startOffset: startOffset, endOffset: offset, frames: frames)
    }

    private func frameCount(_ duration: Double) -> Int {
        precondition(duration >= 0 && duration.isFinite, "a gesture's duration must be finite and non-negative")
        return Int((duration * hz).rounded())
    }

    private mutating func emit(delta: Double, phase: ScrollPhase) -> TrajectoryFrame {
        let frame = TrajectoryFrame(frame: frameNumber, delta: delta, phase: phase)
        frameNumber += 1
        framesIntoGesture += 1
        return frame
    }

    private mutating func release(
        at offset: Double,
        velocity: Double,
        rate: Double,
        snap: some ScrollSnapResolver
    ) -> TrajectoryFrame {
        let proposed = ScrollDeceleration.restingOffset(from: offset, velocity: velocity, rate: rate)
        let target = snap.targetOffset(currentOffset: offset, proposedOffset: proposed, velocity: velocity)
        precondition(target.isFinite, "a snap target must be finite")
        let distance = target - offset
        flick = FlickMotion(
            target: target,
            distance: distance,
            decayPerFrame: pow(rate, 1000 / hz),
            remainingFraction: 1,
            lastFrame: ScrollDeceleration.settleFrameCount(distance: distance, rate: rate, hz: hz),
            expectedOffset: offset
        )
        let delta = step(from: offset)
        flick.expectedOffset = offset + delta
        return emit(delta: delta, phase: .released(velocity: velocity, proposedOffset: proposed, targetOffset: target))
    }

    /// The first frame of a scroll by code to the consumer's `target` (`ScrollToItemResolver`): the animation's first
    /// step, or the whole move in one frame when `duration` is 0. No target (a consumer that is no resolver, or has no
    /// such item) refuses it: one frame, no motion.
    private mutating func scrollByCode(at offset: Double, to target: Double?, itemsAway: Int, duration: Double,
                                       trigger: ScrollByCodeTrigger) -> TrajectoryFrame {
        guard let target else {
            animation.lastFrame = 1
            return emit(delta: 0, phase: .scrollRefused(itemsAway: itemsAway))
        }
        precondition(target.isFinite, "a scroll target must be finite")
        let frames = max(1, frameCount(duration))
        animation = AnimatedScroll(start: offset, target: target, lastFrame: duration > 0 ? max(2, frames) : 1,
                                   expectedOffset: offset)
        let animated = duration > 0
        let delta = animated ? animationStep(from: offset) : Self.exactStep(from: offset, to: target)
        animation.expectedOffset = offset + delta
        return emit(delta: delta, phase: .scrolledByCode(itemsAway: itemsAway, targetOffset: target, animated: animated,
                                                         trigger: trigger))
    }

    /// A frame of an animated scroll by code (the last one lands exactly on the target).
    private mutating func animate(from offset: Double) -> TrajectoryFrame {
        // A difference from the expected offset is the consumer's wrap jump: carry the start and target along.
        let jump = offset - animation.expectedOffset
        animation.start += jump
        animation.target += jump
        let isLast = framesIntoGesture + 1 == animation.lastFrame
        let delta = isLast ? Self.exactStep(from: offset, to: animation.target) : animationStep(from: offset)
        animation.expectedOffset = offset + delta
        return emit(delta: delta, phase: isLast ? .didEndScrollingAnimation : .animating)
    }

    /// The step to where the animation is after the frame being emitted (`framesIntoGesture + 1` of `lastFrame`).
    private func animationStep(from offset: Double) -> Double {
        let progress = Double(framesIntoGesture + 1) / Double(animation.lastFrame)
        return ScrollAnimation.offset(from: animation.start, to: animation.target, at: progress) - offset
    }

    private mutating func settle(from offset: Double) -> TrajectoryFrame {
        // A difference from the expected offset is the consumer's wrap jump: carry the target along.
        flick.target += offset - flick.expectedOffset
        let isLast = framesIntoGesture + 1 == flick.lastFrame
        let delta = isLast ? Self.exactStep(from: offset, to: flick.target) : step(from: offset)
        flick.expectedOffset = offset + delta
        return emit(delta: delta, phase: isLast ? .didEndDecelerating : .decelerating)
    }

    private mutating func step(from offset: Double) -> Double {
        flick.remainingFraction *= flick.decayPerFrame
        return flick.target - flick.distance * flick.remainingFraction - offset
    }

    /// A delta `d` with `from + d == to` in floating point, which `to - from` alone does not promise.
    private static func exactStep(from: Double, to: Double) -> Double {
        let delta = to - from
        var up = delta
        var down = delta
        for _ in 0..<4 {
            if from + up == to { return up }
            if from + down == to { return down }
            up = up.nextUp
            down = down.nextDown
        }
        return delta
    }
}

/// A whole trajectory played in advance by `ScrollSimulator.record`, for allocation-free replay.
public struct ScrollRecording: Sendable, Equatable {
    /// The frame rate it was recorded at.
    public let hz: Double
    /// The content offset the recording started from.
    public let startOffset: Double
    /// `startOffset` plus every delta: where an unwrapped, unclamped replay ends.
    public let endOffset: Double
    /// The frames, in order.
    public let frames: [TrajectoryFrame]

    /// The signed distance one replay of all frames moves the content.
    public var netDistance: Double { endOffset - startOffset }
}

extension ScrollRecording {
    /// `frames` played from `startOffset`: it ends at `startOffset` plus the frames' deltas, summed in order.
    public init(hz: Double, startOffset: Double, frames: [TrajectoryFrame]) {
        self.init(hz: hz, startOffset: startOffset, endOffset: startOffset + frames.reduce(0) { $0 + $1.delta },
                  frames: frames)
    }
}
