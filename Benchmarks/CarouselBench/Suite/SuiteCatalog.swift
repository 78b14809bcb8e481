import BenchKit
import BenchSink
import CarouselLayout

/// Everything the suite measures. Reading this file tells what each row of the results is.
///
/// Ids are `family/strategy`, the strategy being its id (Docs/ALGORITHMS.md, "Suite rows") without its family prefix
/// (`lookup.arithmetic` -> `lookup/arithmetic`, `peer.fspager` -> `transform/peer.fspager`). Every strategy
/// comes from a walk of the engine's `StrategyRegistry`, so a strategy declared there is timed here (or,
/// for a corrected variant, only verified); the harness's self-check and the floor are the suite's own.
@usableFromInline
struct CarouselSuite {
    /// The catalog sizes `n` a run measures unless told otherwise (`--sizes`).
    static let defaultSizes = [3, 10, 30, 100, 300, 1_000, 3_000, 10_000]
    /// `--quick` sizes: small, medium and large catalogs. Large is 3 000, not the default run's 10 000: there one
    /// O(N)-per-frame core (`pipeline/peer.infinitelayout`, 0.8 s a play of its trajectory) would take a third of a
    /// quick run by itself (Docs/NOISE.md, "How long a run takes").
    static let quickSizes = [3, 300, 3_000]

    let configuration: SuiteConfiguration
    let benchmarks: BenchmarkSuite
    /// What the code of each benchmark documents about its cost per iteration (from the registry, or the
    /// suite's own for the floor and the self-check): the report checks it against the measured growth.
    let complexities: [BenchmarkID: Complexity]
    /// What each benchmark is, as a value (the report switches over it).
    let rows: [BenchmarkID: SuiteRow]

    /// The suite of `configuration`: the harness's self-check, the floor, every built-in registry entry, then the
    /// entries `added` from outside the package (`CarouselBench.main(adding:)`'s, by default).
    init(_ configuration: SuiteConfiguration = SuiteConfiguration(), adding added: [CarouselBench.Entry] = CarouselBench.added) {
        self.configuration = configuration
        let registrar = SuiteRegistrar(configuration: configuration,
                                        implementations: Implementation.builtIns + added.map(\.implementation))
        registrar.registerHarnessSelfCheck()
        registrar.registerFloor()
        registrar.registerUIKitFloor()
        StrategyRegistry.walkBuiltIns(registrar)
        for entry in added { entry.register(registrar) }
        benchmarks = registrar.suite
        complexities = registrar.complexities
        rows = registrar.rows
    }

    /// `family/strategy` of a strategy id (Docs/ALGORITHMS.md, "Suite rows"): the family prefix is dropped
    /// (`query.linear` -> `query/linear`).
    @usableFromInline
    static func id(_ family: String, _ strategyID: String) -> BenchmarkID {
        let prefix = family + "."
        let strategy = strategyID.hasPrefix(prefix) ? String(strategyID.dropFirst(prefix.count)) : strategyID
        return BenchmarkID(family: family, strategy: strategy)
    }
}

/// Suite families and units the command line and the report refer to.
@usableFromInline
enum SuiteFamilies {
    static let harness = "harness"
    static let floor = "floor"
    @usableFromInline static let pipeline = "pipeline"
    @usableFromInline static let uikit = "uikit"
    /// The UIKit pipelines under the other combinations of the switches: `uikit-switches/best[flowQuery=scan]`.
    @usableFromInline static let uikitSwitches = "uikit-switches"
    static let prepare = "prepare"
    /// The lifecycle operations of the UIKit pipelines: `prepare/uikit.best`, `rotate/uikit.best`, ...
    @usableFromInline static func lifecycle(_ operation: UIKitOperation) -> String { operation.rawValue }
}

extension IterationUnit {
    /// One display frame of a trajectory per iteration.
    @usableFromInline static let nanosecondsPerFrame = IterationUnit(nanosecondsPer: "frame")
}

