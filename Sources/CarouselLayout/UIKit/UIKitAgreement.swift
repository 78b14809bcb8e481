/// Two views of one seed or peer, compared frame by frame: its core (`pipeline.<strategy>`, the algorithm over
/// plain values) and its UIKit pipeline (`uikit.<strategy>`, the same code on the UIKit model), each playing the
/// same script live.
///
///     let report = UIKitAgreement.compare(UIKitSeed000FlowPipeline.self, catalogCount: 300)
///     report.agrees                        // no difference the model cannot name
///     report.allowed[.staleTransformsBetweenQueries]   // frames where UIKit shows older transforms (F6, C2)
///
/// Both plays are split into gestures (a drag, a flick from release to rest, a pause, a rotation) and compared
/// gesture by gesture, frame by frame: offset, centre, logical index, centre-change event, wrap jump, snap target,
/// and the visible items with their scale, alpha and translation. A difference UIKit itself causes is counted
/// under its `UIKitNamedDifference`; any other is a mismatch, by field.
/// - Complexity: O(frames * k) plus the two plays.
public enum UIKitAgreement {
    /// Compares `type` with its core (`P.Core`; it must have one) over `script` at `hz` (the suite's standard
    /// trajectory at 120 Hz by default).
    public static func compare<P: UIKitPipeline>(
        _ type: P.Type, catalogCount: Int, geometry: CarouselGeometry = .default, switches: UIKitSwitches = .default,
        script: ScrollScript = PipelineVerification.standardScript(), hz: Double = 120
    ) -> AgreementReport {
        compareAndRecord(P.self, catalogCount: catalogCount, geometry: geometry, switches: switches, script: script, hz: hz).0
    }

    /// `compare`, and the UIKit pipeline's live play as a recording to replay (a benchmark that times the replay of
    /// the play it verified records nothing more: one play of the trajectory fewer).
    public static func compareAndRecord<P: UIKitPipeline>(
        _ type: P.Type, catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches, script: ScrollScript,
        hz: Double
    ) -> (AgreementReport, ScrollRecording) {
        precondition(P.hasCore, "\(P.id) has no core to agree with: verify it with PipelineVerification")
        let comparison = Comparison(catalogCount: catalogCount, geometry: geometry, switches: switches, script: script, hz: hz)
        let uikit = comparison.playUIKit(P.self)
        // The play's start: the offset before its first frame (a pipeline built for it would lay out N items again).
        let startOffset = uikit.first?.previousOffset ?? P(catalogCount: catalogCount, geometry: geometry, switches: switches).offset
        let recording = ScrollRecording(hz: hz, startOffset: startOffset, frames: uikit.map(\.frame))
        return (comparison.compare(P.self, uikit: uikit), recording)
    }

    /// One frame of a play, with what the comparison needs beyond `FrameOutput`.
    struct Row {
        var frame: TrajectoryFrame
        var output: FrameOutput
        /// The offset before the frame.
        var previousOffset: Double
        /// Every visible entry's centre in content coordinates (untransformed), in the output's order.
        var centers: [Double]
        var clamped = false
        /// The content's largest offset (UIKit) before the frame (what a release's target is kept within).
        var maxOffset = Double.infinity
        /// The pipeline's geometry after the frame (rotations change it).
        var geometry: CarouselGeometry
        /// A named difference the UIKit scene's own state holds after the frame (`UIKitScene.differenceInEffect`).
        var differenceInEffect: UIKitNamedDifference?
    }

    struct Comparison {
        let catalogCount: Int
        let geometry: CarouselGeometry
        let switches: UIKitSwitches
        let script: ScrollScript
        let hz: Double

        /// The UIKit pipeline's play `uikit` against its core's.
        func compare<P: UIKitPipeline>(_ type: P.Type, uikit: [Row]) -> AgreementReport {
            let core = CorePlay(catalogCount: catalogCount, geometry: geometry, script: script, hz: hz).visit(P.Core.self)
            var comparator = Comparator(P.self, catalogCount: catalogCount, switches: switches)
            comparator.compare(core: core, uikit: uikit)
            return comparator.report
        }

