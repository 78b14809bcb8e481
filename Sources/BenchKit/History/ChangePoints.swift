import Determinism
import Foundation

/// Change-point detection on a series of measurements (one value per commit, oldest first).
///
/// The method is E-divisive means (Matteson & James, "A Nonparametric Approach for Multiple Change Point
/// Analysis of Multivariate Data", JASA 2014), as MongoDB's signal processing, Hunter and Apache Otava use
/// it, with exponent alpha = 1 (absolute differences):
///
/// - For a segment `x[0..<n]` and a split `t` (left `x[0..<t]`, right `x[t..<n]`, sizes `l` and `r`), with
///   `C` the sum of `|x[i] - x[j]|` over the `l * r` cross pairs and `A`, `B` the sums over the pairs inside
///   the left and the right part:
///   `Q(t) = l * r / n * (2 * C / (l * r) - A / (l * (l - 1) / 2) - B / (r * (r - 1) / 2))`.
///   The candidate is the `t` of the largest `Q`, with both parts at least `minimumSegment` long.
/// - Significance: a permutation test. The segment's values are shuffled `permutations` times (seeded
///   `SeededGenerator`, Fisher-Yates); the p-value is `(1 + k) / (permutations + 1)`, `k` the shuffles whose largest
///   `Q` reaches the observed one. The split is kept when `p <= alpha`.
/// - Recursion (binary segmentation): a kept split bisects the segment, and each side is tested on its own
///   (its own seeded shuffles, seeded from `seed` and the segment's bounds, so the result does not depend on
///   the order segments are visited). A segment stops when its p-value exceeds `alpha` or it is shorter than
///   `2 * minimumSegment`.
///
/// The cheaper variant: `Q` for every split of a segment is computed in one pass in O(n log n) (Fenwick
/// trees over the values' ranks give each point's distance sum to the points before it) instead of the
/// O(n^2) distance matrix; the statistic is exactly the same. A permutation test stops as soon as `k` is
/// large enough that `p` must exceed `alpha`: the decision is the same as with every shuffle, only the
/// p-values of rejected splits are not computed exactly (they are never reported).
///
/// **Slow creep.** A linear ramp has no single step; E-divisive cuts it into a staircase of change points.
/// After detection, each run of consecutive same-direction change points (one or more) is compared with a
/// ramp: the best continuous flat-ramp-flat line (`level` before index `start`, rising by `slope` per point
/// over at least `minimumCreepLength` points up to `end`, flat after) is fitted by least squares over the
/// segments around the run (from the change point before the run to the one after it). It is compared with
/// the least-squares staircase with as many steps (the means between the steps, each step moved to where it
/// fits best) by the Bayesian information criterion `w ln(RSS / w) + p ln(w)` over the `w` points, with
/// `p = 4` for the ramp and `2k + 1` for `k` steps. When the ramp wins, the run is reported as a `Creep` (its
/// slope per point and total) besides the change points themselves. The longest such run from each change
/// point wins. On a 5% step in 2% noise a ramp is preferred in about 1% of series (the tests measure it).
public enum EDivisive {
    /// Detects the change points of `series` and the creeps among them.
    /// - Complexity: O((k + 1) * permutations * n log n) for `k` change points (each level of the recursion
    ///   tests segments that together hold at most `n` points), plus O(n^2) per creep candidate for the ramp fit.
    public static func analyze(_ series: [Double], options: ChangePointOptions = ChangePointOptions()) -> ChangePointAnalysis {
        let points = changePoints(series, options: options)
        return ChangePointAnalysis(changePoints: points, creeps: creeps(series, changePoints: points, options: options))
    }

