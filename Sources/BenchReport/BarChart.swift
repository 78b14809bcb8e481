#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One bar of a `HorizontalBarChart`.
public struct Bar: Sendable, Equatable {
    public var label: String
    public var value: Double

    public init(label: String, value: Double) {
        self.label = label
        self.value = value
    }
}

/// How the values and ticks of a bar chart read.
public enum BarValueStyle: Sendable, Equatable {
    /// Values already in percent: `0.42%`.
    case percent
    /// `812 ns`, `4.56 µs`.
    case nanoseconds
    /// Plain numbers with 3 significant digits.
    case plain
}

/// A horizontal bar chart on a linear axis from 0, as a standalone SVG document: for example each
/// implementation's share of a frame budget at one size. Bars past the reference line are drawn in red.
///
///     let chart = HorizontalBarChart(title: "Share of the frame budget at n = 1k", valueTitle: "% of frame",
///                                    bars: [Bar(label: "best", value: 0.012)], valueStyle: .percent,
///                                    referenceLine: ReferenceLine(value: 1, label: "1%"))
///
/// Non-finite values draw no bar and read `n/a`; negative values draw no bar.
/// - Complexity: O(bars) to render.
public struct HorizontalBarChart: Sendable, Equatable {
    public var title: String
    public var valueTitle: String
    public var bars: [Bar]
    public var valueStyle: BarValueStyle
    public var referenceLine: ReferenceLine?
    public var width: Int

    public init(title: String, valueTitle: String, bars: [Bar], valueStyle: BarValueStyle = .plain,
                referenceLine: ReferenceLine? = nil, width: Int = 960) {
        self.title = title
        self.valueTitle = valueTitle
        self.bars = bars
        self.valueStyle = valueStyle
        self.referenceLine = referenceLine
        self.width = width
    }

