import BenchKit
import BenchReport
import Foundation
import Testing

@Suite struct TrendChartTests {
    static let commits = (0..<12).map { String(format: "%07x", 0xabc0000 + $0) + "deadbeef" }

    static func chart() -> TrendChart {
        let before = (0..<6).map { ChartPoint(x: Double($0), y: 100 + Double($0 % 2), low: 98, high: 103) }
        let after = (6..<12).map { ChartPoint(x: Double($0), y: 105 + Double($0 % 2)) }
        return TrendChart(
            title: "family/a <&> \"b\"", yTitle: "median (ns/call)", commits: commits,
            lines: [ChartSeries(name: "size 10", points: before + after),
                    ChartSeries(name: "size <100>", points: (0..<12).map { ChartPoint(x: Double($0), y: 200 - Double($0)) })],
            markers: [TrendMarker(commit: 6, relativeStep: 0.051, line: 0, detail: "p = 0.005"),
                      TrendMarker(commit: 3, relativeStep: -0.12, line: 1)],
            creeps: [TrendCreep(start: 8, end: 11, relativeSlope: 0.011, line: 1)])
    }

    @Test func isAStandaloneWellFormedDocumentWithoutScripts() throws {
        let svg = Self.chart().render()
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("<script"))
        #expect(!svg.lowercased().contains("onload"))
        let document = try #require(ElementCollector.parse(svg))
        #expect(document.elements.first?.name == "svg")
        #expect(document.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    }

    @Test func drawsALinePerSizeAndAMarkerPerChangePoint() throws {
        let document = try #require(ElementCollector.parse(Self.chart().render()))
        #expect(document.count("polyline", class: "line") == 2)
        #expect(document.count("g", class: "change-point") == 2)
        #expect(document.count("g", class: "creep") == 1)
        #expect(document.count("line", class: "ci") == 6)
        #expect(document.texts.contains("size 10 +5.1%"))
        #expect(document.texts.contains("size <100> -12%"))
        #expect(document.texts.contains("+1.1%/commit over 3 commits"))
        #expect(document.texts.contains { $0.hasPrefix("size 10: +5.1% at abc0006 (after abc0005), p = 0.005") })
        // Short hashes on the commit axis, a title and both axis titles.
        #expect(document.texts.contains("abc0000") && document.texts.contains("abc000b"))
        #expect(document.texts.contains("commit (oldest to newest)"))
        #expect(document.texts.contains("median (ns/call)"))
        #expect(document.texts.filter { $0 == "family/a <&> \"b\"" }.count == 2)
    }

    @Test func markerSitsBetweenTheTwoCommits() throws {
        let chart = TrendChart(title: "t", yTitle: "v", commits: ["a", "b", "c"],
                               lines: [ChartSeries(name: "size 1", points: [ChartPoint(x: Double(0), y: 1),
                                                                         ChartPoint(x: Double(1), y: 1),
                                                                         ChartPoint(x: Double(2), y: 2)])],
                               markers: [TrendMarker(commit: 2, relativeStep: 1, line: 0)])
        let document = try #require(ElementCollector.parse(chart.render()))
        let xs = document.elements.filter { $0.name == "circle" }.compactMap { Double($0.attributes["cx"] ?? "") }
        let index = try #require(document.elements.firstIndex { $0.name == "g" && $0.attributes["class"] == "change-point" })
        let line = try #require(document.elements[index...].first { $0.name == "line" })
        let x = try #require(Double(line.attributes["x1"] ?? ""))
        #expect(xs.count == 3 && abs(x - (xs[1] + xs[2]) / 2) <= 0.1)
        #expect(line.attributes["stroke"] == "#c0392b")
        #expect(document.texts.contains("+100%"))
    }

    @Test func escapesText() {
        let svg = Self.chart().render()
        #expect(svg.contains("family/a &lt;&amp;&gt; &quot;b&quot;"))
        #expect(svg.contains("size &lt;100&gt;"))
        #expect(!svg.contains("<100>"))
    }

