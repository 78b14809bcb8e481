import BenchKit
import BenchSink
import Testing

private final class Box {
    var value = 0
}

/// Records every event a run reports, for tests.
final class RecordingProgress: ProgressReporter {
    var events: [RunEvent] = []
    var finished = false
    func report(_ event: RunEvent) { events.append(event) }
    func finish() { finished = true }
}

@Suite struct RunnerTests {
    private let tiny = RunOptions(timeBudget: 0.01, warmup: 0.001, targetSamples: 10, minimumSamples: 3)

    private func makeSuite() -> BenchmarkSuite {
        let suite = BenchmarkSuite()
        suite.register(BenchmarkID(family: "empty", strategy: "loop"), unit: frameUnit, sizes: .any(defaults: [1, 2])) { size in
            PreparedBenchmark(items: size * 3) { iterations in
                for iteration in 0..<iterations { blackHole(iteration) }
            }
        }
        suite.register(BenchmarkID(family: "alloc", strategy: "box"), unit: .nanosecondsPerCall, sizes: .fixed([1])) { size in
            PreparedBenchmark(items: size) { iterations in
                for _ in 0..<iterations { blackHole(Box()) }
            }
        }
        suite.register(BenchmarkID(family: "wrong", strategy: "answer"), unit: .nanosecondsPerCall,
                       sizes: .any(defaults: [1], largest: 5, reason: "a made-up limit")) { size in
            PreparedBenchmark(items: size, verify: { "expected 42, got 41" }) { _ in
                Issue.record("a benchmark that fails verification must not be timed")
            }
        }
        return suite
    }

    @Test func runsVerifiesAndSummarises() throws {
        let progress = RecordingProgress()
        let result = try BenchmarkRunner.run(makeSuite(), options: tiny, progress: progress)
        #expect(result.rows.map(\.key.description) == ["empty/loop@1", "empty/loop@2", "alloc/box@1"])
        #expect(result.failures == [BenchmarkFailure(benchmark: BenchmarkID(family: "wrong", strategy: "answer"), size: 1, reason: "expected 42, got 41")])
        let failed = progress.events.compactMap { event -> (Int, Int, BenchmarkFailure)? in
            if case let .failed(index, total, failure) = event { return (index, total, failure) }
            return nil
        }
        #expect(failed.count == 1 && failed[0].0 == 4 && failed[0].1 == 4)
        #expect(progress.events.filter { if case .prepared = $0 { true } else { false } }.count == 3)
        #expect(progress.events.filter { if case .finished = $0 { true } else { false } }.count == 3)
        #expect(!progress.finished, "the caller finishes the reporter (it may have more phases)")
        for row in result.rows {
            #expect(row.median.isFinite && row.min >= 0 && row.min <= row.median && row.median <= row.p90, "\(row)")
            #expect(row.samples.count == row.sampleCount)
            #expect(row.sampleCount >= 1)
            #expect(row.iterationsPerSample >= 1)
        }
        let empty = result.rows[0]
        #expect(empty.items == 3)
        #expect(result.metadata.options["timeBudget"] == "0.01")
        let allocating = result.rows[2]
        if let note = AllocationCounter.unavailableNote {
            // No counter in this build: the figures are empty, never 0, and the run says why once.
            #expect(result.rows.allSatisfy { $0.mallocsPerIteration == nil })
            #expect(result.metadata.options["allocations"] == note)
            #expect(progress.events.filter { if case .note("allocations " + note) = $0 { true } else { false } }.count == 1)
        } else {
            #expect(empty.mallocsPerIteration == 0)
            #expect(abs((allocating.mallocsPerIteration ?? 0) - 1) <= 0.1)
            #expect(result.metadata.options["allocations"] == nil)
        }
    }

    @Test func filterAndSizesSelect() throws {
        var options = tiny
        options.filter = "^empty/"
        options.sizes = [2, 300]
        let selection = try BenchmarkRunner.select(makeSuite(), options: options)
        #expect(selection.cases.map { "\($0.registration.id)#\($0.size)" } == ["empty/loop#2", "empty/loop#300"])
        #expect(selection.skipped.isEmpty)
        options.filter = "("
        #expect(throws: (any Error).self) { try BenchmarkRunner.select(makeSuite(), options: options) }
    }

