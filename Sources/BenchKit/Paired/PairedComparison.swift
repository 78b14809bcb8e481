import Determinism
import Foundation

/// The relative slowdown a row of a paired session (`ABSession`) must show, its whole interval past it, to be
/// `regressed` (and the speed-up, as `1/(1+t)`, to be `improved`): `Defaults.pairedThreshold`, the least at which
/// no row a change did not touch was flagged between two builds. Quieter machines or narrower scopes can take less
/// (`--threshold`).
public let defaultPairedThreshold = Defaults.pairedThreshold

/// One round of a paired session's row: side A's sample and side B's, taken back to back.
public struct PairedRound: Sendable, Equatable {
    public var a: Double
    public var b: Double

    public init(a: Double, b: Double) {
        self.a = a
        self.b = b
    }
}

/// What a paired session's time ratio is taken of (`ab --estimator`).
///
/// - `roundRatios` (the default, `ratios`): the median of the per-round ratios `B/A`. A round's two samples run
///   back to back, so whatever slows the machine for a while cancels in their ratio, round by round: what
///   `compare` and `run` approach for two runs made apart by dividing each sample by its round's slowdown
///   (`RoundSpeeds`), with the same median.
/// - `sides(estimator)`: `run` and `compare`'s estimator on each side's samples (`p10`: side B's 10th percentile over
///   side A's), the rounds still resampled as pairs.
///
/// The ratios' intervals are the narrower: a low quantile of one side jumps with which of the fast rounds a
/// resample draws, which the pairing does nothing for. Evidence: Docs/AB.md, "The estimator".
public enum PairedEstimator: Sendable, Equatable, CustomStringConvertible {
    case roundRatios
    case sides(TimeEstimator)

    public static let standard = PairedEstimator.roundRatios

    /// `ratios`, or a `TimeEstimator`'s name (`p10`, `median`, `min`, `hl`, `pP`).
    public init?(name: String) {
        if name == "ratios" {
            self = .roundRatios
        } else if let estimator = TimeEstimator(name: name) {
            self = .sides(estimator)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .roundRatios: "ratios"
        case .sides(let estimator): estimator.description
        }
    }
}

/// Statistics of paired samples: side A and side B timed back to back in each round, so whatever slows the
/// machine down for a while slows both alike.
public enum PairedStatistics {
    /// The ratio `B/A` by `estimator`: the median of the rounds' ratios, or a `TimeEstimator`'s location of side B's
    /// samples over its location of side A's (for Hodges–Lehmann the one-sample shift of the rounds' log ratios,
    /// the median of their Walsh averages). Its interval is a
    /// two-stage percentile bootstrap that keeps the pairing: blocks (each a pair of worker processes) resampled
    /// with replacement, then rounds within each drawn block, each drawn round bringing both of its samples; the
    /// central `confidence` range of `resamples` statistics. A drift both samples of a round share cancels
    /// exactly (B = s A in every round gives s and [s, s]); a difference between blocks widens the interval.
    /// Nil without rounds or with a sample that is not finite and positive. Empty blocks are ignored.
    ///
    ///     var generator = SeededGenerator(seed: 7)
    ///     let rounds = [PairedRound(a: 100, b: 104), PairedRound(a: 130, b: 136), PairedRound(a: 101, b: 105)]
    ///     let (ratio, low, high) = PairedStatistics.ratio(.roundRatios, blocks: [rounds], resamples: 1_000,
    ///                                                     confidence: 0.95, generator: &generator)!
    /// - Complexity: O(resamples x n log n) for n rounds (O(resamples x n^2 log n) for Hodges–Lehmann).
    public static func ratio<G: RandomNumberGenerator>(
        _ estimator: PairedEstimator, blocks: [[PairedRound]], resamples: Int, confidence: Double, generator: inout G
    ) -> (ratio: Double, low: Double, high: Double)? {
        let blocks = blocks.filter { !$0.isEmpty }
        let pooled = blocks.flatMap { $0 }
        guard !pooled.isEmpty, pooled.allSatisfy({ $0.a.isFinite && $0.a > 0 && $0.b.isFinite && $0.b > 0 }) else { return nil }
        var statistics: [Double] = []
        statistics.reserveCapacity(max(1, resamples))
        var scratch: [PairedRound] = []
        scratch.reserveCapacity(pooled.count * 2)
        for _ in 0..<max(1, resamples) {
            scratch.removeAll(keepingCapacity: true)
            for _ in blocks.indices {
                let block = blocks[Int.random(in: 0..<blocks.count, using: &generator)]
                for _ in block.indices { scratch.append(block[Int.random(in: 0..<block.count, using: &generator)]) }
            }
            statistics.append(statistic(estimator, scratch))
        }
        statistics.sort()
        let tail = (1 - confidence) / 2 * 100
        return (statistic(estimator, pooled), SampleStatistics.percentile(tail, ofSorted: statistics),
                SampleStatistics.percentile(100 - tail, ofSorted: statistics))
    }

