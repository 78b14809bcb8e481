import CarouselLayout
import Testing

/// Every built-in UIKit pipeline, in the catalogue's order.
var builtInUIKitPipelines: [any UIKitPipeline.Type] { Implementation.builtIns.compactMap(\.uikit) }
/// The built-in UIKit pipelines that name a core to agree with.
var builtInUIKitPipelinesWithCores: [any UIKitPipeline.Type] { Implementation.builtIns.filter { $0.core != nil }.compactMap(\.uikit) }

/// Plays `script` live through a fresh `P` and returns every frame with its output.
func play<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int, switches: UIKitSwitches = .default,
                            script: ScrollScript = PipelineVerification.standardScript(), hz: Double = 120)
    -> (pipeline: P, rows: [(frame: TrajectoryFrame, output: FrameOutput)]) {
    var pipeline = P(catalogCount: catalogCount, geometry: .default, switches: switches)
    var rows: [(frame: TrajectoryFrame, output: FrameOutput)] = []
    PipelinePlayer.play(&pipeline, script: script, hz: hz) { rows.append(($0, $1)) }
    return (pipeline, rows)
}

/// Release frames whose real `targetContentOffset` path disagrees with the snap the simulator asked (the check's
/// `snapMismatches`).
struct SnapDisagreements {
    let catalogCount: Int
    let switches: UIKitSwitches
    func visit<P: UIKitPipeline>(_ type: P.Type) -> Int {
        PipelineVerification.check(P.self, catalogCount: catalogCount, switches: switches).snapMismatches
    }
}

struct Verify {
    let catalogCount: Int
    func visit<P: UIKitPipeline>(_ type: P.Type) -> PipelineCheck {
        PipelineVerification.check(P.self, catalogCount: catalogCount)
    }
}

/// Two replays from the same start give the same checksums pass after pass; a copy made at the start
/// state plays independently of its original.
struct ReplayAndCopy {
    func visit<P: UIKitPipeline>(_ type: P.Type) -> Bool {
        var replay = PipelineReplay<P>(catalogCount: 10, geometry: .default, switches: .default,
                                       script: PipelineVerification.standardScript(), hz: 120)
        let frames = replay.framesPerTrajectory
        let first = replay.run(frames: frames)
        let second = replay.run(frames: frames)
        var standard = PipelineReplay<P>(catalogCount: 10, geometry: .default,
                                         script: PipelineVerification.standardScript(), hz: 120)
        let third = standard.run(frames: frames)
        var original = P(catalogCount: 10, geometry: .default)
        var copy = original
        var a = FrameOutput()
        var b = FrameOutput()
        var same = true
        for index in 0..<200 {
            let frame = TrajectoryFrame(frame: index, delta: 17, phase: .dragging)
            original.apply(frame, into: &a)
            copy.apply(frame, into: &b)
            same = same && a.checksum(into: 0) == b.checksum(into: 0)
        }
        return first == second && first == third && same && original.scene !== copy.scene
    }
}

@Suite struct UIKitPipelineTests {
    @Test func aUIKitViewWithACoreHasTheCoresNameAndTraits() {
        #expect(builtInUIKitPipelinesWithCores.count >= 10)
        for implementation in Implementation.builtIns {
            guard let core = implementation.core, let uikit = implementation.uikit else { continue }
            let (coreID, uikitID, hasCore) = (core.id, uikit.id, uikit.hasCore)
            let (coreTraits, uikitTraits) = (core.traits, uikit.traits)
            #expect(uikitID == "uikit." + coreID.dropFirst("pipeline.".count))
            #expect(hasCore)
            #expect(uikitTraits == coreTraits || uikit == UIKitSeed000CompositionalScaledPipeline.self, "\(uikitID)")
            #expect(Implementation.named(uikitID) == implementation)
        }
    }