        func playUIKit<P: UIKitPipeline>(_ type: P.Type) -> [Row] {
            var pipeline = P(catalogCount: catalogCount, geometry: geometry, switches: switches)
            var simulator = ScrollSimulator(script: script, hz: hz)
            var output = FrameOutput()
            var rows: [Row] = []
            while let frame = simulator.next(currentOffset: pipeline.offset, snap: PipelineSnapResolver(pipeline: pipeline)) {
                let previous = pipeline.offset
                let maxOffset = pipeline.scene.collectionView.maxContentOffsetX
                pipeline.apply(frame, into: &output)
                let collectionView = pipeline.scene.collectionView!
                let centers = collectionView.displayedCells.map { $0.layoutAttributes?.center.x ?? .nan }
                rows.append(Row(frame: frame, output: output, previousOffset: previous, centers: centers,
                                clamped: collectionView.scrollWasClamped, maxOffset: maxOffset,
                                geometry: pipeline.geometry,
                                differenceInEffect: pipeline.scene.differenceInEffect
                                    ?? (collectionView.offsetReadjustedAtFrameChange ? .offsetReadjustedAtRotation : nil)))
            }
            return rows
        }
    }

    struct CorePlay {
        let catalogCount: Int
        let geometry: CarouselGeometry
        let script: ScrollScript
        let hz: Double

        func visit<P: CarouselPipeline>(_ type: P.Type) -> [Row] {
            var pipeline = P(catalogCount: catalogCount, geometry: geometry)
            var simulator = ScrollSimulator(script: script, hz: hz)
            var output = FrameOutput()
            var rows: [Row] = []
            while let frame = simulator.next(currentOffset: pipeline.offset, snap: PipelineSnapResolver(pipeline: pipeline)) {
                let previous = pipeline.offset
                pipeline.apply(frame, into: &output)
                let geometry = pipeline.geometry
                let centers: [Double]
                if P.traits.centerWrapsModulo {
                    // `pipeline.best` draws position `j` as item `j mod n`, from the first visible position on.
                    let first = ((output.offset - geometry.inset - geometry.itemWidth) / geometry.pitch).rounded(.up)
                    centers = output.visible.indices.map { geometry.itemCenter(Int(first) + $0) }
                } else {
                    centers = output.visible.map { geometry.itemCenter($0.item) }
                }
                rows.append(Row(frame: frame, output: output, previousOffset: previous, centers: centers, geometry: geometry))
            }
            return rows
        }
    }
}

/// What `UIKitAgreement.compare` found.
public struct AgreementReport: Sendable, Equatable {
    /// The fields compared per frame.
    public enum Field: String, CaseIterable, Sendable {
        case offset, centerItem, logicalIndex, centerChanged, jumped, snapTarget, visibleItems, transforms, frames
    }

    public let id: String
    public let catalogCount: Int
    public let switches: UIKitSwitches
    /// Frames of each play.
    public var coreFrames = 0
    public var uikitFrames = 0
    /// Frame pairs compared.
    public var framesCompared = 0
    /// Differences no named UIKit behaviour explains, by field (frames, for `.frames`: unpaired frames).
    public var mismatches: [Field: Int] = [:]
    /// Frames where a named UIKit behaviour explains a difference, by behaviour.
    public var allowed: [UIKitNamedDifference: Int] = [:]
    /// The first unexplained difference, for a report.
    public var firstMismatch: String?

    /// No unexplained difference.
    public var agrees: Bool { mismatches.values.allSatisfy { $0 == 0 } }

    /// Unexplained differences, all fields.
    public var mismatchCount: Int { mismatches.values.reduce(0, +) }
}

