/// The mean-frame rule of a comparison (issue 19): a row whose samples leave it `inconclusive` takes the verdict of
/// its mean frame (`ResultRow.meanFrame`) when that one is past the time threshold, after its own drift and without.
///
/// Why: a trajectory row at n = 3 000 or 10 000 takes 1 to 10 samples of 0.05-1.2 s each (a sample is the whole
/// trajectory of 2 517 frames), and this VM's slow spells, which last about as long, land in some of them and not
/// in others, so their interval straddles any threshold. Its frame profile times the same frames one by one, each
/// the smaller of its wall and thread CPU times (blind to the time the thread was preempted or the VM stolen), at
/// its cheapest of 2 to 7 plays far apart in the run (`FrameProfiler.Session`): its mean is a location with
/// thousands of frames behind it.
///
/// With mean frames `b` and `c` (ns), their drift `d` (`Comparator.frameDrift` over the mean frames) and the time
/// threshold `t`: `r = c / b / d`; `regressed` when `r > 1 + t`, `improved` when `r < 1/(1 + t)`, and, as for a time
/// verdict, only when the same holds without the drift. Otherwise no verdict, and the row stays `inconclusive`: a
/// point with no interval does not show a row `unchanged`. No verdict either for a row without a mean frame on
/// either side (a component row, an older results file), or one instruction counts decided.
public enum MeanFrameVerdict {
    /// The verdict on the mean frames `baseline` and `current`, with its drift-normalised ratio; nil for none.
    /// - Complexity: O(1).
    public static func verdict(baseline: Double?, current: Double?, drift: Double,
                               threshold: Double) -> (ratio: Double, verdict: Verdict)? {
        guard let baseline, let current, baseline > 0, current > 0, drift > 0 else { return nil }
        let ratio = current / baseline / drift
        let verdict = Comparator.timeVerdict(low: ratio, high: ratio, threshold: threshold)
        guard verdict == .regressed || verdict == .improved,
              Comparator.timeVerdict(low: current / baseline, high: current / baseline, threshold: threshold) == verdict
        else { return nil }
        return (ratio, verdict)
    }

    /// Gives `row` (left `inconclusive` by its samples) its mean frame's verdict where the rule above has one.
    static func apply(to row: inout ComparisonRow, _ base: ResultRow, _ candidate: ResultRow, drift: Double,
                      options: ComparisonOptions) {
        guard options.meanFrames, row.metric == .time, row.verdict == .inconclusive,
              let (ratio, verdict) = Self.verdict(baseline: base.meanFrame, current: candidate.meanFrame, drift: drift,
                                                 threshold: options.timeThreshold)
        else { return }
        row.verdict = verdict
        row.metric = .meanFrame
        (row.ratio, row.ciLow, row.ciHigh) = (ratio, ratio, ratio)
    }
}
