import BenchKit
import XCTest

final class StatisticsTests: XCTestCase {
    func testOddCountAgainstHandComputedValues() {
        let statistics = SampleStatistics([5, 1, 3, 2, 4])
        XCTAssertEqual(statistics.count, 5)
        XCTAssertEqual(statistics.min, 1)
        XCTAssertEqual(statistics.max, 5)
        XCTAssertEqual(statistics.median, 3)
        // rank (5 - 1) * 0.9 = 3.6: 4 + 0.6 * (5 - 4)
        XCTAssertEqual(statistics.p90, 4.6, accuracy: 1e-12)
        XCTAssertEqual(statistics.p99, 4.96, accuracy: 1e-12)
        // |x - 3| = 2, 1, 0, 1, 2 -> median 1
        XCTAssertEqual(statistics.mad, 1)
        // variance (4 + 1 + 0 + 1 + 4) / 4 = 2.5; sd / mean = sqrt(2.5) / 3
        XCTAssertEqual(statistics.cv, 2.5.squareRoot() / 3, accuracy: 1e-12)
    }

    func testEvenCountInterpolatesTheMiddle() {
        let statistics = SampleStatistics([10, 40, 20, 30])
        XCTAssertEqual(statistics.median, 25)
        // rank 3 * 0.9 = 2.7: 30 + 0.7 * 10
        XCTAssertEqual(statistics.p90, 37, accuracy: 1e-12)
        // |x - 25| = 15, 15, 5, 5 -> median of 5, 5, 15, 15 = 10
        XCTAssertEqual(statistics.mad, 10)
        XCTAssertEqual(statistics.mean, 25)
        XCTAssertEqual(statistics.cv, (500.0 / 3).squareRoot() / 25, accuracy: 1e-12)
    }

    func testSingleSampleHasNoSpread() {
        let statistics = SampleStatistics([7])
        XCTAssertEqual(statistics.median, 7)
        XCTAssertEqual(statistics.p90, 7)
        XCTAssertEqual(statistics.p99, 7)
        XCTAssertEqual(statistics.mad, 0)
        XCTAssertEqual(statistics.cv, 0)
    }

    func testPercentileEndpoints() {
        let sorted: [Double] = [1, 2, 4, 8]
        XCTAssertEqual(SampleStatistics.percentile(0, ofSorted: sorted), 1)
        XCTAssertEqual(SampleStatistics.percentile(100, ofSorted: sorted), 8)
        // rank 3 * 0.25 = 0.75: 1 + 0.75 * (2 - 1)
        XCTAssertEqual(SampleStatistics.percentile(25, ofSorted: sorted), 1.75, accuracy: 1e-12)
        XCTAssertEqual(SampleStatistics.median([3, 1, 2]), 2)
    }
}
