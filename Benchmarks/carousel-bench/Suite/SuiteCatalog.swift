import BenchKit
import BenchSink
import CarouselLayout

/// Everything the suite measures. Reading this file tells what each row of the results is.
///
/// Ids are `family/strategy`, the strategy being the ALGORITHMS.md id without its family prefix
/// (`lookup.arithmetic` -> `lookup/arithmetic`, `peer.fspager` -> `transform/peer.fspager`).
enum SuiteCatalog {
    /// Catalog sizes `n` of SUITE.md.
    static let defaultSizes = [3, 10, 30, 100, 300, 1_000, 3_000, 10_000]
    /// `--quick` sizes: small, medium and large catalogs.
    static let quickSizes = [3, 300, 10_000]

    static func makeSuite() -> BenchmarkSuite {
        let suite = BenchmarkSuite()
        registerHarnessSelfCheck(in: suite)
        registerFloorAndPipelines(in: suite)
        registerComponents(in: suite)
        return suite
    }

    static func id(_ family: String, _ strategyID: String) -> BenchmarkID {
        let prefix = family + "."
        let strategy = strategyID.hasPrefix(prefix) ? String(strategyID.dropFirst(prefix.count)) : strategyID
        return BenchmarkID(family: family, strategy: strategy)
    }

    /// `harness/empty`: an empty loop feeding the sink, the harness's own cost per iteration, which every other
    /// row includes (it should stay under 2 ns). Its size means nothing; it runs once, at n = 3.
    static func registerHarnessSelfCheck(in suite: BenchmarkSuite) {
        suite.register(BenchmarkID(family: "harness", strategy: "empty"), unit: .nsPerCall, sizes: [3]) { size in
            PreparedBenchmark(items: size) { iterations in
                for iteration in 0..<iterations { blackHole(iteration) }
            }
        }
    }

