import BenchKit
import BenchSink
import CarouselLayout

/// Everything the suite measures. Reading this file tells what each row of the results is.
///
/// Ids are `family/strategy`, the strategy being the ALGORITHMS.md id without its family prefix
/// (`lookup.arithmetic` -> `lookup/arithmetic`, `peer.fspager` -> `transform/peer.fspager`). Every strategy
/// comes from a walk of the engine's `StrategyRegistry`, so a strategy declared there is timed here (or,
/// for a corrected variant, only verified); the harness's self-check and the floor are the suite's own.
struct CarouselSuite {
    /// Catalog sizes `n` of SUITE.md.
    static let defaultSizes = [3, 10, 30, 100, 300, 1_000, 3_000, 10_000]
    /// `--quick` sizes: small, medium and large catalogs.
    static let quickSizes = [3, 300, 10_000]

    let configuration: SuiteConfiguration
    let benchmarks: BenchmarkSuite
    /// What the code of each benchmark documents about its cost per iteration (from the registry, or the
    /// suite's own for the floor and the self-check): the report checks it against the measured growth.
    let complexities: [BenchmarkID: Complexity]

    init(_ configuration: SuiteConfiguration = SuiteConfiguration()) {
        self.configuration = configuration
        let registrar = SuiteRegistrar(configuration: configuration)
        registrar.registerHarnessSelfCheck()
        registrar.registerFloor()
        StrategyRegistry.walk(registrar)
        benchmarks = registrar.suite
        complexities = registrar.complexities
    }

    /// `family/strategy` of an ALGORITHMS.md id: the family prefix is dropped (`query.linear` -> `query/linear`).
    static func id(_ family: String, _ strategyID: String) -> BenchmarkID {
        let prefix = family + "."
        let strategy = strategyID.hasPrefix(prefix) ? String(strategyID.dropFirst(prefix.count)) : strategyID
        return BenchmarkID(family: family, strategy: strategy)
    }
}

/// Suite families and units the command line and the report refer to.
enum SuiteFamilies {
    static let harness = "harness"
    static let floor = "floor"
    static let pipeline = "pipeline"
    static let uikit = "uikit"
    /// The UIKit pipelines under the other combinations of the switches: `uikit-switches/best[flowQuery=scan]`.
    static let uikitSwitches = "uikit-switches"
    static let prepare = "prepare"
    /// The lifecycle operations of the UIKit pipelines: `prepare/uikit.best`, `rotate/uikit.best`, ...
    static func lifecycle(_ operation: UIKitOperation) -> String { operation.rawValue }
}

extension IterationUnit {
    /// One display frame of a trajectory per iteration.
    static let nanosecondsPerFrame = IterationUnit(nanosecondsPer: "frame")
}

/// Registers one benchmark per timed registry entry (and the suite's own), recording each one's complexity.
final class SuiteRegistrar: StrategyVisitor {
    let suite = BenchmarkSuite()
    let configuration: SuiteConfiguration
    private(set) var complexities: [BenchmarkID: Complexity] = [:]

    init(configuration: SuiteConfiguration) { self.configuration = configuration }

    private var geometry: CarouselGeometry { configuration.geometry }

    private func register(_ id: BenchmarkID, unit: IterationUnit, complexity: Complexity, limit: CatalogLimit? = nil,
                          setUp: @escaping (Int) -> PreparedBenchmark) {
        let sizes = SizePolicy.any(defaults: CarouselSuite.defaultSizes, largest: limit?.largest, reason: limit?.reason)
        suite.register(id, unit: unit, sizes: sizes, setUp: setUp)
        complexities[id] = complexity
    }

    /// `harness/empty`: an empty loop feeding the sink, the harness's own cost per iteration, which every other
    /// row includes (it should stay under 2 ns). Its size means nothing; it runs once, at n = 3.
    func registerHarnessSelfCheck() {
        let id = BenchmarkID(family: SuiteFamilies.harness, strategy: "empty")
        suite.register(id, unit: .nanosecondsPerCall, sizes: .fixed([3])) { size in
            PreparedBenchmark(items: size) { iterations in
                for iteration in 0..<iterations { blackHole(iteration) }
            }
        }
        complexities[id] = "O(1): an empty loop feeding the sink"
    }

    /// `floor/scaleAlpha`: the `scaleAlpha` transforms of the k visible items, their indices known in advance.
    func registerFloor() {
        let configuration = configuration
        register(CarouselSuite.id(SuiteFamilies.floor, FloorFrame.id), unit: .nanosecondsPerFrame,
                 complexity: FloorFrame.complexity, setUp: floorBenchmark(configuration))
    }

