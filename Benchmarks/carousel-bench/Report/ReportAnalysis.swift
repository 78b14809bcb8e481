import BenchKit
import BenchReport
import CarouselLayout

/// Every figure REPORT.md states, computed from the rows of one results file (nothing is hard-coded).
struct ReportAnalysis {
    static let componentFamilies = ["query", "lookup", "transform", "snap", "wrap", "prepare"]
    static let floorFamily = "floor"
    static let pipelineFamily = "pipeline"
    /// The seed's own per-frame pipeline, the reference of the recommendation's speed-up.
    static let seedReference = "pipeline/seed000.flow"
    static let seedReferenceSize = 300

    /// One benchmark's rows, by ascending catalog size.
    struct Series {
        let id: BenchmarkID
        let rows: [ResultRow]

        var sizes: [Int] { rows.map(\.size) }
        func row(at catalog: Int) -> ResultRow? { rows.first { $0.size == catalog } }
        var largest: ResultRow { rows[rows.count - 1] }
        var smallest: ResultRow { rows[0] }
    }

    /// The largest catalog a per-frame benchmark serves within `budgetNanoseconds`.
    enum Capacity: Equatable {
        /// No measured size is within the budget.
        case none(smallest: Int)
        /// Measured: `size` is within, the next measured size `over` is not.
        case measured(size: Int, over: Int)
        /// Every measured size is within; the fit against `n` is flat, so no size exceeds the budget.
        case allMeasuredFlat(largest: Int, fit: ComplexityClass)
        /// Every measured size is within; the fit against `n` reaches the budget at `estimate`.
        case allMeasuredExtrapolated(largest: Int, estimate: Double, fit: ComplexityClass)
    }

    /// A per-frame series (floor, core or UIKit pipeline) with its derived figures.
    struct FrameSummary {
        let series: Series
        let floorRatio: Double?
        /// Allocations per frame at the largest size (nil when not measured).
        let mallocs: Double?
        /// Whether every measured size allocated (to the nearest hundredth) nothing per frame.
        let allocatesNothing: Bool?
        let budgetShare: Double
        let capacity: Capacity
        /// nil for the floor (it is not a pipeline); otherwise whether every check passed (the core's frame-by-frame
        /// check; for a UIKit pipeline also its agreement with the core).
        let verified: Bool?
        /// Why the pipeline does not make the carousel the design asks for (an infinite, centre-focused carousel whose
        /// wrap cannot be seen), each in a few words; empty when it does. See `ReportAnalysis.designDefects`.
        let defects: [String]
    }

    /// The fitted growth of one benchmark against `N`, and what its code documents.
    struct ComplexityRow {
        let series: Series
        let fit: ComplexityFit
        let itemRange: ClosedRange<Int>
        let documented: Complexity?
        var documentedClass: ComplexityClass? { documented.flatMap { ComplexityClass(documented: $0.order) } }
        var verdict: ComplexityVerdict? { documentedClass.map { fit.best.verdict(againstDocumented: $0) } }
        /// N spans less than a decade: the slope and the fit say little about growth in N.
        var narrowRange: Bool { itemRange.upperBound < 10 * itemRange.lowerBound }
    }

    /// What the report knows of each pipeline besides its rows: the checks made when the report was written.
    struct Checks {
        var cores: [PipelineCheck] = []
        var agreements: [AgreementReport] = []
    }

    let rows: [ResultRow]
    /// The frame rate the run used (its metadata's `hz`, else 120): the frame whose budget the shares are of.
    let hz: Double
    /// One frame at `hz`, in nanoseconds.
    var frameNanoseconds: Double { 1e9 / hz }
    /// 1% of a frame, in nanoseconds: the per-frame budget a carousel may spend.
    var budgetNanoseconds: Double { frameNanoseconds / 100 }
    let sizes: [Int]
    let floor: FrameSummary?
    /// The algorithm cores (`pipeline/*`).
    let pipelines: [FrameSummary]
    /// The same seeds and peers as an app runs them on UIKit (`uikit/*`, the run's switches).
    let uikit: [FrameSummary]
    /// `prepare/uikit.*`, `rotate/uikit.*`, `reload/uikit.*`, `release/uikit.*` by operation.
    let lifecycle: [UIKitOperation: [Series]]
    /// The UIKit pipelines under the other combinations of the switches (`uikit-switches/*`), parsed.
    let matrix: [MatrixRow]
    let components: [String: [Series]]
    let complexity: [ComplexityRow]
    let checks: Checks
    var pipelineChecks: [PipelineCheck] { checks.cores }

