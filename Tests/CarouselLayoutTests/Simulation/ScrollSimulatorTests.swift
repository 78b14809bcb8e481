#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import CarouselLayout

/// The suite's default pitch: `w = 312`, `m = 0.8`, `s = 12` give `L = -19.2`, `p = 292.8`.
private let pitch = 292.8

/// Rounds the proposed offset to the nearest multiple of the pitch (a `snap.projected`-like rule).
private struct NearestMultiple: ScrollSnapResolver {
    let pitch: Double
    func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        (proposedOffset / pitch).rounded() * pitch
    }
}

/// No snapping, standing for a scroll view whose app set a deceleration rate (`UIScrollView.decelerationRate`).
private struct RateSettingScrollView: ScrollSnapResolver, ScrollDecelerationRateSource {
    let decelerationRate: Double?
    func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double { proposedOffset }
}

/// Plays `script` against a plain accumulating offset; returns the frames and the offset after each.
private func play(
    _ script: ScrollScript,
    hz: Double,
    from start: Double = 0,
    snap: some ScrollSnapResolver
) -> (frames: [TrajectoryFrame], offsets: [Double]) {
    var simulator = ScrollSimulator(script: script, hz: hz)
    var offset = start
    var frames: [TrajectoryFrame] = []
    var offsets: [Double] = []
    while let frame = simulator.next(currentOffset: offset, snap: snap) {
        offset += frame.delta
        frames.append(frame)
        offsets.append(offset)
    }
    return (frames, offsets)
}

private func releaseOf(_ frames: [TrajectoryFrame]) -> (velocity: Double, proposed: Double, target: Double)? {
    for frame in frames {
        if case let .released(velocity, proposed, target) = frame.phase {
            return (velocity, proposed, target)
        }
    }
    return nil
}

@Suite("ScrollSimulator")
struct ScrollSimulatorTests {
    @Test("a drag moves velocity / hz per frame, velocity * duration in all", arguments: [60.0, 120.0])
    func dragDistance(hz: Double) {
        let (frames, offsets) = play(ScrollScript([.drag(velocity: -900, duration: 0.5)]), hz: hz, snap: ScrollRestAtProjection())
        #expect(frames.count == Int(0.5 * hz))
        #expect(frames.allSatisfy { $0.phase == .dragging && $0.delta == -900 / hz })
        #expect(abs(offsets.last! - (-450)) < 1e-9)
        #expect(frames.map(\.frame) == Array(0..<frames.count))
    }

    @Test("a one-direction run of N frames moves v * N / hz")
    func oneDirection() {
        let hz = 120.0, frames = 12_000, velocity = 2_500.0
        let script = ScrollScript.oneDirection(velocity: velocity, duration: Double(frames) / hz)
        let recording = ScrollSimulator.record(script: script, hz: hz, snap: ScrollRestAtProjection())
        #expect(recording.frames.count == frames)
        #expect(abs(recording.netDistance - velocity * Double(frames) / hz) < 1e-6)
    }

    @Test(
        "an unsnapped flick rests at o + (v/1000) * r/(1-r), exactly, in the announced number of frames",
        arguments: [ScrollDeceleration.normal, ScrollDeceleration.fast], [1_500.0, -4_000.0]
    )
    func flickRestingOffset(rate: Double, velocity: Double) {
        let start = 100.0
        let expected = start + (velocity / 1000) * rate / (1 - rate)
        let (frames, offsets) = play(
            ScrollScript([.flick(velocity: velocity, decelerationRate: rate)]), hz: 120, from: start, snap: ScrollRestAtProjection()
        )
        let release = releaseOf(frames)
        #expect(release?.proposed == expected)
        #expect(release?.target == expected)
        #expect(offsets.last == expected)
        #expect(frames.first?.phase == release.map { .released(velocity: velocity, proposedOffset: $0.proposed, targetOffset: $0.target) })
        #expect(frames.last?.phase == .didEndDecelerating)
        #expect(frames.count == ScrollDeceleration.settleFrameCount(distance: expected - start, rate: rate, hz: 120))
    }

