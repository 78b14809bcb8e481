import BenchKit
import Foundation
import Testing

/// A machine with two speeds, as the 2-core VM has: in a round every row runs at its own speed (+-2%) or 1.55x slower.
@Suite struct FullSpeedRoundsTests {
    /// `twoSpeedRun`: twelve rows, `rounds` samples each; `slow(round)` says whether the machine was slow then, and
    /// every row, the flat one too, is 1.55x slower in a slow round.
    private func run(rounds: Int, seed: UInt64, slow: (Int) -> Bool) -> [ResultRow] {
        twoSpeedRun(rounds: rounds, seed: seed, flatFeels: 1.55, slow: slow)
    }

    @Test func theShareOfRoundsAtFullSpeedIsCountedInEachRun() throws {
        let baseline = run(rounds: 40, seed: 1) { $0 >= 10 }   // full speed in its first 10 rounds only
        let current = run(rounds: 20, seed: 100) { _ in false }
        let speed = try #require(FullSpeedRounds.measure(baseline: baseline, current: current))
        #expect(speed.baseline == 0.25 && speed.baselineRounds == 40)
        #expect(speed.current == 1 && speed.currentRounds == 20)
        #expect(speed.warning == nil, "a quarter of the rounds is enough")
        #expect(speed.description == "full speed in 25% of the baseline's 40 rounds, 100% of the current run's 20")
    }

    /// A run slow in all but one round, against one at full speed: the comparison of raw samples warns, and its
    /// summary line carries both shares; divided by their rounds' slowdowns (the default), the shares are told and
    /// nothing is warned about.
    @Test func aRunSlowThroughoutIsWarnedAboutWhereRawSamplesAreCompared() throws {
        let baseline = run(rounds: 30, seed: 1) { _ in false }
        let current = run(rounds: 30, seed: 100) { $0 != 7 }   // one full-speed round of 30: 3%
        let divided = Comparator.compare(baseline: baseline, current: current)
        #expect(divided.roundSpeedsDivided && divided.fullSpeed?.warning != nil && divided.fullSpeedWarning == nil)
        #expect(divided.summaryLine.contains("full speed in 100% of the baseline's 30 rounds, 3% of the current run's 30"))
        let comparison = Comparator.compare(baseline: baseline, current: current, options: ComparisonOptions(roundSpeeds: false))
        #expect(!comparison.roundSpeedsDivided && comparison.fullSpeedWarning == comparison.fullSpeed?.warning)
        let speed = try #require(comparison.fullSpeed)
        #expect(speed.baseline == 1 && abs(speed.current - 1.0 / 30) < 1e-12)
        let warning = try #require(speed.warning)
        #expect(warning.hasPrefix("warning: the current run ran at this machine's full speed in only 3% of its rounds"))
        #expect(comparison.summaryLine.contains("full speed in 100% of the baseline's 30 rounds, 3% of the current run's 30"))
    }

    /// The share is relative to the faster of the two runs: two runs slow throughout look like two at full speed.
    /// What the comparison cannot see, it does not claim (Docs/NOISE.md, "Full-speed rounds").
    @Test func twoRunsSlowThroughoutCannotBeToldFromTwoAtFullSpeed() throws {
        let speed = try #require(FullSpeedRounds.measure(baseline: run(rounds: 20, seed: 1) { _ in true },
                                                         current: run(rounds: 20, seed: 100) { _ in true }))
        #expect(speed.baseline == 1 && speed.current == 1 && speed.warning == nil)
    }

    /// A round that fewer than half the rows sampled in (cases that stopped early) is not counted: its median
    /// would be a few rows' own noise.
    @Test func roundsMostRowsDidNotSampleInAreNotCounted() throws {
        let baseline = run(rounds: 20, seed: 1) { _ in false }
        var current = run(rounds: 20, seed: 100) { $0 >= 10 }
        for index in 0..<7 { current[index] = makeRow(current[index].benchmark.description, samples: Array(current[index].samples.prefix(10))) }
        let speed = try #require(FullSpeedRounds.measure(baseline: baseline, current: current))
        #expect(speed.currentRounds == 10 && speed.current == 1, "rounds 10-19 had 5 of the 12 rows")
    }

    /// CI's gate: instruction counts decide every row, so the machine's speed decides nothing and is not reported;
    /// with one row left to time, it is.
    @Test func whereInstructionCountsDecideEveryRowThereIsNoShare() {
        let baseline = run(rounds: 20, seed: 1) { _ in false }
        let current = run(rounds: 20, seed: 100) { _ in true }
        func counted(_ rows: [ResultRow], except: Int? = nil) -> [ResultRow] {
            rows.enumerated().map { index, row in
                makeRow(row.benchmark.description, samples: row.samples, instructions: index == except ? nil : 1_000)
            }
        }
        let gate = Comparator.compare(baseline: counted(baseline), current: counted(current))
        #expect(gate.fullSpeed == nil && gate.rows.allSatisfy { $0.metric == .instructions })
        let oneTimed = Comparator.compare(baseline: counted(baseline, except: 3), current: counted(current, except: 3))
        #expect(oneTimed.fullSpeed?.baseline == 1 && oneTimed.fullSpeed?.current == 0)
    }

    @Test func tooFewRowsOrNoComparableTimesGiveNoShare() {
        let baseline = run(rounds: 20, seed: 1) { _ in false }
        let current = run(rounds: 20, seed: 100) { _ in true }
        #expect(FullSpeedRounds.measure(baseline: Array(baseline.prefix(7)), current: current) == nil, "7 rows")
        let sizes = (0..<9).map { makeRow("family\($0 % 3)/s", size: $0, samples: baseline[$0].samples) }
        let slowSizes = (0..<9).map { makeRow("family\($0 % 3)/s", size: $0, samples: current[$0].samples) }
        #expect(FullSpeedRounds.measure(baseline: sizes, current: slowSizes) == nil, "9 rows of 3 benchmarks")
        var options = ComparisonOptions()
        options.timesNotComparable = "another machine"
        #expect(Comparator.compare(baseline: baseline, current: current, options: options).fullSpeed == nil)
        let noSamples = baseline.map { makeRow($0.benchmark.description, samples: Array($0.samples.prefix(2))) }
        #expect(FullSpeedRounds.measure(baseline: noSamples, current: current) == nil, "two samples a row")
    }

    /// The share is measured on the rows `RoundSpeeds` divides: a row with a sample that is not positive is left out
    /// (it does not make the whole comparison's share nil), and the rest still tell the rounds.
    @Test func aRowWithASampleThatIsNotPositiveIsLeftOut() throws {
        let baseline = run(rounds: 40, seed: 1) { $0 >= 10 }
        let current = run(rounds: 20, seed: 100) { _ in false }
        var broken = baseline
        broken[2].samples[5] = 0
        let speed = try #require(FullSpeedRounds.measure(baseline: broken, current: current))
        #expect(speed == FullSpeedRounds.measure(baseline: baseline.enumerated().filter { $0.offset != 2 }.map(\.element),
                                                 current: current))
        #expect(speed.baseline == 0.25 && speed.current == 1)
    }
}
