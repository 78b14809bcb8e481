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

/// A requested size a benchmark cannot be built at, and why (one line).
public struct SkippedCase: Sendable, Equatable {
    public var key: RowKey
    public var reason: String

    public init(key: RowKey, reason: String) {
        self.key = key
        self.reason = reason
    }

    /// A case its set-up found nothing to time at its size (`PreparedBenchmark.inapplicable`), the size named first.
    public init(key: RowKey, inapplicable: String) {
        self.init(key: key, reason: "size \(key.size): " + inapplicable)
    }

    /// The skipped cases that share a reason (one size past one limit: a design's rows), as one group each, in the
    /// order of their first case: what a run reports, one line a group.
    public static func grouped(_ skipped: [SkippedCase]) -> [(benchmarks: [BenchmarkID], reason: String)] {
        var groups: [(benchmarks: [BenchmarkID], reason: String)] = []
        var index: [String: Int] = [:]
        for skip in skipped {
            if let at = index[skip.reason] {
                groups[at].benchmarks.append(skip.key.benchmark)
            } else {
                index[skip.reason] = groups.count
                groups.append(([skip.key.benchmark], skip.reason))
            }
        }
        return groups
    }
}

/// What a run produced: one row per benchmark and size, the failures, the sizes skipped, and the run's metadata.
public struct RunResult: Sendable {
    public var rows: [ResultRow]
    public var failures: [BenchmarkFailure]
    public var skipped: [SkippedCase]
    public var metadata: RunMetadata
    /// What preparing each timed case cost (not written to any file): `InstructionCounter` balances its
    /// callgrind children with it.
    public var preparation: [RowKey: CasePreparation]

    public init(rows: [ResultRow], failures: [BenchmarkFailure], skipped: [SkippedCase] = [], metadata: RunMetadata,
                preparation: [RowKey: CasePreparation] = [:]) {
        self.rows = rows
        self.failures = failures
        self.skipped = skipped
        self.metadata = metadata
        self.preparation = preparation
    }
}

/// One case's set-up, natively: its duration, and the iterations its instruction-count region runs
/// (`PreparedBenchmark.instructionIterations`; nil for the counter's default).
public struct CasePreparation: Sendable, Equatable {
    public var setUpSeconds: Double
    public var instructionIterations: Int?

    public init(setUpSeconds: Double, instructionIterations: Int?) {
        self.setUpSeconds = setUpSeconds
        self.instructionIterations = instructionIterations
    }
}

/// Runs a suite in interleaved rounds, so that a machine slowing down for a moment slows every benchmark a
/// little instead of a few benchmarks a lot (the run-wide drift is then divided out by the comparison).
///
/// 1. Preparation, case by case: set-up, verify (a failing case is reported and not timed), calibrate the
///    batch size and warm up: one sample lasts at least 1 000 clock reads and about 1.2 x `timeBudget /
///    targetSamples` at the rate of the case's fastest batch (`calibrate`).
/// 2. Sampling, in rounds: each round takes one sample of every case (after a short re-warm of a tenth of a
///    batch, since the other cases have evicted its data from the caches). A sample is one batch of
///    `iterationsPerSample` iterations between two `clock_gettime(CLOCK_MONOTONIC)` reads.
///    Rounds stop at `targetSamples`, or once every case has spent its budget with `minimumSamples` taken;
///    a case stops early at `hardLimitFactor` times its budget with at least one sample, so a slow size
///    cannot stall the run. With `options.stop` (adaptive sampling, `SamplingStop`) a case settles instead once
///    its interval is narrow enough, and stops once the run has spent every case's budget together; and a case
///    short of `minimumSamples` at its hard limit (whose samples are long) samples on, up to
///    `shortCaseLimitFactor` times its budget and to `minimumSamplesForInterval` samples past it, while the run's
///    budget lasts. A settled case samples on with the others, so that its samples span the run, but the rounds
///    end once only settled cases are left (`SamplingPlan.sampleInRounds`).
/// 3. Allocations, per case, in an untimed pass (where this build cannot count them, the run says why once and
///    in its metadata, and the figures stay empty).
/// 4. Frame profiles, for the cases that have one, in rounds (`profileInRounds`).
public enum BenchmarkRunner {
    /// Runs every benchmark of `suite` selected by `options`, on the calling thread, reporting to `progress`
    /// (which it does not `finish`: the caller may have more phases to report).
    /// Throws only when `options.filter` is not a valid regular expression.
    /// - Complexity: about `timeBudget` seconds per selected benchmark and size.
    /// With `processes` of more than one process, the rounds are taken in turn by this process and workers started
    /// once every case is prepared (`RoundWorkers`); the metadata says how many took part (`processes`).
    public static func run(_ suite: BenchmarkSuite, options: RunOptions, progress: ProgressReporter,
                           processes: RoundWorkers.Command? = nil) throws -> RunResult {
        try run(suite, options: options, progress: progress, processes: processes?.processes ?? 1, openWorkers: processes.map { command in
            { cases in RoundWorkers.open(command, cases: cases, progress: progress) }
        })
    }

