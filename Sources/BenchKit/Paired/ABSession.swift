import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A paired session: two builds of one suite, sides A and B, each in a worker process that has prepared every
/// selected case once (set-up, verification, calibration); the parent then takes, for each case in each round,
/// one sample from each side back to back, A B then B A in turn, with the same iterations per sample on both
/// sides. Whatever slows the machine down for a while slows both samples of a round alike, so the ratio `B/A`
/// of a round carries little of it (`PairedComparison` decides each row from those ratios).
///
/// What pairing cannot cancel is a difference between the two processes themselves (where their memory landed,
/// measured: one side's row 10% slower for many rounds in A/A sessions of one build). So a session runs in
/// blocks, each with a fresh pair of workers, and the interval is bootstrapped over blocks and rounds: a
/// difference that one pair of processes shows and the next does not widens the interval instead of deciding.
///
/// The workers speak a line protocol on standard input and output (text; fields separated by tabs):
///
/// | request | reply |
/// | --- | --- |
/// | (on start) | `benchkit-ab-worker 1` |
/// | `prepare` | per selected case, in selection order: `case KEY ITEMS UNIT ITERATIONS SETUP_SECONDS INSTRUCTION_ITERATIONS` (`-` for the default), `failed KEY REASON` (verification failed) or `skipped KEY REASON`; then `ready COUNT` |
/// | `prepare again` | the same without verification (a later block: the first verified the same build) |
/// | `sample KEY ITERATIONS` | `ok NANOSECONDS_PER_ITERATION` (after a re-warm of a tenth of the batch) |
/// | `allocations KEY ITERATIONS` | `ok MALLOCS_PER_ITERATION`, or `ok -` where they cannot be counted |
/// | `quit` | `bye`, and the worker exits |
/// | anything else | `error MESSAGE` |
///
/// `KEY` is `family/strategy@size`.
public enum ABProtocol {
    /// The first line a worker writes: the protocol and its version.
    public static let greeting = "benchkit-ab-worker 1"

    /// A field without the protocol's separators.
    static func field(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}

/// The worker side of a paired session: prepares every case `options` selects, then answers requests.
///
///     let worker = ABWorker(suite: suite, options: RunOptions.quick())
///     worker.reply(to: "prepare")       // ["case\tsum/loop@10\t10\tns/call\t4096\t0.0001\t-", "ready\t1"]
///     worker.reply(to: "sample\tsum/loop@10\t4096")   // ["ok\t12.5"]
public final class ABWorker {
    private let suite: BenchmarkSuite
    private let options: RunOptions
    private var prepared: [RowKey: PreparedBenchmark] = [:]

    public init(suite: BenchmarkSuite, options: RunOptions) {
        self.suite = suite
        self.options = options
    }

    /// The reply lines to one request line (see `ABProtocol`).
    /// - Complexity: `prepare` sets up, verifies and calibrates every selected case (about `warmup` seconds
    ///   each); `sample` and `allocations` run `1.1 x ITERATIONS` and `ITERATIONS` iterations.
    public func reply(to request: String) -> [String] {
        let fields = request.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "prepare" where fields.count == 1:
            return prepareAll(verifying: true)
        case "prepare" where fields.count == 2 && fields[1] == "again":
            return prepareAll(verifying: false)
        case "sample" where fields.count == 3:
            guard let (body, iterations) = lookup(fields) else { return ["error\tunknown case or iterations: \(ABProtocol.field(request))"] }
            body(max(1, iterations / 10))
            let before = MonotonicClock.now()
            body(iterations)
            let after = MonotonicClock.now()
            return ["ok\t\(Double(after &- before) / Double(iterations))"]
        case "allocations" where fields.count == 3:
            guard let (body, iterations) = lookup(fields) else { return ["error\tunknown case or iterations: \(ABProtocol.field(request))"] }
            guard let count = AllocationCounter.count({ body(iterations) }) else { return ["ok\t-"] }
            return ["ok\t\(Double(count) / Double(iterations))"]
        case "quit" where fields.count == 1:
            return ["bye"]
        default:
            return ["error\tunknown request: \(ABProtocol.field(request))"]
        }
    }

