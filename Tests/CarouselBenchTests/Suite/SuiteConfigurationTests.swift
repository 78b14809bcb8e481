import BenchKit
import Testing
@testable import CarouselBench

@Suite struct SuiteConfigurationTests {
    /// `x floor`: the UIKit view's rows are taken against `floor/uikit`, the cores' against `floor/scaleAlpha`.
    @Test func theUIKitViewsFloorIsTheUIKitFloor() throws {
        func row(_ id: BenchmarkID, median: Double) -> ResultRow {
            ResultRow(benchmark: id, size: 300, items: 300, unit: .nanosecondsPerFrame, samples: [median], sampleCount: 1,
                      iterationsPerSample: 1, min: median, median: median, p90: median, mad: 0, mallocsPerIteration: nil,
                      instructionsPerIteration: nil)
        }
        let rows = [
            row(SuiteRow.floor.id, median: 30), row(SuiteRow.uikitFloor.id, median: 600),
            row(BenchmarkID(family: SuiteFamilies.pipeline, strategy: "best"), median: 45),
            row(BenchmarkID(family: SuiteFamilies.uikit, strategy: "best"), median: 660),
            row(BenchmarkID(family: SuiteFamilies.uikitSwitches, strategy: "best[prefetch=off]"), median: 300),
        ]
        let floorMultiple = try #require(SuiteConfiguration.schema(rows: rows).metrics.first { $0.column == "x_floor" })
        #expect(rows.map { floorMultiple.value($0) } == [1, 1, 1.5, 1.1, 0.5])
    }
}
