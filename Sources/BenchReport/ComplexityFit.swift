#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import BenchKit

/// One measured cost at one size.
public struct ComplexityPoint: Sendable, Equatable {
    public var size: Double
    public var cost: Double

    public init(size: Double, cost: Double) {
        self.size = size
        self.cost = cost
    }
}

/// The least-squares fit of one class, `cost ≈ intercept + slope·f(n)`.
///
/// Residuals are relative (`(cost − fitted) / cost`, i.e. weights `1/cost²`) because timing noise is
/// multiplicative: every size counts the same, not only the largest.
public struct ClassFit: Sendable, Equatable {
    public let complexity: ComplexityClass
    public let intercept: Double
    public let slope: Double
    /// False when the best slope is not positive (the data does not grow like this class) or the
    /// sizes cannot separate it; such a fit is reported but never chosen.
    public let isViable: Bool
    /// Root mean square of the relative residuals (0.05 = fitted within about 5%).
    public let relativeRMSE: Double
    /// `1 − SSE/SSE(constant)` on relative residuals: how much of the variation the growth term explains.
    public let rSquared: Double
    /// Fitted cost at the largest size over fitted cost at the smallest, minus 1 (0.25 = grows 25%).
    public let growth: Double

    /// The fitted cost at size `n`.
    ///
    /// - Complexity: O(1).
    public func predicted(at n: Double) -> Double { intercept + slope * complexity.growthTerm(n) }
}

/// When a more complex class is preferred over a simpler one.
///
/// The classes are walked from `O(1)` upwards, keeping a current choice (starting at `O(1)`). A more
/// complex class replaces the current choice only when all hold:
/// 1. its fit is viable (slope > 0, intercept ≥ 0 after constraining),
/// 2. its fitted growth across the measured sizes, `fitted(n_max)/fitted(n_min) − 1`, exceeds
///    `minimumGrowth` (default 0.25): a cost that rises less than 25% over the range is flat,
/// 3. its relative RMSE is smaller than the current choice's by more than `errorReductionFactor`
///    (default 1.5): a slightly better fit is noise, not a class.
/// Tuned on simulated series at sizes 3…10 000: with ±5% uniform noise every class is recovered,
/// a flat series with ±10% noise stays `O(1)`.
public struct ParsimonyRule: Sendable, Equatable {
    public var errorReductionFactor: Double
    public var minimumGrowth: Double

    public init(errorReductionFactor: Double = 1.5, minimumGrowth: Double = 0.25) {
        precondition(errorReductionFactor >= 1, "errorReductionFactor must be at least 1")
        precondition(minimumGrowth >= 0, "minimumGrowth must not be negative")
        self.errorReductionFactor = errorReductionFactor
        self.minimumGrowth = minimumGrowth
    }

    public static let standard = ParsimonyRule()
}

/// The complexity class a cost series follows across sizes, chosen with a parsimony rule.
///
///     let fit = ComplexityFit(points: sizes.map { ComplexityPoint(size: $0, cost: 20 + 2 * $0) })
///     fit.best          // .linear
///     fit.logLogSlope   // ≈ 1 at large sizes
///
/// Points whose size or cost is not positive and finite are ignored.
/// - Complexity: O(p) in the number of points.
public struct ComplexityFit: Sendable, Equatable {
    /// The chosen class (see `ParsimonyRule`); `.constant` when there are too few points to tell.
    public let best: ComplexityClass
    /// One fit per class, in class order.
    public let fits: [ClassFit]
    /// Least-squares slope of `log cost` against `log size`: about 0 flat, 1 linear, 2 quadratic;
    /// nil with fewer than two distinct sizes.
    public let logLogSlope: Double?
    /// The points the fit used (positive and finite).
    public let pointCount: Int
    /// Their sizes, in the order given.
    public let sizes: [Double]

    /// The fit of the chosen class.
    public var bestFit: ClassFit { fits[best.rawValue] }

    /// The fewest sizes a statement beyond the measured ones rests on (`supportsExtrapolation`): three points fit a
    /// growing class exactly as often as noise lets them, and say nothing about the next decade.
    public static let minimumPointsToExtrapolate = 4
    /// The largest relative RMSE of the chosen class's fit that a statement beyond the measured sizes rests on: past
    /// it the class does not explain the sizes it fits (timing noise alone stays under 0.1).
    public static let maximumErrorToExtrapolate = 0.2

    /// Whether the fit may be carried past the measured sizes (a capacity, a crossing, "flat: no limit in sight"): at
    /// least `minimumPointsToExtrapolate` sizes, and the chosen class within `maximumErrorToExtrapolate` of them.
    /// Otherwise a report says "not enough sizes".
    public var supportsExtrapolation: Bool {
        Set(sizes).count >= Self.minimumPointsToExtrapolate && bestFit.relativeRMSE <= Self.maximumErrorToExtrapolate
    }

