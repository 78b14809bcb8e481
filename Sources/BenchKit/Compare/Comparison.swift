import Determinism
import Dispatch
import Foundation

/// The relative slowdown a timed row must show, past all noise and after drift normalisation, to be
/// `regressed` (and the speed-up, as `1/(1+t)`, to be `improved`): `Defaults.timeThreshold`. Where instruction
/// counts exist they decide instead (`defaultInstructionThreshold`).
public let defaultTimeThreshold = Defaults.timeThreshold

/// The relative change in instructions per iteration that decides a row when both runs counted them
/// (callgrind counts are deterministic, so a small threshold suffices): `Defaults.instructionThreshold`.
public let defaultInstructionThreshold = Defaults.instructionThreshold

/// The outcome of comparing one row of a candidate run with its baseline.
public enum Verdict: String, Sendable, CaseIterable, Comparable {
    case regressed, improved, inconclusive, unchanged, new, missing
    /// Timed on another machine (or one not known): times are not compared, and no instruction counts decide.
    case notComparable = "not comparable"

    public static func < (a: Verdict, b: Verdict) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The figure that decided a verdict.
public enum ComparisonMetric: String, Sendable {
    /// Median time per iteration, drift-normalised, with a bootstrap interval.
    case time
    /// Instructions per iteration (both runs counted them).
    case instructions
    /// The median of per-round time ratios of a paired session (`PairedComparison`), with a bootstrap interval.
    case paired
    /// The worst frame, drift-normalised, where the median did not decide (`WorstFrameVerdict`).
    case worstFrame = "worst_frame"
    /// Nothing to compare (`new` or `missing`).
    case none
}

/// How a comparison tells a slower machine from slower code.
public enum DriftNormalization: Sendable, Equatable {
    /// Raw ratios: only for runs known to have run in identical conditions.
    case none
    /// Divide by the median time ratio over the reference rows matched in both runs (`ComparisonOptions.references`:
    /// rows the code under test does not run), or, where neither file records reference rows, over all matched rows
    /// (which assumes fewer than half of them really changed). With fewer than `Comparator.minimumRowsForDrift` such
    /// rows or `minimumBenchmarksForDrift` benchmarks, nothing is divided.
    case medianOfAllRows
    /// Divide by the median time ratio of the rows of this family (e.g. the floor benchmark), falling
    /// back to all rows when the family is in neither run.
    case referenceFamily(String)
}

/// Parameters of a comparison.
public struct ComparisonOptions: Sendable {
    public var timeThreshold: Double
    public var instructionThreshold: Double
    public var normalization: DriftNormalization
    /// What the time ratio and its interval are taken of (`TimeEstimator.standard` unless told otherwise).
    public var estimator: TimeEstimator
    /// Whether each time sample is first divided by its round's slowdown (`RoundSpeeds`; `--raw-samples` turns it off).
    public var roundSpeeds: Bool
    /// Two-sided confidence of the bootstrap interval.
    public var confidence: Double
    public var resamples: Int
    /// Seeds the bootstrap; the same inputs and seed always give the same intervals.
    public var seed: UInt64
    /// Why the two runs' times cannot be compared (another machine); nil when they can. Instruction counts
    /// still decide where both rows have them.
    public var timesNotComparable: String?
    /// The worst frame's threshold (`WorstFrameVerdict`).
    public var worstFrameThreshold = defaultWorstFrameThreshold
    /// The machine's profile (`MachineProfile`): with `roundSpeeds`, used when it `isUsable`; nil: none.
    public var profile: MachineProfile?
    /// The reference rows (`RunMetadata.references`): the run-wide drift, the worst frames' drift, the rounds'
    /// slowdowns and the full-speed share come from these rows alone where both runs have them, never from the rows
    /// under test, so that a change confined to those keeps its whole ratio (Docs/VERDICTS.md, "Reference rows").
    /// nil: every matched row (files that record no reference rows).
    public var references: Set<RowKey>?
    /// Whether the rows are of one scope (`ScopeCheck`); `ScopeCheck()`: no check.
    public var scope = ScopeCheck()

    public init(
        timeThreshold: Double = defaultTimeThreshold, instructionThreshold: Double = defaultInstructionThreshold,
        normalization: DriftNormalization = .medianOfAllRows, estimator: TimeEstimator = .standard,
        roundSpeeds: Bool = true, confidence: Double = 0.95, resamples: Int = 1_000, seed: UInt64 = 0x5EED,
        timesNotComparable: String? = nil
    ) {
        self.timeThreshold = timeThreshold
        self.estimator = estimator
        self.roundSpeeds = roundSpeeds
        self.instructionThreshold = instructionThreshold
        self.normalization = normalization
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
        self.timesNotComparable = timesNotComparable
    }

