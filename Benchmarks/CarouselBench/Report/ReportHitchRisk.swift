import BenchKit
import BenchReport
import CarouselLayout

/// The "Hitch risk" section's figures (Docs/WORST-FRAME.md, "What it shows"): each design's worst frame as a share of
/// the frame, the smallest catalog at which it passes 10%, 50% and 100% of it, and the pick when the worst frame and
/// the lifecycle weigh. Nil without any worst frame in the results (a file without frame profiles).
struct HitchRisk {
    /// The shares of the frame the section asks about, in percent.
    static let levels: [Double] = [10, 50, 100]

    /// Where a design's worst frame passes a share of the frame.
    enum Crossing: Equatable {
        /// At this measured catalog size (the smallest that passes).
        case measured(Int)
        /// Past every measured size: where the fit of the worst frames against n reaches it.
        case extrapolated(Double, ComplexityClass)
        /// Past every measured size, and the fit is flat (or does not reach it by n = 10^15).
        case notReached(largest: Int, fit: ComplexityClass)
        /// Past every measured size, and the fit cannot be carried past them: fewer than 4 sizes, or a poor fit
        /// (`ComplexityFit.supportsExtrapolation`).
        case notEnoughSizes(largest: Int)
    }

    /// One pipeline (a core or a UIKit view) with worst frames.
    struct Design {
        let summary: ReportAnalysis.FrameSummary
        /// `core` or `UIKit`.
        let view: String
        /// One per `levels`.
        let crossings: [Crossing]
        var series: ReportAnalysis.Series { summary.series }
    }

    /// The pick of one view at one size: by the median alone (the recommendation's rule) and by the hitch cost.
    struct Pick: Equatable {
        let size: Int
        let byMedian: BenchmarkID
        let byHitch: BenchmarkID
        /// The hitch cost of `byHitch`, and what it is (`release`, `prepare`, ...).
        let hitchCost: Double
        let hitchCause: String
    }

    let frameNanoseconds: Double
    let designs: [Design]
    /// Per size, for the UIKit view (with its lifecycle) and the cores.
    let uikitPicks: [Pick]
    let corePicks: [Pick]

    init?(_ analysis: ReportAnalysis) {
        let views = analysis.pipelines.map { ($0, "core") } + analysis.uikit.map { ($0, "UIKit") }
        guard views.contains(where: { $0.0.series.rows.contains { $0.worstFrame != nil } }) else { return nil }
        frameNanoseconds = analysis.frameNanoseconds
        designs = views.compactMap { summary, view in
            let points = summary.series.rows.compactMap { row in row.worstFrame.map { (n: row.size, worst: $0) } }
            guard !points.isEmpty else { return nil }
            return Design(summary: summary, view: view, crossings: Self.levels.map {
                Self.crossing(points, level: $0 / 100 * analysis.frameNanoseconds)
            })
        }
        uikitPicks = Self.picks(analysis.uikit, sizes: analysis.sizes) { Self.hitchCost($0, at: $1, analysis: analysis) }
        corePicks = Self.picks(analysis.pipelines, sizes: analysis.sizes) { Self.hitchCost($0, at: $1, analysis: analysis) }
    }

    /// The smallest measured n whose worst frame is at least `level` ns; past the measured sizes, where the
    /// simplest complexity class that explains the worst frames against n reaches it (bisection on log n up to
    /// 10^15), when the fit supports it (4 sizes or more, a good fit), else "not enough sizes".
    /// - Complexity: O(points).
    static func crossing(_ points: [(n: Int, worst: Double)], level: Double) -> Crossing {
        let sorted = points.sorted { $0.n < $1.n }
        if let first = sorted.first(where: { $0.worst >= level }) { return .measured(first.n) }
        let largest = sorted.last!.n
        let fit = ComplexityFit(points: sorted.map { ComplexityPoint(size: Double($0.n), cost: $0.worst) })
        guard fit.supportsExtrapolation else { return .notEnoughSizes(largest: largest) }
        let model = fit.bestFit
        guard fit.best != .constant, model.slope > 0, model.predicted(at: 1e15) >= level else {
            return .notReached(largest: largest, fit: fit.best)
        }
        var low = Double(largest)
        var high = 1e15
        for _ in 0..<200 {
            let middle = (low * high).squareRoot()
            if model.predicted(at: middle) >= level { high = middle } else { low = middle }
        }
        return .extrapolated(high, fit.best)
    }

