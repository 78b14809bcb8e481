/// One design's UIKit view through one catalogue update at one catalog size (Docs/ALGORITHMS.md, "Catalogue updates"):
/// from its start state and after a scroll to the next item, the app updates its catalogue the design's way; then the
/// centred item must be the one the update keeps (`CatalogUpdate.keptItem`) and every shown index inside the new data.
public struct CatalogUpdateCheck: Sendable {
    /// The view checked (`uikit.…`).
    public var id: String
    public var catalogCount: Int
    public var update: CatalogUpdate
    /// How the design applies an update (`UIKitScene.catalogUpdatePath`).
    public var path: String?
    /// Why the update was not applied (an update the catalogue cannot take, or no update path), in one line.
    public var refusal: String?
    /// The first thing that failed, in one line; nil when the property holds (or the update was refused).
    public var failure: String?

    public init(id: String, catalogCount: Int, update: CatalogUpdate, path: String?, refusal: String? = nil, failure: String? = nil) {
        self.id = id
        self.catalogCount = catalogCount
        self.update = update
        self.path = path
        self.refusal = refusal
        self.failure = failure
    }

    public var passes: Bool { failure == nil }

    /// Plays `update` on `P` at catalog size `n` from each start (see the type).
    public static func check<P: UIKitPipeline>(_ type: P.Type, catalogCount n: Int, update: CatalogUpdate,
                                               geometry: CarouselGeometry = .default, switches: UIKitSwitches = .default,
                                               hz: Double = 120) -> CatalogUpdateCheck {
        var result = CatalogUpdateCheck(id: P.id, catalogCount: n, update: update, path: nil)
        for scrollsFirst in [false, true] {
            var pipeline = P(catalogCount: n, geometry: geometry, switches: switches)
            result.path = pipeline.scene.catalogUpdatePath
            pipeline.scene.collectionView.layoutIfNeeded()
            if scrollsFirst {
                guard pipeline.scrollToItemTarget(itemsAway: 1) != nil else { continue }
                _ = pipeline.advance(itemsAway: 1, hz: hz)
            }
            let start = startName(scrollsFirst)
            var before = FrameOutput()
            pipeline.scene.fillOutput(&before)
            guard let centred = pipeline.scene.centredCatalogItem(before) else {
                result.failure = "\(start): no centred item before the update"
                return result
            }
            if let refusal = pipeline.scene.updateCatalog(update) {
                result.refusal = refusal
                return result
            }
            var after = FrameOutput()
            pipeline.scene.fillOutput(&after)
            if let failure = judged(update, start, catalogCount: n, centred: centred, after: after, itemCount: pipeline.itemCount,
                                    shown: pipeline.scene.centredCatalogItem(after), offset: pipeline.offset,
                                    stopped: pipeline.scene.stoppedAppCode) {
                result.failure = failure
                return result
            }
        }
        return result
    }

    /// Plays `update` on the core `P` at catalog size `n` from each start, as its design's path places it
    /// (`CarouselPipeline.catalogUpdate`): the core built for the new count, then scrolled to the item kept or left at
    /// the offset it showed (kept within the new content). Then the same property as the UIKit view's.
    public static func check<P: CarouselPipeline>(core type: P.Type, catalogCount n: Int, update: CatalogUpdate,
                                                  geometry: CarouselGeometry = .default, hz: Double = 120) -> CatalogUpdateCheck {
        var result = CatalogUpdateCheck(id: P.id, catalogCount: n, update: update, path: P.catalogUpdate.path)
        if let refusal = update.refusal(catalogCount: n) {
            result.refusal = refusal
            return result
        }
        var output = FrameOutput()
        var frame = 0
        func play(_ pipeline: inout P, to target: Double? = nil, itemsAway: Int = 0) {
            pipeline.playFrame(movingTo: target, itemsAway: itemsAway, frame: &frame, into: &output)
        }
        let centred = { (pipeline: P) in output.centredCatalogItem(catalogCount: pipeline.catalogCount) }
        for scrollsFirst in [false, true] {
            var pipeline = P(catalogCount: n, geometry: geometry)
            play(&pipeline)
            if scrollsFirst {
                guard let next = pipeline.scrollToItemTarget(itemsAway: 1) else { continue }
                play(&pipeline, to: next, itemsAway: 1)
                play(&pipeline)
            }
            let start = startName(scrollsFirst)
            guard let before = centred(pipeline) else {
                result.failure = "\(start): no centred item before the update"
                return result
            }
            let (moved, scrolled) = pipeline.updatedCatalog(update, centred: before, frame: &frame, into: &output)
            guard scrolled else {
                result.failure = "\(update) \(start): the design has no item \(update.keptItem(before, catalogCount: n)) to scroll to"
                return result
            }
            var updated = moved
            play(&updated)
            if let failure = judged(update, start, catalogCount: n, centred: before, after: output, itemCount: updated.itemCount,
                                    shown: centred(updated), offset: updated.offset) {
                result.failure = failure
                return result
            }
        }
        return result
    }