/// Registers one benchmark per timed registry entry (and the suite's own), recording each one's complexity.
///
/// The pipeline visits are `@inlinable`: an entry added from another package (`CarouselBench.Entry`) calls them
/// from its own module, where its types are concrete, so its timed loops are specialized as the built-in ones are.
public final class SuiteRegistrar: StrategyVisitor {
    let suite = BenchmarkSuite()
    @usableFromInline let configuration: SuiteConfiguration
    private(set) var complexities: [BenchmarkID: Complexity] = [:]
    private(set) var rows: [BenchmarkID: SuiteRow] = [:]
    /// The implementations the pipeline rows belong to, by id.
    private let implementations: [String: Implementation]

    init(configuration: SuiteConfiguration, implementations: [Implementation]) {
        self.configuration = configuration
        self.implementations = Dictionary(implementations.flatMap { implementation in implementation.ids.map { ($0, implementation) } },
                                          uniquingKeysWith: { first, _ in first })
    }

    private var geometry: CarouselGeometry { configuration.geometry }

    /// The implementation whose core or UIKit view has id `id` (every pipeline entry the walk visits has one).
    @usableFromInline
    func implementation(_ id: String) -> Implementation { implementations[id]! }

    @usableFromInline
    func register(_ row: SuiteRow, unit: IterationUnit, complexity: Complexity, limit: CatalogLimit? = nil,
                  setUp: @escaping (Int) -> PreparedBenchmark) {
        let id = row.id
        let sizes = SizePolicy.any(defaults: CarouselSuite.defaultSizes, largest: limit?.largest, reason: limit?.reason)
        suite.register(id, unit: unit, sizes: sizes, setUp: setUp)
        complexities[id] = complexity
        rows[id] = row
    }

    /// `harness/empty`: an empty loop feeding the sink, the harness's own cost per iteration, which every other
    /// row includes (it should stay under 2 ns). Its size means nothing; it runs once, at n = 3.
    func registerHarnessSelfCheck() {
        let row = SuiteRow.harness("empty")
        suite.register(row.id, unit: .nanosecondsPerCall, sizes: .fixed([3])) { size in
            PreparedBenchmark(items: size) { iterations in
                for iteration in 0..<iterations { blackHole(iteration) }
            }
        }
        complexities[row.id] = "O(1): an empty loop feeding the sink"
        rows[row.id] = row
    }

    /// `floor/scaleAlpha`: the `scaleAlpha` transforms of the k visible items, their indices known in advance.
    func registerFloor() {
        let configuration = configuration
        register(.floor, unit: .nanosecondsPerFrame,
                 complexity: FloorFrame.complexity, setUp: floorBenchmark(configuration))
    }

    /// `floor/uikit`: the UIKit model's own cost per frame under the run's switches, with the least layout.
    func registerUIKitFloor() {
        register(.uikitFloor, unit: .nanosecondsPerFrame, complexity: UIKitFloorPipeline.complexity,
                 limit: UIKitFloorPipeline.catalogLimit, setUp: uikitFloorBenchmark(configuration))
    }

    public func visitQuery<Q: VisibleItemQuery>(_ entry: QueryEntry<Q>) {
        guard entry.info.isTimed else { return }
        // Visible-element queries over N = n items, one query of the viewport rect per call.
        register(.component(.query, strategy: entry.info.id), unit: .nanosecondsPerCall, complexity: Q.complexity,
                 setUp: queryBenchmark(geometry: geometry, entry.make))
        // A query that caches frames pays for them once per layout: `prepare` of N items.
        if let prepare = Q.prepareComplexity {
            let make = entry.make
            register(.component(.prepare, strategy: entry.info.id), unit: .nanosecondsPerCall,
                     complexity: prepare, setUp: prepareBenchmark(geometry: geometry) { geometry, count in
                         let query = make(geometry, count)
                         return UInt64(query.itemCount) &+ query.frame(of: count - 1).maxX.bitPattern
                     })
        }
    }

    public func visitLookup<L: CenterLookup>(_ entry: LookupEntry<L>) {
        guard entry.info.isTimed else { return }
        register(.component(.lookup, strategy: entry.info.id), unit: .nanosecondsPerCall, complexity: L.complexity,
                 setUp: lookupBenchmark(geometry: geometry, entry: entry))
    }

