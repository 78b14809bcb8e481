import BenchKit
import BenchReport
import CarouselLayout

/// The headline of a set of results: the recommendation in one sentence and a compact table, each implementation at
/// a few catalog sizes in both views. REPORT.md opens with it ("## Headline", the table the README pastes), and
/// `run` ends with it (`RunSummary`). Every figure comes from a `ReportAnalysis`; nothing here decides anew what
/// the report decides.
///
///     let headline = Headline(analysis)
///     headline.sizes                       // [3, 300, 10000] for a default run, [3, 300, 3000] for a quick one
///     headline.consoleText()               // aligned text for a terminal, under a line naming the views
///     headline.table(markdown: true)       // the same table in Markdown, with the reasons behind each `no`
///     Headline.recommendation(analysis, markdown: true)   // "Use `uikit/best`: the fastest pipeline that ..."
///
/// The table has a row per floor (`floor/scaleAlpha`, `floor/uikit`) and per implementation (seed, peer, `best`,
/// added ones), at most `maximumRows` in all. Columns: the core view (`pipeline/*`) and the UIKit view (`uikit/*`)
/// at each of `sizes`; `x floor`, the main view's median over its floor's at the largest size both have
/// (`ReportAnalysis.FrameSummary.floorRatio`); the main view's worst frame at the largest size with what happened
/// in it; whether it makes the carousel the design asks for. The main view is the UIKit view when the rows have
/// one (what an app pays), else the core. A view without rows has no columns.
struct Headline {
    /// The sizes a headline shows when the rows have them: a small, a medium and a large catalog.
    static let preferredSizes = [3, 300, 10_000]
    /// The most rows the table has, the floors included.
    static let maximumRows = 15

    /// One row of the table: a floor or an implementation, with its summary in each view.
    struct Line {
        /// `floor/scaleAlpha`, `floor/uikit`, or the implementation's name (`best`, `seed000.flow`).
        let label: String
        let core: ReportAnalysis.FrameSummary?
        let uikit: ReportAnalysis.FrameSummary?
        /// A floor: no `x floor` and no design verdict of its own.
        let isFloor: Bool
    }

    let analysis: ReportAnalysis
    /// The sizes shown, ascending: those of `preferredSizes` below the largest the implementations' per-frame rows have
    /// (the floors' where there is no implementation), then that
    /// largest (10 000 for a default run, 3 000 for a quick one); the smallest instead when none of them is present.
    let sizes: [Int]
    /// The rows shown: the floors, then the implementations by the main view's median at the largest size.
    let lines: [Line]
    /// Implementations left out by `maximumRows` (the slowest, never the recommended one).
    let omitted: Int