    /// Where each play of an update starts: from the design's start state, or after the app's scroll to the next item.
    static func startName(_ scrollsFirst: Bool) -> String { scrollsFirst ? "after a scroll to the next item" : "from the start" }

    /// What an update from `start` left, judged, in one line: the app's code stopped, an index shown outside the new
    /// data, no centred item inside it, or another item centred than the one the update keeps (or the app shows); nil
    /// when the property holds. `shown` is the catalogue item centred after it, `after` the frame that shows it.
    static func judged(_ update: CatalogUpdate, _ start: String, catalogCount n: Int, centred: Int, after: FrameOutput,
                       itemCount: Int, shown: Int?, offset: Double, stopped: String? = nil) -> String? {
        let newCount = update.newCount(from: n)
        let expected = update.keptItem(centred, catalogCount: n)
        let what = "\(update) \(start) (n = \(n) -> \(newCount), item \(centred) centred)"
        if let stopped { return "\(what): \(stopped)" }
        if let outside = shownOutsideData(after, itemCount: itemCount) { return "\(what): \(outside)" }
        guard let shown, (0..<newCount).contains(after.logicalIndex ?? shown) else {
            return "\(what): centred item \(after.logicalIndex.map(String.init) ?? "none"), outside [0, \(newCount))"
        }
        guard shown != expected else { return nil }
        let asked = switch update {
        case .insertAtEndShowingFirst: "the app shows"
        case .insertAtEndSelectingFirst: "the app selects"
        default: "the update keeps"
        }
        return "\(what): item \(shown) centred, \(asked) \(expected) (offset \(offset))"
    }

    /// The first index `output` shows outside `[0, itemCount)`, in one line; nil when every one is inside the data.
    public static func shownOutsideData(_ output: FrameOutput, itemCount: Int) -> String? {
        output.visible.first { !(0..<itemCount).contains($0.item) }
            .map { "index \($0.item) shown, outside the \(PipelineVerification.items(itemCount))" }
    }
}

extension Implementation {
    /// Each of `updates` at each of `catalogs` through the implementation's core (as its design's path places it,
    /// `CarouselPipeline.catalogUpdate`), then through its UIKit view (the design's data-source path).
    public func verifyCatalogUpdates(_ updates: [CatalogUpdate] = CatalogUpdate.verified, catalogs: [Int],
                                     geometry: CarouselGeometry = .default, switches: UIKitSwitches = .default) -> [CatalogUpdateCheck] {
        let sizes = catalogs.filter { $0 <= largestCatalog }
        let cores = core.map { core in
            sizes.flatMap { catalog in updates.map { core.checkCatalogUpdate(catalogCount: catalog, update: $0, geometry: geometry) } }
        } ?? []
        let views = uikit.map { uikit in
            sizes.flatMap { catalog in
                updates.map { uikit.checkCatalogUpdate(catalogCount: catalog, update: $0, geometry: geometry, switches: switches) }
            }
        } ?? []
        return cores + views
    }
}

extension CarouselPipeline {
    static func checkCatalogUpdate(catalogCount: Int, update: CatalogUpdate, geometry: CarouselGeometry) -> CatalogUpdateCheck {
        CatalogUpdateCheck.check(core: Self.self, catalogCount: catalogCount, update: update, geometry: geometry)
    }
}

extension UIKitPipeline {
    static func checkCatalogUpdate(catalogCount: Int, update: CatalogUpdate, geometry: CarouselGeometry,
                                   switches: UIKitSwitches) -> CatalogUpdateCheck {
        CatalogUpdateCheck.check(Self.self, catalogCount: catalogCount, update: update, geometry: geometry, switches: switches)
    }
}
