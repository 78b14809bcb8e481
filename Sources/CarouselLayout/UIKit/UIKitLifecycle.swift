/// The once-per-gesture and once-per-screen operations of a UIKit pipeline, beside the per-frame ones, as
/// entry points the suite can time at any catalog size.
///
///     var pipeline = UIKitSeed003PagingPipeline(catalogCount: 10_000, geometry: .default, switches: .default)
///     pipeline.rotationRelayout(toWidth: 844)                  // F7: everything recomputed
///     let target = pipeline.releaseWithSnap(velocity: 1500)     // seed 003: snap, then invalidateLayout()
///     let memory = pipeline.memoryHeld()                       // bytes, and how they were counted
public protocol UIKitLifecycle {
    /// The initial layout: the collection view, layout and app objects built for `catalogCount` items and laid
    /// out once (the first `prepare`, the first validated rect, the first cells).
    init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches)
    /// A rotation to viewport width `width` and the relayout it causes, with the pipeline's own handling.
    mutating func rotationRelayout(toWidth width: Double)
    /// `reloadData()` and the layout pass after it.
    mutating func reload()
    /// A release at the current offset with `velocity` (pt/s) and UIKit's projected resting offset (normal
    /// deceleration): the layout's and the delegate's snap, and the layout pass that follows (seed 003's
    /// `invalidateLayout()` is paid there). Returns the resting offset; the offset itself does not move.
    mutating func releaseWithSnap(velocity: Double) -> Double
    /// An app's animated scroll by code to the item `itemsAway` from the centred one, whole: the app's `scrollToItem`
    /// (S4), the animation's frames at `hz` (S6, `ScrollAnimation`), its end callback (S7). Returns the offset it rests
    /// on; the offset it started from when the design has no such item (UIKit raises there: S5).
    mutating func advance(itemsAway: Int, hz: Double) -> Double
    /// The app's `reloadData()` and, in the same turn, `scrollToItem` without animation to the item `itemsAway` from the
    /// centred one (`UIKitScene.reloadAndScrollToItem`), and the layout pass after. Returns the offset it rests on; the
    /// offset it started from when the design has no such item (UIKit raises there: S5).
    mutating func reloadAndRecentre(itemsAway: Int) -> Double
    /// The app's catalogue update, the design's way (`UIKitScene.updateCatalog`). Returns why it was refused, or nil.
    mutating func updateCatalog(_ update: CatalogUpdate) -> String?
    /// The memory its caches, its collection view and its replicated items hold, with the method.
    func memoryHeld() -> UIKitMemoryReport
    /// The documented cost of each operation (the report checks each against its measured growth).
    static var lifecycleComplexity: UIKitLifecycleComplexity { get }
}

/// The operations of `UIKitLifecycle` the suite times, one benchmark family each.
public enum UIKitOperation: String, CaseIterable, Sendable {
    /// The initial layout of `N` items.
    case prepare
    /// A rotation and the relayout it causes.
    case rotate
    /// `reloadData()` and the layout pass after it.
    case reload
    /// A release with its snap and the layout pass after it.
    case release
    /// An animated scroll by code to the next item (an auto-advance's tick, or a tap on the neighbour), whole: the
    /// app's `scrollToItem` and the animation's 36 frames at 120 Hz.
    case advance
    /// `reloadData()`, then `scrollToItem` without animation to the neighbour, and the layout pass after.
    case recentre
    /// A catalogue update, the design's way: one item inserted at the end, then removed (alternately), each with the
    /// recentre on the centred item and the layout pass after.
    case update

    /// Whether the operation runs within one display frame (every one but `advance`, whose animation spans 0.3 s):
    /// only those can make a single frame late.
    public var runsWithinOneFrame: Bool { self != .advance }

    /// Whether a design may have nothing to time for it at a size (no next item, a recentre that misses, no update
    /// path): the run skips the row there with the reason (`lifecycleRefusal`).
    public var canBeRefused: Bool { self == .advance || self == .recentre || self == .update }
}