    public func visitTransform<T: FocusTransform>(_ entry: TransformEntry<T>) {
        guard entry.info.isTimed else { return }
        // One call transforms every visible item: k times the strategy's cost per item.
        register(.component(.transform, strategy: entry.info.id), unit: .nanosecondsPerCall,
                 complexity: T.complexity.timesVisibleItems, setUp: transformBenchmark(geometry: geometry, entry.make))
    }

    public func visitSnap<S: SnapStrategy>(_ entry: SnapEntry<S>) {
        guard entry.info.isTimed else { return }
        register(.component(.snap, strategy: entry.info.id), unit: .nanosecondsPerCall, complexity: S.complexity,
                 setUp: snapBenchmark(geometry: geometry, entry.make))
    }

    public func visitWrap<W: WrapStrategy>(_ entry: WrapEntry<W>) {
        guard entry.info.isTimed else { return }
        register(.component(.wrap, strategy: entry.info.id), unit: .nanosecondsPerFrame, complexity: W.complexity,
                 limit: entry.info.limit, setUp: wrapBenchmark(geometry: geometry, hz: configuration.hz, entry.make))
    }

    public func visitRelayout(_ entry: RelayoutEntry) {
        guard entry.info.isTimed else { return }
        let relayout = entry.relayout
        register(.component(.prepare, strategy: entry.info.id), unit: .nanosecondsPerCall,
                 complexity: entry.info.complexity, setUp: prepareBenchmark(geometry: geometry) { geometry, count in
                     var frames: [Span] = []
                     relayout(geometry, count, &frames)
                     return UInt64(frames.count) &+ (frames.last?.maxX ?? 0).bitPattern
                 })
    }

    @inlinable
    public func visitPipeline<P: CarouselPipeline>(_ entry: PipelineEntry<P>) {
        register(.pipeline(implementation(entry.info.id)), unit: .nanosecondsPerFrame,
                 complexity: P.complexity, limit: entry.info.limit,
                 setUp: pipelineBenchmark(P.self, configuration: configuration))
    }

    /// The UIKit view of a pipeline: per frame under the run's switches, verified against its core, and each
    /// lifecycle operation once per call.
    @inlinable
    public func visitUIKitPipeline<P: UIKitPipeline>(_ entry: UIKitPipelineEntry<P>) {
        let implementation = implementation(entry.info.id)
        register(.uikit(implementation), unit: .nanosecondsPerFrame,
                 complexity: P.complexity, limit: entry.info.limit,
                 setUp: uikitPipelineBenchmark(P.self, configuration: configuration))
        let combinations: [UIKitSwitches] = switch configuration.uikitMatrix {
        case .off: []
        case .live: UIKitSwitches.combinations(of: UIKitSwitchLiveness.liveSwitches(
            P.self, catalogCounts: [3, 300], geometry: configuration.geometry, hz: configuration.hz))
        case .every: UIKitSwitches.allCombinations
        }
        for switches in combinations where switches != configuration.switches {
            var combination = configuration
            combination.switches = switches
            register(.switches(implementation, changes: switches.changes),
                     unit: .nanosecondsPerFrame, complexity: P.complexity, limit: entry.info.limit,
                     setUp: uikitPipelineBenchmark(P.self, configuration: combination, profiled: false))
        }
        for operation in UIKitOperation.allCases {
            register(.lifecycle(operation, implementation),
                     unit: .nanosecondsPerCall, complexity: P.lifecycleComplexity[operation], limit: entry.info.limit,
                     setUp: uikitLifecycleBenchmark(P.self, operation, configuration: configuration))
        }
    }
}

extension Complexity {
    /// The cost of transforming all k visible items with a per-item cost of `self`.
    var timesVisibleItems: Complexity {
        let terms = order.dropFirst(2).dropLast()
        return Complexity("O(k\(terms == "1" ? "" : " (\(terms))")): \(text), for each of the k visible items")
    }
}