    /// The options for comparing the file described by `baseline` with the one described by `current`: the machines'
    /// difference (`timingDifference`), the reference rows either file records (`references`) and their scopes
    /// (`scope`). `run` and `compare` both describe their files so.
    public mutating func describe(baseline: RunMetadata?, current: RunMetadata?) {
        timesNotComparable = Self.timingDifference(baseline: baseline, current: current)
        let recorded = (baseline?.referenceKeys ?? []).union(current?.referenceKeys ?? [])
        references = recorded.isEmpty ? nil : recorded
        scope = ScopeCheck(baseline: baseline, current: current)
    }

    /// Why times of a run described by `current` cannot be compared with those of `baseline`: they were taken
    /// on machines with different fingerprints, or a file does not say which machine it comes from.
    public static func timingDifference(baseline: RunMetadata?, current: RunMetadata?) -> String? {
        guard let before = baseline?.machine else { return "the baseline does not say which machine it was timed on" }
        guard let after = current?.machine else { return "the current results do not say which machine they were timed on" }
        return after.timingDifference(from: before).map { "another machine (\($0))" }
    }
}

/// A row time could not decide for want of samples (`Comparison.undersampled`): its key and each side's sample count.
public struct UndersampledRow: Sendable, Equatable {
    public var key: RowKey
    public var baseline: Int
    public var current: Int
}

/// One compared row: `ratio` is current over baseline, of the deciding metric, drift-normalised for time.
public struct ComparisonRow: Sendable, Equatable {
    public var key: RowKey
    public var unit: IterationUnit
    public var baselineMedian: Double?
    public var currentMedian: Double?
    /// The time ratio before drift normalisation, by the comparison's estimator, of the samples as the comparison
    /// took them (divided by their rounds' slowdowns, `Comparison.roundSpeedsDivided`; the ratio of medians for rows
    /// without raw samples); nil when either side is absent or zero.
    public var rawRatio: Double?
    public var ratio: Double?
    public var ciLow: Double?
    public var ciHigh: Double?
    public var verdict: Verdict
    public var metric: ComparisonMetric

    /// Which way an `unchanged` row moved where its interval says so: time (`time` or `paired`) decided it, its
    /// interval excludes 1 and stays short of the threshold (or touches it, too narrow to be past it:
    /// `Comparator.timeVerdict`). Its verdict stays `unchanged` (the CSV's value, and the exit code); the tables and
    /// the summary say `slower, below threshold` (`verdictLabel`), so that a change of 17% under a 22% threshold does
    /// not read as no change. Nil otherwise.
    public var belowThreshold: BelowThreshold? {
        guard verdict == .unchanged, metric == .time || metric == .paired, let low = ciLow, let high = ciHigh else { return nil }
        return low > 1 ? .slower : high < 1 ? .faster : nil
    }

    /// The verdict as the tables show it: `REGRESSED`, `slower, below threshold (+17%, 1.07-1.19x)`, or the verdict's
    /// own word.
    public var verdictLabel: String {
        if verdict == .regressed { return "REGRESSED" }
        guard let direction = belowThreshold, let ratio, let low = ciLow, let high = ciHigh else { return verdict.rawValue }
        let percent = (ratio - 1) * 100
        let change = (percent >= 0 ? "+" : "") + DecimalFormat.string(percent, decimals: abs(percent) < 1 ? 1 : 0) + "%"
        return "\(direction.rawValue) (\(change), \(String(format: "%.2f", low))-\(String(format: "%.2f", high))x)"
    }

    /// The row of a key only the baseline has: `missing`, its median and nothing compared.
    public static func missing(_ key: RowKey, baseline: ResultRow) -> ComparisonRow {
        ComparisonRow(key: key, unit: baseline.unit, baselineMedian: baseline.median, currentMedian: nil, rawRatio: nil,
                      ratio: nil, ciLow: nil, ciHigh: nil, verdict: .missing, metric: .none)
    }

    /// The row of a key only the current run has: `new`, its median and nothing compared.
    public static func new(_ key: RowKey, current: ResultRow) -> ComparisonRow {
        ComparisonRow(key: key, unit: current.unit, baselineMedian: nil, currentMedian: current.median, rawRatio: nil,
                      ratio: nil, ciLow: nil, ciHigh: nil, verdict: .new, metric: .none)
    }
}

/// Which way an `unchanged` row moved, short of the threshold (`ComparisonRow.belowThreshold`).
public enum BelowThreshold: String, Sendable, CaseIterable {
    case slower = "slower, below threshold"
    case faster = "faster, below threshold"

