import BenchKit
import Testing

@Suite struct StatisticsTests {
    @Test func oddCountAgainstHandComputedValues() {
        let statistics = SampleStatistics([5, 1, 3, 2, 4])
        #expect(statistics.count == 5)
        #expect(statistics.min == 1)
        #expect(statistics.max == 5)
        #expect(statistics.median == 3)
        // rank (5 - 1) * 0.9 = 3.6: 4 + 0.6 * (5 - 4)
        #expect(abs((statistics.p90) - (4.6)) <= 1e-12)
        #expect(abs((statistics.p99) - (4.96)) <= 1e-12)
        // |x - 3| = 2, 1, 0, 1, 2 -> median 1
        #expect(statistics.mad == 1)
        // variance (4 + 1 + 0 + 1 + 4) / 4 = 2.5; sd / mean = sqrt(2.5) / 3
        #expect(abs((statistics.cv) - (2.5.squareRoot() / 3)) <= 1e-12)
    }

    @Test func evenCountInterpolatesTheMiddle() {
        let statistics = SampleStatistics([10, 40, 20, 30])
        #expect(statistics.median == 25)
        // rank 3 * 0.9 = 2.7: 30 + 0.7 * 10
        #expect(abs((statistics.p90) - (37)) <= 1e-12)
        // |x - 25| = 15, 15, 5, 5 -> median of 5, 5, 15, 15 = 10
        #expect(statistics.mad == 10)
        #expect(statistics.mean == 25)
        #expect(abs((statistics.cv) - ((500.0 / 3).squareRoot() / 25)) <= 1e-12)
    }

    @Test func singleSampleHasNoSpread() {
        let statistics = SampleStatistics([7])
        #expect(statistics.median == 7)
        #expect(statistics.p90 == 7)
        #expect(statistics.p99 == 7)
        #expect(statistics.mad == 0)
        #expect(statistics.cv == 0)
    }

    @Test func percentileEndpoints() {
        let sorted: [Double] = [1, 2, 4, 8]
        #expect(SampleStatistics.percentile(0, ofSorted: sorted) == 1)
        #expect(SampleStatistics.percentile(100, ofSorted: sorted) == 8)
        // rank 3 * 0.25 = 0.75: 1 + 0.75 * (2 - 1)
        #expect(abs((SampleStatistics.percentile(25, ofSorted: sorted)) - (1.75)) <= 1e-12)
        #expect(SampleStatistics.median([3, 1, 2]) == 2)
    }
}

@Suite struct MedianIntervalTests {
    /// n = 100: ranks floor(50 − 9.8) = 40 and ceil(1 + 50 + 9.8) = 61 of 1...100.
    @Test func ranksFollowTheBinomial() {
        let interval = SampleStatistics.medianInterval((1...100).map(Double.init).shuffled())
        #expect(interval?.low == 40 && interval?.high == 61)
        #expect(SampleStatistics.medianInterval([1, 2, 3, 4, 5]) == nil)
        let six = SampleStatistics.medianInterval([6, 5, 4, 3, 2, 1])
        #expect(six?.low == 1 && six?.high == 6)
    }
}
