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
        #expect(plan.next([], spent: 99_999, totalSpent: 0) == .sample, "a first sample always")
        #expect(plan.next([1, 1], spent: 2_000, totalSpent: 0) == .sample, "short of the minimum, below the hard limit")
        #expect(plan.next([1, 1], spent: 4_000, totalSpent: 0) == .done, "the hard limit")
        #expect(plan.next(noisy, spent: 999, totalSpent: 0) == .sample)
        #expect(plan.next(noisy, spent: 1_000, totalSpent: 0) == .done, "its budget spent, however noisy")
        let taken = plan.sampleInRounds(cases: 3, sample: { _ in (100, 100) })
        #expect(taken.samples.map(\.count) == [10, 10, 10] && taken.settledSamples == 0, "10 samples of 100 ns: each budget")
    }

    @Test func withAStopANoisyCaseSamplesOnAndASettledOneRests() {
        let plan = plan(stop: stop)
        #expect(plan.maximumRounds == 40)
        let quiet = noisySamples(center: 100, spread: 0.005, count: 10, seed: 4)
        let noisy = noisySamples(center: 100, spread: 0.3, count: 10, seed: 5)
        #expect(plan.next(quiet, spent: 10, totalSpent: 10) == .rest, "settled, its budget barely touched")
        #expect(plan.next(Array(quiet.prefix(5)), spent: 5, totalSpent: 2_999) == .sample, "short of the minimum")
        #expect(plan.next(noisy, spent: 2_500, totalSpent: 2_900) == .sample, "past its own budget while the run's lasts")
        #expect(plan.next(noisy, spent: 2_500, totalSpent: 3_000) == .done, "the run's budget spent")
        #expect(plan.next(noisy, spent: 4_000, totalSpent: 0) == .done, "the hard limit")
        #expect(plan.next(Array(noisy.prefix(5)), spent: 100, totalSpent: 3_000) == .sample, "the minimum even past the run's budget")
        // 4 rounds spent 1 000 of 3 000: 12 at that pace; never fewer than taken, never more than 40.
        #expect(plan.expectedRounds(after: 4, totalSpent: 1_000) == 12)
        #expect(plan.expectedRounds(after: 30, totalSpent: 3_500) == 30)
        #expect(plan.expectedRounds(after: 1, totalSpent: 1) == 40)
        #expect(self.plan(stop: nil).expectedRounds(after: 4, totalSpent: 1_000) == 10)
    }

    /// A case whose samples are long reaches its hard limit short of the minimum: with a stop it samples on up to
    /// `shortCaseLimitFactor` times its budget while the run's budget lasts, and to 3 samples past that; without one
    /// it stops there.
    @Test func aCaseShortOfTheMinimumSamplesOnPastItsHardLimitWhileTheRunsBudgetLasts() {
        let plan = plan(stop: stop)
        #expect(plan.hardLimit == 4_000 && plan.shortCaseLimit == 10_000)
        let few = Array(repeating: 100.0, count: 4)
        #expect(plan.next(few, spent: 4_000, totalSpent: 2_999) == .sample, "past the hard limit, the run's budget left")
        #expect(plan.next(few, spent: 9_999, totalSpent: 0) == .sample)
        #expect(plan.next(few, spent: 10_000, totalSpent: 0) == .done, "its own limit")
        #expect(plan.next(few, spent: 4_000, totalSpent: 3_000) == .done, "the run's budget spent")
        let ten = Array(repeating: 100.0, count: 10)
        #expect(plan.next(ten + [130], spent: 4_000, totalSpent: 0) == .done, "at the minimum the hard limit holds")
        #expect(self.plan(stop: nil).next(few, spent: 4_000, totalSpent: 0) == .done, "no stop, no extension")
        // Short of an interval's 3 samples, past its own limit too, while the run's budget lasts.
        let two = Array(repeating: 5_000.0, count: 2)
        #expect(plan.next(two, spent: 10_000, totalSpent: 2_999) == .sample, "2 samples: a third, whatever it costs")
        #expect(plan.next(two, spent: 10_000, totalSpent: 3_000) == .done, "the run's budget spent")
        #expect(plan.next(two + [5_000], spent: 15_000, totalSpent: 0) == .done, "3 samples: its own limit holds")
        #expect(self.plan(stop: nil).next(two, spent: 10_000, totalSpent: 0) == .done, "no stop, no third")
    }

    /// Sampling synthetic cases with the plan: the quiet cases settle at the minimum and sample on with the noisy
    /// one, every round, until the run's budget is spent; the rounds never spend more than it plus one round.
    @Test func settledCasesSampleOnWhileAnUnsettledOneKeepsTheRoundsGoing() {
        var options = RunOptions(timeBudget: 30e-9, warmup: 0, targetSamples: 30, minimumSamples: 3)
        options.stop = stop
        let plan = SamplingPlan(options: options, cases: 3)
        var generator = SeededGenerator(seed: 6)
        var rounds = 0
        let taken = plan.sampleInRounds(cases: 3, sample: { index in
            let spread = index == 2 ? 0.3 : 0.001
            return (100 * (1 + spread * Double.random(in: -1...1, using: &generator)), 1)
        }, afterRound: { round, _ in rounds = round })
        // 30e-9 s is 29 ns once truncated to whole nanoseconds: the run has 87, 3 a round.
        #expect(plan.totalBudget == 87)
        #expect(stop.isSettled(Array(taken.samples[0].prefix(10))) && stop.isSettled(Array(taken.samples[1].prefix(10))))
        #expect(!stop.isSettled(taken.samples[2]))
        #expect(taken.samples.map(\.count) == [29, 29, 29], "every case every round until the run's 87 ns are spent")
        #expect(taken.settledSamples == 2 * 19, "the quiet cases' samples after their 10th")
        #expect(taken.spent.reduce(0, +) == 87 && rounds == 29)
    }

    /// Where every case settles, the rounds end as the last one settles: the budget left is not spent.
    @Test func theRunEndsEarlyOnceEveryCaseIsSettled() {
        var options = RunOptions(timeBudget: 30e-9, warmup: 0, targetSamples: 30, minimumSamples: 3)
        options.stop = stop
        let plan = SamplingPlan(options: options, cases: 3)
        let taken = plan.sampleInRounds(cases: 3, sample: { _ in (100, 1) })
        #expect(taken.samples.map(\.count) == [10, 10, 10] && taken.settledSamples == 0)
    }

    /// 20 quiet cases settle with 10 samples in a spell in which the machine runs 1.3x slower (the first 15 rounds);
    /// 10 noisy cases keep the rounds going. The quiet ones sample on with them, so their 20th percentile is the fast
    /// machine's, not the spell's. Samples cost 1 000 ns; each case's budget is 40 000 ns.
    @Test func aSettledCasesSamplesSpanTheRun() {
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
        for quiet in 0..<20 {
            let samples = taken.samples[quiet]
            #expect(samples.prefix(15).allSatisfy { $0 > 125 } && stop.isSettled(Array(samples.prefix(10))), "settled in the spell")
            #expect(samples.count == 40, "sampled every round of the run's 1 200 000 ns")
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
        #expect(!played.isEmpty)
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
