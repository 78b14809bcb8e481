import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import BenchReport

/// Parses an SVG document and records its elements, so tests check real XML, not substrings.
final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    /// The text runs of the document, split at every tag, without whitespace-only runs.
    var texts: [String] = []
    private var pending = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        flush()
        elements.append((elementName, attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        flush()
    }

    // The parser delivers one run in several pieces (it splits at non-ASCII characters).
    func parser(_ parser: XMLParser, foundCharacters string: String) { pending += string }

    private func flush() {
        if !pending.allSatisfy(\.isWhitespace) { texts.append(pending) }
        pending = ""
    }

    /// The parsed document, or nil when it is not well-formed XML.
    static func parse(_ svg: String) -> ElementCollector? {
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    func count(_ name: String, class className: String? = nil) -> Int {
        elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }.count
    }
}

@Suite struct SVGChartTests {
    static let sizes: [Double] = [3, 10, 30, 100, 300, 1000, 3000, 10000]

    static func chart(seriesCount: Int = 3) -> LogLogChart {
        let series = (0..<seriesCount).map { index in
            ChartSeries(name: "strategy \(index)", points: sizes.map {
                ChartPoint(x: $0, y: 50 * Double(index + 1) + $0, low: 45 + $0, high: 80 * Double(index + 1) + $0)
            })
        }
        return LogLogChart(title: "Cost", xTitle: "catalog size n", yTitle: "median", series: series,
                           referenceLine: ReferenceLine(value: 83_333.3, label: "1% of 120 Hz frame = 83.3 µs"))
    }

    @Test func isAStandaloneWellFormedDocument() throws {
        let svg = Self.chart().render()
        let document = try #require(ElementCollector.parse(svg))
        let root = try #require(document.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["width"] == "960")
        #expect(root.attributes["height"] == "600")
        #expect(root.attributes["viewBox"] == "0 0 960 600")
        #expect(root.attributes["font-family"] == "sans-serif")
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func drawsOneLineBandAndLegendEntryPerSeries() throws {
        let document = try #require(ElementCollector.parse(Self.chart(seriesCount: 12).render()))
        #expect(document.count("polyline", class: "line") == 12)
        #expect(document.count("polygon", class: "band") == 12)
        #expect(document.count("g", class: "legend-entry") == 12)
        let markers = document.elements.filter { $0.attributes["class"] == "marker" }.count
        #expect(markers == 12 * Self.sizes.count + 12)
        let strokes = Set(document.elements.filter { $0.attributes["class"] == "line" }.compactMap { $0.attributes["stroke"] })
        #expect(strokes.count == 12)
        #expect(document.texts.contains("1% of 120 Hz frame = 83.3 µs"))
    }

    @Test func escapesNamesAndTitles() throws {
        let chart = LogLogChart(title: "a < b & c", xTitle: "n", yTitle: "t",
                                series: [ChartSeries(name: "<fast & \"lean\">", points: [ChartPoint(x: 10, y: 10)])])
        let svg = chart.render()
        #expect(!svg.contains("<fast"))
        #expect(svg.contains("&lt;fast &amp; &quot;lean&quot;&gt;"))
        let document = try #require(ElementCollector.parse(svg))
        #expect(document.texts.joined().contains("<fast & \"lean\">"))
        #expect(document.texts.joined().contains("a < b & c"))
    }

    @Test func tickLabelsForAKnownRange() {
        let xDecades = LogLogChart.decadeRange(Self.sizes)
        #expect(xDecades == 0...4)
        #expect(LogLogChart.tickLabels(xDecades, style: .count) == ["1", "10", "100", "1k", "10k"])
        let yDecades = LogLogChart.decadeRange([12, 83_333.3, 950_000])
        #expect(yDecades == 1...6)
        #expect(LogLogChart.tickLabels(yDecades, style: .nanoseconds) == ["10 ns", "100 ns", "1 µs", "10 µs", "100 µs", "1 ms"])
        #expect(LogLogChart.decadeRange([1000]) == 3...4)
        #expect(LogLogChart.decadeRange([]) == 0...1)
    }

    @Test func renderedTicksAppearInTheDocument() throws {
        let document = try #require(ElementCollector.parse(Self.chart().render()))
        for label in ["1", "10", "100", "1k", "10k", "10 ns", "100 ns", "1 µs", "10 µs", "100 µs"] {
            #expect(document.texts.contains(label), "\(label)")
        }
        #expect(document.texts.contains("catalog size n"))
        #expect(document.texts.contains("median"))
    }

    @Test func skipsUnplottablePointsAndHandlesEmptyAndSingleSeries() throws {
        let chart = LogLogChart(title: "Edge cases", xTitle: "n", yTitle: "t", series: [
            ChartSeries(name: "empty", points: []),
            ChartSeries(name: "single", points: [ChartPoint(x: 100, y: 250)]),
            ChartSeries(name: "nonpositive", points: [ChartPoint(x: 0, y: 5), ChartPoint(x: 10, y: -3), ChartPoint(x: 10, y: 0)]),
            ChartSeries(name: "mixed", points: [ChartPoint(x: 10, y: 5), ChartPoint(x: 100, y: .infinity), ChartPoint(x: 1000, y: 50)]),
        ])
        let svg = chart.render()
        let document = try #require(ElementCollector.parse(svg))
        #expect(document.count("polyline", class: "line") == 2)
        #expect(document.count("g", class: "legend-entry") == 4)
        #expect(document.texts.contains("empty (no data)"))
        #expect(document.texts.contains("nonpositive (no data)"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test func chartWithoutSeriesSaysNoData() throws {
        let document = try #require(ElementCollector.parse(
            LogLogChart(title: "Nothing", xTitle: "n", yTitle: "t", series: []).render()))
        #expect(document.texts.contains("no data"))
        #expect(document.count("polyline") == 0)
    }

    @Test func seriesStylesStayDistinct() {
        let styles = (0..<12).map(SeriesStyle.init(index:))
        #expect(Set(styles.map(\.color)).count == 12)
        #expect(styles[0].dash == nil)
        #expect(styles[4].dash != nil)
        #expect(styles[0].marker != styles[1].marker)
        #expect(SeriesStyle(index: 12).color == styles[0].color)
        #expect(SeriesStyle(index: 12).dash != styles[0].dash)
    }
}
