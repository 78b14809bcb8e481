import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run is doing, as the runner (and the tools around it) report it.
public enum RunEvent: Sendable {
    /// The run starts: `cases` benchmark-size pairs, expected to take about `estimatedSeconds` once they are set up
    /// (their sampling and frame profiles: `BenchmarkRunner.estimatedSeconds`; `ab` reports it after its set-up).
    case started(cases: Int, estimatedSeconds: Double)
    /// Case `index` (1-based) of `total` is being set up, verified and calibrated.
    case preparing(index: Int, total: Int, key: RowKey)
    /// It passed and will be sampled with batches of `iterations`.
    case prepared(index: Int, total: Int, key: RowKey, iterations: Int)
    /// It failed its verification: reported, not timed.
    case failed(index: Int, total: Int, BenchmarkFailure)
    /// A requested size the benchmarks cannot be built at (those of one limit, e.g. a design's rows).
    case skipped(benchmarks: [BenchmarkID], reason: String)
    /// Every case is prepared: the runner's sampling and frame profiles (`what`, for people) should take about
    /// `seconds` from now (`BenchmarkRunner.remainingSeconds`).
    case remaining(seconds: Double, what: String)
    /// Sampling round `round` (1-based) of at most `rounds`, every case interleaved.
    case sampling(round: Int, rounds: Int, cases: Int)
    /// A case is summarised.
    case finished(ResultRow)
    /// A phase outside the runner (e.g. counting instructions), with what it is doing now.
    case phase(name: String, detail: String)
    /// A line that must always be shown (a warning).
    case note(String)
}

extension RunEvent {
    /// `running 737 benchmark sizes, about 1 min 3 s once set up`: the first line of `--verbose` and of a log.
    static func startLine(cases: Int, estimate: Double) -> String {
        "running \(cases) benchmark sizes, about \(ProgressClock.duration(estimate)) once set up\n"
    }
}

/// Where a run's progress goes. Implementations decide how much of it a reader sees.
public protocol ProgressReporter: AnyObject {
    func report(_ event: RunEvent)
    /// The run is over: leave the terminal clean.
    func finish()
}

/// Standard error, the default destination of progress.
public enum StandardErrorStream {
    public static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether standard error is a terminal.
    public static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// Chooses the reporter for standard error: every event as a line (`verbose`), one updating line on a
/// terminal, a line every few seconds otherwise (a CI log).
public func makeProgressReporter(verbose: Bool, write: @escaping (String) -> Void = StandardErrorStream.write)
    -> ProgressReporter
{
    if verbose { return LineProgress(write: write) }
    return StandardErrorStream.isTerminal ? TerminalProgress(write: write) : PeriodicProgress(write: write)
}

/// Every event as a line of its own (`--verbose`).
public final class LineProgress: ProgressReporter {
    private let write: (String) -> Void
    private var width = 1

    public init(write: @escaping (String) -> Void) { self.write = write }

    public func report(_ event: RunEvent) {
        switch event {
        case .started(let cases, let estimate):
            width = String(cases).count
            write(RunEvent.startLine(cases: cases, estimate: estimate))
        case .preparing: break
        case .prepared(let index, let total, let key, let iterations):
            write("\(counter(index, total)) prepared \(key.benchmark) size \(key.size): \(iterations) iterations per sample\n")
        case .failed(let index, let total, let failure):
            write("\(counter(index, total)) FAIL \(failure)\n")
        case .skipped(let benchmarks, let reason):
            write("skipped \(benchmarks.map(\.description).joined(separator: ", ")): \(reason)\n")
        case .remaining(let seconds, let what):
            write("\(what): about \(ProgressClock.duration(seconds))\n")
        case .sampling(let round, let rounds, let cases):
            if round % 10 == 0 || round == rounds {
                write("sampling: round \(round) of at most \(rounds), \(cases) benchmarks interleaved\n")
            }
            lastRound = (round, rounds, cases)
        case .finished(let row):
            write("\(row.benchmark) size \(row.size): median \(DecimalFormat.string(row.median, decimals: row.median < 10 ? 3 : 1)) \(row.unit)"
                + " (\(row.sampleCount) samples x \(row.iterationsPerSample) iterations)\n")
        case .phase(let name, let detail):
            write("\(name): \(detail)\n")
        case .note(let text):
            write(text + "\n")
        }
    }

    /// The last sampling round, when sampling stopped before its tenth-round line.
    public func finish() {
        if let (round, rounds, cases) = lastRound, round % 10 != 0 && round != rounds {
            write("sampling: stopped after round \(round) of at most \(rounds), \(cases) benchmarks interleaved\n")
        }
        lastRound = nil
    }

    private var lastRound: (Int, Int, Int)?

    private func counter(_ index: Int, _ total: Int) -> String {
        "[" + String(repeating: " ", count: max(0, width - String(index).count)) + "\(index)/\(total)]"
    }
}

/// The state the two summarising reporters share: where the run is, and how long it has left.
final class ProgressState {
    let clock = ProgressClock()
    var total = 0
    var estimate = 0.0
    var prepared = 0
    var round = 0
    var rounds = 1
    var phase = "starting"
    var detail = ""
    /// The runner's estimate of its sampling and frame profiles (`RunEvent.remaining`), and when it was given:
    /// what "left" says in those phases.
    var remaining: (since: Double, seconds: Double)?

