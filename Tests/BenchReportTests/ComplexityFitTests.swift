import Determinism
import BenchKit
import Foundation
import Testing
import BenchReport

let suiteSizes: [Double] = [3, 10, 30, 100, 300, 1000, 3000, 10000]

/// `model` at the suite sizes, each cost multiplied by a uniform factor in `1 ± noise`.
func series(_ model: (Double) -> Double, noise: Double, seed: UInt64) -> [ComplexityPoint] {
    var generator = SeededGenerator(seed: seed)
    return suiteSizes.map { n in
        ComplexityPoint(size: n, cost: model(n) * (1 + Double.random(in: -noise...noise, using: &generator)))
    }
}

@Suite struct ComplexityFitTests {
    static let models: [(ComplexityClass, @Sendable (Double) -> Double)] = [
        (.constant, { _ in 50 }),
        (.logarithmic, { 10 + 20 * log2($0) }),
        (.linear, { 10 + 2 * $0 }),
        (.linearithmic, { 10 + 0.5 * $0 * log2($0) }),
        (.quadratic, { 10 + 0.01 * $0 * $0 }),
        (.logarithmic, { 200 + 10 * log2($0) }),
        (.linear, { 1000 + $0 }),
        (.linearithmic, { 500 + 0.2 * $0 * log2($0) }),
    ]

    /// With 2% noise every class is recovered from every seed; with 5% noise (8 points, uniform noise) a linear
    /// series can occasionally read as n log n, so at most one seed in twenty may miss per model.
    @Test func everyClassIsRecoveredWithNoise() {
        for (expected, model) in Self.models {
            var missed: [String] = []
            for seed in UInt64(1)...20 {
                let quiet = ComplexityFit(points: series(model, noise: 0.02, seed: seed))
                #expect(quiet.best == expected, "2% noise, seed \(seed): \(quiet.best) instead of \(expected)")
                let fit = ComplexityFit(points: series(model, noise: 0.05, seed: seed))
                if fit.best != expected { missed.append("seed \(seed): \(fit.best)") }
            }
            #expect(missed.count <= 1, "5% noise, \(expected): \(missed)")
        }
    }

