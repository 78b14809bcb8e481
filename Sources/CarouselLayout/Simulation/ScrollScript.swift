import Determinism

/// A deterministic list of gestures a `ScrollSimulator` plays frame by frame.
///
///     let script = ScrollScript.standard(seed: 7)
///     var simulator = ScrollSimulator(script: script, hz: 120)
///
/// Generated scripts use durations that are multiples of 50 ms, a whole number of frames at
/// both 60 and 120 Hz, so one script covers the same distance at either rate.
public struct ScrollScript: Sendable, Equatable, Hashable {
    /// The gestures, played in order.
    public var gestures: [ScrollGesture]

    public init(_ gestures: [ScrollGesture]) {
        self.gestures = gestures
    }
}

extension ScrollScript {
    /// The portrait viewport width of the suite (an iPhone), in points.
    public static let portraitWidth = 390.0
    /// The landscape viewport width of the suite, in points.
    public static let landscapeWidth = 844.0

    /// A random mix of strokes in both directions, with a rotation to landscape in the middle
    /// and back to portrait as the last gesture (so a replay loop restarts in the same geometry).
    ///
    /// A stroke is a drag (200...3000 pt/s, 100...600 ms), a release at 0...6000 pt/s in the
    /// drag's direction (normal or fast deceleration, equally likely) and sometimes a pause.
    /// - Parameters:
    ///   - seed: the same seed gives the same script.
    ///   - strokes: the number of drag-and-release strokes (at least 2).
    /// - Complexity: O(strokes).
    public static func standard(
        seed: UInt64,
        strokes: Int = 12,
        portraitWidth: Double = portraitWidth,
        landscapeWidth: Double = landscapeWidth
    ) -> ScrollScript {
        precondition(strokes >= 2, "a standard script needs a stroke on each side of its rotation")
        var generator = SeededGenerator(seed: seed)
        var gestures: [ScrollGesture] = []
        for stroke in 0..<strokes {
            if stroke == strokes / 2 {
                gestures.append(.rotate(toWidth: landscapeWidth))
            }
            let direction: Double = generator.nextInt(below: 2) == 0 ? -1 : 1
            let dragSpeed = generator.nextDouble(in: 200...3000)
            let dragDuration = 0.05 * Double(2 + generator.nextInt(below: 11))
            let releaseSpeed = generator.nextDouble(in: 0...6000)
            let rate = generator.nextInt(below: 2) == 0 ? ScrollDeceleration.normal : ScrollDeceleration.fast
            let pauseDuration = 0.05 * Double(generator.nextInt(below: 7))
            gestures.append(.drag(velocity: direction * dragSpeed, duration: dragDuration))
            gestures.append(.flick(velocity: direction * releaseSpeed, decelerationRate: rate))
            if pauseDuration > 0 {
                gestures.append(.pause(duration: pauseDuration))
            }
        }
        gestures.append(.rotate(toWidth: portraitWidth))
        return ScrollScript(gestures)
    }

    /// One long drag in one direction: `velocity * duration` points, to exercise wrapping.
    ///
    /// For `F` frames at `hz`, pass `duration: Double(F) / hz`.
    /// - Complexity: O(1).
    public static func oneDirection(velocity: Double, duration: Double) -> ScrollScript {
        ScrollScript([.drag(velocity: velocity, duration: duration)])
    }

    /// Strokes so fast that every drag frame moves the content by 0.75...1.5 pitches at `hz`
    /// (more than half a pitch, so a frame can skip past an item), each released at the same
    /// velocity; directions and deceleration rates are random.
    ///
    /// At a lower frame rate than `hz` the steps only grow.
    /// - Complexity: O(strokes).
    public static func fastFlicks(pitch: Double, hz: Double, strokes: Int = 8, seed: UInt64) -> ScrollScript {
        precondition(pitch > 0 && hz > 0, "fast flicks need a positive pitch and frame rate")
        var generator = SeededGenerator(seed: seed)
        var gestures: [ScrollGesture] = []
        for _ in 0..<strokes {
            let direction: Double = generator.nextInt(below: 2) == 0 ? -1 : 1
            let velocity = direction * pitch * hz * generator.nextDouble(in: 0.75...1.5)
            let rate = generator.nextInt(below: 2) == 0 ? ScrollDeceleration.normal : ScrollDeceleration.fast
            gestures.append(.drag(velocity: velocity, duration: 0.1))
            gestures.append(.flick(velocity: velocity, decelerationRate: rate))
        }
        return ScrollScript(gestures)
    }

    /// One animated scroll by code to the item `itemsAway` from the centred one (`ScrollAnimation.duration`).
    public static func advance(itemsAway: Int) -> ScrollScript {
        ScrollScript([.scrollToItem(itemsAway: itemsAway, duration: ScrollAnimation.duration)])
    }

    /// An app's timer advancing the carousel: `cycles` times, an animated scroll by code to the next item
    /// (`ScrollAnimation.duration`), then a rest until the next tick, `interval` seconds after the last.
    ///
    /// Played over more cycles than the catalog has items, it crosses every design's wrap (or its end).
    /// - Complexity: O(cycles).
    public static func autoAdvance(cycles: Int, interval: Double = 3) -> ScrollScript {
        precondition(cycles > 0, "an auto-advance needs at least one cycle")
        precondition(interval >= ScrollAnimation.duration, "an auto-advance's interval is at least its animation")
        var gestures: [ScrollGesture] = []
        for _ in 0..<cycles {
            gestures.append(.scrollToItem(itemsAway: 1, duration: ScrollAnimation.duration))
            if interval > ScrollAnimation.duration { gestures.append(.pause(duration: interval - ScrollAnimation.duration)) }
        }
        return ScrollScript(gestures)
    }

    /// Reloads, each recentred: `reloadData()` then a scroll by code without animation to the item 2 places left to
    /// 2 places right of the centred one (0: the same item, as an app keeps its current item), then a pause of 0.1 to
    /// 0.5 s; the distances are random.
    /// - Complexity: O(reloads).
    public static func reloadsAndRecentres(_ reloads: Int, seed: UInt64) -> ScrollScript {
        precondition(reloads > 0, "a reload script needs at least one reload")
        var generator = SeededGenerator(seed: seed)
        var gestures: [ScrollGesture] = []
        for _ in 0..<reloads {
            gestures.append(.reloadAndScrollToItem(itemsAway: generator.nextInt(below: 5) - 2))
            gestures.append(.pause(duration: 0.1 * Double(1 + generator.nextInt(below: 5))))
        }
        return ScrollScript(gestures)
    }

    /// Taps on side items: each tap scrolls the item one or two places left or right of the centred one to the centre
    /// (an animated scroll by code), then a pause of 0.1 to 0.5 s; directions and distances are random.
    /// - Complexity: O(taps).
    public static func taps(_ taps: Int, seed: UInt64) -> ScrollScript {
        precondition(taps > 0, "a tap script needs at least one tap")
        var generator = SeededGenerator(seed: seed)
        var gestures: [ScrollGesture] = []
        for _ in 0..<taps {
            let direction = generator.nextInt(below: 2) == 0 ? -1 : 1
            let distance = 1 + generator.nextInt(below: 2)
            gestures.append(.tap(itemsAway: direction * distance))
            gestures.append(.pause(duration: 0.1 * Double(1 + generator.nextInt(below: 5))))
        }
        return ScrollScript(gestures)
    }
}
