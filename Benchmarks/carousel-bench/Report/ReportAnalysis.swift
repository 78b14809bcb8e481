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

    /// A per-frame series (floor or pipeline) with its derived figures.
    struct FrameSummary {
        let series: Series
        let floorRatio: Double?
        /// Allocations per frame at the largest size (nil when not measured).
        let mallocs: Double?
        /// Whether every measured size allocated (to the nearest hundredth) nothing per frame.
        let allocatesNothing: Bool?
        let budgetShare: Double
        let capacity: Capacity
        /// nil for the floor (it is not a pipeline); otherwise whether every pipeline check passed.
        let verified: Bool?
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

    let rows: [ResultRow]
    /// The frame rate the run used (its metadata's `hz`, else 120): the frame whose budget the shares are of.
    let hz: Double
    /// One frame at `hz`, in nanoseconds.
    var frameNanoseconds: Double { 1e9 / hz }
    /// 1% of a frame, in nanoseconds: the per-frame budget a carousel may spend.
    var budgetNanoseconds: Double { frameNanoseconds / 100 }
    let sizes: [Int]
    let floor: FrameSummary?
    let pipelines: [FrameSummary]
    let components: [String: [Series]]
    let complexity: [ComplexityRow]
    let pipelineChecks: [PipelineCheck]

    init(rows: [ResultRow], pipelineChecks: [PipelineCheck], complexities: [BenchmarkID: Complexity], hz: Double) {
        self.rows = rows
        self.hz = hz
        let budget = 1e9 / hz / 100
        self.pipelineChecks = pipelineChecks
        sizes = Array(Set(rows.map(\.size))).sorted()
        let grouped = Dictionary(grouping: rows, by: \.benchmark)
        let series = grouped.keys.sorted().map { Series(id: $0, rows: grouped[$0]!.sorted { $0.size < $1.size }) }
        let floorSeries = series.first { $0.id.family == Self.floorFamily }
        func summary(_ series: Series, verified: Bool?) -> FrameSummary {
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
                verified: verified)
        }
        floor = floorSeries.map { summary($0, verified: nil) }
        let pipelineOrder = PipelineKind.allCases.map { CarouselSuite.id(Self.pipelineFamily, $0.id) }
        pipelines = series.filter { $0.id.family == Self.pipelineFamily }
            .sorted { (pipelineOrder.firstIndex(of: $0.id) ?? .max, $0.id) < (pipelineOrder.firstIndex(of: $1.id) ?? .max, $1.id) }
            .map { pipeline in
                let checks = pipelineChecks.filter { CarouselSuite.id(Self.pipelineFamily, $0.id) == pipeline.id }
                return summary(pipeline, verified: checks.isEmpty ? nil : checks.allSatisfy(\.isVerified))
            }
        let byFamily = Dictionary(grouping: series.filter { Self.componentFamilies.contains($0.id.family) }, by: \.id.family)
        components = byFamily
        // Families the report has no section for (e.g. the harness's own self-check) still get a complexity row.
        let otherFamilies = series.filter {
            $0.id.family != Self.floorFamily && $0.id.family != Self.pipelineFamily
                && !Self.componentFamilies.contains($0.id.family)
        }
        let ordered = otherFamilies + (floorSeries.map { [$0] } ?? []) + pipelines.map(\.series)
            + Self.componentFamilies.flatMap { byFamily[$0] ?? [] }
        complexity = ordered.map { series in
            ComplexityRow(
                series: series,
                fit: ComplexityFit(rows: series.rows, size: { $0.items }),
                itemRange: series.rows.map(\.items).min()!...series.rows.map(\.items).max()!,
                documented: complexities[series.id])
        }
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

    /// The recommendation's figures: the fastest verified, allocation-free pipeline at the largest size.
    struct Recommendation {
        let choice: FrameSummary
        let size: Int
        let median: Double
        let floorRatio: Double?
        let growth: Double
        let smallest: Int
        let largest: Int
        /// Speed-up over the seed's flow pipeline at `referenceSize` (nil when either is not measured there).
        let seedSpeedup: Double?
        let referenceSize: Int
        let runnerUp: FrameSummary?
        let excluded: [(FrameSummary, String)]
    }

    /// nil when no pipeline is both verified and allocation-free.
    var recommendation: Recommendation? {
        guard let size = pipelines.map(\.series.largest.size).max() else { return nil }
        var excluded: [(FrameSummary, String)] = []
        var candidates: [FrameSummary] = []
        for pipeline in pipelines {
            if pipeline.series.row(at: size) == nil {
                excluded.append((pipeline, "not measured at n = \(size)"))
            } else if pipeline.verified != true {
                excluded.append((pipeline, pipeline.verified == nil ? "not verified (unknown pipeline)" : "fails verification"))
            } else if pipeline.allocatesNothing != true {
                excluded.append((pipeline, pipeline.allocatesNothing == nil ? "allocations not measured" : "allocates per frame"))
            } else {
                candidates.append(pipeline)
            }
        }
        let ranked = candidates.sorted { $0.series.row(at: size)!.median < $1.series.row(at: size)!.median }
        guard let choice = ranked.first else { return nil }
        let row = choice.series.row(at: size)!
        let floorMedian = floor?.series.row(at: size)?.median
        let reference = pipelines.first { $0.series.id.description == Self.seedReference }
        let speedup = reference?.series.row(at: Self.seedReferenceSize).flatMap { seed in
            choice.series.row(at: Self.seedReferenceSize).map { seed.median / $0.median }
        }
        return Recommendation(
            choice: choice, size: size, median: row.median, floorRatio: floorMedian.map { row.median / $0 },
            growth: row.median / choice.series.smallest.median - 1,
            smallest: choice.series.smallest.size, largest: row.size,
            seedSpeedup: speedup, referenceSize: Self.seedReferenceSize,
            runnerUp: ranked.dropFirst().first, excluded: excluded)
    }
}