    /// The same, with the workers from `openWorkers` (given every prepared case's key and batch size, in order) when
    /// `processes` is more than 1: the tests' in-process workers.
    static func run(_ suite: BenchmarkSuite, options: RunOptions, progress: ProgressReporter, processes: Int,
                    openWorkers: (([(key: RowKey, iterations: Int)]) -> RoundWorkers)?) throws -> RunResult {
        let selection = try select(suite, options: options)
        for group in SkippedCase.grouped(selection.skipped) {
            progress.report(.skipped(benchmarks: group.benchmarks, reason: group.reason))
        }
        let cases = selection.cases
        progress.report(.started(cases: cases.count, estimatedSeconds: estimatedSeconds(cases: cases.count, options: options)))
        let clockCost = MonotonicClock.readCost()
        var failures: [BenchmarkFailure] = []
        var skipped = selection.skipped
        var timed: [TimedCase] = []
        var preparation: [RowKey: CasePreparation] = [:]
        for (index, (registration, size)) in cases.enumerated() {
            let key = RowKey(benchmark: registration.id, size: size)
            progress.report(.preparing(index: index + 1, total: cases.count, key: key))
            let setUpStart = MonotonicClock.now()
            let prepared = registration.setUp(size)
            preparation[key] = CasePreparation(setUpSeconds: Double(MonotonicClock.now() &- setUpStart) / 1e9,
                                               instructionIterations: prepared.instructionIterations)
            if let inapplicable = prepared.inapplicable {
                let skip = SkippedCase(key: key, inapplicable: inapplicable)
                skipped.append(skip)
                progress.report(.skipped(benchmarks: [registration.id], reason: skip.reason))
                continue
            }
            if let verify = prepared.verify, let reason = verify() {
                let failure = BenchmarkFailure(benchmark: registration.id, size: size, reason: reason)
                failures.append(failure)
                progress.report(.failed(index: index + 1, total: cases.count, failure))
                continue
            }
            let iterations = calibrate(prepared.body, options: options, clockCost: clockCost, quantum: prepared.iterationQuantum)
            timed.append(TimedCase(registration: registration, size: size, prepared: prepared, iterations: iterations))
            progress.report(.prepared(index: index + 1, total: cases.count, key: key, iterations: iterations))
        }
        // The other processes first, so that the countdown below starts when the sampling does.
        let workers = processes > 1 && !timed.isEmpty
            ? openWorkers?(timed.map { (RowKey(benchmark: $0.registration.id, size: $0.size), $0.iterations) }) : nil
        let profiled = timed.filter { $0.prepared.profile != nil }.count
        progress.report(.remaining(
            seconds: remainingSeconds(cases: timed.count, profiled: profiled, options: options),
            what: "sampling \(timed.count) cases" + (profiled > 0 ? ", then frame profiles of \(profiled)" : "")))
        var metadataOptions = options.dictionary
        let taking = 1 + (workers?.count ?? 0)
        sampleInRounds(&timed, options: options, progress: progress, workers: workers)
        if let workers {
            metadataOptions["processes"] = "\(taking) of \(processes): round r in process r mod \(taking)"
                + (workers.count + 1 < taking ? ", \(taking - 1 - workers.count) stopped during the run" : "")
            workers.close()
        }
        var rows = timed.map { summarize($0, options: options) }
        profileInRounds(timed, into: &rows, options: options, progress: progress)
        for row in rows { progress.report(.finished(row)) }
        // After the counting pass, whose first count probes the counter (as it always has: not before the timing).
        if options.countAllocations, !timed.isEmpty, let note = AllocationCounter.unavailableNote {
            progress.report(.note("allocations \(note)"))
            metadataOptions["allocations"] = note
        }
        var metadata = RunMetadata.current(options: metadataOptions)
        metadata.references = RunMetadata.referenceList(selection.references.intersection(rows.map(\.key)))
        return RunResult(rows: rows, failures: failures, skipped: skipped, metadata: metadata,
                         preparation: preparation)
    }

