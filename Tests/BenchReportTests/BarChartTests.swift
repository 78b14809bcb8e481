import Testing
import BenchReport

@Suite struct BarChartTests {
    @Test func ticksStepByOneTwoOrFive() {
        #expect(HorizontalBarChart.ticks(upTo: 1.42) == [0, 0.5, 1, 1.5])
        #expect(HorizontalBarChart.ticks(upTo: 100) == [0, 20, 40, 60, 80, 100])
        #expect(HorizontalBarChart.ticks(upTo: 7) == [0, 2, 4, 6, 8])
        #expect(HorizontalBarChart.ticks(upTo: 0) == [0, 1])
    }

    @Test func drawsOneBarPerFiniteValueAndFlagsThoseOverTheReference() throws {
        let chart = HorizontalBarChart(
            title: "Share", valueTitle: "% of frame",
            bars: [Bar(label: "a", value: 0.5), Bar(label: "b <&>", value: 1.5), Bar(label: "c", value: .nan),
                   Bar(label: "d", value: -1)],
            valueStyle: .percent, referenceLine: ReferenceLine(value: 1, label: "1% of frame"))
        let svg = chart.render()
        let document = try #require(ElementCollector.parse(svg))
        let bars = document.elements.filter { $0.name == "rect" && $0.attributes["class"] == "bar" }
        #expect(bars.count == 2)
        #expect(bars.map { $0.attributes["fill"] } == ["#1f77b4", "#d62728"])
        #expect(document.texts.contains("b <&>"))
        #expect(document.texts.contains("0.500%"))
        #expect(document.texts.contains("n/a"))
        #expect(document.texts.contains("1.5%"))
        #expect(document.texts.contains("1% of frame"))
        #expect(document.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    }

    @Test func emptyChartIsStillADocument() throws {
        let document = try #require(ElementCollector.parse(HorizontalBarChart(title: "t", valueTitle: "v", bars: []).render()))
        #expect(document.texts.contains("no data"))
    }
}