    /// One `uikit-switches/<strategy>[changes]` row: the pipeline and the switches it ran under.
    struct MatrixRow {
        let pipeline: BenchmarkID
        let changes: String
        let row: ResultRow
    }

    init(rows: [ResultRow], checks: Checks, complexities: [BenchmarkID: Complexity], hz: Double) {
        self.rows = rows
        self.hz = hz
        self.checks = checks
        let budget = 1e9 / hz / 100
        sizes = Array(Set(rows.filter { $0.benchmark.family != SuiteFamilies.uikitSwitches }.map(\.size))).sorted()
        let grouped = Dictionary(grouping: rows, by: \.benchmark)
        let series = grouped.keys.sorted().map { Series(id: $0, rows: grouped[$0]!.sorted { $0.size < $1.size }) }
        let floorSeries = series.first { $0.id.family == Self.floorFamily }
        func summary(_ series: Series, verified: Bool?, defects: [String]) -> FrameSummary {
            let largest = series.largest
            let floorMedian = floorSeries?.row(at: largest.size)?.median
            let allocations = series.rows.map(\.mallocsPerIteration)
            return FrameSummary(
                series: series,
                floorRatio: floorMedian.map { largest.median / $0 },
                mallocs: largest.mallocsPerIteration,
                allocatesNothing: allocations.contains(nil) ? nil : allocations.allSatisfy { $0! < 0.005 },
                budgetShare: largest.median / (budget * 100) * 100,
                capacity: Self.capacity(series, budget: budget),
                verified: verified, defects: defects)
        }
        floor = floorSeries.map { summary($0, verified: nil, defects: []) }
        let coreOrder = PipelineKind.allCases.map { CarouselSuite.id(Self.pipelineFamily, $0.id) }
        pipelines = series.filter { $0.id.family == Self.pipelineFamily }
            .sorted { (coreOrder.firstIndex(of: $0.id) ?? .max, $0.id) < (coreOrder.firstIndex(of: $1.id) ?? .max, $1.id) }
            .map { pipeline in
                let kind = PipelineKind.allCases.first { CarouselSuite.id(Self.pipelineFamily, $0.id) == pipeline.id }
                let cores = checks.cores.filter { CarouselSuite.id(Self.pipelineFamily, $0.id) == pipeline.id }
                return summary(pipeline, verified: cores.isEmpty ? nil : cores.allSatisfy(\.isVerified),
                               defects: kind.map { Self.designDefects(kind: $0, cores: cores, agreements: nil,
                                                                       replicated: pipeline.largest.items > pipeline.largest.size) } ?? [])
            }
        let uikitOrder = UIKitPipelineKind.allCases.map { CarouselSuite.id(SuiteFamilies.uikit, $0.id) }
        uikit = series.filter { $0.id.family == SuiteFamilies.uikit }
            .sorted { (uikitOrder.firstIndex(of: $0.id) ?? .max, $0.id) < (uikitOrder.firstIndex(of: $1.id) ?? .max, $1.id) }
            .map { pipeline in
                let kind = UIKitPipelineKind.allCases.first { CarouselSuite.id(SuiteFamilies.uikit, $0.id) == pipeline.id }
                let cores = checks.cores.filter { $0.id == kind?.core.id }
                let agreements = checks.agreements.filter { $0.id == kind?.id }
                let verified = cores.isEmpty || agreements.isEmpty ? nil
                    : cores.allSatisfy(\.isVerified) && agreements.allSatisfy(\.agrees)
                return summary(pipeline, verified: verified,
                               defects: kind.map {
                                   Self.designDefects(kind: $0.core, cores: cores, agreements: agreements,
                                                      replicated: pipeline.largest.items > pipeline.largest.size)
                               } ?? [])
            }
        var lifecycle: [UIKitOperation: [Series]] = [:]
        let kindOrder = UIKitPipelineKind.allCases.map(\.id)
        for operation in UIKitOperation.allCases {
            lifecycle[operation] = series.filter { $0.id.family == SuiteFamilies.lifecycle(operation) && $0.id.strategy.hasPrefix("uikit.") }
                .sorted { (kindOrder.firstIndex(of: $0.id.strategy) ?? .max) < (kindOrder.firstIndex(of: $1.id.strategy) ?? .max) }
        }
        self.lifecycle = lifecycle
        matrix = rows.filter { $0.benchmark.family == SuiteFamilies.uikitSwitches }.compactMap { row in
            let strategy = row.benchmark.strategy
            guard let open = strategy.firstIndex(of: "["), strategy.hasSuffix("]") else { return nil }
            return MatrixRow(pipeline: BenchmarkID(family: SuiteFamilies.uikit, strategy: String(strategy[..<open])),
                             changes: String(strategy[strategy.index(after: open)..<strategy.index(before: strategy.endIndex)]),
                             row: row)
        }
        let isLifecycle = { (id: BenchmarkID) in id.strategy.hasPrefix("uikit.") }
        let byFamily = Dictionary(grouping: series.filter { Self.componentFamilies.contains($0.id.family) && !isLifecycle($0.id) },
                                  by: \.id.family)
        components = byFamily
        let lifecycleSeries = UIKitOperation.allCases.flatMap { lifecycle[$0] ?? [] }
        // Families the report has no section for (e.g. the harness's own self-check) still get a complexity row.
        let known = Set([Self.floorFamily, Self.pipelineFamily, SuiteFamilies.uikit, SuiteFamilies.uikitSwitches]
            + Self.componentFamilies + UIKitOperation.allCases.map(SuiteFamilies.lifecycle))
        let otherFamilies = series.filter { !known.contains($0.id.family) }
        let ordered = otherFamilies + (floorSeries.map { [$0] } ?? []) + pipelines.map(\.series) + uikit.map(\.series)
            + lifecycleSeries + Self.componentFamilies.flatMap { byFamily[$0] ?? [] }
        complexity = ordered.map { series in
            ComplexityRow(
                series: series,
                fit: ComplexityFit(rows: series.rows, size: { $0.items }),
                itemRange: series.rows.map(\.items).min()!...series.rows.map(\.items).max()!,
                documented: complexities[series.id])
        }
    }