    @Test(arguments: [1, 3, 300])
    func everyPipelineIsVerifiedOnTheStandardTrajectory(catalogCount: Int) {
        for kind in builtInUIKitPipelines {
            let check = Verify(catalogCount: catalogCount).visit(kind)
            #expect(check.isVerified, "\(kind) n=\(catalogCount): \(check.firstFailure ?? "replay differs")")
            #expect(check.frames > 700 && check.indexOutOfRange == 0 && check.visibleJumps == 0, "\(kind)")
        }
    }

    @Test func theReleaseFramesSnapIsTheOneTheSimulatorAsked() throws {
        var variants = [UIKitSwitches.default]
        for descriptor in UIKitSwitches.descriptors {
            for value in descriptor.values.dropFirst() {
                var switches = UIKitSwitches.default
                try switches.set("\(descriptor.name)=\(value)")
                variants.append(switches)
            }
        }
        for switches in variants {
            for kind in builtInUIKitPipelines {
                #expect(SnapDisagreements(catalogCount: 7, switches: switches).visit(kind) == 0, "\(kind) \(switches.changes)")
            }
        }
    }

    @Test func replaysRestartFromAFreshSceneAndCopiesAtTheStartAreIndependent() {
        for kind in builtInUIKitPipelines {
            let independent = ReplayAndCopy().visit(kind)
            #expect(independent, "\(kind)")
        }
    }

    @Test func aScrollViewStopsAtTheContentEdgeWhereTheCoreRunsPastIt() {
        // `trace --pipeline seed000.centerFocused --catalog 7 --velocity 9789`: the core drags far past item 6.
        let script = ScrollScript([.drag(velocity: 9789, duration: 1)])
        var core = Seed000CenterFocusedPipeline(catalogCount: 7, geometry: .default)
        var coreOffset = 0.0
        PipelinePlayer.play(&core, script: script, hz: 120) { _, output in coreOffset = output.offset }
        #expect(coreOffset > 9000)
        let (pipeline, rows) = play(UIKitSeed000CenterFocusedPipeline.self, catalogCount: 7, script: script)
        let maxOffset = 6 * CarouselGeometry.default.pitch
        #expect(rows.allSatisfy { $0.output.offset <= maxOffset + 1e-9 && !$0.output.visible.isEmpty && $0.output.centerItem != nil })
        #expect(rows.last?.output.offset == pipeline.scene.collectionView.maxContentOffsetX)
        #expect(rows.last?.output.centerItem == 6)
    }

    // MARK: The seeds' and peers' worked examples, by name

    @Test func seed000_lines225to232_spacingShrinksByTheScaledOffset() {
        let pipeline = UIKitSeed000CenterFocusedPipeline(catalogCount: 5, geometry: .default)
        let layout = pipeline.scene.collectionView.collectionViewLayout as! CenterFocusedCarouselLayout
        // 12 - (312 - 0.8 * 312)/2 = -19.2, and the inset (390 - 312)/2 = 39.
        #expect(abs(layout.minimumLineSpacing - -19.2) < 1e-12)
        #expect(layout.sectionInset.left == 39 && layout.itemSize.width == 312)
    }