    /// The change points of `series`, in index order (no creep analysis).
    /// - Complexity: O((k + 1) * permutations * n log n) for `k` change points.
    public static func changePoints(_ series: [Double], options: ChangePointOptions = ChangePointOptions()) -> [ChangePoint] {
        options.validate()
        precondition(series.allSatisfy(\.isFinite), "change-point detection needs finite values")
        var found: [(index: Int, pValue: Double, statistic: Double)] = []
        var pending = [0..<series.count]
        while let segment = pending.popLast() {
            guard let split = significantSplit(Array(series[segment]), start: segment.lowerBound, options: options) else {
                continue
            }
            let index = segment.lowerBound + split.index
            found.append((index, split.pValue, split.statistic))
            pending.append(segment.lowerBound..<index)
            pending.append(index..<segment.upperBound)
        }
        found.sort { $0.index < $1.index }
        let bounds = [0] + found.map(\.index) + [series.count]
        return found.enumerated().map { position, point in
            let before = mean(series[bounds[position]..<bounds[position + 1]])
            let after = mean(series[bounds[position + 1]..<bounds[position + 2]])
            return ChangePoint(
                index: point.index, meanBefore: before, meanAfter: after, pValue: point.pValue, statistic: point.statistic)
        }
    }

    /// The split of `values` with the largest `Q`, or nil when no split leaves both parts `minimumSegment` long.
    /// - Complexity: O(n log n).
    public static func bestSplit(_ values: [Double], minimumSegment: Int) -> (index: Int, statistic: Double)? {
        let scan = Scan(values)
        return scan.best(order: Array(values.indices), minimum: Swift.max(2, minimumSegment))
    }

    // MARK: The test of one segment

    static func significantSplit(
        _ values: [Double], start: Int, options: ChangePointOptions
    ) -> (index: Int, pValue: Double, statistic: Double)? {
        let minimum = Swift.max(2, options.minimumSegment)
        guard values.count >= 2 * minimum else { return nil }
        let scan = Scan(values)
        var order = Array(values.indices)
        guard scan.pairTotal > 0, let observed = scan.best(order: order, minimum: minimum), observed.statistic > 0
        else { return nil }
        // p = (1 + k) / (P + 1) <= alpha  <=>  k <= alpha * (P + 1) - 1.
        let allowed = Int((options.alpha * Double(options.permutations + 1) - 1 + 1e-9).rounded(.down))
        let threshold = observed.statistic * (1 - 1e-12)
        var generator = SeededGenerator(seed: segmentSeed(options.seed, start: start, count: values.count))
        var reached = 0
        for _ in 0..<options.permutations {
            shuffle(&order, using: &generator)
            if let permuted = scan.best(order: order, minimum: minimum), permuted.statistic >= threshold {
                reached += 1
                if reached > allowed { return nil }
            }
        }
        return (observed.index, Double(1 + reached) / Double(options.permutations + 1), observed.statistic)
    }

    /// A seed per segment, so a segment's shuffles do not depend on which segments were tested before it.
    static func segmentSeed(_ seed: UInt64, start: Int, count: Int) -> UInt64 {
        StableHash.mix(StableHash.mix(StableHash.mix(StableHash.seed, seed), UInt64(start)), UInt64(count))
    }

    /// Fisher-Yates with a multiply-high bound (spelled out so shuffles stay the same across toolchains).
    static func shuffle(_ order: inout [Int], using generator: inout SeededGenerator) {
        var index = order.count - 1
        while index > 0 {
            let other = Int(UInt64(index + 1).multipliedFullWidth(by: generator.next()).high)
            order.swapAt(index, other)
            index -= 1
        }
    }

    /// The `Q` statistic of every split of one segment, for any order of its values.
    struct Scan {
        /// The values, centred on their mean (the statistic only depends on differences).
        let values: [Double]
        /// The rank of each value in ascending order (ties broken by position; equal values are 0 apart anyway).
        let rank: [Int]
        /// `sum_j |x[i] - x[j]|` for each value: the same in every order.
        let rowTotal: [Double]
        /// `sum_{i<j} |x[i] - x[j]|`.
        let pairTotal: Double

        /// - Complexity: O(n log n).
        init(_ raw: [Double]) {
            let centre = raw.isEmpty ? 0 : raw.reduce(0, +) / Double(raw.count)
            let values = raw.map { $0 - centre }
            self.values = values
            let sorted = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
            var rank = [Int](repeating: 0, count: values.count)
            for (position, index) in sorted.enumerated() { rank[index] = position }
            self.rank = rank
            let total = values.reduce(0, +)
            var below = 0.0
            var rowTotal = [Double](repeating: 0, count: values.count)
            for (position, index) in sorted.enumerated() {
                let x = values[index]
                let above = total - below - x
                rowTotal[index] = x * Double(position) - below + above - x * Double(values.count - 1 - position)
                below += x
            }
            self.rowTotal = rowTotal
            pairTotal = rowTotal.reduce(0, +) / 2
        }

