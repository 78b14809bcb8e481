@testable import BenchKit
import BenchSink
import Determinism
import Testing

@Suite struct SamplingStopTests {
    private let stop = SamplingStop(estimator: .quantile(20), precision: 0.02, minimumSamples: 10)

    /// Quiet samples (+-0.5%) settle once there are enough; the same with every third one 1.6x slower too
    /// (the 20th percentile does not see them); samples spread +-20% do not.
    @Test func quietSamplesSettleAndNoisyOnesDoNot() {
        let quiet = noisySamples(center: 100, spread: 0.005, count: 12, seed: 1)
        #expect(stop.isSettled(quiet))
        #expect(!stop.isSettled(Array(quiet.prefix(9))), "fewer than minimumSamples")
        let preempted = quiet.enumerated().map { $0.offset % 3 == 0 ? $0.element * 1.6 : $0.element }
        #expect(stop.isSettled(preempted))
        #expect(!SamplingStop(estimator: .median, precision: 0.02, minimumSamples: 10).isSettled(preempted),
                "the median's interval reaches the slow third")
        #expect(!stop.isSettled(noisySamples(center: 100, spread: 0.2, count: 40, seed: 2)))
        #expect(stop.isSettled(noisySamples(center: 100, spread: 0.2, count: 40, seed: 2).map { _ in 5 }))
    }

    @Test func description() {
        #expect(stop.description == "adaptive: p20 within 2% (at least 10 samples)")
    }

    /// The plan in nanoseconds: each case 1 000, hard limit 4 000, three cases so 3 000 together.
    private func plan(stop: SamplingStop?) -> SamplingPlan {
        var options = RunOptions(timeBudget: 1e-6, warmup: 0, targetSamples: 10, minimumSamples: 3)
        options.stop = stop
        return SamplingPlan(options: options, cases: 3)
    }

    @Test func withoutAStopEveryCaseSpendsItsOwnBudget() {
        let plan = plan(stop: nil)
        #expect(plan.maximumRounds == 10)
        let noisy = noisySamples(center: 100, spread: 0.3, count: 5, seed: 3)
        #expect(plan.wantsSample([], spent: 99_999, totalSpent: 0), "a first sample always")
        #expect(plan.wantsSample([1, 1], spent: 2_000, totalSpent: 0), "short of the minimum, below the hard limit")
        #expect(!plan.wantsSample([1, 1], spent: 4_000, totalSpent: 0), "the hard limit")
        #expect(plan.wantsSample(noisy, spent: 999, totalSpent: 0))
        #expect(!plan.wantsSample(noisy, spent: 1_000, totalSpent: 0), "its budget spent, however noisy")
    }

    @Test func withAStopANoisyCaseSamplesOnAndASettledOneStops() {
        let plan = plan(stop: stop)
        #expect(plan.maximumRounds == 40)
        let quiet = noisySamples(center: 100, spread: 0.005, count: 10, seed: 4)
        let noisy = noisySamples(center: 100, spread: 0.3, count: 10, seed: 5)
        #expect(!plan.wantsSample(quiet, spent: 10, totalSpent: 10), "settled, its budget barely touched")
        #expect(plan.wantsSample(Array(quiet.prefix(5)), spent: 5, totalSpent: 2_999), "short of the minimum")
        #expect(plan.wantsSample(noisy, spent: 2_500, totalSpent: 2_900), "past its own budget while the run's lasts")
        #expect(!plan.wantsSample(noisy, spent: 2_500, totalSpent: 3_000), "the run's budget spent")
        #expect(!plan.wantsSample(noisy, spent: 4_000, totalSpent: 0), "the hard limit")
        #expect(plan.wantsSample(Array(noisy.prefix(5)), spent: 100, totalSpent: 3_000), "the minimum even past the run's budget")
        // 4 rounds spent 1 000 of 3 000: 12 at that pace; never fewer than taken, never more than 40.
        #expect(plan.expectedRounds(after: 4, totalSpent: 1_000) == 12)
        #expect(plan.expectedRounds(after: 30, totalSpent: 3_500) == 30)
        #expect(plan.expectedRounds(after: 1, totalSpent: 1) == 40)
        #expect(self.plan(stop: nil).expectedRounds(after: 4, totalSpent: 1_000) == 10)
    }

    /// A case whose samples are long reaches its hard limit short of the minimum: with a stop it samples on up to
    /// `shortCaseLimitFactor` times its budget while the run's budget lasts; without one it stops there.
    @Test func aCaseShortOfTheMinimumSamplesOnPastItsHardLimitWhileTheRunsBudgetLasts() {
        let plan = plan(stop: stop)
        #expect(plan.hardLimit == 4_000 && plan.shortCaseLimit == 10_000)
        let few = Array(repeating: 100.0, count: 4)
        #expect(plan.wantsSample(few, spent: 4_000, totalSpent: 2_999), "past the hard limit, the run's budget left")
        #expect(plan.wantsSample(few, spent: 9_999, totalSpent: 0))
        #expect(!plan.wantsSample(few, spent: 10_000, totalSpent: 0), "its own limit")
        #expect(!plan.wantsSample(few, spent: 4_000, totalSpent: 3_000), "the run's budget spent")
        let ten = Array(repeating: 100.0, count: 10)
        #expect(!plan.wantsSample(ten + [130], spent: 4_000, totalSpent: 0), "at the minimum the hard limit holds")
        #expect(!self.plan(stop: nil).wantsSample(few, spent: 4_000, totalSpent: 0), "no stop, no extension")
    }

    /// Sampling synthetic cases with the plan: the quiet cases stop at the minimum, the noisy one takes the
    /// budget they left, and the rounds together never spend more than the run's budget plus one round.
    @Test func theBudgetGoesWhereTheNoiseIs() {
        var options = RunOptions(timeBudget: 30e-9, warmup: 0, targetSamples: 30, minimumSamples: 3)
        options.stop = stop
        let plan = SamplingPlan(options: options, cases: 3)
        var generator = SeededGenerator(seed: 6)
        var rounds = 0
        let taken = plan.sampleInRounds(cases: 3, sample: { index in
            let spread = index == 2 ? 0.3 : 0.001
            return (100 * (1 + spread * Double.random(in: -1...1, using: &generator)), 1)
        }, afterRound: { round, _ in rounds = round })
        // 30e-9 s is 29 ns once truncated to whole nanoseconds: the run has 87.
        #expect(plan.totalBudget == 87 && plan.hardLimit == 116)
        #expect(taken.samples[0].count == 10 && taken.samples[1].count == 10)
        #expect(taken.samples[2].count == 67, "the run's 87 ns less the 20 the quiet cases took")
        #expect(taken.spent.reduce(0, +) == 87)
        #expect(rounds == 67 && taken.spellEnds.isEmpty)
    }

    /// A round ends a slow spell when its median case ran at most 0.9 of its fastest earlier sample, over 8 cases.
    @Test func aRoundFasterThanAnyBeforeEndsASlowSpell() {
        #expect(SamplingPlan.endsASlowSpell(Array(repeating: 0.85, count: 8)))
        #expect(SamplingPlan.endsASlowSpell([0.8, 0.8, 0.8, 0.8, 0.9, 1.2, 1.3, 1.4, 0.7]))
        #expect(!SamplingPlan.endsASlowSpell(Array(repeating: 0.85, count: 7)), "too few cases")
        #expect(!SamplingPlan.endsASlowSpell([0.8, 0.8, 0.8, 0.95, 1.0, 1.0, 1.1, 1.2]), "the median case was not faster")
        #expect(!SamplingPlan.endsASlowSpell([]))
    }

    /// 20 quiet cases settle with 10 samples in a spell in which the machine runs 1.3x slower (the first 15 rounds);
    /// 10 noisy cases sample on and see it end, which reopens the quiet ones: their 20th percentile is then the
    /// fast machine's, not the spell's. Samples cost 1 000 ns; each case's budget is 40 000 ns.
    @Test func theEndOfASlowSpellReopensTheCasesThatSettledInIt() {
        var options = RunOptions(timeBudget: 40e-6, warmup: 0, targetSamples: 40, minimumSamples: 3)
        options.stop = stop
        let cases = 30
        let plan = SamplingPlan(options: options, cases: cases)
        var generator = SeededGenerator(seed: 7)
        var round = 0
        let taken = plan.sampleInRounds(cases: cases, sample: { index in
            let spread = index < 20 ? 0.005 : 0.08
            let machine = round < 15 ? 1.3 : 1.0
            return (100 * machine * (1 + spread * Double.random(in: -1...1, using: &generator)), 1_000)
        }, afterRound: { rounds, _ in round = rounds })
        #expect(taken.spellEnds.first == 16, "the first round after the spell")
        for quiet in 0..<20 {
            let samples = taken.samples[quiet]
            #expect(samples.prefix(10).allSatisfy { $0 > 125 }, "settled in the spell")
            #expect(samples.count > 10 && stop.isSettled(samples), "reopened, and settled again")
            #expect(!stop.isSettled(Array(samples.dropLast())), "it stopped as it settled, its reopened samples taken")
            #expect((stop.estimator.location(samples) ?? 0) < 101, "its 20th percentile is the fast machine's")
        }
        #expect(taken.spent.reduce(0, +) <= plan.totalBudget + UInt64(cases) * 1_000, "within the run's budget and one round")
    }
}