    /// How a summary counts such rows: `slower below threshold`.
    public var counted: String { rawValue.replacingOccurrences(of: ",", with: "") }
}

/// A whole comparison: its rows (in key order), the drift factor divided out, and the counts per verdict.
public struct Comparison: Sendable {
    public var rows: [ComparisonRow]
    /// The run-wide time ratio divided out of every timed row (1 when not normalised).
    public var driftFactor: Double
    /// Which rows the drift factor came from, in words.
    public var driftSource: String
    public var options: ComparisonOptions
    /// The worst frames' own drift, divided out of every worst frame (`Comparator.frameDrift`; 1 when not normalised).
    public var frameDriftFactor: Double = 1
    /// How much of each run the machine spent at its full speed (`FullSpeedRounds`); nil when time decides no row
    /// (instruction counts decide them all, or times are not comparable) or too few rows have samples.
    public var fullSpeed: FullSpeedRounds?
    /// Whether the samples were divided by their rounds' slowdowns (`RoundSpeeds`): asked for, and enough rows.
    public var roundSpeedsDivided = false
    /// How many runs the machine profile the samples were divided with holds (`MachineProfile.runs`); nil when none
    /// was (none given, too few runs, or the samples not divided).
    public var profileRuns: Int?
    /// The rows time left `inconclusive` for want of samples: 1 or 2 raw samples on a side (`Comparator.interval`), in
    /// key order, with each side's count.
    public var undersampled: [UndersampledRow] = []
    /// How many rows time decided had their interval widened for their spread between runs (`MachineProfile.widenings()`).
    public var widened = 0
    /// The reference rows both runs have (`ComparisonOptions.references`), in key order: where the drift and the rounds'
    /// slowdowns came from. Empty where the files record none.
    public var referenceRows: [RowKey] = []
    /// What the scopes' check found (`ScopeCheck`): the rows of two scopes, whose times read `not comparable`.
    public var scope = ScopeCheck.Outcome()

    /// `fullSpeed`'s warning, where it was measured to matter: when the raw samples were compared. Divided by their
    /// rounds' slowdowns, samples find a slowdown at any share, and the share is information only (evidence:
    /// Docs/NOISE.md, "Full-speed rounds").
    public var fullSpeedWarning: String? { roundSpeedsDivided ? nil : fullSpeed?.warning }

    /// The lines `compare` and `run` write on standard error after the table: `scopeNote`, `fullSpeedWarning`,
    /// `driftNote` and `undersampledNote`, where there are.
    public var notes: [String] { [scopeNote, fullSpeedWarning, driftNote, undersampledNote].compactMap { $0 } }

    /// One line on `undersampled`, for standard error after the table: which rows (up to 3 named), with how many
    /// samples a side, why, and how to sample them more; nil when there are none. A whole run gives every case
    /// `minimumSamplesForInterval` samples (`SamplingPlan.next`); a row whose one sample is long may still have fewer
    /// in a filtered run, whose budget is its few cases', or in a run of an older build
    /// (Docs/NOISE.md, "Three samples at least").
    public var undersampledNote: String? {
        guard !undersampled.isEmpty else { return nil }
        let named = undersampled.prefix(3).map { "\($0.key): \($0.baseline) and \($0.current)" }.joined(separator: ", ")
            + (undersampled.count > 3 ? " and \(undersampled.count - 3) more" : "")
        let (count, its, it) = undersampled.count == 1
            ? ("1 inconclusive row has", "its", "it") : ("\(undersampled.count) inconclusive rows have", "their", "them")
        return "note: \(count) too few samples for a time verdict, fewer than \(minimumSamplesForInterval) on a side (\(named)): "
            + "\(its) samples are too long for \(its) share of the run (a trajectory row's sample is its whole trajectory); to "
            + "sample \(it) more, time such rows alone with a larger time budget in both runs, or count their instructions"
    }

    /// The time rows only the run-wide drift would decide: `inconclusive`, though their interval divided by the drift
    /// is past the threshold, because without the drift it is not (`Comparator.compare`, rule 2). A run slower or
    /// faster throughout than its baseline's cannot tell such a row's change from its share of the machine's
    /// (Docs/VERDICTS.md, "The check without the drift").
    public var decidedOnlyByDrift: [ComparisonRow] {
        rows.filter { row in
            guard row.metric == .time, row.verdict == .inconclusive, let low = row.ciLow, let high = row.ciHigh else {
                return false
            }
            let verdict = Comparator.timeVerdict(low: low, high: high, threshold: options.timeThreshold)
            return verdict == .regressed || verdict == .improved
        }
    }