        /// The split of the values in `order` with the largest `Q`, both parts at least `minimum` long.
        /// - Complexity: O(n log n).
        func best(order: [Int], minimum: Int) -> (index: Int, statistic: Double)? {
            let n = order.count
            guard n >= 2 * minimum, minimum >= 2 else { return nil }
            var counts = [Int](repeating: 0, count: n + 1)
            var sums = [Double](repeating: 0, count: n + 1)
            var within = (left: 0.0, right: pairTotal)
            var cross = 0.0
            var insertedSum = 0.0
            var best: (index: Int, statistic: Double)?
            for position in 0..<(n - minimum) {
                let element = order[position]
                let x = values[element]
                // Points before `position` below x (ranks < rank), via prefix sums of the Fenwick trees.
                var lessCount = 0
                var lessSum = 0.0
                var node = rank[element]
                while node > 0 {
                    lessCount += counts[node]
                    lessSum += sums[node]
                    node &= node - 1
                }
                let toLeft = x * Double(lessCount) - lessSum
                    + (insertedSum - lessSum) - x * Double(position - lessCount)
                let toRight = rowTotal[element] - toLeft
                within.left += toLeft
                within.right -= toRight
                cross += toRight - toLeft
                insertedSum += x
                node = rank[element] + 1
                while node <= n {
                    counts[node] += 1
                    sums[node] += x
                    node += node & -node
                }
                let l = Double(position + 1)
                let r = Double(n - position - 1)
                guard position + 1 >= minimum else { continue }
                let statistic = l * r / Double(n)
                    * (2 * cross / (l * r) - within.left / (l * (l - 1) / 2) - within.right / (r * (r - 1) / 2))
                if best == nil || statistic > best!.statistic { best = (position + 1, statistic) }
            }
            return best
        }
    }

    // MARK: Creep

    /// The creeps among `changePoints` of `series` (see the type's documentation).
    /// - Complexity: O(k * w^2) for `k` change points and windows of at most `w` points.
    public static func creeps(
        _ series: [Double], changePoints: [ChangePoint], options: ChangePointOptions = ChangePointOptions()
    ) -> [Creep] {
        var creeps: [Creep] = []
        var first = 0
        while first < changePoints.count {
            let rising = changePoints[first].meanAfter > changePoints[first].meanBefore
            var accepted: Creep?
            var last = first
            while last < changePoints.count, (changePoints[last].meanAfter > changePoints[last].meanBefore) == rising {
                let window = (first > 0 ? changePoints[first - 1].index : 0)
                    ..< (last + 1 < changePoints.count ? changePoints[last + 1].index : series.count)
                let steps = changePoints[first...last].map(\.index)
                if let ramp = bestRamp(series, in: window, minimumLength: options.minimumCreepLength),
                   ramp.slope != 0, (ramp.slope > 0) == rising,
                   rampIsBetter(ramp.residual, than: staircaseResidual(series, in: window, steps: steps),
                                steps: steps.count, points: window.count) {
                    accepted = Creep(
                        start: ramp.start, end: ramp.end, level: ramp.level, relativeSlope: ramp.slope / ramp.level,
                        changePointIndices: steps)
                }
                last += 1
            }
            if let accepted {
                creeps.append(accepted)
                first += accepted.changePointIndices.count
            } else {
                first += 1
            }
        }
        return creeps
    }

    /// Whether the ramp (4 parameters: level, slope, start, end) has a lower Bayesian information criterion
    /// `w * ln(RSS / w) + parameters * ln(w)` than a staircase of `steps` steps (`2 * steps + 1` parameters:
    /// the means and the step positions) over `points` points.
    static func rampIsBetter(_ rampResidual: Double, than stairResidual: Double, steps: Int, points: Int) -> Bool {
        let w = Double(points)
        guard stairResidual > 0 else { return false }
        guard rampResidual > 0 else { return true }
        let ramp = w * log(rampResidual / w) + 4 * log(w)
        let stairs = w * log(stairResidual / w) + Double(2 * steps + 1) * log(w)
        return ramp < stairs
    }

