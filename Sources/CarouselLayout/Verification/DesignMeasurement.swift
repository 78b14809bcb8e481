/// The four criteria of the carousel the design asks for (Docs/ALGORITHMS.md, "Design criteria, measured").
public enum DesignCriterion: String, CaseIterable, Sendable, Hashable {
    case infinite
    case centreFocused = "centre-focused"
    case invisibleWrap = "invisible wrap"
    case currentTransforms = "current transforms"
}

/// One value per design criterion.
public struct DesignCriteria: Sendable, Equatable {
    public var infinite: Bool
    public var centreFocused: Bool
    public var invisibleWrap: Bool
    public var currentTransforms: Bool

    public init(infinite: Bool, centreFocused: Bool, invisibleWrap: Bool, currentTransforms: Bool) {
        self.infinite = infinite
        self.centreFocused = centreFocused
        self.invisibleWrap = invisibleWrap
        self.currentTransforms = currentTransforms
    }

    public subscript(criterion: DesignCriterion) -> Bool {
        get {
            switch criterion {
            case .infinite: infinite
            case .centreFocused: centreFocused
            case .invisibleWrap: invisibleWrap
            case .currentTransforms: currentTransforms
            }
        }
        set {
            switch criterion {
            case .infinite: infinite = newValue
            case .centreFocused: centreFocused = newValue
            case .invisibleWrap: invisibleWrap = newValue
            case .currentTransforms: currentTransforms = newValue
            }
        }
    }

    /// Every criterion met.
    public var all: Bool { DesignCriterion.allCases.allSatisfy { self[$0] } }
}

/// What one implementation's frames show of the four design criteria at one catalog size, beside what it declares.
///
/// Measured from its frames (Docs/ALGORITHMS.md, "Design criteria, measured"):
/// - **infinite**: the standard trajectory played with every stroke turned rightward, then every stroke leftward (its
///   own drags, flicks, pauses and rotation: the trajectory's distance each way) never reaches an end: the viewport's
///   centre never passes the first or last item's centre by more than half a pitch, the offset never stops short of
///   where the frame's delta takes it without a wrap jump (a scroll view stopping at its edge), and every frame shows
///   an item;
/// - **centre-focused**: over the standard trajectory, no visible item is drawn larger than the centred one (the
///   item at the viewport's centre under the pipeline's placement), and some item is drawn smaller;
/// - **invisible wrap**: over the standard trajectory, every wrap jump moves the offset by a whole number of catalog
///   widths (`n · pitch`);
/// - **current transforms**: at sampled frames of the standard trajectory (every rotation and the two frames after
///   it, every release, every 64th frame), the transforms shown equal those a fresh pipeline shows when brought to
///   the same offset by still frames (after the play's rotations before the sample, each made from the offset the
///   play turned at): what the layout computes for that offset, without the scrolling in between. A transform kept
///   from an earlier offset (stale between queries, skipped on a rotation, sized at the last release) differs. The
///   offset is reached as a scroll reaches it, by a still frame to 8 pt short of it and one of the last 8 pt (the cells
///   that come on screen in the first are on screen when the second asks the layout; an offset the fresh pipeline is
///   already at is first left by half a screen), then a frame that does not move lets a layout finish what it does a
///   frame later (work queued for the main queue). Items shown on one side only are not compared (a transform, not a
///   visibility, check).
///
/// Declared: `infinite` and `centreFocused` of the pipeline's traits (`PipelineTraits`), infinite as its policies
/// make it at this size; nothing is declared for the other two (a carousel claims both). Each declared value the
/// measurement contradicts, and each declared policy its frames break, is one line of `disagreements`, naming both.
public struct DesignMeasurement: Sendable, Equatable {
    public var id: String
    public var catalogCount: Int
    /// `infinite` (under its policies at this size) and `centreFocused` as declared; the other two are `true`.
    public var declared: DesignCriteria
    public var measured: DesignCriteria
    /// A few words per criterion: what the frames show, or the first frame that breaks it.
    public var evidence: [DesignCriterion: String] = [:]
    /// One line per declared criterion or policy the frames contradict, naming both values.
    public var disagreements: [String] = []
    /// The declared policies, each as `description`.
    public var policies: [String] = []

    /// The criteria that can be declared (the others are claimed by every carousel).
    public static let declarable: [DesignCriterion] = [.infinite, .centreFocused]