    @Test func seed000_lines631to651_pageTwoNPlusOneJumpsBackOneCatalog() {
        var pipeline = UIKitSeed000FlowPipeline(catalogCount: 3, geometry: .default)
        let pitch = CarouselGeometry.default.pitch
        #expect(abs(pipeline.offset - 6 * pitch) < 1e-9)
        var output = FrameOutput()
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 0.6 * pitch, phase: .dragging), into: &output)
        // Page round(6.6) = 7 = 2n+1: scrollTo(page: n) keeps the remainder, 0.6p, and lands on page 3.
        #expect(output.jumped)
        #expect(abs(output.offset - 3.6 * pitch) < 1e-9)
        #expect(output.centerItem == 4 && output.logicalIndex == 1)
    }

    @Test func seed000v1_hasNoBoundsChangeOverrideSoItsTransformsWaitForTheNextQuery() {
        var pipeline = UIKitSeed000FlowPipeline(catalogCount: 30, geometry: .default)
        let faults = pipeline.ledger.faultQueries
        var output = FrameOutput()
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 20, phase: .dragging), into: &output)
        #expect(pipeline.ledger.invalidations == 0)
        #expect(pipeline.ledger.faultQueries == faults)
        // The centred item still shows the scale of the offset it was queried at (1 at rest), not the new one.
        let centred = output.visible.first { $0.item == output.centerItem }
        #expect(centred?.scale == 1)
    }

    @Test func seed000v2_mutatesSupersObjectsSoF5DropsTheCaches() {
        var pipeline = UIKitSeed000CenterFocusedPipeline(catalogCount: 30, geometry: .default)
        var output = FrameOutput()
        for index in 0..<3 { pipeline.apply(TrajectoryFrame(frame: index, delta: 5, phase: .dragging), into: &output) }
        let layout = pipeline.scene.collectionView.collectionViewLayout as! FlowLayout
        #expect(pipeline.ledger.cacheMismatches == 1)
        #expect(layout.cachedItemAttributes == nil)
        let created = pipeline.ledger.attributesCreated
        pipeline.apply(TrajectoryFrame(frame: 3, delta: 5, phase: .dragging), into: &output)
        #expect(pipeline.ledger.attributesCreated > created)
        #expect(pipeline.ledger.invalidations >= 3)
    }

    @Test func seed000compositional_k2k3WrapsEveryVisibleItemPerScrollAndV2InvalidatesTheChangedOnes() {
        var version1 = UIKitSeed000CompositionalPipeline(catalogCount: 3, geometry: .default)
        var version2 = UIKitSeed000CompositionalScaledPipeline(catalogCount: 3, geometry: .default)
        var output = FrameOutput()
        let calls1 = version1.ledger.handlerCalls
        let wrappers1 = version1.ledger.visibleItemWrappers
        version1.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        #expect(version1.ledger.handlerCalls == calls1 + 1)
        #expect(version1.ledger.visibleItemWrappers == wrappers1 + 3)
        #expect(version1.ledger.invalidations + version1.ledger.itemInvalidations == 0)
        let invalidations2 = version2.ledger.itemInvalidations
        version2.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        #expect(version2.ledger.itemInvalidations == invalidations2 + 1)
    }

    @Test func seed000v2_lines1238to1266_eachTransformStartsFromTheFrameThePreviousOneLeft() {
        var pipeline = UIKitSeed000CompositionalScaledPipeline(catalogCount: 3, geometry: .default)
        var output = FrameOutput()
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 40, phase: .dragging), into: &output)
        // The centred item: its scale is below the 0.9 floor's saturation, so the distance shows.
        let before = output.visible.max { $0.scale < $1.scale }!
        pipeline.apply(TrajectoryFrame(frame: 1, delta: 40, phase: .dragging), into: &output)
        let after = output.visible.first { $0.item == before.item }!
        // The item's frame midX is its centre plus the translation the last frame set.
        let geometry = CarouselGeometry.default
        let untransformedDistance = abs(geometry.itemCenter(before.item) - geometry.viewportCenter(offset: output.offset))
        let seenDistance = abs(geometry.itemCenter(before.item) + before.translationX - geometry.viewportCenter(offset: output.offset))
        let expected = 1 - 0.1 * min(seenDistance / (geometry.viewportWidth / 2), 1)
        #expect(abs(after.scale - expected) < 1e-12)
        #expect(abs(after.scale - (1 - 0.1 * min(untransformedDistance / (geometry.viewportWidth / 2), 1))) > 1e-6)
    }

    @Test func seed003_lines160to165_theCentreCellIsEnlarged() {
        let pipeline = UIKitSeed003PagingPipeline(catalogCount: 10, geometry: .default)
        let delegate = pipeline.scene.collectionView.delegate!
        let collectionView = pipeline.scene.collectionView!
        #expect(delegate.collectionView(collectionView, sizeForItemAt: IndexPath(item: 0, section: 0)) == LayoutSize(width: 327, height: 280))
        #expect(delegate.collectionView(collectionView, sizeForItemAt: IndexPath(item: 1, section: 0)) == LayoutSize(width: 312, height: 255))
    }

    @Test func seed003_lines25to49_aReleaseRecomputesEveryItem() {
        var pipeline = UIKitSeed003PagingPipeline(catalogCount: 1000, geometry: .default)
        #expect(pipeline.ledger.delegateSizeCalls == 1000)
        let target = pipeline.releaseWithSnap(velocity: 1500)
        // Direction snap: the proposed offset lies ahead, so ceil; pitch 0.8*390 + 12 = 324.
        #expect(target == 324 * (ScrollDeceleration.restingOffset(from: 0, velocity: 1500, rate: ScrollDeceleration.normal) / 324).rounded(.up))
        #expect(pipeline.ledger.delegateSizeCalls == 2000)
        #expect(pipeline.ledger.fullRecomputes == 2)
    }

    @Test func seed004_lines101to114_thePageControlMapsTheSentinels() {
        var pipeline = UIKitSeed004SentinelPipeline(catalogCount: 5, geometry: .default)
        var output = FrameOutput()
        // Start on page 1 (item 0 of the catalog); half a page left shows the last image's sentinel.
        #expect(pipeline.offset == 390)
        pipeline.apply(TrajectoryFrame(frame: 0, delta: -300, phase: .dragging), into: &output)
        let delegate = pipeline.scene.collectionView.delegate as! SentinelBannerDelegate
        #expect(delegate.currentPage == 5)
        #expect(output.logicalIndex == 4)
    }

    @Test func seed004_lines58to76_theSentinelsJumpAtTheEndOfDeceleration() {
        var pipeline = UIKitSeed004SentinelPipeline(catalogCount: 5, geometry: .default)
        var output = FrameOutput()
        pipeline.apply(TrajectoryFrame(frame: 0, delta: -390, phase: .didEndDecelerating), into: &output)
        #expect(output.jumped && pipeline.offset == 5 * 390)
        pipeline.apply(TrajectoryFrame(frame: 1, delta: 390, phase: .didEndDecelerating), into: &output)
        #expect(output.jumped && pipeline.offset == 390)
    }

    @Test func upCarousel_lines80to85_copiesEveryAttributeOfEveryQuery() {
        var pipeline = UIKitUPCarouselPipeline(catalogCount: 30, geometry: .default)
        var output = FrameOutput()
        let copied = pipeline.ledger.attributesCopied
        let queries = pipeline.ledger.faultQueries
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        #expect(pipeline.ledger.faultQueries == queries + 1)
        // At offset 10 the fault rect is two screens, 0...780: items 0, 1 and 2.
        let inFault = ArithmeticQuery(geometry: .default, itemCount: 30).visibleRange(in: Span(minX: 0, maxX: 780))?.count
        #expect(inFault == 3)
        #expect(pipeline.ledger.attributesCopied == copied + 3)
        #expect(pipeline.ledger.cacheMismatches == 0)
    }

    @Test func fsPager_lines146to153_buildsAFreshAttributesObjectPerItemPerQuery() {
        // Prefetching off: its strip's validation would ask the layout too, in some frames and not others (PF1).
        var pipeline = UIKitFSPagerPipeline(catalogCount: 30, geometry: .default, switches: try! .parse(["prefetch=off"]))
        var output = FrameOutput()
        let created = pipeline.ledger.attributesCreated
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        #expect(pipeline.ledger.attributesCreated > created)
        let perFrame = pipeline.ledger.attributesCreated - created
        pipeline.apply(TrajectoryFrame(frame: 1, delta: 10, phase: .dragging), into: &output)
        #expect(pipeline.ledger.attributesCreated - created == 2 * perFrame)
    }

    @Test func infiniteLayout_asksItsOwnLayoutTwicePerFrameBesideTheCollectionView() {
        var pipeline = UIKitInfiniteLayoutPipeline(catalogCount: 30, geometry: .default)
        var output = FrameOutput()
        let faults = pipeline.ledger.faultQueries
        let flowQueries = pipeline.ledger.flowQueries
        let copied = pipeline.ledger.attributesCopied
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        // One query from the collection view, two from updateLayoutIfNeeded (scrollViewDidScroll, layoutSubviews),
        // each asking super once per page it spans; every returned object copied.
        #expect(pipeline.ledger.faultQueries == faults + 1)
        #expect(pipeline.ledger.flowQueries - flowQueries >= 3)
        #expect(pipeline.ledger.attributesCopied - copied >= 2 * output.visible.count)
    }

    @Test(arguments: [UIKitSwitches.Prefetch.off, .on])
    func best_theLayoutStaysValidWhileTheDelegateFocusesEveryDisplayedCellEveryFrame(prefetch: UIKitSwitches.Prefetch) {
        var switches = UIKitSwitches.default
        switches.prefetch = prefetch
        var pipeline = UIKitBestPipeline(catalogCount: 300, geometry: .default, switches: switches)
        var output = FrameOutput()
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 10, phase: .dragging), into: &output)
        let ledger = pipeline.ledger
        let (invalidations, contexts, faults, copies) = (ledger.invalidations + ledger.itemInvalidations, ledger.contexts,
                                                         ledger.faultQueries, ledger.cellCopies)
        let (allocations, sets, displayed) = (ledger.allocations, ledger.viewPropertySets, ledger.cellsDisplayed)
        let countersBefore = Dictionary(uniqueKeysWithValues: ledger.counters.map { ($0.name, $0.value) })
        let transform = ScaleAlphaTransform(geometry: .default)
        var changes = 0
        // From the home offset (an item centred) 50 points show no new item: the same three cells throughout.
        for index in 1...10 {
            let before = pipeline.scene.collectionView.displayedCells.map { ($0.contentView.transform3D, $0.contentView.alpha) }
            pipeline.apply(TrajectoryFrame(frame: index, delta: 4, phase: .dragging), into: &output)
            let collectionView = pipeline.scene.collectionView!
            for (cell, old) in zip(collectionView.displayedCells, before) {
                changes += (cell.contentView.transform3D != old.0 ? 1 : 0) + (cell.contentView.alpha != old.1 ? 1 : 0)
            }
            for cell in collectionView.displayedCells {
                let focus = transform.transform(itemCenter: cell.center.x, viewportCenter: collectionView.bounds.midX)
                #expect(cell.contentView.transform3D == Transform3D(scaleX: focus.scale, y: focus.scale, z: 1))
                #expect(cell.contentView.alpha == focus.alpha)
                // The cell itself keeps its attributes' identity transform and alpha: nothing to re-apply.
                #expect(cell.alpha == 1 && cell.transform3D == .identity)
            }
        }
        #expect(output.visible.count == 3)
        // No invalidation, no context, no layout query, no copy, no allocation: only the content views' sets, one
        // per value that changed (the centred item and its neighbours move; a side item past the focus distance not).
        #expect(ledger.invalidations + ledger.itemInvalidations == invalidations && ledger.contexts == contexts)
        #expect(ledger.cellCopies == copies && ledger.cellsDisplayed == displayed)
        if prefetch == .off {
            #expect(ledger.faultQueries == faults && ledger.allocations == allocations)
        } else {
            // PF1: while it moves, UIKit's prefetching asks the data for the strip ahead (validating it: a layout
            // query when it leaves the validated rect) and prepares cells: its objects are the frames' only ones.
            #expect(ledger.prefetchContexts > countersBefore["prefetchContexts"]! && ledger.cellsPrefetched > 0)
            #expect(ledger.allocations > allocations)
            let changed = Set(ledger.counters.filter { countersBefore[$0.name] != $0.value }.map(\.name))
            let prefetching: Set = ["layoutPasses", "viewPropertySets", "cellQueries", "cellQueryArrays", "prefetchContexts",
                                    "prefetchItems", "cellsPrefetched", "cellsCreated", "faultQueries", "flowQueries",
                                    "mapNodes", "rTrees", "attributesCreated", "frameValues",
                                    // PF2, PF3, C14–C18: the per-pass and idle work every pipeline pays.
                                    "prefetchRechecks", "prefetchRefreshes", "prefetchPrunes", "layoutSubviewsMessages",
                                    "autoreleasePools", "velocitySamples", "prefetchResets", "cellUpdateMessages",
                                    "cellUpdateLayoutQuestions"]
            #expect(changed.isSubset(of: prefetching), "\(changed.subtracting(prefetching))")
        }
        #expect(ledger.viewPropertySets - sets == changes && changes >= 2 * 10)
        #expect(ledger.visibleCellArrays == 0)
        #expect(ledger.attributesCopied + ledger.cacheMismatches == 0)
    }

    @Test func best_aCellComingOnScreenIsCopiedOnceAndFocusedAtOnce() {
        var pipeline = UIKitBestPipeline(catalogCount: 300, geometry: .default)
        var output = FrameOutput()
        let ledger = pipeline.ledger
        let (copies, displayed) = (ledger.cellCopies, ledger.cellsDisplayed)
        // 240 points on, the item after next meets the viewport (234.6 points from an item centred) and the one
        // before the centred item has left it (58.2 points).
        pipeline.apply(TrajectoryFrame(frame: 0, delta: 240, phase: .dragging), into: &output)
        #expect(ledger.cellsDisplayed == displayed + 1 && ledger.cellsEndedDisplay >= 1)
        #expect(ledger.cellCopies == copies + 1)
        #expect(output.visible.map(\.item) == [0, 1, 2])
        let collectionView = pipeline.scene.collectionView!
        let newest = collectionView.displayedCells.last!
        let focus = ScaleAlphaTransform(geometry: .default).transform(itemCenter: newest.center.x,
                                                                      viewportCenter: collectionView.bounds.midX)
        #expect(newest.contentView.alpha == focus.alpha && newest.presentedScale == focus.scale)
    }

    // MARK: Lifecycle

    @Test func theInitialLayoutIsONOnlyForDelegateSizes() {
        for n in [100, 1000] {
            #expect(UIKitSeed003PagingPipeline(catalogCount: n, geometry: .default).ledger.delegateSizeCalls == n)
            #expect(UIKitSeed004SentinelPipeline(catalogCount: n, geometry: .default).ledger.delegateSizeCalls == n + 2)
            #expect(UIKitSeed000FlowPipeline(catalogCount: n, geometry: .default).ledger.delegateSizeCalls == 0)
            #expect(UIKitBestPipeline(catalogCount: n, geometry: .default).ledger.attributesCreated < 20)
        }
    }

    @Test func rotationReloadAndReleaseDoWhatEachPipelineDoes() {
        var seed003 = UIKitSeed003PagingPipeline(catalogCount: 500, geometry: .default)
        seed003.rotationRelayout(toWidth: 844)
        #expect(seed003.ledger.delegateSizeCalls == 1000)
        #expect(seed003.geometry.viewportWidth == 844)
        var best = UIKitBestPipeline(catalogCount: 500, geometry: .default)
        let recomputes = best.ledger.fullRecomputes
        best.rotationRelayout(toWidth: 844)
        #expect(best.ledger.fullRecomputes == recomputes)
        #expect(best.geometry.viewportWidth == 844)
        var flow = UIKitSeed000FlowPipeline(catalogCount: 50, geometry: .default)
        let copies = flow.ledger.cellCopies
        let invalidations = flow.ledger.invalidations
        flow.reload()
        #expect(flow.ledger.invalidations == invalidations + 1)
        #expect(flow.ledger.cellCopies > copies)
        var centerFocused = UIKitSeed000CenterFocusedPipeline(catalogCount: 50, geometry: .default)
        // `snap.threshold` from an exactly centred offset stays on its item (ceil(0/p) = 0), as the seed does.
        #expect(centerFocused.releaseWithSnap(velocity: 2000) == 0)
        #expect(centerFocused.releaseWithSnap(velocity: 200) == 0)
        #expect(centerFocused.offset == 0)
    }

    @Test func memoryCountsWhatEachPipelineHoldsAndSaysHow() {
        let small = UIKitSeed003PagingPipeline(catalogCount: 100, geometry: .default).memoryHeld()
        let large = UIKitSeed003PagingPipeline(catalogCount: 1000, geometry: .default).memoryHeld()
        let items = large.lines.first { $0.name == "flow item objects" }
        #expect(items?.count == 1000 && items?.bytesEach == 64)
        #expect(large.bytes - small.bytes == 900 * (64 + 100 + 48))
        #expect(large.method.contains("A1, medium") && large.method.contains("F8, medium"))
        #expect(large.bytes == large.lines.reduce(0) { $0 + $1.count * $1.bytesEach })
        // `uikit.best` holds a few screens of items whatever the catalog (which items depends on the start's
        // alignment with the screen-sized validated rect).
        let bestSmall = UIKitBestPipeline(catalogCount: 100, geometry: .default).memoryHeld().bytes
        let bestLarge = UIKitBestPipeline(catalogCount: 10_000, geometry: .default).memoryHeld().bytes
        #expect(bestSmall < 5000 && bestLarge < 5000)
        let compositional = UIKitSeed000CompositionalPipeline(catalogCount: 30, geometry: .default).memoryHeld()
        #expect(compositional.lines.first { $0.name == "replicated model entries" }?.count == 3000)
    }
}