    /// The least-squares flat-ramp-flat line over `window`: `level` before `start`, `level + slope * (i - start + 1)`
    /// for `start <= i < end`, `level + slope * (end - start)` from `end` on; at least one point before the ramp,
    /// the ramp at least `minimumLength` points long.
    /// - Complexity: O(w^2) for a window of `w` points (prefix sums make each candidate O(1)).
    static func bestRamp(
        _ series: [Double], in window: Range<Int>, minimumLength: Int
    ) -> (start: Int, end: Int, level: Double, slope: Double, residual: Double)? {
        let length = Swift.max(2, minimumLength)
        guard window.count >= length + 1 else { return nil }
        let a = window.lowerBound
        let centre = mean(series[window])
        // Prefix sums over the window of y, t*y, t, t^2 (t the absolute index).
        let count = window.count
        var sumY = [Double](repeating: 0, count: count + 1)
        var sumTY = [Double](repeating: 0, count: count + 1)
        var sumT = [Double](repeating: 0, count: count + 1)
        var sumTT = [Double](repeating: 0, count: count + 1)
        var sumYY = 0.0
        for offset in 0..<count {
            let t = Double(a + offset)
            let y = series[a + offset] - centre
            sumY[offset + 1] = sumY[offset] + y
            sumTY[offset + 1] = sumTY[offset] + t * y
            sumT[offset + 1] = sumT[offset] + t
            sumTT[offset + 1] = sumTT[offset] + t * t
            sumYY += y * y
        }
        func range(_ values: [Double], _ from: Int, _ to: Int) -> Double { values[to - a] - values[from - a] }
        let n = Double(count)
        let totalY = sumY[count]
        var best: (start: Int, end: Int, level: Double, slope: Double, residual: Double)?
        for start in (a + 1)...(window.upperBound - length) {
            for end in (start + length)...window.upperBound {
                // Regressor r: 0 before start, i - start + 1 on the ramp, end - start after.
                let shift = Double(start - 1)
                let rampCount = Double(end - start)
                let rampT = range(sumT, start, end)
                let rampTT = range(sumTT, start, end)
                let flat = Double(window.upperBound - end)
                let height = Double(end - start)
                let sumR = rampT - shift * rampCount + height * flat
                let sumRR = rampTT - 2 * shift * rampT + shift * shift * rampCount + height * height * flat
                let sumRY = range(sumTY, start, end) - shift * range(sumY, start, end)
                    + height * range(sumY, end, window.upperBound)
                let spread = sumRR - sumR * sumR / n
                guard spread > 0 else { continue }
                let covariance = sumRY - sumR * totalY / n
                let slope = covariance / spread
                let residual = sumYY - totalY * totalY / n - covariance * slope
                if best == nil || residual < best!.residual {
                    let level = (totalY - slope * sumR) / n + centre
                    best = (start, end, level, slope, residual)
                }
            }
        }
        return best
    }

    /// The residual sum of squares of `window` around the means of the pieces cut at `steps`, each step moved
    /// (within its neighbours, two passes) to where it leaves the least: the least-squares staircase, so a ramp
    /// is not preferred just because E-divisive placed a step one point off.
    /// - Complexity: O(w) per step.
    static func staircaseResidual(_ series: [Double], in window: Range<Int>, steps: [Int]) -> Double {
        let a = window.lowerBound
        let centre = mean(series[window])
        var sum = [0.0]
        var squares = [0.0]
        for value in series[window] {
            sum.append(sum.last! + (value - centre))
            squares.append(squares.last! + (value - centre) * (value - centre))
        }
        /// The residual of series[from..<to] around its mean.
        func residual(_ from: Int, _ to: Int) -> Double {
            guard to > from else { return 0 }
            let s = sum[to - a] - sum[from - a]
            return squares[to - a] - squares[from - a] - s * s / Double(to - from)
        }
        var bounds = [window.lowerBound] + steps + [window.upperBound]
        for _ in 0..<2 {
            for position in 1..<(bounds.count - 1) where bounds[position + 1] - bounds[position - 1] >= 2 {
                let (low, high) = (bounds[position - 1], bounds[position + 1])
                bounds[position] = ((low + 1)...(high - 1)).min {
                    residual(low, $0) + residual($0, high) < residual(low, $1) + residual($1, high)
                }!
            }
        }
        return (0..<(bounds.count - 1)).reduce(0) { $0 + residual(bounds[$1], bounds[$1 + 1]) }
    }

