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

/// Runs a suite in interleaved rounds, so that a machine slowing down for a moment slows every benchmark a
/// little instead of a few benchmarks a lot (the run-wide drift is then divided out by the comparison).
///
/// 1. Preparation, case by case: set-up, verify (a failing case is reported and not timed), calibrate the
///    batch size so one sample lasts at least 1 000 clock reads and about `timeBudget / targetSamples`,
///    then warm up.
/// 2. Sampling, in rounds: each round takes one sample of every case (after a short re-warm of a tenth of a
///    batch, since the other cases have evicted its data from the caches). A sample is one batch of
///    `iterationsPerSample` iterations between two `clock_gettime(CLOCK_MONOTONIC)` reads.
///    Rounds stop at `targetSamples`, or once every case has spent its budget with `minimumSamples` taken;
///    a case stops early at 4x its budget with at least one sample, so a slow size cannot stall the run.
/// 3. Allocations, per case, in an untimed pass.
public enum BenchmarkRunner {
    /// Runs every benchmark of `suite` selected by `options`, on the calling thread.
    /// Throws only when `options.filter` is not a valid regular expression.
    /// - Complexity: about `timeBudget` seconds per selected benchmark and size.
    public static func run(
        _ suite: BenchmarkSuite, options: RunOptions, progress: (String) -> Void = BenchmarkRunner.printToStandardError
    ) throws -> RunResult {
        let cases = try selectedCases(suite, options: options)
        let clockCost = MonotonicClock.readCost()
        let width = String(cases.count).count
        var failures: [BenchmarkFailure] = []
        var timed: [TimedCase] = []
        for (index, (registration, size)) in cases.enumerated() {
            let counter = "[" + String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)/\(cases.count)]"
            let prepared = registration.setUp(size)
            if let verify = prepared.verify, let reason = verify() {
                let failure = BenchmarkFailure(benchmark: registration.id, size: size, reason: reason)
                failures.append(failure)
                progress("\(counter) FAIL \(failure)")
                continue
            }
            let iterations = calibrate(prepared.body, options: options, clockCost: clockCost)
            timed.append(TimedCase(registration: registration, size: size, prepared: prepared, iterations: iterations))
            progress("\(counter) prepared \(registration.id) size \(size): \(iterations) iterations per sample")
        }
        sampleInRounds(&timed, options: options, progress: progress)
        var rows: [ResultRow] = []
        for timedCase in timed {
            let row = summarize(timedCase, options: options)
            rows.append(row)
            progress("\(row.benchmark) size \(row.catalog): median \(formatted(row.median)) \(row.unit.rawValue)"
                + " (\(row.sampleCount) samples x \(row.iterationsPerSample) iterations)")
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

    /// One case being timed: its set-up, batch size, samples so far and time spent.
    struct TimedCase {
        let registration: BenchmarkRegistration
        let size: Int
        let prepared: PreparedBenchmark
        let iterations: Int
        var samples: [Double] = []
        var spent: UInt64 = 0
    }

    /// Summarises a timed case as a row, counting its allocations in one untimed batch.
    static func summarize(_ timedCase: TimedCase, options: RunOptions) -> ResultRow {
        let statistics = SampleStatistics(timedCase.samples)
        let iterations = timedCase.iterations
        var mallocs: Double?
        if options.countAllocations, let count = AllocationCounter.count({ timedCase.prepared.body(iterations) }) {
            mallocs = Double(count) / Double(iterations)
        }
        let unit = timedCase.registration.unit
        let budget = unit == .nsPerFrame ? statistics.median / frameBudget120HzNanoseconds * 100 : nil
        return ResultRow(
            benchmark: timedCase.registration.id, catalog: timedCase.size, items: timedCase.prepared.items, unit: unit,
            samples: timedCase.samples, sampleCount: timedCase.samples.count, iterationsPerSample: iterations,
            min: statistics.min, median: statistics.median, p90: statistics.p90, mad: statistics.mad,
            mallocsPerIteration: mallocs, instructionsPerIteration: nil, budgetPct120Hz: budget,
            p99: statistics.p99, cv: statistics.cv
        )
    }

    /// The batch size: grown until one batch lasts `max(1 000 clock reads, timeBudget / targetSamples)`,
    /// then run for `warmup` seconds.
    /// - Complexity: about `options.warmup` seconds plus a few batches.
    static func calibrate(_ body: (Int) -> Void, options: RunOptions, clockCost: Double) -> Int {
        let start = MonotonicClock.now()
        let budget = UInt64(max(0, options.timeBudget) * 1e9)
        let warmup = UInt64(max(0, options.warmup) * 1e9)
        let sampleTarget = max(1_000 * clockCost, Double(budget) / Double(max(1, options.targetSamples)))
        let maximumIterations = 1 << 40
        var iterations = 1
        while true {
            let before = MonotonicClock.now()
            body(iterations)
            let after = MonotonicClock.now()
            let elapsed = Double(after &- before)
            if elapsed >= sampleTarget || after &- start >= budget || iterations >= maximumIterations { break }
            // Aim 20% past the target, growing at least 2x and at most 100x per step.
            let growth = elapsed > 0 ? min(100, max(2, sampleTarget / elapsed * 1.2)) : 100
            iterations = min(maximumIterations, Int(Double(iterations) * growth))
        }
        while MonotonicClock.now() &- start < warmup {
            body(iterations)
        }
        return iterations
    }

    /// Takes samples round by round, one per case per round (nanoseconds per iteration).
    static func sampleInRounds(_ cases: inout [TimedCase], options: RunOptions, progress: (String) -> Void) {
        let budget = UInt64(max(0, options.timeBudget) * 1e9)
        let hardLimit = budget &* 4
        let rounds = max(1, options.targetSamples)
        for round in 0..<rounds {
            var sampledAny = false
            for index in cases.indices {
                let spent = cases[index].spent
                let count = cases[index].samples.count
                if count > 0 && (spent >= hardLimit || (spent >= budget && count >= options.minimumSamples)) { continue }
                let body = cases[index].prepared.body
                let iterations = cases[index].iterations
                let start = MonotonicClock.now()
                body(max(1, iterations / 10))
                let before = MonotonicClock.now()
                body(iterations)
                let after = MonotonicClock.now()
                cases[index].samples.append(Double(after &- before) / Double(iterations))
                cases[index].spent &+= after &- start
                sampledAny = true
            }
            guard sampledAny else { break }
            if (round + 1) % 10 == 0 || round + 1 == rounds {
                progress("sampling: round \(round + 1) of at most \(rounds), \(cases.count) benchmarks interleaved")
            }
        }
    }

    private static func formatted(_ value: Double) -> String {
        DecimalFormat.string(value, decimals: value < 10 ? 3 : 1)
    }
}
