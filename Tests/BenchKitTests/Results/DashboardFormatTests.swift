import BenchKit
import Foundation
import Testing

/// The JSON of github-action-benchmark's `customSmallerIsBetter` and of the Bencher Metric Format, parsed back
/// and checked field by field against the rows they came from.
@Suite struct DashboardFormatTests {
    let rows = [
        makeRow("pipeline/best", size: 300, samples: (1...20).map { 40 + Double($0) / 10 }, instructions: 559),
        makeRow("query/linear", size: 3, unit: .nanosecondsPerCall, samples: [150, 151, 152]),
    ]

    private func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func githubActionBenchmarkListsNameUnitValueRangeExtra() throws {
        let entries = try #require(try json(DashboardFormats.githubActionBenchmark(rows, schema: testSchema)) as? [[String: Any]])
        #expect(entries.count == 2)
        let best = entries[0]
        #expect(Set(best.keys) == ["name", "unit", "value", "range", "extra"])
        #expect(best["name"] as? String == "pipeline/best@300")
        #expect(best["unit"] as? String == "ns/frame")
        #expect(best["value"] as? Double == rows[0].median)
        let interval = try #require(SampleStatistics.medianInterval(rows[0].samples))
        let halfWidth = max(rows[0].median - interval.low, interval.high - rows[0].median)
        #expect(best["range"] as? String == "± " + String(format: "%.4f", halfWidth).replacingOccurrences(of: "0+$", with: "", options: .regularExpression))
        #expect((best["extra"] as? String)?.contains("instructions_per_iteration=559") == true)
        // Three samples give no median interval: no range, the other fields stay.
        #expect(entries[1]["range"] == nil && entries[1]["unit"] as? String == "ns/call")
    }

    @Test func bencherNestsBenchmarkMeasureValueAndBounds() throws {
        let document = try #require(try json(DashboardFormats.bencher(rows)) as? [String: [String: [String: Double]]])
        let best = try #require(document["pipeline/best@300"])
        let interval = try #require(SampleStatistics.medianInterval(rows[0].samples))
        #expect(best["latency"] == ["value": rows[0].median, "lower_value": interval.low, "upper_value": interval.high])
        #expect(best["instructions"] == ["value": 559])
        #expect(best["allocations"] == ["value": 0])
        #expect(document["query/linear@3"]?["latency"] == ["value": 151])
        #expect(document["query/linear@3"]?["instructions"] == nil)
    }

    @Test func comparisonsCarryTheCurrentMedianAndTheRatioIntervalInNanoseconds() throws {
        let baseline = [makeRow("a/x", samples: noisySamples(center: 100, spread: 0.01, seed: 1))]
        let current = [makeRow("a/x", samples: noisySamples(center: 150, spread: 0.01, seed: 2)), makeRow("a/new", samples: [1, 2, 3])]
        let comparison = Comparator.compare(baseline: baseline, current: current, options: ComparisonOptions(normalization: .none))
        let row = comparison.rows.first { $0.key.benchmark.strategy == "x" }!
        let document = try #require(try json(DashboardFormats.bencher(comparison)) as? [String: [String: [String: Double]]])
        let latency = try #require(document["a/x@10"]?["latency"])
        #expect(abs(latency["value"]! - row.currentMedian!) < 1e-9, "JSON keeps 15 significant digits")
        #expect(abs(latency["lower_value"]! - row.ciLow! * row.baselineMedian!) < 1e-9)
        #expect(abs(latency["upper_value"]! - row.ciHigh! * row.baselineMedian!) < 1e-9)
        let entries = try #require(try json(DashboardFormats.githubActionBenchmark(comparison)) as? [[String: Any]])
        let x = try #require(entries.first { $0["name"] as? String == "a/x@10" })
        #expect((x["extra"] as? String)?.contains("verdict=regressed") == true)
        #expect(entries.contains { $0["name"] as? String == "a/new@10" && ($0["extra"] as? String)?.contains("verdict=new") == true })
    }
}
