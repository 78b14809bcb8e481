import BenchKit
import BenchReport

/// One chart of the report: its file name under `charts/`, what it shows, and its SVG.
struct ReportChart {
    let fileName: String
    let caption: String
    let svg: String
}

/// The report's charts, built from an analysis: per-frame cost, each component family, the budget share (cores and
/// UIKit views), the worst frame's share.
enum ReportCharts {
    static func all(_ analysis: ReportAnalysis) -> [ReportChart] {
        var charts: [ReportChart] = []
        if let pipelines = pipelines(analysis) { charts.append(pipelines) }
        if let uikit = uikit(analysis) { charts.append(uikit) }
        if let budget = budget(analysis) { charts.append(budget) }
        if let hitch = hitch(analysis) { charts.append(hitch) }
        for family in ComponentFamily.allCases {
            if let chart = component(family.rawValue, series: analysis.components[family] ?? []) { charts.append(chart) }
        }
        return charts
    }

    static func chartSeries(_ series: ReportAnalysis.Series) -> ChartSeries {
        ChartSeries(name: series.id.description, points: series.rows.map {
            ChartPoint(x: Double($0.size), y: $0.median, low: $0.min, high: $0.p90)
        })
    }

    static func pipelines(_ analysis: ReportAnalysis) -> ReportChart? {
        perFrame(analysis, (analysis.floor.map { [$0] } ?? []) + analysis.pipelines,
                 title: "Per-frame cost against catalog size", fileName: "pipelines.svg",
                 caption: "Per-frame cost of every pipeline and the floor")
    }

    static func uikit(_ analysis: ReportAnalysis) -> ReportChart? {
        perFrame(analysis, analysis.uikit, title: "Per-frame cost on the UIKit model", fileName: "uikit.svg",
                 caption: "Per-frame cost of every pipeline as UIKit runs it")
    }

    /// Median per frame against catalog size (log-log), one series per row, the 1% budget marked; nil without rows.
    static func perFrame(_ analysis: ReportAnalysis, _ frames: [ReportAnalysis.FrameSummary], title: String,
                         fileName: String, caption: String) -> ReportChart? {
        guard !frames.isEmpty else { return nil }
        let hz = ReportNumber.text(analysis.hz)
        let chart = LogLogChart(
            title: "\(title) (\(hz) Hz trajectory)",
            xTitle: "catalog size n", yTitle: "median ns/frame (band: min…p90)",
            series: frames.map { chartSeries($0.series) },
            referenceLine: ReferenceLine(
                value: analysis.budgetNanoseconds,
                label: "1% of a \(hz) Hz frame (\(ReportFormat.nanoseconds(analysis.budgetNanoseconds)))"),
            width: 1100, height: 640)
        return ReportChart(fileName: fileName, caption: caption, svg: chart.render())
    }

    static func budget(_ analysis: ReportAnalysis) -> ReportChart? {
        guard let size = analysis.pipelines.map(\.series.largest.size).max() else { return nil }
        // The cores beside the UIKit view, as an app pays it, each view with its floor.
        let frames = (analysis.floor.map { [$0] } ?? []) + analysis.pipelines + (analysis.uikitFloor.map { [$0] } ?? [])
            + analysis.uikit
        return frameShare(
            analysis, bars: frames.compactMap { summary in summary.series.row(at: size).map { (summary.series.id, $0.median) } },
            fileName: "budget.svg", caption: "Share of the 120 Hz frame budget at n = \(ReportText.count(size))",
            title: "Share of a \(ReportNumber.text(analysis.hz)) Hz frame (\(ReportFormat.nanoseconds(analysis.frameNanoseconds))) at n = \(ReportText.count(size))",
            valueTitle: "median per frame, % of the frame", reference: 1)
    }

    /// A horizontal bar per row, its nanoseconds as a share of the frame, shortest first, with a reference line at
    /// `reference` percent (the budget chart's medians, the hitch chart's worst frames).
    static func frameShare(_ analysis: ReportAnalysis, bars: [(id: BenchmarkID, nanoseconds: Double)], fileName: String,
                           caption: String, title: String, valueTitle: String, reference: Double) -> ReportChart {
        let chart = HorizontalBarChart(
            title: title, valueTitle: valueTitle,
            bars: bars.map { Bar(label: $0.id.description, value: $0.nanoseconds / analysis.frameNanoseconds * 100) }
                .sorted { $0.value < $1.value },
            valueStyle: .percent,
            referenceLine: ReferenceLine(value: reference, label: "\(ReportNumber.text(reference))% of the frame"))
        return ReportChart(fileName: fileName, caption: caption, svg: chart.render())
    }

    static func component(_ family: String, series: [ReportAnalysis.Series]) -> ReportChart? {
        guard !series.isEmpty else { return nil }
        let unit = series[0].rows[0].unit.rawValue
        let chart = LogLogChart(
            title: "\(family): cost against catalog size", xTitle: "catalog size n",
            yTitle: "median \(unit) (band: min…p90)", series: series.map(chartSeries))
        return ReportChart(fileName: "\(family).svg", caption: "Components: \(family)", svg: chart.render())
    }
}
