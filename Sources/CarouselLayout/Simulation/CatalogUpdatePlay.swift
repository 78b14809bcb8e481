/// The catalogue updates an app makes while its carousel rests, as `trace --gesture catalogue-update` plays and
/// times them (Docs/SCENARIO-COSTS.md): after a rest of 0.05 s, 12 updates 0.1 s apart, each the design's way, cycling
/// through the verified updates that bring the catalogue back to its size: insert 2 at the end, delete 1 in the
/// middle, delete 1 at the end, reverse. The carousel rests between two updates: a still frame at every display frame.
///
///     CatalogUpdateScenario.frames(hz: 120).prefix(7)   // [nil, nil, nil, nil, nil, nil, .insertAtEnd(2)]
public enum CatalogUpdateScenario {
    /// The scenario's name, as `trace --gesture` takes it.
    public static let name = "catalogue-update"
    /// The updates, in the order they come round.
    public static let cycle: [CatalogUpdate] = [.insertAtEnd(2), .deleteInMiddle(1), .deleteAtEnd(1), .reverse]
    /// The updates one play makes.
    public static let updates = 12
    /// The seconds of rest before the first update, and between two updates.
    public static let firstRest = 0.05, interval = 0.1

    /// What each display frame at `hz` does: nil for a still frame, else the update the app makes before it.
    public static func frames(hz: Double) -> [CatalogUpdate?] {
        let between = max(1, Int((interval * hz).rounded()))
        var frames = [CatalogUpdate?](repeating: nil, count: Int((firstRest * hz).rounded()))
        for index in 0..<updates {
            frames.append(cycle[index % cycle.count])
            frames += repeatElement(nil, count: between - 1)
        }
        return frames
    }

    /// What it plays, for the help.
    public static let summary = "12 catalogue updates 0.1 s apart, each the design's way (insert 2 at the end, delete 1 in the middle, delete 1 at the end, reverse, in turn)"
}

/// One view of a design playing catalogue updates frame by frame (`CatalogUpdateScenario`): a still frame, or the
/// app's update and the frame that shows it. A core takes the update as its design's path places it
/// (`CarouselPipeline.updatedCatalog`); a UIKit view through its scene (`UIKitLifecycle.updateCatalog`), then the
/// frame's layout pass.
public struct CatalogUpdatePlay<P: CarouselPipeline> {
    public var pipeline: P
    /// The last frame's output.
    public var output = FrameOutput()
    /// The frames played so far (a core's update plays two or three frames of the new core in one display frame).
    @usableFromInline var frame = 0
    @usableFromInline let applyUpdate: (inout P, CatalogUpdate, inout Int, inout FrameOutput) -> Void
    @usableFromInline var tracker = FrameEventTracker()

    @usableFromInline
    init(_ pipeline: P, applyUpdate: @escaping (inout P, CatalogUpdate, inout Int, inout FrameOutput) -> Void) {
        self.pipeline = pipeline
        self.applyUpdate = applyUpdate
    }

    /// A core's play: an update rebuilds it for the new count (`updatedCatalog`).
    public static func core(_ pipeline: P) -> Self {
        Self(pipeline) { pipeline, update, frame, output in
            let centred = output.centredCatalogItem(catalogCount: pipeline.catalogCount) ?? 0
            pipeline = pipeline.updatedCatalog(update, centred: centred, frame: &frame, into: &output).core
        }
    }

    /// One display frame: the app's `update` first when there is one, then the frame.
    @inlinable
    public mutating func play(_ update: CatalogUpdate?) {
        if let update {
            applyUpdate(&pipeline, update, &frame, &output)
        } else {
            pipeline.playFrame(movingTo: nil, frame: &frame, into: &output)
        }
    }

    /// The event of the frame just played as `update` (`catalogue update`, or what a still frame shows).
    public mutating func event(_ update: CatalogUpdate?) -> FrameEvent {
        let still = tracker.next(TrajectoryFrame(frame: frame, delta: 0, phase: .settled), output)
        return update == nil ? still : .catalogueUpdate
    }
}

extension CatalogUpdatePlay where P: UIKitPipeline {
    /// A UIKit view's play: an update goes through its scene, the design's data-source path
    /// (`UIKitScene.updateCatalog`), then the frame's layout pass shows it.
    public static func uikit(_ pipeline: P) -> Self {
        Self(pipeline) { pipeline, update, frame, output in
            _ = pipeline.updateCatalog(update)
            pipeline.playFrame(movingTo: nil, frame: &frame, into: &output)
        }
    }
}

extension CarouselPipeline {
    /// This core after `update`, placed as its design's path places it (`catalogUpdate`): a core built for the new
    /// count and its first frame, then either a scroll by code without animation to the item the update keeps
    /// (`scrollToItemTarget`) or the offset this core showed, kept within the new content. `centred` is the catalogue
    /// item centred before; the frames are played into `output`, numbered from `frame`. `scrolled` is false when the
    /// design recentres and has no copy of the kept item to scroll to (UIKit raises there, S5): the new core is left
    /// at its start.
    public func updatedCatalog(_ update: CatalogUpdate, centred: Int, frame: inout Int,
                               into output: inout FrameOutput) -> (core: Self, scrolled: Bool) {
        func play(_ core: inout Self, to target: Double? = nil, itemsAway: Int = 0) {
            core.playFrame(movingTo: target, itemsAway: itemsAway, frame: &frame, into: &output)
        }
        let expected = update.keptItem(centred, catalogCount: catalogCount)
        var updated = Self(catalogCount: update.newCount(from: catalogCount), geometry: geometry)
        play(&updated)
        switch Self.catalogUpdate {
        case .recentres:
            let startItem = output.centredCatalogItem(catalogCount: updated.catalogCount) ?? 0
            guard expected != startItem else { return (updated, true) }
            guard let target = updated.scrollToItemTarget(itemsAway: expected - startItem) else { return (updated, false) }
            play(&updated, to: target, itemsAway: expected - startItem)
        case .keepsOffset:
            let placement = updated.placement
            play(&updated, to: min(max(offset, placement.centeringOffset(item: 0)), placement.centeringOffset(item: updated.itemCount - 1)))
        }
        return (updated, true)
    }

    /// One frame numbered `frame` (then counted) into `output`: a scroll by code without animation to `target`, the
    /// item `itemsAway` (as after a reload), or a still frame when `target` is nil.
    @inlinable
    mutating func playFrame(movingTo target: Double?, itemsAway: Int = 0, frame: inout Int, into output: inout FrameOutput) {
        let phase: ScrollPhase = target.map { .scrolledByCode(itemsAway: itemsAway, targetOffset: $0, animated: false, trigger: .reload) } ?? .settled
        apply(TrajectoryFrame(frame: frame, delta: (target ?? offset) - offset, phase: phase), into: &output)
        frame += 1
    }
}
