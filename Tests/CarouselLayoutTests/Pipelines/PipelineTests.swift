import Testing
@testable import CarouselLayout

/// Every built-in core pipeline, in the catalogue's order.
var builtInCores: [any CarouselPipeline.Type] { Implementation.builtIns.compactMap(\.core) }

@Suite struct PipelineTests {
    private let geometry = CarouselGeometry.default

    @Test func theCatalogueCarriesTheIdsOfAlgorithmsMd() {
        #expect(Implementation.builtIns.compactMap(\.coreID) == [
            "pipeline.seed000.flow", "pipeline.seed000.centerFocused", "pipeline.seed000.compositional",
            "pipeline.seed000.compositionalScaled", "pipeline.seed003.paging", "pipeline.seed004.sentinel",
            "pipeline.peer.upcarousel", "pipeline.peer.fspager", "pipeline.peer.infinitelayout", "pipeline.best",
        ])
        for implementation in Implementation.builtIns {
            #expect(Implementation.named(implementation.coreID!) == implementation)
            #expect(implementation.name == String(implementation.coreID!.dropFirst("pipeline.".count)))
        }
    }

    @Test(arguments: Implementation.builtIns)
    func everyPipelineIsVerifiedOnTheStandardTrajectoryAt60And120Hz(implementation: Implementation) {
        let kind = implementation.core!
        for n in [1, 2, 3, 10, 300] {
            for hz in [60.0, 120.0] {
                let check = PipelineVerification.check(kind, catalogCount: n, hz: hz)
                #expect(check.isVerified, "\(kind) n=\(n) \(hz) Hz: \(check.firstFailure ?? "replay")")
                #expect(check.frames > 1000)
                #expect(check.indexOutOfRange == 0, "\(kind) n=\(n)")
                #expect(check.alphaOutOfRange == 0, "\(kind) n=\(n)")
                #expect(check.visibleJumps == 0, "\(kind) n=\(n)")
            }
        }
    }

    @Test func finitePipelinesShowNoItemWhenADragPassesTheContentEnd() {
        let check = PipelineVerification.check(UPCarouselPipeline.self, catalogCount: 1)
        #expect(check.missingCenters > 0)
        #expect(check.centerMismatches == 0)
    }

    @Test func seed003HitTestFindsNoCentreInGapsAndANeighbourBesideTheEnlargedCell() {
        let check = PipelineVerification.check(Seed003PagingPipeline.self, catalogCount: 10)
        #expect(check.missingCenters > 0)
        #expect(check.neighbourCenters > 0)
        let scales = PipelineTrace.trace(Seed003PagingPipeline.self, catalogCount: 10, geometry: geometry,
                                         script: PipelineVerification.standardScript(), hz: 60)
            .flatMap(\.visible).map(\.scale)
        // The enlarged cell in landscape: floor(0.84 * 844) / floor(0.80 * 844).
        #expect(abs((scales.max() ?? 0) - 708.0 / 675.0) <= 1e-12)
    }

    @Test func fsPagerAlphaGoesNegativeOnSmallItemsButNotWithTheDefaultGeometry() {
        let small = CarouselGeometry(viewportWidth: 390, viewportHeight: 300, itemWidth: 60, itemHeight: 60,
                                     spacing: 12, minScale: 0.8)
        let check = PipelineVerification.check(FSPagerPipeline.self, catalogCount: 10, geometry: small)
        #expect(check.alphaOutOfRange > 0)
        #expect(check.isVerified)
        #expect(PipelineVerification.check(FSPagerPipeline.self, catalogCount: 10).alphaOutOfRange == 0)
    }

    @Test func wrapJumpsAreInvisibleForSlowDragsAndFlicks() {
        let slow = ScrollScript([.drag(velocity: 300, duration: 20), .drag(velocity: -300, duration: 40),
                                 .flick(velocity: -200, decelerationRate: ScrollDeceleration.normal)])
        for implementation in Implementation.builtIns where implementation.traits.wraps {
            let kind = implementation.core!
            for n in [1, 3, 10] {
                let check = PipelineVerification.check(kind, catalogCount: n, script: slow, hz: 60)
                #expect(check.visibleJumps == 0, "\(kind) n=\(n)")
            }
        }
        #expect(PipelineVerification.check(Seed000FlowPipeline.self, catalogCount: 3, script: slow, hz: 60).jumps > 0)
        #expect(PipelineVerification.check(BestPipeline.self, catalogCount: 3, script: slow, hz: 60).jumps > 0)
    }

    @Test func tripleWrapJumpsVisiblyWhenAFrameStepsMoreThanHalfAPitch() {
        let script = ScrollScript.fastFlicks(pitch: geometry.pitch, hz: 60, seed: 3)
        let check = PipelineVerification.check(Seed000FlowPipeline.self, catalogCount: 10, script: script, hz: 60)
        #expect(check.visibleJumps > 0)
    }

    @Test func bestSentinelAndInfiniteLayoutJumpsStayInvisibleUnderFastFlicks() {
        for kind in [BestPipeline.self, Seed004SentinelPipeline.self, InfiniteLayoutPipeline.self] as [any CarouselPipeline.Type] {
            for n in [1, 3, 10] {
                for hz in [60.0, 120.0] {
                    let script = ScrollScript.fastFlicks(pitch: geometry.pitch, hz: hz, seed: 3)
                    let check = PipelineVerification.check(kind, catalogCount: n, script: script, hz: hz)
                    #expect(check.visibleJumps == 0, "\(kind) n=\(n)")
                    #expect(check.isVerified, "\(kind) n=\(n): \(check.firstFailure ?? "")")
                }
            }
        }
    }

    @Test func hundredfoldRunsOutOfContentUnderFastFlicksWithOneItem() {
        let script = ScrollScript.fastFlicks(pitch: geometry.pitch, hz: 120, seed: 3)
        let check = PipelineVerification.check(Seed000CompositionalScaledPipeline.self, catalogCount: 1, script: script, hz: 120)
        #expect(check.missingCenters > 0)
        #expect(!check.isVerified)
    }

    @Test(arguments: [3, 10])
    func bestHasNoDriftAfterTenMillionFramesInOneDirection(n: Int) {
        var pipeline = BestPipeline(catalogCount: n, geometry: geometry)
        var output = FrameOutput()
        // 7/3 pitch per frame: exact centres are never halfway, so integer arithmetic gives the answer.
        let frame = TrajectoryFrame(frame: 0, delta: geometry.pitch * 7 / 3, phase: .dragging)
        var wrong = 0
        let frames = n == 3 ? 10_000_000 : 1_000_000
        for count in 1...frames {
            pipeline.apply(frame, into: &output)
            if output.logicalIndex != ((7 * count + 1) / 3) % n { wrong += 1 }
        }
        #expect(wrong == 0, "n=\(n)")
        #expect(pipeline.offset < Double(n) * geometry.pitch)
    }

    @Test func bestVisibleSetEqualsTheArithmeticQueryOnTheUnwrappedOffset() {
        for n in [1, 2, 3, 10, 300] {
            var pipeline = BestPipeline(catalogCount: n, geometry: geometry)
            var unwrapped = pipeline.offset
            var mismatches = 0
            var indices: [Int] = []
            let base = 1000
            let huge = ArithmeticQuery(geometry: geometry, itemCount: 2 * base * n + 100)
            let script = ScrollScript([.drag(velocity: 900, duration: 3), .drag(velocity: -2500, duration: 4),
                                       .flick(velocity: 3000, decelerationRate: ScrollDeceleration.normal)])
            PipelinePlayer.play(&pipeline, script: script, hz: 60) { frame, output in
                unwrapped += frame.delta
                huge.visibleItems(in: geometry.viewportSpan(offset: unwrapped + Double(base * n) * geometry.pitch), into: &indices)
                let reference = indices.map { catalogIndex($0 - base * n, catalogCount: n) }
                if reference != output.visible.map(\.item) { mismatches += 1 }
            }
            #expect(mismatches == 0, "n=\(n)")
        }
    }

    @Test func rotationKeepsTheCentredItem() {
        let script = ScrollScript([.drag(velocity: 1200, duration: 0.5),
                                   .flick(velocity: 1500, decelerationRate: ScrollDeceleration.normal),
                                   .rotate(toWidth: 844), .drag(velocity: -900, duration: 0.3),
                                   .flick(velocity: -900, decelerationRate: ScrollDeceleration.fast), .rotate(toWidth: 390)])
        for kind in builtInCores where kind != Seed003PagingPipeline.self {
            for n in [3, 10] {
                let rows = PipelineTrace.trace(kind, catalogCount: n, geometry: geometry, script: script, hz: 60)
                var rotations = 0
                for (before, after) in zip(rows, rows.dropFirst()) {
                    guard case .rotated = after.trajectoryFrame.phase else { continue }
                    rotations += 1
                    #expect(after.logicalIndex != nil, "\(kind)")
                    #expect(before.logicalIndex == after.logicalIndex, "\(kind) n=\(n)")
                }
                #expect(rotations == 2)
            }
        }
    }

    @Test func seed003RotationRestoresTheCentringOffsetOfTheSameItem() {
        let script = ScrollScript([.drag(velocity: 1200, duration: 0.5),
                                   .flick(velocity: 1500, decelerationRate: ScrollDeceleration.normal), .rotate(toWidth: 844)])
        let rows = PipelineTrace.trace(Seed003PagingPipeline.self, catalogCount: 10, geometry: geometry, script: script, hz: 60)
        let before = rows[rows.count - 2]
        let after = rows[rows.count - 1]
        let oldPitch = 390 * 0.8 + geometry.spacing
        let newPitch = 844 * 0.8 + geometry.spacing
        #expect(abs(after.offset / newPitch - (before.offset / oldPitch).rounded()) <= 1e-9)
    }

    @Test func theLastItemsLogicalIndexIsNMinusOne() {
        for kind in builtInCores {
            for n in [1, 2, 3, 10] {
                var pipeline = kind.init(catalogCount: n, geometry: geometry)
                let pitch = pipeline.geometry.pitch
                let wraps = kind.traits.wraps
                let delta = wraps || kind == FSPagerPipeline.self ? -pitch : Double(n - 1) * pitch
                var output = FrameOutput()
                pipeline.apply(TrajectoryFrame(frame: 0, delta: delta, phase: .dragging), into: &output)
                #expect(output.logicalIndex == n - 1, "\(kind) n=\(n)")
            }
        }
    }

    @Test func replayIsDeterministicAndDependsOnTheCatalog() {
        for kind in builtInCores {
            let sums = ReplayTwice(geometry: geometry).visit(kind)
            #expect(sums.0 == sums.1, "\(kind)")
            #expect(sums.0 != sums.2, "\(kind)")
        }
    }

    @Test func floorWritesTheScaleAlphaOfTheKnownVisibleItems() {
        var firstReplay = FloorReplay(catalogCount: 10, geometry: geometry, script: PipelineVerification.standardScript(), hz: 60)
        var secondReplay = FloorReplay(catalogCount: 10, geometry: geometry, script: PipelineVerification.standardScript(), hz: 60)
        #expect(firstReplay.run(frames: 5000) == secondReplay.run(frames: 5000))
        var floor = FloorFrame(catalogCount: 10, geometry: geometry, script: PipelineVerification.standardScript(), hz: 60)
        var output = FrameOutput()
        floor.apply(into: &output)
        #expect(output.visible.map(\.item) == [9, 0, 1])
        let transform = ScaleAlphaTransform(geometry: geometry)
        let first = BestPipelineFirstFrame.offset(geometry: geometry)
        for (position, element) in zip(-1...1, output.visible) {
            let expected = transform.transform(itemCenter: geometry.itemCenter(position),
                                               viewportCenter: geometry.viewportCenter(offset: first))
            #expect(element.scale == expected.scale)
            #expect(element.alpha == expected.alpha)
        }
    }

    @Test func traceHasOneRowPerFrameWithOffsetsAfterTheJump() {
        let rows = PipelineTrace.trace(BestPipeline.self, catalogCount: 3, geometry: geometry,
                                       script: .oneDirection(velocity: 3000, duration: 2), hz: 60)
        #expect(rows.count == 120)
        #expect(rows.contains { $0.jumped })
        #expect(rows.allSatisfy { $0.offset >= 0 && $0.offset < 3 * geometry.pitch })
    }

    /// A replay recorded with a frame limit holds the whole trajectory's first frames and cycles through them
    /// from the start state: up to the limit it plays exactly what the whole trajectory's replay plays.
    @Test func aReplayOfTheFirstFramesPlaysWhatTheWholeReplayPlaysUpToItsLimit() {
        let script = PipelineVerification.standardScript()
        func replay(frameLimit: Int) -> PipelineReplay<Seed000FlowPipeline> {
            PipelineReplay(initial: Seed000FlowPipeline(catalogCount: 10, geometry: geometry), recording: PipelinePlayer.record(
                from: Seed000FlowPipeline(catalogCount: 10, geometry: geometry), script: script, hz: 120, frameLimit: frameLimit))
        }
        var whole = PipelineReplay<Seed000FlowPipeline>(catalogCount: 10, geometry: geometry, script: script, hz: 120)
        var prefix = replay(frameLimit: 500)
        #expect(whole.framesPerTrajectory > 1000)
        #expect(prefix.framesPerTrajectory == 500)
        #expect(Array(whole.recording.frames.prefix(500)) == prefix.recording.frames)
        #expect(whole.run(frames: 200) == prefix.run(frames: 200))
        #expect(whole.run(frames: 300) == prefix.run(frames: 300))
        // Past the limit the prefix starts again from the start state: its next 500 frames are its first 500.
        var fresh = replay(frameLimit: 500)
        #expect(prefix.run(frames: 500) == fresh.run(frames: 500))
        let short = replay(frameLimit: 1_000_000)
        #expect(short.recording == whole.recording, "a limit past the trajectory's end records it whole")
    }

    /// Given the recording a benchmark times, the check replays that one, and fails when it is not the live play.
    @Test func theCheckFailsARecordingThatIsNotTheLivePlay() {
        let script = PipelineVerification.standardScript()
        let right = PipelinePlayer.record(BestPipeline.self, catalogCount: 10, geometry: geometry, script: script, hz: 120)
        let checked = PipelineVerification.check(BestPipeline.self, catalogCount: 10, geometry: geometry, recording: right)
        #expect(checked.isVerified && checked.recordingMatchesLivePlay)
        let other = PipelinePlayer.record(BestPipeline.self, catalogCount: 11, geometry: geometry, script: script, hz: 120)
        let wrong = PipelineVerification.check(BestPipeline.self, catalogCount: 10, geometry: geometry, recording: other)
        #expect(!wrong.recordingMatchesLivePlay)
        #expect(!wrong.isVerified)
        #expect(wrong.firstFailure?.contains("is not the live play") == true, "\(wrong.firstFailure ?? "")")
    }
}

private struct ReplayTwice {
    let geometry: CarouselGeometry
    func visit<P: CarouselPipeline>(_ type: P.Type) -> (UInt64, UInt64, UInt64) {
        let script = PipelineVerification.standardScript()
        var first = PipelineReplay<P>(catalogCount: 10, geometry: geometry, script: script, hz: 120)
        var second = PipelineReplay<P>(catalogCount: 10, geometry: geometry, script: script, hz: 120)
        var other = PipelineReplay<P>(catalogCount: 2, geometry: geometry, script: script, hz: 120)
        // 7000 frames: more than two passes of the trajectory, so the restart is exercised too.
        return (first.run(frames: 7000), second.run(frames: 7000), other.run(frames: 7000))
    }
}

/// The offset after the standard script's first frame (a drag from 0), as the floor's first frame sees it.
private enum BestPipelineFirstFrame {
    static func offset(geometry: CarouselGeometry) -> Double {
        PipelineTrace.trace(BestPipeline.self, catalogCount: 10, geometry: geometry,
                            script: PipelineVerification.standardScript(), hz: 60)[0].offset
    }
}
