/// The shared vocabulary of the harness: what one measured row is, and a run's worth of them.
/// Every other file of BenchKit (runner, CSV, comparison, fits, charts) speaks in these types.

/// A benchmark's identity, `family/strategy` (for example `sort/insertion`).
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

/// What one iteration of a benchmark is, as a unit label `ns/WORD` (`ns/call`, `ns/op`, ...).
/// Times are always nanoseconds per iteration; the word names the iteration for readers.
public struct IterationUnit: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// `ns/WORD` with a non-empty word of letters; nil otherwise.
    public init?(rawValue: String) {
        guard rawValue.hasPrefix("ns/"), rawValue.count > 3,
              rawValue.dropFirst(3).allSatisfy({ $0.isLetter })
        else { return nil }
        self.rawValue = rawValue
    }

    /// Nanoseconds per `iteration` (a word of letters, e.g. "call").
    public init(nanosecondsPer iteration: String) {
        guard let unit = IterationUnit(rawValue: "ns/" + iteration) else {
            preconditionFailure("an iteration is named by a word of letters, not '\(iteration)'")
        }
        self = unit
    }

    /// The word after `ns/`: what one iteration is.
    public var iteration: String { String(rawValue.dropFirst(3)) }

    public var description: String { rawValue }

    /// One call of the measured function per iteration.
    public static let nanosecondsPerCall = IterationUnit(nanosecondsPer: "call")
}

/// One benchmark at one size: the row of the results CSV, plus its raw samples when known.
public struct ResultRow: Sendable, Equatable {
    public var benchmark: BenchmarkID
    /// The size parameter the benchmark was set up with.
    public var size: Int
    /// The derived size actually processed (equal to `size` unless the benchmark derives another).
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
    /// 99th percentile in `unit`; nil when unknown.
    public var p99: Double?
    /// Coefficient of variation of the samples; nil when unknown.
    public var cv: Double?
    /// The costliest iteration of a frame-by-frame profile (`FrameProfile`), in nanoseconds; nil when not profiled.
    public var worstFrame: Double?
    /// The profile's 99th percentile, in nanoseconds; nil when not profiled.
    public var p99Frame: Double?
    /// The worst frame's index in the played sequence; nil when not profiled.
    public var worstFrameIndex: Double?
    /// What happened in the worst frame, as the benchmark names it; nil when not profiled or not named.
    public var worstFrameEvent: String?
    /// The profile's hitch time ratio with no work of the app's own: milliseconds of hitch per second of the played
    /// sequence (`HitchTime`); nil when not profiled.
    public var hitchRatio: Double?
    /// The same with the app's own work added to every frame (`run --content-ms`, which the run's metadata records
    /// as `contentMs`); nil when not profiled.
    public var hitchRatioWithContent: Double?

    public init(
        benchmark: BenchmarkID, size: Int, items: Int, unit: IterationUnit,
        samples: [Double], sampleCount: Int, iterationsPerSample: Int,
        min: Double, median: Double, p90: Double, mad: Double,
        mallocsPerIteration: Double?, instructionsPerIteration: Double?,
        p99: Double? = nil, cv: Double? = nil
    ) {
        self.benchmark = benchmark
        self.size = size
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
        self.p99 = p99
        self.cv = cv
    }

    /// The key a comparison matches rows on.
    public var key: RowKey { RowKey(benchmark: benchmark, size: size) }

    /// A measured row: every stored figure the samples determine (`Metric.statistic`), from `samples`; the
    /// allocation count where it was counted. The runner and `ab` both build their rows here.
    public init(measured benchmark: BenchmarkID, size: Int, items: Int, unit: IterationUnit, samples: [Double],
                iterationsPerSample: Int, mallocsPerIteration: Double?) {
        self.init(benchmark: benchmark, size: size, items: items, unit: unit, samples: samples, sampleCount: samples.count,
                  iterationsPerSample: iterationsPerSample, min: .nan, median: .nan, p90: .nan, mad: .nan,
                  mallocsPerIteration: mallocsPerIteration, instructionsPerIteration: nil)
        let statistics = SampleStatistics(samples)
        for metric in Metric.stored {
            if let statistic = metric.statistic { metric.store?(&self, statistic(statistics)) }
        }
    }
}

/// A row's identity: its benchmark and size.
public struct RowKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var benchmark: BenchmarkID
    public var size: Int
    public init(benchmark: BenchmarkID, size: Int) {
        self.benchmark = benchmark
        self.size = size
    }
    public static func < (a: RowKey, b: RowKey) -> Bool {
        a.benchmark == b.benchmark ? a.size < b.size : a.benchmark < b.benchmark
    }
    /// `family/strategy@size`.
    public var description: String { "\(benchmark)@\(size)" }
}

extension RowKey {
    /// Parses `family/strategy@size` (`description`); nil when malformed.
    public init?(parsing text: String) {
        guard let at = text.lastIndex(of: "@"), let benchmark = BenchmarkID(parsing: String(text[..<at])),
              let size = Int(text[text.index(after: at)...])
        else { return nil }
        self.init(benchmark: benchmark, size: size)
    }
}
