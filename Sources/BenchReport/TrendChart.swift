import BenchKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A change point drawn on a trend chart: a vertical marker between the last commit of the old level and
/// `commit`, the first of the new, labelled with the step (`+5.1%`).
public struct TrendMarker: Sendable, Equatable {
    /// The first commit at the new level (position on the commit axis).
    public var commit: Int
    /// `(after - before) / before`: positive is higher (for timings: slower, drawn red), negative lower (green).
    public var relativeStep: Double
    /// The line it belongs to (index into `TrendChart.lines`).
    public var line: Int
    /// Extra words for the hover title, e.g. the p-value.
    public var detail: String?

    public init(commit: Int, relativeStep: Double, line: Int, detail: String? = nil) {
        self.commit = commit
        self.relativeStep = relativeStep
        self.line = line
        self.detail = detail
    }
}

/// A creep drawn on a trend chart: a shaded span over the commits `start..<end` the line rose (or fell) over.
public struct TrendCreep: Sendable, Equatable {
    public var start: Int
    public var end: Int
    /// Change per commit relative to the old level (`0.01` is 1% per commit).
    public var relativeSlope: Double
    public var line: Int

    public init(start: Int, end: Int, relativeSlope: Double, line: Int) {
        self.start = start
        self.end = end
        self.relativeSlope = relativeSlope
        self.line = line
    }
}

/// Medians over commits as a standalone SVG document (no scripts): one line per size, the commits evenly
/// spaced from oldest (left) to newest (right) and labelled with their short hashes, a linear value axis,
/// change points as vertical markers labelled with their step, creeps as shaded spans.
///
///     let charts = TrendChart.charts(HistoryFile.analyze(HistoryFile.series(try HistoryFile.read(path))))
///     for chart in charts { try chart.render().write(toFile: ..., atomically: true, encoding: .utf8) }
///
/// Elements tests and readers can find: `<polyline class="line">` per line with points, `<g class="change-point">`
/// per marker (a `<line>`, a `<text>` with the step, a hover `<title>`), `<g class="creep">` per creep,
/// `<line class="ci">` per interval, `<text class="commit">` per commit label.
/// - Complexity: O(commits + points + markers) to render.
public struct TrendChart: Sendable, Equatable {
    public var title: String
    public var yTitle: String
    /// The commits of the axis, oldest first (full or short hashes; labels show the first 7 characters).
    public var commits: [String]
    public var lines: [ChartSeries]
    public var markers: [TrendMarker]
    public var creeps: [TrendCreep]
    public var yLabels: AxisLabelStyle
    public var width: Int
    public var height: Int

    public init(
        title: String, yTitle: String, commits: [String], lines: [ChartSeries], markers: [TrendMarker] = [],
        creeps: [TrendCreep] = [], yLabels: AxisLabelStyle = .nanoseconds, width: Int = 960, height: Int = 540
    ) {
        self.title = title
        self.yTitle = yTitle
        self.commits = commits
        self.lines = lines
        self.markers = markers
        self.creeps = creeps
        self.yLabels = yLabels
        self.width = width
        self.height = height
    }

    /// A step as its label: `+5.1%`, `-12%`, `+0.52%` (two significant digits, always signed).
    /// - Complexity: O(1).
    public static func stepLabel(_ relativeStep: Double) -> String {
        guard relativeStep.isFinite else { return "n/a" }
        let percent = relativeStep * 100
        return (percent < 0 ? "-" : "+") + ReportFormat.significant(Swift.abs(percent), digits: 2) + "%"
    }

    /// Linear ticks in steps of 1, 2 or 5 x 10^k covering `low...high`, about five of them.
    /// - Complexity: O(ticks).
    public static func ticks(from low: Double, through high: Double) -> [Double] {
        guard low.isFinite, high.isFinite, high > low else { return [low.isFinite ? low : 0] }
        // The bar chart's 1-2-5 step for the span, laid from a multiple of it.
        let step = HorizontalBarChart.ticks(upTo: high - low)[1]
        let first = (low / step + 1e-9).rounded(.down)
        let last = (high / step - 1e-9).rounded(.up)
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// The chart as a standalone SVG document.
    public func render() -> String {
        let plotted = lines.map { line in
            line.points.filter { $0.y.isFinite && commits.indices.contains(Int($0.x)) }.sorted { $0.x < $1.x }
        }
        var values = plotted.flatMap { $0.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] } }
        values = values.filter(\.isFinite)
        let (low, high) = Self.valueRange(values)
        let ticks = Self.ticks(from: low, through: high)
        let (bottomValue, topValue) = (ticks.first!, ticks.count > 1 ? ticks.last! : ticks.first! + 1)
        let tickLabels = Self.tickLabels(ticks, style: yLabels)