    /// About how long sampling `cases` and profiling `profiled` of them take: the run's whole sampling budget, which a
    /// run spends unless every case settles, and a budget per profiled case for its plays and its allocation count
    /// (Docs/NOISE.md, "How long a run takes").
    static func remainingSeconds(cases: Int, profiled: Int, options: RunOptions) -> Double {
        Double(cases + profiled) * max(0, options.timeBudget)
    }

    /// The phase the frame profiles report (`RunEvent.phase`).
    static let profilePhase = "frame profiles"

    /// About how long a run of `cases` takes once they are set up: `remainingSeconds` with `Defaults.profiledShare`
    /// of them profiled, since which cases have a frame profile is known only once they are set up. Their set-up,
    /// verification, calibration and warm-up, which no budget bounds, the progress line adds at the pace of the cases
    /// prepared so far (`ProgressState.preparationLeft`), so the warm-up is not counted twice.
    static func estimatedSeconds(cases: Int, options: RunOptions) -> Double {
        let profiled = Int((Double(cases) * Defaults.profiledShare).rounded())
        return remainingSeconds(cases: cases, profiled: profiled, options: options)
    }

    /// The (registration, size) pairs `options` selects, in registration then size order, and the requested
    /// sizes a benchmark cannot be built at. With `options.sizes`, a benchmark of `.any` sizes runs at each of
    /// them within its limit; a benchmark of `.fixed` sizes runs at its own. Every reference row of
    /// `options.references` the suite has is selected too, whatever the filter and sizes say, at its own size (one its
    /// benchmark refuses is left out, unreported: nobody asked for it); a reference the filter chose as well is one
    /// case.
    /// - Complexity: O(registrations x sizes + references).
    public static func select(_ suite: BenchmarkSuite, options: RunOptions) throws -> Selection {
        let filter = try options.compiledFilter()
        var referenceSizes: [BenchmarkID: [Int]] = [:]
        for key in options.references { referenceSizes[key.benchmark, default: []].append(key.size) }
        var selection = Selection()
        for registration in suite.registrations {
            let id = registration.id.description
            let chosen = filter?.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil || filter == nil
            var sizes: [Int] = []
            if chosen {
                switch registration.sizes {
                case .fixed(let own): sizes = own
                case .any(let defaults, _, _): sizes = options.sizes ?? defaults
                }
            }
            for size in sizes {
                if let reason = registration.sizes.refusal(size) {
                    selection.skipped.append(SkippedCase(key: RowKey(benchmark: registration.id, size: size), reason: reason))
                } else {
                    selection.cases.append((registration, size))
                    selection.chosen += 1
                }
            }
            let references = (referenceSizes[registration.id] ?? []).filter { registration.sizes.refusal($0) == nil }
            guard !references.isEmpty else { continue }
            // The references among the cases in size order, with the sizes the filter chose.
            let chosenSizes = Set(sizes)
            let added = references.filter { !chosenSizes.contains($0) }
            if !added.isEmpty {
                let start = selection.cases.count - sizes.filter { registration.sizes.refusal($0) == nil }.count
                let merged = (selection.cases[start...].map(\.size) + added).sorted()
                selection.cases.replaceSubrange(start..., with: merged.map { (registration, $0) })
            }
            for size in references { selection.references.insert(RowKey(benchmark: registration.id, size: size)) }
        }
        return selection
    }

