import BenchKit
import CarouselLayout
import Testing
@testable import CarouselBench
@testable import CarouselLayout

/// The report's pick for an app that drives its carousel by code: the fastest design whose scenario holds in `verify`,
/// a faster one that fails left out with its failure.
@Suite struct ScenarioPickTests {
    private func markdown(_ rows: [ResultRow]) -> ReportMarkdown {
        let suite = CarouselSuite(SuiteConfiguration())
        let analysis = ReportAnalysis(rows: rows, checks: .init(), catalog: suite.rows, complexities: suite.complexities, hz: 120)
        return ReportMarkdown(analysis: analysis, inputPath: "results.csv", metadata: nil,
                              verification: VerificationReport(options: VerificationOptions(), caseCount: 0, rows: []),
                              charts: [], configuration: SuiteConfiguration(), memory: [])
    }

    private func rows(_ operation: UIKitOperation, _ medians: [String: Double]) -> [ResultRow] {
        medians.flatMap { name, median in
            [3, 300].map { n in
                ResultRow(benchmark: BenchmarkID(family: operation.rawValue, strategy: name), size: n, items: n, unit: .nanosecondsPerCall,
                          samples: [], sampleCount: 5, iterationsPerSample: 10, min: median, median: median, p90: median, mad: 0,
                          mallocsPerIteration: nil, instructionsPerIteration: nil)
            }
        }
    }

    @Test func theFastestDesignWhoseUpdateKeepsTheCentredItemIsPicked() throws {
        // Seed 000's update is made the fastest here, but it centres another item (verify's catalogue-update table).
        let report = markdown(rows(.update, ["uikit.seed000.flow": 500, "uikit.best": 2_000, "uikit.seed003.paging": 9_000]))
        let series = try #require(report.analysis.lifecycle[.update])
        let text = report.scenarioPick(series, for: .update)
        #expect(text.contains("For an app that updates its catalogue: `update/uikit.best`, 2.00 µs an update at n = 300"), "\(text)")
        #expect(text.contains("the fastest of the 2 designs"), "\(text)")
        #expect(text.contains("Not picked, failing there: `uikit.seed000.flow` ("), "\(text)")
        #expect(report.scenarioPick(series, for: .prepare).isEmpty, "no scenario stands for a prepare")
    }
}
