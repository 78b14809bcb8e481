/// Every pipeline of ALGORITHMS.md by id, for code that enumerates them without generics.
///
///     struct Checksum: PipelineVisitor {
///         func visit<P: CarouselPipeline>(_ type: P.Type) -> UInt64 {
///             var replay = PipelineReplay<P>(catalogCount: 30, geometry: .default, script: .standard(seed: 1), hz: 120)
///             return replay.run(frames: 10_000)
///         }
///     }
///     let sums = PipelineKind.allCases.map { $0.accept(Checksum()) }   // each loop fully specialized
public enum PipelineKind: String, CaseIterable, Sendable {
    case seed000Flow = "pipeline.seed000.flow"
    case seed000CenterFocused = "pipeline.seed000.centerFocused"
    case seed000Compositional = "pipeline.seed000.compositional"
    case seed000CompositionalScaled = "pipeline.seed000.compositionalScaled"
    case seed003Paging = "pipeline.seed003.paging"
    case seed004Sentinel = "pipeline.seed004.sentinel"
    case peerUPCarousel = "pipeline.peer.upcarousel"
    case peerFSPager = "pipeline.peer.fspager"
    case peerInfiniteLayout = "pipeline.peer.infinitelayout"
    case best = "pipeline.best"

    /// The id from ALGORITHMS.md.
    public var id: String { rawValue }

    /// The pipeline type (an existential; use `accept` for specialized code).
    public var type: any CarouselPipeline.Type {
        switch self {
        case .seed000Flow: Seed000FlowPipeline.self
        case .seed000CenterFocused: Seed000CenterFocusedPipeline.self
        case .seed000Compositional: Seed000CompositionalPipeline.self
        case .seed000CompositionalScaled: Seed000CompositionalScaledPipeline.self
        case .seed003Paging: Seed003PagingPipeline.self
        case .seed004Sentinel: Seed004SentinelPipeline.self
        case .peerUPCarousel: UPCarouselPipeline.self
        case .peerFSPager: FSPagerPipeline.self
        case .peerInfiniteLayout: InfiniteLayoutPipeline.self
        case .best: BestPipeline.self
        }
    }

    /// The pipeline's traits (what the verifier may expect).
    public var traits: PipelineTraits { type.traits }

    /// Calls `visitor.visit` with this case's concrete type, so the visitor's generic body is specialized.
    @inlinable
    public func accept<Visitor: PipelineVisitor>(_ visitor: Visitor) -> Visitor.Result {
        switch self {
        case .seed000Flow: visitor.visit(Seed000FlowPipeline.self)
        case .seed000CenterFocused: visitor.visit(Seed000CenterFocusedPipeline.self)
        case .seed000Compositional: visitor.visit(Seed000CompositionalPipeline.self)
        case .seed000CompositionalScaled: visitor.visit(Seed000CompositionalScaledPipeline.self)
        case .seed003Paging: visitor.visit(Seed003PagingPipeline.self)
        case .seed004Sentinel: visitor.visit(Seed004SentinelPipeline.self)
        case .peerUPCarousel: visitor.visit(UPCarouselPipeline.self)
        case .peerFSPager: visitor.visit(FSPagerPipeline.self)
        case .peerInfiniteLayout: visitor.visit(InfiniteLayoutPipeline.self)
        case .best: visitor.visit(BestPipeline.self)
        }
    }

    /// The pipeline with id `id`, or nil.
    public init?(id: String) { self.init(rawValue: id) }
}

/// Generic code run once per pipeline type (see `PipelineKind.accept`).
public protocol PipelineVisitor {
    associatedtype Result
    func visit<P: CarouselPipeline>(_ type: P.Type) -> Result
}

extension StrategyRegistry {
    /// Every pipeline of `PipelineKind`, in its order.
    @inlinable
    static func pipelines<V: StrategyVisitor>(_ visitor: V) {
        for kind in PipelineKind.allCases { kind.accept(PipelineEntryVisitor(visitor: visitor)) }
    }

    @usableFromInline
    struct PipelineEntryVisitor<V: StrategyVisitor>: PipelineVisitor {
        @usableFromInline let visitor: V
        @inlinable init(visitor: V) { self.visitor = visitor }
        @inlinable func visit<P: CarouselPipeline>(_ type: P.Type) { visitor.visitPipeline(PipelineEntry<P>()) }
    }
}