    /// What a run selects: the cases to run, and the sizes refused.
    public struct Selection {
        public var cases: [(registration: BenchmarkRegistration, size: Int)] = []
        public var skipped: [SkippedCase] = []
        /// The keys of `cases` that are reference rows (`RunOptions.references`), the filter's or not.
        public var references: Set<RowKey> = []
        /// How many of `cases` the filter and sizes chose: 0 for a filter that matches nothing but the references.
        public var chosen = 0
        /// The keys of the selected cases.
        public var keys: Set<RowKey> { Set(cases.map { RowKey(benchmark: $0.registration.id, size: $0.size) }) }
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
        let iterations = timedCase.iterations
        var mallocs: Double?
        if options.countAllocations, let count = AllocationCounter.count({ timedCase.prepared.body(iterations) }) {
            mallocs = Double(count) / Double(iterations)
        }
        return ResultRow(measured: timedCase.registration.id, size: timedCase.size, items: timedCase.prepared.items,
                         unit: timedCase.registration.unit, samples: timedCase.samples, iterationsPerSample: iterations,
                         mallocsPerIteration: mallocs)
    }

    /// Times every case with a profile (`PreparedBenchmark.profile`) frame by frame, in rounds: each round plays
    /// every such case's session once while it wants a play (`FrameProfiler.Session.wantsPlay`: at least
    /// `Defaults.minimumPlays`, at most `Defaults.maximumPlays`, within `timeBudget` each), so a row's plays, whose
    /// minimum each frame keeps, fall far apart in time rather than in one spell of the machine; then records each
    /// profile in `rows[i]` (`timed[i]`'s row).
    /// - Complexity: about `timeBudget` seconds per profiled case.
    static func profileInRounds(_ timed: [TimedCase], into rows: inout [ResultRow], options: RunOptions,
                                progress: ProgressReporter) {
        let sessions = timed.indices.compactMap { index in timed[index].prepared.profile.map { (index, $0()) } }
        var round = 0
        while true {
            let playing = sessions.map(\.1).filter { $0.wantsPlay(budgetSeconds: options.timeBudget) }
            guard !playing.isEmpty else { break }
            round += 1
            progress.report(.phase(name: profilePhase, detail: "play \(round) of at most \(FrameProfiler.maximumPlays), "
                + "\(playing.count) of \(sessions.count) rows interleaved"))
            for session in playing { session.play() }
        }
        for (index, session) in sessions { rows[index].record(session.profile, events: session.events, hitch: options.hitchTime) }
    }

    /// `iterations` rounded up to a whole multiple of `quantum` (`PreparedBenchmark.iterationQuantum`), at least one.
    static func roundedUp(_ iterations: Int, toMultipleOf quantum: Int?) -> Int {
        guard let quantum, quantum > 1 else { return iterations }
        return quantum * max(1, (iterations + quantum - 1) / quantum)
    }