    init(_ analysis: ReportAnalysis) {
        self.analysis = analysis
        let frames = Self.frameSummaries(analysis)
        // The implementations' sizes: the floors are reference rows too, measured at 3 and 300 whatever the run's sizes.
        let measured = analysis.pipelines + analysis.uikit
        sizes = Self.sizes(present: Set((measured.isEmpty ? frames : measured).flatMap(\.series.sizes)))
        var byImplementation: [Implementation: (core: ReportAnalysis.FrameSummary?, uikit: ReportAnalysis.FrameSummary?)] = [:]
        var order: [Implementation] = []
        for (summary, isCore) in analysis.pipelines.map({ ($0, true) }) + analysis.uikit.map({ ($0, false) }) {
            guard let implementation = analysis.catalog[summary.series.id]?.implementation else { continue }
            if byImplementation[implementation] == nil { order.append(implementation) }
            if isCore { byImplementation[implementation, default: (nil, nil)].core = summary }
            else { byImplementation[implementation, default: (nil, nil)].uikit = summary }
        }
        let largest = sizes.last
        let hasUIKit = !analysis.uikit.isEmpty
        let key = { (line: Line) -> Double in
            guard let largest, let main = hasUIKit ? line.uikit : line.core else { return .infinity }
            return main.series.row(at: largest)?.median ?? main.series.largest.median
        }
        var implementations = order.map { implementation in
            Line(label: implementation.name, core: byImplementation[implementation]!.core,
                 uikit: byImplementation[implementation]!.uikit, isFloor: false)
        }
        // Stable: ties keep the catalogue's order.
        implementations = implementations.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }
            .map(\.element)
        var floors: [Line] = []
        if let floor = analysis.floor {
            floors.append(Line(label: floor.series.id.description, core: floor, uikit: nil, isFloor: true))
        }
        if let floor = analysis.uikitFloor {
            floors.append(Line(label: floor.series.id.description, core: nil, uikit: floor, isFloor: true))
        }
        let room = Self.maximumRows - floors.count
        var shown = Array(implementations.prefix(room))
        let pick = (hasUIKit ? analysis.recommendation : analysis.coreRecommendation)?.choice.series.id
        if let pick, let picked = implementations.dropFirst(room).first(where: { ($0.uikit ?? $0.core)?.series.id == pick }),
           !shown.isEmpty {
            shown[shown.count - 1] = picked
        }
        lines = floors + shown
        omitted = implementations.count - shown.count
    }

    /// The sizes to show among `present` (see `sizes`).
    static func sizes(present: Set<Int>) -> [Int] {
        guard let largest = present.max() else { return [] }
        var sizes = preferredSizes.filter { present.contains($0) && $0 < largest }
        if sizes.isEmpty, let smallest = present.min(), smallest < largest { sizes.append(smallest) }
        return sizes + [largest]
    }

    /// Every per-frame summary of the analysis: the floors and both views.
    static func frameSummaries(_ analysis: ReportAnalysis) -> [ReportAnalysis.FrameSummary] {
        [analysis.floor, analysis.uikitFloor].compactMap { $0 } + analysis.pipelines + analysis.uikit
    }

    /// The view the recommendation, `x floor`, the worst frame and the design verdict are of.
    var mainIsUIKit: Bool { !analysis.uikit.isEmpty }

    /// Whether the rows have the core view (`floor/scaleAlpha`, `pipeline/*`) and the UIKit view (`floor/uikit`,
    /// `uikit/*`): a view without rows has no columns.
    var views: (core: Bool, uikit: Bool) {
        (analysis.floor != nil || !analysis.pipelines.isEmpty, analysis.uikitFloor != nil || !analysis.uikit.isEmpty)
    }

    /// The table for Markdown (ids as code, each size column titled with its view: `core n = 3`, the reasons a
    /// pipeline does not meet the design), or for a terminal (`console`): size columns titled by the size alone, under
    /// `consoleText`'s line naming the views, and `yes`/`no` for the design, to keep the lines short.
    func table(markdown: Bool) -> Table {
        let views = views
        let view = { (name: String, n: Int) in markdown ? "\(name) n = \(ReportText.count(n))" : ReportText.count(n) }
        var columns = [TableColumn("implementation")]
        if views.core { columns += sizes.map { TableColumn(view("core", $0), alignment: .right) } }
        if views.uikit { columns += sizes.map { TableColumn(view("UIKit", $0), alignment: .right) } }
        let largest = sizes.last.map { " (n = \(ReportText.count($0)))" } ?? ""
        columns += [TableColumn("x floor", alignment: .right),
                    TableColumn(markdown ? "\(mainIsUIKit ? "UIKit" : "core") worst frame\(largest)" : "worst frame"),
                    TableColumn(markdown ? "meets the design" : "design")]
        var table = Table(columns: columns)
        let median = { (summary: ReportAnalysis.FrameSummary?, n: Int) -> String in
            summary?.series.row(at: n).map { ReportFormat.nanoseconds($0.median) } ?? ""
        }
        for line in lines {
            var cells = [markdown ? ReportText.code(line.label) : line.label]
            if views.core { cells += sizes.map { median(line.core, $0) } }
            if views.uikit { cells += sizes.map { median(line.uikit, $0) } }
            let main = mainIsUIKit ? line.uikit : line.core
            cells.append(line.isFloor ? "" : main?.floorRatio.map(ReportFormat.ratio) ?? "")
            cells.append(sizes.last.flatMap { main?.series.row(at: $0) }.flatMap(Self.worstFrame) ?? "")
            cells.append(line.isFloor ? "" : main.map { Self.meetsDesign($0, reasons: markdown) } ?? "")
            table.append(cells)
        }
        return table
    }

    /// The table as aligned text, `-` rules, under a line that names the view of each group of size columns
    /// (`core (pipeline/*), n =`, `UIKit (uikit/*), n =`) and the size the worst frame is of.
    func consoleText() -> String {
        let table = table(markdown: false)
        let widths = table.columns.indices.map { column in
            ([table.columns[column].title] + table.rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        // Each label starts at its group's first column (columns are two spaces apart).
        let starts = widths.indices.map { column in widths.prefix(column).reduce(0, +) + 2 * column }
        var labels: [(column: Int, text: String)] = []
        let views = views
        var column = 1
        if views.core {
            labels.append((column, "core (pipeline/*), n ="))
            column += sizes.count
        }
        if views.uikit {
            labels.append((column, "UIKit (uikit/*), n ="))
            column += sizes.count
        }
        if let largest = sizes.last {
            labels.append((column + 1, "\(mainIsUIKit ? "UIKit" : "core"), n = \(ReportText.count(largest))"))
        }
        var line = ""
        for label in labels {
            line += String(repeating: " ", count: max(starts[label.column] - line.count, line.isEmpty ? 0 : 1)) + label.text
        }
        return line + "\n" + table.renderConsole(unicode: false)
    }

    /// `4.54 µs, rotation`: a row's worst frame and what happened in it; nil for a row without a frame-by-frame
    /// profile.
    static func worstFrame(_ row: ResultRow) -> String? {
        row.worstFrame.map { ReportFormat.nanoseconds($0) + (row.worstFrameEvent.map { ", \($0)" } ?? "") }
    }

    /// `yes` when the pipeline is verified and free of design defects (`ReportAnalysis.designDefects`), else `no`,
    /// with `reasons` followed by them (`no: finite, not infinite`); `n/a` when its checks were not made.
    static func meetsDesign(_ summary: ReportAnalysis.FrameSummary, reasons: Bool) -> String {
        guard let verified = summary.verified else { return "n/a" }
        if verified && summary.defects.isEmpty { return "yes" }
        return reasons && !summary.defects.isEmpty ? "no: " + summary.defects.joined(separator: "; ") : "no"
    }

    /// One line under the table on what its columns are, and the implementations `maximumRows` left out.
    func legend(markdown: Bool) -> String {
        let (view, floor) = mainIsUIKit ? ("UIKit", "floor/uikit") : ("core", "floor/scaleAlpha")
        var text = markdown
            ? "Median per frame by catalog size n; `core` is `pipeline/*`, `UIKit` is `uikit/*`; `x floor` the \(view) view "
                + "over `\(floor)`'s at the largest size both have; the worst frame with what happened in it; the design: an infinite, "
                + "centre-focused carousel whose wrap cannot be seen, verified frame by frame."
            : "x floor: the \(view) view over \(floor)'s at the largest size both have; design: verified, infinite, centre-focused, "
                + "an invisible wrap."
        if omitted > 0 { text += " \(omitted) more implementation\(omitted == 1 ? "" : "s") in the full table." }
        return text
    }

    /// The recommendation in one sentence, from the same analysis as REPORT.md's "Recommendation": the fastest
    /// pipeline of the main view that is verified and makes the carousel the design asks for, at the largest size.
    static func recommendation(_ analysis: ReportAnalysis, markdown: Bool) -> String {
        let code = { (text: String) in markdown ? ReportText.code(text) : text }
        let uikitView = !analysis.uikit.isEmpty
        guard !analysis.uikit.isEmpty || !analysis.pipelines.isEmpty else {
            return "No pipeline rows: nothing to recommend."
        }
        guard let pick = uikitView ? analysis.recommendation : analysis.coreRecommendation else {
            return "No pipeline in these rows is verified and makes the carousel the design asks for: none is recommended."
        }
        var text = "Use \(code(pick.choice.series.id.description)): the fastest pipeline that is verified and makes the "
            + "carousel the design asks for\(uikitView ? ", as an app runs it on UIKit" : ""), "
            + "\(ReportFormat.nanoseconds(pick.median)) a frame at n = \(ReportText.count(pick.size))"
        if let ratio = pick.floorRatio {
            text += ", \(ReportFormat.ratio(ratio)) " + (uikitView ? "UIKit's own floor" : "the floor")
        }
        return text + "."
    }
}

extension ReportAnalysis.Checks {
    /// The checks the report's design verdicts rest on: every implementation verified at `verify`'s sizes, the tiny
    /// catalogues and a screenful (`VerifyCommand.designCatalogs`), under `configuration` (its core by the eight
    /// properties, its UIKit view, with `uikit`, against its core), and its design criteria measured there
    /// (`measureDesigns`), so the report says what each design does at n = 1, 2 and 3.
    static func made(for configuration: SuiteConfiguration, uikit: Bool,
                     implementations: [Implementation] = CarouselBench.implementations) -> Self {
        let catalogs = VerifyCommand.designCatalogs
        let verified = implementations.map {
            $0.verify(catalogs: catalogs, geometry: configuration.geometry, switches: configuration.switches,
                      hz: configuration.hz, uikit: uikit)
        }
        var checks = Self(cores: verified.flatMap(\.checks), agreements: verified.flatMap(\.agreements))
        checks.measureDesigns(implementations, catalogs: catalogs, configuration: configuration)
        return checks
    }
}
