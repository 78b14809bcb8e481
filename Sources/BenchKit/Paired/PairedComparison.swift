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

/// What a paired session's time says of one row, whatever decided its verdict: the paired time ratio `B/A` by the
/// session's estimator (by default the median of the per-round ratios), its interval over blocks and rounds, and the
/// verdict time alone gives at the paired threshold. Where instruction counts decide a row, this is what its time did.
public struct PairedTime: Sendable, Equatable {
    /// Nil without a round both sides took.
    public var ratio: Double?
    public var low: Double?
    public var high: Double?
    /// Time's own verdict (`inconclusive` with fewer than `PairedComparison.minimumRounds` rounds).
    public var verdict: Verdict
    /// The rounds both sides took, over all blocks.
    public var rounds: Int
}

/// A paired session's comparison, with what time said of every row both sides have.
public struct PairedOutcome: Sendable {
    public var comparison: Comparison
    /// Per row both sides have: the paired time, also where instruction counts decided.
    public var times: [RowKey: PairedTime]

    /// Whether `row` is one whose instruction counts did not change (`unchanged`, decided by instructions) while its
    /// paired time moved past the threshold: the same instructions at another speed. A code layout move gives that
    /// (untouched code placed at other addresses in the other build), and so does a change in how memory serves the
    /// same code. Such a row keeps its verdict `unchanged` (it never fails a session) and is shown as moved.
    public func movedWithInstructionsUnchanged(_ row: ComparisonRow) -> Bool {
        guard row.metric == .instructions, row.verdict == .unchanged, let time = times[row.key] else { return false }
        return time.verdict == .regressed || time.verdict == .improved
    }

    /// The rows `movedWithInstructionsUnchanged` picks.
    public var moved: [ComparisonRow] { comparison.rows.filter(movedWithInstructionsUnchanged) }
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
///    `options.timeThreshold`. No drift is divided out: pairing has already cancelled it. Fewer than 3 rounds,
///    or a block with fewer than `minimumRoundsPerBlock`, give `inconclusive` instead of `regressed` or `improved`.
/// Rows on side B only are `new`, on side A only `missing`. The decided rows carry metric `paired`;
/// `baseline_median` and `current_median` are the medians of each side's samples (every one of them taken in a
/// round with the other side's) and `raw_ratio` the paired time ratio, the same figure as `ratio` where time decides
/// and what time said where instructions decide. The ratio of the two medians is not shown: it is another statistic
/// of the same samples, and it can read below 1 where most rounds read B slower (one side's median moves with the
/// rounds in which that side alone was slow; a round's ratio does not).
public enum PairedComparison {
    /// The fewest rounds a timed row needs for a ratio.
    public static let minimumRounds = 3

    /// The fewest rounds a timed row needs in every block for `regressed` or `improved` (fewer: `inconclusive`), and
    /// the fewest a session takes of every case in each block (`ABSession.run`). With one round a block, the
    /// bootstrap's interval spans only three rounds' own ratios: on a loaded machine, that is how A/A sessions
    /// flagged rows no change touched (Docs/AB.md, "Rounds and blocks").
    public static let minimumRoundsPerBlock = 3

    /// The comparison of `session` (see there).
    public static func compare(
        a: [ResultRow], b: [ResultRow], rounds: [RowKey: [[PairedRound]]], estimator: PairedEstimator = .standard,
        options: ComparisonOptions
    ) -> Comparison {
        session(a: a, b: b, rounds: rounds, estimator: estimator, options: options).comparison
    }

    /// - Parameters:
    ///   - a: side A's rows (the baseline), with their samples.
    ///   - b: side B's rows (the candidate).
    ///   - rounds: per row on both sides, per block, the samples of each round.
    /// - Complexity: O(rows x resamples x rounds log rounds).
    public static func session(
        a: [ResultRow], b: [ResultRow], rounds: [RowKey: [[PairedRound]]], estimator: PairedEstimator = .standard,
        options: ComparisonOptions
    ) -> PairedOutcome {
        let aByKey = Dictionary(a.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let bByKey = Dictionary(b.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let keys = Set(aByKey.keys).union(bByKey.keys).sorted()
        var times: [RowKey: PairedTime] = [:]
        let rows = Comparator.rows(keys: keys, baseline: aByKey, current: bByKey) { before, after in
            let time = pairedTime(after.key, rounds: rounds[before.key] ?? [], estimator: estimator, options: options)
            times[after.key] = time
            return compareRow(before, after, time: time, options: options)
        }
        return PairedOutcome(
            comparison: Comparison(rows: rows, driftFactor: 1, driftSource: "paired rounds: none to divide", options: options),
            times: times)
    }

    /// What the rounds of row `key` say by time alone.
    static func pairedTime(_ key: RowKey, rounds blocks: [[PairedRound]], estimator: PairedEstimator,
                           options: ComparisonOptions) -> PairedTime {
        let rounds = blocks.flatMap { $0 }
        var time = PairedTime(ratio: nil, low: nil, high: nil, verdict: .inconclusive, rounds: rounds.count)
        guard !rounds.isEmpty, rounds.allSatisfy({ $0.a.isFinite && $0.a > 0 && $0.b.isFinite && $0.b > 0 }) else { return time }
        time.ratio = PairedStatistics.statistic(estimator, rounds)
        guard rounds.count >= minimumRounds else { return time }
        var generator = SeededGenerator(seed: options.seed ^ StableHash.of(key.description))
        guard let (ratio, low, high) = PairedStatistics.ratio(
            estimator, blocks: blocks, resamples: options.resamples, confidence: options.confidence,
            generator: &generator)
        else { return time }
        (time.ratio, time.low, time.high) = (ratio, low, high)
        time.verdict = Comparator.timeVerdict(low: low, high: high, threshold: options.timeThreshold)
        if time.verdict == .regressed || time.verdict == .improved,
           blocks.contains(where: { !$0.isEmpty && $0.count < minimumRoundsPerBlock }) {
            time.verdict = .inconclusive
        }
        return time
    }

    static func compareRow(_ a: ResultRow, _ b: ResultRow, time: PairedTime, options: ComparisonOptions) -> ComparisonRow {
        var row = ComparisonRow(
            key: b.key, unit: b.unit, baselineMedian: a.median, currentMedian: b.median,
            rawRatio: time.ratio, ratio: time.ratio, ciLow: time.low, ciHigh: time.high,
            verdict: time.verdict, metric: .paired)
        _ = Comparator.decideByInstructions(&row, a, b, options: options)
        return row
    }
}
