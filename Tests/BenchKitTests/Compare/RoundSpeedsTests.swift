import BenchKit
import Foundation
import Testing

/// A machine with two speeds, as the 2-core VM has: in a slow round most rows run 1.55x slower, a register-only row
/// (`wrap/*`) hardly slower at all (`RoundSpeeds`).
@Suite struct RoundSpeedsTests {
    /// `twoSpeedRun`, its flat row 1.02x as long in a slow round.
    private func run(rounds: Int, seed: UInt64, slower: Double = 1, slow: (Int) -> Bool) -> [ResultRow] {
        twoSpeedRun(rounds: rounds, seed: seed, slower: slower, flatFeels: 1.02, slow: slow)
    }

    private func byKey(_ rows: [ResultRow]) -> [RowKey: ResultRow] {
        Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })
    }

    /// A round's slowdown is the median row's sample over that row's fastest; rows that stopped early are left out
    /// of the rounds after their last sample.
    @Test func aRoundsSlowdownIsTheMedianRowsSampleOverItsFastest() {
        let slowdowns = RoundSpeeds.slowdowns([[10, 15, 10], [20, 31, 22], [5, 8], [4, 0, 4]])
        // Round 0: 1, 1, 1; round 1: 1.5, 1.55, 1.6; round 2: 1, 1.1 (the third row stopped; the fourth has a 0).
        #expect(slowdowns.count == 3 && slowdowns[0] == 1 && slowdowns[1] == 1.55 && abs(slowdowns[2] - 1.05) < 1e-12)
        #expect(RoundSpeeds.slowdowns([]).isEmpty)
    }

    /// A row that follows the rounds gets an exponent of about 1, one that does not about 0; where no round differs
    /// from another the exponent is 1 (the shrinkage's prior), and nothing is divided by more than a slowdown of 1.
    @Test func eachRowGetsTheExponentOfHowMuchItFeelsTheRounds() {
        let slow: (Int) -> Bool = { $0 % 2 == 1 }
        let baseline = run(rounds: 30, seed: 1, slow: slow), current = run(rounds: 30, seed: 50, slow: slow)
        let before = RoundSpeeds.slowdowns(baseline.map(\.samples)), after = RoundSpeeds.slowdowns(current.map(\.samples))
        let follows = RoundSpeeds.exponent(baseline[5].samples, before, current[5].samples, after)
        let flat = RoundSpeeds.exponent(baseline[11].samples, before, current[11].samples, after)
        #expect(abs(follows - 1) < 0.05, "\(follows)")
        // Its own slope is log 1.02 / log 1.55 = 0.045; shrunk towards 1 over Sxx of about 2.9 (two runs of 30 rounds,
        // half at 1.55x): (0.045 x 2.9 + 1) / (2.9 + 1), about 0.29.
        #expect(flat > 0.2 && flat < 0.35, "\(flat)")
        let even = Array(repeating: 1.0, count: 30)
        #expect(RoundSpeeds.exponent(baseline[5].samples, even, current[5].samples, even) == 1)
    }

    /// A baseline slow in nearly every round: it ran at full speed in 2 of its 30 rounds, the current run in 20, and the
    /// current run's pipeline rows are 1.5x slower. The raw samples' 10th percentile sees the baseline's slow speed
    /// and the current run's full speed, so the slowdown reads about 0.97x raw and nothing is `regressed`; divided
    /// by their rounds' slowdowns, the medians find all four rows `regressed` and leave the others `unchanged`.
    @Test func aSlowdownIsFoundWhenTheRunsSpentDifferentSharesAtFullSpeed() {
        let baseline = run(rounds: 30, seed: 1) { $0 != 4 && $0 != 17 }
        let current = run(rounds: 30, seed: 50, slower: 1.5) { $0 % 3 == 0 }
        let raw = Comparator.compare(baseline: baseline, current: current,
                                     options: ComparisonOptions(estimator: .quantile(10), roundSpeeds: false))
        #expect(!raw.hasRegression, "\(raw.rows.map { "\($0.key) \($0.verdict)" })")
        let divided = Comparator.compare(baseline: baseline, current: current)
        #expect(divided.roundSpeedsDivided)
        for row in divided.rows {
            let expected: Verdict = row.key.benchmark.family == "pipeline" ? .regressed : .unchanged
            #expect(row.verdict == expected, "\(row.key): \(row.verdict) \(row.ciLow ?? 0)-\(row.ciHigh ?? 0)")
        }
        // The same two machines' moments without a change: nothing flagged, the flat row included.
        let same = Comparator.compare(baseline: baseline, current: run(rounds: 30, seed: 50) { $0 % 3 == 0 })
        #expect(same.rows.allSatisfy { $0.verdict == .unchanged }, "\(same.rows.map { "\($0.key) \($0.verdict)" })")
    }

    /// Only matched rows with enough positive samples are divided; unmatched ones keep theirs, and so does
    /// everything when too few rows are matched to tell the machine's rounds from the code (a filtered run).
    @Test func onlyMatchedRowsAreDividedAndOnlyWithEnoughRows() throws {
        let slow: (Int) -> Bool = { $0 >= 10 }
        let baseline = run(rounds: 20, seed: 1, slow: slow)
        var current = run(rounds: 20, seed: 50, slow: slow)
        current[6] = makeRow("other/s6", samples: current[6].samples)
        let divided = try #require(RoundSpeeds.divide(baseline: byKey(baseline), current: byKey(current)))
        #expect(divided.current[current[6].key]?.samples == current[6].samples, "not in the baseline")
        #expect(divided.baseline[baseline[6].key]?.samples == baseline[6].samples, "not in the current run")
        let five = try #require(divided.current[current[5].key]?.samples)
        #expect(five[15] < current[5].samples[15] / 1.4 && five[3] > current[5].samples[3] / 1.05, "a fast round's hardly")
        #expect(RoundSpeeds.divide(baseline: byKey(Array(baseline.prefix(7))), current: byKey(current)) == nil, "7 rows")
        let filtered = Comparator.compare(baseline: Array(baseline.prefix(7)), current: Array(current.prefix(7)))
        #expect(!filtered.roundSpeedsDivided && filtered.summaryLine.hasSuffix("(time, median)"), "\(filtered.summaryLine)")
    }
}