    private func lookup(_ fields: [String]) -> (body: (Int) -> Void, iterations: Int)? {
        guard let key = RowKey(parsing: fields[1]), let benchmark = prepared[key], let iterations = Int(fields[2]),
              iterations > 0 else { return nil }
        return (benchmark.body, iterations)
    }

    private func prepareAll(verifying: Bool) -> [String] {
        let selection: BenchmarkRunner.Selection
        do {
            selection = try BenchmarkRunner.select(suite, options: options)
        } catch {
            return ["error\tthe filter is not a valid regular expression: \(ABProtocol.field(options.filter ?? ""))"]
        }
        var lines = selection.skipped.map { "skipped\t\($0.key)\t\(ABProtocol.field($0.reason))" }
        let clockCost = MonotonicClock.readCost()
        prepared = [:]
        for (registration, size) in selection.cases {
            let key = RowKey(benchmark: registration.id, size: size)
            let start = MonotonicClock.now()
            let benchmark = registration.setUp(size)
            let setUpSeconds = Double(MonotonicClock.now() &- start) / 1e9
            if verifying, let verify = benchmark.verify, let reason = verify() {
                lines.append("failed\t\(key)\t\(ABProtocol.field(reason))")
                continue
            }
            let iterations = BenchmarkRunner.calibrate(benchmark.body, options: options, clockCost: clockCost)
            prepared[key] = benchmark
            lines.append("case\t\(key)\t\(benchmark.items)\t\(registration.unit.rawValue)\t\(iterations)\t\(setUpSeconds)\t"
                + (benchmark.instructionIterations.map(String.init) ?? "-"))
        }
        return lines + ["ready\t\(prepared.count)"]
    }

    /// Serves the protocol on standard input and output until `quit` or the end of its input; returns the
    /// process's exit status (0).
    public static func serve(_ suite: BenchmarkSuite, options: RunOptions) -> Int32 {
        let worker = ABWorker(suite: suite, options: options)
        let output = FileHandle.standardOutput
        output.write(Data((ABProtocol.greeting + "\n").utf8))
        while let request = Swift.readLine(strippingNewline: true) {
            let reply = worker.reply(to: request)
            output.write(Data(reply.map { $0 + "\n" }.joined().utf8))
            if reply == ["bye"] { break }
        }
        return 0
    }
}

/// A line-based connection to one worker.
public protocol ABChannel: AnyObject {
    /// Sends one request line (without its line end).
    func send(_ line: String) throws
    /// The next reply line (without its line end); throws when the worker has gone.
    func receive() throws -> String
    /// Ends the conversation (the worker quits).
    func close()
}

/// A paired session went wrong: a worker left, or answered something unexpected. The description is one line.
public struct ABSessionError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A worker process: its standard input and output are the channel; its standard error goes to a file.
public final class ABWorkerProcess: ABChannel {
    public let child: ChildProcess
    private var buffer: [UInt8] = []

    public var process: Process { child.process }

    /// Starts `executable arguments`, on CPU `cpu` only when given (both sides of a session on one CPU: they
    /// never run at once, and neither is alone on the core a neighbour loads; see `CPUPinning`). Writing to a
    /// worker that has died fails instead of killing this process (SIGPIPE is ignored from here on).
    public init(executable: String, arguments: [String], errorLog: String? = nil, cpu: Int? = nil) throws {
        signal(SIGPIPE, SIG_IGN)
        child = try ChildProcess(executable, arguments, input: .pipe, output: .pipe,
                                 errors: errorLog.map { .file($0) } ?? .inherit)
        if let cpu { try CPUPinning.pin(child.identifier, to: cpu) }
    }

