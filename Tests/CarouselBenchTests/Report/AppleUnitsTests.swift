import BenchKit
import Testing
@testable import CarouselBench

/// The "In Apple's units" section's figures: each trajectory row at its largest size, its headroom and its hitch time
/// ratios as the results file gives them, graded on Apple's scale.
@Suite struct AppleUnitsTests {
    private func row(_ id: String, _ n: Int, worst: Double?, alone: Double? = nil, withContent: Double? = nil) -> ResultRow {
        var row = ResultRow(benchmark: BenchmarkID(parsing: id)!, size: n, items: n, unit: .nanosecondsPerFrame, samples: [],
                            sampleCount: 5, iterationsPerSample: 10, min: 100, median: 100, p90: 100, mad: 0,
                            mallocsPerIteration: nil, instructionsPerIteration: nil)
        row.worstFrame = worst
        (row.hitchRatio, row.hitchRatioWithContent) = (alone, withContent)
        return row
    }

    @Test func eachTrajectoryRowAtItsLargestSize() throws {
        let rows = [
            row("uikit/seed003.paging", 300, worst: 80_000, alone: 0, withContent: 0),
            row("uikit/seed003.paging", 10_000, worst: 9_333_333, alone: 8.8, withContent: 12.1),
            row("pipeline/best", 10_000, worst: 3_000, alone: 0, withContent: 0),
            row("floor/uikit", 300, worst: 1_000),
            row("lookup/dict", 10_000, worst: nil),
        ]
        let metadata = RunMetadata(time: "t", gitCommit: nil, swiftVersion: "6.3", cpuModel: nil, host: "h",
                                   options: [SuiteRun.contentKey: "6"])
        let units = try #require(AppleUnits(rows: rows, hz: 120, metadata: metadata))
        #expect(units.contentMilliseconds == 6)
        #expect(units.lines.map(\.id.description) == ["floor/uikit", "pipeline/best", "uikit/seed003.paging"])
        #expect(units.lines.map(\.size) == [300, 10_000, 10_000])
        let paging = units.lines[2]
        #expect(abs(paging.headroom - -1) < 1e-6, "8.33 ms less 9.33 ms")
        #expect(paging.alone == 8.8 && paging.withContent == 12.1)
        #expect(units.lines[0].alone == nil, "a file without the ratios")
        #expect(AppleUnits.graded(paging.alone) == "8.80 ms/s warning")
        #expect(AppleUnits.graded(paging.withContent) == "12.10 ms/s critical")
        #expect(AppleUnits.graded(0) == "0.00 ms/s good")
        #expect(AppleUnits.graded(nil) == "not recorded")
        #expect(AppleUnits(rows: [rows[4]], hz: 120, metadata: nil) == nil, "no worst frame, no section")
        #expect(AppleUnits(rows: rows, hz: 120, metadata: nil)?.contentMilliseconds == nil)
    }
}
