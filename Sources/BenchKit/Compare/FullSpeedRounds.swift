import Foundation

/// How much of each of two runs a machine spent at its full speed: whether their time verdicts can be trusted.
///
/// `BenchmarkRunner` samples every case once per round, so a row's `i`-th sample was taken in round `i` (a case
/// that stopped early has only the first rounds). A round's *slowdown* is the median, over the matched rows that
/// sampled in it, of `sample / fastest`, where `fastest` is the row's fastest sample in either run. A round is at
/// full speed when its slowdown is at most `1 + Defaults.fullSpeedTolerance`; a run's share is its full-speed rounds
/// over its rounds (counting only rounds that at least half the rows sampled in).
///
/// On a shared VM whose rounds come in two states, full speed or every row about 1.5x slower, a comparison of raw
/// samples could not see a slowdown where either run had few full-speed rounds: it warns when either run's share is
/// under `Defaults.fullSpeedWarningShare` (`warning`). Samples divided by their rounds' slowdowns (`RoundSpeeds`) do
/// see one there, and then the share is information (`Comparison.fullSpeedWarning`).
/// Evidence: Docs/NOISE.md, "Full-speed rounds".
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


    /// The smaller of the two shares.
    public var smaller: Double { min(baseline, current) }

    /// Measured on the rows `RoundSpeeds` measures the rounds on (`RoundSpeeds.matched`: at least 3 samples on each
    /// side, every one positive; of those the reference rows alone where `references` names them). Nil when fewer than
    /// `Comparator.minimumRowsForDrift` of them, of `minimumBenchmarksForDrift` benchmarks, are left (a filtered run:
    /// too few rows to tell the machine from the code).
    /// - Complexity: O(rows x samples log rows).
    public static func measure(baseline: [ResultRow], current: [ResultRow], references: Set<RowKey>? = nil) -> FullSpeedRounds? {
        measure(baseline: Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                current: Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                references: references)
    }

    /// The same, from rows by key (a key's first row, as `Comparator.compare` keys them), raw: not divided by their
    /// rounds' slowdowns.
    static func measure(baseline before: [RowKey: ResultRow], current after: [RowKey: ResultRow],
                        references: Set<RowKey>?) -> FullSpeedRounds? {
        guard let all = RoundSpeeds.matched(baseline: before, current: after, references: references) else { return nil }
        let matched = RoundSpeeds.anchors(all, references: references)
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
        let fast = counted.filter { $0.slowdown <= 1 + Defaults.fullSpeedTolerance }.count
        return (counted.isEmpty ? 0 : Double(fast) / Double(counted.count), counted.count)
    }

    /// `full speed in 2% of the baseline's 46 rounds, 45% of the current run's 49`.
    public var description: String {
        "full speed in \(Self.percent(baseline)) of the baseline's \(baselineRounds) rounds, "
            + "\(Self.percent(current)) of the current run's \(currentRounds)"
    }

    /// A warning when either run spent less than `Defaults.fullSpeedWarningShare` of its rounds at full speed; nil
    /// otherwise.
    public var warning: String? {
        guard smaller < Defaults.fullSpeedWarningShare else { return nil }
        let (which, other, share) = baseline <= current
            ? ("the baseline", "the current run", current) : ("the current run", "the baseline", baseline)
        return "warning: \(which) ran at this machine's full speed in only \(Self.percent(smaller)) of its rounds "
            + "(\(other) in \(Self.percent(share))): a slowdown may read unchanged or inconclusive "
            + "(Docs/NOISE.md, \"Full-speed rounds\"); run again when the machine is quieter, or compare with `ab`"
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
