/// The relative change of a row's worst frame (`ResultRow.worstFrame`), drift-normalised, that makes it
/// `regressed` (or, as `1/(1+t)`, `improved`) when its median did not decide.
///
/// From A/A runs on the 2-core reference machine while other engineers built (README, "How a verdict is decided"):
/// between two quick runs of one build, worst frames of 50 us and more moved by 0.61x to 1.19x (an O(N) rotation
/// at n = 10 000 that page-faults in one process and not in the other: 125 us against 76 us); 75% keeps them
/// unflagged while a worst frame twice as long stands out.
public let defaultWorstFrameThreshold = 0.75

/// The least a worst frame must move, in nanoseconds (after the drift), to get a verdict: 100 us, 1.2% of a
/// 120 Hz frame. Worst frames of a few to a few tens of microseconds (a rotation's allocations, a release over a
/// small catalog) moved by up to 3.4x, and by up to 28 us, between two such runs, with the heap and the
/// neighbours; with a neighbour loading one core (`yes > /dev/null`), worst frames of about 60 us moved by up to
/// 60 us between two quick runs (`uikit/seed003.paging` at n = 300: a release, 62-64 us in five runs and 108-122 us
/// in five; `uikit/seed004.sentinel`: 59-122 us), which the former 50 us floor flagged in 2 of 10 pairs. None of
/// them is a hitch risk.
public let worstFrameNoiseFloor = 100_000.0

/// The worst-frame rule of a comparison (issue 17): a row whose median is `unchanged` or `inconclusive` by time
/// takes the verdict of its worst frame when that one is past `worstFrameThreshold`.
///
/// With worst frames `b` and `c` (ns), the drift factor `d` and `t = worstFrameThreshold`: `r = c / b / d`;
/// `regressed` when `r > 1 + t` and `c - b d >= worstFrameNoiseFloor`, `improved` when `r < 1/(1 + t)` and
/// `b d - c >= worstFrameNoiseFloor`; and, as for a time verdict (README, "How a verdict is decided"), only when
/// the same holds without the drift (`d = 1`), since a row's worst frame may have felt none of it. Otherwise no
/// verdict. No verdict either when a row has no worst frame (a component row, an older results file) or when
/// instruction counts decided the row (the gate stays deterministic).
///
/// Without the drift: in quick A/A pairs (sets H and I of issue 19's eighth session, 20 pairs a build) the rule at
/// `d` alone flagged 3 `uikit/seed003.paging` and `uikit/seed004.sentinel` rows at n = 300 in 2 pairs, e.g. a
/// rotation of 121 us then 63 us with the worst frames' drift about 1.5: 0.35x and 118 us after the drift, 58 us
/// without it.
public enum WorstFrameVerdict {
    /// The verdict on the worst frames `baseline` and `current`, with its drift-normalised ratio; nil for none.
    /// - Complexity: O(1).
    public static func verdict(baseline: Double?, current: Double?, drift: Double,
                               threshold: Double) -> (ratio: Double, verdict: Verdict)? {
        guard let baseline, let current, baseline > 0, current > 0, drift > 0,
              let verdict = passed(baseline: baseline, current: current, drift: drift, threshold: threshold),
              passed(baseline: baseline, current: current, drift: 1, threshold: threshold) == verdict
        else { return nil }
        return (current / baseline / drift, verdict)
    }

    /// The rule at one drift: `regressed`, `improved`, or nil.
    private static func passed(baseline: Double, current: Double, drift: Double, threshold: Double) -> Verdict? {
        let ratio = current / baseline / drift
        let change = current - baseline * drift
        if ratio > 1 + threshold && change >= worstFrameNoiseFloor { return .regressed }
        if ratio < 1 / (1 + threshold) && -change >= worstFrameNoiseFloor { return .improved }
        return nil
    }

    /// Gives `row` (decided by time) its worst frame's verdict where the rule above has one.
    static func apply(to row: inout ComparisonRow, _ base: ResultRow, _ candidate: ResultRow, drift: Double,
                      options: ComparisonOptions) {
        guard row.metric == .time, row.verdict == .unchanged || row.verdict == .inconclusive,
              let (ratio, verdict) = Self.verdict(baseline: base.worstFrame, current: candidate.worstFrame, drift: drift,
                                                 threshold: options.worstFrameThreshold)
        else { return }
        row.verdict = verdict
        row.metric = .worstFrame
        (row.ratio, row.ciLow, row.ciHigh) = (ratio, ratio, ratio)
    }
}