    /// One line on `decidedOnlyByDrift`, for standard error after the table: how many rows, which way, and what to
    /// do; nil when there are none.
    public var driftNote: String? {
        let rows = decidedOnlyByDrift
        guard !rows.isEmpty else { return nil }
        let slower = rows.filter { ($0.ciLow ?? 0) > 1 }.count
        let ways = [slower > 0 ? "\(slower) slower" : nil, rows.count > slower ? "\(rows.count - slower) faster" : nil]
            .compactMap { $0 }.joined(separator: ", ")
        let (count, verb) = rows.count == 1 ? ("1 inconclusive row", "is") : ("\(rows.count) inconclusive rows", "are")
        // A baseline slower throughout stays so in every later comparison: running again does not mend it.
        let (slowerRun, remedy) = driftFactor < 1
            ? ("the baseline", "record the baseline again when the machine is steady")
            : ("the current run", "run again when the machine is steady")
        return "note: \(count) (\(ways)) \(verb) past the threshold after the run-wide drift of "
            + "\(DecimalFormat.string(driftFactor, decimals: 3))x but not without it: \(slowerRun) ran slower throughout, "
            + "and a row's share of that cannot be told from a change (Docs/VERDICTS.md, \"The check without the drift\"); "
            + "\(remedy), or compare with `ab`"
    }

    /// `p10`, or `median of samples divided by their rounds' slowdowns`: what the time ratios were taken of.
    public var estimatorDescription: String {
        guard roundSpeedsDivided else { return options.estimator.description }
        return "\(options.estimator) of samples divided by their rounds' slowdowns"
            + (profileRuns.map { ", exponents from this machine's profile of \($0) runs" } ?? "")
            + (widened == 0 ? "" : widened == 1 ? ", 1 row's interval widened for its spread between runs"
                : ", \(widened) rows' intervals widened for their spread between runs")
    }

    /// How many rows got each verdict (verdicts with no row are absent).
    public var summary: [Verdict: Int] {
        rows.reduce(into: [:]) { $0[$1.verdict, default: 0] += 1 }
    }

    public var hasRegression: Bool { rows.contains { $0.verdict == .regressed } }

    /// How many `unchanged` rows moved each way short of the threshold (`ComparisonRow.belowThreshold`).
    public var belowThreshold: [BelowThreshold: Int] {
        rows.reduce(into: [:]) { counts, row in if let direction = row.belowThreshold { counts[direction, default: 0] += 1 } }
    }

    /// The counts the summaries give, in the verdicts' order: `2 regressed`, `1 inconclusive`, `35 unchanged`,
    /// `2 slower below threshold`, ... The rows `belowThreshold` are counted apart from the other `unchanged` ones;
    /// verdicts with no row are left out.
    public var verdictCounts: [String] {
        let counts = summary, moved = belowThreshold
        return Verdict.allCases.flatMap { verdict -> [String] in
            guard verdict == .unchanged else { return counts[verdict].map { ["\($0) \(verdict.rawValue)"] } ?? [] }
            let still = (counts[.unchanged] ?? 0) - moved.values.reduce(0, +)
            return (still > 0 ? ["\(still) unchanged"] : [])
                + BelowThreshold.allCases.compactMap { direction in moved[direction].map { "\($0) \(direction.counted)" } }
        }
    }