    /// What one frame of `summary`'s design can cost an app at `n`: the costliest of its worst frame over the
    /// trajectory and, for a UIKit view, each lifecycle operation that runs within one frame (prepare, rotate, reload,
    /// release; not the advance, whose frames are a scroll's). Nil when the worst frame is not measured there.
    static func hitchCost(_ summary: ReportAnalysis.FrameSummary, at n: Int,
                          analysis: ReportAnalysis) -> (cost: Double, cause: String)? {
        guard let worst = summary.series.row(at: n)?.worstFrame else { return nil }
        var costs = [(worst, "worst frame (\(summary.series.row(at: n)?.worstFrameEvent ?? "?"))")]
        if case let .uikit(implementation)? = analysis.catalog[summary.series.id] {
            for operation in UIKitOperation.allCases where operation.runsWithinOneFrame {
                let id = SuiteRow.lifecycle(operation, implementation).id
                if let row = analysis.lifecycle[operation]?.first(where: { $0.id == id })?.row(at: n) {
                    costs.append((row.median, operation.rawValue))
                }
            }
        }
        return costs.max { $0.0 < $1.0 }.map { (cost: $0.0, cause: $0.1) }
    }

    /// Per size: among the pipelines the recommendation may pick (verified, no design defect), the fastest median,
    /// and the fastest median of those whose hitch cost is within 10% or `worstFrameNoiseFloor` of the least.
    static func picks(_ view: [ReportAnalysis.FrameSummary], sizes: [Int],
                      hitchCost: (ReportAnalysis.FrameSummary, Int) -> (cost: Double, cause: String)?) -> [Pick] {
        let candidates = view.filter { $0.verified == true && $0.defects.isEmpty }
        return sizes.compactMap { n in
            let measured = candidates.compactMap { summary in
                summary.series.row(at: n).flatMap { row in hitchCost(summary, n).map { (summary, row.median, $0) } }
            }
            guard let byMedian = measured.min(by: { $0.1 < $1.1 }),
                  let least = measured.map(\.2.cost).min() else { return nil }
            // Hitch costs within 10% (or the worst frame's noise floor) of the least are as safe: the median decides.
            let safe = measured.filter { $0.2.cost <= least + max(0.1 * least, worstFrameNoiseFloor) }
            let byHitch = safe.min { $0.1 < $1.1 }!
            return Pick(size: n, byMedian: byMedian.0.series.id, byHitch: byHitch.0.series.id,
                        hitchCost: byHitch.2.cost, hitchCause: byHitch.2.cause)
        }
    }
}

extension ReportText {
    static func crossing(_ crossing: HitchRisk.Crossing) -> String {
        switch crossing {
        case .measured(let n): count(n)
        case .extrapolated(let n, let fit): "≈ \(estimate(n)) (extrapolated, \(fit))"
        case .notReached(let largest, let fit): "> \(count(largest)) (not reached: \(fit) fit)"
        case .notEnoughSizes(let largest): "> \(count(largest)) (not enough sizes to extrapolate)"
        }
    }
}

