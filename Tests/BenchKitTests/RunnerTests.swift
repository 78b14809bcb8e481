import BenchKit
import BenchSink
import XCTest

private final class Box {
    var value = 0
}

final class RunnerTests: XCTestCase {
    private let tiny = RunOptions(timeBudget: 0.01, warmup: 0.001, targetSamples: 10, minimumSamples: 3)

    private func makeSuite() -> BenchmarkSuite {
        let suite = BenchmarkSuite()
        suite.register(BenchmarkID(family: "empty", strategy: "loop"), unit: .nsPerFrame, sizes: [1, 2]) { size in
            PreparedBenchmark(items: size * 3) { iterations in
                for iteration in 0..<iterations { blackHole(iteration) }
            }
        }
        suite.register(BenchmarkID(family: "alloc", strategy: "box"), unit: .nsPerCall, sizes: [1]) { size in
            PreparedBenchmark(items: size) { iterations in
                for _ in 0..<iterations { blackHole(Box()) }
            }
        }
        suite.register(BenchmarkID(family: "wrong", strategy: "answer"), unit: .nsPerCall, sizes: [1]) { size in
            PreparedBenchmark(items: size, verify: { "expected 42, got 41" }) { _ in
                XCTFail("a benchmark that fails verification must not be timed")
            }
        }
        return suite
    }

    func testRunsVerifiesAndSummarises() throws {
        var lines: [String] = []
        let result = try BenchmarkRunner.run(makeSuite(), options: tiny) { lines.append($0) }
        XCTAssertEqual(result.rows.map { "\($0.benchmark)#\($0.catalog)" }, ["empty/loop#1", "empty/loop#2", "alloc/box#1"])
        XCTAssertEqual(result.failures, [BenchmarkFailure(benchmark: BenchmarkID(family: "wrong", strategy: "answer"), size: 1, reason: "expected 42, got 41")])
        XCTAssertTrue(lines.contains { $0.hasPrefix("[4/4] FAIL wrong/answer size 1") }, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains(" prepared ") }.count, 3, "\(lines)")
        XCTAssertEqual(lines.filter { $0.contains(": median ") }.count, 3, "\(lines)")
        for row in result.rows {
            XCTAssertTrue(row.median.isFinite && row.min >= 0 && row.min <= row.median && row.median <= row.p90, "\(row)")
            XCTAssertEqual(row.samples.count, row.sampleCount)
            XCTAssertGreaterThanOrEqual(row.sampleCount, 1)
            XCTAssertGreaterThanOrEqual(row.iterationsPerSample, 1)
        }
        let empty = result.rows[0]
        XCTAssertEqual(empty.items, 3)
        XCTAssertEqual(empty.mallocsPerIteration, 0)
        XCTAssertNotNil(empty.budgetPct120Hz)
        let allocating = result.rows[2]
        XCTAssertNil(allocating.budgetPct120Hz)
        XCTAssertEqual(allocating.mallocsPerIteration ?? 0, 1, accuracy: 0.1)
        XCTAssertEqual(result.metadata.options["timeBudget"], "0.01")
    }

    func testFilterAndSizesSelect() throws {
        var options = tiny
        options.filter = "^empty/"
        options.sizes = [2, 300]
        let cases = try BenchmarkRunner.selectedCases(makeSuite(), options: options)
        XCTAssertEqual(cases.map { "\($0.registration.id)#\($0.size)" }, ["empty/loop#2"])
        options.filter = "("
        XCTAssertThrowsError(try BenchmarkRunner.selectedCases(makeSuite(), options: options))
    }

    func testWithoutAllocationCountingTheFigureIsUnmeasured() throws {
        var options = tiny
        options.countAllocations = false
        options.filter = "alloc"
        let result = try BenchmarkRunner.run(makeSuite(), options: options) { _ in }
        XCTAssertEqual(result.rows.count, 1)
        XCTAssertNil(result.rows[0].mallocsPerIteration)
    }

    func testIdsAreListedInRegistrationOrder() {
        XCTAssertEqual(makeSuite().benchmarkIDs.map(\.description), ["empty/loop", "alloc/box", "wrong/answer"])
    }

    /// Samples are taken in rounds: after preparation, the two cases alternate instead of running one after the other.
    func testSamplingInterleavesTheCasesRoundByRound() throws {
        final class Log { var entries: [String] = [] }
        let log = Log()
        let suite = BenchmarkSuite()
        for name in ["a", "b"] {
            suite.register(BenchmarkID(family: "order", strategy: name), unit: .nsPerCall, sizes: [1]) { size in
                PreparedBenchmark(items: size) { iterations in
                    log.entries.append(name)
                    for index in 0..<iterations { blackHole(index) }
                }
            }
        }
        var options = RunOptions(timeBudget: 0.01, warmup: 0, targetSamples: 6, minimumSamples: 6, countAllocations: false)
        options.sizes = [1]
        var preparedCount = 0
        let result = try BenchmarkRunner.run(suite, options: options) { line in
            if line.contains(" prepared ") { preparedCount = log.entries.count }
        }
        XCTAssertEqual(result.rows.map(\.sampleCount), [6, 6])
        // After both preparations, each sample is a (re-warm, timed) pair of calls: a a b b a a b b ...
        let sampling = Array(log.entries[preparedCount...].prefix(24))
        let expected = (0..<6).flatMap { _ in ["a", "a", "b", "b"] }
        XCTAssertEqual(sampling, expected)
    }
}