/// A way the UIKit pipeline's frames differ from its core's because UIKit does it that way.
public enum UIKitNamedDifference: String, CaseIterable, Sendable {
    /// `UIScrollView` stops a scroll at the content's edge (and, with `contentTargets=clamped`, keeps a release's
    /// target inside the content); the cores let a drag run past the end. From that frame until both rest on the same offset again, the
    /// two plays follow different paths.
    case clampedAtContentEdge = "clamped at content edge"
    /// A layout that does not invalidate on scroll (F6) is asked only when the bounds leave the validated rect
    /// (C1/C2): the cells keep the transforms of the last query.
    case staleTransformsBetweenQueries = "stale transforms between queries"
    /// The collection view finds visible items by their frames in its R-tree, which are the transformed
    /// bounding boxes (F4): an item a transform shrinks out of (or moves into) the viewport is hidden (shown).
    case transformedFrameVisibility = "visibility by transformed frame"
    /// Seed 000 v2's handler reads `item.frame`, the bounding box its previous transform left (K3 + F4): its
    /// scale, translation and near-tie centre follow from that frame, not the untransformed one.
    case transformFromTransformedFrame = "transform from the transformed frame"
    /// The offset differs by whole catalog widths: `uikit.best` keeps room for deceleration targets and recentres
    /// rarely, FSPagerView's `adjustCollectionViewBounds` returns to the middle section on a size change; what is
    /// shown is the same.
    case offsetByWholeCatalogWidths = "offset by whole catalog widths"
    /// Seed 000 v2's handler does no per-item work while `isRotating` (lines 1238–1241): the rotation's frame
    /// shows the re-solved, untransformed items.
    case rotationSkipsHandler = "rotation frame skips the handler"
    /// InfiniteLayout's `layoutAttributesForElements(in:)` looks at the rect's own page and the next only
    /// (InfiniteLayout.swift lines 83–103): the previous page's last item, whose frame reaches across the seam
    /// into the rect, is not returned. The collection view still shows it when its validated rect starts on the
    /// previous page, as C1's rounding usually makes it; asked for exactly the visible rect it is missing. A tap where
    /// the core shows it meets no cell in UIKit's view, so the two plays part there (found at W = 1 024, n = 2, resting
    /// on item 4 000, the first of page 250).
    case pageSeamItemNotReturned = "page seam item not returned"
    /// InfiniteLayout takes a rect's page as `floor(x / P)` (`page(for:)`, InfiniteLayout.swift lines 105–111) and
    /// its place in the page as `x.truncatingRemainder(dividingBy: P)` (`rect(from:)`, lines 122–134). At an offset
    /// within rounding of a page boundary the two disagree: the division rounds up to the next page while the
    /// remainder is a hair short of `P`, so the visible rect is mapped one page too far and the preferred (centred)
    /// attributes come from the wrong page: the centred index is a page minus one item away until the offset
    /// leaves the seam. Found at n = 10, resting on item 20 000, the first item of page 250. The other way round,
    /// `layoutAttributesForItem(at:)` (lines 76–81) places an index path on `page(for:)` of the offset, so a
    /// `scrollToItem` from an offset on a seam whose division falls a hair short of the page targets the same item
    /// one page to the left (found at W = 1 024, n = 3: 4 495 680 / 17 982.72 = 249.999…), which shows the same items.
    case pageSeamRounding = "page seam rounding"
    /// C10: UIKit's hit test (`-_indexPathForItemAtPoint:`) takes every cell whose frame meets the 1x1 rect at the
    /// point, with no point-in-frame check: a point in the gap less than 1 pt before an item's edge hits that item,
    /// where the core's point test finds none.
    case hitByRect = "hit by a 1x1 rect"
    /// With `cellQueryValidation=no`, the hit test reads only what the collection view has validated: a point the
    /// scroll moved past the validated rect, before the frame's layout pass, finds no item where the core finds one.
    case hitOutsideValidatedRect = "hit test outside the validated rect"
    /// Seed 000 v2's `CenterFocusedCarouselLayout` learns its width only in `shouldInvalidateLayout(forBoundsChange:)`
    /// (seed 000 lines 381–389: `isRotating` needs a `currentWidth` from an earlier call), and the collection view
    /// asks that only when the bounds change (C7). A content no wider than the viewport (n = 1: one item and its
    /// centring insets, exactly one viewport) never scrolls, so a rotation is the first bounds change: `isRotating`
    /// stays false, `prepare` (lines 364–379) neither re-runs `configure(bounds:)` nor `restoreCenter()`, and the
    /// item keeps the portrait size and insets, off the landscape viewport's centre, until a later width change is
    /// recognised (the rotation back). The core re-solves at every rotation.
    case rotationTakenAsFirstBoundsChange = "rotation taken as the first bounds change"
    /// InfiniteLayout is infinite only when one page of content is at least `minimumContentSize`, four times the
    /// screen's longer side (InfiniteLayout.swift lines 51–66, `hasValidLayout`); below it the content is the one
    /// page, `loopCollectionViewIfNeeded` returns at once (line 166) and the collection view starts at 0 and stops at
    /// the page's edges: a finite carousel (n = 1 on the default portrait geometry, whose page of `k = 8` items is
    /// 2 342.4 pt, under 3 376). The core keeps the 500 pages at every size.
    case finiteBelowMinimumContent = "finite below the minimum content size"
    /// C22: the collection view's cells-in-rect filter is `CGRectIntersectsRect`, strict
    /// (`__93__UICollectionViewData__layoutAttributesFromMapForElementsInRect_…_block_invoke`): an item whose frame only
    /// shares an edge with the viewport is not shown, where the core's closed test (`Span.intersects`) counts it.
    case edgeTouchingItem = "edge-touching item"
    /// C21, with `rotationOffset=proportional`: after a width change its layout invalidates for, `setFrame:` puts the
    /// viewport's centre at the fraction of the new content where it was in the old, after the layout prepared
    /// inside that call. A pipeline whose own rotation handling ran first (in `prepare`, as seed 000 v2's
    /// `restoreCenter()` and FSPagerView's `adjustCollectionViewBounds` do) or does none then rests where UIKit put
    /// it; the core restores its centred item. From that rotation until both rest on the same offset again, the
    /// plays follow different paths.
    case offsetReadjustedAtRotation = "offset re-adjusted at the rotation"
    /// Seed 003 picks its centred item (its background image, `updateBackgroundImage`, lines 119–128) only in
    /// `scrollViewDidScroll` (line 234): until the first scroll its view names none, where the core names the item at
    /// the start offset.
    case noCentreBeforeFirstScroll = "no centre before the first scroll"
    /// S4: `scrollToItem` centres the item's `frame` as the layout gives it at the call, where the core centres the
    /// item's place (`ItemPlacement`). They differ where the frame is not at that place: a transform with a translation
    /// (the frame is the transformed bounding box, F4; seed 000 v2's handler shifts side items toward the centre by up
    /// to 15.6 pt) or a neighbour of another size (seed 003's enlarged centre cell pushes the items after it 15 pt
    /// right). From that scroll until both rest on the same offset again, the plays follow different paths.
    case scrollTargetFromItemFrame = "scroll by code to the item's frame"
}

