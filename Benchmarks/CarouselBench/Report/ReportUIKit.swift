import BenchKit
import BenchReport
import CarouselLayout

/// The memory a UIKit pipeline holds at one catalog size, computed by the engine (objects and entries counted
/// in the model times documented sizes; `UIKitMemoryReport.method`).
struct MemoryRow {
    /// The UIKit pipeline's id.
    let id: String
    let size: Int
    let report: UIKitMemoryReport

    /// The sizes the report states memory at (the issue's 3, 300 and 10 000, within each pipeline's limit).
    static let sizes = [3, 300, 10_000]

    static func compute(_ configuration: SuiteConfiguration) -> [MemoryRow] {
        CarouselBench.implementations.compactMap(\.uikit).flatMap { type in
            sizes.filter { $0 <= (type.catalogLimit?.largest ?? .max) }.map { size in
                MemoryRow(id: type.id, size: size, report: memoryHeld(type, size: size, configuration: configuration))
            }
        }
    }

    private static func memoryHeld<P: UIKitPipeline>(_ type: P.Type, size: Int, configuration: SuiteConfiguration) -> UIKitMemoryReport {
        P(catalogCount: size, geometry: configuration.geometry, switches: configuration.switches).memoryHeld()
    }
}

extension ReportMarkdown {
    /// The UIKit view: per-frame cost by size, allocations beside the evidence, verification and design defects.
    func uikitSection() -> String {
        guard !analysis.uikit.isEmpty else { return "" }
        var text = """
        ## What an app pays: the UIKit view

        Each seed and peer as UIKit runs it (`uikit/*`): the same trajectory through a model of the collection view,
        the flow or compositional layout and the app's delegate, per `Docs/UIKIT-MODEL.md` (every behaviour
        cited, every uncertain one a switch; this run: `\(configuration.switches.changes.isEmpty ? "default switches" : configuration.switches.changes.joined(separator: ", "))`).
        Median per frame by catalog size n; `x floor` the median divided by `floor/uikit`'s at the largest size
        (what the UIKit model costs with the least layout, no focus, no wrap: how many times what UIKit costs anyway
        a design pays); `allocs` per frame at the largest size, beside what the evidence says
        UIKit allocates there (with prefetching on, as iOS ships it, PF1's strip query and context add about 4.5 objects
        to every row's frames while the view moves, `floor/uikit`'s included); the last column is empty when the pipeline makes the carousel the design asks for (infinite,
        centre-focused, a wrap that cannot be seen, the current transforms on every frame), else it says why not.


        """
        var columns = [TableColumn("benchmark")]
        columns += analysis.sizes.map { TableColumn("n = \(ReportText.count($0))", alignment: .right) }
        columns += [TableColumn("x floor", alignment: .right), TableColumn("allocs", alignment: .right),
                    TableColumn("UIKit allocates (evidence)"), TableColumn("verified"), TableColumn("does not meet the design because")]
        var table = Table(columns: columns)
        for summary in (analysis.uikitFloor.map { [$0] } ?? []) + analysis.uikit {
            let isFloor = analysis.catalog[summary.series.id] == .uikitFloor
            let evidence = isFloor ? UIKitFloorPipeline.allocationEvidence
                : analysis.catalog[summary.series.id]?.implementation?.uikit?.allocationEvidence ?? ""
            var cells = [ReportText.code(summary.series.id.description)]
            cells += analysis.sizes.map { size in summary.series.row(at: size).map { ReportFormat.nanoseconds($0.median) } ?? "" }
            cells += [summary.floorRatio.map(ReportFormat.ratio) ?? "n/a", ReportText.allocations(summary.mallocs), evidence,
                      summary.verified.map { $0 ? "yes" : "**no**" } ?? "n/a", summary.defects.joined(separator: "; ")]
            table.append(cells)
        }
        text += table.renderMarkdown() + "\n" + chart("uikit.svg")
        let grows = analysis.complexity.filter {
            if case .uikit = analysis.catalog[$0.series.id] { $0.fit.best != .constant && !$0.narrowRange } else { false }
        }
        text += "\nStill growing with n (fitted against N): "
            + (grows.isEmpty ? "none." : grows.map { "`\($0.series.id)` (\($0.fit.best); \($0.documented?.text ?? "undocumented"))" }
                .joined(separator: ", ") + ".") + "\n"
        let excluded = analysis.complexity.filter { $0.exclusionNote != nil }
        if !excluded.isEmpty {
            text += "\nLeft out of the complexity fits, where a declared policy runs the layout in another mode: "
                + excluded.map { "`\($0.series.id)` \($0.exclusionNote!)" }.joined(separator: "; ") + ".\n"
        }
        return text + designCriteriaSection()
    }