    /// Updates the state; returns a line to show at once (failures, skips, notes), if any.
    func apply(_ event: RunEvent) -> String? {
        switch event {
        case .started(let cases, let estimated):
            total = cases
            estimate = estimated
            phase = "preparing"
        case .preparing(let index, let total, let key):
            self.total = total
            prepared = index - 1
            phase = "verify"
            detail = "\(key.benchmark) size \(key.size)"
        case .prepared(let index, _, _, _):
            prepared = index
        case .failed(let index, _, let failure):
            prepared = index
            return "FAIL \(failure)"
        case .skipped(let benchmarks, let reason):
            return "skipped \(benchmarks.map(\.description).joined(separator: ", ")): \(reason)"
        case .remaining(let seconds, _):
            remaining = (clock.elapsed, seconds)
        case .sampling(let round, let rounds, let cases):
            prepared = total
            self.round = round
            self.rounds = rounds
            phase = "sample round \(round)/\(rounds)"
            detail = "\(cases) benchmarks interleaved"
        case .finished: break
        case .phase(let name, let detail):
            phase = name
            self.detail = detail
            if name != BenchmarkRunner.profilePhase { remaining = nil }
        case .note(let text):
            return text
        }
        return nil
    }

    /// The share done, weighting preparation (verify, calibrate, warm up) and sampling by their budgets.
    var fractionDone: Double {
        let preparing = total > 0 ? Double(prepared) / Double(total) : 0
        let sampling = rounds > 0 ? Double(round) / Double(rounds) : 0
        return min(1, 0.25 * preparing + 0.75 * sampling)
    }

    /// While preparing: the cases left at the pace of those prepared so far. Then the run's estimate (`started`) is
    /// still to come whole: preparing takes what each case's set-up and verification take, which no budget bounds,
    /// and a share of the run done would rise as the cases with long set-ups come.
    func preparationLeft(elapsed: Double) -> Double {
        prepared > 0 ? elapsed / Double(prepared) * Double(max(0, total - prepared)) : 0
    }

    /// `benchmark 12/120, sample round 3/100 (...), about 40 s left`.
    var line: String {
        var text = "benchmark \(min(prepared + (phase == "verify" ? 1 : 0), max(total, 1)))/\(total), \(phase)"
        if !detail.isEmpty { text += " (\(detail))" }
        let elapsed = clock.elapsed
        let fraction = fractionDone
        if let remaining, phase.hasPrefix("sample") || phase == BenchmarkRunner.profilePhase {
            let left = remaining.seconds - (elapsed - remaining.since)
            text += left >= 1 ? ", about \(ProgressClock.duration(left)) left" : ", \(ProgressClock.duration(elapsed)) so far"
        } else if phase == "verify" || phase == "preparing" {
            text += ", about \(ProgressClock.duration(preparationLeft(elapsed: elapsed) + estimate)) left"
        } else if phase.hasPrefix("sample") {
            let left = fraction > 0.02 ? elapsed / fraction - elapsed : max(0, estimate - elapsed)
            text += ", about \(ProgressClock.duration(left)) left"
        } else {
            text += ", \(ProgressClock.duration(elapsed)) so far"
        }
        return text
    }
}

/// One line, rewritten in place (`\r`, erase to end of line), at most ten times a second.
public final class TerminalProgress: ProgressReporter {
    private let write: (String) -> Void
    private let state = ProgressState()
    private var lastDraw = -1.0
    private var drawn = false

    public init(write: @escaping (String) -> Void) { self.write = write }

    public func report(_ event: RunEvent) {
        if let line = state.apply(event) {
            write("\r\u{1B}[K" + line + "\n")
            drawn = false
        }
        let now = state.clock.elapsed
        guard now - lastDraw >= 0.1 || !drawn else { return }
        lastDraw = now
        drawn = true
        write("\r\u{1B}[K" + state.line)
    }

    public func finish() {
        if drawn { write("\r\u{1B}[K") }
        drawn = false
    }
}

/// A line every `interval` seconds at most (for logs that are not a terminal), plus every failure.
public final class PeriodicProgress: ProgressReporter {
    private let write: (String) -> Void
    private let interval: Double
    private let state = ProgressState()
    private var lastLine = 0.0

    public init(interval: Double = 5, write: @escaping (String) -> Void) {
        self.interval = interval
        self.write = write
    }

    public func report(_ event: RunEvent) {
        if let line = state.apply(event) { write(line + "\n") }
        if case .started(let cases, let estimate) = event {
            write(RunEvent.startLine(cases: cases, estimate: estimate))
            return
        }
        let now = state.clock.elapsed
        guard now - lastLine >= interval else { return }
        lastLine = now
        write(state.line + "\n")
    }

    public func finish() {
        write("done in \(ProgressClock.duration(state.clock.elapsed))\n")
    }
}

/// Wall-clock time since a reporter was made, and durations as people read them.
final class ProgressClock {
    private let start = MonotonicClock.now()

    var elapsed: Double { Double(MonotonicClock.now() &- start) / 1e9 }

    /// `8 s`, `2 min 5 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(max(0, seconds).rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}

/// Shows nothing (tests, experiments that print their own summary).
public final class SilentProgress: ProgressReporter {
    public init() {}
    public func report(_ event: RunEvent) {}
    public func finish() {}
}