    /// Any requested size for `.any` benchmarks, their own sizes for `.fixed` ones, and past a limit one line why.
    @Test func sizePoliciesDecideTheSizesRun() throws {
        var options = tiny
        options.sizes = [3, 7]
        let selection = try BenchmarkRunner.select(makeSuite(), options: options)
        #expect(selection.cases.map { "\($0.registration.id)#\($0.size)" }
            == ["empty/loop#3", "empty/loop#7", "alloc/box#1", "wrong/answer#3"])
        #expect(selection.skipped == [SkippedCase(key: RowKey(benchmark: BenchmarkID(family: "wrong", strategy: "answer"), size: 7),
                                                  reason: "size 7 is past its limit 5: a made-up limit")])
        #expect(SizePolicy.any(defaults: [1], largest: 5, reason: "why").summary == "any size up to 5 (why); default 1")
        #expect(SizePolicy.fixed([3]).summary == "fixed 3")
        #expect(SizePolicy.any(defaults: [1, 2]).refusal(1_000_000) == nil)
    }

    /// A case with nothing to time at a size (`PreparedBenchmark.inapplicable`) is skipped with its reason: neither
    /// timed nor failed, and the other sizes run.
    @Test func anInapplicableCaseIsSkippedNotFailed() throws {
        let suite = BenchmarkSuite()
        let id = BenchmarkID(family: "advance", strategy: "finite")
        suite.register(id, unit: .nanosecondsPerCall, sizes: .any(defaults: [1, 2])) { size in
            PreparedBenchmark(items: size, inapplicable: size == 1 ? "no next item" : nil,
                              verify: { size == 1 ? "a skipped case must not be verified" : nil }) { iterations in
                if size == 1 { Issue.record("a skipped case must not be timed") }
                for iteration in 0..<iterations { blackHole(iteration) }
            }
        }
        let progress = RecordingProgress()
        let result = try BenchmarkRunner.run(suite, options: tiny, progress: progress)
        #expect(result.rows.map(\.key.description) == ["advance/finite@2"])
        #expect(result.failures.isEmpty)
        #expect(result.skipped == [SkippedCase(key: RowKey(benchmark: id, size: 1), reason: "size 1: no next item")])
        #expect(progress.events.contains { if case .skipped([id], "size 1: no next item") = $0 { true } else { false } })
    }

    @Test func withoutAllocationCountingTheFigureIsUnmeasured() throws {
        var options = tiny
        options.countAllocations = false
        options.filter = "alloc"
        let result = try BenchmarkRunner.run(makeSuite(), options: options, progress: SilentProgress())
        #expect(result.rows.count == 1)
        #expect(result.rows[0].mallocsPerIteration == nil)
    }

    @Test func idsAreListedInRegistrationOrder() {
        #expect(makeSuite().benchmarkIDs.map(\.description) == ["empty/loop", "alloc/box", "wrong/answer"])
    }

    /// Samples are taken in rounds: after preparation, the two cases alternate instead of running one after the other.
    @Test func samplingInterleavesTheCasesRoundByRound() throws {
        final class Log { var entries: [String] = [] }
        let log = Log()
        let suite = BenchmarkSuite()
        for name in ["a", "b"] {
            suite.register(BenchmarkID(family: "order", strategy: name), unit: .nanosecondsPerCall, sizes: .any(defaults: [1])) { size in
                PreparedBenchmark(items: size) { iterations in
                    log.entries.append(name)
                    for index in 0..<iterations { blackHole(index) }
                }
            }
        }
        final class MarkPrepared: ProgressReporter {
            let log: Log
            var preparedCount = 0
            init(_ log: Log) { self.log = log }
            func report(_ event: RunEvent) { if case .prepared = event { preparedCount = log.entries.count } }
            func finish() {}
        }
        var options = RunOptions(timeBudget: 0.01, warmup: 0, targetSamples: 6, minimumSamples: 6, countAllocations: false)
        // The order, not the time, is under test: a loaded machine must not stop a case at its hard limit.
        options.hardLimitFactor = 1_000_000
        let progress = MarkPrepared(log)
        let result = try BenchmarkRunner.run(suite, options: options, progress: progress)
        #expect(result.rows.map(\.sampleCount) == [6, 6])
        // After both preparations, each sample is a (re-warm, timed) pair of calls: a a b b a a b b ...
        let sampling = Array(log.entries[progress.preparedCount...].prefix(24))
        let expected = (0..<6).flatMap { _ in ["a", "a", "b", "b"] }
        #expect(sampling == expected)
    }

    /// Frame profiles are played in rounds too: after sampling, the two profiled cases' plays alternate, each gets
    /// at least `minimumPlays` (a zero budget: exactly that), and each row records its own profile and events.
    @Test func frameProfilesArePlayedInRounds() throws {
        final class Log { var plays: [String] = [] }
        let log = Log()
        let suite = BenchmarkSuite()
        for name in ["a", "b"] {
            suite.register(BenchmarkID(family: "profiled", strategy: name), unit: frameUnit, sizes: .any(defaults: [1])) { size in
                PreparedBenchmark(items: size, profile: {
                    FrameProfiler.Session(frames: 4, start: { log.plays.append(name) }, frame: { blackHole($0) },
                                          labels: { Array(repeating: "\(name) frame", count: 4) })
                }) { iterations in
                    for index in 0..<iterations { blackHole(index) }
                }
            }
        }
        var options = RunOptions(timeBudget: 0, warmup: 0, targetSamples: 3, minimumSamples: 3, countAllocations: false)
        options.hardLimitFactor = 1_000_000
        let progress = RecordingProgress()
        let result = try BenchmarkRunner.run(suite, options: options, progress: progress)
        #expect(log.plays == ["a", "b", "a", "b"])
        // Once both are prepared, before the first sample: what is left, two budgets of sampling and two of profiles.
        let remaining = progress.events.enumerated().compactMap { index, event -> (Int, Double, String)? in
            if case .remaining(let seconds, let what) = event { return (index, seconds, what) } else { return nil }
        }
        let lastPrepared = progress.events.lastIndex { if case .prepared = $0 { true } else { false } }
        let firstSample = progress.events.firstIndex { if case .sampling = $0 { true } else { false } }
        #expect(remaining.count == 1)
        #expect(remaining.first?.2 == "sampling 2 cases, then frame profiles of 2")
        #expect(remaining.first.map { $0.0 > lastPrepared! && $0.0 < firstSample! } == true)
        #expect(result.rows.map(\.worstFrameEvent) == ["a frame", "b frame"])
        #expect(result.rows.allSatisfy { $0.worstFrame != nil && $0.p99Frame != nil })
    }
}
