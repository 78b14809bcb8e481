import BenchKit
import Testing

@Suite struct WorstFrameVerdictTests {
    @Test func theRuleOnTwoWorstFrames() {
        let t = 0.75
        let regressed = WorstFrameVerdict.verdict(baseline: 100_000, current: 200_000, drift: 1, threshold: t)
        #expect(regressed?.verdict == .regressed && regressed?.ratio == 2)
        #expect(WorstFrameVerdict.verdict(baseline: 100_000, current: 170_000, drift: 1, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 200_000, current: 100_000, drift: 1, threshold: t)?.verdict == .improved)
        // The drift is divided out: a machine 1.25x slower everywhere does not make the worst frame regress.
        #expect(WorstFrameVerdict.verdict(baseline: 100_000, current: 200_000, drift: 1.25, threshold: t) == nil)
        // ... but never turns a faster worst frame into a regression.
        #expect(WorstFrameVerdict.verdict(baseline: 100_000, current: 90_000, drift: 0.4, threshold: t) == nil)
        // A verdict holds without the drift too: a rotation of 121 us then 63 us (an A/A pair, the worst frames'
        // drift 1.5) is 0.35x and 118 us after the drift but 58 us without it, under the floor.
        #expect(WorstFrameVerdict.verdict(baseline: 121_000, current: 63_000, drift: 1.5, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 121_000, current: 63_000, drift: 1, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 250_000, current: 63_000, drift: 1.5, threshold: t)?.verdict == .improved)
        // ... and a worst frame that doubled in a run whose others halved regresses at either drift.
        let doubled = WorstFrameVerdict.verdict(baseline: 100_000, current: 200_000, drift: 0.5, threshold: t)
        #expect(doubled?.verdict == .regressed && doubled?.ratio == 4)
        // A change smaller than the noise floor is no verdict, however large its ratio (40 us -> 12 us was A/A noise);
        // past the floor it is (10 us -> 1 ms).
        #expect(WorstFrameVerdict.verdict(baseline: 12_000, current: 40_000, drift: 1, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 40_000, current: 12_000, drift: 1, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 10_000, current: 1_000_000, drift: 1, threshold: t)?.verdict == .regressed)
        // Two quick runs of one build with a neighbour on one core: a release of 62 us in one, 122 us in the other.
        #expect(WorstFrameVerdict.verdict(baseline: 62_000, current: 122_000, drift: 1, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 122_000, current: 62_000, drift: 1, threshold: t) == nil)
        // Without a worst frame on either side: no verdict.
        #expect(WorstFrameVerdict.verdict(baseline: nil, current: 200_000, drift: 1, threshold: t) == nil)
        #expect(WorstFrameVerdict.verdict(baseline: 100_000, current: nil, drift: 1, threshold: t) == nil)
    }

    private func rows(worst: (Int) -> Double?) -> [ResultRow] {
        (0..<10).map { index in
            var row = makeRow("family\(index % 2)/s\(index)",
                              samples: noisySamples(center: 100 * Double(index + 1), spread: 0.02, seed: UInt64(index)))
            row.worstFrame = worst(index)
            return row
        }
    }

    @Test func aHalvedBaselineWorstFrameRegressesThoseRowsOnly() {
        let current = rows { 100_000 * Double($0 + 1) }
        let halved: Set<Int> = [1, 4]
        let baseline = rows { halved.contains($0) ? 50_000 * Double($0 + 1) : 100_000 * Double($0 + 1) }
        let comparison = Comparator.compare(baseline: baseline, current: current)
        for row in comparison.rows {
            let index = Int(row.key.benchmark.strategy.dropFirst())!
            #expect(row.verdict == (halved.contains(index) ? .regressed : .unchanged), "\(row.key)")
            #expect(row.metric == (halved.contains(index) ? .worstFrame : .time))
        }
        #expect(comparison.summaryLine.contains("75% (worst frame, drift 1x)"), "\(comparison.summaryLine)")
    }

    @Test func theWorstFramesAreNormalisedByTheirOwnDriftNotTheTimes() {
        // A run whose wall clock was 2x slower everywhere (steal time), its worst frames (thread CPU time) not; one
        // row's worst frame doubled. Divided by the time drift, every other worst frame would read 0.5x (`improved`)
        // and the doubled one 1x.
        let baseline = rows { 50_000 * Double($0 + 1) }
        let current = rows { index in (index == 3 ? 100_000 : 50_000) * Double(index + 1) }.map { row -> ResultRow in
            var row = row
            row.samples = row.samples.map { $0 * 2 }
            return row
        }
        let comparison = Comparator.compare(baseline: baseline, current: current)
        #expect(abs(comparison.driftFactor - 2) < 1e-9 && comparison.frameDriftFactor == 1)
        for row in comparison.rows {
            let index = Int(row.key.benchmark.strategy.dropFirst())!
            #expect(row.verdict == (index == 3 ? .regressed : .unchanged), "\(row.key): \(row)")
        }
    }

    @Test func rowsWithoutWorstFramesAndInstructionRowsAreDecidedWithoutTheWorstFrame() {
        let base = rows { _ in nil }
        let doubled = rows { _ in 200_000 }
        #expect(Comparator.compare(baseline: base, current: doubled).summary == [.unchanged: 10])
        // Instruction counts decide; the worst frame (a time) does not override them.
        let counted = { (worst: Double) in
            rows { _ in worst }.map { row -> ResultRow in
                var row = row
                row.instructionsPerIteration = 1_000
                return row
            }
        }
        let comparison = Comparator.compare(baseline: counted(50_000), current: counted(200_000))
        #expect(comparison.summary == [.unchanged: 10])
        #expect(comparison.rows.allSatisfy { $0.metric == .instructions })
    }
}