    /// Why the frames fall short of the design: the evidence of each criterion not met, in criterion order.
    public var defects: [String] {
        DesignCriterion.allCases.filter { !measured[$0] }.map { evidence[$0] ?? $0.rawValue }
    }
}

/// Plays that measure the design criteria (see `DesignMeasurement`).
public enum DesignMeasuring {
    /// Frames of the standard trajectory sampled for "current transforms" besides rotations and releases.
    static let sampleEvery = 64
    /// The last still frame's move when a fresh pipeline is brought to a sampled offset (points: a scroll's frame).
    static let lastStep = 8.0
    /// Scale, alpha and translation within this of the fresh pipeline's count as the same.
    static let transformTolerance = 1e-6

    /// Measures pipeline type `type` at `catalogCount` over the standard trajectory at `hz`.
    /// - Complexity: three plays of the trajectory, plus a few still frames of a fresh pipeline per sampled frame.
    public static func measure<P: CarouselPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry = .default,
                                                    hz: Double = 120) -> DesignMeasurement {
        measure(catalogCount: catalogCount, hz: hz) { P(catalogCount: catalogCount, geometry: geometry) }
    }

    /// Measures a UIKit pipeline under `switches` (its own frames, not its core's).
    public static func measure<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry = .default,
                                                 switches: UIKitSwitches, hz: Double = 120) -> DesignMeasurement {
        measure(catalogCount: catalogCount, hz: hz) { P(catalogCount: catalogCount, geometry: geometry, switches: switches) }
    }

    /// The standard script with every drag, flick and scroll by code turned to `sign` (+1 rightward, −1 leftward), its pauses and
    /// rotations kept: the trajectory's distance in one direction.
    public static func oneWay(_ script: ScrollScript, sign: Double) -> ScrollScript {
        ScrollScript(script.gestures.map { gesture in
            switch gesture {
            case let .drag(velocity, duration): .drag(velocity: sign * abs(velocity), duration: duration)
            case let .flick(velocity, rate): .flick(velocity: sign * abs(velocity), decelerationRate: rate)
            case let .scrollToItem(itemsAway, duration): .scrollToItem(itemsAway: Int(sign) * abs(itemsAway), duration: duration)
            case let .tap(itemsAway): .tap(itemsAway: Int(sign) * abs(itemsAway))
            case let .reloadAndScrollToItem(itemsAway): .reloadAndScrollToItem(itemsAway: Int(sign) * abs(itemsAway))
            case .rotate, .pause: gesture
            }
        })
    }

    /// Measures the pipelines `make` builds (each play and each sample from a fresh one).
    public static func measure<P: CarouselPipeline>(catalogCount: Int, script: ScrollScript = PipelineVerification.standardScript(),
                                                    hz: Double = 120, make: () -> P) -> DesignMeasurement {
        let traits = P.traits
        let declared = DesignCriteria(infinite: traits.declaresInfinite(catalogCount: catalogCount),
                                      centreFocused: traits.centreFocused, invisibleWrap: true, currentTransforms: true)
        var result = DesignMeasurement(id: P.id, catalogCount: catalogCount, declared: declared, measured: declared,
                                       policies: traits.policies.map(\.description))
        let window = traits.policies.filter { $0.kind == .window }.map(\.catalogCount).min()
        var windowBreach: String?

        // The standard trajectory: focus, wrap jumps, the window, and the frames sampled for current transforms.
        var pipeline = make()
        var focus = FocusTally()
        var visibleJump: String?
        var jumps = 0
        var samples: [Sample] = []
        var rotations: [Rotation] = []
        var previousOffset = pipeline.offset
        var sinceRotation = Int.max
        play(&pipeline, script: script, hz: hz) { frame, output, pipeline in
            let placement = pipeline.placement
            focus.add(output, frame: frame.frame, placement: placement, itemCount: pipeline.itemCount,
                      catalogCount: pipeline.catalogCount)
            if output.jumped {
                jumps += 1
                let width = Double(pipeline.catalogCount) * placement.pitch
                let moved = output.offset - (previousOffset + frame.delta)
                if visibleJump == nil, abs(moved / width - (moved / width).rounded()) > 1e-6 {
                    visibleJump = "visible wrap jump: frame \(frame.frame) moved \(ItemPlacement.points(moved)) pt, "
                        + "not a whole number of catalog widths (\(ItemPlacement.points(width)) pt)"
                }
            }
            if case let .rotated(width) = frame.phase { rotations.append(Rotation(offsetBefore: previousOffset, width: width)) }
            previousOffset = output.offset
            if let window, windowBreach == nil, output.visible.count > min(window, pipeline.catalogCount) {
                windowBreach = "frame \(frame.frame) shows \(output.visible.count) items"
            }
            var sampled = frame.frame % sampleEvery == 0 || sinceRotation <= 2
            switch frame.phase {
            case .rotated: sinceRotation = 0; sampled = true
            case .released: sampled = true
            default: break
            }
            sinceRotation = sinceRotation == .max ? .max : sinceRotation + 1
            if sampled {
                samples.append(Sample(frame: frame.frame, offset: output.offset, rotations: rotations.count,
                                      visible: output.visible))
            }
        }

        // Centre-focused. With the centred item alone on every frame (a one-item finite carousel) there is nothing to
        // draw smaller: the declaration stands, and the evidence says why.
        result.measured.centreFocused = focus.frames == 0 ? result.declared.centreFocused : focus.larger == nil && focus.smallerSeen
        result.evidence[.centreFocused] = if focus.frames == 0 {
            "nothing to compare: the centred item is alone on screen on every frame"
        } else if let larger = focus.larger {
            "not centre-focused: \(larger)"
        } else if !focus.smallerSeen {
            "no focus transform: every item is drawn at the centred item's scale"
        } else {
            "the centred item is drawn largest on every frame (\(focus.frames) frames compared)"
        }

        // Invisible wrap.
        result.measured.invisibleWrap = visibleJump == nil
        result.evidence[.invisibleWrap] = visibleJump ?? (jumps == 0 ? "no wrap jump" : "\(jumps) wrap jumps, each whole catalog widths")

        // Current transforms: each sample against a fresh pipeline brought to its offset.
        var stale: String?
        var compared = 0
        for sample in samples where stale == nil {
            var fresh = make()
            var output = FrameOutput()
            var frame = 0
            func still(_ delta: Double) {
                fresh.apply(TrajectoryFrame(frame: frame, delta: delta, phase: .settled), into: &output)
                frame += 1
            }
            // Still frames to `offset`: to `lastStep` short of it, then the last step, as a scroll arrives (the cells
            // that come on screen in the first are on screen when the second asks the layout). From half a screen
            // away, on whichever side the content allows, when already there.
            func move(to offset: Double) {
                if abs(offset - fresh.offset) < 2 * lastStep {
                    still(fresh.geometry.viewportWidth / 2)
                    if abs(offset - fresh.offset) < 2 * lastStep { still(-fresh.geometry.viewportWidth) }
                }
                let direction: Double = offset > fresh.offset ? 1 : -1
                still(offset - direction * lastStep - fresh.offset)
                still(offset - fresh.offset)
            }
            // The rotations before the sample, each from the offset the play turned at (what a rotation restores
            // depends on it), then the sample's offset.
            for rotation in rotations.prefix(sample.rotations) {
                move(to: rotation.offsetBefore)
                fresh.apply(TrajectoryFrame(frame: frame, delta: 0, phase: .rotated(width: rotation.width)), into: &output)
                frame += 1
            }
            move(to: sample.offset)
            // A frame that does not move, for what a layout finishes a frame later (work it queued for the main queue).
            still(0)
            guard abs(output.offset - sample.offset) <= 1e-6 * max(1, abs(sample.offset)) else { continue }
            compared += 1
            stale = Self.difference(shown: sample.visible, computed: output.visible).map {
                "frame \(sample.frame) at offset \(ItemPlacement.points(sample.offset)): \($0)"
            }
        }
        result.measured.currentTransforms = stale == nil
        result.evidence[.currentTransforms] = stale.map { "transforms not the current offset's: \($0)" }
            ?? "\(compared) sampled frames show what a fresh layout computes at their offset"

        // Infinite: the trajectory's distance rightward, then leftward.
        var end: String?
        var travelled: [Double] = []
        for (sign, name) in [(1.0, "rightward"), (-1.0, "leftward")] where end == nil {
            var oneWay = make()
            var previous = oneWay.offset
            var distance = 0.0
            play(&oneWay, script: Self.oneWay(script, sign: sign), hz: hz) { frame, output, oneWay in
                defer { previous = output.offset }
                if let window, windowBreach == nil, output.visible.count > min(window, oneWay.catalogCount) {
                    windowBreach = "frame \(frame.frame) of the \(name) play shows \(output.visible.count) items"
                }
                guard end == nil else { return }
                if case .rotated = frame.phase { return }
                distance += abs(frame.delta)
                let placement = oneWay.placement
                let position = placement.position(offset: output.offset)
                let last = Double(oneWay.itemCount - 1)
                let at = "frame \(frame.frame) of the \(name) play, offset \(ItemPlacement.points(output.offset))"
                if !placement.wrapsModulo, position < -0.5 || position > last + 0.5 {
                    let past = position < 0 ? -position : position - last
                    end = "reaches an end: \(at), the centre \(ItemPlacement.points(past)) items past the "
                        + (position < 0 ? "first" : "last") + " item's"
                } else if !output.jumped, abs(output.offset - (previous + frame.delta)) > 1e-6 * max(1, abs(previous)) {
                    end = "reaches an end: \(at), stopped \(ItemPlacement.points(previous + frame.delta - output.offset)) pt "
                        + "short of the frame's delta"
                } else if output.visible.isEmpty {
                    end = "reaches an end: \(at), no item on screen"
                }
            }
            travelled.append(distance)
        }
        result.measured.infinite = end == nil
        result.evidence[.infinite] = end ?? "no end in \(ItemPlacement.points(travelled.min() ?? 0)) pt scrolled each way"

        // Declarations the frames contradict.
        for criterion in DesignMeasurement.declarable where result.declared[criterion] != result.measured[criterion] {
            let said = result.declared[criterion] ? criterion.rawValue : "not \(criterion.rawValue)"
            let seen = result.measured[criterion] ? criterion.rawValue : "not \(criterion.rawValue)"
            var source: String
            if criterion == .infinite {
                source = traits.infinite == traits.wraps ? "traits.wraps" : "traits.infinite"
                let fallbacks = traits.policies.filter { $0.kind == .finiteBelow }
                if !fallbacks.isEmpty { source += " and its policy " + fallbacks.map(\.description).joined(separator: ", ") }
            } else {
                source = traits.centreFocused == (traits.scaleRange.lowerBound < 1)
                    ? "traits.scaleRange \(traits.scaleRange)" : "traits.centreFocused"
            }
            result.disagreements.append("\(P.id) n = \(catalogCount): declares \(said) (\(source)), its frames are "
                                        + "\(seen): \(result.evidence[criterion] ?? "")")
        }
        if let window, let windowBreach {
            result.disagreements.append("\(P.id) n = \(catalogCount): declares that it lays out at most \(window) items, "
                                        + "its frames show more: \(windowBreach)")
        }
        return result
    }

    /// Plays `script` live through `pipeline` (its snap decides each landing), handing `body` each frame, its output
    /// and the pipeline after it.
    static func play<P: CarouselPipeline>(_ pipeline: inout P, script: ScrollScript, hz: Double,
                                          body: (TrajectoryFrame, FrameOutput, P) -> Void) {
        var simulator = ScrollSimulator(script: script, hz: hz)
        var output = FrameOutput()
        while let frame = simulator.next(currentOffset: pipeline.offset, snap: PipelineSnapResolver(pipeline: pipeline)) {
            pipeline.apply(frame, into: &output)
            body(frame, output, pipeline)
        }
    }

    /// One frame kept for the current-transforms check: its offset, how many rotations of the play came before it (or
    /// in it), and what it showed.
    struct Sample {
        var frame: Int
        var offset: Double
        var rotations: Int
        var visible: [VisibleItem]
    }

    /// A rotation of the play: the offset it turned at, and the width it turned to.
    struct Rotation {
        var offsetBefore: Double
        var width: Double
    }

    /// The first item whose shown transform differs from the computed one (items matched by index, in order), nil
    /// when all agree. Items shown on one side only are not transforms and are left out.
    static func difference(shown: [VisibleItem], computed: [VisibleItem]) -> String? {
        var unmatched = computed
        for item in shown {
            guard let index = unmatched.firstIndex(where: { $0.item == item.item }) else { continue }
            let other = unmatched.remove(at: index)
            for (name, a, b) in [("scale", item.scale, other.scale), ("alpha", item.alpha, other.alpha),
                                 ("translation", item.translationX, other.translationX)]
            where !(abs(a - b) <= transformTolerance) {
                return "item \(item.item) shows \(name) \(a), the layout computes \(b) there"
            }
        }
        return nil
    }

    /// The centre-focus tally over a play.
    struct FocusTally {
        /// The first frame where another item is drawn larger than the centred one.
        var larger: String?
        /// Some frame drew another item smaller than the centred one.
        var smallerSeen = false
        /// Frames with the centred item and another visible.
        var frames = 0

        mutating func add(_ output: FrameOutput, frame: Int, placement: ItemPlacement, itemCount: Int, catalogCount: Int) {
            guard let centre = placement.centredItem(offset: output.offset, itemCount: itemCount, catalogCount: catalogCount)
            else { return }
            // The centred item's largest copy is the one at the centre; its other copies (a catalog of fewer items than
            // the screen shows, repeated) count as other items.
            var centreScale = -Double.infinity
            var others: [VisibleItem] = []
            var copies: [VisibleItem] = []
            for item in output.visible {
                if item.item == centre { copies.append(item) } else { others.append(item) }
            }
            if let largest = copies.indices.max(by: { copies[$0].scale < copies[$1].scale }) {
                centreScale = copies[largest].scale
                copies.remove(at: largest)
                others += copies
            }
            guard centreScale > -.infinity, !others.isEmpty else { return }
            frames += 1
            for other in others {
                if other.scale > centreScale + 1e-9, larger == nil {
                    larger = "frame \(frame): item \(other.item) is drawn at scale \(other.scale), "
                        + "the centred item \(centre) at \(centreScale)"
                }
                if other.scale < centreScale - 1e-9 { smallerSeen = true }
            }
        }
    }
}

