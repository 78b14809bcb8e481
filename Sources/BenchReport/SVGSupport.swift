/// The building blocks every chart shares: text escaping, coordinates, the series palette.
enum SVG {
    /// A legend right of the plot: one entry per name, in the series' styles.
    static func legend(_ names: [String], left: Double, top: Double) -> String {
        var svg = "<g class=\"legend\">\n"
        for (index, name) in names.enumerated() {
            let style = SeriesStyle(index: index)
            let y = top + 8 + Double(index) * 20
            let dash = style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            svg += "<g class=\"legend-entry\"><line x1=\"\(number(left))\" y1=\"\(number(y))\" x2=\"\(number(left + 28))\" "
                + "y2=\"\(number(y))\" stroke=\"\(style.color)\" stroke-width=\"2\"\(dash)/>"
            svg += style.markerElement(x: left + 14, y: y, radius: 4, tooltip: nil)
            svg += "<text x=\"\(number(left + 36))\" y=\"\(number(y + 4))\" fill=\"#222222\">\(escape(name))</text></g>\n"
        }
        return svg + "</g>\n"
    }

    /// "no data" centred in a plot.
    static func noData(centerX: Double, centerY: Double) -> String {
        "<text x=\"\(number(centerX))\" y=\"\(number(centerY))\" text-anchor=\"middle\" font-size=\"14\" "
            + "fill=\"#888888\">no data</text>\n"
    }

    /// Escapes text for XML content and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A coordinate with one decimal: enough for a screen, short in the file.
    static func number(_ value: Double) -> String { ReportFormat.fixed(value, decimals: 1) }

    /// The opening tag of a standalone document (with a white background, so it reads on dark pages too).
    static func header(width: Int, height: Int, title: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12" role="img">
        <title>\(escape(title))</title>
        <rect x="0" y="0" width="\(width)" height="\(height)" fill="#ffffff"/>

        """
    }

    /// A rough text width for layout: sans-serif at `fontSize` averages a bit over half an em per character.
    static func textWidth(_ text: String, fontSize: Double = 12) -> Double { Double(text.count) * fontSize * 0.6 }
}

/// The look of the `index`-th series: a colour, a dash pattern and a marker shape.
///
/// Twelve colours (distinct also in grey), and a dash pattern and marker that change every four series,
/// so two series never share all three for up to 48 series and stay apart for colour-blind readers.
public struct SeriesStyle: Sendable, Equatable {
    public enum Marker: Sendable, Equatable { case circle, square, triangle, diamond }

    public let color: String
    /// An SVG `stroke-dasharray`, nil for a solid line.
    public let dash: String?
    public let marker: Marker

    public static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#ad494a",
    ]

    /// - Complexity: O(1).
    public init(index: Int) {
        precondition(index >= 0, "series index must not be negative")
        color = Self.palette[index % Self.palette.count]
        let dashes: [String?] = [nil, "7 4", "2 3", "9 3 2 3"]
        dash = dashes[(index / 4) % dashes.count]
        let markers: [Marker] = [.circle, .square, .triangle, .diamond]
        marker = markers[index % markers.count]
    }

    /// The marker at (`x`, `y`), `radius` half its width, with an optional hover title.
    func markerElement(x: Double, y: Double, radius: Double, tooltip: String?) -> String {
        let tip = tooltip.map { "<title>\(SVG.escape($0))</title>" } ?? ""
        let paint = "fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"1\""
        let (cx, cy, r) = (SVG.number(x), SVG.number(y), SVG.number(radius))
        switch marker {
        case .circle:
            return "<circle class=\"marker\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\" \(paint)>\(tip)</circle>"
        case .square:
            let side = SVG.number(radius * 1.8)
            return "<rect class=\"marker\" x=\"\(SVG.number(x - radius * 0.9))\" y=\"\(SVG.number(y - radius * 0.9))\" "
                + "width=\"\(side)\" height=\"\(side)\" \(paint)>\(tip)</rect>"
        case .triangle:
            let h = radius * 1.15
            let points = [(x, y - h), (x + h, y + h * 0.8), (x - h, y + h * 0.8)]
            return "<polygon class=\"marker\" points=\"\(Self.points(points))\" \(paint)>\(tip)</polygon>"
        case .diamond:
            let h = radius * 1.25
            let points = [(x, y - h), (x + h, y), (x, y + h), (x - h, y)]
            return "<polygon class=\"marker\" points=\"\(Self.points(points))\" \(paint)>\(tip)</polygon>"
        }
    }

    static func points(_ points: [(Double, Double)]) -> String {
        points.map { "\(SVG.number($0.0)),\(SVG.number($0.1))" }.joined(separator: " ")
    }
}
