import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A paired session: two builds of one suite, sides A and B, each in a worker process that has prepared every
/// selected case once (set-up, verification, calibration); the parent then takes, for each case in each round, one
/// sample from each side back to back, A B then B A in turn (each case's pairs alternate), with the same iterations
/// per sample on both sides. Whatever slows the machine down for a while slows both samples of a round alike, and the
/// rounds are resampled as pairs (`PairedComparison` decides each row from them).
///
/// What pairing cannot cancel is a difference between the two processes themselves (where their memory landed,
/// measured: one side's row 10% slower for many rounds in A/A sessions of one build). So a session runs in
/// blocks, each with a fresh pair of workers, and the interval is bootstrapped over blocks and rounds: a
/// difference that one pair of processes shows and the next does not widens the interval instead of deciding
/// (Docs/AB.md, "Rounds and blocks").
///
/// The workers speak a line protocol on standard input and output (text; fields separated by tabs):
///
/// | request | reply |
/// | --- | --- |
/// | (on start) | `benchkit-ab-worker 1` |
/// | `prepare` | per selected case, in selection order: `case KEY ITEMS UNIT ITERATIONS SETUP_SECONDS INSTRUCTION_ITERATIONS` (`-` for the default), `failed KEY REASON` (verification failed) or `skipped KEY REASON`; then `ready COUNT` |
/// | `prepare again` | the same without verification (a later block: the first verified the same build) |
/// | `sample KEY ITERATIONS` | `ok NANOSECONDS_PER_ITERATION` (after a re-warm of a tenth of the batch) |
/// | `adopt KEY ITERATIONS ...` (one field per case) | `ready COUNT`: each case set up with the given batch size, neither verified nor calibrated, and warmed up (`run --processes`: `RoundWorkers`) |
/// | `round I,J,...` | `ok` then, per case named by its index in `adopt`'s list, a field `NANOSECONDS_PER_ITERATION COST_NANOSECONDS` |
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
/// skipped sizes (of the first block), and the paired rounds of every case both sides prepared.
public struct ABSessionResult: Sendable {
    public struct Side: Sendable {
        public var rows: [ResultRow]
        public var failures: [BenchmarkFailure]
        public var skipped: [SkippedCase]
        public var preparation: [RowKey: CasePreparation]
    }

    public var a: Side
    public var b: Side
    /// Per case on both sides, per block, each round's two samples.
    public var pairs: [RowKey: [[PairedRound]]]
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

    /// Runs the session in `blocks` blocks, each with the fresh pair of workers `open(block)` returns (already past
    /// their greeting), closed at the block's end. In each block both sides prepare (A, then B: calibration is timed,
    /// so not at once; only the first block verifies), then sample in rounds: every case one pair per round (a case
    /// on one side only: one sample), until `options.targetSamples / blocks` rounds, or until every case has spent
    /// its share of the budget (`timeBudget / blocks` per side) with `minimumSamples / blocks` rounds; a case stops
    /// early at `hardLimitFactor` times its share. Whatever the budget, every case takes at least
    /// `PairedComparison.minimumRoundsPerBlock` rounds in each block (the fewest that decide a row). Both samples of
    /// a pair run the larger of the two batch sizes the sides calibrated in the first block. Allocations per
    /// iteration are counted in the last block, one untimed batch per side.
    /// - Complexity: about `2 x timeBudget` seconds per case, plus `blocks` preparations of both sides.
    public static func run(
        blocks: Int = 1, open: (_ block: Int) throws -> (a: ABChannel, b: ABChannel), options: RunOptions,
        progress: ProgressReporter
    ) throws -> ABSessionResult {
        let blocks = max(1, blocks)
        let leastPerBlock = PairedComparison.minimumRoundsPerBlock
        let minimumPerBlock = max(leastPerBlock, (options.minimumSamples + blocks - 1) / blocks)
        let roundsPerBlock = max(minimumPerBlock, (max(1, options.targetSamples) + blocks - 1) / blocks)
        let budgetPerSide = UInt64(max(0, options.timeBudget) * 1e9) / UInt64(blocks)
        var first: (a: ABPreparation, b: ABPreparation)?
        var keys: [RowKey] = []
        var onA: Set<RowKey> = []
        var onB: Set<RowKey> = []
        var iterations: [RowKey: Int] = [:]
        var samplesA: [RowKey: [Double]] = [:]
        var samplesB: [RowKey: [Double]] = [:]
        var pairs: [RowKey: [[PairedRound]]] = [:]
        var mallocsA: [RowKey: Double] = [:]
        var mallocsB: [RowKey: Double] = [:]
        // Per case, the pairs taken so far over all blocks: which side goes first in its next pair.
        var turns: [RowKey: Int] = [:]
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
                for group in SkippedCase.grouped(preparedA.skipped) {
                    progress.report(.skipped(benchmarks: group.benchmarks, reason: group.reason))
                }
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
            var blockPairs: [RowKey: [PairedRound]] = [:]
            for _ in 0..<roundsPerBlock {
                var sampledAny = false
                for (keyIndex, key) in keys.enumerated() {
                    let sides = (onA.contains(key) ? 1 : 0) + (onB.contains(key) ? 1 : 0)
                    let budget = budgetPerSide &* UInt64(sides)
                    let count = taken[key, default: 0]
                    let used = spent[key, default: 0]
                    if count >= leastPerBlock
                        && (used >= budget &* options.hardLimitFactor || (used >= budget && count >= minimumPerBlock)) {
                        continue
                    }
                    let request = "sample\t\(key)\t\(iterations[key]!)"
                    let start = MonotonicClock.now()
                    var valueA: Double?
                    var valueB: Double?
                    // A B, then B A: neither side always runs first, right after another case's cache-evicting
                    // sample. Each case turns from one of its pairs to the next (a turn kept over the whole round
                    // would give every case the same order in every round whenever a round holds an even number
                    // of pairs), and neighbouring cases start on opposite sides.
                    let turn = turns[key, default: keyIndex]
                    let order = turn % 2 == 0 ? ["A", "B"] : ["B", "A"]
                    if sides == 2 { turns[key] = turn + 1 }
                    for side in order {
                        if side == "A", onA.contains(key) { valueA = try value(a, request, side: "A") }
                        if side == "B", onB.contains(key) { valueB = try value(b, request, side: "B") }
                    }
                    spent[key] = used &+ (MonotonicClock.now() &- start)
                    taken[key] = count + 1
                    if let valueA { samplesA[key, default: []].append(valueA) }
                    if let valueB { samplesB[key, default: []].append(valueB) }
                    if let valueA, let valueB { blockPairs[key, default: []].append(PairedRound(a: valueA, b: valueB)) }
                    sampledAny = true
                }
                guard sampledAny else { break }
                roundsTaken += 1
                progress.report(.sampling(round: roundsTaken, rounds: roundsPerBlock * blocks, cases: keys.count))
            }
            for (key, values) in blockPairs { pairs[key, default: []].append(values) }
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
            pairs: pairs, rounds: roundsTaken, blocks: blocks)
    }
}