    public func send(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(child.input!.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw ABSessionError("the worker is gone (writing: \(String(cString: strerror(errno))))") }
            written += result
        }
    }

    public func receive() throws -> String {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(child.output!.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ABSessionError("the worker is gone (it exited or closed its output)") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Asks the worker to quit, then makes sure it has: terminated after a second. Closing twice does nothing.
    public func close() {
        if child.isRunning {
            try? send("quit")
            let deadline = MonotonicClock.now() &+ 1_000_000_000
            while child.isRunning && MonotonicClock.now() < deadline { usleep(10_000) }
            if child.isRunning { child.terminate() }
        }
        child.wait()
    }
}

/// What one side of a session prepared.
public struct ABPreparation: Sendable {
    /// The prepared cases, in selection order.
    public var cases: [Case] = []
    public var failures: [BenchmarkFailure] = []
    public var skipped: [SkippedCase] = []

    public struct Case: Sendable, Equatable {
        public var key: RowKey
        public var items: Int
        public var unit: IterationUnit
        /// The batch size this side calibrated.
        public var iterations: Int
        public var preparation: CasePreparation
    }
}

/// The outcome of a session: each side's rows (samples of every block, statistics, allocations), failures and
/// skipped sizes (of the first block), and the per-round ratios `B/A` of every case both sides prepared.
public struct ABSessionResult: Sendable {
    public struct Side: Sendable {
        public var rows: [ResultRow]
        public var failures: [BenchmarkFailure]
        public var skipped: [SkippedCase]
        public var preparation: [RowKey: CasePreparation]
    }

    public var a: Side
    public var b: Side
    /// Per case on both sides, per block, the ratio `B/A` of each round.
    public var ratios: [RowKey: [[Double]]]
    /// The rounds taken, over all blocks (the most any case took).
    public var rounds: Int
    /// The blocks, each with its own pair of worker processes.
    public var blocks: Int
}

/// The parent side of a paired session (see `ABProtocol`).
public enum ABSession {
    /// Reads a worker's first line; throws unless it is `ABProtocol.greeting`.
    public static func handshake(_ channel: ABChannel, side: String) throws {
        let line: String
        do {
            line = try channel.receive()
        } catch {
            throw ABSessionError("side \(side): the program has no ab worker mode (it exited without a greeting)")
        }
        guard line == ABProtocol.greeting else {
            throw ABSessionError("side \(side): the program speaks another protocol ('\(line)', expected '\(ABProtocol.greeting)')")
        }
    }

    /// Asks a worker to prepare its cases (`again`: without verifying them) and reads what it prepared.
    public static func prepare(_ channel: ABChannel, side: String, again: Bool = false) throws -> ABPreparation {
        try channel.send(again ? "prepare\tagain" : "prepare")
        var preparation = ABPreparation()
        while true {
            let line = try channel.receive()
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "case" where fields.count == 7:
                guard let key = RowKey(parsing: fields[1]), let items = Int(fields[2]),
                      let unit = IterationUnit(rawValue: fields[3]), let iterations = Int(fields[4]), iterations > 0,
                      let setUp = Double(fields[5])
                else { throw unexpected(line, side: side) }
                preparation.cases.append(ABPreparation.Case(
                    key: key, items: items, unit: unit, iterations: iterations,
                    preparation: CasePreparation(setUpSeconds: setUp, instructionIterations: Int(fields[6]))))
            case "failed" where fields.count == 3:
                guard let key = RowKey(parsing: fields[1]) else { throw unexpected(line, side: side) }
                preparation.failures.append(BenchmarkFailure(benchmark: key.benchmark, size: key.size, reason: fields[2]))
            case "skipped" where fields.count == 3:
                guard let key = RowKey(parsing: fields[1]) else { throw unexpected(line, side: side) }
                preparation.skipped.append(SkippedCase(key: key, reason: fields[2]))
            case "ready" where fields.count == 2:
                return preparation
            case "error" where fields.count >= 2:
                throw ABSessionError("side \(side): \(fields.dropFirst().joined(separator: " "))")
            default:
                throw unexpected(line, side: side)
            }
        }
    }

    /// One `ok VALUE` reply to `request`; nil for `ok -`.
    static func value(_ channel: ABChannel, _ request: String, side: String) throws -> Double? {
        try channel.send(request)
        let line = try channel.receive()
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 2, fields[0] == "ok" else { throw unexpected(line, side: side) }
        if fields[1] == "-" { return nil }
        guard let value = Double(fields[1]), value.isFinite, value >= 0 else { throw unexpected(line, side: side) }
        return value
    }

    private static func unexpected(_ line: String, side: String) -> ABSessionError {
        ABSessionError("side \(side): unexpected reply '\(ABProtocol.field(line).prefix(200))'")
    }

    /// Runs the session in `blocks` blocks, each with the fresh pair of workers `open(block)` returns (already
    /// past their greeting), closed at the block's end. In each block both sides prepare (A, then B: calibration
    /// is timed, so not at once; only the first block verifies), then sample in rounds: every case one pair per
    /// round (a case on one side only: one sample), until `options.targetSamples / blocks` rounds, or until every
    /// case has spent its share of the budget (`timeBudget / blocks` per side) with `minimumSamples / blocks`
    /// rounds; a case stops early at `hardLimitFactor` times its share with at least one round. Both samples of a
    /// pair run the larger of the two batch sizes the sides calibrated in the first block. Allocations per
    /// iteration are counted in the last block, one untimed batch per side.
    /// - Complexity: about `2 x timeBudget` seconds per case, plus `blocks` preparations of both sides.
    public static func run(
        blocks: Int = 1, open: (_ block: Int) throws -> (a: ABChannel, b: ABChannel), options: RunOptions,
        progress: ProgressReporter
    ) throws -> ABSessionResult {
        let blocks = max(1, blocks)
        let roundsPerBlock = max(1, (max(1, options.targetSamples) + blocks - 1) / blocks)
        let minimumPerBlock = max(1, (options.minimumSamples + blocks - 1) / blocks)
        let budgetPerSide = UInt64(max(0, options.timeBudget) * 1e9) / UInt64(blocks)
        var first: (a: ABPreparation, b: ABPreparation)?
        var keys: [RowKey] = []
        var onA: Set<RowKey> = []
        var onB: Set<RowKey> = []
        var iterations: [RowKey: Int] = [:]
        var samplesA: [RowKey: [Double]] = [:]
        var samplesB: [RowKey: [Double]] = [:]
        var ratios: [RowKey: [[Double]]] = [:]
        var mallocsA: [RowKey: Double] = [:]
        var mallocsB: [RowKey: Double] = [:]
        var turn = 0
        var roundsTaken = 0
        for block in 0..<blocks {
            let (a, b) = try open(block)
            defer { a.close(); b.close() }
            let blockText = blocks > 1 ? "block \(block + 1) of \(blocks), " : ""
            let again = block > 0
            progress.report(.phase(name: "prepare", detail: "\(blockText)side A: set up, \(again ? "" : "verify, ")calibrate"))
            let preparedA = try prepare(a, side: "A", again: again)
            progress.report(.phase(name: "prepare", detail: "\(blockText)side B: set up, \(again ? "" : "verify, ")calibrate"))
            let preparedB = try prepare(b, side: "B", again: again)
            if first == nil {
                first = (preparedA, preparedB)
                for (side, prepared) in [("A", preparedA), ("B", preparedB)] {
                    for failure in prepared.failures { progress.report(.note("side \(side): verification failed: \(failure)")) }
                }
                for skip in preparedA.skipped { progress.report(.skipped(key: skip.key, reason: skip.reason)) }
                // Cases in side A's order, then those only side B has.
                onA = Set(preparedA.cases.map(\.key))
                onB = Set(preparedB.cases.map(\.key))
                keys = preparedA.cases.map(\.key) + preparedB.cases.map(\.key).filter { !onA.contains($0) }
                for prepared in preparedA.cases + preparedB.cases {
                    iterations[prepared.key] = max(iterations[prepared.key] ?? 0, prepared.iterations)
                }
                progress.report(.started(cases: keys.count, estimatedSeconds: Double(keys.count) * 2 * options.timeBudget * 1.1))
            } else {
                // A later pair must have prepared what the first did (the same builds): sample only those.
                let againA = Set(preparedA.cases.map(\.key))
                let againB = Set(preparedB.cases.map(\.key))
                let missing = keys.filter { key in
                    (onA.contains(key) && !againA.contains(key)) || (onB.contains(key) && !againB.contains(key))
                }
                guard missing.isEmpty else {
                    throw ABSessionError("block \(block + 1): the workers did not prepare \(missing.map(\.description).joined(separator: ", "))")
                }
            }
            var spent: [RowKey: UInt64] = [:]
            var taken: [RowKey: Int] = [:]
            var blockRatios: [RowKey: [Double]] = [:]
            for _ in 0..<roundsPerBlock {
                var sampledAny = false
                for key in keys {
                    let sides = (onA.contains(key) ? 1 : 0) + (onB.contains(key) ? 1 : 0)
                    let budget = budgetPerSide &* UInt64(sides)
                    let count = taken[key, default: 0]
                    let used = spent[key, default: 0]
                    if count > 0 && (used >= budget &* options.hardLimitFactor || (used >= budget && count >= minimumPerBlock)) {
                        continue
                    }
                    let request = "sample\t\(key)\t\(iterations[key]!)"
                    let start = MonotonicClock.now()
                    var valueA: Double?
                    var valueB: Double?
                    // A B, then B A: neither side always runs right after the other's cache-evicting sample.
                    let order = turn % 2 == 0 ? ["A", "B"] : ["B", "A"]
                    if sides == 2 { turn += 1 }
                    for side in order {
                        if side == "A", onA.contains(key) { valueA = try value(a, request, side: "A") }
                        if side == "B", onB.contains(key) { valueB = try value(b, request, side: "B") }
                    }
                    spent[key] = used &+ (MonotonicClock.now() &- start)
                    taken[key] = count + 1
                    if let valueA { samplesA[key, default: []].append(valueA) }
                    if let valueB { samplesB[key, default: []].append(valueB) }
                    if let valueA, let valueB, valueA > 0 { blockRatios[key, default: []].append(valueB / valueA) }
                    sampledAny = true
                }
                guard sampledAny else { break }
                roundsTaken += 1
                progress.report(.sampling(round: roundsTaken, rounds: roundsPerBlock * blocks, cases: keys.count))
            }
            for (key, values) in blockRatios { ratios[key, default: []].append(values) }
            if block == blocks - 1 && options.countAllocations {
                progress.report(.phase(name: "allocations", detail: "counting, untimed"))
                for key in keys {
                    let request = "allocations\t\(key)\t\(iterations[key]!)"
                    if onA.contains(key) { mallocsA[key] = try value(a, request, side: "A") }
                    if onB.contains(key) { mallocsB[key] = try value(b, request, side: "B") }
                }
            }
        }
        guard let (preparedA, preparedB) = first else { throw ABSessionError("no block ran") }

        func side(_ prepared: ABPreparation, _ samples: [RowKey: [Double]], _ mallocs: [RowKey: Double]) -> ABSessionResult.Side {
            var rows: [ResultRow] = []
            for preparedCase in prepared.cases {
                guard let values = samples[preparedCase.key], !values.isEmpty else { continue }
                rows.append(ResultRow(
                    measured: preparedCase.key.benchmark, size: preparedCase.key.size, items: preparedCase.items,
                    unit: preparedCase.unit, samples: values, iterationsPerSample: iterations[preparedCase.key]!,
                    mallocsPerIteration: mallocs[preparedCase.key]))
            }
            return ABSessionResult.Side(
                rows: rows, failures: prepared.failures, skipped: prepared.skipped,
                preparation: Dictionary(prepared.cases.map { ($0.key, $0.preparation) }, uniquingKeysWith: { first, _ in first }))
        }
        return ABSessionResult(
            a: side(preparedA, samplesA, mallocsA), b: side(preparedB, samplesB, mallocsB),
            ratios: ratios, rounds: roundsTaken, blocks: blocks)
    }
}