/// A baseline slow in every round against a current run slow in half of them: the run-wide drift is the slow
/// speed's, about 0.645x, and a pipeline row 1.5x slower reads about 0.97x raw.
@Suite struct RoundSpeedsSlowBaselineTests {
    /// `twoSpeedRun` of 50 rounds, its flat row not slowed at all.
    private func run(seed: UInt64, slower: Double = 1, slow: (Int) -> Bool) -> [ResultRow] {
        twoSpeedRun(rounds: 50, seed: seed, slower: slower, flatFeels: 1, slow: slow)
    }

    /// A limit, pinned: a verdict must hold for the raw interval too (`Comparator`), and here the slowed rows' raw
    /// ratio, about 0.97x, is under the threshold although divided by the drift they are 1.5x slower: `inconclusive`,
    /// not `regressed`. The row that feels no slow round is not flagged by the drift it did not feel either.
    @Test func aBaselineSlowInEveryRoundLeavesASlowdownInconclusive() throws {
        let baseline = run(seed: 1) { _ in true }
        let comparison = Comparator.compare(baseline: baseline, current: run(seed: 50, slower: 1.5) { $0 % 2 == 0 })
        #expect(comparison.roundSpeedsDivided && abs(comparison.driftFactor - 1 / 1.55) < 0.03, "\(comparison.driftFactor)")
        for row in comparison.rows {
            if row.key.benchmark.family == "pipeline" {
                let (raw, low) = (try #require(row.rawRatio), try #require(row.ciLow))
                #expect(row.verdict == .inconclusive && raw < 1 + defaultTimeThreshold && low > 1.4, "\(row)")
            } else {
                #expect(row.verdict != .regressed && row.verdict != .improved, "\(row)")
            }
        }
        // The note names the rows the drift alone would have decided: the four slowed ones, and the unchanged row
        // that felt none of the slow baseline, which no comparison of these two runs can tell from them.
        #expect(comparison.decidedOnlyByDrift.map { "\($0.key.benchmark)" }
                == ["pipeline/s0", "pipeline/s1", "pipeline/s2", "pipeline/s3", "wrap/flat"])
        let note = try #require(comparison.driftNote)
        #expect(note.hasPrefix("note: 5 inconclusive rows (5 slower) are past the threshold after the run-wide drift of 0.6"),
                "\(note)")
        #expect(note.contains("but not without it: the baseline ran slower throughout"), "\(note)")
        // Running again would meet the same baseline: the note says to record the baseline again.
        #expect(note.hasSuffix("; record the baseline again when the machine is steady, or compare with `ab`"), "\(note)")
        let same = Comparator.compare(baseline: baseline, current: run(seed: 50) { $0 % 2 == 0 })
        #expect(!same.rows.contains { $0.verdict == .regressed || $0.verdict == .improved },
                "\(same.rows.map { "\($0.key) \($0.verdict)" })")
        // Unchanged, the row that felt no slow round is the one the drift alone would call slower.
        #expect(same.decidedOnlyByDrift.map { "\($0.key.benchmark)" } == ["wrap/flat"])
        #expect(same.driftNote?.hasPrefix("note: 1 inconclusive row (1 slower) is past") == true, "\(same.driftNote ?? "")")
        // The other way round: the slow run is the current one, and the row reads faster.
        let swapped = Comparator.compare(baseline: run(seed: 50) { $0 % 2 == 0 }, current: baseline)
        #expect(swapped.decidedOnlyByDrift.map { "\($0.key.benchmark)" } == ["wrap/flat"])
        #expect(swapped.driftNote?.hasPrefix("note: 1 inconclusive row (1 faster) is past") == true
                && swapped.driftNote?.contains("the current run ran slower throughout") == true
                && swapped.driftNote?.hasSuffix("; run again when the machine is steady, or compare with `ab`") == true,
                "\(swapped.driftNote ?? "")")
        #expect(Comparator.compare(baseline: baseline, current: baseline).driftNote == nil)
    }
}
