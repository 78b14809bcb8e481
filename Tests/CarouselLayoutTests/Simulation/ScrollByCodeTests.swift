import Testing
import CarouselLayout

/// A consumer whose items sit every `pitch` points from 0, `itemCount` of them (nil past either end).
private struct Items: ScrollSnapResolver, ScrollToItemResolver {
    let pitch: Double
    let itemCount: Int
    func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double { proposedOffset }
    func scrollToItemTarget(currentOffset: Double, itemsAway: Int) -> Double? {
        ItemPlacement(pitch: pitch).scrollToItemTarget(offset: currentOffset, itemCount: itemCount, itemsAway: itemsAway)
    }
    func tapTarget(currentOffset: Double, itemsAway: Int) -> Double? {
        scrollToItemTarget(currentOffset: currentOffset, itemsAway: itemsAway)
    }
}

/// A snap resolver that knows no items: every scroll by code is refused.
private struct NoItems: ScrollSnapResolver {
    func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double { proposedOffset }
}

private func play(_ script: ScrollScript, from start: Double, resolver: some ScrollSnapResolver,
                  jumpAt jumpFrame: Int? = nil, by jump: Double = 0) -> (frames: [TrajectoryFrame], offsets: [Double]) {
    var simulator = ScrollSimulator(script: script, hz: 120)
    var offset = start
    var frames: [TrajectoryFrame] = []
    var offsets: [Double] = []
    while let frame = simulator.next(currentOffset: offset, snap: resolver) {
        offset += frame.delta
        if frame.frame == jumpFrame { offset += jump }
        frames.append(frame)
        offsets.append(offset)
    }
    return (frames, offsets)
}