    /// Tick values from 0 in steps of 1, 2 or 5 × 10^k, about five of them, the last at or past `maximum`.
    ///
    /// - Complexity: O(ticks).
    public static func ticks(upTo maximum: Double) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0, 1] }
        let raw = maximum / 5
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * magnitude
        let count = Int(ceil(maximum / step - 1e-9))
        return (0...Swift.max(1, count)).map { Double($0) * step }
    }

    /// The chart as a standalone SVG document.
    public func render() -> String {
        let barHeight = 22.0
        let rowHeight = barHeight + 10
        let height = Int(64 + Double(Swift.max(bars.count, 1)) * rowHeight + 58)
        let labels = bars.map { $0.label.count <= 48 ? $0.label : String($0.label.prefix(47)) + "…" }
        let valueTexts = bars.map { $0.value.isFinite ? format($0.value, compact: false) : "n/a" }
        let finite = bars.map(\.value).filter(\.isFinite)
        let ticks = Self.ticks(upTo: Swift.max(finite.max() ?? 0, referenceLine?.value ?? 0))
        let scaleMaximum = ticks.last!
        let plot = (left: 24 + (labels.map { SVG.textWidth($0) }.max() ?? 0) + 10,
                    top: 56.0,
                    right: Double(width) - 24 - (valueTexts.map { SVG.textWidth($0) }.max() ?? 0) - 8,
                    bottom: 56 + Double(Swift.max(bars.count, 1)) * rowHeight)
        func xPosition(_ value: Double) -> Double {
            plot.left + Swift.max(0, value) / scaleMaximum * (plot.right - plot.left)
        }

        var svg = SVG.header(width: width, height: height, title: title)
        svg += "<text x=\"\(SVG.number(Double(width) / 2))\" y=\"30\" text-anchor=\"middle\" font-size=\"18\" "
            + "font-weight=\"bold\" fill=\"#222222\">\(SVG.escape(title))</text>\n"
        svg += "<g class=\"grid\" fill=\"#333333\">\n"
        for tick in ticks {
            let x = SVG.number(xPosition(tick))
            svg += "<line x1=\"\(x)\" y1=\"\(SVG.number(plot.top))\" x2=\"\(x)\" y2=\"\(SVG.number(plot.bottom))\" stroke=\"#dddddd\"/>"
            svg += "<text x=\"\(x)\" y=\"\(SVG.number(plot.bottom + 18))\" text-anchor=\"middle\">\(SVG.escape(format(tick, compact: true)))</text>\n"
        }
        svg += "</g>\n"
        svg += "<text x=\"\(SVG.number((plot.left + plot.right) / 2))\" y=\"\(SVG.number(plot.bottom + 44))\" "
            + "text-anchor=\"middle\" font-size=\"13\" fill=\"#222222\">\(SVG.escape(valueTitle))</text>\n"

        svg += "<g class=\"bars\">\n"
        for (index, bar) in bars.enumerated() {
            let y = plot.top + 5 + Double(index) * rowHeight
            let over = referenceLine.map { bar.value > $0.value } ?? false
            svg += "<text x=\"\(SVG.number(plot.left - 10))\" y=\"\(SVG.number(y + barHeight / 2 + 4))\" text-anchor=\"end\" "
                + "fill=\"#222222\">\(SVG.escape(labels[index]))</text>"
            if bar.value.isFinite, bar.value > 0 {
                svg += "<rect class=\"bar\" x=\"\(SVG.number(plot.left))\" y=\"\(SVG.number(y))\" "
                    + "width=\"\(SVG.number(xPosition(bar.value) - plot.left))\" height=\"\(SVG.number(barHeight))\" "
                    + "fill=\"\(over ? "#d62728" : SeriesStyle.palette[0])\"><title>\(SVG.escape(bar.label)): "
                    + "\(SVG.escape(valueTexts[index]))</title></rect>"
            }
            let valueX = bar.value.isFinite ? xPosition(bar.value) : plot.left
            svg += "<text x=\"\(SVG.number(valueX + 6))\" y=\"\(SVG.number(y + barHeight / 2 + 4))\" "
                + "fill=\"#333333\">\(SVG.escape(valueTexts[index]))</text>\n"
        }
        svg += "</g>\n"
        svg += "<line x1=\"\(SVG.number(plot.left))\" y1=\"\(SVG.number(plot.top))\" x2=\"\(SVG.number(plot.left))\" "
            + "y2=\"\(SVG.number(plot.bottom))\" stroke=\"#888888\"/>\n"

        if let referenceLine, referenceLine.value > 0, referenceLine.value.isFinite {
            let x = SVG.number(xPosition(referenceLine.value))
            svg += "<g class=\"reference\"><line x1=\"\(x)\" y1=\"\(SVG.number(plot.top - 6))\" x2=\"\(x)\" y2=\"\(SVG.number(plot.bottom))\" "
                + "stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"/>"
            svg += "<text x=\"\(x)\" y=\"\(SVG.number(plot.top - 10))\" text-anchor=\"middle\" fill=\"#c0392b\">"
                + "\(SVG.escape(referenceLine.label))</text></g>\n"
        }
        if bars.isEmpty {
            svg += "<text x=\"\(SVG.number((plot.left + plot.right) / 2))\" y=\"\(SVG.number((plot.top + plot.bottom) / 2))\" "
                + "text-anchor=\"middle\" font-size=\"14\" fill=\"#888888\">no data</text>\n"
        }
        return svg + "</svg>\n"
    }

    private func format(_ value: Double, compact: Bool) -> String {
        switch valueStyle {
        case .percent:
            compact ? ReportFormat.trimmingZeros(ReportFormat.significant(value)) + "%" : ReportFormat.percent(value)
        case .nanoseconds:
            ReportFormat.nanoseconds(value, compact: compact)
        case .plain:
            compact ? ReportFormat.trimmingZeros(ReportFormat.significant(value)) : ReportFormat.significant(value)
        }
    }
}
