import Determinism
import BenchKit
import Foundation
import Testing

/// Synthetic series: levels times `1 + cv * z`, `z` standard normal (Box-Muller on a seeded `SeededGenerator`).
struct SyntheticSeries {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func gaussian() -> Double {
        let u1 = (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992
        let u2 = Double(generator.next() >> 11) / 9_007_199_254_740_992
        return (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)
    }

    mutating func noisy(_ levels: [Double], cv: Double = 0.02) -> [Double] {
        levels.map { $0 * (1 + cv * gaussian()) }
    }

    /// `before` points at 100, then `after` points at `100 * (1 + step)`.
    static func step(seed: UInt64, before: Int = 30, after: Int = 30, step: Double = 0.05) -> [Double] {
        var series = SyntheticSeries(seed: seed)
        return series.noisy(Array(repeating: 100, count: before) + Array(repeating: 100 * (1 + step), count: after))
    }

    /// `flat` points at 100, `ramp` points each 1% above the one before, then `plateau` points at the top.
    static func creep(seed: UInt64, flat: Int = 30, ramp: Int = 20, plateau: Int = 10, perPoint: Double = 0.01) -> [Double] {
        var series = SyntheticSeries(seed: seed)
        let rising = (1...ramp).map { 100 * Foundation.pow(1 + perPoint, Double($0)) }
        return series.noisy(Array(repeating: 100, count: flat) + rising + Array(repeating: rising.last!, count: plateau))
    }
}

/// The seeds of the statistical tests, and how many of them must pass.
private let seeds: [UInt64] = Array(1...100)
private let required = 95

@Suite struct ChangePointTests {
    /// The O(n^2) definition of Q, to check the O(n log n) scan against.
    static func bruteForceQ(_ x: [Double], split t: Int) -> Double {
        let n = x.count
        var within = (left: 0.0, right: 0.0)
        var cross = 0.0
        for i in 0..<n {
            for j in (i + 1)..<n {
                let distance = abs(x[i] - x[j])
                if j < t { within.left += distance } else if i >= t { within.right += distance } else { cross += distance }
            }
        }
        let l = Double(t)
        let r = Double(n - t)
        return l * r / Double(n) * (2 * cross / (l * r) - within.left / (l * (l - 1) / 2) - within.right / (r * (r - 1) / 2))
    }

    @Test func scanMatchesTheDefinition() throws {
        for seed in [UInt64(7), 8, 9] {
            var series = SyntheticSeries(seed: seed)
            // Ties included: rounded values repeat.
            let values = series.noisy(Array(repeating: 100, count: 17) + Array(repeating: 104, count: 13)).map { $0.rounded() }
            let split = try #require(EDivisive.bestSplit(values, minimumSegment: 3))
            let expected = (3...(values.count - 3)).map { (index: $0, q: Self.bruteForceQ(values, split: $0)) }
                .max { $0.q < $1.q }!
            #expect(split.index == expected.index)
            #expect(abs(split.statistic - expected.q) <= 1e-9 * abs(expected.q))
        }
    }

    @Test func aCleanStepIsFoundExactlyWithItsMeansAndConfidence() throws {
        let series = Array(repeating: 10.0, count: 12) + Array(repeating: 11.0, count: 8)
        let points = EDivisive.changePoints(series)
        let point = try #require(points.first)
        #expect(points.count == 1)
        #expect(point.index == 12)
        #expect(point.meanBefore == 10 && point.meanAfter == 11)
        #expect(abs(point.relativeStep - 0.1) < 1e-12)
        #expect(point.pValue == 1.0 / 200 && point.confidence == 0.995)
    }

    @Test func constantAndShortSeriesHaveNoChangePoints() {
        #expect(EDivisive.changePoints(Array(repeating: 5, count: 40)).isEmpty)
        #expect(EDivisive.changePoints([1, 2, 3, 100, 100]).isEmpty)
        #expect(EDivisive.changePoints([]).isEmpty)
    }

    @Test func resultsAreDeterministicAndTheSeedIsAParameter() {
        let series = SyntheticSeries.step(seed: 42, step: 0.02)
        #expect(EDivisive.analyze(series) == EDivisive.analyze(series))
        let other = ChangePointOptions(seed: 99)
        #expect(EDivisive.analyze(series, options: other) == EDivisive.analyze(series, options: other))
    }

    @Test func findsSeveralStepsInBothDirections() {
        var series = SyntheticSeries(seed: 3)
        let levels = Array(repeating: 100.0, count: 25) + Array(repeating: 110, count: 25) + Array(repeating: 95, count: 25)
        let points = EDivisive.changePoints(series.noisy(levels, cv: 0.01))
        #expect(points.map(\.index) == [25, 50])
        #expect(points.map { $0.relativeStep > 0 } == [true, false])
    }