extension ReportMarkdown {
    func hitchRiskSection() -> String {
        guard let hitch = HitchRisk(analysis) else { return "" }
        let hz = ReportNumber.text(analysis.hz)
        let frame = ReportFormat.nanoseconds(analysis.frameNanoseconds)
        var text = """
        ## Hitch risk

        An average spreads a release's or a rotation's O(N) work over the thousands of frames of the trajectory; a \
        person sees the one frame that misses its deadline. `worst_frame` is each trajectory row's costliest frame: \
        every frame of the standard trajectory timed on its own, its cost the minimum over 2 to 7 plays of the smaller \
        of its wall and thread CPU times, less what timing an empty frame costs (so a neighbour's time slice does not \
        pass for a hitch). Below, as a share of the \(hz) Hz frame (\(frame)) with what makes the costliest frames (the \
        event most frames within 10% of the worst share), by catalog \
        size n; `x median` is the worst frame over the median frame at the largest n. `10%`, `50%`, `100%`: the \
        smallest n at which the worst frame passes that share of the frame, measured, or past the measured sizes \
        from the simplest complexity class that explains the worst frames against n (marked extrapolated; only from \
        \(ComplexityFit.minimumPointsToExtrapolate) sizes or more and a fit within \(ReportFormat.percent(ComplexityFit.maximumErrorToExtrapolate * 100)) \
        of them, else "not enough sizes").


        """
        var columns = [TableColumn("design"), TableColumn("view")]
        columns += analysis.sizes.map { TableColumn("n = \(ReportText.count($0))", alignment: .right) }
        columns += [TableColumn("x median", alignment: .right)]
        columns += HitchRisk.levels.map { TableColumn("\(ReportNumber.text($0))%") }
        if let frameCosts { columns.append(TableColumn("frames within 25% of the worst (n = \(ReportText.count(frameCosts.size)), profiled for this report)")) }
        var table = Table(columns: columns)
        for design in hitch.designs {
            var cells = [ReportText.code(design.series.id.description), design.view]
            cells += analysis.sizes.map { size in
                guard let row = design.series.row(at: size), let worst = row.worstFrame else { return "" }
                return ReportFormat.percent(worst / analysis.frameNanoseconds * 100) + " " + (row.worstFrameEvent ?? "")
            }
            let largest = design.series.largest
            cells.append(largest.worstFrame.map { ReportFormat.ratio($0 / largest.median) } ?? "")
            cells += design.crossings.map(ReportText.crossing)
            if let frameCosts {
                cells.append(frameCosts.profile(design.series.id).map { profile in
                    profile.costliestEvents.map { "\($0.event.rawValue) x\($0.frames)" }.joined(separator: ", ")
                } ?? "not profiled")
            }
            table.append(cells)
        }
        text += table.renderMarkdown() + "\n" + chart("hitch.svg") + "\n"
        text += """
        **The pick when the worst frame and the lifecycle weigh.** The recommendation ranks by the median frame. An app \
        also pays, each within one frame, the worst frame of the trajectory and, on UIKit, each lifecycle operation \
        (the initial layout, a rotation, a reload, a release: their medians above). Ranking the same candidates \
        (verified, no design defect) by the costliest of those instead (costs within 10% or \(ReportFormat.nanoseconds(worstFrameNoiseFloor)) \
        of the least count as the same, and the median decides among them):


        """
        for (view, picks) in [("UIKit view", hitch.uikitPicks), ("cores", hitch.corePicks)] where !picks.isEmpty {
            let changed = picks.filter { $0.byMedian != $0.byHitch }
            let last = picks.last!
            text += "- \(view): at n = \(ReportText.count(last.size)) the pick is `\(last.byHitch)` "
                + "(its costliest frame \(ReportFormat.nanoseconds(last.hitchCost)), \(last.hitchCause), "
                + "\(ReportFormat.percent(last.hitchCost / analysis.frameNanoseconds * 100)) of the frame). "
            text += changed.isEmpty
                ? "It is the median's pick at every measured n: the pick does not change.\n"
                : "It changes the median's pick at " + changed.map {
                    "n = \(ReportText.count($0.size)) (`\($0.byHitch)` instead of `\($0.byMedian)`)"
                }.joined(separator: ", ") + ".\n"
        }
        if let frameCosts {
            text += "\nEach implementation frame by frame at n = \(ReportText.count(frameCosts.size)) (core and UIKit view; "
                + "releases, rotations, wrap jumps and ends of flicks marked):\n\n"
            for entry in frameCosts.entries {
                let name = (entry.core ?? entry.uikit).map(\.id.strategy) ?? ""
                text += chart("frames-\(name).svg")
            }
        }
        return text
    }
}

extension ReportCharts {
    /// The worst frame of every core and UIKit view at the largest size, as a share of the frame.
    static func hitch(_ analysis: ReportAnalysis) -> ReportChart? {
        guard let hitch = HitchRisk(analysis), let size = hitch.designs.map(\.series.largest.size).max() else { return nil }
        return ReportCharts.frameShare(
            analysis, bars: hitch.designs.compactMap { design in design.series.row(at: size)?.worstFrame.map { (design.series.id, $0) } },
            fileName: "hitch.svg", caption: "Worst frame as a share of the frame at n = \(ReportText.count(size))",
            title: "Worst frame as a share of a \(ReportNumber.text(analysis.hz)) Hz frame (\(ReportFormat.nanoseconds(analysis.frameNanoseconds))) at n = \(ReportText.count(size))",
            valueTitle: "costliest frame of the trajectory, % of the frame", reference: 10)
    }
}
