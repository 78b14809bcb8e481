/// The shared vocabulary of the harness: what one measured row is, and a run's worth of them.
/// Every other file of BenchKit (runner, CSV, comparison, fits, charts) speaks in these types.

/// A benchmark's identity, `family/strategy` (for example `pipeline/seed000.flow`).
public struct BenchmarkID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let family: String
    public let strategy: String

    public init(family: String, strategy: String) {
        precondition(!family.isEmpty && !family.contains("/"), "family must be non-empty and contain no '/'")
        precondition(!strategy.isEmpty, "strategy must be non-empty")
        self.family = family
        self.strategy = strategy
    }

    /// Parses `family/strategy`; nil when there is no `/` or either side is empty.
    public init?(parsing text: String) {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        let family = String(text[..<slash])
        let strategy = String(text[text.index(after: slash)...])
        guard !family.isEmpty, !strategy.isEmpty else { return nil }
        self.family = family
        self.strategy = strategy
    }

    public var description: String { "\(family)/\(strategy)" }

    public static func < (a: BenchmarkID, b: BenchmarkID) -> Bool { a.description < b.description }
}

/// What one iteration of a benchmark is.
public enum IterationUnit: String, Sendable, CaseIterable {
    case nsPerFrame = "ns/frame"
    case nsPerCall = "ns/call"
}

/// One benchmark at one size: the row of the results CSV, plus its raw samples when known.
public struct ResultRow: Sendable, Equatable {
    public var benchmark: BenchmarkID
    /// The size parameter (for the suite: the catalog size `n`).
    public var catalog: Int
    /// The derived size actually processed (for the suite: the replicated item count `N`).
    public var items: Int
    public var unit: IterationUnit
    /// Nanoseconds per iteration, one value per sample, in the order taken. Empty when read from a CSV without samples.
    public var samples: [Double]
    public var sampleCount: Int
    public var iterationsPerSample: Int
    public var min: Double
    public var median: Double
    public var p90: Double
    public var mad: Double
    /// nil when not measured (written as an empty field, never 0).
    public var mallocsPerIteration: Double?
    /// nil when not measured (written as an empty field, never 0).
    public var instructionsPerIteration: Double?
    /// Median as a percentage of a 120 Hz frame (8 333 333 ns); nil for per-call units.
    public var budgetPct120Hz: Double?
    /// 99th percentile in `unit` (extra CSV column `p99`); nil when unknown.
    public var p99: Double?
    /// Coefficient of variation of the samples (extra CSV column `cv`); nil when unknown.
    public var cv: Double?

    public init(
        benchmark: BenchmarkID, catalog: Int, items: Int, unit: IterationUnit,
        samples: [Double], sampleCount: Int, iterationsPerSample: Int,
        min: Double, median: Double, p90: Double, mad: Double,
        mallocsPerIteration: Double?, instructionsPerIteration: Double?, budgetPct120Hz: Double?,
        p99: Double? = nil, cv: Double? = nil
    ) {
        self.benchmark = benchmark
        self.catalog = catalog
        self.items = items
        self.unit = unit
        self.samples = samples
        self.sampleCount = sampleCount
        self.iterationsPerSample = iterationsPerSample
        self.min = min
        self.median = median
        self.p90 = p90
        self.mad = mad
        self.mallocsPerIteration = mallocsPerIteration
        self.instructionsPerIteration = instructionsPerIteration
        self.budgetPct120Hz = budgetPct120Hz
        self.p99 = p99
        self.cv = cv
    }

    /// The key a comparison matches rows on.
    public var key: RowKey { RowKey(benchmark: benchmark, catalog: catalog) }
}

public struct RowKey: Hashable, Comparable, Sendable {
    public var benchmark: BenchmarkID
    public var catalog: Int
    public init(benchmark: BenchmarkID, catalog: Int) {
        self.benchmark = benchmark
        self.catalog = catalog
    }
    public static func < (a: RowKey, b: RowKey) -> Bool {
        a.benchmark == b.benchmark ? a.catalog < b.catalog : a.benchmark < b.benchmark
    }
}

/// Nanoseconds in one 120 Hz display frame.
public let frameBudget120HzNanoseconds = 1_000_000_000.0 / 120.0
