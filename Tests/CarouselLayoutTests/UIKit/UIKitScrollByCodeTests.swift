import CarouselLayout
import Testing

/// S4–S7: `scrollToItem`'s target, an index path past the data, the end of an animated scroll by code.
@Suite struct UIKitScrollByCodeTests {
    @Test func scrollToItemCentresTheItemsFrameKeptInsideTheContent() {
        // 100 pt items every 110 pt, 390 pt wide: item 5 spans 550...650, its centre 600, so the offset is 405.
        let fixture = FlowFixture(items: 20)
        let collectionView = fixture.collectionView
        #expect(collectionView.contentOffsetForScrollingToItem(at: IndexPath(item: 5, section: 0), at: .centeredHorizontally) == 405)
        // Item 0 would need -145: kept at the content's start (S4's clamp, S3).
        #expect(collectionView.contentOffsetForScrollingToItem(at: IndexPath(item: 0, section: 0), at: .centeredHorizontally) == 0)
        // The last item would need more than the content allows: kept at its end.
        #expect(collectionView.contentOffsetForScrollingToItem(at: IndexPath(item: 19, section: 0), at: .centeredHorizontally)
            == collectionView.maxContentOffsetX)
    }

    @Test func anIndexPathPastTheDataHasNoTarget() {
        // S5: UIKit raises; the model answers nil, and the play names the frame "scroll refused".
        let collectionView = FlowFixture(items: 20).collectionView
        #expect(collectionView.contentOffsetForScrollingToItem(at: IndexPath(item: 20, section: 0), at: .centeredHorizontally) == nil)
        #expect(collectionView.contentOffsetForScrollingToItem(at: IndexPath(item: 0, section: 1), at: .centeredHorizontally) == nil)
        #expect(collectionView.indexPath(forGlobalIndex: 20) == nil)
        #expect(collectionView.indexPath(forGlobalIndex: 19) == IndexPath(item: 19, section: 0))
    }

    @Test func theEndOfAnAnimatedScrollByCodeIsDidEndScrollingAnimationNotDidEndDecelerating() {
        let recorder = AnimationEndRecorder()
        let collectionView = FlowFixture(items: 20, delegate: recorder).collectionView
        collectionView.endScrollingAnimation()
        #expect(recorder.ended == 1)
    }

    @Test func aSceneScrollsByCodeWithTheFingerUpAndEndsWithTheAnimationsCallback() {
        // uikit.seed004.sentinel wraps only in scrollViewDidEndDecelerating (seed 004 lines 56–70): an auto-advance
        // from page 1 reaches the last page, n + 1, with no wrap, and its next tick asks for page n + 2.
        var pipeline = UIKitSeed004SentinelPipeline(catalogCount: 3, geometry: .default)
        var phases: [ScrollPhase] = []
        var jumps = 0
        PipelinePlayer.play(&pipeline, script: ProgrammaticScenario.autoAdvance.script(catalogCount: 3), hz: 120) { frame, output in
            phases.append(frame.phase)
            if output.jumped { jumps += 1 }
        }
        #expect(jumps == 0)
        #expect(!pipeline.scene.collectionView.isDragging && !pipeline.scene.collectionView.isDecelerating)
        let refusals = phases.filter { if case .scrollRefused = $0 { true } else { false } }.count
        let ends = phases.filter { $0 == .didEndScrollingAnimation }.count
        // Pages 1 → 2 → 3 → 4 (the last of n + 2 = 5), then every later tick is refused.
        #expect(ends == 3)
        #expect(refusals == ProgrammaticScenario.autoAdvance.script(catalogCount: 3).gestures.count / 2 - 3)
        #expect(pipeline.offset == 4 * pipeline.geometry.viewportWidth)
    }

    /// Plays `gesture` after a rest on `pipeline`; returns the centred item of the last frame.
    private static func centreAfter<P: UIKitPipeline>(_ pipeline: inout P, _ gesture: ScrollGesture) -> Int? {
        var centre: Int?
        PipelinePlayer.play(&pipeline, script: ScrollScript([.pause(duration: 0.05), gesture]), hz: 120) { _, output in
            centre = output.centerItem
        }
        return centre
    }

    @Test func aReloadThenRecentreReloadsTheDataAndCentresTheItemAsked() {
        var pipeline = UIKitBestPipeline(catalogCount: 300, geometry: .default)
        let before = Self.centreAfter(&pipeline, .pause(duration: 0.01))
        let contexts = pipeline.scene.collectionView.collectionViewLayout.ledger.contexts
        let after = Self.centreAfter(&pipeline, .reloadAndScrollToItem(itemsAway: 2))
        #expect(before.map { $0 + 2 } == after)
        // reloadData's invalidation: one context more.
        #expect(pipeline.scene.collectionView.collectionViewLayout.ledger.contexts > contexts)
    }

    @Test func seed000FlowRecentredOntoPage2nPlus1FallsBackOneItem() {
        // Seed 000 lines 635–651: at page 2n + 1 scrollViewDidScroll calls scrollTo(page: n) (lines 588–600:
        // `offset.truncatingRemainder(dividingBy: p) + page·p`). At n = 300 the rest on page 601 leaves a remainder of
        // about 1e-11, so it lands on page n, the other jump page, which sends it to 2n: asked for item 2n + 1 from
        // item 2n, it shows item 2n again. A finger or an animation crosses page 2n + 1 at its half (a remainder of
        // p/2), lands between pages and goes on to item n + 1.
        var pipeline = UIKitSeed000FlowPipeline(catalogCount: 300, geometry: .default)
        #expect(Self.centreAfter(&pipeline, .pause(duration: 0.01)) == 600)
        #expect(Self.centreAfter(&pipeline, .reloadAndScrollToItem(itemsAway: 1)) == 600)
        #expect(Self.centreAfter(&pipeline, .scrollToItem(itemsAway: 1, duration: ScrollAnimation.duration)) == 301)
    }

    @Test func infiniteLayoutAnswersAnItemOnThePageItsOffsetIsOn() {
        // InfiniteLayout.swift lines 76–81: `super`'s frame moved to `currentPage`, the page of the content offset.
        let pipeline = UIKitInfiniteLayoutPipeline(catalogCount: 30, geometry: .default)
        let collectionView = pipeline.scene.collectionView!
        let layout = collectionView.collectionViewLayout as! InfiniteLayout
        let offsetPage = (collectionView.contentOffset.x / layout.collectionViewContentSize.width * layout.multiplier).rounded(.down)
        let frame = layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame
        let pageWidth = layout.collectionViewContentSize.width / layout.multiplier
        #expect((frame.minX / pageWidth).rounded(.down) == offsetPage)
    }
}