extension UIKitNamedDifference {
    /// The differences from the core that change what the user sees of the transforms: a UIKit view showing any of
    /// them does not show the current offset's transforms (the report's "current transforms").
    public static let visual: [UIKitNamedDifference] = [
        .staleTransformsBetweenQueries, .transformFromTransformedFrame, .rotationSkipsHandler, .pageSeamItemNotReturned,
    ]
}

extension DesignMeasurement {
    /// A UIKit view's measurement from its core's and its agreement with the core: what the core's frames show, except
    /// that a visual difference UIKit causes (`UIKitNamedDifference.visual`) means its transforms are not current.
    public static func view(_ uikitID: String, core: DesignMeasurement, agreements: [AgreementReport]) -> DesignMeasurement {
        var view = core
        view.id = uikitID
        view.disagreements = []   // the core's row names them
        let seen = UIKitNamedDifference.visual.filter { difference in
            agreements.contains { $0.catalogCount == core.catalogCount && ($0.allowed[difference] ?? 0) > 0 }
        }
        if !seen.isEmpty {
            view.measured.currentTransforms = false
            view.evidence[.currentTransforms] = "transforms not the current offset's: "
                + seen.map(\.rawValue).joined(separator: ", ") + " (frame by frame against \(core.id))"
        }
        return view
    }
}

extension Implementation {
    /// Measures the design criteria at each of `catalogs` (within its limit): of its core when it has one (its UIKit view
    /// then from the core's and `agreements`, the view's frame-by-frame comparisons with it), else of its UIKit view
    /// under `switches`. One `DesignMeasurement` per view and catalog: the core's first.
    /// - Complexity: three plays of the standard trajectory per catalog, plus the sampled frames' fresh pipelines.
    public func measureDesign(catalogs: [Int], geometry: CarouselGeometry = .default, switches: UIKitSwitches = .default,
                              hz: Double = 120, agreements: [AgreementReport] = []) -> [DesignMeasurement] {
        var result: [DesignMeasurement] = []
        for catalog in catalogs where catalog <= largestCatalog {
            if let core {
                let measured = DesignMeasuring.measure(core, catalogCount: catalog, geometry: geometry, hz: hz)
                result.append(measured)
                if let uikit {
                    result.append(.view(uikit.id, core: measured, agreements: agreements.filter { $0.id == uikit.id }))
                }
            } else if let uikit {
                result.append(DesignMeasuring.measure(uikit, catalogCount: catalog, geometry: geometry, switches: switches, hz: hz))
            }
        }
        return result
    }
}