    /// What keeps a pipeline from being the carousel the design asks for (ALGORITHMS.md: infinite, centre-focused,
    /// a wrap the user cannot see), from the checks made for this report:
    /// - it fails its frame-by-frame check, or (UIKit) does not agree with its core;
    /// - it is finite, or replicated without ever recentring (its core never wraps), or draws no focus transform
    ///   (its scales are all 1);
    /// - a wrap jump moved what the user sees, or an alpha left [0, 1];
    /// - (UIKit) its cells show transforms other than the current offset's: stale between queries, computed from
    ///   a transformed frame, skipped on a rotation, or an item missing at a page seam.
    static func designDefects(kind: PipelineKind, cores: [PipelineCheck], agreements: [AgreementReport]?,
                              replicated: Bool) -> [String] {
        var defects: [String] = []
        if cores.contains(where: { !$0.isVerified }) { defects.append("fails its check") }
        if let agreements, agreements.contains(where: { !$0.agrees }) { defects.append("disagrees with its core") }
        let traits = kind.traits
        if !traits.wraps { defects.append(replicated ? "never recentres: runs out in one direction" : "finite, not infinite") }
        if traits.scaleRange.lowerBound >= 1 { defects.append("no focus transform") }
        if cores.contains(where: { $0.visibleJumps > 0 }) { defects.append("visible wrap jumps") }
        if cores.contains(where: { $0.alphaOutOfRange > 0 }) { defects.append("alpha outside [0, 1]") }
        let visual: [UIKitNamedDifference] = [
            .staleTransformsBetweenQueries, .transformFromTransformedFrame, .rotationSkipsHandler, .pageSeamItemNotReturned,
        ]
        for difference in visual where (agreements ?? []).contains(where: { ($0.allowed[difference] ?? 0) > 0 }) {
            defects.append(difference.rawValue)
        }
        return defects
    }

    /// Ids that have no documented complexity entry (a new benchmark whose doc line was not copied).
    var undocumented: [String] { complexity.filter { $0.documented == nil }.map(\.series.id.description) }

