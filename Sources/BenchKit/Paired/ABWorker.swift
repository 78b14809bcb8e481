import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker side of a paired session: prepares every case `options` selects, then answers requests. Also one of
/// `run --processes`' extra processes (`RoundWorkers`): it adopts the running process's cases and batch sizes, then
/// samples whole rounds.
///
///     let worker = ABWorker(suite: suite, options: RunOptions.quick())
///     worker.reply(to: "prepare")       // ["case\tsum/loop@10\t10\tns/call\t4096\t0.0001\t-", "ready\t1"]
///     worker.reply(to: "sample\tsum/loop@10\t4096")   // ["ok\t12.5"]
public final class ABWorker {
    private let suite: BenchmarkSuite
    private let options: RunOptions
    private var prepared: [RowKey: PreparedBenchmark] = [:]
    /// The cases `adopt` set up, in its order: what `round` samples.
    private var adopted: [(body: (Int) -> Void, iterations: Int)] = []

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
            return ["ok\t\(BenchmarkRunner.takeSample(body, iterations: iterations).value)"]
        case "adopt" where fields.count >= 1:
            return adopt(Array(fields.dropFirst()))
        case "round" where fields.count == 2:
            return round(fields[1])
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

    /// `adopt KEY ITERATIONS ...`: sets up each listed case without verifying or calibrating it (the parent `run`
    /// did both, in a process running the same build and options), with the parent's batch size, and warms it up:
    /// at least one batch, at most three, within `warmup` seconds. The cases, in this order, are what `round`'s
    /// indices name.
    private func adopt(_ fields: [String]) -> [String] {
        let registrations: [RowKey: BenchmarkRegistration]
        do {
            let selection = try BenchmarkRunner.select(suite, options: options)
            registrations = Dictionary(selection.cases.map { (RowKey(benchmark: $0.registration.id, size: $0.size), $0.registration) },
                                       uniquingKeysWith: { first, _ in first })
        } catch {
            return ["error\tthe filter is not a valid regular expression: \(ABProtocol.field(options.filter ?? ""))"]
        }
        var plan: [(body: (Int) -> Void, iterations: Int)] = []
        let warmup = UInt64(max(0, options.warmup) * 1e9)
        for field in fields {
            let parts = field.split(separator: " ")
            guard parts.count == 2, let key = RowKey(parsing: String(parts[0])), let iterations = Int(parts[1]), iterations > 0,
                  let registration = registrations[key] else {
                return ["error\tunknown case or iterations: \(ABProtocol.field(field))"]
            }
            let benchmark = registration.setUp(key.size)
            let start = MonotonicClock.now()
            var batches = 0
            repeat {
                benchmark.body(iterations)
                batches += 1
            } while batches < 3 && MonotonicClock.now() &- start < warmup
            prepared[key] = benchmark
            plan.append((benchmark.body, iterations))
        }
        adopted = plan
        return ["ready\t\(plan.count)"]
    }

    /// `round I,J,...`: one sample of each adopted case named (its index in `adopt`'s list), in that order, as
    /// `BenchmarkRunner` takes one (`takeSample`). Replies
    /// `ok` and, per case, `NANOSECONDS_PER_ITERATION COST_NANOSECONDS` (the cost re-warm included).
    private func round(_ list: String) -> [String] {
        var reply = "ok"
        for field in list.split(separator: ",") {
            guard let index = Int(field), adopted.indices.contains(index) else {
                return ["error\tunknown case index: \(ABProtocol.field(String(field)))"]
            }
            let (value, cost) = BenchmarkRunner.takeSample(adopted[index].body, iterations: adopted[index].iterations)
            reply += "\t\(value) \(cost)"
        }
        return [reply]
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
            if let reason = benchmark.inapplicable {
                lines.append("skipped\t\(key)\t\(ABProtocol.field(SkippedCase(key: key, inapplicable: reason).reason))")
                continue
            }
            if verifying, let verify = benchmark.verify, let reason = verify() {
                lines.append("failed\t\(key)\t\(ABProtocol.field(reason))")
                continue
            }
            let iterations = BenchmarkRunner.calibrate(benchmark.body, options: options, clockCost: clockCost, quantum: benchmark.iterationQuantum)
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
