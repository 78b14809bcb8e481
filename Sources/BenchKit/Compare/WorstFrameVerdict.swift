/// The relative change of a row's worst frame (`ResultRow.worstFrame`), drift-normalised, that makes it
/// `regressed` (or, as `1/(1+t)`, `improved`) when its median did not decide: `Defaults.worstFrameThreshold`.
public let defaultWorstFrameThreshold = Defaults.worstFrameThreshold

/// The least a worst frame must move, in nanoseconds (after the drift), to get a verdict:
/// `Defaults.worstFrameNoiseFloor`. A worst frame of a few tens of microseconds moves by as much between two runs
/// of one build, with the heap and the neighbours.
public let worstFrameNoiseFloor = Defaults.worstFrameNoiseFloor

/// The worst-frame rule of a comparison: a row whose median is `unchanged` or `inconclusive` by time takes the
/// verdict of its worst frame when that one is past `worstFrameThreshold`.
///
/// With worst frames `b` and `c` (ns), the drift factor `d` and `t = worstFrameThreshold`: `r = c / b / d`;
/// `regressed` when `r > 1 + t` and `c - b d >= worstFrameNoiseFloor`, `improved` when `r < 1/(1 + t)` and
/// `b d - c >= worstFrameNoiseFloor`; and, as for a time verdict, only when the same holds without the drift
/// (`d = 1`), since a row's worst frame may have felt none of it. Otherwise no verdict. No verdict either when a row
/// has no worst frame (a row without a frame profile, an older results file) or when instruction counts decided the
/// row (the gate stays deterministic). Evidence for the thresholds and the check without the drift:
/// Docs/WORST-FRAME.md, "Its verdict".
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