/// The documented cost of each lifecycle operation of a UIKit pipeline.
public struct UIKitLifecycleComplexity: Sendable, Equatable {
    public var prepare: Complexity
    public var rotate: Complexity
    public var reload: Complexity
    public var release: Complexity
    public var advance: Complexity
    public var recentre: Complexity
    public var update: Complexity

    /// The advance's default: the app's `scrollToItem` (one item's frame from the data) and the animation's frames,
    /// each laid out as a scroll's frame is.
    public static let scrollByCode: Complexity = "O(k): the app's scrollToItem (one item's frame from the data, S4), then the animation's 36 frames, each laid out as a scroll's frame is (no release, no rotation)"

    /// `recentre` is by default the reload's order and its `scrollToItem` (one item's frame from the data, S4);
    /// `update` the reload's order, with the new count handed to the design's objects and its recentre.
    public init(prepare: Complexity, rotate: Complexity, reload: Complexity, release: Complexity,
                advance: Complexity = UIKitLifecycleComplexity.scrollByCode, recentre: Complexity? = nil,
                update: Complexity? = nil) {
        self.prepare = prepare
        self.rotate = rotate
        self.reload = reload
        self.release = release
        self.advance = advance
        self.recentre = recentre ?? Complexity("\(reload.order): the reload (\(Self.prose(reload))), then scrollToItem: one item's frame from the data (S4)")
        self.update = update ?? Complexity("\(reload.order): the new count to the design's objects, its reload (\(Self.prose(reload))), then its recentre")
    }

    /// A complexity's text after its order: `the data is counted again` for `O(k): the data is counted again`.
    static func prose(_ complexity: Complexity) -> String {
        String(complexity.text.dropFirst(complexity.order.count).drop { $0 == ":" || $0 == " " })
    }

    public subscript(operation: UIKitOperation) -> Complexity {
        switch operation {
        case .prepare: prepare
        case .rotate: rotate
        case .reload: reload
        case .release: release
        case .advance: advance
        case .recentre: recentre
        case .update: update
        }
    }

    /// A layout of equal, fixed-size items: no per-item work to prepare (F8), the first and every later layout
    /// pass only lays out the visible items (F1, C1).
    public static let fixedSize = UIKitLifecycleComplexity(
        prepare: "O(k): F8 has no per-item work for a fixed itemSize; the first pass lays out the visible items",
        rotate: "O(k): F7 recomputes the section in O(1) for a fixed itemSize, then the visible items",
        reload: "O(k): the data is counted again, the visible items laid out",
        release: "O(k): the snap, then the layout pass of the visible items")

    /// A layout whose items are sized by its delegate: every full layout asks and stores every item (F8).
    public static let delegateSized = UIKitLifecycleComplexity(
        prepare: "O(N): F8 asks the delegate and builds an item object per item, a line object per line",
        rotate: "O(N): F7's full invalidation sizes every item again (F8)",
        reload: "O(N): every item sized again (F8)",
        release: "O(k): the snap, then the layout pass of the visible items")
}

/// The lifecycle operations are `@inlinable`, as `apply` is: the suite times them in loops specialized on the
/// pipeline's type, which for an implementation added from another package is specialized in that package's module.
/// Not inlinable, `release/uikit.copy.best` (`uikit.best`'s scene added from outside under another id) counted 1 890
/// instructions per call against `release/uikit.best`'s 1 568.
extension UIKitPipeline {
    @inlinable
    public mutating func rotationRelayout(toWidth width: Double) {
        rotate(toWidth: width)
    }

    @inlinable
    public mutating func reload() {
        makeSceneUnique()
        scene.markChanged()
        scene.collectionView.reloadData()
        scene.collectionView.layoutIfNeeded()
    }

    @inlinable
    public mutating func releaseWithSnap(velocity: Double) -> Double {
        makeSceneUnique()
        scene.markChanged()
        let proposed = ScrollDeceleration.restingOffset(from: offset, velocity: velocity, rate: ScrollDeceleration.normal)
        let target = scene.release(velocity: velocity, proposedOffset: proposed)
        scene.collectionView.layoutIfNeeded()
        scene.collectionView.abandonDeceleration()
        return target
    }

