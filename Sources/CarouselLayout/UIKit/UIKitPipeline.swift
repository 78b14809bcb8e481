/// A seed's, peer's or user's pipeline run on the UIKit model (`uikit.<strategy>`): the same trajectory frames as
/// its core (`Core`), played through a collection view, a layout and the app's delegate as UIKit runs them.
///
/// A UIKit pipeline with a core (`typealias Core = Seed000FlowPipeline`) takes its id (`uikit.` and the core's
/// strategy) and its traits from it, and is verified by agreeing with it frame by frame. One without a core (a
/// layout ported on its own: `Core` is `Self`, the default) declares its `id` and `traits`, and is verified by the
/// eight properties, as a core is.
///
/// It is a `CarouselPipeline`, so `PipelineReplay`, `PipelineTrace` and `PipelineVerification` run it
/// unchanged, and a `UIKitLifecycle`, so the suite can time its layout, rotation, reload and release at any
/// catalog size. `init(catalogCount:geometry:)` uses `UIKitSwitches.default`.
///
/// Its state is a reference graph (a `UIKitScene`). A copy shares it until one of the two is changed; the
/// changed one then gets a fresh scene, which is only right at the start state, where `PipelineReplay` copies
/// it (a copy changed after its original has played is a precondition failure).
public protocol UIKitPipeline: CarouselPipeline, UIKitLifecycle {
    associatedtype Scene: UIKitScene
    /// The value-type pipeline it must agree with frame by frame, or `Self` for none.
    associatedtype Core: CarouselPipeline = Self
    /// The differences from its core that UIKit itself causes, which the agreement counts instead of failing
    /// (`[.clampedAtContentEdge]` unless declared).
    static var namedDifferences: Set<UIKitNamedDifference> { get }
    /// The largest horizontal translation its transform gives an item, beyond the scale's shrink (how far a
    /// transform can move a frame's edge across the viewport's; 0 unless declared).
    static func largestTranslation(_ geometry: CarouselGeometry) -> Double
    /// What the evidence says UIKit allocates for this pipeline per frame (the report shows it beside the
    /// allocations the model counts), with the facts it rests on.
    static var allocationEvidence: String { get }
    /// The pipeline's state; replace it only with a fresh scene.
    var scene: Scene { get set }
    init(scene: Scene)
}

extension UIKitPipeline where Core: CorePipeline {
    /// `uikit.` and the core's strategy: `uikit.seed000.flow` for `pipeline.seed000.flow`.
    public static var id: String { "uikit." + Core.id.dropFirst("pipeline.".count) }
    /// The core's traits (what the verifier may expect is the same).
    public static var traits: PipelineTraits { Core.traits }
    /// The core's limit: the view is verified by playing its core beside it at the same size.
    public static var catalogLimit: CatalogLimit? { Core.catalogLimit }
}

extension UIKitPipeline {
    /// Whether it has a core to agree with (else the eight properties verify it).
    public static var hasCore: Bool { Core.self != Self.self }
    public static var namedDifferences: Set<UIKitNamedDifference> { [.clampedAtContentEdge] }
    public static func largestTranslation(_ geometry: CarouselGeometry) -> Double { 0 }

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        self.init(catalogCount: catalogCount, geometry: geometry, switches: .default)
    }

    /// The initial layout: the scene is built and laid out once, as the app's first layout pass does.
    public init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        self.init(scene: Scene(catalogCount: catalogCount, geometry: geometry, switches: switches))
    }

    public var catalogCount: Int { scene.catalogCount }
    public var itemCount: Int { scene.itemCount }
    public var offset: Double { scene.collectionView.contentOffset.x }
    public var geometry: CarouselGeometry { scene.geometry }
    public var switches: UIKitSwitches { scene.switches }
    /// The counts of the work done so far.
    public var ledger: UIKitLedger { scene.ledger }
    /// Whether the last frame's scroll stopped at a content edge.
    public var lastFrameWasClamped: Bool { scene.collectionView.scrollWasClamped }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        makeSceneUnique()
        scene.play(frame, into: &output)
    }

    @inlinable
    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        scene.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    /// The scene's `scrollToItem` path (`UIKitScene.scrollToItem(itemsAway:)`), run on the scene as it is: UIKit's
    /// preparation and the layout's answer are what the frame that follows pays again.
    public func scrollToItemTarget(itemsAway: Int) -> Double? {
        scene.scrollToItem(itemsAway: itemsAway)
    }

    /// The scene's tap (`UIKitScene.tap(itemsAway:)`), run on the scene as it is.
    public func tapTarget(itemsAway: Int) -> Double? {
        scene.tap(itemsAway: itemsAway)
    }

    @inlinable
    public mutating func rotate(toWidth width: Double) {
        makeSceneUnique()
        scene.rotate(toWidth: width)
    }

    /// A shared scene (a copy of this pipeline holds it too) is replaced by a fresh one before a change.
    @inlinable
    public mutating func makeSceneUnique() {
        if !isKnownUniquelyReferenced(&scene) { scene = scene.freshCopy() }
    }
}