@Suite("Scrolls by code")
struct ScrollByCodeTests {
    @Test func anAnimatedScrollToTheNextItemRunsItsDurationAndLandsExactlyOnTheItem() {
        let (frames, offsets) = play(ScrollScript([.scrollToItem(itemsAway: 1, duration: ScrollAnimation.duration)]),
                                     from: 292.8 * 4, resolver: Items(pitch: 292.8, itemCount: 10))
        #expect(frames.count == Int((ScrollAnimation.duration * 120).rounded()))
        #expect(frames.first?.phase == .scrolledByCode(itemsAway: 1, targetOffset: 292.8 * 5, animated: true, trigger: .app))
        #expect(frames.dropFirst().dropLast().allSatisfy { $0.phase == .animating })
        #expect(frames.last?.phase == .didEndScrollingAnimation)
        #expect(offsets.last == 292.8 * 5)
        // The offset only moves toward the target.
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func aScrollWithoutAnimationIsOneFrameThatLandsOnTheItem() {
        let (frames, offsets) = play(ScrollScript([.scrollToItem(itemsAway: -2, duration: 0)]), from: 292.8 * 4,
                                     resolver: Items(pitch: 292.8, itemCount: 10))
        #expect(frames.map(\.phase) == [.scrolledByCode(itemsAway: -2, targetOffset: 292.8 * 2, animated: false, trigger: .app)])
        #expect(offsets == [292.8 * 2])
    }

    @Test func aReloadThenRecentreIsOneFrameWithoutAnimationThatLandsOnTheItem() {
        let (frames, offsets) = play(ScrollScript([.reloadAndScrollToItem(itemsAway: 2)]), from: 292.8 * 4,
                                     resolver: Items(pitch: 292.8, itemCount: 10))
        #expect(frames.map(\.phase) == [.scrolledByCode(itemsAway: 2, targetOffset: 292.8 * 6, animated: false, trigger: .reload)])
        #expect(offsets == [292.8 * 6])
        // Past the data: refused, nothing moves.
        let refused = play(ScrollScript([.reloadAndScrollToItem(itemsAway: 1)]), from: 292.8 * 9,
                           resolver: Items(pitch: 292.8, itemCount: 10))
        #expect(refused.frames.map(\.phase) == [.scrollRefused(itemsAway: 1)])
        #expect(refused.offsets == [292.8 * 9])
    }

    @Test func theReloadScriptIsReproducibleAndAsksWithinTwoItems() {
        let script = ScrollScript.reloadsAndRecentres(12, seed: 1)
        #expect(script == ScrollScript.reloadsAndRecentres(12, seed: 1))
        let asked = script.gestures.compactMap { gesture -> Int? in
            if case let .reloadAndScrollToItem(itemsAway) = gesture { itemsAway } else { nil }
        }
        #expect(asked.count == 12)
        #expect(asked.allSatisfy { (-2...2).contains($0) })
    }

    @Test func aScrollPastTheLastItemIsRefusedAndNothingMoves() {
        let (frames, offsets) = play(ScrollScript([.scrollToItem(itemsAway: 1, duration: ScrollAnimation.duration)]),
                                     from: 292.8 * 9, resolver: Items(pitch: 292.8, itemCount: 10))
        #expect(frames.map(\.phase) == [.scrollRefused(itemsAway: 1)])
        #expect(offsets == [292.8 * 9])
        let (unresolved, _) = play(ScrollScript([.scrollToItem(itemsAway: 1, duration: 0)]), from: 0, resolver: NoItems())
        #expect(unresolved.map(\.phase) == [.scrollRefused(itemsAway: 1)])
    }

    @Test func aWrapJumpDuringTheAnimationCarriesTheTargetAlong() {
        // The consumer jumps back by 3 items at frame 10: the animation still ends one item on, in its new coordinates.
        let (frames, offsets) = play(ScrollScript([.scrollToItem(itemsAway: 1, duration: ScrollAnimation.duration)]),
                                     from: 292.8 * 4, resolver: Items(pitch: 292.8, itemCount: 10),
                                     jumpAt: 10, by: -3 * 292.8)
        #expect(frames.last?.phase == .didEndScrollingAnimation)
        #expect(abs(offsets.last! - 292.8 * 2) < 1e-9)
    }

    @Test func aTapWhereNoItemIsMeetsNoCellAndNothingMoves() {
        // At the last item of a finite carousel a tap one place right meets no cell; one place left scrolls as usual.
        let (frames, offsets) = play(ScrollScript([.tap(itemsAway: 1), .tap(itemsAway: -1)]), from: 292.8 * 9,
                                     resolver: Items(pitch: 292.8, itemCount: 10))
        #expect(frames.first?.phase == .settled)
        #expect(frames.dropFirst().first?.phase == .scrolledByCode(itemsAway: -1, targetOffset: 292.8 * 8, animated: true, trigger: .tap))
        #expect(offsets.last == 292.8 * 8)
    }

    @Test func theAnimationIsUIKitsSineSquaredOverAFixedDuration() {
        #expect(ScrollAnimation.duration == 0.3)
        #expect(ScrollAnimation.fraction(at: 0) == 0)
        #expect(ScrollAnimation.fraction(at: 1) == 1)
        #expect(abs(ScrollAnimation.fraction(at: 0.5) - 0.5) < 1e-12)
        #expect(abs(ScrollAnimation.fraction(at: 1.0 / 3) - 0.25) < 1e-12)   // sin(π/6)² = 1/4
        #expect(ScrollAnimation.fraction(at: 0.01) < 0.01)
        #expect(ScrollAnimation.fraction(at: 0.99) > 0.99)
    }

    @Test func eachAnimationStepIsRoundedToAPixelOfA3xScreen() {
        // Halfway through a move of one pitch (292.8 pt) the offset is 146.333…, not the half-pitch 146.4: no frame of
        // an animation lands exactly between two items, where seed 000's wrap would send the offset back and forth.
        let halfway = ScrollAnimation.offset(from: 0, to: 292.8, at: 0.5)
        #expect(abs(halfway - 439.0 / 3) < 1e-9)
    }

    @Test func anAutoAdvanceTicksOnceAnIntervalAndTapsGoOneOrTwoItemsEitherWay() {
        let advance = ScrollScript.autoAdvance(cycles: 3, interval: 1)
        #expect(advance.gestures == Array(repeating: [ScrollGesture.scrollToItem(itemsAway: 1, duration: ScrollAnimation.duration),
                                                      .pause(duration: 1 - ScrollAnimation.duration)], count: 3).flatMap { $0 })
        let taps = ScrollScript.taps(40, seed: 3).gestures.compactMap { gesture -> Int? in
            if case let .tap(itemsAway) = gesture { itemsAway } else { nil }
        }
        #expect(taps.count == 40)
        #expect(Set(taps) == [-2, -1, 1, 2])
    }

    @Test func thePlacementAsksForNoItemOutsideTheContentUnlessItWrapsModulo() {
        let placement = ItemPlacement(pitch: 100, origin: -50)
        #expect(placement.scrollToItemTarget(offset: 250, itemCount: 5, itemsAway: 1) == 350)
        #expect(placement.scrollToItemTarget(offset: 350, itemCount: 5, itemsAway: 1) == nil)
        #expect(placement.scrollToItemTarget(offset: -50, itemCount: 5, itemsAway: -1) == nil)
        // An offset before the first item counts from it (the centred index is clamped).
        #expect(placement.scrollToItemTarget(offset: -500, itemCount: 5, itemsAway: 1) == 50)
        let modular = ItemPlacement(pitch: 100, wrapsModulo: true)
        #expect(modular.scrollToItemTarget(offset: 400, itemCount: 5, itemsAway: 1) == 500)
    }
}
