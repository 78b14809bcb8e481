import CarouselLayout
import Testing

@Suite struct FrameEventTests {
    private func output(_ items: [Int], jumped: Bool = false) -> FrameOutput {
        var output = FrameOutput()
        for item in items { output.visible.append(VisibleItem(item: item)) }
        output.jumped = jumped
        return output
    }

    private func frame(_ phase: ScrollPhase) -> TrajectoryFrame { TrajectoryFrame(frame: 7, delta: 3, phase: phase) }

    @Test func eachEventAndWhichWinsWhenTheyCoincide() {
        let before = [4, 5, 6]
        // A rotation and a release name their frame, whatever else happened in it.
        #expect(FrameEvent(frame(.rotated(width: 844)), output: output([9, 10], jumped: true), previousItems: before) == .rotation)
        #expect(FrameEvent(frame(.released(velocity: 1, proposedOffset: 0, targetOffset: 0)), output: output([5, 6, 7]),
                           previousItems: before) == .release)
        // The end of a flick is a wrap jump when it jumps (seed 004's sentinel), else its own event.
        #expect(FrameEvent(frame(.didEndDecelerating), output: output([1, 2], jumped: true), previousItems: before) == .wrapJump)
        #expect(FrameEvent(frame(.didEndDecelerating), output: output([4, 5, 6]), previousItems: before) == .endOfFlick)
        #expect(FrameEvent(frame(.dragging), output: output([104, 105, 106], jumped: true), previousItems: before) == .wrapJump)
        #expect(FrameEvent(frame(.decelerating), output: output([5, 6, 7]), previousItems: before) == .newItem)
        // An item leaving the screen is not a new item.
        #expect(FrameEvent(frame(.dragging), output: output([5, 6]), previousItems: before) == .nothing)
        #expect(FrameEvent(frame(.settled), output: output([4, 5, 6]), previousItems: before) == .nothing)
    }

    @Test func theTrackerComparesWithTheFrameBefore() {
        var tracker = FrameEventTracker()
        let drag = frame(.dragging)
        #expect(tracker.next(drag, output([0, 1])) == .newItem, "the first frame's items are all new")
        #expect(tracker.next(drag, output([0, 1])) == .nothing)
        #expect(tracker.next(drag, output([1, 2])) == .newItem)
        #expect(tracker.next(drag, output([1, 2])) == .nothing)
    }

    @Test func everyEventOfTheStandardTrajectoryIsNamedForARealPipeline() {
        // seed 004 (n + 2 pages) jumps at the end of a flick; every pipeline releases and rotates.
        var pipeline = Seed004SentinelPipeline(catalogCount: 3, geometry: .default)
        var tracker = FrameEventTracker()
        var seen: Set<FrameEvent> = []
        PipelinePlayer.play(&pipeline, script: PipelineVerification.standardScript(), hz: 120) { frame, output in
            seen.insert(tracker.next(frame, output))
        }
        #expect(seen.isSuperset(of: [.rotation, .release, .newItem, .nothing]))
    }
}