        let legendNames = lines.enumerated().map { index, line in
            (line.name.count <= 32 ? line.name : String(line.name.prefix(31)) + "…") + (plotted[index].isEmpty ? " (no data)" : "")
        }
        let legendWidth = lines.count <= 1 ? 0 : 44 + (legendNames.map { SVG.textWidth($0) }.max() ?? 0)
        let labelRows = 3
        let plot = (left: 24 + Swift.max(54, (tickLabels.map { SVG.textWidth($0) }.max() ?? 0) + 8),
                    top: 56.0 + Double(labelRows) * 14,
                    right: Double(width) - 24 - legendWidth, bottom: Double(height) - 96)
        let spacing = commits.count > 1 ? (plot.right - plot.left - 20) / Double(commits.count - 1) : 0
        func xPosition(_ commit: Double) -> Double {
            commits.count > 1 ? plot.left + 10 + commit * spacing : (plot.left + plot.right) / 2
        }
        func yPosition(_ value: Double) -> Double {
            plot.bottom - (value - bottomValue) / (topValue - bottomValue) * (plot.bottom - plot.top)
        }

        var svg = SVG.header(width: width, height: height, title: title)
        svg += "<text x=\"\(SVG.number(Double(width) / 2))\" y=\"30\" text-anchor=\"middle\" font-size=\"18\" "
            + "font-weight=\"bold\" fill=\"#222222\">\(SVG.escape(title))</text>\n"

        // Grid and value ticks.
        svg += "<g class=\"grid\" fill=\"#333333\">\n"
        for (tick, label) in zip(ticks, tickLabels) {
            let y = SVG.number(yPosition(tick))
            svg += "<line x1=\"\(SVG.number(plot.left))\" y1=\"\(y)\" x2=\"\(SVG.number(plot.right))\" y2=\"\(y)\" stroke=\"#dddddd\"/>"
            svg += "<text x=\"\(SVG.number(plot.left - 8))\" y=\"\(SVG.number(yPosition(tick) + 4))\" text-anchor=\"end\">"
                + "\(SVG.escape(label))</text>\n"
        }
        svg += "</g>\n"
        svg += "<rect x=\"\(SVG.number(plot.left))\" y=\"\(SVG.number(plot.top))\" width=\"\(SVG.number(plot.right - plot.left))\" "
            + "height=\"\(SVG.number(plot.bottom - plot.top))\" fill=\"none\" stroke=\"#888888\"/>\n"

        // Commit labels: short hashes, turned, every `stride`-th so they do not overlap.
        let labelStride = spacing > 0 ? Swift.max(1, Int((16 / spacing).rounded(.up))) : 1
        svg += "<g class=\"commits\" fill=\"#333333\" font-family=\"monospace\" font-size=\"11\">\n"
        for (index, commit) in commits.enumerated() where index % labelStride == 0 {
            let x = SVG.number(xPosition(Double(index)))
            let y = SVG.number(plot.bottom + 14)
            svg += "<line x1=\"\(x)\" y1=\"\(SVG.number(plot.bottom))\" x2=\"\(x)\" y2=\"\(SVG.number(plot.bottom + 4))\" stroke=\"#888888\"/>"
            svg += "<text class=\"commit\" x=\"\(x)\" y=\"\(y)\" text-anchor=\"end\" transform=\"rotate(-45 \(x) \(y))\">"
                + "\(SVG.escape(Self.shortHash(commit)))</text>\n"
        }
        svg += "</g>\n"
        svg += "<text x=\"\(SVG.number((plot.left + plot.right) / 2))\" y=\"\(SVG.number(Double(height) - 14))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">commit (oldest to newest)</text>\n"
        let yTitleCentre = SVG.number((plot.top + plot.bottom) / 2)
        svg += "<text x=\"18\" y=\"\(yTitleCentre)\" transform=\"rotate(-90 18 \(yTitleCentre))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">\(SVG.escape(yTitle))</text>\n"