    /// Measured sizes first; past the largest, the fit of the medians against `n` (the question is about catalogs).
    static func capacity(_ series: Series, budget budgetNanoseconds: Double) -> Capacity {
        let within = series.rows.filter { $0.median <= budgetNanoseconds }
        guard let lastWithin = within.last else { return .none(smallest: series.smallest.size) }
        if let over = series.rows.first(where: { $0.size > lastWithin.size && $0.median > budgetNanoseconds }) {
            return .measured(size: lastWithin.size, over: over.size)
        }
        let fit = ComplexityFit(rows: series.rows)
        let model = fit.bestFit
        guard fit.best != .constant, model.slope > 0 else {
            return .allMeasuredFlat(largest: series.largest.size, fit: fit.best)
        }
        // The model grows monotonically: bisect on log n between the largest size and 10^15.
        var low = Double(series.largest.size)
        var high = 1e15
        guard model.predicted(at: high) > budgetNanoseconds else {
            return .allMeasuredFlat(largest: series.largest.size, fit: fit.best)
        }
        for _ in 0..<200 {
            let middle = (low * high).squareRoot()
            if model.predicted(at: middle) > budgetNanoseconds { high = middle } else { low = middle }
        }
        return .allMeasuredExtrapolated(largest: series.largest.size, estimate: low, fit: fit.best)
    }

    /// The recommendation's figures: the fastest pipeline of a view that makes the carousel the design asks for,
    /// at the largest size.
    struct Recommendation {
        let choice: FrameSummary
        let size: Int
        let median: Double
        let floorRatio: Double?
        let growth: Double
        let smallest: Int
        let largest: Int
        /// Speed-up over the seed's flow pipeline of the same view at `referenceSize` (nil when either is not measured there).
        let seedSpeedup: Double?
        let referenceSize: Int
        let runnerUp: FrameSummary?
        let excluded: [(FrameSummary, String)]
    }

    /// The pick of the UIKit view (what an app pays), nil without UIKit rows or without a candidate.
    var recommendation: Recommendation? { Self.recommend(uikit, floor: floor, reference: SuiteFamilies.uikit + "/seed000.flow") }

    /// The pick of the algorithm cores.
    var coreRecommendation: Recommendation? { Self.recommend(pipelines, floor: floor, reference: Self.seedReference) }

    /// Among `pipelines` measured at their largest common size, verified and free of design defects, the fastest.
    /// Allocations are reported, not a criterion: what an allocation costs is in the time already.
    static func recommend(_ pipelines: [FrameSummary], floor: FrameSummary?, reference: String) -> Recommendation? {
        guard let size = pipelines.map(\.series.largest.size).max() else { return nil }
        var excluded: [(FrameSummary, String)] = []
        var candidates: [FrameSummary] = []
        for pipeline in pipelines {
            if pipeline.series.row(at: size) == nil {
                excluded.append((pipeline, "not measured at n = \(size)"))
            } else if pipeline.verified == nil {
                excluded.append((pipeline, "not verified (unknown pipeline)"))
            } else if !pipeline.defects.isEmpty {
                excluded.append((pipeline, pipeline.defects.joined(separator: ", ")))
            } else {
                candidates.append(pipeline)
            }
        }
        let ranked = candidates.sorted { $0.series.row(at: size)!.median < $1.series.row(at: size)!.median }
        guard let choice = ranked.first else { return nil }
        let row = choice.series.row(at: size)!
        let floorMedian = floor?.series.row(at: size)?.median
        let seed = pipelines.first { $0.series.id.description == reference }
        let speedup = seed?.series.row(at: seedReferenceSize).flatMap { seed in
            choice.series.row(at: seedReferenceSize).map { seed.median / $0.median }
        }
        return Recommendation(
            choice: choice, size: size, median: row.median, floorRatio: floorMedian.map { row.median / $0 },
            growth: row.median / choice.series.smallest.median - 1,
            smallest: choice.series.smallest.size, largest: row.size,
            seedSpeedup: speedup, referenceSize: seedReferenceSize,
            runnerUp: ranked.dropFirst().first, excluded: excluded)
    }

    /// The UIKit pipelines' ranking at `seedReferenceSize` under each combination of the switches: the default's
    /// from the `uikit/*` rows, the others' from the `uikit-switches/*` rows. Empty without a matrix run.
    var rankings: [(changes: String, ranking: [(id: BenchmarkID, median: Double)])] {
        guard !matrix.isEmpty else { return [] }
        let size = Self.seedReferenceSize
        var byChanges: [String: [(id: BenchmarkID, median: Double)]] = [:]
        for item in matrix where item.row.size == size { byChanges[item.changes, default: []].append((item.pipeline, item.row.median)) }
        byChanges[""] = uikit.compactMap { summary in summary.series.row(at: size).map { (summary.series.id, $0.median) } }
        return byChanges.keys.sorted { ($0.isEmpty ? 0 : 1, $0) < ($1.isEmpty ? 0 : 1, $1) }.map { changes in
            (changes, byChanges[changes]!.sorted { $0.median < $1.median })
        }
    }
}
