import Determinism
/// What checking one pipeline over one trajectory found (see `PipelineVerification`).
public struct PipelineCheck: Sendable, Equatable {
    public var id: String
    public var catalogCount: Int
    public var hz: Double
    /// Frames in the trajectory.
    public var frames = 0
    /// The checksum of every frame's output, played live (equals `PipelineReplay.run(frames: frames)`).
    public var checksum = StableHash.seed
    /// The checksum of a `PipelineReplay` from a fresh pipeline over the same frames: the live play's, or the
    /// recording `check` was given (the one a benchmark times).
    public var replayChecksum: UInt64 = 0
    /// False when `check` was given a recording whose frames are not the live play's.
    public var recordingMatchesLivePlay = true
    public var centerEvents = 0
    public var jumps = 0
    /// Jumps that were not a whole number of catalog widths (a visible jump: a documented flaw, reported).
    public var visibleJumps = 0
    /// Frames whose centre is nil (allowed for hit-test pipelines).
    public var missingCenters = 0
    /// Frames whose centre is the reference's neighbour (allowed for variable item sizes).
    public var neighbourCenters = 0
    /// Frames whose centre disagrees with the reference beyond what the pipeline's traits allow.
    public var centerMismatches = 0
    public var indexOutOfRange = 0
    public var scaleOutOfRange = 0
    /// Alphas outside `[0, 1]` (FSPagerView's unclamped alpha: reported, not a failure).
    public var alphaOutOfRange = 0
    /// Releases whose snap, as the release frame played it, is not the one the pipeline's `snapTarget` promised
    /// the simulator before the frame (a UIKit pipeline's `targetContentOffset` path against its scene's answer).
    public var snapMismatches = 0
    /// Flicks that came to rest (their last frame) on an offset that centres no item under the pipeline's placement
    /// (the snap check: reported, not failed; a faithful snap may leave the proposed offset).
    public var offCentreRests = 0
    /// Scrolls by code the trajectory asked for (`ScrollGesture.scrollToItem`).
    public var scrollsByCode = 0
    /// Scrolls by code the design could not make: no index path for the item asked for (UIKit raises there).
    public var refusedScrolls = 0
    /// Scrolls by code that came to rest with another item centred than the one asked for (the item `itemsAway`
    /// from the centred one, modulo `n`).
    public var scrollsEndingElsewhere = 0
    /// The first refused scroll or scroll that rested elsewhere, in one line.
    public var firstScrollFailure: String?
    /// The first refused scroll, in one line.
    public var firstRefusal: String?
    /// Scrolls by code that travel more than half an item beyond the items they were asked to move (a scroll that
    /// runs back over the catalog to reach its neighbour: reported, and a scenario's failure, not a check's).
    public var longScrolls = 0
    /// The first long scroll, in one line.
    public var firstLongScroll: String?
    /// Frames that showed at least one item (none: the pipeline lays out nothing, a failure).
    public var framesWithItems = 0
    /// `N` is 0 at the start: the pipeline lays out no item (a failure).
    public var laysOutNothing = false
    /// The placement the pipeline declared at its start (`CarouselPipeline.placement`).
    public var declaredPlacement: ItemPlacement?
    /// Where its rests put item `k`, fitted from the centres it reported at the end of its flicks in its start width
    /// (nil without a rest); named beside the declared placement in a centre failure.
    public var restPlacement: ItemPlacement?
    /// The first failure found, for a report.
    public var firstFailure: String?

    /// A check of pipeline `id` at catalog size `catalogCount` and `hz`, before its first frame.
    public init(id: String, catalogCount: Int, hz: Double) {
        self.id = id
        self.catalogCount = catalogCount
        self.hz = hz
    }

    /// Verified: indices in range, centres agree with the reference (within the traits), scales in the
    /// strategy's own range, every release snaps where the pipeline said it would, and the replay reproduces the
    /// live play's checksum.
    public var isVerified: Bool {
        centerMismatches == 0 && indexOutOfRange == 0 && scaleOutOfRange == 0 && snapMismatches == 0
            && refusedScrolls == 0 && scrollsEndingElsewhere == 0
            && replayChecksum == checksum && recordingMatchesLivePlay && !laysOutNothing && framesWithItems > 0
    }
}

