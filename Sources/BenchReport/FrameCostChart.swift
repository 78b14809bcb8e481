import Foundation

/// A mark on a frame-cost chart: what happened at a frame (a release, a rotation), drawn as a thin vertical line
/// in its kind's colour and named in the legend.
public struct FrameMark: Sendable, Equatable {
    public var frame: Int
    public var kind: String

    public init(frame: Int, kind: String) {
        self.frame = frame
        self.kind = kind
    }
}

/// Cost per frame over a played sequence: frame index on a linear x axis, nanoseconds on a log y axis, one line
/// per series, the frames where something happened marked behind the lines, and an optional reference (a share
/// of the frame's budget).
///
///     FrameCostChart(title: "frame costs", series: [ChartSeries(name: "core", points: ...)],
///                    marks: [FrameMark(frame: 933, kind: "release")]).render()
public struct FrameCostChart: Sendable, Equatable {
    public var title: String
    /// Points with `x` the frame index and `y` its cost in nanoseconds (non-positive costs are not drawn).
    public var series: [ChartSeries]
    public var marks: [FrameMark]
    public var referenceLine: ReferenceLine?
    public var width: Int
    public var height: Int

    public init(title: String, series: [ChartSeries], marks: [FrameMark], referenceLine: ReferenceLine? = nil,
                width: Int = 1100, height: Int = 420) {
        self.title = title
        self.series = series
        self.marks = marks
        self.referenceLine = referenceLine
        self.width = width
        self.height = height
    }

    /// The mark kinds in order of first appearance: their legend entries and colours.
    public var markKinds: [String] {
        var seen: Set<String> = []
        return marks.map(\.kind).filter { seen.insert($0).inserted }
    }

    static let markColors = ["#e67e22", "#8e44ad", "#16a085", "#c0392b", "#2c3e50", "#7f8c8d"]