    /// One line: `2 regressed, 1 inconclusive, 38 unchanged, 2 slower below threshold; drift 1.31x (median of 10
    /// matched reference rows); threshold 22% (time, median)`.
    public var summaryLine: String {
        let parts = verdictCounts
        if let reason = options.timesNotComparable {
            return (parts.isEmpty ? "no rows" : parts.joined(separator: ", "))
                + "; times not compared: \(reason)"
                + (rows.contains { $0.metric == .instructions }
                    ? "; instructions decide, threshold \(DecimalFormat.string(options.instructionThreshold * 100, decimals: 2))%" : "")
        }
        return (parts.isEmpty ? "no rows" : parts.joined(separator: ", "))
            + "; drift \(DecimalFormat.string(driftFactor, decimals: 3))x (\(driftSource))"
            + (fullSpeed.map { "; \($0.description)" } ?? "")
            + "; threshold \(DecimalFormat.string(options.timeThreshold * 100, decimals: 2))% (time, \(estimatorDescription))"
            + (rows.contains { $0.metric == .worstFrame }
                ? ", \(DecimalFormat.string(options.worstFrameThreshold * 100, decimals: 2))% (worst frame, drift "
                    + "\(DecimalFormat.string(frameDriftFactor, decimals: 3))x)" : "")
            + (rows.contains { $0.metric == .instructions }
                ? ", \(DecimalFormat.string(options.instructionThreshold * 100, decimals: 2))% (instructions)" : "")
    }
}

/// Compares a candidate run with a baseline, row by row (matched on benchmark + size).
///
/// The rule, per row present in both runs:
/// 1. Instructions, when both rows have `instructionsPerIteration`: `ratio = current / baseline`
///    (no statistics, no normalisation; `ci_low = ci_high = ratio`). `regressed` if
///    `ratio > 1 + instructionThreshold`, `improved` if `ratio < 1 / (1 + instructionThreshold)`, else `unchanged`.
/// 2. Otherwise time, by `options.estimator` (`TimeEstimator`; by default the ratio of the runs' medians), of the
///    samples each divided by its round's slowdown (`RoundSpeeds`, measured on the reference rows,
///    `options.references`; unless `options.roundSpeeds` is off or too few rows have samples). Rows of two scopes
///    (`options.scope`, `ScopeCheck`) read `not comparable` instead. The raw ratio is the estimator's ratio of the two rows' samples; its interval the
///    estimator's (a seeded percentile bootstrap over both sample sets, `resamples` times, central `confidence`
///    range; Moses's interval for Hodges–Lehmann). Without raw samples (fewer than 3 on either side) the ratio
///    is `median(current) / median(baseline)` and the interval
///    `(m_c - MAD_c) / (m_b + MAD_b) ... (m_c + MAD_c) / (m_b - MAD_b)`.
///    Ratio and interval are then divided by the drift factor `d` (see `DriftNormalization`).
///    With `t = timeThreshold`, `up = 1 + t`, `down = 1 / (1 + t)` and the interval `[lo, hi]`:
///    - `regressed` when `lo > up` (the whole interval is past the threshold);
///    - `improved` when `hi < down`;
///    - `unchanged` when `down <= lo` and `hi <= up` (the whole interval is within the threshold);
///    - otherwise the interval straddles `up` or `down`: `inconclusive` when it is wide (`hi / lo > up`,
///      noise as large as the threshold itself), else `unchanged` (a narrow interval touching the threshold
///      is not shown to be past it).
///    A `regressed` or `improved` must also hold for the raw interval (not divided by `d`), else the row is
///    `inconclusive`. A zero or missing median, or an unbounded interval, gives `inconclusive`.
/// 3. A row that rule 2 leaves `unchanged` or `inconclusive` takes its worst frame's verdict where it has one
///    (`WorstFrameVerdict`: its own threshold, metric `worst_frame`).
/// Rows only in the candidate are `new`; rows only in the baseline are `missing`. When the runs' times are not
/// comparable (`ComparisonOptions.timesNotComparable`: another machine), rule 2 gives `not comparable` instead.
/// The fewest raw samples on each side for a time interval, and so a time verdict (`Comparator.interval`):
/// `Defaults.minimumSamplesForInterval`.
public let minimumSamplesForInterval = Defaults.minimumSamplesForInterval

public enum Comparator {
    /// - Complexity: O(rows x resamples x samples log samples).
    public static func compare(
        baseline: [ResultRow], current: [ResultRow], options: ComparisonOptions = ComparisonOptions()
    ) -> Comparison {
        var options = options
        let allBaseline = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let allCurrent = Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let matchedKeys = allBaseline.keys.filter { allCurrent[$0] != nil }
        // Times of another machine are compared in no scope: nothing to say about scopes then.
        let scope = options.timesNotComparable == nil ? options.scope.outcome(keys: matchedKeys) : ScopeCheck.Outcome()
        // Every matched row of another scope: no time is compared, for that reason (`ScopeCheck`).
        if options.timesNotComparable == nil, let difference = scope.difference, scope.otherScope.count == matchedKeys.count {
            options.timesNotComparable = "another scope (\(difference))"
        }
        let otherScope = Set(scope.otherScope)
        // The machine's speed is measured on rows of one scope only: the rows of another are compared as they are
        // (instruction counts decide them; their times read `not comparable`, `compareRow`).
        var baselineByKey = otherScope.isEmpty ? allBaseline : allBaseline.filter { !otherScope.contains($0.key) }
        var currentByKey = otherScope.isEmpty ? allCurrent : allCurrent.filter { !otherScope.contains($0.key) }
        let references = options.references
        let (rawBaseline, rawCurrent) = (baselineByKey, currentByKey)   // the full-speed share is of raw samples
        var divided = false
        if options.roundSpeeds, options.timesNotComparable == nil,
           let rows = RoundSpeeds.divide(baseline: baselineByKey, current: currentByKey, profile: options.profile,
                                         references: references) {
            (baselineByKey, currentByKey, divided) = (rows.baseline, rows.current, true)
        }
        let (drift, source) = options.timesNotComparable == nil
            ? driftFactor(baseline: baselineByKey, current: currentByKey, options.normalization, estimator: options.estimator,
                          references: references)
            : (1, "not estimated")
        let frames = frameDrift(baseline: baselineByKey, current: currentByKey, options.normalization, references: references)
        for key in otherScope {
            baselineByKey[key] = allBaseline[key]
            currentByKey[key] = allCurrent[key]
        }
        let rowOptions = options
        // A profile's widenings go with its exponents: with samples divided by their rounds' slowdowns.
        let widenings = divided && options.profile?.isUsable == true ? options.profile!.widenings() : [:]
        let keys = Set(baselineByKey.keys).union(currentByKey.keys).sorted()
        // The matched rows first, each on its own core: each row's bootstrap has its own seeded generator
        // (`interval`), so they come out as in one loop, in about half the time on two cores (a default run's
        // comparison against the committed baseline: 1.2 s in one loop).
        let pairs = keys.compactMap { key -> (ResultRow, ResultRow)? in
            guard let base = baselineByKey[key], let candidate = currentByKey[key] else { return nil }
            return (base, candidate)
        }
        var compared = [ComparisonRow?](repeating: nil, count: pairs.count)
        compared.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: pairs.count) { index in
                let (base, candidate) = pairs[index]
                output[index] = compareRow(base, candidate, drift: drift, frameDrift: frames,
                                           widening: widenings[base.key] ?? 1, otherScope: otherScope.contains(base.key),
                                           options: rowOptions)
            }
        }
        var matched = compared.compactMap { $0 }[...]
        let rows = Self.rows(keys: keys, baseline: baselineByKey, current: currentByKey) { _, _ in matched.removeFirst() }
        // Only where time decides a row: where instruction counts decide every row, the machine's speed decides nothing.
        let timed = rows.contains { $0.metric == .time || $0.metric == .worstFrame }
        let undersampled = zip(pairs, compared).compactMap { pair, row -> UndersampledRow? in
            let (base, candidate) = pair
            guard let row, row.metric == .time, row.verdict == .inconclusive, hasTooFewSamples(base, candidate) else {
                return nil
            }
            return UndersampledRow(key: row.key, baseline: base.samples.count, current: candidate.samples.count)
        }
        let widened = compared.compactMap { $0 }.filter { $0.metric == .time && widenings[$0.key, default: 1] > 1 }
        return Comparison(rows: rows, driftFactor: drift, driftSource: source, options: options, frameDriftFactor: frames,
                          fullSpeed: timed ? FullSpeedRounds.measure(baseline: rawBaseline, current: rawCurrent,
                                                                     references: references) : nil,
                          roundSpeedsDivided: divided && timed,
                          profileRuns: divided && timed && options.profile?.isUsable == true ? options.profile?.runs : nil,
                          undersampled: undersampled,
                          widened: widened.count,
                          referenceRows: references.map { references in matchedKeys.filter(references.contains).sorted() } ?? [],
                          scope: scope)
    }

    /// One row per key, in the keys' order: `matched` for a key both runs have (called in that order), `missing` or
    /// `new` for a key one of them has. `compare` and `PairedComparison.compare` both build their rows so.
    /// - Complexity: O(keys) besides `matched`.
    static func rows(keys: [RowKey], baseline: [RowKey: ResultRow], current: [RowKey: ResultRow],
                     matched: (ResultRow, ResultRow) -> ComparisonRow) -> [ComparisonRow] {
        keys.compactMap { key in
            switch (baseline[key], current[key]) {
            case let (base?, candidate?): matched(base, candidate)
            case let (base?, nil): .missing(key, baseline: base)
            case let (nil, candidate?): .new(key, current: candidate)
            case (nil, nil): nil
            }
        }
    }

    /// The verdict of a ratio interval under the time rule above (already normalised).
    /// - Complexity: O(1).
    public static func timeVerdict(low: Double, high: Double, threshold: Double) -> Verdict {
        let up = 1 + threshold
        let down = 1 / up
        guard low.isFinite, high.isFinite, low > 0 else { return .inconclusive }
        if low > up { return .regressed }
        if high < down { return .improved }
        if low >= down && high <= up { return .unchanged }
        return high / low > up ? .inconclusive : .unchanged
    }

    /// `widening`: the factor of the row's interval (`MachineProfile.widenings()`, `widen`); `otherScope`: the two rows
    /// are of other scopes (`ScopeCheck`), so their times are not compared.
    static func compareRow(
        _ base: ResultRow, _ candidate: ResultRow, drift: Double, frameDrift: Double = 1, widening: Double = 1,
        otherScope: Bool = false, options: ComparisonOptions
    ) -> ComparisonRow {
        let rawRatio = timeRatio(base, candidate, estimator: options.estimator)
        var row = ComparisonRow(
            key: candidate.key, unit: candidate.unit, baselineMedian: base.median, currentMedian: candidate.median,
            rawRatio: rawRatio, ratio: nil, ciLow: nil, ciHigh: nil, verdict: .inconclusive, metric: .time)
        if decideByInstructions(&row, base, candidate, options: options) { return row }
        if options.timesNotComparable != nil || otherScope {
            row.verdict = .notComparable
            row.metric = .none
            return row
        }
        guard let rawRatio else { return row }
        row.ratio = rawRatio / drift
        guard let (low, high) = interval(base, candidate, options: options).map({ widen($0, around: rawRatio, by: widening) }) else {
            WorstFrameVerdict.apply(to: &row, base, candidate, drift: frameDrift, options: options)
            return row
        }
        (row.ciLow, row.ciHigh) = (low / drift, high / drift)
        row.verdict = timeVerdict(low: low / drift, high: high / drift, threshold: options.timeThreshold)
        // A verdict holds for any drift between none and the whole run's: a row's own share of a machine's slow
        // spell lies between the two (tiny arithmetic rows feel it least, allocating ones most), so `regressed` and
        // `improved` need the raw interval past the threshold as well. The raw interval is of the samples divided by
        // their rounds' slowdowns where they were: that division is within each run, the drift between them
        // (Docs/VERDICTS.md, "The check without the drift").
        if row.verdict == .regressed || row.verdict == .improved,
           timeVerdict(low: low, high: high, threshold: options.timeThreshold) != row.verdict {
            row.verdict = .inconclusive
        }
        WorstFrameVerdict.apply(to: &row, base, candidate, drift: frameDrift, options: options)
        return row
    }

    /// `interval` with each end's distance from `ratio`, as a log, times `factor` (an end on the wrong side of
    /// `ratio` stays): a row whose level moves between runs more than its samples say (`MachineProfile.widenings()`).
    /// - Complexity: O(1).
    static func widen(_ interval: (Double, Double), around ratio: Double, by factor: Double) -> (Double, Double) {
        guard factor > 1, ratio > 0 else { return interval }
        let (low, high) = interval
        return (min(low, ratio * pow(low / ratio, factor)), max(high, ratio * pow(high / ratio, factor)))
    }

    /// Whether either row has raw samples, but fewer than an interval needs (1 or 2): no time verdict.
    static func hasTooFewSamples(_ base: ResultRow, _ candidate: ResultRow) -> Bool {
        let tooFew = 1..<minimumSamplesForInterval
        return tooFew.contains(base.samples.count) || tooFew.contains(candidate.samples.count)
    }

    /// Whether both rows have the raw samples an estimator needs.
    static func hasSamples(_ base: ResultRow, _ candidate: ResultRow) -> Bool {
        base.samples.count >= minimumSamplesForInterval && candidate.samples.count >= minimumSamplesForInterval
    }

    /// The raw time ratio `candidate / base` by `estimator`, or of the medians without samples; nil when not positive.
    static func timeRatio(_ base: ResultRow, _ candidate: ResultRow, estimator: TimeEstimator) -> Double? {
        if hasSamples(base, candidate) { return estimator.ratio(base.samples, candidate.samples) }
        return base.median > 0 && candidate.median > 0 ? candidate.median / base.median : nil
    }

    /// When both rows have instruction counts, they decide (deterministic): `row` gets their ratio, its metric and
    /// its verdict against `options.instructionThreshold`, and the answer is true. `run`, `compare` and `ab` alike.
    static func decideByInstructions(_ row: inout ComparisonRow, _ base: ResultRow, _ candidate: ResultRow,
                                     options: ComparisonOptions) -> Bool {
        guard let before = base.instructionsPerIteration, let after = candidate.instructionsPerIteration, before > 0 else {
            return false
        }
        let ratio = after / before
        let up = 1 + options.instructionThreshold
        row.metric = .instructions
        (row.ratio, row.ciLow, row.ciHigh) = (ratio, ratio, ratio)
        row.verdict = ratio > up ? .regressed : ratio < 1 / up ? .improved : .unchanged
        return true
    }

    /// The raw-ratio interval: the estimator's over the samples, or the MAD interval without them; nil when unbounded.
    static func interval(_ base: ResultRow, _ candidate: ResultRow, options: ComparisonOptions) -> (Double, Double)? {
        // One or two raw samples give no interval (a bootstrap of a point, a MAD of 0), so no time verdict: an
        // interval from two samples flags rows of A/A pairs under load (Docs/NOISE.md, "Three samples at least").
        if hasTooFewSamples(base, candidate) { return nil }
        if hasSamples(base, candidate) {
            var generator = SeededGenerator(seed: options.seed ^ StableHash.of(candidate.key.description))
            return options.estimator.interval(
                base.samples, candidate.samples, resamples: options.resamples, confidence: options.confidence,
                generator: &generator)
        }
        let low = (candidate.median - candidate.mad) / (base.median + base.mad)
        let denominator = base.median - base.mad
        guard denominator > 0, low > 0 else { return nil }
        return (low, (candidate.median + candidate.mad) / denominator)
    }

    /// The run-wide drift and where it came from, in words (`Comparison.driftSource`). With `references`, the median
    /// is over the matched reference rows alone (`DriftNormalization.medianOfAllRows`).
    static func driftFactor(
        baseline: [RowKey: ResultRow], current: [RowKey: ResultRow], _ normalization: DriftNormalization,
        estimator: TimeEstimator, references: Set<RowKey>? = nil
    ) -> (Double, String) {
        func ratios(_ include: (RowKey) -> Bool) -> [Double] {
            baseline.compactMap { key, base in
                guard include(key), let candidate = current[key] else { return nil }
                return timeRatio(base, candidate, estimator: estimator)
            }
        }
        switch normalization {
        case .none:
            return (1, "not normalised")
        case .referenceFamily(let family):
            let reference = ratios { $0.benchmark.family == family }
            if !reference.isEmpty {
                return (SampleStatistics.median(reference), "median of \(reference.count) '\(family)' rows")
            }
            let all = ratios { _ in true }
            guard !all.isEmpty else { return (1, "no matched rows") }
            return (SampleStatistics.median(all), "no '\(family)' rows: median of all \(all.count) matched rows")
        case .medianOfAllRows:
            let included: (RowKey) -> Bool = references.map { references in { references.contains($0) } } ?? { _ in true }
            let which = references == nil ? "matched rows" : "matched reference rows"
            let all = ratios(included)
            guard !all.isEmpty else { return (1, references == nil ? "no matched rows" : "not normalised: no matched reference rows") }
            // A median over a few rows (a filtered run) would absorb a real regression of those very rows.
            let benchmarks = Set(baseline.keys.filter { included($0) && current[$0] != nil }.map(\.benchmark))
            guard enoughToTellDrift(rows: all.count, benchmarks: benchmarks.count) else {
                return (1, "not normalised: \(all.count) \(which) of \(benchmarks.count) benchmark\(benchmarks.count == 1 ? "" : "s") are too few to tell drift")
            }
            return (SampleStatistics.median(all), "median of \(all.count) \(which)")
        }
    }

    /// The worst frames' own drift: the median of `current / baseline` over the matched rows with a worst frame on
    /// both sides, under the time drift's rule (`.none`: 1; otherwise at least `minimumRowsForDrift` rows of
    /// `minimumBenchmarksForDrift` benchmarks, else 1). Not the time drift: a frame's cost is the smaller of its
    /// wall and thread CPU times (`FrameProfile`), which does not see what slows a whole run's wall clock (a
    /// neighbour VM's steal time): divided by the time drift, an unchanged worst frame reads `improved` in a run
    /// whose medians alone ran slower (Docs/WORST-FRAME.md, "Its verdict").
    /// - Complexity: O(rows log rows).
    /// With `references`, only the reference rows count (none with a worst frame: 1).
    static func frameDrift(baseline: [RowKey: ResultRow], current: [RowKey: ResultRow],
                           _ normalization: DriftNormalization, references: Set<RowKey>? = nil) -> Double {
        if case .none = normalization { return 1 }
        var ratios: [Double] = []
        var benchmarks: Set<BenchmarkID> = []
        for (key, base) in baseline where references?.contains(key) ?? true {
            guard let before = base.worstFrame, before > 0, let after = current[key]?.worstFrame, after > 0 else { continue }
            ratios.append(after / before)
            benchmarks.insert(key.benchmark)
        }
        guard enoughToTellDrift(rows: ratios.count, benchmarks: benchmarks.count) else { return 1 }
        return SampleStatistics.median(ratios)
    }

    /// The fewest matched rows, and distinct benchmarks among them, a run-wide drift is estimated from.
    public static let minimumRowsForDrift = Defaults.minimumRowsForDrift
    public static let minimumBenchmarksForDrift = Defaults.minimumBenchmarksForDrift

    /// Whether `rows` matched rows of `benchmarks` benchmarks are enough to tell a run-wide drift (the time drift's
    /// and the worst frames'): a median over fewer (a filtered run) would absorb a real change of those very rows.
    static func enoughToTellDrift(rows: Int, benchmarks: Int) -> Bool {
        rows >= minimumRowsForDrift && benchmarks >= minimumBenchmarksForDrift
    }
}
