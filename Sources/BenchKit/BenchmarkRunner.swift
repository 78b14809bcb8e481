import Foundation

/// A benchmark at one size whose verification failed: reported, and not timed.
public struct BenchmarkFailure: Sendable, Equatable, CustomStringConvertible {
    public var benchmark: BenchmarkID
    public var size: Int
    public var reason: String

    public init(benchmark: BenchmarkID, size: Int, reason: String) {
        self.benchmark = benchmark
        self.size = size
        self.reason = reason
    }

    public var description: String { "\(benchmark) size \(size): verification failed: \(reason)" }
}

/// What a run produced: one row per benchmark and size, the failures, and the run's metadata.
public struct RunResult: Sendable {
    public var rows: [ResultRow]
    public var failures: [BenchmarkFailure]
    public var metadata: RunMetadata

    public init(rows: [ResultRow], failures: [BenchmarkFailure], metadata: RunMetadata) {
        self.rows = rows
        self.failures = failures
        self.metadata = metadata
    }
}

/// Runs a suite: for each selected benchmark and size, set-up, verify, calibrate, warm up, sample, count allocations.
///
/// Timing: batches of `iterationsPerSample` iterations between two `clock_gettime(CLOCK_MONOTONIC)` reads,
/// the batch sized so one sample lasts at least 1 000 clock reads and about `timeBudget / targetSamples`.
/// Sampling stops at `targetSamples`, or once the budget is spent with `minimumSamples` taken, or at 4x the
/// budget with at least one sample, so a slow size cannot stall the run.
public enum BenchmarkRunner {
    /// Runs every benchmark of `suite` selected by `options`, on the calling thread.
    /// Throws only when `options.filter` is not a valid regular expression.
    /// - Complexity: about `timeBudget` seconds per selected benchmark and size.
    public static func run(
        _ suite: BenchmarkSuite, options: RunOptions, progress: (String) -> Void = BenchmarkRunner.printToStandardError
    ) throws -> RunResult {
        let cases = try selectedCases(suite, options: options)
        let clockCost = MonotonicClock.readCost()
        var rows: [ResultRow] = []
        var failures: [BenchmarkFailure] = []
        for (registration, size) in cases {
            let prepared = registration.setUp(size)
            if let verify = prepared.verify, let reason = verify() {
                let failure = BenchmarkFailure(benchmark: registration.id, size: size, reason: reason)
                failures.append(failure)
                progress("FAIL \(failure)")
                continue
            }
            let row = measure(registration, size: size, prepared: prepared, options: options, clockCost: clockCost)
            rows.append(row)
            progress(
                "\(row.benchmark) size \(size): median \(formatted(row.median)) \(row.unit.rawValue)"
                    + " (\(row.sampleCount) samples x \(row.iterationsPerSample) iterations)"
            )
        }
        return RunResult(rows: rows, failures: failures, metadata: RunMetadata.current(options: options.dictionary))
    }

    /// The default progress sink: one line on standard error.
    public static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The (registration, size) pairs `options` selects, in registration then size order.
    /// - Complexity: O(registrations x sizes).
    public static func selectedCases(
        _ suite: BenchmarkSuite, options: RunOptions
    ) throws -> [(registration: BenchmarkRegistration, size: Int)] {
        let filter = try options.compiledFilter()
        var cases: [(registration: BenchmarkRegistration, size: Int)] = []
        for registration in suite.registrations {
            let id = registration.id.description
            if let filter, filter.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) == nil { continue }
            for size in registration.sizes where options.sizes?.contains(size) ?? true {
                cases.append((registration, size))
            }
        }
        return cases
    }

    /// Times one prepared benchmark and summarises it as a row.
    static func measure(
        _ registration: BenchmarkRegistration, size: Int, prepared: PreparedBenchmark, options: RunOptions,
        clockCost: Double
    ) -> ResultRow {
        let (samples, iterations) = sample(prepared.body, options: options, clockCost: clockCost)
        let statistics = SampleStatistics(samples)
        var mallocs: Double?
        if options.countAllocations, let count = AllocationCounter.count({ prepared.body(iterations) }) {
            mallocs = Double(count) / Double(iterations)
        }
        let budget = registration.unit == .nsPerFrame ? statistics.median / frameBudget120HzNanoseconds * 100 : nil
        return ResultRow(
            benchmark: registration.id, catalog: size, items: prepared.items, unit: registration.unit,
            samples: samples, sampleCount: samples.count, iterationsPerSample: iterations,
            min: statistics.min, median: statistics.median, p90: statistics.p90, mad: statistics.mad,
            mallocsPerIteration: mallocs, instructionsPerIteration: nil, budgetPct120Hz: budget,
            p99: statistics.p99, cv: statistics.cv
        )
    }

    /// Calibrates the batch size, warms up, then takes samples (nanoseconds per iteration).
    /// - Complexity: about `options.timeBudget` seconds (at most 4x it, plus one batch).
    static func sample(
        _ body: (Int) -> Void, options: RunOptions, clockCost: Double
    ) -> (samples: [Double], iterationsPerSample: Int) {
        let start = MonotonicClock.now()
        let budget = UInt64(max(0, options.timeBudget) * 1e9)
        let hardLimit = budget &* 4
        let warmup = UInt64(max(0, options.warmup) * 1e9)
        let sampleTarget = max(1_000 * clockCost, Double(budget) / Double(max(1, options.targetSamples)))
        let maximumIterations = 1 << 40

        var iterations = 1
        while true {
            let before = MonotonicClock.now()
            body(iterations)
            let after = MonotonicClock.now()
            let elapsed = Double(after &- before)
            if elapsed >= sampleTarget || after &- start >= hardLimit || iterations >= maximumIterations { break }
            // Aim 20% past the target, growing at least 2x and at most 100x per step.
            let growth = elapsed > 0 ? min(100, max(2, sampleTarget / elapsed * 1.2)) : 100
            iterations = min(maximumIterations, Int(Double(iterations) * growth))
        }
        while MonotonicClock.now() &- start < warmup {
            body(iterations)
        }
        var samples: [Double] = []
        samples.reserveCapacity(max(1, options.targetSamples))
        while samples.count < max(1, options.targetSamples) {
            let spent = MonotonicClock.now() &- start
            if !samples.isEmpty && (spent >= hardLimit || (spent >= budget && samples.count >= options.minimumSamples)) {
                break
            }
            let before = MonotonicClock.now()
            body(iterations)
            let after = MonotonicClock.now()
            samples.append(Double(after &- before) / Double(iterations))
        }
        return (samples, iterations)
    }

    private static func formatted(_ value: Double) -> String {
        DecimalFormat.string(value, decimals: value < 10 ? 3 : 1)
    }
}