    static func registerComponents(in suite: BenchmarkSuite) {
        let sizes = defaultSizes

        // Visible-element queries over N = n items, one query of the viewport rect per call.
        suite.register(id("query", LinearQuery.id), unit: .nsPerCall, sizes: sizes,
                       setUp: queryBenchmark { LinearQuery(geometry: $0, itemCount: $1) })
        suite.register(id("query", BinarySearchQuery.id), unit: .nsPerCall, sizes: sizes,
                       setUp: queryBenchmark { BinarySearchQuery(geometry: $0, itemCount: $1) })
        suite.register(id("query", ArithmeticQuery.id), unit: .nsPerCall, sizes: sizes,
                       setUp: queryBenchmark { ArithmeticQuery(geometry: $0, itemCount: $1) })

        // Centre lookups, each through the query its source uses (flow layouts: linear; compositional: arithmetic).
        suite.register(id("lookup", "lookup.sortedScan"), unit: .nsPerCall, sizes: sizes,
                       setUp: lookupBenchmark(reference: LookupReference.leftmost) {
                           SortedScanLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
                       })
        suite.register(id("lookup", "lookup.sortedScan.byDistance"), unit: .nsPerCall, sizes: sizes,
                       setUp: lookupBenchmark(reference: LookupReference.nearest) {
                           SortedScanByDistanceLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
                       })
        suite.register(id("lookup", "lookup.minScan"), unit: .nsPerCall, sizes: sizes,
                       setUp: lookupBenchmark(reference: LookupReference.nearest) {
                           MinScanLookup(query: ArithmeticQuery(geometry: $0, itemCount: $1), geometry: $0)
                       })
        suite.register(id("lookup", ArithmeticLookup.id), unit: .nsPerCall, sizes: sizes,
                       setUp: lookupBenchmark(reference: LookupReference.nearest) {
                           ArithmeticLookup(geometry: $0, itemCount: $1)
                       })
        suite.register(id("lookup", "lookup.hitTest"), unit: .nsPerCall, sizes: sizes,
                       setUp: lookupBenchmark(reference: LookupReference.containing) {
                           HitTestLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
                       })
        suite.register(id("lookup", BinaryLookup.id), unit: .nsPerCall, sizes: sizes,
                       setUp: lookupBenchmark(reference: LookupReference.nearest) {
                           BinaryLookup(geometry: $0, itemCount: $1)
                       })

        // Focus transforms of every visible item (k of them) at one offset.
        suite.register(id("transform", ScaleAlphaTransform.id), unit: .nsPerCall, sizes: sizes,
                       setUp: transformBenchmark { ScaleAlphaTransform(geometry: $0) })
        suite.register(id("transform", AffineTransform.id), unit: .nsPerCall, sizes: sizes,
                       setUp: transformBenchmark { AffineTransform(geometry: $0) })
        suite.register(id("transform", CompensatedTransform.id), unit: .nsPerCall, sizes: sizes,
                       setUp: transformBenchmark { CompensatedTransform(geometry: $0) })
        suite.register(id("transform", UPCarouselTransform.id), unit: .nsPerCall, sizes: sizes,
                       setUp: transformBenchmark { UPCarouselTransform(geometry: $0) })
        suite.register(id("transform", FSPagerTransform.id), unit: .nsPerCall, sizes: sizes,
                       setUp: transformBenchmark { FSPagerTransform(geometry: $0) })

        // Snap targets, one release per call, through the query each source uses.
        suite.register(id("snap", "snap.directional"), unit: .nsPerCall, sizes: sizes,
                       setUp: snapBenchmark { DirectionalSnap(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0) })
        suite.register(id("snap", ThresholdSnap.id), unit: .nsPerCall, sizes: sizes,
                       setUp: snapBenchmark { ThresholdSnap(geometry: $0, itemCount: $1) })
        suite.register(id("snap", "snap.nearest"), unit: .nsPerCall, sizes: sizes,
                       setUp: snapBenchmark { NearestSnap(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0) })
        suite.register(id("snap", DirectionSnap.id), unit: .nsPerCall, sizes: sizes,
                       setUp: snapBenchmark { geometry, _ in DirectionSnap(geometry: geometry) })
        suite.register(id("snap", ProjectedSnap.id), unit: .nsPerCall, sizes: sizes,
                       setUp: snapBenchmark { ProjectedSnap(geometry: $0, itemCount: $1) })
        suite.register(id("snap", FSPagerSnap.id), unit: .nsPerCall, sizes: sizes,
                       setUp: snapBenchmark { FSPagerSnap(geometry: $0, itemCount: $1) })

        // Per-frame wrap checks while dragging; `items` is each strategy's replicated N.
        suite.register(id("wrap", TripleWrap.id), unit: .nsPerFrame, sizes: sizes,
                       setUp: wrapBenchmark { TripleWrap(geometry: $0, catalogCount: $1) })
        suite.register(id("wrap", SentinelWrap.id), unit: .nsPerFrame, sizes: sizes,
                       setUp: wrapBenchmark { SentinelWrap(viewportWidth: $0.viewportWidth, catalogCount: $1) })
        suite.register(id("wrap", HundredfoldWrap.id), unit: .nsPerFrame, sizes: sizes,
                       setUp: wrapBenchmark { HundredfoldWrap(geometry: $0, catalogCount: $1) })
        suite.register(id("wrap", ModularWrap.id), unit: .nsPerFrame, sizes: sizes,
                       setUp: wrapBenchmark { ModularWrap(geometry: $0, catalogCount: $1) })
        suite.register(id("wrap", FSPagerWrap.id), unit: .nsPerFrame, sizes: sizes,
                       setUp: wrapBenchmark { FSPagerWrap(geometry: $0, catalogCount: $1) })
        suite.register(id("wrap", InfiniteLayoutWrap.id), unit: .nsPerFrame, sizes: sizes,
                       setUp: wrapBenchmark { InfiniteLayoutWrap(geometry: $0, catalogCount: $1) })

        // One-time layout work: caching N frames (flow layout `prepare`), or seed 003's relayout of N items.
        suite.register(id("prepare", LinearQuery.id), unit: .nsPerCall, sizes: sizes,
                       setUp: prepareBenchmark(items: { $0 }) { geometry, count in
                           let query = LinearQuery(geometry: geometry, itemCount: count)
                           return UInt64(query.attributes.count) &+ query.frame(of: count - 1).maxX.bitPattern
                       })
        suite.register(id("prepare", BinarySearchQuery.id), unit: .nsPerCall, sizes: sizes,
                       setUp: prepareBenchmark(items: { $0 }) { geometry, count in
                           let query = BinarySearchQuery(geometry: geometry, itemCount: count)
                           return UInt64(query.itemCount) &+ query.frame(of: count - 1).maxX.bitPattern
                       })
        suite.register(id("prepare", EnlargeCenterLayout.id), unit: .nsPerCall, sizes: sizes,
                       setUp: prepareBenchmark(items: { $0 }) { geometry, count in
                           let layout = EnlargeCenterLayout(viewport: geometry.viewport, lineSpacing: 10)
                           var frames: [Span] = []
                           layout.layout(itemCount: count, centerIndex: count / 2, into: &frames)
                           return UInt64(frames.count) &+ (frames.last?.maxX ?? 0).bitPattern
                       })
    }
}