/// The frame-by-frame comparison (see `UIKitAgreement`).
struct Comparator {
    let catalogCount: Int
    /// How far from the viewport's edge a transform can move an item's frame edge at a geometry.
    let visibilityMargin: (CarouselGeometry) -> Double
    let allowedDifferences: Set<UIKitNamedDifference>
    var report: AgreementReport
    /// A difference that has put the two plays on different paths until they rest on the same offset again.
    var episode: UIKitNamedDifference?
    /// Whether the previous frame's offset was on one of InfiniteLayout's page seams (`pageSeamRounding`).
    var previousOnSeam = false

    static let offsetTolerance = 1e-6
    static let transformTolerance = 1e-9
    static let translationTolerance = 1e-6

    init<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int, switches: UIKitSwitches) {
        self.catalogCount = catalogCount
        allowedDifferences = switches.rotationOffset == .proportional
            ? P.namedDifferences.union([.offsetReadjustedAtRotation]) : P.namedDifferences
        visibilityMargin = { P.visibilityMargin(geometry: $0) }
        report = AgreementReport(id: P.id, catalogCount: catalogCount, switches: switches)
    }

    mutating func compare(core: [UIKitAgreement.Row], uikit: [UIKitAgreement.Row]) {
        report.coreFrames = core.count
        report.uikitFrames = uikit.count
        let coreGestures = Self.gestures(core)
        let uikitGestures = Self.gestures(uikit)
        for index in 0..<max(coreGestures.count, uikitGestures.count) {
            guard index < coreGestures.count, index < uikitGestures.count else {
                unpaired(index < coreGestures.count ? coreGestures[index].count : uikitGestures[index].count, at: index)
                continue
            }
            let coreRows = coreGestures[index]
            let uikitRows = uikitGestures[index]
            if episode != nil, let first = coreRows.first, let other = uikitRows.first,
               Self.close(first.previousOffset, other.previousOffset) {
                episode = nil
            }
            for (coreRow, uikitRow) in zip(coreRows, uikitRows) {
                compareFrame(coreRow, uikitRow)
            }
            // A gesture one play ends early: a tap the other view's play did not answer ends a run of rests in one play
            // only. When a named difference explains it, the plays part for good (each taps near its own centre from
            // here on): the rest is counted under it, not compared.
            let paired = min(coreRows.count, uikitRows.count)
            let (i, j) = (coreRows.startIndex + paired, uikitRows.startIndex + paired)
            if i < core.count, j < uikit.count, let parting = partingTap(core[i - 1], core[i], uikit[j - 1], uikit[j]) {
                report.allowed[parting, default: 0] += max(core.count - i, uikit.count - j)
                return
            }
            if coreRows.count != uikitRows.count { unpaired(abs(coreRows.count - uikitRows.count), at: index) }
        }
    }

    /// The named difference that explains a tap the core's view answers and UIKit's does not: the tapped item is the
    /// previous page's last item, which the core shows and UIKit's view does not (`pageSeamItemNotReturned`), so the
    /// tap meets no cell there. Nil for any other frame.
    func partingTap(_ corePrevious: UIKitAgreement.Row, _ core: UIKitAgreement.Row, _ uikitPrevious: UIKitAgreement.Row,
                    _ uikit: UIKitAgreement.Row) -> UIKitNamedDifference? {
        guard allowedDifferences.contains(.pageSeamItemNotReturned),
              case let .scrolledByCode(itemsAway, _, _, .tap) = core.frame.phase, case .settled = uikit.frame.phase,
              let centre = corePrevious.output.centerItem else { return nil }
        let tapped = centre + itemsAway
        let shownInCore = corePrevious.output.visible.contains { $0.item == tapped }
        let shownInUIKit = uikitPrevious.output.visible.contains { $0.item == tapped }
        return shownInCore && !shownInUIKit && (tapped + 1) % pageItems(corePrevious.geometry) == 0 ? .pageSeamItemNotReturned : nil
    }

    /// Frames one play has and the other does not (a flick whose length differs).
    mutating func unpaired(_ count: Int, at gesture: Int) {
        if let episode {
            report.allowed[episode, default: 0] += count
        } else {
            mismatch(.frames, count: count, "gesture \(gesture): \(count) unpaired frames")
        }
    }

    /// Gestures: a flick from its release to the end of its deceleration, a scroll by code from its first frame to the
    /// end of its animation, and runs of drag, pause, refused scroll or rotation frames.
    static func gestures(_ rows: [UIKitAgreement.Row]) -> [ArraySlice<UIKitAgreement.Row>] {
        var gestures: [ArraySlice<UIKitAgreement.Row>] = []
        var start = 0
        func kind(_ phase: ScrollPhase) -> Int {
            switch phase {
            case .dragging: 0
            case .released, .decelerating, .didEndDecelerating: 1
            case .settled: 2
            case .rotated: 3
            case .scrolledByCode, .animating, .didEndScrollingAnimation: 4
            case .scrollRefused: 5
            }
        }
        for index in rows.indices.dropFirst() {
            let phase = rows[index].frame.phase
            let previous = rows[index - 1].frame.phase
            let isRelease = if case .released = phase { true } else { false }
            let isRotation = if case .rotated = phase { true } else { false }
            let isScrollByCode = if case .scrolledByCode = phase { true } else { false }
            if isRelease || isRotation || isScrollByCode || kind(phase) != kind(previous) {
                gestures.append(rows[start..<index])
                start = index
            }
        }
        if start < rows.count { gestures.append(rows[start...]) }
        return gestures
    }

    /// Within `tolerance` of the larger magnitude, and never more than `visibleTolerance` apart: at the offsets of
    /// n = 10 000 (about 6 x 10^9 pt) a relative 10^-6 alone would take offsets 5 000 pt apart for one.
    static func close(_ a: Double, _ b: Double, tolerance: Double = offsetTolerance) -> Bool {
        a.isFinite && b.isFinite && abs(a - b) <= min(tolerance * max(1, abs(a), abs(b)), visibleTolerance)
    }

    /// A hundredth of a point: far below a pixel (a third of a point at 3x), far above what `Double` rounding leaves
    /// at 10^10 pt (a few 10^-6 pt a step).
    static let visibleTolerance = 0.01

    /// Whether `a - b` is a whole number of catalog widths.
    func wholeCatalogWidths(_ a: Double, _ b: Double, pitch: Double) -> Bool {
        guard allowedDifferences.contains(.offsetByWholeCatalogWidths) else { return false }
        let widths = (a - b) / (Double(catalogCount) * pitch)
        return abs(widths - widths.rounded()) <= 1e-6
    }

    /// One difference found in a frame, with the named behaviour that may explain it.
    struct Difference {
        var field: AgreementReport.Field
        var detail: String
        var reason: UIKitNamedDifference?
    }

    mutating func compareFrame(_ core: UIKitAgreement.Row, _ uikit: UIKitAgreement.Row) {
        report.framesCompared += 1
        if uikit.clamped, allowedDifferences.contains(.clampedAtContentEdge) { episode = .clampedAtContentEdge }
        // A state of the UIKit scene that puts the plays on different paths, as a clamp does, until both rest on the
        // same offset again.
        if let state = uikit.differenceInEffect, allowedDifferences.contains(state) { episode = state }
        let a = core.output
        let b = uikit.output
        let pitch = core.geometry.pitch
        var differences: [Difference] = []
        let isScrollByCode = if case .scrolledByCode = core.frame.phase { true } else { false }
        if a.snapTarget != b.snapTarget, isScrollByCode, allowedDifferences.contains(.scrollTargetFromItemFrame),
           let x = a.snapTarget, let y = b.snapTarget, !Self.close(x, y), !wholeCatalogWidths(x, y, pitch: pitch),
           abs(x - y) < pitch / 2 {
            episode = .scrollTargetFromItemFrame
        } else if a.snapTarget != b.snapTarget {
            if let x = a.snapTarget, let y = b.snapTarget, wholeCatalogWidths(x, y, pitch: pitch) || Self.close(x, y) {
                if !Self.close(x, y) { differences.append(Difference(field: .snapTarget, detail: "", reason: .offsetByWholeCatalogWidths)) }
            } else if let x = a.snapTarget, let y = b.snapTarget, isScrollByCode, previousOnSeam,
                      Self.close(abs(x - y), Double(pageItems(core.geometry)) * pitch) {
                differences.append(Difference(field: .snapTarget, detail: "", reason: .pageSeamRounding))
            } else if let y = b.snapTarget, allowedDifferences.contains(.clampedAtContentEdge),
                      Self.close(y, 0) || Self.close(y, uikit.maxOffset) || y < 0 || y > uikit.maxOffset {
                episode = .clampedAtContentEdge
            } else {
                differences.append(Difference(field: .snapTarget, detail: "core \(String(describing: a.snapTarget)), uikit \(String(describing: b.snapTarget))", reason: nil))
            }
        }
        if !Self.close(a.offset, b.offset) {
            differences.append(Difference(field: .offset, detail: "core \(a.offset), uikit \(b.offset)",
                                          reason: wholeCatalogWidths(a.offset, b.offset, pitch: pitch) ? .offsetByWholeCatalogWidths : nil))
        }
        if a.jumped != b.jumped {
            differences.append(Difference(field: .jumped, detail: "core \(a.jumped), uikit \(b.jumped)", reason: .offsetByWholeCatalogWidths))
        }
        let onSeam = isOnPageSeam(b.offset, geometry: core.geometry)
        defer { previousOnSeam = onSeam }
        let seamCentre = onSeam && isPageAwayCentre(a.centerItem, b.centerItem, geometry: core.geometry)
        if var difference = centreDifference(a, b) {
            if seamCentre { difference.reason = .pageSeamRounding }
            differences.append(difference)
        }
        if a.logicalIndex != b.logicalIndex {
            let neighbour = a.logicalIndex.flatMap { x in b.logicalIndex.map { y in Self.neighbours(x, y, modulo: catalogCount) } } ?? false
            differences.append(Difference(field: .logicalIndex,
                                          detail: "core \(String(describing: a.logicalIndex)), uikit \(String(describing: b.logicalIndex))",
                                          reason: seamCentre ? .pageSeamRounding : neighbour ? .transformFromTransformedFrame
                                              : hitDifference(a.logicalIndex, b.logicalIndex)))
        }
        if a.centerChanged != b.centerChanged {
            // Onto a seam the uikit centre jumps a page away; off it, back.
            let seamChange = (onSeam || previousOnSeam) && allowedDifferences.contains(.pageSeamRounding)
            differences.append(Difference(field: .centerChanged, detail: "core \(a.centerChanged), uikit \(b.centerChanged)",
                                          reason: isRotation(core) ? .rotationSkipsHandler
                                              : seamChange ? .pageSeamRounding
                                              : hitDifference(a.centerItem, b.centerItem) ?? .transformFromTransformedFrame))
        }
        differences.append(contentsOf: visibleDifferences(core, uikit))
        var explained = Set<UIKitNamedDifference>()
        for difference in differences {
            if let episode {
                explained.insert(episode)
            } else if let reason = difference.reason, allowedDifferences.contains(reason) {
                explained.insert(reason)
            } else {
                mismatch(difference.field, count: 1, "frame \(core.frame.frame) \(difference.field.rawValue): \(difference.detail)")
            }
        }
        for difference in explained { report.allowed[difference, default: 0] += 1 }
    }

    /// Whether `offset` is within rounding of a boundary of InfiniteLayout's content pages (`pageSeamRounding`).
    func isOnPageSeam(_ offset: Double, geometry: CarouselGeometry) -> Bool {
        guard allowedDifferences.contains(.pageSeamRounding) else { return false }
        let page = Double(pageItems(geometry)) * geometry.pitch
        return Self.close(offset, (offset / page).rounded() * page)
    }

    /// Whether the uikit centre is a page minus one item from the core's (the rect mapped one page too far).
    func isPageAwayCentre(_ core: Int?, _ uikit: Int?, geometry: CarouselGeometry) -> Bool {
        guard let core, let uikit else { return false }
        return abs(uikit - core) == pageItems(geometry) - 1
    }

    /// The items of one of InfiniteLayout's content pages: the catalog repeated `k` times.
    func pageItems(_ geometry: CarouselGeometry) -> Int {
        InfiniteLayoutWrap(geometry: geometry, catalogCount: catalogCount).copies * catalogCount
    }

    func isRotation(_ row: UIKitAgreement.Row) -> Bool {
        if case .rotated = row.frame.phase { return true }
        return false
    }

    static func neighbours(_ x: Int, _ y: Int, modulo count: Int) -> Bool {
        let difference = abs(x - y)
        return difference == 1 || difference == count - 1
    }

    /// The named hit-test difference when exactly one play found no item at the centre (seed 003's hit tests, C10).
    func hitDifference(_ core: Int?, _ uikit: Int?) -> UIKitNamedDifference? {
        switch (core, uikit) {
        case (nil, .some): .hitByRect
        case (.some, nil): report.switches.cellQueryValidation == .no ? .hitOutsideValidatedRect : nil
        default: nil
        }
    }

    func centreDifference(_ a: FrameOutput, _ b: FrameOutput) -> Difference? {
        guard a.centerItem != b.centerItem else { return nil }
        let detail = "core \(String(describing: a.centerItem)), uikit \(String(describing: b.centerItem))"
        guard let x = a.centerItem, let y = b.centerItem else {
            return Difference(field: .centerItem, detail: detail, reason: hitDifference(a.centerItem, b.centerItem))
        }
        // Whole catalog widths only where the pipeline can be offset by them: at n = 1 every index difference is a
        // multiple of n, and a neighbour one item away is the near tie `transformFromTransformedFrame` names.
        if (x - y) % catalogCount == 0, allowedDifferences.contains(.offsetByWholeCatalogWidths) || abs(x - y) != 1 {
            return Difference(field: .centerItem, detail: detail, reason: .offsetByWholeCatalogWidths)
        }
        return Difference(field: .centerItem, detail: detail, reason: abs(x - y) == 1 ? .transformFromTransformedFrame : nil)
    }

    /// Visible entries paired left to right, by their centre on screen where transforms can change what is
    /// visible or the two offsets differ by catalog widths (else by item); a pair compares item and transform, an
    /// entry without a partner must be one a transform can hide or reveal at the viewport's edge.
    func visibleDifferences(_ core: UIKitAgreement.Row, _ uikit: UIKitAgreement.Row) -> [Difference] {
        let a = core.output
        let b = uikit.output
        let geometry = core.geometry
        let coreCentre = geometry.viewportCenter(offset: a.offset)
        let uikitCentre = geometry.viewportCenter(offset: b.offset)
        let edgeMargin = visibilityMargin(geometry)
        let transformReason: UIKitNamedDifference = isRotation(core) && allowedDifferences.contains(.rotationSkipsHandler)
            ? .rotationSkipsHandler
            : allowedDifferences.contains(.staleTransformsBetweenQueries) ? .staleTransformsBetweenQueries : .transformFromTransformedFrame
        let byPosition = allowedDifferences.contains(.transformedFrameVisibility)
            || allowedDifferences.contains(.offsetByWholeCatalogWidths)
        var differences: [Difference] = []
        var i = 0
        var j = 0
        while i < a.visible.count || j < b.visible.count {
            let x = i >= a.visible.count ? .infinity : byPosition ? core.centers[i] - coreCentre : Double(a.visible[i].item)
            let y = j >= b.visible.count ? .infinity : byPosition ? uikit.centers[j] - uikitCentre : Double(b.visible[j].item)
            // Item indices match exactly; positions within the relative tolerance (an index of 2 x 10^7 is within
            // 20 of its neighbours under it).
            if byPosition ? Self.close(x, y) : x == y {
                let p = a.visible[i]
                let q = b.visible[j]
                let sameItem = allowedDifferences.contains(.offsetByWholeCatalogWidths)
                    ? catalogIndex(p.item, catalogCount: catalogCount) == catalogIndex(q.item, catalogCount: catalogCount)
                    : p.item == q.item
                if !sameItem { differences.append(Difference(field: .visibleItems, detail: "item \(p.item) vs \(q.item)", reason: nil)) }
                if abs(p.scale - q.scale) > Self.transformTolerance || abs(p.alpha - q.alpha) > Self.transformTolerance
                    || abs(p.translationX - q.translationX) > Self.translationTolerance {
                    differences.append(Difference(
                        field: .transforms,
                        detail: "item \(p.item): core \(p.scale)/\(p.alpha)/\(p.translationX), uikit \(q.scale)/\(q.alpha)/\(q.translationX)",
                        reason: transformReason))
                }
                i += 1
                j += 1
            } else if x < y, allowedDifferences.contains(.edgeTouchingItem), i < core.centers.count,
                      abs((geometry.viewportWidth + geometry.itemWidth) / 2 - abs(core.centers[i] - coreCentre)) <= Self.offsetTolerance {
                // C22: the core's closed test shows an item that only shares an edge with the viewport; UIKit's does not.
                differences.append(Difference(field: .visibleItems, detail: "item \(a.visible[i].item) only in core (touching the edge)",
                                              reason: .edgeTouchingItem))
                i += 1
            } else if x < y {
                var difference = edgeDifference(x, geometry: geometry, margin: edgeMargin, side: "core", item: a.visible[i].item)
                if allowedDifferences.contains(.pageSeamItemNotReturned), (a.visible[i].item + 1) % pageItems(geometry) == 0 {
                    difference.reason = .pageSeamItemNotReturned
                }
                differences.append(difference)
                i += 1
            } else {
                differences.append(edgeDifference(y, geometry: geometry, margin: edgeMargin, side: "uikit", item: b.visible[j].item))
                j += 1
            }
        }
        return differences
    }

    /// An entry at screen position `position` (its centre minus the viewport's) only one play shows: allowed when
    /// its untransformed frame is within `margin` of the viewport's edge, where a transform decides.
    func edgeDifference(_ position: Double, geometry: CarouselGeometry, margin: Double, side: String, item: Int) -> Difference {
        guard margin > 0 else { return Difference(field: .visibleItems, detail: "item \(item) only in \(side)", reason: nil) }
        let overlap = (geometry.viewportWidth + geometry.itemWidth) / 2 - abs(position)
        return Difference(field: .visibleItems, detail: "item \(item) only in \(side) (overlap \(overlap))",
                          reason: abs(overlap) <= margin ? .transformedFrameVisibility : nil)
    }

    mutating func mismatch(_ field: AgreementReport.Field, count: Int, _ detail: String) {
        report.mismatches[field, default: 0] += count
        if report.firstMismatch == nil { report.firstMismatch = detail }
    }
}

extension UIKitPipeline {
    /// How far from the viewport's edge a transform can move an item's frame edge: the largest shrink of a
    /// half-width plus the largest translation (0 for pipelines without transforms).
    static func visibilityMargin(geometry: CarouselGeometry) -> Double {
        guard namedDifferences.contains(.transformedFrameVisibility) else { return 0 }
        let minScale = traits.scaleRange.lowerBound
        return geometry.itemWidth * (1 - minScale) / 2 + largestTranslation(geometry) + 1e-6
    }
}

