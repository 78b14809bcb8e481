#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One point of a chart series: a value at a size, with an optional band (for example min…p90).
public struct ChartPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var low: Double?
    public var high: Double?

    public init(x: Double, y: Double, low: Double? = nil, high: Double? = nil) {
        self.x = x
        self.y = y
        self.low = low
        self.high = high
    }
}

/// A named line of a chart (one strategy).
public struct ChartSeries: Sendable, Equatable {
    public var name: String
    public var points: [ChartPoint]

    public init(name: String, points: [ChartPoint]) {
        self.name = name
        self.points = points
    }
}

/// A labelled horizontal line across the plot, e.g. a share of the frame budget.
public struct ReferenceLine: Sendable, Equatable {
    public var value: Double
    public var label: String

    public init(value: Double, label: String) {
        self.value = value
        self.label = label
    }
}

/// How the tick labels of a log axis read.
public enum AxisLabelStyle: Sendable, Equatable {
    /// `1`, `10`, `100`, `1k`, `10k`.
    case count
    /// `1 ns`, `10 ns`, `1 µs`, `1 ms`.
    case nanoseconds
}

/// A log-log line chart of cost against size, as a standalone SVG document.
///
///     let chart = LogLogChart(title: "Per-frame cost", xTitle: "size n", yTitle: "median",
///                             series: [ChartSeries(name: "a", points: [ChartPoint(x: 10, y: 120)])])
///     try chart.render().write(to: url, atomically: true, encoding: .utf8)
///
/// Each series is one `<polyline class="line">` with a marker per point and, where points carry
/// `low`/`high`, a shaded `<polygon class="band">`. Points with a non-positive or non-finite
/// coordinate cannot sit on a log axis and are skipped; a series left with no points is listed in the
/// legend as "(no data)" and draws nothing.
/// - Complexity: O(total points) to render.
public struct LogLogChart: Sendable, Equatable {
    public var title: String
    public var xTitle: String
    public var yTitle: String
    public var series: [ChartSeries]
    public var referenceLine: ReferenceLine?
    public var xLabels: AxisLabelStyle
    public var yLabels: AxisLabelStyle
    public var width: Int
    public var height: Int

    public init(
        title: String, xTitle: String, yTitle: String, series: [ChartSeries],
        referenceLine: ReferenceLine? = nil, xLabels: AxisLabelStyle = .count,
        yLabels: AxisLabelStyle = .nanoseconds, width: Int = 960, height: Int = 600
    ) {
        self.title = title
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.series = series
        self.referenceLine = referenceLine
        self.xLabels = xLabels
        self.yLabels = yLabels
        self.width = width
        self.height = height
    }

    /// The decades a log axis spans for values in `values`: whole powers of ten around them
    /// (at least one decade); `1…10` when there are none.
    ///
    /// - Complexity: O(values).
    public static func decadeRange(_ values: [Double]) -> ClosedRange<Int> {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let smallest = positive.min(), let largest = positive.max() else { return 0...1 }
        // The epsilon keeps 1000 (log10 = 2.9999…) on its own decade.
        let low = Int(floor(log10(smallest) + 1e-9))
        let high = Swift.max(low + 1, Int(ceil(log10(largest) - 1e-9)))
        return low...high
    }

    /// The labels of the decade ticks of an axis spanning `decades`.
    ///
    /// - Complexity: O(decades).
    public static func tickLabels(_ decades: ClosedRange<Int>, style: AxisLabelStyle) -> [String] {
        decades.map { label(pow(10, Double($0)), style: style) }
    }

    static func label(_ value: Double, style: AxisLabelStyle) -> String {
        switch style {
        case .count: ReportFormat.size(value)
        case .nanoseconds: ReportFormat.nanoseconds(value, compact: true)
        }
    }

