/// One carousel implementation — a seed's, a peer's, this project's or yours — declared once: its core pipeline
/// (`pipeline.<name>`, the algorithm over plain values), its UIKit view (`uikit.<name>`, the same code on the
/// UIKit model), or both. A UIKit pipeline names its core itself (`typealias Core`), so an implementation with
/// both is declared by its UIKit type alone.
///
/// The built-in ones are the lines of `StrategyRegistry.implementations`; another package passes its own to
/// `StrategyRegistry.walk(_:adding:)` (the suite's `CarouselBench.main(adding:)` does it for you).
///
///     let best = Implementation(uikit: UIKitBestPipeline.self)
///     best.name                 // "best"
///     best.core?.id             // "pipeline.best"
///     best.uikit?.id            // "uikit.best"
///     PipelineVerification.check(best.core!, catalogCount: 30).isVerified   // the existential opens
/// (`@unchecked Sendable`: it holds metatypes and a closure over them, neither of which carries state.)
public struct Implementation: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The core pipeline, if it has one.
    public let core: (any CarouselPipeline.Type)?
    /// The UIKit view, if it has one.
    public let uikit: (any UIKitPipeline.Type)?
    /// Walks the implementation's registry entries with a visitor (made where its types are concrete).
    @usableFromInline let walk: (any StrategyVisitor) -> Void

    /// A core pipeline on its own, verified by the eight properties.
    @inlinable
    public init<C: CorePipeline>(core: C.Type) {
        self.init(core: C.self, uikit: nil) { $0.visitPipeline(PipelineEntry<C>()) }
    }

    /// A UIKit pipeline, with its core when it names one (`Core`).
    @inlinable
    public init<U: UIKitPipeline>(uikit: U.Type) {
        self.init(core: U.hasCore ? U.Core.self : nil, uikit: U.self) { StrategyRegistry.visitEntries(of: U.self, with: $0) }
    }

    @usableFromInline
    init(core: (any CarouselPipeline.Type)?, uikit: (any UIKitPipeline.Type)?,
         walk: @escaping (any StrategyVisitor) -> Void) {
        precondition(core != nil || uikit != nil, "an implementation has a core, a UIKit view or both")
        self.core = core
        self.uikit = uikit
        self.walk = walk
    }

    /// The strategy's name: its ids without their family (`seed000.flow`, `example.pagecollection`).
    public var name: String {
        if let coreID { return String(coreID.dropFirst(Self.corePrefix.count)) }
        return String(uikitID!.dropFirst(Self.uikitPrefix.count))
    }

    /// Its ids: the core's, then the UIKit view's.
    public var ids: [String] { [coreID, uikitID].compactMap { $0 } }
    /// The core's id (`pipeline.<name>`), if it has a core.
    public var coreID: String? { core?.id }
    /// The UIKit view's id (`uikit.<name>`), if it has one.
    public var uikitID: String? { uikit?.id }
    /// What the verifier may expect of its views (the core's; the UIKit view's when it has no core).
    public var traits: PipelineTraits {
        if let core { return core.traits }
        return uikit!.traits
    }

    public var description: String { name }

    /// The type that declares it (its UIKit view's, else its core's), as a person would look for it.
    public var typeName: String {
        if let uikit { return String(describing: uikit) }
        return String(describing: core!)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ids == rhs.ids }
    public func hash(into hasher: inout Hasher) { hasher.combine(ids) }

    static let corePrefix = "pipeline."
    static let uikitPrefix = "uikit."

    /// The seeds', the peers' and this project's own, in the order of Docs/ALGORITHMS.md, "Pipelines".
    public static let builtIns: [Implementation] = {
        let collector = Collector()
        StrategyRegistry.implementations(collector)
        return collector.implementations
    }()

    /// The implementation among `implementations` whose core or UIKit view has id `id` (`pipeline.best`,
    /// `uikit.best`), or nil.
    public static func named(_ id: String, in implementations: [Implementation] = builtIns) -> Implementation? {
        implementations.first { $0.ids.contains(id) }
    }

    private final class Collector: ImplementationVisitor {
        var implementations: [Implementation] = []
        func visit(_ implementation: Implementation) { implementations.append(implementation) }
    }
}

/// Code run once per line of the catalogue (`StrategyRegistry.implementations`), with its concrete types.
public protocol ImplementationVisitor {
    func visit(_ implementation: Implementation)
    func visitCore<C: CorePipeline>(_ core: C.Type)
    func visitUIKit<U: UIKitPipeline>(_ uikit: U.Type)
}

extension ImplementationVisitor {
    @inlinable public func visitCore<C: CorePipeline>(_ core: C.Type) { visit(Implementation(core: C.self)) }
    @inlinable public func visitUIKit<U: UIKitPipeline>(_ uikit: U.Type) { visit(Implementation(uikit: U.self)) }
}

/// The marker of a core pipeline: the algorithm over plain values, which a UIKit pipeline may name as its `Core`.
public protocol CorePipeline: CarouselPipeline {}

/// An implementation whose ids are taken already (by a built-in or by another added implementation).
public struct DuplicateImplementation: Error, CustomStringConvertible {
    public let id: String
    public let existing: String
    public let added: String
    public var description: String {
        "\(id) is declared twice: by \(existing) and by \(added); give \(added) another id"
    }
}

