/// When a case has sampled enough: adaptive sampling's rule (`RunOptions.stop`).
///
/// A case is settled once it has `minimumSamples` and the distribution-free 95% interval of its location
/// (the estimator's percentile: `TimeEstimator.locationInterval`) is narrower than `precision` of that location.
/// A case that is not settled samples on, past its own budget up to `hardLimitFactor` times it, while the run's
/// whole budget (every case's budget together) lasts; the settled cases sample on with it, so that every case's
/// samples span the run, but do not keep it going (`SamplingPlan.sampleInRounds`): where every case settles, the run
/// ends early. A verdict's interval of a ratio is about as wide as its two rows'
/// intervals together: rows within `precision` can be decided at a threshold of about twice it.
///
/// `run` watches the 10th percentile (`standardEstimator`), whatever estimator its verdicts take: the verdicts'
/// estimator (`TimeEstimator.standard`) was chosen on runs sampled so. Evidence: Docs/NOISE.md, "Adaptive sampling".
///
///     var options = RunOptions()
///     options.stop = SamplingStop(precision: Defaults.samplingPrecision, minimumSamples: Defaults.minimumSamples)
public struct SamplingStop: Sendable, Equatable, CustomStringConvertible {
    /// The location `run`'s cases settle on.
    public static let standardEstimator = TimeEstimator.quantile(10)

    public var estimator: TimeEstimator
    /// The widest relative interval, `(high - low) / location`, of a settled case.
    public var precision: Double
    /// The fewest samples a case takes before it may settle.
    public var minimumSamples: Int

    public init(estimator: TimeEstimator = standardEstimator, precision: Double, minimumSamples: Int) {
        precondition(precision > 0 && minimumSamples >= 3, "a stop needs a positive precision and at least 3 samples")
        self.estimator = estimator
        self.precision = precision
        self.minimumSamples = minimumSamples
    }

    /// `adaptive: p10 within 2% (at least 10 samples)`, for the run's metadata.
    public var description: String {
        "adaptive: \(estimator) within \(DecimalFormat.string(precision * 100, decimals: 2))% (at least \(minimumSamples) samples)"
    }

    /// Whether `samples` pin the location down to `precision`.
    /// - Complexity: O(n log n).
    public func isSettled(_ samples: [Double]) -> Bool {
        guard samples.count >= minimumSamples,
              let (low, high) = estimator.locationInterval(samples, confidence: 0.95),
              let location = estimator.location(samples), location > 0
        else { return false }
        return (high - low) / location <= precision
    }
}

/// Which cases take a sample in the next round, and whether there is a next round: the sampling rules of
/// `BenchmarkRunner`, without a clock, so they can be tested on synthetic samples.
struct SamplingPlan {
    /// Each case's budget, its hard limit, and the run's whole budget, in nanoseconds.
    let budget: UInt64
    let hardLimit: UInt64
    let totalBudget: UInt64
    /// With a stop: how far a case short of `minimumSamples` samples on past `hardLimit`, while the run's budget
    /// lasts (`RunOptions.shortCaseLimitFactor` times its budget).
    let shortCaseLimit: UInt64
    let minimumSamples: Int
    /// The most rounds: `targetSamples`, or with a stop `hardLimitFactor` times it.
    let maximumRounds: Int
    let stop: SamplingStop?

    init(options: RunOptions, cases: Int) {
        budget = UInt64(max(0, options.timeBudget) * 1e9)
        hardLimit = budget &* options.hardLimitFactor
        shortCaseLimit = max(hardLimit, budget &* options.shortCaseLimitFactor)
        totalBudget = budget &* UInt64(max(0, cases))
        stop = options.stop
        minimumSamples = options.stop?.minimumSamples ?? options.minimumSamples
        maximumRounds = max(1, options.targetSamples) * (options.stop == nil ? 1 : Int(max(1, options.hardLimitFactor)))
    }

    /// The rounds the progress line counts to: `maximumRounds`, or with a stop the rounds that would spend the
    /// run's budget at the pace of the `rounds` taken so far (never fewer than taken, never more than the most).
    func expectedRounds(after rounds: Int, totalSpent: UInt64) -> Int {
        guard stop != nil, totalSpent > 0 else { return maximumRounds }
        let projected = Double(rounds) * Double(totalBudget) / Double(totalSpent)
        return min(maximumRounds, max(rounds, Int(projected.rounded(.up))))
    }

    /// What a case does this round (`next`).
    enum Step: Equatable {
        /// Takes a sample.
        case sample
        /// Settled: takes a sample, but does not keep the rounds going (`sampleInRounds`).
        case rest
        /// Takes no more samples.
        case done
    }

