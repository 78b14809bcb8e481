import Determinism

/// The relative slowdown a row of a paired session (`ABSession`) must show, its whole interval past it, to be
/// `regressed` (and the speed-up, as `1/(1+t)`, to be `improved`).
///
/// Set from measurement on the 2-core reference machine (Intel Xeon VM), with `ab`'s default aligned layout,
/// scope floor, pipeline and uikit at n = 3, 300, 10 000 (63 rows; 3 blocks, one CPU):
/// - A/A, the same build on both sides (Benchmarks/Scripts/ab-aa.sh), 10 sessions: no row `regressed` or
///   `improved`; the smallest threshold at which none would have been was 0.38% (floor), 2.20% (pipeline), 1.36% (uikit), so
///   1.5 times the largest, rounded up (the rule of `AANoiseExperiment`), would be 4%.
/// - A/A cannot see what differs between two builds. In 20 sessions of two scratch branches that change only
///   `pipeline/best`, one untouched row ran 3-8% faster in one branch's build in every session
///   (`pipeline/seed000.centerFocused` at n = 300, ratio 0.92-0.97), and was `improved` in 2 of 10 at 4%, in
///   none at 5%. So 5%: the least at which no untouched row was flagged. (With swift build's own layout rows
///   moved by more than 4% and 6% was needed.) Quieter machines or narrower scopes can take less (`--threshold`).
public let defaultPairedThreshold = 0.05

/// Statistics of paired samples: side A and side B timed back to back in each round, so whatever slows the
/// machine down for a while slows both alike, and the ratio `B/A` of one round carries little of it.
public enum PairedStatistics {
    /// The median of the per-round ratios `B/A` and a percentile bootstrap interval of that median: rounds
    /// (pairs) resampled with replacement `resamples` times, the central `confidence` range of their medians.
    /// Nil without ratios or with a ratio that is not finite and positive.
    ///
    ///     var generator = SeededGenerator(seed: 7)
    ///     let (ratio, low, high) = PairedStatistics.medianRatio([1.04, 1.06, 1.05], resamples: 1_000,
    ///                                                           confidence: 0.95, generator: &generator)!
    /// - Complexity: O(resamples x n log n) for n ratios.
    public static func medianRatio<G: RandomNumberGenerator>(
        _ ratios: [Double], resamples: Int, confidence: Double, generator: inout G
    ) -> (ratio: Double, low: Double, high: Double)? {
        medianRatio(blocks: [ratios], resamples: resamples, confidence: confidence, generator: &generator)
    }

    /// The same over rounds taken in blocks (each block a pair of processes): the median of all ratios, and a
    /// two-stage bootstrap that resamples blocks with replacement, then rounds within each block drawn. A
    /// difference between blocks (between pairs of processes) so widens the interval; with one block it is the
    /// plain bootstrap above. Empty blocks are ignored.
    /// - Complexity: O(resamples x n log n) for n ratios.
    public static func medianRatio<G: RandomNumberGenerator>(
        blocks: [[Double]], resamples: Int, confidence: Double, generator: inout G
    ) -> (ratio: Double, low: Double, high: Double)? {
        let blocks = blocks.filter { !$0.isEmpty }
        let pooled = blocks.flatMap { $0 }
        guard !pooled.isEmpty, pooled.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        var medians: [Double] = []
        medians.reserveCapacity(max(1, resamples))
        var scratch: [Double] = []
        scratch.reserveCapacity(pooled.count * 2)
        for _ in 0..<max(1, resamples) {
            scratch.removeAll(keepingCapacity: true)
            for _ in blocks.indices {
                let block = blocks[Int.random(in: 0..<blocks.count, using: &generator)]
                for _ in block.indices { scratch.append(block[Int.random(in: 0..<block.count, using: &generator)]) }
            }
            scratch.sort()
            medians.append(SampleStatistics.percentile(50, ofSorted: scratch))
        }
        medians.sort()
        let tail = (1 - confidence) / 2 * 100
        return (SampleStatistics.median(pooled), SampleStatistics.percentile(tail, ofSorted: medians),
                SampleStatistics.percentile(100 - tail, ofSorted: medians))
    }
}

/// The verdict of every row of a paired session, as `Comparator` gives it for two separate runs.
///
/// The rule, per row on both sides:
/// 1. Instructions, when both rows have `instructionsPerIteration`: `ratio = B / A`, `regressed` above
///    `1 + instructionThreshold`, `improved` below its inverse, else `unchanged` (as `Comparator`).
/// 2. Otherwise the paired times: `ratio` is the median of the per-round ratios `B/A` and `[ci_low, ci_high]`
///    its seeded bootstrap interval over blocks and rounds (`PairedStatistics.medianRatio(blocks:)`, seed
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
    ///   - ratios: per row on both sides, per block, the ratio `B/A` of each round.
    /// - Complexity: O(rows x resamples x rounds log rounds).
    public static func compare(
        a: [ResultRow], b: [ResultRow], ratios: [RowKey: [[Double]]], options: ComparisonOptions
    ) -> Comparison {
        let aByKey = Dictionary(a.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let bByKey = Dictionary(b.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [ComparisonRow] = []
        for key in Set(aByKey.keys).union(bByKey.keys).sorted() {
            switch (aByKey[key], bByKey[key]) {
            case let (before?, after?):
                rows.append(compareRow(before, after, ratios: ratios[key] ?? [], options: options))
            case let (before?, nil):
                rows.append(ComparisonRow(
                    key: key, unit: before.unit, baselineMedian: before.median, currentMedian: nil, rawRatio: nil,
                    ratio: nil, ciLow: nil, ciHigh: nil, verdict: .missing, metric: .none))
            case let (nil, after?):
                rows.append(ComparisonRow(
                    key: key, unit: after.unit, baselineMedian: nil, currentMedian: after.median, rawRatio: nil,
                    ratio: nil, ciLow: nil, ciHigh: nil, verdict: .new, metric: .none))
            case (nil, nil):
                continue
            }
        }
        return Comparison(rows: rows, driftFactor: 1, driftSource: "paired rounds: none to divide", options: options)
    }

    static func compareRow(_ a: ResultRow, _ b: ResultRow, ratios blocks: [[Double]], options: ComparisonOptions) -> ComparisonRow {
        let ratios = blocks.flatMap { $0 }
        var row = ComparisonRow(
            key: b.key, unit: b.unit, baselineMedian: a.median, currentMedian: b.median,
            rawRatio: a.median > 0 ? b.median / a.median : nil, ratio: nil, ciLow: nil, ciHigh: nil,
            verdict: .inconclusive, metric: .paired)
        if Comparator.decideByInstructions(&row, a, b, options: options) { return row }
        guard ratios.count >= minimumRounds else {
            row.ratio = ratios.isEmpty ? nil : SampleStatistics.median(ratios)
            return row
        }
        var generator = SeededGenerator(seed: options.seed ^ StableHash.of(b.key.description))
        guard let (ratio, low, high) = PairedStatistics.medianRatio(
            blocks: blocks, resamples: options.resamples, confidence: options.confidence, generator: &generator)
        else { return row }
        (row.ratio, row.ciLow, row.ciHigh) = (ratio, low, high)
        row.verdict = Comparator.timeVerdict(low: low, high: high, threshold: options.timeThreshold)
        return row
    }
}
