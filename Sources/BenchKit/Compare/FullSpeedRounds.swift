import Foundation

/// How much of each of two runs a machine spent at its full speed: whether their time verdicts can be trusted.
///
/// `BenchmarkRunner` samples every case once per round, so a row's `i`-th sample was taken in round `i` (a case
/// that stopped early has only the first rounds). A round's *slowdown* is the median, over the matched rows that
/// sampled in it, of `sample / fastest`, where `fastest` is the row's fastest sample in either run. A round is at
/// full speed when its slowdown is at most `1 + tolerance`; a run's share is its full-speed rounds over its rounds
/// (counting only rounds that at least half the rows sampled in).
///
/// Why (issue 19, session 6): on the 2-core VM this was measured on, rounds came in two states, every row
/// within a few percent of its fastest or every row about 1.55x slower (register-only rows such as `wrap/*`
/// excepted), and the share of full-speed rounds ran from 0% to 100% from one quick run to the next. Over 80 quick
/// pairs (eight interleaved sets of 11 runs, two with `yes > /dev/null` on a core; `estimator-table.sh`), the
/// default verdict (10th percentile, 22%) found a 1.5x slowdown (19 of 20 slowed rows `regressed`) in 1 of the 23
/// pairs whose smaller share was under 5%, 6 of 18 at 5-14%, 9 of 19 at 15-29% and 18 of 20 from 30%; its false
/// flags (a row `regressed` or `improved` in an A/A pair) did not follow the share (2, 8, 3 and 8 pairs). So a
/// comparison of raw samples warns when either run's share is under `warningShare` (`warning`): its verdicts could
/// not see a slowdown there, and an `unchanged` or `inconclusive` says little. Since session 7 the samples are divided
/// by their rounds' slowdowns first (`RoundSpeeds`), which found a 1.5x slowdown in 76 of 87 pairs under 15% and 49
/// of 53 above it: there the share is information (`Comparison.fullSpeedWarning`).
///
/// A baseline merged from several runs (`run --save-baseline` of a filtered run into a whole one) has rows from
/// different processes, whose rounds do not line up; its share then means little.
public struct FullSpeedRounds: Sendable, Equatable {
    /// The share of the baseline's rounds, and of the current run's, at full speed (0...1).
    public var baseline: Double
    public var current: Double
    /// The rounds each share is of.
    public var baselineRounds: Int
    public var currentRounds: Int

    /// How much slower than a row's fastest sample a round's median row may run and still be at full speed.
    public static let tolerance = 0.15
    /// Below this share in either run, a time verdict's `unchanged` or `inconclusive` is not to be trusted (see above).
    public static let warningShare = 0.15

    /// The smaller of the two shares.
    public var smaller: Double { min(baseline, current) }

    /// Measured on the rows `RoundSpeeds` divides (`RoundSpeeds.matched`: at least 3 samples on each side, every one
    /// positive). Nil when fewer than `Comparator.minimumRowsForDrift` of them, of `minimumBenchmarksForDrift`
    /// benchmarks, are left (a filtered run: too few rows to tell the machine from the code).
    /// - Complexity: O(rows x samples log rows).
    public static func measure(baseline: [ResultRow], current: [ResultRow]) -> FullSpeedRounds? {
        measure(baseline: Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                current: Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The same, from rows by key (a key's first row, as `Comparator.compare` keys them), raw: not divided by their
    /// rounds' slowdowns.
    static func measure(baseline before: [RowKey: ResultRow], current after: [RowKey: ResultRow]) -> FullSpeedRounds? {
        guard let matched = RoundSpeeds.matched(baseline: before, current: after) else { return nil }
        let pairs = matched.map { (before: before[$0]!.samples, after: after[$0]!.samples) }
        let fastest = pairs.map { min($0.before.min()!, $0.after.min()!) }
        let baselineShare = share(pairs.indices.map { (pairs[$0].before, fastest[$0]) })
        let currentShare = share(pairs.indices.map { (pairs[$0].after, fastest[$0]) })
        return FullSpeedRounds(baseline: baselineShare.share, current: currentShare.share,
                               baselineRounds: baselineShare.rounds, currentRounds: currentShare.rounds)
    }

    /// One run's share of full-speed rounds, each row's samples with its fastest sample in either run.
    static func share(_ rows: [(samples: [Double], fastest: Double)]) -> (share: Double, rounds: Int) {
        let counted = RoundSpeeds.medians(rows).filter { $0.rows * 2 >= rows.count }
        let fast = counted.filter { $0.slowdown <= 1 + tolerance }.count
        return (counted.isEmpty ? 0 : Double(fast) / Double(counted.count), counted.count)
    }

    /// `full speed in 2% of the baseline's 46 rounds, 45% of the current run's 49`.
    public var description: String {
        "full speed in \(Self.percent(baseline)) of the baseline's \(baselineRounds) rounds, "
            + "\(Self.percent(current)) of the current run's \(currentRounds)"
    }

    /// A warning when either run spent less than `warningShare` of its rounds at full speed; nil otherwise.
    public var warning: String? {
        guard smaller < Self.warningShare else { return nil }
        let (which, other, share) = baseline <= current
            ? ("the baseline", "the current run", current) : ("the current run", "the baseline", baseline)
        return "warning: \(which) ran at this machine's full speed in only \(Self.percent(smaller)) of its rounds "
            + "(\(other) in \(Self.percent(share))): a slowdown may read unchanged or inconclusive "
            + "(README, \"Full-speed rounds\"); run again when the machine is quieter, or compare with `ab`"
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