/// A trajectory row's samples are whole trajectories (`PreparedBenchmark.iterationQuantum`).
@Suite struct IterationQuantumTests {
    @Test func iterationsRoundUpToWholePeriods() {
        #expect(BenchmarkRunner.roundedUp(5, toMultipleOf: 3) == 6)
        #expect(BenchmarkRunner.roundedUp(6, toMultipleOf: 3) == 6)
        #expect(BenchmarkRunner.roundedUp(1, toMultipleOf: 2_962) == 2_962)
        #expect(BenchmarkRunner.roundedUp(7, toMultipleOf: nil) == 7)
        #expect(BenchmarkRunner.roundedUp(7, toMultipleOf: 1) == 7)
    }

    @Test func calibrationPlaysWholePeriods() {
        var played: [Int] = []
        var options = RunOptions(filter: nil, sizes: nil)
        options.timeBudget = 0.002
        options.warmup = 0
        let iterations = BenchmarkRunner.calibrate({ played.append($0) }, options: options, clockCost: 20, quantum: 7)
        #expect(iterations % 7 == 0 && iterations >= 7)
        #expect(played.last.map { $0 <= iterations } ?? false)
    }
    @Test func warmUpPlaysNoWholePeriodItDoesNotNeed() {
        var played: [Int] = []
        var options = RunOptions(filter: nil, sizes: nil)
        options.timeBudget = 0.002
        options.warmup = 0.002
        let period = 1 << 30
        let iterations = BenchmarkRunner.calibrate({ count in
            played.append(count)
            var sum = 0
            for index in 0..<count { sum &+= opaqueIdentity(index) }
            blackHole(sum)
        }, options: options, clockCost: 20, quantum: period)
        #expect(iterations == period)
        #expect(played.count > 1 && played.allSatisfy { $0 < period })
    }
}