    func visitQuery<Q: VisibleItemQuery>(_ entry: QueryEntry<Q>) {
        guard entry.info.isTimed else { return }
        // Visible-element queries over N = n items, one query of the viewport rect per call.
        register(CarouselSuite.id("query", entry.info.id), unit: .nanosecondsPerCall, complexity: Q.complexity,
                 setUp: queryBenchmark(geometry: geometry, entry.make))
        // A query that caches frames pays for them once per layout: `prepare` of N items.
        if let prepare = Q.prepareComplexity {
            let make = entry.make
            register(CarouselSuite.id(SuiteFamilies.prepare, entry.info.id), unit: .nanosecondsPerCall,
                     complexity: prepare, setUp: prepareBenchmark(geometry: geometry) { geometry, count in
                         let query = make(geometry, count)
                         return UInt64(query.itemCount) &+ query.frame(of: count - 1).maxX.bitPattern
                     })
        }
    }

    func visitLookup<L: CenterLookup>(_ entry: LookupEntry<L>) {
        guard entry.info.isTimed else { return }
        register(CarouselSuite.id("lookup", entry.info.id), unit: .nanosecondsPerCall, complexity: L.complexity,
                 setUp: lookupBenchmark(geometry: geometry, entry: entry))
    }

    func visitTransform<T: FocusTransform>(_ entry: TransformEntry<T>) {
        guard entry.info.isTimed else { return }
        // One call transforms every visible item: k times the strategy's cost per item.
        register(CarouselSuite.id("transform", entry.info.id), unit: .nanosecondsPerCall,
                 complexity: T.complexity.timesVisibleItems, setUp: transformBenchmark(geometry: geometry, entry.make))
    }

    func visitSnap<S: SnapStrategy>(_ entry: SnapEntry<S>) {
        guard entry.info.isTimed else { return }
        register(CarouselSuite.id("snap", entry.info.id), unit: .nanosecondsPerCall, complexity: S.complexity,
                 setUp: snapBenchmark(geometry: geometry, entry.make))
    }

    func visitWrap<W: WrapStrategy>(_ entry: WrapEntry<W>) {
        guard entry.info.isTimed else { return }
        register(CarouselSuite.id("wrap", entry.info.id), unit: .nanosecondsPerFrame, complexity: W.complexity,
                 limit: entry.info.limit, setUp: wrapBenchmark(geometry: geometry, hz: configuration.hz, entry.make))
    }

    func visitRelayout(_ entry: RelayoutEntry) {
        guard entry.info.isTimed else { return }
        let relayout = entry.relayout
        register(CarouselSuite.id(SuiteFamilies.prepare, entry.info.id), unit: .nanosecondsPerCall,
                 complexity: entry.info.complexity, setUp: prepareBenchmark(geometry: geometry) { geometry, count in
                     var frames: [Span] = []
                     relayout(geometry, count, &frames)
                     return UInt64(frames.count) &+ (frames.last?.maxX ?? 0).bitPattern
                 })
    }

    func visitPipeline<P: CarouselPipeline>(_ entry: PipelineEntry<P>) {
        register(CarouselSuite.id(SuiteFamilies.pipeline, entry.info.id), unit: .nanosecondsPerFrame,
                 complexity: P.complexity, limit: entry.info.limit,
                 setUp: pipelineBenchmark(P.self, configuration: configuration))
    }

    /// The UIKit view of a pipeline: per frame under the run's switches, verified against its core, and each
    /// lifecycle operation once per call.
    func visitUIKitPipeline<P: UIKitPipeline>(_ entry: UIKitPipelineEntry<P>) {
        register(CarouselSuite.id(SuiteFamilies.uikit, entry.info.id), unit: .nanosecondsPerFrame,
                 complexity: P.complexity, limit: entry.info.limit,
                 setUp: uikitPipelineBenchmark(P.self, configuration: configuration))
        if configuration.uikitMatrix {
            let strategy = CarouselSuite.id(SuiteFamilies.uikit, entry.info.id).strategy
            for switches in UIKitSwitches.allCombinations where switches != configuration.switches {
                var combination = configuration
                combination.switches = switches
                register(BenchmarkID(family: SuiteFamilies.uikitSwitches,
                                     strategy: strategy + "[" + switches.changes.joined(separator: ";") + "]"),
                         unit: .nanosecondsPerFrame, complexity: P.complexity, limit: entry.info.limit,
                         setUp: uikitPipelineBenchmark(P.self, configuration: combination))
            }
        }
        for operation in UIKitOperation.allCases {
            register(BenchmarkID(family: SuiteFamilies.lifecycle(operation), strategy: entry.info.id),
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