    /// The design criteria each core and UIKit view of the rows meets, measured from its frames at n = 1, 2, 3 and 300
    /// (`VerifyCommand.designCatalogs`), beside what it declares (empty when the checks measured none).
    func designCriteriaSection() -> String {
        let ids = Set((analysis.pipelines + analysis.uikit).compactMap { summary -> String? in
            switch analysis.catalog[summary.series.id] {
            case let .pipeline(implementation)?: implementation.coreID
            case let .uikit(implementation)?: implementation.uikitID
            default: nil
            }
        })
        let designs = analysis.checks.designs.filter { ids.contains($0.id) }
        guard !designs.isEmpty else { return "" }
        return """

        ### The design criteria, measured

        Each criterion measured from the frames over the standard trajectory (Docs/ALGORITHMS.md, "Design criteria, \
        measured"): infinite (the trajectory's strokes all rightward, then all leftward, never reach an end), \
        centre-focused (no item drawn larger than the centred one, some smaller), invisible wrap (every wrap jump whole \
        catalog widths), current transforms (what is shown is what a fresh layout computes at the same offset; for a \
        UIKit view with a core, its core's frames and the visual differences its agreement names). `declared` is the \
        pipeline's `traits`; the verdicts above use the measured values.


        """ + DesignCriteriaTable.text(designs, markdown: true)
    }