/// Checks a pipeline's output against a reference before it is timed.
///
/// The reference centre of a frame is `lookup.arithmetic` at the frame's output offset under the pipeline's
/// placement after that frame (`CarouselPipeline.placement`, Docs/ALGORITHMS.md, "Where item k sits"):
/// `round((o − origin)/p)` clamped to `[0, N-1]` (or `mod n` for a modular wrap); for every built-in pipeline the
/// origin is 0 and `p` its geometry's pitch. A frame whose position lies exactly halfway between two items is
/// skipped (both are right). Hit-test pipelines may report no centre; seed 003's enlarged centre cell may make the
/// hit item a neighbour. A centre that disagrees names the declared placement and the one the pipeline's rests fit.
/// "Verified" is `PipelineCheck.isVerified`; alphas outside `[0, 1]`, visible jumps and flicks that rest off an
/// item's centre are reported, never hidden. A pipeline that lays out no item (`N = 0`, or no frame shows one) fails.
public enum PipelineVerification {
    /// The standard trajectory the suite verifies on.
    public static func standardScript() -> ScrollScript { .standard(seed: 1) }

    /// Checks pipeline type `type` playing `script` at `hz` (see the type's documentation), then replays the
    /// live play's frames from a fresh pipeline, which must reproduce its checksum. Given `recording` (a
    /// benchmark's, recorded in its set-up), its frames must be the live play's, and it is the one replayed.
    /// - Complexity: two plays of `script` (the live one and the replay).
    public static func check<P: CarouselPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry = .default,
                                                  script: ScrollScript = standardScript(), hz: Double = 120,
                                                  recording: ScrollRecording? = nil) -> PipelineCheck {
        check(catalogCount: catalogCount, script: script, hz: hz, recording: recording) {
            P(catalogCount: catalogCount, geometry: geometry)
        }
    }

    /// Checks a UIKit pipeline under `switches` as a core is checked (a UIKit pipeline without a core to agree with).
    public static func check<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry = .default,
                                               switches: UIKitSwitches, script: ScrollScript = standardScript(),
                                               hz: Double = 120, recording: ScrollRecording? = nil) -> PipelineCheck {
        check(catalogCount: catalogCount, script: script, hz: hz, recording: recording) {
            P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        }
    }

    /// `check`, and the live play it checked as a recording to replay: a benchmark that times the replay of its
    /// verified live play records nothing more (two plays of the trajectory instead of three, recording first).
    /// - Complexity: two plays of `script` (the live one and the replay).
    public static func checkedRecording<P: CarouselPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry,
                                                             script: ScrollScript, hz: Double) -> (PipelineCheck, ScrollRecording) {
        checkAndRecord(catalogCount: catalogCount, script: script, hz: hz, recording: nil) {
            P(catalogCount: catalogCount, geometry: geometry)
        }
    }

    /// `checkedRecording` of a UIKit pipeline under `switches`, checked as a core is (one without a core to agree with).
    public static func checkedRecording<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry,
                                                          switches: UIKitSwitches, script: ScrollScript,
                                                          hz: Double) -> (PipelineCheck, ScrollRecording) {
        checkAndRecord(catalogCount: catalogCount, script: script, hz: hz, recording: nil) {
            P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        }
    }

    /// Checks the pipelines `make` builds (the live play's and the replay's, each fresh).
    static func check<P: CarouselPipeline>(catalogCount: Int, script: ScrollScript, hz: Double, recording: ScrollRecording?,
                                           make: () -> P) -> PipelineCheck {
        checkAndRecord(catalogCount: catalogCount, script: script, hz: hz, recording: recording, make: make).0
    }

    /// `check`, and the live play.
    static func checkAndRecord<P: CarouselPipeline>(catalogCount: Int, script: ScrollScript, hz: Double, recording: ScrollRecording?,
                                           make: () -> P) -> (PipelineCheck, ScrollRecording) {
        var pipeline = make()
        var check = PipelineCheck(id: P.id, catalogCount: catalogCount, hz: hz)
        let traits = P.traits
        let startOffset = pipeline.offset
        let startWidth = pipeline.geometry.viewportWidth
        check.declaredPlacement = pipeline.placement
        if pipeline.itemCount <= 0 {
            check.laysOutNothing = true
            note("lays out no item: N = \(pipeline.itemCount) at frame 0", &check)
        }
        var previousOffset = pipeline.offset
        var simulator = ScrollSimulator(script: script, hz: hz)
        var output = FrameOutput()
        var frames: [TrajectoryFrame] = []
        var rests: [PlacementFit.Rest] = []
        var logical: Int?
        var requested: (item: Int, itemsAway: Int, frame: Int)?
        while let frame = simulator.next(currentOffset: pipeline.offset, snap: PipelineSnapResolver(pipeline: pipeline)) {
            let frameStart = pipeline.offset
            pipeline.apply(frame, into: &output)
            frames.append(frame)
            check.frames += 1
            check.checksum = output.checksum(into: check.checksum)
            if output.centerChanged { check.centerEvents += 1 }
            let placement = pipeline.placement
            if output.jumped {
                check.jumps += 1
                let catalogWidth = Double(catalogCount) * placement.pitch
                let widths = (output.offset - (previousOffset + frame.delta)) / catalogWidth
                if abs(widths - widths.rounded()) > 1e-6 { check.visibleJumps += 1 }
            }
            previousOffset = output.offset
            if case let .released(_, _, promised) = frame.phase, output.snapTarget != promised {
                check.snapMismatches += 1
                note("frame \(frame.frame): the release snapped to \(output.snapTarget.map { "\($0)" } ?? "nothing"), "
                     + "snapTarget promised \(promised)", &check)
            }
            checkScrollByCode(frame, output: output, before: logical, requested: &requested, catalogCount: catalogCount,
                              itemCount: pipeline.itemCount, from: frameStart, pitch: placement.pitch, into: &check)
            logical = output.centredCatalogItem(catalogCount: catalogCount)
            if !output.visible.isEmpty { check.framesWithItems += 1 }
            if case .didEndDecelerating = frame.phase {
                let position = placement.position(offset: output.offset)
                if abs(position) < 1e15, abs(position - position.rounded()) > 1e-6 { check.offCentreRests += 1 }
                if let centre = output.centerItem, pipeline.geometry.viewportWidth == startWidth {
                    rests.append(PlacementFit.Rest(offset: output.offset, item: centre))
                }
            }
            inspect(output, frame: frame.frame, pipeline: pipeline, traits: traits, into: &check)
        }
        // Nothing on screen is the cause of whatever else failed: it is the finding.
        if check.framesWithItems == 0 && !check.laysOutNothing {
            check.firstFailure = "lays out no item: none of its \(check.frames) frames shows one (frame 0 at offset \(startOffset))"
        }
        check.restPlacement = PlacementFit.fit(rests, declared: check.declaredPlacement!)
        // A centre failure names the declared placement and, when they differ, the one its own rests fit.
        if check.centerMismatches > 0, let failure = check.firstFailure, failure.hasSuffix(PlacementFit.marker),
           let declared = check.declaredPlacement {
            var line = failure.dropLast(PlacementFit.marker.count) + " under the declared placement (\(declared))"
            if let fitted = check.restPlacement, !fitted.isClose(to: declared) {
                line += "; its rests put item k at \(fitted.offsetFormula) (\(fitted))"
            }
            check.firstFailure = String(line)
        }
        let livePlay = ScrollRecording(hz: hz, startOffset: startOffset, frames: frames)
        if let recording, recording.frames != frames {
            check.recordingMatchesLivePlay = false
            note("the benchmark's recording (\(recording.frames.count) frames) is not the live play (\(frames.count))", &check)
        }
        var replay = PipelineReplay(initial: make(), recording: recording ?? livePlay)
        check.replayChecksum = replay.run(frames: check.frames)
        if check.replayChecksum != check.checksum { note("replay checksum differs from the live play", &check) }
        return (check, livePlay)
    }

    /// A scroll by code (Docs/ALGORITHMS.md, "Scrolls by code"): its target as the frame ran it must be the one the
    /// pipeline promised; it must not be refused; where it ends (its last frame), the item `itemsAway` from the one
    /// centred before it (modulo `n`) must be centred.
    static func checkScrollByCode(_ frame: TrajectoryFrame, output: FrameOutput, before: Int?,
                                  requested: inout (item: Int, itemsAway: Int, frame: Int)?, catalogCount: Int,
                                  itemCount: Int, from start: Double, pitch: Double, into check: inout PipelineCheck) {
        switch frame.phase {
        case let .scrolledByCode(itemsAway, promised, animated, _):
            check.scrollsByCode += 1
            let items = abs(promised - start) / pitch
            if items > Double(abs(itemsAway)) + 0.5 {
                check.longScrolls += 1
                if check.firstLongScroll == nil {
                    check.firstLongScroll = "frame \(frame.frame): a scroll by code to the item \(itemsAway) away travels "
                        + "\(Int(items.rounded())) items (\(Int((promised - start).rounded())) pt)"
                }
            }
            if output.snapTarget != promised {
                check.snapMismatches += 1
                note("frame \(frame.frame): the scroll by code went to \(output.snapTarget.map { "\($0)" } ?? "nothing"), "
                     + "scrollToItemTarget promised \(promised)", &check)
            }
            requested = before.map { (catalogIndex($0 + itemsAway, catalogCount: catalogCount), itemsAway, frame.frame) }
            if !animated { fallthrough }
        case .didEndScrollingAnimation:
            guard let asked = requested else { return }
            requested = nil
            let centred = output.centredCatalogItem(catalogCount: catalogCount)
            if centred != asked.item {
                check.scrollsEndingElsewhere += 1
                noteScroll("frame \(frame.frame): the scroll by code from frame \(asked.frame) (\(Self.items(asked.itemsAway)) away) "
                     + "asked for item \(asked.item) and rests on \(centred.map { "\($0)" } ?? "no item")", &check)
            }
        case let .scrollRefused(itemsAway):
            check.scrollsByCode += 1
            check.refusedScrolls += 1
            let refusal = "frame \(frame.frame): a scroll by code \(Self.items(itemsAway)) away from item \(before.map { "\($0)" } ?? "none") "
                + "asks for an index path past its \(Self.items(itemCount)) (UIKit raises NSInternalInconsistencyException)"
            noteScroll(refusal, &check)
            if check.firstRefusal == nil { check.firstRefusal = refusal }
        default:
            break
        }
    }

    /// "1 item", "-1 item", "2 items".
    public static func items(_ count: Int) -> String { abs(count) == 1 ? "\(count) item" : "\(count) items" }

    static func inspect<P: CarouselPipeline>(_ output: FrameOutput, frame: Int, pipeline: P, traits: PipelineTraits,
                                             into check: inout PipelineCheck) {
        let itemCount = pipeline.itemCount
        if let logical = output.logicalIndex, !(0..<pipeline.catalogCount).contains(logical) {
            check.indexOutOfRange += 1
            note("frame \(frame): logical index \(logical) outside [0, \(pipeline.catalogCount))", &check)
        }
        for element in output.visible {
            if !(0..<itemCount).contains(element.item) {
                check.indexOutOfRange += 1
                note("frame \(frame): visible item \(element.item) outside [0, \(itemCount))", &check)
            }
            if !pipeline.scaleRange.contains(element.scale) {
                check.scaleOutOfRange += 1
                note("frame \(frame): item \(element.item) scale \(element.scale) outside \(pipeline.scaleRange)", &check)
            }
            if !(0...1).contains(element.alpha) { check.alphaOutOfRange += 1 }
        }
        guard let reference = pipeline.placement.centredItem(offset: output.offset, itemCount: itemCount,
                                                             catalogCount: pipeline.catalogCount) else { return }
        guard let center = output.centerItem else {
            check.missingCenters += 1
            if !traits.centerMayBeMissing {
                check.centerMismatches += 1
                note("frame \(frame): no centre at offset \(output.offset), reference \(reference)" + PlacementFit.marker, &check)
            }
            return
        }
        if center == reference { return }
        if traits.centerMayBeNeighbour && abs(center - reference) == 1 {
            check.neighbourCenters += 1
            return
        }
        check.centerMismatches += 1
        note("frame \(frame): centre \(center) at offset \(output.offset), reference \(reference)" + PlacementFit.marker, &check)
    }

    /// A scroll-by-code failure: the check's first failure and its first scroll failure.
    static func noteScroll(_ failure: String, _ check: inout PipelineCheck) {
        note(failure, &check)
        if check.firstScrollFailure == nil { check.firstScrollFailure = failure }
    }

    static func note(_ failure: String, _ check: inout PipelineCheck) {
        if check.firstFailure == nil { check.firstFailure = failure }
    }
}