    @inlinable
    public mutating func advance(itemsAway: Int, hz: Double) -> Double {
        makeSceneUnique()
        scene.markChanged()
        // A timer fires between frames, after the last one's layout pass.
        scene.collectionView.layoutIfNeeded()
        var simulator = ScrollSimulator(script: ScrollScript.advance(itemsAway: itemsAway), hz: hz)
        var output = FrameOutput()
        while let frame = simulator.next(currentOffset: offset, snap: PipelineSnapResolver(pipeline: self)) {
            scene.play(frame, into: &output)
        }
        return offset
    }

    @inlinable
    public mutating func reloadAndRecentre(itemsAway: Int) -> Double {
        makeSceneUnique()
        scene.markChanged()
        // The app's code runs between frames, after the last one's layout pass.
        scene.collectionView.layoutIfNeeded()
        if let target = scene.reloadAndScrollToItem(itemsAway: itemsAway) {
            scene.collectionView.scroll(by: target - offset)
        }
        scene.collectionView.layoutIfNeeded()
        return offset
    }

    @inlinable
    public mutating func updateCatalog(_ update: CatalogUpdate) -> String? {
        makeSceneUnique()
        scene.markChanged()
        return scene.updateCatalog(update)
    }

    public func memoryHeld() -> UIKitMemoryReport { scene.memoryHeld() }

    /// Fixed-size items unless the pipeline says otherwise.
    public static var lifecycleComplexity: UIKitLifecycleComplexity { .fixedSize }
}

/// Bytes held, as objects and entries counted in the model times documented sizes.
public struct UIKitMemoryReport: Sendable, Equatable {
    /// One kind of object: how many are held, the bytes each, and where that size comes from.
    public struct Line: Sendable, Equatable {
        public let name: String
        public let count: Int
        public let bytesEach: Int
        public let source: String

        public init(name: String, count: Int, bytesEach: Int, source: String) {
            self.name = name
            self.count = count
            self.bytesEach = bytesEach
            self.source = source
        }

        public var bytes: Int { count * bytesEach }
    }

    /// The kinds held (a kind with none is left out).
    public let lines: [Line]

    public init(lines: [Line]) {
        self.lines = lines.filter { $0.count > 0 }
    }

    /// The total.
    public var bytes: Int { lines.reduce(0) { $0 + $1.bytes } }

    /// How `bytes` was computed, in one line.
    public var method: String {
        let terms = lines.map { "\($0.count) \($0.name) x \($0.bytesEach) B (\($0.source))" }
        return "objects held in the model times documented sizes: " + (terms.isEmpty ? "nothing held" : terms.joined(separator: " + "))
    }
}

/// The sizes the memory figures use, with their sources.
public enum UIKitObjectSize {
    /// A `UICollectionViewLayoutAttributes` (A1, size medium).
    public static let attributes = (bytes: 350, source: "A1, medium")
    /// An `NSValue` holding a `CGRect`: a 16-byte object header and the rect (assumed).
    public static let frameValue = (bytes: 48, source: "assumed: NSValue header + CGRect")
    /// An `NSMutableDictionary` entry: key and value pointers at about half load (assumed).
    public static let dictionaryEntry = (bytes: 32, source: "assumed: two pointers at half load")
    /// A flow item object and a flow line object (F8, sizes medium); a line's one-element items array (assumed).
    public static let flowItem = (bytes: 64, source: "F8, medium")
    public static let flowLine = (bytes: 100, source: "F8, medium")
    public static let lineArray = (bytes: 48, source: "assumed: one-element NSArray")
    /// An `NSIndexPath` heap object (switch `indexPath=heap`; assumed size).
    public static let indexPathObject = (bytes: 32, source: "assumed: NSIndexPath with two indexes")
    /// A node of the collection view's `std::unordered_map<long, id>`: next, hash, key, value.
    public static let mapNode = (bytes: 32, source: "libc++ hash node of four words")
    /// An R-tree entry: a frame and an element reference (assumed).
    public static let rTreeEntry = (bytes: 48, source: "assumed: CGRect + element")
}

