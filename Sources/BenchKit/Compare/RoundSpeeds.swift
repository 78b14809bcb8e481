import Foundation

/// Each time sample divided by how much slower the machine ran in that sample's round: the unpaired counterpart of
/// `ab`'s paired rounds, applied by `Comparator.compare` before its estimator (`ComparisonOptions.roundSpeeds`).
///
/// `BenchmarkRunner` samples every case once per round, so a row's `i`-th sample was taken in round `i` (a case that
/// stopped early has only the first rounds). A round's *slowdown* in a run is the median, over that run's rows that
/// sampled in it, of `sample / fastest`, `fastest` the row's fastest sample in the run. A row does not feel every
/// slowdown alike (a slow round may run most rows about 1.5x slower and rows of arithmetic in registers hardly at
/// all), so each matched row gets its own exponent `b`, one for both runs: the least-squares slope of `log sample` on
/// `log slowdown`, each run centred on its own means, pooled, and shrunk towards 1:
/// `b = (Sxy + s) / (Sxx + s)` with `s = Defaults.roundSpeedShrinkage`, clamped to
/// `0...Defaults.roundSpeedMaximumExponent`. A row's sample becomes `sample / slowdown^b`. Where a run's rounds hardly
/// differ (`Sxx` small) `b` is about 1 and nothing much changes; where they do, a row that does not follow them keeps
/// its samples. A row's 10th percentile otherwise falls in whichever speed a tenth of its samples reached.
/// Evidence: Docs/NOISE.md, "Round speeds".
///
///     let (before, after) = RoundSpeeds.divide(baseline: rowsA, current: rowsB)!
public enum RoundSpeeds {
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
        let shrinkage = Defaults.roundSpeedShrinkage
        return min(max((before.sxy + after.sxy + shrinkage) / (before.sxx + after.sxx + shrinkage), 0),
                   Defaults.roundSpeedMaximumExponent)
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
    /// the rows this type divides. Nil when fewer than `Comparator.minimumRowsForDrift` of `minimumBenchmarksForDrift`
    /// benchmarks are among `references` (nil: among all of them): a filtered run has too few rows to tell the
    /// machine's rounds from the code's.
    /// - Complexity: O(rows x samples).
    static func matched(baseline: [RowKey: ResultRow], current: [RowKey: ResultRow],
                        references: Set<RowKey>? = nil) -> [RowKey]? {
        let matched = baseline.keys.filter { key in
            current[key].map { isUsable($0) && isUsable(baseline[key]!) } ?? false
        }
        let anchors = anchors(matched, references: references)
        let benchmarks = Set(anchors.map(\.benchmark)).count
        return Comparator.enoughToTellDrift(rows: anchors.count, benchmarks: benchmarks) ? matched : nil
    }

    /// The rows of `matched` a round's slowdown is measured on: the reference rows among them, or all of them without
    /// `references` (files that record none). `FullSpeedRounds` measures the same rows.
    static func anchors(_ matched: [RowKey], references: Set<RowKey>?) -> [RowKey] {
        references.map { references in matched.filter(references.contains) } ?? matched
    }

    /// Both runs' rows with every matched row's samples divided by its rounds' slowdowns (unmatched rows, and rows
    /// with fewer than `minimumSamplesForInterval` samples or one that is not positive, as they were). Nil when fewer
    /// than `Comparator.minimumRowsForDrift` matched rows of `minimumBenchmarksForDrift` benchmarks have samples: a
    /// filtered run has too few rows to tell the machine's rounds from the code's.
    ///
    /// With `references` (`ComparisonOptions.references`) a round's slowdown is measured on the matched reference rows
    /// alone, and those must be that many: the rows under test never set the rounds' speeds, so a change confined to
    /// them is not divided out as a slow machine (Docs/VERDICTS.md, "Reference rows"). Every matched row is still
    /// divided, with its own exponent, but a row with more samples than the reference rows have rounds, which keeps its
    /// samples.
    ///
    /// With a `profile` of the machine that `isUsable` (`MachineProfile`), two things change. A round's slowdown is
    /// measured against each matched row's fastest sample in either run (`FullSpeedRounds`' measure), so that a run
    /// slow in every round is divided down to the other's full speed; and a row's exponent adds the profile's
    /// per-run averages, `Defaults.profileWeight` runs' worth, to the pair's own sums:
    /// `(Sxy + 3 sxy + 1) / (Sxx + 3 sxx + 1)`, clamped to `0...Defaults.profileMaximumExponent` (a row with too few
    /// runs in the profile: the pair's alone). Evidence: Docs/NOISE.md, "The machine profile".
    /// - Complexity: O(rows x rounds log rows).
    public static func divide(baseline: [RowKey: ResultRow], current: [RowKey: ResultRow], profile: MachineProfile? = nil,
                              references: Set<RowKey>? = nil)
        -> (baseline: [RowKey: ResultRow], current: [RowKey: ResultRow])? {
        guard let matched = matched(baseline: baseline, current: current, references: references) else { return nil }
        let learnt = profile?.isUsable == true ? profile : nil
        let before: [Double], after: [Double]
        if learnt != nil {
            let anchors = anchors(matched, references: references)
            let fastest = anchors.map { min(baseline[$0]!.samples.min()!, current[$0]!.samples.min()!) }
            before = medians(anchors.indices.map { (baseline[anchors[$0]]!.samples, fastest[$0]) }).map(\.slowdown)
            after = medians(anchors.indices.map { (current[anchors[$0]]!.samples, fastest[$0]) }).map(\.slowdown)
        } else if let references {
            // Each run's reference rows, matched or not, as each run's rows are without references.
            (before, after) = (slowdowns(baseline.filter { references.contains($0.key) }.values.map(\.samples)),
                               slowdowns(current.filter { references.contains($0.key) }.values.map(\.samples)))
        } else {
            (before, after) = (slowdowns(baseline.values.map(\.samples)), slowdowns(current.values.map(\.samples)))
        }
        var (dividedBaseline, dividedCurrent) = (baseline, current)
        for key in matched {
            let (old, new) = (baseline[key]!.samples, current[key]!.samples)
            // A row sampled in rounds the reference rows did not reach (a baseline merged from several runs) keeps its
            // samples: those rounds' speeds are not known.
            guard old.count <= before.count, new.count <= after.count else { continue }
            let b: Double
            if let learnt {
                let (first, second, prior) = (centredSums(old, before), centredSums(new, after), learnt.prior(key))
                let sxy = first.sxy + second.sxy + prior.sxy, sxx = first.sxx + second.sxx + prior.sxx
                b = min(max((sxy + Defaults.roundSpeedShrinkage) / (sxx + Defaults.roundSpeedShrinkage), 0),
                        Defaults.profileMaximumExponent)
            } else {
                b = exponent(old, before, new, after)
            }
            dividedBaseline[key]!.samples = old.indices.map { old[$0] / pow(before[$0], b) }
            dividedCurrent[key]!.samples = new.indices.map { new[$0] / pow(after[$0], b) }
        }
        return (dividedBaseline, dividedCurrent)
    }
}