    static func mean(_ values: ArraySlice<Double>) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }
}

/// The parameters of `EDivisive`.
public struct ChangePointOptions: Sendable, Equatable {
    /// The significance level: a split is kept when its permutation p-value is at most `alpha`.
    public var alpha: Double
    /// Shuffles per permutation test; `alpha * (permutations + 1)` must be at least 1.
    public var permutations: Int
    /// The fewest points on either side of a change point (at least 2).
    public var minimumSegment: Int
    /// The fewest points a creep rises over.
    public var minimumCreepLength: Int
    /// The seed of the shuffles (`SeededGenerator`): the same series and options always give the same answer.
    public var seed: UInt64

    public init(
        alpha: Double = 0.01, permutations: Int = 199, minimumSegment: Int = 5, minimumCreepLength: Int = 5,
        seed: UInt64 = 2014
    ) {
        self.alpha = alpha
        self.permutations = permutations
        self.minimumSegment = minimumSegment
        self.minimumCreepLength = minimumCreepLength
        self.seed = seed
    }

    func validate() {
        precondition(alpha > 0 && alpha < 1, "alpha must be in 0<..<1")
        precondition(alpha * Double(permutations + 1) >= 1 - 1e-9,
                     "with \(permutations) permutations no p-value can reach alpha \(alpha)")
        precondition(minimumSegment >= 2 && minimumCreepLength >= 2, "segments and creeps need at least 2 points")
    }
}

/// A change point: the regime of the series changes at `index`.
public struct ChangePoint: Sendable, Equatable {
    /// The first index of the new regime.
    public var index: Int
    /// The mean of the regime before (from the previous change point, or the start, up to `index`).
    public var meanBefore: Double
    /// The mean of the regime after (from `index` up to the next change point, or the end).
    public var meanAfter: Double
    /// The permutation p-value of the split, `(1 + k) / (permutations + 1)`, at most `alpha`.
    public var pValue: Double
    /// The E-divisive statistic `Q` of the split (in the series' unit; larger is more distinct).
    public var statistic: Double

    public init(index: Int, meanBefore: Double, meanAfter: Double, pValue: Double, statistic: Double) {
        self.index = index
        self.meanBefore = meanBefore
        self.meanAfter = meanAfter
        self.pValue = pValue
        self.statistic = statistic
    }

    /// The step relative to the old level, `(meanAfter - meanBefore) / meanBefore`: `0.05` is 5% higher
    /// (for timings: slower). Not finite when `meanBefore` is 0.
    public var relativeStep: Double { (meanAfter - meanBefore) / meanBefore }

    /// The confidence that the step is real, `1 - pValue`.
    public var confidence: Double { 1 - pValue }
}

/// A slow creep: the series rises (or falls) by about `relativeSlope` per point from `start` to `end`.
public struct Creep: Sendable, Equatable {
    /// The first index that is off the old level.
    public var start: Int
    /// The first index of the new level (one past the last point of the ramp); the series' count when still rising.
    public var end: Int
    /// The fitted level before the ramp.
    public var level: Double
    /// The fitted change per point relative to `level`: `0.01` is 1% per point.
    public var relativeSlope: Double
    /// The indices of the change points the creep explains.
    public var changePointIndices: [Int]

    public init(start: Int, end: Int, level: Double, relativeSlope: Double, changePointIndices: [Int]) {
        self.start = start
        self.end = end
        self.level = level
        self.relativeSlope = relativeSlope
        self.changePointIndices = changePointIndices
    }

    /// The number of points the series rises over.
    public var length: Int { end - start }

    /// The whole change relative to `level`: `relativeSlope * length`.
    public var relativeTotal: Double { relativeSlope * Double(length) }
}

/// Everything `EDivisive.analyze` found in a series.
public struct ChangePointAnalysis: Sendable, Equatable {
    public var changePoints: [ChangePoint]
    public var creeps: [Creep]

    public init(changePoints: [ChangePoint], creeps: [Creep]) {
        self.changePoints = changePoints
        self.creeps = creeps
    }
}