    @Test func stepLabelsAndTicks() {
        #expect(TrendChart.stepLabel(0.051) == "+5.1%")
        #expect(TrendChart.stepLabel(-0.1234) == "-12%")
        #expect(TrendChart.stepLabel(0.00523) == "+0.52%")
        #expect(TrendChart.stepLabel(.nan) == "n/a")
        #expect(TrendChart.ticks(from: 97, through: 108) == [95, 100, 105, 110])
        #expect(TrendChart.ticks(from: 97, through: 104) == [96, 98, 100, 102, 104])
        let fine = TrendChart.ticks(from: 0.52, through: 0.88)
        #expect(fine.count == 5 && zip(fine, [0.5, 0.6, 0.7, 0.8, 0.9]).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    @Test func narrowRangesKeepDistinctTickLabels() throws {
        let chart = TrendChart(title: "t", yTitle: "v", commits: ["a", "b"],
                               lines: [ChartSeries(name: "s", points: [ChartPoint(x: Double(0), y: 10_000),
                                                                    ChartPoint(x: Double(1), y: 10_150)])])
        let document = try #require(ElementCollector.parse(chart.render()))
        let ticks = document.texts.filter { $0.hasSuffix(" ns") || $0.hasSuffix(" µs") }
        #expect(ticks.count >= 3)
        #expect(Set(ticks).count == ticks.count)
    }

    @Test func emptyChartIsStillADocument() throws {
        let document = try #require(ElementCollector.parse(TrendChart(title: "t", yTitle: "v", commits: [], lines: []).render()))
        #expect(document.texts.contains("no data"))
    }

    /// A 40-hex-digit commit-like name, distinct in its first 7 digits.
    static func hash(_ index: Int) -> String {
        String(format: "%08x", UInt32(truncatingIfNeeded: (index + 1) &* 0x9E37_79B1)) + String(repeating: "0", count: 32)
    }

    @Test func buildsOneChartPerBenchmarkFromHistory() throws {
        var rows: [HistoryRow] = []
        // A fixed wobble of +-0.3% (period 4): structure-free enough that only the 8% step is a change point.
        let wobble = [0.003, -0.003, 0.0015, -0.0015]
        for index in 0..<40 {
            let time = String(format: "2026-08-01T00:%02d:00Z", index)
            for size in [10, 100] {
                let level = index >= 20 && size == 100 ? 1_080.0 : 1_000
                let noise = 1 + wobble[(index + size) % 4]
                rows.append(HistoryRow(commit: Self.hash(index), time: time, machine: "box", benchmark: "fam/a",
                                       size: size, median: level * noise, unit: "ns/call"))
            }
            rows.append(HistoryRow(commit: Self.hash(index), time: time, machine: "box", benchmark: "fam/b",
                                   size: 10, median: 50, unit: "ns/call"))
        }
        let charts = TrendChart.charts(HistoryFile.analyze(HistoryFile.series(rows)))
        #expect(charts.map(\.title) == ["fam/a: median per commit on box", "fam/b: median per commit on box"])
        let chart = charts[0]
        #expect(chart.lines.map(\.name) == ["size 10", "size 100"])
        #expect(chart.commits.count == 40)
        #expect(chart.markers.map(\.commit) == [20])
        #expect(chart.markers.first?.line == 1)
        let document = try #require(ElementCollector.parse(chart.render()))
        #expect(document.count("g", class: "change-point") == 1)
        #expect(document.texts.contains("size 100 +8.0%"))
        #expect(document.texts.contains("size 100: +8.0% at \(Self.hash(20).prefix(7)) (after \(Self.hash(19).prefix(7))), p = 0.0050"))
        #expect(document.texts.contains("size 100 at \(Self.hash(25).prefix(7)): 1.08 µs"))
    }
}