    /// What a case with `samples` that has spent `spent` does this round, the run having spent `totalSpent` on
    /// every case so far. A case always takes its first sample, and never passes its hard limit, except with a stop
    /// a case still short of `minimumSamples`: it samples on up to `shortCaseLimit` while the run's budget lasts.
    /// Such a case is one whose sample is long (a whole sequence of 20 ms in a 30 ms budget): the few samples the
    /// hard limit allows may all fall in one of the machine's slow spells.
    /// With a stop, a case short of an interval's samples (`minimumSamplesForInterval`) takes them past that limit
    /// too, while the run's budget lasts, whatever they cost. A settled case says `.rest` while the run's budget and
    /// its own hard limit last.
    ///
    /// A row of 1 or 2 samples on a side has no time verdict, and a row whose one sample is a long trajectory would
    /// otherwise take 1 or 2. Evidence: Docs/NOISE.md, "Three samples at least".
    /// - Complexity: O(n log n) in the samples, with a stop.
    func next(_ samples: [Double], spent: UInt64, totalSpent: UInt64) -> Step {
        if samples.isEmpty { return .sample }
        if samples.count < minimumSamples {
            if spent < hardLimit { return .sample }
            guard stop != nil, totalSpent < totalBudget else { return .done }
            return spent < shortCaseLimit || samples.count < minimumSamplesForInterval ? .sample : .done
        }
        if spent >= hardLimit { return .done }
        guard let stop else { return spent < budget ? .sample : .done }
        guard totalSpent < totalBudget else { return .done }
        return stop.isSettled(samples) ? .rest : .sample
    }

    // MARK: - Rounds

    /// What `sampleInRounds` took: each case's samples and time spent, and the samples settled cases took.
    struct Rounds {
        var samples: [[Double]]
        var spent: [UInt64]
        var settledSamples = 0
    }

    /// Takes samples round by round, one per case per round while `next` (asked at the start of the round) says
    /// `.sample` or `.rest`. A settled case (`.rest`) samples on as the others do, but does not keep the rounds going:
    /// they end once no case says `.sample` (or at `maximumRounds`). So on a machine where every case settles the run ends
    /// early, and on one where some case does not, every case's samples span the whole run.
    ///
    /// A settled case samples on instead of stopping because a case settles within its first samples, all in the
    /// run's first second, and a shared machine has spells 1.3-1.8x slower lasting tenths of a second to seconds: with
    /// every case sampling every round a row's estimate varies less between runs.
    /// Evidence: Docs/NOISE.md, "Adaptive sampling".
    ///
    /// `sample(index)` takes one sample of case `index`: nanoseconds per iteration, and the nanoseconds it cost.
    /// `afterRound(rounds, totalSpent)` follows every round that sampled.
    /// - Complexity: O(rounds x cases x samples log samples).
    func sampleInRounds(
        cases count: Int, sample: (Int) -> (value: Double, cost: UInt64), afterRound: (Int, UInt64) -> Void = { _, _ in }
    ) -> Rounds {
        sampleInRounds(cases: count, sampleRound: { _, indices in indices.map(sample) }, afterRound: afterRound)
    }

    /// The same, a round at a time: `sampleRound(round, indices)` takes one sample of each case in `indices` (in that
    /// order; `round` counts from 0) and returns them in that order. `run --processes` takes each round in one of its
    /// processes (`BenchmarkRunner.sampleInRounds`).
    func sampleInRounds(
        cases count: Int, sampleRound: (Int, [Int]) -> [(value: Double, cost: UInt64)],
        afterRound: (Int, UInt64) -> Void = { _, _ in }
    ) -> Rounds {
        var rounds = Rounds(samples: Array(repeating: [], count: count), spent: Array(repeating: 0, count: count))
        var totalSpent: UInt64 = 0
        for round in 0..<maximumRounds {
            let steps = (0..<count).map { next(rounds.samples[$0], spent: rounds.spent[$0], totalSpent: totalSpent) }
            guard steps.contains(.sample) else { break }
            let indices = steps.indices.filter { steps[$0] != .done }
            rounds.settledSamples += indices.filter { steps[$0] == .rest }.count
            for (index, (value, cost)) in zip(indices, sampleRound(round, indices)) {
                rounds.samples[index].append(value)
                rounds.spent[index] &+= cost
                totalSpent &+= cost
            }
            afterRound(round + 1, totalSpent)
        }
        return rounds
    }
}