    @Test func exactDataRecoversTheCoefficients() {
        let fit = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 20 + 3 * $0) })
        #expect(fit.best == .linear)
        #expect(abs(fit.bestFit.intercept - 20) < 1e-6)
        #expect(abs(fit.bestFit.slope - 3) < 1e-9)
        #expect(fit.bestFit.relativeRMSE < 1e-9)
        #expect(fit.bestFit.rSquared > 0.999_999)
        #expect(fit.fits.map(\.complexity) == ComplexityClass.allCases)
    }

    @Test func flatSeriesWithTenPercentNoiseIsConstant() {
        for seed in UInt64(1)...50 {
            let fit = ComplexityFit(points: series({ _ in 120 }, noise: 0.10, seed: seed))
            #expect(fit.best == .constant, "seed \(seed): \(fit.best)")
            #expect(abs(fit.bestFit.intercept - 120) < 12)
        }
    }

    @Test func withoutParsimonyNoiseWouldLookLikeGrowth() {
        let greedy = ParsimonyRule(errorReductionFactor: 1, minimumGrowth: 0)
        let misread = (UInt64(1)...50).filter { seed in
            ComplexityFit(points: series({ _ in 120 }, noise: 0.10, seed: seed), rule: greedy).best != .constant
        }
        #expect(misread.count > 10)
    }

    /// 20 + b·n over 3…10 000 grows by b·9 997 / (20 + 3b): 25% at b ≈ 0.0005.
    @Test func smallLinearGrowthIsConstantBelowTheGrowthThreshold() {
        let below = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 20 + 0.0004 * $0) })
        #expect(below.best == .constant)
        #expect(below.fits[ComplexityClass.linear.rawValue].growth < 0.25)
        let above = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 20 + 0.0006 * $0) })
        #expect(above.best == .linear)
        #expect(above.bestFit.growth > 0.25)
    }

    @Test func twentyPlusAThousandthOfNIsLinearBecauseItGrowsFiftyPercent() {
        for seed in UInt64(1)...20 {
            let fit = ComplexityFit(points: series({ 20 + 0.001 * $0 }, noise: 0.05, seed: seed))
            #expect(fit.best == .linear, "seed \(seed): \(fit.best)")
        }
        // The same slope on a larger fixed cost grows only 10%: flat for every practical purpose.
        let diluted = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 100 + 0.001 * $0) })
        #expect(diluted.best == .constant)
    }

    @Test func aLooserRuleAcceptsSmallerGrowth() {
        let points = suiteSizes.map { ComplexityPoint(size: $0, cost: 100 + 0.001 * $0) }
        let fit = ComplexityFit(points: points, rule: ParsimonyRule(errorReductionFactor: 1.5, minimumGrowth: 0.05))
        #expect(fit.best == .linear)
    }

    @Test func decreasingSeriesHasNoViableGrowingClass() {
        let fit = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 1000 - 5 * log2($0)) })
        #expect(fit.best == .constant)
        #expect(fit.fits.dropFirst().allSatisfy { !$0.isViable })
    }

    @Test func negativeInterceptIsConstrainedToZero() {
        // n log n data fitted as linear wants a negative intercept.
        let fit = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: $0 * log2($0)) })
        let linear = fit.fits[ComplexityClass.linear.rawValue]
        #expect(linear.intercept == 0)
        #expect(linear.slope > 0)
        #expect(fit.best == .linearithmic)
    }

    @Test func logLogSlopeReadsThePower() throws {
        let linear = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 7 * $0) })
        #expect(abs(try #require(linear.logLogSlope) - 1) < 1e-9)
        let quadratic = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: $0 * $0) })
        #expect(abs(try #require(quadratic.logLogSlope) - 2) < 1e-9)
        let flat = ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: 9) })
        #expect(abs(try #require(flat.logLogSlope)) < 1e-9)
    }

    @Test func degenerateInputsAreConstant() {
        #expect(ComplexityFit(points: []).best == .constant)
        #expect(ComplexityFit(points: []).logLogSlope == nil)
        let single = ComplexityFit(points: [ComplexityPoint(size: 100, cost: 42)])
        #expect(single.best == .constant)
        #expect(single.bestFit.intercept == 42)
        #expect(single.logLogSlope == nil)
        let unusable = ComplexityFit(points: [ComplexityPoint(size: 0, cost: 5), ComplexityPoint(size: 10, cost: -1),
                                              ComplexityPoint(size: 10, cost: .nan)])
        #expect(unusable.pointCount == 0)
    }

    @Test func fitsResultRowsBySizeAndMedian() {
        let id = BenchmarkID(family: "lookup", strategy: "binary")
        let rows = suiteSizes.map { n in
            ResultRow(benchmark: id, size: Int(n), items: 3 * Int(n), unit: .nanosecondsPerCall, samples: [],
                      sampleCount: 10, iterationsPerSample: 100, min: 1, median: 15 + 4 * log2(n), p90: 1,
                      mad: 0, mallocsPerIteration: nil, instructionsPerIteration: nil)
        }
        #expect(ComplexityFit(rows: rows).best == .logarithmic)
        #expect(ComplexityFit(rows: rows, size: \.items).best == .logarithmic)
        #expect(ComplexityFit(rows: rows, cost: { $0.min }).best == .constant)
    }

    /// A statement past the measured sizes needs 4 sizes or more and a fit within 20% of them.
    @Test func extrapolationNeedsFourSizesAndAGoodFit() {
        let linear = { (n: Double) in 10 + 2 * n }
        #expect(ComplexityFit(points: suiteSizes.map { ComplexityPoint(size: $0, cost: linear($0)) }).supportsExtrapolation)
        let three = [3.0, 300, 3_000].map { ComplexityPoint(size: $0, cost: linear($0)) }
        #expect(!ComplexityFit(points: three).supportsExtrapolation, "three sizes fit any class")
        // The same size measured twice is one size.
        let repeated = [3.0, 3, 300, 3_000].map { ComplexityPoint(size: $0, cost: linear($0)) }
        #expect(!ComplexityFit(points: repeated).supportsExtrapolation)
        // Costs that alternate by 10x around a flat level: no class explains them.
        let zigzag = suiteSizes.enumerated().map { ComplexityPoint(size: $1, cost: $0 % 2 == 0 ? 100 : 1_000) }
        let fit = ComplexityFit(points: zigzag)
        #expect(fit.bestFit.relativeRMSE > ComplexityFit.maximumErrorToExtrapolate)
        #expect(!fit.supportsExtrapolation)
    }
}
