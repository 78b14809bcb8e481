/// When a case has sampled enough: adaptive sampling's rule (`RunOptions.stop`).
///
/// A case is settled once it has `minimumSamples` and the distribution-free 95% interval of its location
/// (the estimator's percentile: `TimeEstimator.locationInterval`) is narrower than `precision` of that location.
/// A settled case stops sampling; one that is not samples on, past its own budget up to `hardLimitFactor` times it,
/// while the run's whole budget (every case's budget together) lasts. So a quiet row takes a few samples and a
/// noisy one the time the quiet ones left. A verdict's interval of a ratio is about as wide as its two rows'
/// intervals together: rows within `precision` can be decided at a threshold of about twice it.
///
///     var options = RunOptions()
///     options.stop = SamplingStop(estimator: .standard, precision: 0.02, minimumSamples: 10)
public struct SamplingStop: Sendable, Equatable, CustomStringConvertible {
    public var estimator: TimeEstimator
    /// The widest relative interval, `(high - low) / location`, of a settled case.
    public var precision: Double
    /// The fewest samples a case takes before it may settle.
    public var minimumSamples: Int

    public init(estimator: TimeEstimator = .standard, precision: Double, minimumSamples: Int) {
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

    /// Whether a case with `samples` that has spent `spent` takes a sample this round, the run having spent
    /// `totalSpent` on every case so far. A case always takes its first sample, and never passes its hard limit,
    /// except with a stop a case still short of `minimumSamples`: it samples on up to `shortCaseLimit` while the
    /// run's budget lasts. Such a case is one whose sample is long (a whole trajectory of 20 ms in a 30 ms budget):
    /// with the 4 or 5 samples the hard limit allows, the spells in which this machine runs such a row 1.5x slower,
    /// from a few rounds to seconds long, covered all of them in one run or the other of 9 of 28 quick A/A pairs.
    func wantsSample(_ samples: [Double], spent: UInt64, totalSpent: UInt64) -> Bool {
        if samples.isEmpty { return true }
        if samples.count < minimumSamples {
            if spent < hardLimit { return true }
            return stop != nil && spent < shortCaseLimit && totalSpent < totalBudget
        }
        if spent >= hardLimit { return false }
        guard let stop else { return spent < budget }
        return totalSpent < totalBudget && !stop.isSettled(samples)
    }

    // MARK: - The end of a slow spell

    /// Samples a settled case takes again once a slow spell has ended (`sampleInRounds`).
    static let reopenedSamples = 3
    /// A round ends a slow spell when its median case ran at most this fraction of that case's fastest earlier sample.
    static let spellEndRatio = 0.9
    /// The fewest cases (with at least 3 earlier samples each) a round's median is taken over.
    static let spellEndMinimumCases = 8

    /// Whether a round's `ratios` (each case's sample in it over that case's fastest earlier sample, for the cases
    /// with at least 3 earlier samples) show the machine faster than at any time before in this run: their median is
    /// at most `spellEndRatio`, over at least `spellEndMinimumCases` cases.
    /// - Complexity: O(n log n).
    static func endsASlowSpell(_ ratios: [Double]) -> Bool {
        ratios.count >= spellEndMinimumCases && SampleStatistics.median(ratios) <= spellEndRatio
    }

    /// What `sampleInRounds` took: each case's samples and time spent, and the rounds (from 1) that ended a slow spell.
    struct Rounds {
        var samples: [[Double]]
        var spent: [UInt64]
        var spellEnds: [Int] = []
    }

    /// Takes samples round by round, one per case per round while `wantsSample` wants it, and reopens the settled
    /// cases when a round ends a slow spell (`endsASlowSpell`): each takes `reopenedSamples` more, while the run's
    /// budget lasts, and goes on if they unsettle it.
    ///
    /// Why: a case settles when its interval is narrow, and a spell in which this VM runs everything 1.25-1.45x
    /// slower, evenly, for seconds, gives narrow intervals. In one quick run the first 18 rounds ran so; 63 of the
    /// 185 cases settled in them with 10 samples, all slow, and the run's comparison with the next flagged 12 rows
    /// `regressed` (1.19-1.41x, drift 1.058x); the rounds after the spell ran 1.01-1.08x their cases' fastest.
    ///
    /// `sample(index)` takes one sample of case `index`: nanoseconds per iteration, and the nanoseconds it cost.
    /// `afterRound(rounds, totalSpent)` follows every round that sampled.
    /// - Complexity: O(rounds x cases x samples).
    func sampleInRounds(
        cases count: Int, sample: (Int) -> (value: Double, cost: UInt64), afterRound: (Int, UInt64) -> Void = { _, _ in }
    ) -> Rounds {
        var rounds = Rounds(samples: Array(repeating: [], count: count), spent: Array(repeating: 0, count: count))
        var reopened = Array(repeating: 0, count: count)
        var fastest = Array(repeating: Double.infinity, count: count)
        var totalSpent: UInt64 = 0
        for round in 0..<maximumRounds {
            var ratios: [Double] = []
            var sampledAny = false
            for index in 0..<count {
                let wanted = wantsSample(rounds.samples[index], spent: rounds.spent[index], totalSpent: totalSpent)
                let reopen = !wanted && reopened[index] > 0 && totalSpent < totalBudget && rounds.spent[index] < shortCaseLimit
                guard wanted || reopen else { continue }
                // A reopened case that its new samples unsettled samples on as any other, and stops once settled.
                reopened[index] = wanted ? 0 : reopened[index] - 1
                let (value, cost) = sample(index)
                if rounds.samples[index].count >= 3, fastest[index] > 0 { ratios.append(value / fastest[index]) }
                rounds.samples[index].append(value)
                fastest[index] = min(fastest[index], value)
                rounds.spent[index] &+= cost
                totalSpent &+= cost
                sampledAny = true
            }
            guard sampledAny else { break }
            if Self.endsASlowSpell(ratios) {
                rounds.spellEnds.append(round + 1)
                for index in 0..<count where stop?.isSettled(rounds.samples[index]) == true {
                    reopened[index] = Self.reopenedSamples
                }
            }
            afterRound(round + 1, totalSpent)
        }
        return rounds
    }
}