        // Creeps under everything else.
        for creep in creeps where lines.indices.contains(creep.line) && creep.end > creep.start {
            let left = xPosition(Double(creep.start) - 0.5)
            let right = xPosition(Double(creep.end) - 0.5)
            let text = Self.stepLabel(creep.relativeSlope) + "/commit over \(creep.end - creep.start) commits"
            let colour = creep.relativeSlope > 0 ? "#c0392b" : "#1e8449"
            svg += "<g class=\"creep\"><title>\(SVG.escape(lines[creep.line].name)): creep \(SVG.escape(text)), "
                + "\(SVG.escape(Self.stepLabel(creep.relativeSlope * Double(creep.end - creep.start)))) in all</title>"
            svg += "<rect x=\"\(SVG.number(Swift.max(plot.left, left)))\" y=\"\(SVG.number(plot.top))\" "
                + "width=\"\(SVG.number(Swift.min(plot.right, right) - Swift.max(plot.left, left)))\" "
                + "height=\"\(SVG.number(plot.bottom - plot.top))\" fill=\"\(colour)\" fill-opacity=\"0.08\"/>"
            svg += "<text x=\"\(SVG.number((left + right) / 2))\" y=\"\(SVG.number(plot.bottom - 8))\" text-anchor=\"middle\" "
                + "fill=\"\(colour)\">\(SVG.escape(text))</text></g>\n"
        }

        // Lines, intervals and point markers.
        svg += "<g class=\"series\">\n"
        for (index, points) in plotted.enumerated() where !points.isEmpty {
            let style = SeriesStyle(index: index)
            for point in points {
                guard let low = point.low, let high = point.high, low.isFinite, high.isFinite else { continue }
                let x = SVG.number(xPosition(point.x))
                svg += "<line class=\"ci\" x1=\"\(x)\" y1=\"\(SVG.number(yPosition(low)))\" x2=\"\(x)\" "
                    + "y2=\"\(SVG.number(yPosition(high)))\" stroke=\"\(style.color)\" stroke-opacity=\"0.5\"/>\n"
            }
            let dash = style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            let coordinates = points.map { (xPosition($0.x), yPosition($0.y)) }
            svg += "<polyline class=\"line\" points=\"\(SeriesStyle.points(coordinates))\" fill=\"none\" "
                + "stroke=\"\(style.color)\" stroke-width=\"2\" stroke-linejoin=\"round\"\(dash)/>\n"
            let radius = spacing > 0 && spacing < 8 ? 2.5 : 4
            for point in points {
                var tooltip = "\(lines[index].name) at \(Self.shortHash(commits[Int(point.x)])): " + valueText(point.y)
                if let low = point.low, let high = point.high { tooltip += " (\(valueText(low)) to \(valueText(high)))" }
                svg += style.markerElement(x: xPosition(point.x), y: yPosition(point.y), radius: radius,
                                           tooltip: tooltip) + "\n"
            }
        }
        svg += "</g>\n"

        // Change points: a dashed line between the two commits, the step above the plot.
        let shown = markers.filter { lines.indices.contains($0.line) && $0.commit > 0 && $0.commit < commits.count }
            .sorted { ($0.commit, $0.line) < ($1.commit, $1.line) }
        for (order, marker) in shown.enumerated() {
            let x = SVG.number(xPosition(Double(marker.commit) - 0.5))
            let colour = marker.relativeStep > 0 ? "#c0392b" : "#1e8449"
            let label = Self.stepLabel(marker.relativeStep)
            let labelY = 56.0 + Double(order % labelRows) * 14
            var tip = "\(lines[marker.line].name): \(label) at \(Self.shortHash(commits[marker.commit])) "
                + "(after \(Self.shortHash(commits[marker.commit - 1])))"
            if let detail = marker.detail { tip += ", " + detail }
            svg += "<g class=\"change-point\"><title>\(SVG.escape(tip))</title>"
            svg += "<line x1=\"\(x)\" y1=\"\(SVG.number(labelY + 3))\" x2=\"\(x)\" y2=\"\(SVG.number(plot.bottom))\" "
                + "stroke=\"\(colour)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
            let name = lines.count > 1 ? lines[marker.line].name + " " : ""
            svg += "<text x=\"\(x)\" y=\"\(SVG.number(labelY))\" text-anchor=\"middle\" fill=\"\(colour)\" "
                + "font-weight=\"bold\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">"
                + "\(SVG.escape(name + label))</text></g>\n"
        }