    public init(points: [ComplexityPoint], rule: ParsimonyRule = .standard) {
        let usable = points.filter { $0.size.isFinite && $0.cost.isFinite && $0.size > 0 && $0.cost > 0 }
        pointCount = usable.count
        sizes = usable.map(\.size)
        let constant = Self.fitConstant(usable)
        var fits = [constant]
        for complexity in ComplexityClass.allCases.dropFirst() {
            fits.append(Self.fitGrowing(complexity, usable, constantError: constant.relativeRMSE))
        }
        var best = constant
        for candidate in fits.dropFirst()
        where candidate.isViable && candidate.growth > rule.minimumGrowth
            && candidate.relativeRMSE * rule.errorReductionFactor < best.relativeRMSE {
            best = candidate
        }
        self.best = best.complexity
        self.fits = fits
        logLogSlope = Self.logLogSlope(usable)
    }

    /// Fits rows of one benchmark across sizes: by default the median against the size.
    public init(
        rows: [ResultRow],
        size: (ResultRow) -> Int = { $0.size },
        cost: (ResultRow) -> Double = { $0.median },
        rule: ParsimonyRule = .standard
    ) {
        self.init(points: rows.map { ComplexityPoint(size: Double(size($0)), cost: cost($0)) }, rule: rule)
    }

    /// The best constant in relative terms: minimises Σ((y − a)/y)², so a = Σ(1/y) / Σ(1/y²).
    private static func fitConstant(_ points: [ComplexityPoint]) -> ClassFit {
        guard !points.isEmpty else {
            return ClassFit(complexity: .constant, intercept: 0, slope: 0, isViable: true,
                            relativeRMSE: 0, rSquared: 0, growth: 0)
        }
        var sumInverse = 0.0
        var sumInverseSquared = 0.0
        for point in points {
            sumInverse += 1 / point.cost
            sumInverseSquared += 1 / (point.cost * point.cost)
        }
        let level = sumInverse / sumInverseSquared
        return ClassFit(complexity: .constant, intercept: level, slope: 0, isViable: true,
                        relativeRMSE: relativeRMSE(points, .constant, level, 0), rSquared: 0, growth: 0)
    }

    /// Weighted least squares of `a + b·f(n)` with a ≥ 0 (refit through the origin) and b > 0 (else not viable).
    private static func fitGrowing(_ complexity: ComplexityClass, _ points: [ComplexityPoint],
                                   constantError: Double) -> ClassFit {
        var sw = 0.0, sf = 0.0, sy = 0.0, sff = 0.0, sfy = 0.0
        for point in points {
            let w = 1 / (point.cost * point.cost)
            let f = complexity.growthTerm(point.size)
            sw += w; sf += w * f; sy += w * point.cost; sff += w * f * f; sfy += w * f * point.cost
        }
        let determinant = sw * sff - sf * sf
        guard points.count >= 2, determinant > 1e-12 * sw * sff else {
            return ClassFit(complexity: complexity, intercept: 0, slope: 0, isViable: false,
                            relativeRMSE: constantError, rSquared: 0, growth: 0)
        }
        var slope = (sw * sfy - sf * sy) / determinant
        var intercept = (sy - slope * sf) / sw
        if slope > 0, intercept < 0 {
            // A negative fixed cost is meaningless; the constrained optimum then lies on a = 0.
            intercept = 0
            slope = sfy / sff
        }
        let error = relativeRMSE(points, complexity, intercept, slope)
        let sizes = points.map(\.size)
        let low = intercept + slope * complexity.growthTerm(sizes.min()!)
        let high = intercept + slope * complexity.growthTerm(sizes.max()!)
        let growth = low > 0 ? high / low - 1 : (high > 0 ? Double.infinity : 0)
        let rSquared = constantError > 0 ? 1 - (error * error) / (constantError * constantError) : 0
        return ClassFit(complexity: complexity, intercept: intercept, slope: slope, isViable: slope > 0,
                        relativeRMSE: error, rSquared: rSquared, growth: growth)
    }

    private static func relativeRMSE(_ points: [ComplexityPoint], _ complexity: ComplexityClass,
                                     _ intercept: Double, _ slope: Double) -> Double {
        guard !points.isEmpty else { return 0 }
        var sum = 0.0
        for point in points {
            let residual = (point.cost - intercept - slope * complexity.growthTerm(point.size)) / point.cost
            sum += residual * residual
        }
        return (sum / Double(points.count)).squareRoot()
    }

    private static func logLogSlope(_ points: [ComplexityPoint]) -> Double? {
        let xs = points.map { log($0.size) }
        let ys = points.map { log($0.cost) }
        guard points.count >= 2 else { return nil }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        var sxx = 0.0, sxy = 0.0
        for (x, y) in zip(xs, ys) {
            sxx += (x - meanX) * (x - meanX)
            sxy += (x - meanX) * (y - meanY)
        }
        return sxx > 1e-12 ? sxy / sxx : nil
    }
}