    @Test("the projected distance of 1000 pt/s is 499 pt (normal) and 99 pt (fast)")
    func projectedDistanceValues() {
        #expect(abs(ScrollDeceleration.projectedDistance(velocity: 1_000, rate: ScrollDeceleration.normal) - 499) < 1e-9)
        #expect(abs(ScrollDeceleration.projectedDistance(velocity: 1_000, rate: ScrollDeceleration.fast) - 99) < 1e-9)
    }

    @Test(
        "with a pitch-rounding snap the flick settles exactly on the target, monotonically, and stays",
        arguments: [60.0, 120.0], [2_345.0, -800.0, 150.0, 0.0]
    )
    func snapSettlesExactly(hz: Double, velocity: Double) {
        let start = 3 * pitch + 41.7
        let script = ScrollScript([
            .flick(velocity: velocity, decelerationRate: ScrollDeceleration.normal),
            .pause(duration: 0.5),
        ])
        let snap = NearestMultiple(pitch: pitch)
        let (frames, offsets) = play(script, hz: hz, from: start, snap: snap)
        let target = try! #require(releaseOf(frames)).target
        #expect(target == snap.targetOffset(currentOffset: start, proposedOffset: ScrollDeceleration.restingOffset(
            from: start, velocity: velocity, rate: ScrollDeceleration.normal), velocity: velocity))
        let end = try! #require(frames.firstIndex { $0.phase == .didEndDecelerating })
        #expect(offsets[end] == target)
        #expect(offsets[end...].allSatisfy { $0 == target })
        #expect(frames[(end + 1)...].allSatisfy { $0.phase == .settled && $0.delta == 0 })
        #expect(frames.count - end - 1 == Int(0.5 * hz))
        // No overshoot: every step goes toward the target and the remaining distance shrinks.
        var remaining = abs(target - start)
        for offset in offsets[...end] {
            let now = abs(target - offset)
            #expect(now <= remaining)
            remaining = now
        }
    }

    @Test("a flick takes a bounded number of frames: the remaining distance falls below half a point")
    func boundedSettle() {
        for (velocity, rate) in [(20_000.0, ScrollDeceleration.normal), (20_000.0, ScrollDeceleration.fast), (1.0, ScrollDeceleration.normal)] {
            let distance = ScrollDeceleration.projectedDistance(velocity: velocity, rate: rate)
            let frames = ScrollDeceleration.settleFrameCount(distance: distance, rate: rate, hz: 60)
            let frameMs = 1000.0 / 60
            #expect(frames >= 2)
            if abs(distance) > ScrollDeceleration.restThreshold {
                #expect(abs(distance) * pow(rate, Double(frames) * frameMs) <= ScrollDeceleration.restThreshold)
                #expect(frames == 2 || abs(distance) * pow(rate, Double(frames - 1) * frameMs) > ScrollDeceleration.restThreshold)
            }
        }
    }

    @Test("60 and 120 Hz cover the same distance for the same script")
    func frameRateIndependence() {
        let snap = NearestMultiple(pitch: pitch)
        for seed in [UInt64(1), 2, 3] {
            let script = ScrollScript.standard(seed: seed)
            let slow = ScrollSimulator.record(script: script, hz: 60, snap: snap)
            let fast = ScrollSimulator.record(script: script, hz: 120, snap: snap)
            #expect(abs(slow.netDistance - fast.netDistance) < 1e-6)
            #expect(abs(fast.frames.count - 2 * slow.frames.count) < 2 * script.gestures.count)
        }
        let flick = ScrollScript([.flick(velocity: 3_000, decelerationRate: ScrollDeceleration.fast)])
        let slow = ScrollSimulator.record(script: flick, hz: 60, snap: ScrollRestAtProjection())
        let fast = ScrollSimulator.record(script: flick, hz: 120, snap: ScrollRestAtProjection())
        #expect(slow.netDistance == fast.netDistance)
    }

    @Test("the same seed gives identical frames, a different seed different ones")
    func determinism() {
        let snap = NearestMultiple(pitch: pitch)
        let a = ScrollSimulator.record(script: .standard(seed: 5), hz: 120, snap: snap)
        let b = ScrollSimulator.record(script: .standard(seed: 5), hz: 120, snap: snap)
        let c = ScrollSimulator.record(script: .standard(seed: 6), hz: 120, snap: snap)
        #expect(a == b)
        #expect(a.frames != c.frames)
        #expect(ScrollScript.fastFlicks(pitch: pitch, hz: 120, seed: 1) == ScrollScript.fastFlicks(pitch: pitch, hz: 120, seed: 1))
    }

    @Test("the standard script drags and flicks in both directions, each flick released and ended once")
    func standardMix() {
        let script = ScrollScript.standard(seed: 11, strokes: 20)
        let velocities = script.gestures.compactMap { gesture -> Double? in
            if case let .drag(velocity, _) = gesture { return velocity }
            return nil
        }
        #expect(velocities.count == 20)
        #expect(velocities.contains { $0 > 0 } && velocities.contains { $0 < 0 })
        let frames = ScrollSimulator.record(script: script, hz: 60, snap: NearestMultiple(pitch: pitch)).frames
        var inFlick = false
        var flicks = 0
        for frame in frames {
            switch frame.phase {
            case .released:
                #expect(!inFlick)
                inFlick = true
                flicks += 1
            case .decelerating:
                #expect(inFlick)
            case .didEndDecelerating:
                #expect(inFlick)
                inFlick = false
            case .dragging, .settled, .rotated:
                #expect(!inFlick)
            case .scrolledByCode, .animating, .didEndScrollingAnimation, .scrollRefused:
                Issue.record("the standard script has no scroll by code: \(frame.phase)")
            }
        }
        #expect(flicks == 20)
    }

    @Test("the rotation to landscape appears once, in the middle; the rotation back is the last frame")
    func rotationInTheMiddle() {
        for seed in [UInt64(2), 9, 40] {
            let frames = ScrollSimulator.record(script: .standard(seed: seed), hz: 120, snap: NearestMultiple(pitch: pitch)).frames
            let rotations = frames.filter {
                if case .rotated = $0.phase { return true }
                return false
            }
            #expect(rotations.count == 2)
            #expect(rotations.first?.phase == .rotated(width: 844))
            #expect(rotations.last?.phase == .rotated(width: 390))
            #expect(rotations.last == frames.last)
            let position = Double(rotations[0].frame) / Double(frames.count)
            #expect(position > 0.2 && position < 0.8)
            #expect(rotations.allSatisfy { $0.delta == 0 })
        }
    }

    @Test("fast flicks really step more than half a pitch per frame, in both directions", arguments: [60.0, 120.0])
    func fastFlicks(hz: Double) {
        let script = ScrollScript.fastFlicks(pitch: pitch, hz: 120, strokes: 16, seed: 3)
        let frames = ScrollSimulator.record(script: script, hz: hz, snap: NearestMultiple(pitch: pitch)).frames
        let drags = frames.filter { $0.phase == .dragging }
        #expect(!drags.isEmpty)
        #expect(drags.allSatisfy { abs($0.delta) > pitch / 2 })
        #expect(drags.contains { $0.delta > 0 } && drags.contains { $0.delta < 0 })
        let releases = frames.filter {
            if case .released = $0.phase { return true }
            return false
        }
        #expect(releases.count == 16)
        #expect(releases.allSatisfy { abs($0.delta) > pitch / 2 })
    }

    @Test("a wrap jump during a flick carries the target along: deltas unchanged, landing centered")
    func wrapDuringFlick() {
        let catalogWidth = 10 * pitch
        let script = ScrollScript([.flick(velocity: 6_000, decelerationRate: ScrollDeceleration.normal)])
        let snap = NearestMultiple(pitch: pitch)
        let plain = play(script, hz: 120, from: 2 * pitch, snap: snap)
        var simulator = ScrollSimulator(script: script, hz: 120)
        var offset = 2 * pitch
        var jumps = 0
        var deltas: [Double] = []
        while let frame = simulator.next(currentOffset: offset, snap: snap) {
            offset += frame.delta
            deltas.append(frame.delta)
            if offset > catalogWidth {
                offset -= catalogWidth
                jumps += 1
            }
        }
        #expect(jumps >= 1)
        #expect(deltas.count == plain.frames.count)
        for (delta, reference) in zip(deltas, plain.frames.map(\.delta)) {
            #expect(abs(delta - reference) < 1e-9)
        }
        let target = try! #require(releaseOf(plain.frames)).target
        #expect(abs(offset - (target - Double(jumps) * catalogWidth)) < 1e-9)
        #expect(abs(offset / pitch - (offset / pitch).rounded()) < 1e-12)
    }

    @Test("restart replays the same frames from frame 0")
    func restart() {
        var simulator = ScrollSimulator(script: .standard(seed: 4, strokes: 4), hz: 60)
        let snap = NearestMultiple(pitch: pitch)
        var first: [TrajectoryFrame] = []
        var offset = 0.0
        while let frame = simulator.next(currentOffset: offset, snap: snap) {
            first.append(frame)
            offset += frame.delta
        }
        #expect(simulator.isFinished)
        #expect(simulator.next(currentOffset: offset, snap: snap) == nil)
        simulator.restart()
        var second: [TrajectoryFrame] = []
        offset = 0
        while let frame = simulator.next(currentOffset: offset, snap: snap) {
            second.append(frame)
            offset += frame.delta
        }
        #expect(first == second)
    }

    @Test("a closure snap rule is asked once per flick with the release inputs")
    func closureRule() {
        var calls: [(Double, Double, Double)] = []
        let rule = ScrollSnapRule { current, proposed, velocity in
            calls.append((current, proposed, velocity))
            return 0
        }
        let recording = ScrollSimulator.record(
            script: ScrollScript([.drag(velocity: 600, duration: 0.1), .flick(velocity: 600, decelerationRate: ScrollDeceleration.fast)]),
            hz: 60, startOffset: 10, snap: rule
        )
        #expect(calls.count == 1)
        #expect(abs(calls[0].0 - 70) < 1e-9)
        #expect(abs(calls[0].1 - (calls[0].0 + 0.6 * 0.99 / 0.01)) < 1e-9)
        #expect(calls[0].2 == 600)
        #expect(recording.endOffset == 0)
    }

    @Test("a scroll view's own deceleration rate replaces the gesture's, for the proposed offset and the curve")
    func scrollViewRate() {
        let script = ScrollScript([.drag(velocity: 600, duration: 0.1),
                                   .flick(velocity: 1000, decelerationRate: ScrollDeceleration.normal)])
        let fast = play(script, hz: 120, snap: RateSettingScrollView(decelerationRate: ScrollDeceleration.fast))
        let unset = play(script, hz: 120, snap: RateSettingScrollView(decelerationRate: nil))
        let scripted = play(script, hz: 120, snap: ScrollRestAtProjection())
        // Unset: the gesture's rate, frame for frame.
        #expect(unset.frames == scripted.frames)
        // Set: 1 pt/ms * 0.99/0.01 = 99 pt past the release offset (60 pt), in the frames 0.99 takes.
        let release = releaseOf(fast.frames)
        #expect(abs((release?.proposed ?? 0) - (60 + 99)) < 1e-9)
        #expect(fast.offsets.last == release?.target)
        let settle = ScrollDeceleration.settleFrameCount(distance: 99, rate: ScrollDeceleration.fast, hz: 120)
        #expect(fast.frames.count == 12 + settle)
        #expect(fast.frames.count < scripted.frames.count)
    }
}