    /// The ranking of the UIKit pipelines at n = 300 under every combination of the switches.
    func switchesSection() -> String {
        guard !analysis.uikit.isEmpty else { return "" }
        var text = "## The pick under every combination of the switches\n\n"
        let rankings = analysis.rankings
        guard !rankings.isEmpty else {
            return text + "This results file has no `uikit-switches/*` rows; `run \(CaseArguments.uikitMatrix.name)` times every combination.\n"
        }
        let meets = Set(analysis.uikit.filter { $0.defects.isEmpty && $0.verified == true }.map(\.series.id))
        let combinations = UIKitSwitches.allCombinations.count
        text += "The UIKit pipelines at n = \(ReportText.count(ReportAnalysis.seedReferenceSize)) under each of the "
            + "\(rankings.count) combinations of the switches the matrix varies (of \(combinations)); the pick is the fastest "
            + "that meets the design (as above), the leader the fastest of all.\n\n"
            + "The matrix rule (`run \(CaseArguments.uikitMatrix.name)`): each pipeline is timed under every combination of its live switches "
            + "only, those whose flip alone changes its work or its frames at n = 3 or 300 (`UIKitSwitchLiveness`); under "
            + "any other combination its figure is the row of that combination restricted to its live switches. It may miss "
            + "a switch that is inert under every single flip yet changes the work in combination with another.\n\n"
        if let pick = analysis.recommendation?.choice.series.id {
            let fastest = rankings.filter { $0.ranking.first?.id == pick }.count
            let fewest = rankings.filter { ranking in
                guard let own = ranking.ranking.first(where: { $0.id == pick })?.mallocs else { return false }
                return ranking.ranking.allSatisfy { ($0.mallocs ?? .infinity) >= own }
            }.count
            text += "`\(pick)` is the fastest in \(fastest) of \(rankings.count) combinations and allocates the fewest "
                + "objects per frame (or ties) in \(fewest).\n\n"
        }
        var picks: [BenchmarkID: [String]] = [:]
        var leaders: [BenchmarkID: Int] = [:]
        var orders: [String: [String]] = [:]
        for (changes, ranking) in rankings {
            if let pick = ranking.first(where: { meets.contains($0.id) }) { picks[pick.id, default: []].append(changes) }
            if let leader = ranking.first { leaders[leader.id, default: 0] += 1 }
            orders[ranking.map(\.id.strategy).joined(separator: " < "), default: []].append(changes)
        }
        var table = Table(columns: [TableColumn("pick"), TableColumn("combinations", alignment: .right), TableColumn("for example")])
        for (id, changes) in picks.sorted(by: { $0.value.count > $1.value.count }) {
            table.append([ReportText.code(id.description), String(changes.count),
                          changes.prefix(3).map { $0.isEmpty ? "defaults" : "`\($0)`" }.joined(separator: ", ")])
        }
        text += table.renderMarkdown() + "\n"
        text += "Leaders of all pipelines (design or not): "
            + leaders.sorted { $0.value > $1.value }.map { "`\($0.key)` in \($0.value)" }.joined(separator: ", ") + ".\n\n"
        text += "\(orders.count) distinct rankings. "
        if let defaults = rankings.first(where: { $0.changes.isEmpty }) {
            let order = defaults.ranking.map(\.id.strategy).joined(separator: " < ")
            text += "With the defaults: \(order).\n"
            let flips = UIKitSwitches.descriptors.flatMap { descriptor in
                descriptor.values.filter { $0 != descriptor.defaultValue }.map { "\(descriptor.name)=\($0)" }
            }.compactMap { single -> String? in
                guard let ranking = rankings.first(where: { $0.changes == single })?.ranking else { return nil }
                let flipped = ranking.map(\.id.strategy).joined(separator: " < ")
                return flipped == order ? nil : "- `\(single)`: \(flipped)"
            }
            text += flips.isEmpty ? "No single switch changes that ranking.\n"
                : "Single switches that change it:\n\n" + flips.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The pick for an app that drives its carousel as `operation` does (a timer's advance, a reload and recentre, a
    /// catalogue update): among the designs whose scenario holds in `verify` (Docs/ALGORITHMS.md, "Scrolls by code",
    /// "Catalogue updates"), the fastest at the largest size every row has, beside the scrolling pick; the designs left
    /// out, each with its first failure.
    func scenarioPick(_ series: [ReportAnalysis.Series], for operation: UIKitOperation) -> String {
        let app: (who: String, call: String, checked: String)
        switch operation {
        case .advance: app = ("an app that advances on a timer", "a tick", "whose auto-advance holds (`verify`, n = 3)")
        case .recentre: app = ("an app that reloads and recentres", "a reload and recentre", "whose reload-recentre holds (`verify`, n = 3)")
        case .update: app = ("an app that updates its catalogue", "an update",
                             "whose catalogue updates keep the centred item (`verify`, n = 3 and 300)")
        case .prepare, .rotate, .reload, .release: return ""
        }
        var holding: [ReportAnalysis.Series] = []
        var fails: [String] = []
        for item in series {
            guard let implementation = CarouselBench.implementations.first(where: { $0.uikitID == item.id.strategy }) else { continue }
            if let failure = scenarioFailure(implementation, for: operation) {
                fails.append("`\(item.id.strategy)` (\(failure))")
            } else {
                holding.append(item)
            }
        }
        // The largest size every holding design was timed at (a design skips the sizes it refuses).
        guard let size = holding.map(\.largest.size).min() else { return "" }
        let holds = holding.compactMap { item in item.row(at: size).map { (id: item.id, median: $0.median) } }
        guard let pick = holds.min(by: { $0.median < $1.median }) else {
            return "\nNo design holds there, so none is picked for \(app.who).\n"
        }
        var text = "\nFor \(app.who): `\(pick.id)`, \(ReportFormat.nanoseconds(pick.median)) \(app.call) at "
            + "n = \(ReportText.count(size)), the fastest of the \(holds.count) designs \(app.checked)"
        if let scrolling = analysis.recommendation?.choice.series.id {
            text += scrolling.strategy == String(pick.id.strategy.dropFirst("uikit.".count))
                ? "; the same design as the scrolling pick, `\(scrolling)`" : "; the scrolling pick is `\(scrolling)`"
        }
        text += ".\n"
        if !fails.isEmpty { text += "Not picked, failing there: " + fails.joined(separator: "; ") + ".\n" }
        return text
    }

    /// The first failure of `implementation`'s UIKit view in the scenario `operation` stands for, in one line.
    private func scenarioFailure(_ implementation: Implementation, for operation: UIKitOperation) -> String? {
        let (geometry, switches, hz) = (configuration.geometry, configuration.switches, configuration.hz)
        switch operation {
        case .advance, .recentre:
            let scenario: ProgrammaticScenario = operation == .advance ? .autoAdvance : .reloadRecentre
            return implementation.verifyScenarios([scenario], catalogs: [3], geometry: geometry, switches: switches, hz: hz)
                .first { !$0.passes }?.failure
        case .update:
            return implementation.verifyCatalogUpdates(catalogs: [3, 300], geometry: geometry, switches: switches)
                .first { !$0.passes }.map { "\($0.update) at n = \($0.catalogCount): \($0.failure ?? "")" }
        case .prepare, .rotate, .reload, .release:
            return nil
        }
    }

    /// Prepare, rotate, reload, release and advance by size, and the memory each pipeline holds.
    func lifecycleSection() -> String {
        guard analysis.lifecycle.values.contains(where: { !$0.isEmpty }) || !memory.isEmpty else { return "" }
        var text = """
        ## Lifecycle: what each UIKit pipeline costs besides its frames

        Median per call by catalog size n: the initial layout (`prepare`), a rotation and its relayout, `reloadData()`
        and its layout pass, a release with its snap, an app's animated scroll by code to the next item, whole
        (`advance`: its `scrollToItem` and 36 frames; per frame, a 36th), a reload and recentre without animation
        (`recentre`), and a catalogue update the design's way (`update`: one item added at the end, then removed).
        Choosing between x3, x100, n+2 and modular wraparound is decided here at least as much as per frame.


        """
        for operation in UIKitOperation.allCases {
            guard let series = analysis.lifecycle[operation], !series.isEmpty else { continue }
            text += "\n### \(operation.rawValue)\n\n"
            var columns = [TableColumn("benchmark"), TableColumn("N at largest n", alignment: .right)]
            columns += analysis.sizes.map { TableColumn("n = \(ReportText.count($0))", alignment: .right) }
            columns.append(TableColumn("allocs (largest n)", alignment: .right))
            var table = Table(columns: columns)
            for item in series {
                var cells = [ReportText.code(item.id.description), ReportFormat.size(Double(item.largest.items))]
                cells += analysis.sizes.map { size in item.row(at: size).map { ReportFormat.nanoseconds($0.median) } ?? "" }
                cells.append(ReportText.allocations(item.largest.mallocsPerIteration))
                table.append(cells)
            }
            text += table.renderMarkdown()
            text += scenarioPick(series, for: operation)
        }
        if !memory.isEmpty {
            let sizes = MemoryRow.sizes
            var seen: Set<String> = []
            let sizesUsed = memory.flatMap(\.report.lines).filter { seen.insert($0.name).inserted }
                .map { "\($0.name) \($0.bytesEach) B (\($0.source))" }
            text += "\n### memory held\n\nComputed, not measured: the objects and entries each pipeline holds in the model "
                + "after its initial layout, counted, times documented sizes: " + sizesUsed.joined(separator: ", ") + ".\n\n"
            var table = Table(columns: [TableColumn("pipeline")] + sizes.map { TableColumn("n = \(ReportText.count($0))", alignment: .right) }
                + [TableColumn("largest holdings at n = \(ReportText.count(sizes.last!))")])
            for id in CarouselBench.implementations.compactMap(\.uikitID) {
                let rows = memory.filter { $0.id == id }
                guard !rows.isEmpty else { continue }
                let largest = rows.last!.report.lines.sorted { $0.bytes > $1.bytes }.prefix(2)
                    .map { "\($0.name) \(ReportText.count($0.count)) x \($0.bytesEach) B" }.joined(separator: "; ")
                table.append([ReportText.code(id)] + sizes.map { size in
                    rows.first { $0.size == size }.map { ReportText.bytes($0.report.bytes) } ?? "past its limit"
                } + [largest])
            }
            text += table.renderMarkdown()
        }
        return text
    }
}

extension ReportText {
    /// `512 B`, `3.4 KB`, `12 MB`, `1.2 GB` (decimal units).
    static func bytes(_ value: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var amount = Double(value)
        var unit = 0
        while amount >= 1000 && unit < units.count - 1 {
            amount /= 1000
            unit += 1
        }
        return unit == 0 ? "\(value) B" : ReportFormat.significant(amount) + " " + units[unit]
    }
}