    /// `estimator`'s ratio `B/A` of `rounds` (see `ratio`).
    static func statistic(_ estimator: PairedEstimator, _ rounds: [PairedRound]) -> Double {
        guard case .sides(let estimator) = estimator else {
            return SampleStatistics.median(rounds.map { $0.b / $0.a })
        }
        guard estimator != .hodgesLehmann else {
            let logs = rounds.map { log($0.b / $0.a) }
            var walsh: [Double] = []
            walsh.reserveCapacity(logs.count * (logs.count + 1) / 2)
            for i in logs.indices {
                for j in i..<logs.count { walsh.append((logs[i] + logs[j]) / 2) }
            }
            return exp(SampleStatistics.percentile(50, ofSorted: walsh.sorted()))
        }
        // `run` and `compare`'s ratio of the two sides' locations (the rounds are non-empty and positive).
        return estimator.ratio(rounds.map(\.a), rounds.map(\.b))!
    }
}

/// The verdict of every row of a paired session, as `Comparator` gives it for two separate runs.
///
/// The rule, per row on both sides:
/// 1. Instructions, when both rows have `instructionsPerIteration`: `ratio = B / A`, `regressed` above
///    `1 + instructionThreshold`, `improved` below its inverse, else `unchanged` (as `Comparator`).
/// 2. Otherwise the paired times: `ratio` is `estimator`'s ratio `B/A` of the rounds (by default the median of the
///    per-round ratios; `.sides(p10)` takes `run` and `compare`'s 10th percentile of each side) and `[ci_low, ci_high]` its
///    seeded bootstrap interval over blocks and rounds, pairs kept (`PairedStatistics.ratio`, seed
///    `options.seed` mixed with the row's key); the verdict is `Comparator.timeVerdict` of that interval at
///    `options.timeThreshold`. No drift is divided out: pairing has already cancelled it. Fewer than 3 rounds
///    give `inconclusive`.
/// Rows on side B only are `new`, on side A only `missing`. The decided rows carry metric `paired`;
/// `baseline_median` and `current_median` are the medians of each side's samples and `raw_ratio` their ratio.
public enum PairedComparison {
    /// The fewest rounds a timed row needs for a verdict.
    public static let minimumRounds = 3

    /// - Parameters:
    ///   - a: side A's rows (the baseline), with their samples.
    ///   - b: side B's rows (the candidate).
    ///   - rounds: per row on both sides, per block, the samples of each round.
    /// - Complexity: O(rows x resamples x rounds log rounds).
    public static func compare(
        a: [ResultRow], b: [ResultRow], rounds: [RowKey: [[PairedRound]]], estimator: PairedEstimator = .standard,
        options: ComparisonOptions
    ) -> Comparison {
        let aByKey = Dictionary(a.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let bByKey = Dictionary(b.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let keys = Set(aByKey.keys).union(bByKey.keys).sorted()
        let rows = Comparator.rows(keys: keys, baseline: aByKey, current: bByKey) { before, after in
            compareRow(before, after, rounds: rounds[before.key] ?? [], estimator: estimator, options: options)
        }
        return Comparison(rows: rows, driftFactor: 1, driftSource: "paired rounds: none to divide", options: options)
    }

    static func compareRow(_ a: ResultRow, _ b: ResultRow, rounds blocks: [[PairedRound]], estimator: PairedEstimator,
                           options: ComparisonOptions) -> ComparisonRow {
        let rounds = blocks.flatMap { $0 }
        var row = ComparisonRow(
            key: b.key, unit: b.unit, baselineMedian: a.median, currentMedian: b.median,
            rawRatio: a.median > 0 ? b.median / a.median : nil, ratio: nil, ciLow: nil, ciHigh: nil,
            verdict: .inconclusive, metric: .paired)
        if Comparator.decideByInstructions(&row, a, b, options: options) { return row }
        guard rounds.count >= minimumRounds else {
            row.ratio = rounds.isEmpty ? nil : PairedStatistics.statistic(estimator, rounds)
            return row
        }
        var generator = SeededGenerator(seed: options.seed ^ StableHash.of(b.key.description))
        guard let (ratio, low, high) = PairedStatistics.ratio(
            estimator, blocks: blocks, resamples: options.resamples, confidence: options.confidence,
            generator: &generator)
        else { return row }
        (row.ratio, row.ciLow, row.ciHigh) = (ratio, low, high)
        row.verdict = Comparator.timeVerdict(low: low, high: high, threshold: options.timeThreshold)
        return row
    }
}
