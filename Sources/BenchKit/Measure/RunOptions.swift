import Foundation

/// How a run selects, times and counts benchmarks.
public struct RunOptions: Sendable {
    /// A regular expression searched in each benchmark id (`family/strategy`); nil runs everything.
    public var filter: String?
    /// When set, every benchmark that takes any size runs at these (within its limit); nil runs each at its defaults.
    public var sizes: [Int]?
    /// Total time for one benchmark at one size, in seconds, warm-up included (soft limit; the hard
    /// limit is `hardLimitFactor` times this, so a size slower than the budget still yields at least one sample).
    public var timeBudget: Double
    /// Warm-up time before sampling, in seconds (taken from the budget).
    public var warmup: Double
    /// The number of samples aimed for; the budget is split evenly between them.
    public var targetSamples: Int
    /// The fewest samples taken unless the hard limit (`hardLimitFactor` times the budget) is reached.
    public var minimumSamples: Int
    /// Counts allocations per iteration in a separate, untimed pass.
    public var countAllocations: Bool
    /// A case stops sampling at this multiple of its budget even short of `minimumSamples`
    /// (`Defaults.hardLimitFactor`).
    public var hardLimitFactor: UInt64 = Defaults.hardLimitFactor
    /// With `stop`: a case still short of `minimumSamples` at its hard limit samples on up to this multiple of its
    /// budget, while the run's whole budget lasts (`SamplingPlan.next`; `Defaults.shortCaseLimitFactor`).
    public var shortCaseLimitFactor: UInt64 = Defaults.shortCaseLimitFactor
    /// Adaptive sampling (`SamplingStop`): a case settles once its interval is this narrow, a noisy one samples on
    /// past its budget (the settled ones with it, without keeping the rounds going), and the run's sampling stays
    /// within the cases' budgets together. Nil: every case samples its own budget.
    public var stop: SamplingStop?
    /// Reference rows (`family/strategy` at a size) every run selects besides what `filter` and `sizes` choose, each at
    /// its own size: the rows a comparison takes the run-wide drift and the rounds' speeds from
    /// (`ComparisonOptions.references`), which the code under test does not run. A key whose benchmark the suite does not
    /// have, or whose size its benchmark refuses, is left out. Empty: none added.
    public var references: [RowKey] = []
    /// The frame rate the profiled sequences play at and the app's own work in each of their frames: their rows' hitch
    /// time ratios (`HitchTime`, `ResultRow.record`). Nil: no hitch time ratio.
    public var hitchTime: HitchTime?

    public init(
        filter: String? = nil, sizes: [Int]? = nil, timeBudget: Double = 0.5, warmup: Double = 0.05,
        targetSamples: Int = 100, minimumSamples: Int = 5, countAllocations: Bool = true
    ) {
        self.filter = filter
        self.sizes = sizes
        self.timeBudget = timeBudget
        self.warmup = warmup
        self.targetSamples = targetSamples
        self.minimumSamples = minimumSamples
        self.countAllocations = countAllocations
    }

    /// The CI smoke setting: a tenth of the default budget and 15 samples.
    public static func quick(filter: String? = nil, sizes: [Int]? = nil) -> RunOptions {
        RunOptions(filter: filter, sizes: sizes, timeBudget: 0.05, warmup: 0.005, targetSamples: 15, minimumSamples: 3)
    }

    /// The options as text, for the run metadata.
    public var dictionary: [String: String] {
        var result = [
            "timeBudget": String(timeBudget), "warmup": String(warmup), "targetSamples": String(targetSamples),
            "minimumSamples": String(minimumSamples), "countAllocations": String(countAllocations),
        ]
        if let stop { result["sampling"] = stop.description }
        if let filter { result["filter"] = filter }
        if let sizes { result["sizes"] = sizes.map(String.init).joined(separator: ",") }
        return result
    }

    /// Compiles `filter`; throws when it is not a valid regular expression.
    func compiledFilter() throws -> NSRegularExpression? {
        guard let filter else { return nil }
        return try NSRegularExpression(pattern: filter)
    }
}
