import BenchKit
import BenchReport
import CarouselLayout

/// Every figure REPORT.md states, computed from the rows of one results file (nothing is hard-coded).
struct ReportAnalysis {
    /// The seed's own per-frame pipeline, the reference of the recommendation's speed-up.
    static let seedReference = Implementation(uikit: UIKitSeed000FlowPipeline.self)
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
        /// Every measured size is within, and the fit cannot be carried past them: fewer than 4 sizes, or a poor fit
        /// (`ComplexityFit.supportsExtrapolation`).
        case allMeasuredNotEnoughSizes(largest: Int)
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
        /// The fit of the rows of the implementation's main mode (every row without a policy).
        let fit: ComplexityFit
        let itemRange: ClosedRange<Int>
        let documented: Complexity?
        /// The catalog sizes left out of the fit: those below a declared policy's size (another mode of the layout).
        var excludedSizes: [Int] = []
        /// The policies that left them out.
        var policies: [CatalogPolicy] = []
        var documentedClass: ComplexityClass? { documented.flatMap { ComplexityClass(documented: $0.order) } }
        /// Nil without a documented class, or with fewer than 2 sizes left to fit.
        var verdict: ComplexityVerdict? {
            guard enoughSizes else { return nil }
            return documentedClass.map { fit.best.verdict(againstDocumented: $0) }
        }
        /// At least 2 sizes are left to fit (a class needs two).
        var enoughSizes: Bool { fit.pointCount >= 2 }
        /// N spans less than a decade: the slope and the fit say little about growth in N.
        var narrowRange: Bool { itemRange.upperBound < 10 * itemRange.lowerBound }
        /// `n = 3 left out (its policy: lays out at most 7 items (...))`, or nil when none is.
        var exclusionNote: String? {
            guard !excludedSizes.isEmpty else { return nil }
            return "n = " + excludedSizes.map(ReportText.count).joined(separator: ", ") + " left out (its policy: "
                + policies.map(\.description).joined(separator: "; ") + ")"
        }
    }

    /// What the report knows of each pipeline besides its rows: the checks made when the report was written.
    struct Checks {
        var cores: [PipelineCheck] = []
        var agreements: [AgreementReport] = []
        /// The design criteria measured from each view's frames (`Implementation.measureDesign`); without them the
        /// report falls back on the declared traits.
        var designs: [DesignMeasurement] = []

        /// Measures the design criteria of `implementations` at `catalogs` under `configuration`, each UIKit view with
        /// a core from its core's frames and the agreements already in `agreements`.
        mutating func measureDesigns(_ implementations: [Implementation], catalogs: [Int], configuration: SuiteConfiguration) {
            let agreements = self.agreements
            designs = implementations.flatMap {
                $0.measureDesign(catalogs: catalogs, geometry: configuration.geometry, switches: configuration.switches,
                                 hz: configuration.hz, agreements: agreements)
            }
        }
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
    /// `floor/uikit`: what the UIKit model costs with the least layout, the `uikit/*` rows' floor.
    let uikitFloor: FrameSummary?
    /// The algorithm cores (`pipeline/*`).
    let pipelines: [FrameSummary]
    /// The same seeds and peers as an app runs them on UIKit (`uikit/*`, the run's switches).
    let uikit: [FrameSummary]
    /// `prepare/uikit.*`, `rotate/uikit.*`, `reload/uikit.*`, `release/uikit.*` by operation.
    let lifecycle: [UIKitOperation: [Series]]
    /// The UIKit pipelines under the other combinations of the switches (`uikit-switches/*`), parsed.
    let matrix: [MatrixRow]
    let components: [ComponentFamily: [Series]]
    let complexity: [ComplexityRow]
    /// What each row is (the suite's registrations).
    let catalog: [BenchmarkID: SuiteRow]
    let checks: Checks
    var pipelineChecks: [PipelineCheck] { checks.cores }

    /// One `uikit-switches/<strategy>[changes]` row: the pipeline and the switches it ran under.
    struct MatrixRow {
        let pipeline: BenchmarkID
        let changes: String
        let row: ResultRow
    }

    /// The analysis of `rows`, each classified by what the suite registered it as (`catalog`; a row the suite no
    /// longer registers gets only a complexity row).
    init(rows: [ResultRow], checks: Checks, catalog: [BenchmarkID: SuiteRow], complexities: [BenchmarkID: Complexity], hz: Double) {
        self.rows = rows
        self.hz = hz
        self.checks = checks
        let budget = 1e9 / hz / 100
        let isMatrix = { (id: BenchmarkID) in if case .switches = catalog[id] { true } else { false } }
        sizes = Array(Set(rows.filter { !isMatrix($0.benchmark) }.map(\.size))).sorted()
        let grouped = Dictionary(grouping: rows, by: \.benchmark)
        let series = grouped.keys.sorted().map { Series(id: $0, rows: grouped[$0]!.sorted { $0.size < $1.size }) }
        let floorSeries = series.first { catalog[$0.id] == .floor }
        let uikitFloorSeries = series.first { catalog[$0.id] == .uikitFloor }
        func summary(_ series: Series, verified: Bool?, defects: [String], floor floorSeries: Series?) -> FrameSummary {
            let largest = series.largest
            // At the largest size both have: a filtered run may measure the floor at the reference sizes alone.
            let shared = series.rows.last { floorSeries?.row(at: $0.size) != nil }
            let floorRatio = shared.flatMap { row in floorSeries?.row(at: row.size).map { row.median / $0.median } }
            let allocations = series.rows.map(\.mallocsPerIteration)
            return FrameSummary(
                series: series,
                floorRatio: floorRatio,
                mallocs: largest.mallocsPerIteration,
                allocatesNothing: allocations.contains(nil) ? nil : allocations.allSatisfy { $0! < 0.005 },
                budgetShare: largest.median / (budget * 100) * 100,
                capacity: Self.capacity(series, budget: budget),
                verified: verified, defects: defects)
        }
        floor = floorSeries.map { summary($0, verified: nil, defects: [], floor: floorSeries) }
        uikitFloor = uikitFloorSeries.map { summary($0, verified: nil, defects: [], floor: uikitFloorSeries) }
        // Every row, by what it is; within a kind, in the catalogue's order (the built-in implementations, then the
        // added ones), then by id.
        let order = Dictionary(CarouselBench.implementations.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let rank = { (series: Series) in (catalog[series.id]?.implementation.flatMap { order[$0] } ?? .max, series.id) }
        let sorted = series.sorted { rank($0) < rank($1) }
        var cores: [(Series, Implementation)] = []
        var views: [(Series, Implementation)] = []
        var lifecycle: [UIKitOperation: [Series]] = [:]
        var components: [ComponentFamily: [Series]] = [:]
        var other: [Series] = []
        for item in sorted {
            switch catalog[item.id] {
            case let .pipeline(implementation): cores.append((item, implementation))
            case let .uikit(implementation): views.append((item, implementation))
            case let .lifecycle(operation, _): lifecycle[operation, default: []].append(item)
            case let .component(family, _): components[family, default: []].append(item)
            case .floor, .uikitFloor, .switches: break
            case .harness, nil: other.append(item)
            }
        }
        pipelines = cores.map { pipeline, implementation in
            let checked = checks.cores.filter { $0.id == implementation.coreID }
            return summary(pipeline, verified: checked.isEmpty ? nil : checked.allSatisfy(\.isVerified),
                           defects: Self.designDefects(traits: implementation.traits, cores: checked, agreements: nil,
                                                       replicated: pipeline.largest.items > pipeline.largest.size,
                                                       designs: checks.designs.filter { $0.id == implementation.coreID }),
                           floor: floorSeries)
        }
        uikit = views.map { pipeline, implementation in
            // A UIKit view with a core: the core's checks and the agreement; without: its own checks.
            let hasCore = implementation.coreID != nil
            let checked = checks.cores.filter { $0.id == (implementation.coreID ?? implementation.uikitID) }
            let agreements = hasCore ? checks.agreements.filter { $0.id == implementation.uikitID } : []
            let verified = checked.isEmpty || (hasCore && agreements.isEmpty) ? nil
                : checked.allSatisfy(\.isVerified) && agreements.allSatisfy(\.agrees)
            return summary(pipeline, verified: verified,
                           defects: Self.designDefects(traits: implementation.traits, cores: checked, agreements: agreements,
                                                       replicated: pipeline.largest.items > pipeline.largest.size,
                                                       designs: checks.designs.filter { $0.id == implementation.uikitID }),
                           floor: uikitFloorSeries)
        }
        self.lifecycle = lifecycle
        matrix = rows.compactMap { row in
            guard case let .switches(implementation, changes) = catalog[row.benchmark] else { return nil }
            return MatrixRow(pipeline: SuiteRow.uikit(implementation).id, changes: changes.joined(separator: ";"), row: row)
        }
        self.components = components
        let lifecycleSeries = UIKitOperation.allCases.flatMap { lifecycle[$0] ?? [] }
        // Rows the report has no section for (the harness's own self-check, a row the suite no longer registers)
        // still get a complexity row.
        let ordered = other + (floorSeries.map { [$0] } ?? []) + pipelines.map(\.series) + (uikitFloorSeries.map { [$0] } ?? [])
            + uikit.map(\.series)
            + lifecycleSeries + ComponentFamily.allCases.flatMap { components[$0] ?? [] }
        complexity = ordered.map { series in
            // A declared policy runs the layout in another mode below its size: those rows are not fitted.
            let policies = catalog[series.id]?.implementation?.traits.policies ?? []
            let fitted = series.rows.filter { row in policies.allSatisfy { $0.isMainMode(catalogCount: row.size) } }
            let excluded = series.rows.filter { row in !fitted.contains { $0.size == row.size } }.map(\.size)
            return ComplexityRow(
                series: series,
                fit: ComplexityFit(rows: fitted, size: { $0.items }),
                itemRange: series.rows.map(\.items).min()!...series.rows.map(\.items).max()!,
                documented: complexities[series.id],
                excludedSizes: excluded,
                policies: excluded.isEmpty ? [] : policies.filter { policy in excluded.contains { !policy.isMainMode(catalogCount: $0) } })
        }
        self.catalog = catalog
    }

    /// What keeps a pipeline from being the carousel the design asks for (infinite, centre-focused, a wrap the user
    /// cannot see, the current transforms: Docs/ALGORITHMS.md, "Design criteria, measured"), from the checks made for
    /// this report:
    /// - it fails its frame-by-frame check, or (UIKit) does not agree with its core;
    /// - with its design criteria measured (`designs`, at each checked size): each criterion its frames do not meet;
    /// - without: it is declared finite (`traits.infinite`), or replicated without ever recentring (its core never
    ///   wraps), or declared without a focus transform (`traits.centreFocused`); a wrap jump moved what the user sees; (UIKit) its cells show transforms
    ///   other than the current offset's (stale between queries, computed from a transformed frame, skipped on a
    ///   rotation, or an item missing at a page seam);
    /// - an alpha left [0, 1].
    static func designDefects(traits: PipelineTraits, cores: [PipelineCheck], agreements: [AgreementReport]?,
                              replicated: Bool, designs: [DesignMeasurement] = []) -> [String] {
        var defects: [String] = []
        if cores.contains(where: { !$0.isVerified }) { defects.append("fails its check") }
        if let agreements, agreements.contains(where: { !$0.agrees }) { defects.append("disagrees with its core") }
        guard designs.isEmpty else {
            let sizes = { (criterion: DesignCriterion) -> [Int] in designs.filter { !$0.measured[criterion] }.map(\.catalogCount) }
            let at = { (sizes: [Int]) in sizes.count == designs.count ? "" : " at n = " + sizes.map(ReportText.count).joined(separator: ", ") }
            if case let finite = sizes(.infinite), !finite.isEmpty { defects.append("finite, not infinite" + at(finite)) }
            if case let unfocused = sizes(.centreFocused), !unfocused.isEmpty {
                let flat = designs.allSatisfy { $0.measured.centreFocused || ($0.evidence[.centreFocused] ?? "").hasPrefix("no focus") }
                defects.append((flat ? "no focus transform" : "not centre-focused") + at(unfocused))
            }
            if case let visible = sizes(.invisibleWrap), !visible.isEmpty { defects.append("visible wrap jumps" + at(visible)) }
            if cores.contains(where: { $0.alphaOutOfRange > 0 }) { defects.append("alpha outside [0, 1]") }
            let named = UIKitNamedDifference.visual.filter { difference in
                (agreements ?? []).contains { ($0.allowed[difference] ?? 0) > 0 }
            }
            defects += named.map(\.rawValue)
            if named.isEmpty, case let stale = sizes(.currentTransforms), !stale.isEmpty {
                defects.append("transforms not the current offset's" + at(stale))
            }
            return defects
        }
        if !traits.infinite { defects.append(replicated ? "never recentres: runs out in one direction" : "finite, not infinite") }
        if !traits.centreFocused { defects.append("no focus transform") }
        if cores.contains(where: { $0.visibleJumps > 0 }) { defects.append("visible wrap jumps") }
        if cores.contains(where: { $0.alphaOutOfRange > 0 }) { defects.append("alpha outside [0, 1]") }
        for difference in UIKitNamedDifference.visual where (agreements ?? []).contains(where: { ($0.allowed[difference] ?? 0) > 0 }) {
            defects.append(difference.rawValue)
        }
        return defects
    }

    /// Ids that have no documented complexity entry (a new benchmark whose doc line was not copied).
    var undocumented: [String] { complexity.filter { $0.documented == nil }.map(\.series.id.description) }

    /// Measured sizes first; past the largest, the fit of the medians against `n` (the question is about catalogs),
    /// only when it supports an extrapolation (4 sizes or more, a good fit), else "not enough sizes".
    static func capacity(_ series: Series, budget budgetNanoseconds: Double) -> Capacity {
        let within = series.rows.filter { $0.median <= budgetNanoseconds }
        guard let lastWithin = within.last else { return .none(smallest: series.smallest.size) }
        if let over = series.rows.first(where: { $0.size > lastWithin.size && $0.median > budgetNanoseconds }) {
            return .measured(size: lastWithin.size, over: over.size)
        }
        let fit = ComplexityFit(rows: series.rows)
        guard fit.supportsExtrapolation else { return .allMeasuredNotEnoughSizes(largest: series.largest.size) }
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
    var recommendation: Recommendation? { Self.recommend(uikit, floor: uikitFloor, reference: SuiteRow.uikit(Self.seedReference).id) }

    /// The pick of the algorithm cores.
    var coreRecommendation: Recommendation? { Self.recommend(pipelines, floor: floor, reference: SuiteRow.pipeline(Self.seedReference).id) }

    /// Among `pipelines` measured at their largest common size, verified and free of design defects, the fastest.
    /// Allocations are reported, not a criterion: what an allocation costs is in the time already.
    static func recommend(_ pipelines: [FrameSummary], floor: FrameSummary?, reference: BenchmarkID) -> Recommendation? {
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
        let seed = pipelines.first { $0.series.id == reference }
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

    /// One pipeline's figures in a ranking.
    struct Ranked {
        let id: BenchmarkID
        let median: Double
        let mallocs: Double?
    }

    /// The UIKit pipelines' ranking at `seedReferenceSize` under each combination of the switches that any pipeline's
    /// matrix rows vary: the default's from the `uikit/*` rows, the others' from the `uikit-switches/*` rows. A
    /// pipeline measured only under its live switches (the matrix rule, `UIKitSwitchLiveness`) takes, under a
    /// combination, its row of that combination restricted to its live switches (the switches its rows vary). Empty
    /// without a matrix run.
    var rankings: [(changes: String, ranking: [Ranked])] {
        guard !matrix.isEmpty else { return [] }
        let size = Self.seedReferenceSize
        var measured: [BenchmarkID: [String: ResultRow]] = [:]
        var live: [BenchmarkID: Set<String>] = [:]
        let name = { (change: Substring) in String(change.prefix { $0 != "=" }) }
        for item in matrix where item.row.size == size {
            measured[item.pipeline, default: [:]][item.changes] = item.row
            live[item.pipeline, default: []].formUnion(item.changes.split(separator: ";").map(name))
        }
        for summary in uikit {
            if let row = summary.series.row(at: size) { measured[summary.series.id, default: [:]][""] = row }
        }
        let varied = live.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return UIKitSwitches.combinations(of: Array(varied)).map { switches in
            let ranking = measured.compactMap { id, rows -> Ranked? in
                let own = live[id] ?? []
                let restricted = switches.changes.filter { own.contains(name($0[...])) }.joined(separator: ";")
                return rows[restricted].map { Ranked(id: id, median: $0.median, mallocs: $0.mallocsPerIteration) }
            }
            return (switches.changes.joined(separator: ";"), ranking.sorted { ($0.median, $0.id) < ($1.median, $1.id) })
        }
    }
}