/// UPCarouselFlowLayout with a scene whose `snapTarget` promises 37 pt more than its layout's release answers.
final class PromisesTooMuchScene: UIKitScene {
    let layout: UPCarouselFlowLayout
    let dataSource: UniformDataSource

    required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = UPCarouselFlowLayout(ledger: ledger, switches: switches)
        layout.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
    }

    override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = layout.targetContentOffset(forProposedContentOffset: LayoutPoint(x: proposedOffset, y: 0),
                                                withScrollingVelocity: LayoutPoint(x: velocity / 1000, y: 0))
        return collectionView.restingOffset(forTarget: target.x + 37)
    }

    override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        output.centerItem = nearestVisibleCell()?.globalIndex
        output.logicalIndex = output.centerItem
    }
}

struct PromisesTooMuch: UIKitPipeline {
    static let id = "uikit.test.promisesTooMuch"
    static let complexity: Complexity = "O(k) per frame"
    static let allocationEvidence = ""
    static let traits = UPCarouselPipeline.traits
    var scene: PromisesTooMuchScene
    init(scene: PromisesTooMuchScene) { self.scene = scene }
}

@Suite struct ReleaseCheckTests {
    /// The simulator plans each deceleration on `snapTarget`; a release that lands elsewhere fails the check.
    @Test func aReleaseThatSnapsElsewhereThanPromisedFailsTheCheck() {
        let check = PipelineVerification.check(PromisesTooMuch.self, catalogCount: 30, switches: .default)
        #expect(check.snapMismatches > 0)
        #expect(!check.isVerified)
        #expect(check.firstFailure?.contains("snapTarget promised") == true, "\(check.firstFailure ?? "")")
    }
}