    /// The batch size: grown until one batch lasts `target = max(1 000 clock reads, timeBudget / targetSamples)`,
    /// then warmed up for `warmup` seconds (at least 3 batches, within twice that), each warm-up batch sized from
    /// the fastest batch so far, per iteration, to last 1.2 x `target`; the size is that of the fastest batch of at
    /// least a tenth of `target` at the end, rounded up to a whole multiple of `quantum`.
    ///
    /// Sized from the fastest batch, not from the last one grown: one batch preempted while growing would end the
    /// growth at a quarter of the size or less, and a short batch costs more per iteration (its re-warm of a tenth
    /// of a batch does not undo what the other cases did to the caches and predictors).
    /// Evidence: Docs/NOISE.md, "Calibration".
    /// Only batches of a tenth of `target` or more size the result, so that a clock coarser than a call cannot make
    /// a batch look free.
    /// - Parameter now: the clock (nanoseconds), for the tests.
    /// - Complexity: about `options.warmup` seconds plus a few batches.
    static func calibrate(_ body: (Int) -> Void, options: RunOptions, clockCost: Double, quantum: Int? = nil,
                          now: () -> UInt64 = MonotonicClock.now) -> Int {
        let start = now()
        let budget = UInt64(max(0, options.timeBudget) * 1e9)
        let warmup = UInt64(max(0, options.warmup) * 1e9)
        let sampleTarget = max(1_000 * clockCost, Double(budget) / Double(max(1, options.targetSamples)))
        let maximumIterations = 1 << 40
        // Nanoseconds per iteration: of the fastest batch of a tenth of the target or more, and of any batch.
        var fastest = Double.infinity
        var fastestOfAny = Double.infinity
        func timed(_ iterations: Int) -> (elapsed: Double, after: UInt64) {
            let before = now()
            body(iterations)
            let after = now()
            let elapsed = Double(after &- before)
            if elapsed > 0 { fastestOfAny = min(fastestOfAny, elapsed / Double(iterations)) }
            if elapsed >= sampleTarget / 10 { fastest = min(fastest, elapsed / Double(iterations)) }
            return (elapsed, after)
        }
        func sized(_ perIteration: Double) -> Int? {
            guard perIteration.isFinite, perIteration > 0 else { return nil }
            return Int(min(Double(maximumIterations), max(1, (sampleTarget * 1.2 / perIteration).rounded(.up))))
        }
        var iterations = 1
        while true {
            let (elapsed, after) = timed(iterations)
            if elapsed >= sampleTarget || after &- start >= budget || iterations >= maximumIterations { break }
            // Aim 20% past the target, growing at least 2x and at most 100x per step.
            let growth = elapsed > 0 ? min(100, max(2, sampleTarget / elapsed * 1.2)) : 100
            iterations = min(maximumIterations, Int(Double(iterations) * growth))
        }
        // Warm up before rounding to the quantum: a case whose quantum (one whole sequence) outlasts the warm-up
        // would otherwise play a whole one here for a warm-up of a few milliseconds.
        let warmStart = now()
        var warmed = 0
        while true {
            let time = now()
            guard time &- start < warmup || (warmed < 3 && time &- warmStart < warmup) else { break }
            iterations = sized(fastestOfAny) ?? iterations
            _ = timed(iterations)
            warmed += 1
        }
        return roundedUp(sized(fastest) ?? iterations, toMultipleOf: quantum)
    }

    /// One sample, as every process of a run and `ab`'s workers take it: a re-warm of a tenth of the batch (the other
    /// cases have evicted this one's data from the caches since its last sample), then `iterations` iterations between
    /// two clock reads. Returns nanoseconds per iteration, and the nanoseconds the sample cost, re-warm included.
    @inline(__always)
    static func takeSample(_ body: (Int) -> Void, iterations: Int) -> (value: Double, cost: UInt64) {
        let start = MonotonicClock.now()
        body(max(1, iterations / 10))
        let before = MonotonicClock.now()
        body(iterations)
        let after = MonotonicClock.now()
        return (Double(after &- before) / Double(iterations), after &- start)
    }

    /// Takes samples round by round, one per case per round (nanoseconds per iteration), while `SamplingPlan`
    /// wants them (`SamplingPlan.sampleInRounds`); with `workers`, round `r` in process `r mod (1 + workers)`, 0 being
    /// this one (and a worker's rounds here once it has stopped).
    static func sampleInRounds(_ cases: inout [TimedCase], options: RunOptions, progress: ProgressReporter, workers: RoundWorkers?) {
        let plan = SamplingPlan(options: options, cases: cases.count)
        let timed = cases
        let processes = 1 + (workers?.count ?? 0)
        let rounds = plan.sampleInRounds(cases: timed.count, sampleRound: { round, indices in
            if let workers, round % processes > 0, let values = workers.sample(worker: round % processes - 1, indices) {
                return values
            }
            return indices.map { takeSample(timed[$0].prepared.body, iterations: timed[$0].iterations) }
        }, afterRound: { round, totalSpent in
            progress.report(.sampling(round: round, rounds: plan.expectedRounds(after: round, totalSpent: totalSpent),
                                      cases: timed.count))
        })
        for index in cases.indices {
            cases[index].samples = rounds.samples[index]
            cases[index].spent = rounds.spent[index]
        }
    }
}