    /// The chart as a standalone SVG document.
    public func render() -> String {
        let plotted = series.map { $0.points.filter(Self.isPlottable) }
        let xDecades = Self.decadeRange(plotted.flatMap { $0.map(\.x) })
        var yValues = plotted.flatMap { $0.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] } }
        if let referenceLine { yValues.append(referenceLine.value) }
        let yDecades = Self.decadeRange(yValues)

        let legendNames = series.enumerated().map { index, series in
            Self.truncated(series.name, to: 42) + (plotted[index].isEmpty ? " (no data)" : "")
        }
        let legendWidth = series.isEmpty ? 0 : 44 + (legendNames.map { SVG.textWidth($0) }.max() ?? 0)
        let plot = (left: 78.0, top: 56.0,
                    right: Double(width) - 24 - legendWidth, bottom: Double(height) - 62)
        func xPosition(_ x: Double) -> Double {
            plot.left + (log10(x) - Double(xDecades.lowerBound)) / Double(xDecades.count - 1) * (plot.right - plot.left)
        }
        func yPosition(_ y: Double) -> Double {
            plot.bottom - (log10(y) - Double(yDecades.lowerBound)) / Double(yDecades.count - 1) * (plot.bottom - plot.top)
        }

        var svg = SVG.header(width: width, height: height, title: title)
        svg += "<defs><clipPath id=\"plot-area\"><rect x=\"\(SVG.number(plot.left))\" y=\"\(SVG.number(plot.top))\" "
            + "width=\"\(SVG.number(plot.right - plot.left))\" height=\"\(SVG.number(plot.bottom - plot.top))\"/></clipPath></defs>\n"
        svg += "<text x=\"\(SVG.number(Double(width) / 2))\" y=\"30\" text-anchor=\"middle\" font-size=\"18\" "
            + "font-weight=\"bold\" fill=\"#222222\">\(SVG.escape(title))</text>\n"

        // Grid: a line at every decade, fainter ones at 2…9 while they are not too dense.
        svg += "<g class=\"grid\" stroke-width=\"1\">\n"
        for (decades, isX) in [(xDecades, true), (yDecades, false)] {
            let withMinor = decades.count <= 7
            for decade in decades {
                for step in 1...9 where step == 1 || (withMinor && decade < decades.upperBound) {
                    let value = Double(step) * pow(10, Double(decade))
                    let colour = step == 1 ? "#cccccc" : "#ececec"
                    if isX {
                        let x = SVG.number(xPosition(value))
                        svg += "<line x1=\"\(x)\" y1=\"\(SVG.number(plot.top))\" x2=\"\(x)\" y2=\"\(SVG.number(plot.bottom))\" stroke=\"\(colour)\"/>\n"
                    } else {
                        let y = SVG.number(yPosition(value))
                        svg += "<line x1=\"\(SVG.number(plot.left))\" y1=\"\(y)\" x2=\"\(SVG.number(plot.right))\" y2=\"\(y)\" stroke=\"\(colour)\"/>\n"
                    }
                }
            }
        }
        svg += "</g>\n"
        svg += "<rect x=\"\(SVG.number(plot.left))\" y=\"\(SVG.number(plot.top))\" width=\"\(SVG.number(plot.right - plot.left))\" "
            + "height=\"\(SVG.number(plot.bottom - plot.top))\" fill=\"none\" stroke=\"#888888\"/>\n"

        // Tick labels and axis titles.
        svg += "<g class=\"ticks\" fill=\"#333333\">\n"
        for (decade, text) in zip(xDecades, Self.tickLabels(xDecades, style: xLabels)) {
            svg += "<text x=\"\(SVG.number(xPosition(pow(10, Double(decade)))))\" y=\"\(SVG.number(plot.bottom + 18))\" "
                + "text-anchor=\"middle\">\(SVG.escape(text))</text>\n"
        }
        for (decade, text) in zip(yDecades, Self.tickLabels(yDecades, style: yLabels)) {
            svg += "<text x=\"\(SVG.number(plot.left - 8))\" y=\"\(SVG.number(yPosition(pow(10, Double(decade))) + 4))\" "
                + "text-anchor=\"end\">\(SVG.escape(text))</text>\n"
        }
        svg += "</g>\n"
        svg += "<text x=\"\(SVG.number((plot.left + plot.right) / 2))\" y=\"\(SVG.number(Double(height) - 18))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">\(SVG.escape(xTitle))</text>\n"
        let yTitleCentre = SVG.number((plot.top + plot.bottom) / 2)
        svg += "<text x=\"18\" y=\"\(yTitleCentre)\" transform=\"rotate(-90 18 \(yTitleCentre))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">\(SVG.escape(yTitle))</text>\n"

        if let referenceLine, referenceLine.value > 0, referenceLine.value.isFinite {
            let y = yPosition(referenceLine.value)
            svg += "<g class=\"reference\">\n<line x1=\"\(SVG.number(plot.left))\" y1=\"\(SVG.number(y))\" x2=\"\(SVG.number(plot.right))\" "
                + "y2=\"\(SVG.number(y))\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>\n"
            svg += "<text x=\"\(SVG.number(plot.left + 6))\" y=\"\(SVG.number(y - 6))\" text-anchor=\"start\" fill=\"#c0392b\" "
                + "stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(SVG.escape(referenceLine.label))</text>\n</g>\n"
        }

        // Bands first, so every line and marker sits above every band.
        svg += "<g class=\"series\" clip-path=\"url(#plot-area)\">\n"
        for (index, points) in plotted.enumerated() {
            let banded = points.filter { ($0.low ?? 0) > 0 && ($0.high ?? 0) > 0 && $0.low!.isFinite && $0.high!.isFinite }
            guard !banded.isEmpty else { continue }
            let upper = banded.map { (xPosition($0.x), yPosition($0.high!)) }
            let lower = banded.reversed().map { (xPosition($0.x), yPosition($0.low!)) }
            svg += "<polygon class=\"band\" points=\"\(SeriesStyle.points(upper + lower))\" "
                + "fill=\"\(SeriesStyle(index: index).color)\" fill-opacity=\"0.13\" stroke=\"none\"/>\n"
        }
        for (index, points) in plotted.enumerated() where !points.isEmpty {
            let style = SeriesStyle(index: index)
            let dash = style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            svg += "<polyline class=\"line\" points=\"\(SeriesStyle.points(points.map { (xPosition($0.x), yPosition($0.y)) }))\" "
                + "fill=\"none\" stroke=\"\(style.color)\" stroke-width=\"2\" stroke-linejoin=\"round\"\(dash)/>\n"
            for point in points {
                let tooltip = "\(series[index].name): \(Self.label(point.x, style: xLabels)) → \(Self.label(point.y, style: yLabels))"
                svg += style.markerElement(x: xPosition(point.x), y: yPosition(point.y), radius: 4, tooltip: tooltip) + "\n"
            }
        }
        svg += "</g>\n"

        if !series.isEmpty { svg += SVG.legend(legendNames, left: plot.right + 16, top: plot.top) }
        if plotted.allSatisfy(\.isEmpty) {
            svg += SVG.noData(centerX: (plot.left + plot.right) / 2, centerY: (plot.top + plot.bottom) / 2)
        }
        return svg + "</svg>\n"
    }

    private static func isPlottable(_ point: ChartPoint) -> Bool {
        point.x > 0 && point.y > 0 && point.x.isFinite && point.y.isFinite
    }

    private static func truncated(_ name: String, to length: Int) -> String {
        name.count <= length ? name : String(name.prefix(length - 1)) + "…"
    }
}