extension UIKitScene {
    /// The generic holdings: the layout's caches and flow objects, the collection view's map and R-tree, the
    /// cells' attribute copies, and the scene's own (`memoryExtras`).
    public func memoryHeld() -> UIKitMemoryReport {
        var lines: [UIKitMemoryReport.Line] = []
        var attributeObjects = Set<ObjectIdentifier>()
        var indexPathObjects = Set<ObjectIdentifier>()
        func holdAttributes(_ attributes: LayoutAttributes) {
            attributeObjects.insert(ObjectIdentifier(attributes))
            if let object = attributes.indexPathObject { indexPathObjects.insert(ObjectIdentifier(object)) }
        }
        let layout = collectionView.collectionViewLayout
        var dictionaryEntries = 0
        if let flow = layout as? FlowLayout {
            for attributes in (flow.cachedItemAttributes ?? [:]).values { holdAttributes(attributes) }
            let frames = flow.cachedItemFrames?.count ?? 0
            dictionaryEntries += (flow.cachedItemAttributes?.count ?? 0) + frames
            lines.append(.init(name: "cached NSValue frames", count: frames, bytesEach: UIKitObjectSize.frameValue.bytes,
                               source: UIKitObjectSize.frameValue.source))
            let items = flow.lines.reduce(0) { $0 + $1.items.count }
            for line in flow.lines {
                for item in line.items {
                    if let object = item.indexPathObject { indexPathObjects.insert(ObjectIdentifier(object)) }
                }
            }
            lines.append(.init(name: "flow item objects", count: items, bytesEach: UIKitObjectSize.flowItem.bytes,
                               source: UIKitObjectSize.flowItem.source))
            lines.append(.init(name: "flow line objects", count: flow.lines.count, bytesEach: UIKitObjectSize.flowLine.bytes,
                               source: UIKitObjectSize.flowLine.source))
            lines.append(.init(name: "flow line item arrays", count: flow.lines.count, bytesEach: UIKitObjectSize.lineArray.bytes,
                               source: UIKitObjectSize.lineArray.source))
        }
        if let compositional = layout as? CompositionalLayout {
            for attributes in compositional.cachedItemAttributes.values { holdAttributes(attributes) }
            dictionaryEntries += compositional.cachedItemAttributes.count
        }
        for attributes in memoryExtraAttributes { holdAttributes(attributes) }
        for node in collectionView.attributesByGlobalIndex.values { holdAttributes(node.attributes) }
        for cell in collectionView.displayedCells + collectionView.reusePool {
            if let attributes = cell.layoutAttributes { holdAttributes(attributes) }
        }
        lines.insert(.init(name: "attributes objects", count: attributeObjects.count, bytesEach: UIKitObjectSize.attributes.bytes,
                           source: UIKitObjectSize.attributes.source), at: 0)
        lines.append(.init(name: "cache dictionary entries", count: dictionaryEntries, bytesEach: UIKitObjectSize.dictionaryEntry.bytes,
                           source: UIKitObjectSize.dictionaryEntry.source))
        lines.append(.init(name: "NSIndexPath objects", count: indexPathObjects.count, bytesEach: UIKitObjectSize.indexPathObject.bytes,
                           source: UIKitObjectSize.indexPathObject.source))
        lines.append(.init(name: "collection view map nodes", count: collectionView.attributesByGlobalIndex.count,
                           bytesEach: UIKitObjectSize.mapNode.bytes, source: UIKitObjectSize.mapNode.source))
        lines.append(.init(name: "R-tree entries", count: collectionView.rTree.count, bytesEach: UIKitObjectSize.rTreeEntry.bytes,
                           source: UIKitObjectSize.rTreeEntry.source))
        lines.append(contentsOf: memoryExtras)
        return UIKitMemoryReport(lines: lines)
    }
}
