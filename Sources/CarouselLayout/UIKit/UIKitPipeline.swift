/// A seed's or peer's pipeline run on the UIKit model (`uikit.<strategy>`): the same trajectory frames as its
/// core (`PipelineKind`), played through a collection view, a layout and the app's delegate as UIKit runs them.
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
    /// The pipeline's kind (its id and its core).
    static var kind: UIKitPipelineKind { get }
    /// What the evidence says UIKit allocates for this pipeline per frame (the report shows it beside the
    /// allocations the model counts), with the facts it rests on.
    static var allocationEvidence: String { get }
    /// The pipeline's state; replace it only with a fresh scene.
    var scene: Scene { get set }
    init(scene: Scene)
}

extension UIKitPipeline {
    public static var id: String { kind.id }
    /// The core's traits (what the verifier may expect is the same).
    public static var traits: PipelineTraits { kind.core.traits }

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

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        scene.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

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

/// Every `uikit.<strategy>` pipeline, for code that enumerates them; `accept` specializes generic code per type.
///
///     struct Replay: UIKitPipelineVisitor {
///         func visit<P: UIKitPipeline>(_ type: P.Type) -> UInt64 {
///             var replay = PipelineReplay<P>(catalogCount: 30, geometry: .default, script: .standard(seed: 1), hz: 120)
///             return replay.run(frames: 10_000)
///         }
///     }
///     let sums = UIKitPipelineKind.allCases.map { $0.accept(Replay()) }
public enum UIKitPipelineKind: String, CaseIterable, Sendable {
    case seed000Flow = "uikit.seed000.flow"
    case seed000CenterFocused = "uikit.seed000.centerFocused"
    case seed000Compositional = "uikit.seed000.compositional"
    case seed000CompositionalScaled = "uikit.seed000.compositionalScaled"
    case seed003Paging = "uikit.seed003.paging"
    case seed004Sentinel = "uikit.seed004.sentinel"
    case peerUPCarousel = "uikit.peer.upcarousel"
    case peerFSPager = "uikit.peer.fspager"
    case peerInfiniteLayout = "uikit.peer.infinitelayout"
    case best = "uikit.best"

    /// The id (`uikit.<strategy>`).
    public var id: String { rawValue }

    /// The pipeline with id `id`, or nil.
    public init?(id: String) { self.init(rawValue: id) }

    /// The core pipeline the same seed or peer has (`pipeline.<strategy>`).
    public var core: PipelineKind {
        switch self {
        case .seed000Flow: .seed000Flow
        case .seed000CenterFocused: .seed000CenterFocused
        case .seed000Compositional: .seed000Compositional
        case .seed000CompositionalScaled: .seed000CompositionalScaled
        case .seed003Paging: .seed003Paging
        case .seed004Sentinel: .seed004Sentinel
        case .peerUPCarousel: .peerUPCarousel
        case .peerFSPager: .peerFSPager
        case .peerInfiniteLayout: .peerInfiniteLayout
        case .best: .best
        }
    }

    /// The UIKit pipeline of core `kind`.
    public init(core kind: PipelineKind) {
        self = Self.allCases.first { $0.core == kind }!
    }

    /// The pipeline type (an existential; use `accept` for specialized code).
    public var type: any UIKitPipeline.Type {
        switch self {
        case .seed000Flow: UIKitSeed000FlowPipeline.self
        case .seed000CenterFocused: UIKitSeed000CenterFocusedPipeline.self
        case .seed000Compositional: UIKitSeed000CompositionalPipeline.self
        case .seed000CompositionalScaled: UIKitSeed000CompositionalScaledPipeline.self
        case .seed003Paging: UIKitSeed003PagingPipeline.self
        case .seed004Sentinel: UIKitSeed004SentinelPipeline.self
        case .peerUPCarousel: UIKitUPCarouselPipeline.self
        case .peerFSPager: UIKitFSPagerPipeline.self
        case .peerInfiniteLayout: UIKitInfiniteLayoutPipeline.self
        case .best: UIKitBestPipeline.self
        }
    }

    /// Calls `visitor.visit` with this case's concrete type, so the visitor's generic body is specialized.
    @inlinable
    public func accept<Visitor: UIKitPipelineVisitor>(_ visitor: Visitor) -> Visitor.Result {
        switch self {
        case .seed000Flow: visitor.visit(UIKitSeed000FlowPipeline.self)
        case .seed000CenterFocused: visitor.visit(UIKitSeed000CenterFocusedPipeline.self)
        case .seed000Compositional: visitor.visit(UIKitSeed000CompositionalPipeline.self)
        case .seed000CompositionalScaled: visitor.visit(UIKitSeed000CompositionalScaledPipeline.self)
        case .seed003Paging: visitor.visit(UIKitSeed003PagingPipeline.self)
        case .seed004Sentinel: visitor.visit(UIKitSeed004SentinelPipeline.self)
        case .peerUPCarousel: visitor.visit(UIKitUPCarouselPipeline.self)
        case .peerFSPager: visitor.visit(UIKitFSPagerPipeline.self)
        case .peerInfiniteLayout: visitor.visit(UIKitInfiniteLayoutPipeline.self)
        case .best: visitor.visit(UIKitBestPipeline.self)
        }
    }
}

/// Generic code run once per UIKit pipeline type (see `UIKitPipelineKind.accept`).
public protocol UIKitPipelineVisitor {
    associatedtype Result
    func visit<P: UIKitPipeline>(_ type: P.Type) -> Result
}

extension StrategyRegistry {
    /// Every pipeline of `UIKitPipelineKind`, in its order.
    @inlinable
    static func uikitPipelines<V: StrategyVisitor>(_ visitor: V) {
        for kind in UIKitPipelineKind.allCases { kind.accept(UIKitEntryVisitor(visitor: visitor)) }
    }

    @usableFromInline
    struct UIKitEntryVisitor<V: StrategyVisitor>: UIKitPipelineVisitor {
        @usableFromInline let visitor: V
        @inlinable init(visitor: V) { self.visitor = visitor }
        @inlinable func visit<P: UIKitPipeline>(_ type: P.Type) { visitor.visitUIKitPipeline(UIKitPipelineEntry<P>()) }
    }
}
