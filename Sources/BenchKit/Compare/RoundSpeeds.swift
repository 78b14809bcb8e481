import Foundation

/// Each time sample divided by how much slower the machine ran in that sample's round: the unpaired counterpart of
/// `ab`'s paired rounds, applied by `Comparator.compare` before its estimator (`ComparisonOptions.roundSpeeds`).
///
/// `BenchmarkRunner` samples every case once per round, so a row's `i`-th sample was taken in round `i` (a case that
/// stopped early has only the first rounds). A round's *slowdown* in a run is the median, over that run's rows that
/// sampled in it, of `sample / fastest`, `fastest` the row's fastest sample in the run. A row does not feel every
/// slowdown alike (on the VM this was measured on, a slow round ran most rows about 1.55x slower and the `wrap/*`
/// rows, arithmetic in registers, hardly at all), so each matched row gets its own exponent `b`, one for both runs:
/// the least-squares slope of `log sample` on `log slowdown`, each run centred on its own means, pooled, and shrunk
/// towards 1: `b = (Sxy + shrinkage) / (Sxx + shrinkage)`, clamped to `0...maximumExponent`. A row's sample becomes
/// `sample / slowdown^b`. Where a run's rounds hardly differ (`Sxx` small) `b` is about 1 and nothing much changes;
/// where they do, a row that does not follow them keeps its samples.
///
/// Why (issue 19, session 7): on a 2-core VM whose rounds ran either at full speed or all about 1.55x slower, the
/// share of full-speed rounds ran from 0% to 100% from one quick run to the next, and a row's 10th percentile fell
/// in whichever speed a tenth of its samples reached. Chosen offline on 80 quick pairs (eight interleaved sets of 11
/// runs, two with `yes > /dev/null` on a core; `Benchmarks/Scripts/offline-verdicts.py`): a 1.5x slowdown of the 20
/// pipeline rows was found (19 `regressed`) in 36 pairs by the raw 10th percentile and in 74 by the median of the
/// divided samples, at 22%; an A/A row was flagged in 21 and 13 pairs. The exponent matters: one `b = 1` for every
/// row flagged A/A rows in 20 pairs, nearly all of them `wrap/*`; a slope per run without shrinkage, in 64. Scored
/// by `compare` itself on those 80 pairs and 60 others (README, "Round speeds"): 1.5x found in 125 of 140 pairs
/// (the raw 10th percentile: 50), A/A rows flagged in 22 (31).
///
///     let (before, after) = RoundSpeeds.divide(baseline: rowsA, current: rowsB)!
public enum RoundSpeeds {
    /// The prior weight towards an exponent of 1, in units of `Sxx` (a run of 50 rounds half at 1.55x has `Sxx`
    /// about 2.4): chosen among 0.3, 1, 3 and 10 on the 80 pairs above (A/A pairs flagged 14, 13, 18, 20; 1.5x found
    /// in 72, 74, 74, 74).
    public static let shrinkage = 1.0
    /// The largest exponent: a row may feel a slow round somewhat more than the median row does, not without bound.
    public static let maximumExponent = 1.3

    /// Each round's slowdown in one run, from its rows' samples (rows with a sample that is not positive are left
    /// out); empty when no row has a sample.
    /// - Complexity: O(rows x rounds log rows).
    public static func slowdowns(_ rows: [[Double]]) -> [Double] {
        let usable = rows.filter { !$0.isEmpty && $0.allSatisfy { $0 > 0 } }
        return medians(usable.map { ($0, $0.min()!) }).map(\.slowdown)
    }

    /// Per round, the median over the rows that sampled in it of `sample / fastest`, and how many rows did: this
    /// type's slowdowns (each row's own fastest) and `FullSpeedRounds`' (the fastest in either run).
    /// - Complexity: O(rows x rounds log rows).
    static func medians(_ rows: [(samples: [Double], fastest: Double)]) -> [(slowdown: Double, rows: Int)] {
        let rounds = rows.map(\.samples.count).max() ?? 0
        return (0..<rounds).map { round in
            let ratios = rows.compactMap { round < $0.samples.count ? $0.samples[round] / $0.fastest : nil }
            return (SampleStatistics.median(ratios), ratios.count)
        }
    }

    /// The exponent of one row (see above), from its samples in both runs and those runs' slowdowns (at least as
    /// many as the samples).
    /// - Complexity: O(samples).
    public static func exponent(_ baseline: [Double], _ baselineSlowdowns: [Double],
                                _ current: [Double], _ currentSlowdowns: [Double]) -> Double {
        let before = centredSums(baseline, baselineSlowdowns), after = centredSums(current, currentSlowdowns)
        return min(max((before.sxy + after.sxy + shrinkage) / (before.sxx + after.sxx + shrinkage), 0), maximumExponent)
    }