    /// A 5% step in 2% noise is 2.5 standard deviations: near the step single points are often closer to the
    /// other level, and no estimator can place it exactly every time. Simulated, even the least-squares
    /// (maximum-likelihood) position lands exactly in about 75% of series, within 1 in about 93%, within 2 in
    /// about 97%; E-divisive does the same. So this test counts the step found within 2 points of index 30,
    /// and prints the exact and within-1 counts too. The next test shows the exact index when noise allows it.
    @Test func fivePercentStepInTwoPercentNoiseIsFoundAtItsIndex() {
        var exact = 0
        var withinOne = 0
        var withinTwo = 0
        var alone = 0
        var creeps = 0
        for seed in seeds {
            let analysis = EDivisive.analyze(SyntheticSeries.step(seed: seed))
            let indices = analysis.changePoints.map(\.index)
            if indices.contains(30) { exact += 1 }
            if indices.contains(where: { abs($0 - 30) <= 1 }) { withinOne += 1 }
            if indices.contains(where: { abs($0 - 30) <= 2 }) { withinTwo += 1 }
            if indices.count == 1 { alone += 1 }
            if !analysis.creeps.isEmpty { creeps += 1 }
        }
        print("5% step in 2% CV noise (30 + 30 points): found at index 30 in \(exact)/100 seeds, within 1 in "
            + "\(withinOne)/100, within 2 in \(withinTwo)/100; the only change point in \(alone)/100; "
            + "misread as a creep in \(creeps)/100")
        #expect(withinTwo >= required)
        #expect(alone >= required)
        #expect(creeps <= 100 - required)
    }

    @Test func fivePercentStepInOnePercentNoiseIsFoundAtItsExactIndex() {
        var exact = 0
        for seed in seeds {
            var series = SyntheticSeries(seed: seed)
            let values = series.noisy(Array(repeating: 100, count: 30) + Array(repeating: 105, count: 30), cv: 0.01)
            if EDivisive.changePoints(values).map(\.index) == [30] { exact += 1 }
        }
        print("5% step in 1% CV noise (30 + 30 points): found exactly at index 30 (and nowhere else) in \(exact)/100 seeds")
        #expect(exact >= required)
    }

    @Test func pureNoiseHasNoChangePoint() {
        var clean = 0
        for seed in seeds {
            var series = SyntheticSeries(seed: seed)
            let analysis = EDivisive.analyze(series.noisy(Array(repeating: 100, count: 60)))
            if analysis.changePoints.isEmpty && analysis.creeps.isEmpty { clean += 1 }
        }
        print("pure noise (60 points, 2% CV): no change point in \(clean)/100 seeds")
        #expect(clean >= required)
    }

    /// 30 flat points at 100, then 20 points each 1% above the one before (indices 30..<50, +22% in all, a
    /// fitted line of 1.1% of the old level per point), then `plateau` points at the top; 2% noise.
    /// E-divisive cuts the ramp into steps; the creep analysis reports it as one `Creep`.
    @Test(arguments: [10, 0])
    func aCreepOfOnePercentPerCommitIsReported(plateau: Int) {
        var steps = 0
        var reported = 0
        var accurate = 0
        for seed in seeds {
            let series = SyntheticSeries.creep(seed: seed, plateau: plateau)
            let analysis = EDivisive.analyze(series)
            if analysis.changePoints.contains(where: { (30..<50).contains($0.index) && $0.relativeStep > 0 }) { steps += 1 }
            guard let creep = analysis.creeps.first else { continue }
            reported += 1
            if abs(creep.start - 30) <= 3, abs(creep.end - 50) <= 3, (0.008...0.014).contains(creep.relativeSlope),
               (0.17...0.27).contains(creep.relativeTotal) {
                accurate += 1
            }
        }
        print("creep of 1%/commit over 20 commits (30 flat, 20 rising, \(plateau) flat, 2% CV): rising change points "
            + "in \(steps)/100 seeds, reported as a creep in \(reported)/100, with start and end within 3 points, "
            + "slope 0.8-1.4%/point and total 17-27% in \(accurate)/100")
        #expect(steps >= required)
        #expect(reported >= required)
        #expect(accurate >= 80)
    }

    @Test func twoDistantStepsAreNotACreep() {
        var series = SyntheticSeries(seed: 5)
        let levels = Array(repeating: 100.0, count: 20) + Array(repeating: 106, count: 20) + Array(repeating: 112, count: 20)
        let analysis = EDivisive.analyze(series.noisy(levels, cv: 0.01))
        #expect(analysis.changePoints.map(\.index) == [20, 40])
        #expect(analysis.creeps.isEmpty)
    }

    @Test func aNoiseFreeRampIsOneCreepWithItsSlope() throws {
        let series = Array(repeating: 200.0, count: 15) + (1...12).map { 200 + 4 * Double($0) } + Array(repeating: 248, count: 15)
        let analysis = EDivisive.analyze(series)
        let creep = try #require(analysis.creeps.first)
        #expect(analysis.creeps.count == 1)
        #expect(creep.start == 15 && creep.end == 27 && creep.length == 12)
        #expect(abs(creep.level - 200) < 1e-9)
        #expect(abs(creep.relativeSlope - 0.02) < 1e-12)
        #expect(abs(creep.relativeTotal - 0.24) < 1e-12)
        #expect(creep.changePointIndices == analysis.changePoints.map(\.index))
    }
}