        if lines.count > 1 { svg += SVG.legend(legendNames, left: plot.right + 16, top: plot.top) }
        if plotted.allSatisfy(\.isEmpty) {
            svg += SVG.noData(centerX: (plot.left + plot.right) / 2, centerY: (plot.top + plot.bottom) / 2)
        }
        return svg + "</svg>\n"
    }

    /// A value for a hover title, 3 significant digits.
    func valueText(_ value: Double) -> String {
        yLabels == .nanoseconds ? ReportFormat.nanoseconds(value) : ReportFormat.significant(value)
    }

    /// The first 7 characters of a commit hash.
    static func shortHash(_ commit: String) -> String { String(commit.prefix(7)) }

    /// The values' range, widened by 5% of the span on each side and to at least 2% of the largest magnitude
    /// (so a flat line is not zoomed into its last digits).
    static func valueRange(_ values: [Double]) -> (Double, Double) {
        guard var low = values.min(), var high = values.max() else { return (0, 1) }
        let floor = Swift.max(Swift.abs(low), Swift.abs(high)) * 0.02
        if high - low < floor {
            let middle = (low + high) / 2
            (low, high) = (middle - floor / 2, middle + floor / 2)
        }
        if high == low { (low, high) = (low - 1, high + 1) }
        let margin = (high - low) * 0.05
        return (low - margin, high + margin)
    }

    /// The tick labels in `style`; when two neighbours would read alike (3 significant digits are too few
    /// for a narrow range), plain numbers with enough decimals for the step, with the unit where known.
    static func tickLabels(_ ticks: [Double], style: AxisLabelStyle) -> [String] {
        let labels = ticks.map { LogLogChart.label($0, style: style) }
        guard ticks.count > 1, Set(labels).count < labels.count else { return labels }
        let step = ticks[1] - ticks[0]
        let decimals = Swift.min(12, Swift.max(0, Int((-log10(step) + 1 - 1e-9).rounded(.down))))
        let unit = style == .nanoseconds ? " ns" : ""
        return ticks.map { ReportFormat.fixed($0, decimals: decimals) + unit }
    }
}

extension TrendChart {
    /// The chart of one benchmark: one line per size (`analyses` of that benchmark, one per size, all on one
    /// machine and in one unit), its change points and creeps marked. Commits are those of all the sizes,
    /// ordered by the time of their first run.
    /// - Complexity: O(points log points).
    public init(benchmark analyses: [HistorySeriesAnalysis]) {
        let commits = HistoryFile.commits(of: analyses.map(\.series))
        var position: [String: Int] = [:]
        for (index, commit) in commits.enumerated() { position[commit] = index }
        var lines: [ChartSeries] = []
        var markers: [TrendMarker] = []
        var creeps: [TrendCreep] = []
        for (line, analysis) in analyses.enumerated() {
            let points = analysis.series.points
            lines.append(ChartSeries(name: "size \(analysis.series.key.size)", points: points.map {
                ChartPoint(x: Double(position[$0.commit]!), y: $0.median, low: $0.ciLow, high: $0.ciHigh)
            }))
            for step in analysis.steps {
                markers.append(TrendMarker(
                    commit: position[step.commit]!, relativeStep: step.changePoint.relativeStep, line: line,
                    detail: "p = \(ReportFormat.significant(step.changePoint.pValue, digits: 2))"))
            }
            for creep in analysis.creeps {
                creeps.append(TrendCreep(
                    start: position[creep.firstCommit]!, end: position[creep.lastCommit]! + 1,
                    relativeSlope: creep.creep.relativeSlope, line: line))
            }
        }
        let key = analyses.first?.series.key
        self.init(
            title: "\(key?.benchmark ?? "benchmark"): median per commit" + (key.map { " on \($0.machine)" } ?? ""),
            yTitle: "median (\(key?.unit ?? "ns"))", commits: commits, lines: lines, markers: markers, creeps: creeps,
            yLabels: (key?.unit ?? "ns").hasPrefix("ns") ? .nanoseconds : .count)
    }

    /// One chart per benchmark (per machine and unit) of `analyses`, in their order.
    /// - Complexity: O(points log points).
    public static func charts(_ analyses: [HistorySeriesAnalysis]) -> [TrendChart] {
        var order: [HistorySeriesKey] = []
        var groups: [HistorySeriesKey: [HistorySeriesAnalysis]] = [:]
        for analysis in analyses {
            var key = analysis.series.key
            key.size = 0
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(analysis)
        }
        return order.map { TrendChart(benchmark: groups[$0]!.sorted { $0.series.key.size < $1.series.key.size }) }
    }
}