    /// One run's sums of a row's exponent: `Sxy` and `Sxx` of `log sample` on `log slowdown` (the sample's round's),
    /// each centred on the run's own means; zeros for no samples. `exponent` adds two runs' and `MachineProfile`
    /// many.
    /// - Complexity: O(samples).
    static func centredSums(_ samples: [Double], _ slowdowns: [Double]) -> (sxy: Double, sxx: Double) {
        guard !samples.isEmpty else { return (0, 0) }
        let x = samples.indices.map { log(slowdowns[$0]) }, y = samples.map { log($0) }
        let meanX = x.reduce(0, +) / Double(x.count), meanY = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0, sxx = 0.0
        for i in x.indices {
            sxy += (x[i] - meanX) * (y[i] - meanY)
            sxx += (x[i] - meanX) * (x[i] - meanX)
        }
        return (sxy, sxx)
    }

    /// Whether a row can be divided: at least `minimumSamplesForInterval` samples, every one positive.
    static func isUsable(_ row: ResultRow) -> Bool {
        row.samples.count >= minimumSamplesForInterval && row.samples.allSatisfy { $0 > 0 }
    }

    /// The rows both runs have with at least `minimumSamplesForInterval` samples on each side, every one positive:
    /// the rows this type divides and `FullSpeedRounds` measures. Nil when fewer than `Comparator.minimumRowsForDrift`
    /// of `minimumBenchmarksForDrift` benchmarks: a filtered run has too few rows to tell the machine's rounds from the
    /// code's.
    /// - Complexity: O(rows x samples).
    static func matched(baseline: [RowKey: ResultRow], current: [RowKey: ResultRow]) -> [RowKey]? {
        let matched = baseline.keys.filter { key in
            current[key].map { isUsable($0) && isUsable(baseline[key]!) } ?? false
        }
        let benchmarks = Set(matched.map(\.benchmark)).count
        return Comparator.enoughToTellDrift(rows: matched.count, benchmarks: benchmarks) ? matched : nil
    }

    /// Both runs' rows with every matched row's samples divided by its rounds' slowdowns (unmatched rows, and rows
    /// with fewer than `minimumSamplesForInterval` samples or one that is not positive, as they were). Nil when fewer
    /// than `Comparator.minimumRowsForDrift` matched rows of `minimumBenchmarksForDrift` benchmarks have samples: a
    /// filtered run has too few rows to tell the machine's rounds from the code's.
    ///
    /// With a `profile` of the machine that `isUsable` (`MachineProfile`), two things change. A round's slowdown is
    /// measured against each matched row's fastest sample in either run (`FullSpeedRounds`' measure), so that a run
    /// slow in every round is divided down to the other's full speed; and a row's exponent adds the profile's
    /// per-run averages, `weight` runs' worth, to the pair's own sums: `(Sxy + 3 sxy + 1) / (Sxx + 3 sxx + 1)`,
    /// clamped to `0...MachineProfile.maximumExponent` (a row with too few runs in the profile: the pair's alone).
    /// Both together, offline on 60 quick pairs of session 11 (each set with a profile of the other sets): no A/A
    /// pair flagged a row, against 1; the slowdowns against each run's own fastest with the profile's exponents
    /// flagged 2 of 50. Scored by `compare` on 40 quick pairs of an Intel VM (session 12, each of four sets with a
    /// profile of the other three): a 1.5x slowdown found in 36 against 29, 1.3x in 14 against 9, A/A rows flagged
    /// in 5 pairs against 6 (README, "Round speeds", "The machine profile").
    /// - Complexity: O(rows x rounds log rows).
    public static func divide(baseline: [RowKey: ResultRow], current: [RowKey: ResultRow], profile: MachineProfile? = nil)
        -> (baseline: [RowKey: ResultRow], current: [RowKey: ResultRow])? {
        guard let matched = matched(baseline: baseline, current: current) else { return nil }
        let learnt = profile?.isUsable == true ? profile : nil
        let before: [Double], after: [Double]
        if learnt != nil {
            let fastest = matched.map { min(baseline[$0]!.samples.min()!, current[$0]!.samples.min()!) }
            before = medians(matched.indices.map { (baseline[matched[$0]]!.samples, fastest[$0]) }).map(\.slowdown)
            after = medians(matched.indices.map { (current[matched[$0]]!.samples, fastest[$0]) }).map(\.slowdown)
        } else {
            (before, after) = (slowdowns(baseline.values.map(\.samples)), slowdowns(current.values.map(\.samples)))
        }
        var (dividedBaseline, dividedCurrent) = (baseline, current)
        for key in matched {
            let (old, new) = (baseline[key]!.samples, current[key]!.samples)
            let b: Double
            if let learnt {
                let (first, second, prior) = (centredSums(old, before), centredSums(new, after), learnt.prior(key))
                let sxy = first.sxy + second.sxy + prior.sxy, sxx = first.sxx + second.sxx + prior.sxx
                b = min(max((sxy + shrinkage) / (sxx + shrinkage), 0), MachineProfile.maximumExponent)
            } else {
                b = exponent(old, before, new, after)
            }
            dividedBaseline[key]!.samples = old.indices.map { old[$0] / pow(before[$0], b) }
            dividedCurrent[key]!.samples = new.indices.map { new[$0] / pow(after[$0], b) }
        }
        return (dividedBaseline, dividedCurrent)
    }
}