    /// The chart as a standalone SVG document.
    /// - Complexity: O(points + marks).
    public func render() -> String {
        let plotted = series.map { $0.points.filter { $0.y > 0 && $0.y.isFinite && $0.x.isFinite } }
        var yValues = plotted.flatMap { $0.map(\.y) }
        if let referenceLine { yValues.append(referenceLine.value) }
        let yDecades = LogLogChart.decadeRange(yValues)
        let lastFrame = Swift.max(1, plotted.flatMap { $0.map(\.x) }.max() ?? 1)
        let kinds = markKinds
        let names = series.map(\.name) + kinds.map { "▏" + $0 }
        let legendWidth = 44 + (names.map { SVG.textWidth($0) }.max() ?? 0)
        let plot = (left: 78.0, top: 56.0, right: Double(width) - 24 - legendWidth, bottom: Double(height) - 52)
        func xPosition(_ x: Double) -> Double { plot.left + x / lastFrame * (plot.right - plot.left) }
        func yPosition(_ y: Double) -> Double {
            plot.bottom - (log10(y) - Double(yDecades.lowerBound)) / Double(yDecades.count - 1) * (plot.bottom - plot.top)
        }

        var svg = SVG.header(width: width, height: height, title: title)
        svg += "<text x=\"\(SVG.number(Double(width) / 2))\" y=\"30\" text-anchor=\"middle\" font-size=\"18\" "
            + "font-weight=\"bold\" fill=\"#222222\">\(SVG.escape(title))</text>\n"
        svg += "<g class=\"grid\" stroke=\"#cccccc\" stroke-width=\"1\">\n"
        for decade in yDecades {
            let y = SVG.number(yPosition(pow(10, Double(decade))))
            svg += "<line x1=\"\(SVG.number(plot.left))\" y1=\"\(y)\" x2=\"\(SVG.number(plot.right))\" y2=\"\(y)\"/>\n"
        }
        svg += "</g>\n"
        // Marks behind the lines.
        svg += "<g class=\"marks\" stroke-width=\"1\" stroke-opacity=\"0.55\">\n"
        for mark in marks {
            let colour = Self.markColors[(kinds.firstIndex(of: mark.kind) ?? 0) % Self.markColors.count]
            let x = SVG.number(xPosition(Double(mark.frame)))
            svg += "<line x1=\"\(x)\" y1=\"\(SVG.number(plot.top))\" x2=\"\(x)\" y2=\"\(SVG.number(plot.bottom))\" "
                + "stroke=\"\(colour)\"><title>frame \(mark.frame): \(SVG.escape(mark.kind))</title></line>\n"
        }
        svg += "</g>\n"
        svg += "<rect x=\"\(SVG.number(plot.left))\" y=\"\(SVG.number(plot.top))\" width=\"\(SVG.number(plot.right - plot.left))\" "
            + "height=\"\(SVG.number(plot.bottom - plot.top))\" fill=\"none\" stroke=\"#888888\"/>\n"
        svg += "<g class=\"ticks\" fill=\"#333333\">\n"
        for decade in yDecades {
            svg += "<text x=\"\(SVG.number(plot.left - 8))\" y=\"\(SVG.number(yPosition(pow(10, Double(decade))) + 4))\" "
                + "text-anchor=\"end\">\(SVG.escape(ReportFormat.nanoseconds(pow(10, Double(decade)), compact: true)))</text>\n"
        }
        let step = Swift.max(1, Int(pow(10, floor(log10(lastFrame)))) / 2)
        for frame in stride(from: 0, through: Int(lastFrame), by: step) {
            svg += "<text x=\"\(SVG.number(xPosition(Double(frame))))\" y=\"\(SVG.number(plot.bottom + 18))\" "
                + "text-anchor=\"middle\">\(frame)</text>\n"
        }
        svg += "</g>\n"
        svg += "<text x=\"\(SVG.number((plot.left + plot.right) / 2))\" y=\"\(SVG.number(Double(height) - 14))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">frame of the trajectory</text>\n"
        let yTitleCentre = SVG.number((plot.top + plot.bottom) / 2)
        svg += "<text x=\"18\" y=\"\(yTitleCentre)\" transform=\"rotate(-90 18 \(yTitleCentre))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">ns per frame (log)</text>\n"
        if let referenceLine, referenceLine.value > 0, referenceLine.value.isFinite {
            let y = SVG.number(yPosition(referenceLine.value))
            svg += "<g class=\"reference\"><line x1=\"\(SVG.number(plot.left))\" y1=\"\(y)\" x2=\"\(SVG.number(plot.right))\" "
                + "y2=\"\(y)\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>"
                + "<text x=\"\(SVG.number(plot.left + 6))\" y=\"\(SVG.number(yPosition(referenceLine.value) - 6))\" fill=\"#c0392b\" "
                + "stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(SVG.escape(referenceLine.label))</text></g>\n"
        }
        svg += "<g class=\"series\">\n"
        for (index, points) in plotted.enumerated() where !points.isEmpty {
            let style = SeriesStyle(index: index)
            svg += "<polyline class=\"line\" points=\"\(SeriesStyle.points(points.map { (xPosition($0.x), yPosition($0.y)) }))\" "
                + "fill=\"none\" stroke=\"\(style.color)\" stroke-width=\"1\" stroke-linejoin=\"round\"/>\n"
        }
        svg += "</g>\n"
        svg += SVG.legend(series.map(\.name), left: plot.right + 16, top: plot.top)
        svg += "<g class=\"mark-legend\">\n"
        for (index, kind) in kinds.enumerated() {
            let y = plot.top + 8 + Double(series.count + index) * 20
            let colour = Self.markColors[index % Self.markColors.count]
            svg += "<line x1=\"\(SVG.number(plot.right + 30))\" y1=\"\(SVG.number(y - 8))\" x2=\"\(SVG.number(plot.right + 30))\" "
                + "y2=\"\(SVG.number(y + 8))\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
                + "<text x=\"\(SVG.number(plot.right + 52))\" y=\"\(SVG.number(y + 4))\" fill=\"#222222\">\(SVG.escape(kind))</text>\n"
        }
        svg += "</g>\n"
        if plotted.allSatisfy(\.isEmpty) {
            svg += SVG.noData(centerX: (plot.left + plot.right) / 2, centerY: (plot.top + plot.bottom) / 2)
        }
        return svg + "</svg>\n"
    }
}