extension StrategyRegistry {
    /// Every built-in implementation, one line each: adding a seed or peer is its files and one line here.
    /// Each line gives the concrete types, so a visitor's generic code is specialized on them (`walk`).
    @inlinable
    public static func implementations<V: ImplementationVisitor>(_ visitor: V) {
        visitor.visitUIKit(UIKitSeed000FlowPipeline.self)
        visitor.visitUIKit(UIKitSeed000CenterFocusedPipeline.self)
        visitor.visitUIKit(UIKitSeed000CompositionalPipeline.self)
        visitor.visitUIKit(UIKitSeed000CompositionalScaledPipeline.self)
        visitor.visitUIKit(UIKitSeed003PagingPipeline.self)
        visitor.visitUIKit(UIKitSeed004SentinelPipeline.self)
        visitor.visitUIKit(UIKitUPCarouselPipeline.self)
        visitor.visitUIKit(UIKitFSPagerPipeline.self)
        visitor.visitUIKit(UIKitInfiniteLayoutPipeline.self)
        visitor.visitUIKit(UIKitBestPipeline.self)
    }

    /// The built-in cores, in the catalogue's order, as registry entries.
    @inlinable
    static func pipelines<V: StrategyVisitor>(_ visitor: V) { implementations(CoreEntries(visitor: visitor)) }

    /// The built-in UIKit pipelines, in the catalogue's order, as registry entries.
    @inlinable
    static func uikitPipelines<V: StrategyVisitor>(_ visitor: V) { implementations(UIKitEntries(visitor: visitor)) }

    @usableFromInline
    struct CoreEntries<V: StrategyVisitor>: ImplementationVisitor {
        @usableFromInline let visitor: V
        @inlinable init(visitor: V) { self.visitor = visitor }
        @inlinable func visit(_ implementation: Implementation) {}
        @inlinable func visitCore<C: CorePipeline>(_ core: C.Type) { visitor.visitPipeline(PipelineEntry<C>()) }
        @inlinable func visitUIKit<U: UIKitPipeline>(_ uikit: U.Type) {
            if U.hasCore { visitor.visitPipeline(PipelineEntry<U.Core>()) }
        }
    }

    @usableFromInline
    struct UIKitEntries<V: StrategyVisitor>: ImplementationVisitor {
        @usableFromInline let visitor: V
        @inlinable init(visitor: V) { self.visitor = visitor }
        @inlinable func visit(_ implementation: Implementation) {}
        @inlinable func visitCore<C: CorePipeline>(_ core: C.Type) {}
        @inlinable func visitUIKit<U: UIKitPipeline>(_ uikit: U.Type) { visitor.visitUIKitPipeline(UIKitPipelineEntry<U>()) }
    }

    /// Checks implementations from outside the package before they join a walk: an id taken by a built-in or by
    /// another of them is an error naming both.
    public static func checkAdded(_ implementations: [Implementation]) throws {
        var owners: [String: String] = [:]
        for implementation in Implementation.builtIns {
            for id in implementation.ids { owners[id] = "the built-in \(implementation.name)" }
        }
        for implementation in implementations {
            let added = implementation.typeName
            for id in implementation.ids {
                if let owner = owners[id] { throw DuplicateImplementation(id: id, existing: owner, added: added) }
                owners[id] = added
            }
        }
    }

    /// The registry entries of a UIKit pipeline: its core's when it names one, then its own. Specialized on the
    /// visitor where it is concrete (the suite's registrar, from the module that names `U`).
    @inlinable
    public static func visitEntries<V: StrategyVisitor, U: UIKitPipeline>(of type: U.Type, with visitor: V) {
        if U.hasCore { visitor.visitPipeline(PipelineEntry<U.Core>()) }
        visitor.visitUIKitPipeline(UIKitPipelineEntry<U>())
    }
}

/// What verifying an implementation found: the eight properties' checks (its core, or its UIKit view when it has
/// no core) and its UIKit view's agreement with its core.
public struct ImplementationVerification: Sendable {
    public var checks: [PipelineCheck] = []
    public var agreements: [AgreementReport] = []

    public init() {}
}

extension Implementation {
    /// Verifies the implementation at each of `catalogs`: its core by the eight properties; its UIKit view (under
    /// `switches`) by agreeing with the core frame by frame, or by the eight properties when it has no core.
    /// `uikit: false` leaves the UIKit view out unless it has no core.
    /// - Complexity: a few plays of the standard trajectory per catalog size.
    public func verify(catalogs: [Int], geometry: CarouselGeometry = .default, switches: UIKitSwitches = .default,
                       hz: Double = 120, uikit includeUIKit: Bool = true) -> ImplementationVerification {
        var result = ImplementationVerification()
        for catalog in catalogs where catalog <= largestCatalog {
            if let core {
                result.checks.append(PipelineVerification.check(core, catalogCount: catalog, geometry: geometry, hz: hz))
                if includeUIKit, let uikit {
                    result.agreements.append(UIKitAgreement.compare(uikit, catalogCount: catalog, geometry: geometry,
                                                                    switches: switches, hz: hz))
                }
            } else if let uikit {
                result.checks.append(PipelineVerification.check(uikit, catalogCount: catalog, geometry: geometry,
                                                                switches: switches, hz: hz))
            }
        }
        return result
    }

    /// The largest catalog its views can be built for.
    public var largestCatalog: Int {
        min(core?.catalogLimit?.largest ?? .max, uikit?.catalogLimit?.largest ?? .max)
    }
}
