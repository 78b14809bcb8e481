import BenchKit
import Testing

@Suite struct MeanFrameVerdictTests {
    @Test func theRuleOnTwoMeanFrames() {
        let t = 0.22
        let slower = MeanFrameVerdict.verdict(baseline: 80_000, current: 120_000, drift: 1, threshold: t)
        #expect(slower?.verdict == .regressed && slower?.ratio == 1.5)
        #expect(MeanFrameVerdict.verdict(baseline: 120_000, current: 80_000, drift: 1, threshold: t)?.verdict == .improved)
        // Within the threshold: no verdict (a point with no interval does not show a row unchanged).
        #expect(MeanFrameVerdict.verdict(baseline: 100_000, current: 121_000, drift: 1, threshold: t) == nil)
        #expect(MeanFrameVerdict.verdict(baseline: 100_000, current: 100_000, drift: 1, threshold: t) == nil)
        // The mean frames' drift is divided out: every mean frame 1.3x slower is a slower machine.
        #expect(MeanFrameVerdict.verdict(baseline: 100_000, current: 130_000, drift: 1.3, threshold: t) == nil)
        // A verdict holds without the drift too: 1.3x after a drift of 0.9 but 1.17x raw is none ...
        #expect(MeanFrameVerdict.verdict(baseline: 100_000, current: 117_000, drift: 0.9, threshold: t) == nil)
        // ... and 1.5x raw in a run whose mean frames were 1.1x faster is 1.36x after it, regressed both ways.
        let both = MeanFrameVerdict.verdict(baseline: 100_000, current: 150_000, drift: 1.1, threshold: t)
        #expect(both?.verdict == .regressed && abs(both!.ratio - 150.0 / 110) < 1e-12)
        // Without a mean frame on either side, or a zero: no verdict.
        #expect(MeanFrameVerdict.verdict(baseline: nil, current: 150_000, drift: 1, threshold: t) == nil)
        #expect(MeanFrameVerdict.verdict(baseline: 100_000, current: nil, drift: 1, threshold: t) == nil)
        #expect(MeanFrameVerdict.verdict(baseline: 0, current: 150_000, drift: 1, threshold: t) == nil)
    }

    /// Ten rows of `samples` samples around 100-1 000 ns (+-`spread`), each with a mean frame `mean(index)`.
    private func rows(samples: Int, spread: Double, seed: UInt64, scale: (Int) -> Double = { _ in 1 },
                      mean: (Int) -> Double?) -> [ResultRow] {
        (0..<10).map { index in
            let center = 100 * Double(index + 1) * scale(index)
            var row = makeRow("family\(index % 2)/s\(index)",
                              samples: noisySamples(center: center, spread: spread, count: samples, seed: seed &+ UInt64(index)))
            row.meanFrame = mean(index)
            return row
        }
    }

    @Test func aTrajectoryRowWithOneSampleIsDecidedByItsMeanFrame() {
        // One sample a side gives no interval (a whole trajectory at n = 10 000 outlasts its budget): rule 2 has no
        // verdict, and the mean frames, 1.5x for rows 2 and 7 and the same for the others, decide those two only.
        let slowed: Set<Int> = [2, 7]
        let baseline = rows(samples: 1, spread: 0, seed: 1) { 1_000 * Double($0 + 1) }
        let current = rows(samples: 1, spread: 0, seed: 2, scale: { slowed.contains($0) ? 1.5 : 1 }) { index in
            1_000 * Double(index + 1) * (slowed.contains(index) ? 1.5 : 1)
        }
        let comparison = Comparator.compare(baseline: baseline, current: current)
        for row in comparison.rows {
            let index = Int(row.key.benchmark.strategy.dropFirst())!
            #expect(row.verdict == (slowed.contains(index) ? .regressed : .inconclusive), "\(row.key): \(row)")
            #expect(row.metric == (slowed.contains(index) ? .meanFrame : .time), "\(row.key)")
        }
        #expect(comparison.meanFrameDriftFactor == 1)
        #expect(comparison.summaryLine.contains("; mean frame, drift 1x)"), "\(comparison.summaryLine)")
        // Off: as before.
        var options = ComparisonOptions()
        options.meanFrames = false
        #expect(Comparator.compare(baseline: baseline, current: current, options: options).summary == [.inconclusive: 10])
    }

    @Test func onlyInconclusiveRowsTakeTheMeanFramesVerdict() {
        // Samples that decide (unchanged, 30 samples +-2%) are not overridden by a mean frame 1.5x slower; samples
        // too noisy to decide (+-60%) are.
        let baseline = { (spread: Double) in self.rows(samples: 30, spread: spread, seed: 3) { _ in 10_000 } }
        let current = { (spread: Double) in
            self.rows(samples: 30, spread: spread, seed: 4) { $0 == 5 ? 15_000 : 10_000 }
        }
        let decided = Comparator.compare(baseline: baseline(0.02), current: current(0.02))
        #expect(decided.summary == [.unchanged: 10])
        let noisy = Comparator.compare(baseline: baseline(0.6), current: current(0.6))
        let five = noisy.rows.first { $0.key.benchmark.strategy == "s5" }!
        #expect(five.verdict == .regressed && five.metric == .meanFrame, "\(five)")
        #expect(noisy.rows.filter { $0.metric == .meanFrame }.count == 1)
    }

    @Test func theMeanFramesAreNormalisedByTheirOwnDrift() {
        // Every mean frame of the current run 1.4x (a machine slower in thread CPU time too), row 3's 2.1x: only
        // row 3 is past 1.22 after the drift, and only it regresses.
        let baseline = rows(samples: 1, spread: 0, seed: 5) { _ in 50_000 }
        let current = rows(samples: 1, spread: 0, seed: 6) { $0 == 3 ? 105_000 : 70_000 }
        let comparison = Comparator.compare(baseline: baseline, current: current)
        #expect(abs(comparison.meanFrameDriftFactor - 1.4) < 1e-9)
        #expect(comparison.rows.filter { $0.verdict == .regressed }.map(\.key.benchmark.strategy) == ["s3"])
        let three = comparison.rows.first { $0.key.benchmark.strategy == "s3" }!
        #expect(abs(three.ratio! - 1.5) < 1e-9 && three.metric == .meanFrame)
    }

    @Test func instructionRowsAreNotDecidedByMeanFrames() {
        let counted = { (mean: Double, seed: UInt64) in
            self.rows(samples: 1, spread: 0, seed: seed) { _ in mean }.map { row -> ResultRow in
                var row = row
                row.instructionsPerIteration = 1_000
                return row
            }
        }
        let comparison = Comparator.compare(baseline: counted(50_000, 7), current: counted(200_000, 8))
        #expect(comparison.summary == [.unchanged: 10])
        #expect(comparison.rows.allSatisfy { $0.metric == .instructions })
    }
}
