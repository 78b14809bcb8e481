import CBenchSupport
import Foundation

/// Instructions per iteration, counted by callgrind (deterministic; this machine has no hardware counters).
///
/// The parent re-executes an executable (normally the suite itself, with the same arguments) under
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=cbench_measured_region
/// --dump-after=cbench_measured_region`, with `BENCHKIT_CALLGRIND_MANIFEST` set. The child notices
/// (`isChild`), and `runChild` runs each selected benchmark once outside the region (warm-up), then
/// `iterations`, then `2 x iterations` iterations inside it, and writes a manifest line `id,size,iterations`
/// per region in execution order. Callgrind writes one dump per region exit; the parent matches the n-th
/// dump to the n-th manifest line. Instructions per iteration are `(I(2K) - I(K)) / K`, which cancels the
/// region's fixed cost (call, thunk, closure entry); a case with a single region gives `I(K) / K`.
///
/// Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 emits, so the parent runs a copy of
/// the executable with its debug sections removed (`objcopy --strip-debug`; the symbol table stays).
public enum InstructionCounter {
    /// Set in the child: the manifest path it must write.
    public static let manifestVariable = "BENCHKIT_CALLGRIND_MANIFEST"
    /// Set in the child: the iterations each region runs.
    public static let iterationsVariable = "BENCHKIT_CALLGRIND_ITERATIONS"

    /// True in a process launched by `measure`: it should call `runChild` and exit.
    public static var isChild: Bool { ProcessInfo.processInfo.environment[manifestVariable] != nil }

    /// The path of the running executable (for re-executing it).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The child side: runs every case `options` selects inside the measured region and writes the manifest.
    /// Verification is left to the timed run (the parent), which keeps only the rows it verified.
    /// A benchmark's own `instructionIterations`, when set, replaces the environment's count.
    /// - Complexity: one set-up and `3 x iterations + 1` iterations per selected case.
    public static func runChild(_ suite: BenchmarkSuite, options: RunOptions) throws {
        let environment = ProcessInfo.processInfo.environment
        guard let manifest = environment[manifestVariable] else { return }
        let iterations = max(1, environment[iterationsVariable].flatMap { Int($0) } ?? 10)
        var lines = ""
        for (registration, size) in try BenchmarkRunner.select(suite, options: options).cases {
            let prepared = registration.setUp(size)
            guard prepared.countsInstructions else { continue }
            prepared.body(1)
            let context = RegionContext(prepared.body)
            let base = prepared.instructionIterations ?? iterations
            for count in [base, 2 * base] {
                withExtendedLifetime(context) {
                    cbench_measured_region(regionThunk, Unmanaged.passUnretained(context).toOpaque(), Int64(count))
                }
                lines += "\(registration.id),\(size),\(count)\n"
            }
        }
        try AtomicFile.write(to: manifest) { emit in try emit(lines) }
    }

    /// The parent side: runs `executable arguments` under callgrind and returns instructions per iteration
    /// per row; nil (after saying "valgrind not available") when valgrind is not on the PATH.
    /// - Complexity: one run of the child, 30-70x slower than native.
    public static func measure(
        executable: String, arguments: [String], iterations: Int = 10, progress: ProgressReporter
    ) throws -> [RowKey: Double]? {
        guard let valgrind = tool("valgrind") else {
            progress.report(.note("valgrind not available: instructions per iteration not measured"))
            return nil
        }
        let directory = NSTemporaryDirectory() + "benchkit-callgrind-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manifest = directory + "/manifest.csv"
        let stripped = directory + "/" + URL(fileURLWithPath: executable).lastPathComponent
        try run(tool("objcopy") ?? "/usr/bin/objcopy", ["--strip-debug", executable, stripped], environment: nil)
        var environment = ProcessInfo.processInfo.environment
        environment[manifestVariable] = manifest
        environment[iterationsVariable] = String(iterations)
        // Swift seeds its hasher per process: sets and dictionaries would allocate differently on every run.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let options = [
            "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=cbench_measured_region",
            "--dump-after=cbench_measured_region", "--callgrind-out-file=\(directory)/callgrind.out",
        ]
        // Address-space randomisation moves the heap, and glibc's malloc then takes other paths (measured: up to
        // 5% on allocating benchmarks). `setarch -R` switches it off for the child, so counts repeat exactly.
        let started = MonotonicClock.now()
        let waiting = { (process: Process) in
            let seconds = Double(MonotonicClock.now() &- started) / 1e9
            progress.report(.phase(name: "instructions", detail: "under callgrind, \(ProgressClock.duration(seconds))"))
        }
        if let setarch = tool("setarch") {
            try run(setarch, ["-R", valgrind] + options + [stripped] + arguments, environment: environment, waiting: waiting)
        } else {
            try run(valgrind, options + [stripped] + arguments, environment: environment, waiting: waiting)
        }
        let dumps = try FileManager.default.contentsOfDirectory(atPath: directory).compactMap { name -> (Int, String)? in
            guard name.hasPrefix("callgrind.out."), let part = Int(name.dropFirst("callgrind.out.".count)) else { return nil }
            return (part, directory + "/" + name)
        }.sorted { $0.0 < $1.0 }
        let totals = try dumps.map { try instructionTotal(ofDump: ResultsFile.contents(of: $0.1), path: $0.1) }
        return try match(manifest: ResultsFile.contents(of: manifest), path: manifest, totals: totals)
    }

    /// Sets `instructionsPerIteration` of every row that has a count.
    public static func apply(_ counts: [RowKey: Double], to rows: inout [ResultRow]) {
        for index in rows.indices {
            if let count = counts[rows[index].key] { rows[index].instructionsPerIteration = count }
        }
    }

    /// The instruction total of one callgrind dump (its `totals:` line, else `summary:`).
    public static func instructionTotal(ofDump text: String, path: String) throws -> Double {
        var summary: Double?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("totals:"), let value = firstNumber(line) { return value }
            if line.hasPrefix("summary:") { summary = firstNumber(line) }
        }
        guard let summary else { throw ResultsFileError(path: path, line: 0, reason: "no totals in callgrind dump") }
        return summary
    }

    /// Pairs the n-th manifest line with the n-th dump total: instructions per iteration per row.
    public static func match(manifest: String, path: String, totals: [Double]) throws -> [RowKey: Double] {
        let lines = manifest.split(separator: "\n")
        guard lines.count == totals.count else {
            throw ResultsFileError(
                path: path, line: 0, reason: "\(lines.count) measured regions but \(totals.count) callgrind dumps")
        }
        var regions: [RowKey: [(iterations: Int, total: Double)]] = [:]
        for (number, (line, total)) in zip(lines, totals).enumerated() {
            let fields = line.split(separator: ",")
            guard fields.count == 3, let id = BenchmarkID(parsing: String(fields[0])), let size = Int(fields[1]),
                let iterations = Int(fields[2]), iterations > 0
            else { throw ResultsFileError(path: path, line: number + 1, reason: "malformed manifest line") }
            regions[RowKey(benchmark: id, size: size), default: []].append((iterations, total))
        }
        return regions.mapValues { measured in
            let sorted = measured.sorted { $0.iterations < $1.iterations }
            guard let first = sorted.first, let last = sorted.last, last.iterations > first.iterations else {
                return sorted[0].total / Double(sorted[0].iterations)
            }
            return max(0, last.total - first.total) / Double(last.iterations - first.iterations)
        }
    }

    private static func firstNumber(_ line: Substring) -> Double? {
        line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    }

    /// The first executable `name` on the PATH.
    private static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool to completion, its output discarded, calling `waiting` about twice a second meanwhile;
    /// throws unless it exits with status 0.
    private static func run(_ executable: String, _ arguments: [String], environment: [String: String]?,
                            waiting: (Process) -> Void = { _ in }) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning {
            waiting(process)
            usleep(500_000)
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw InstructionCountError(
                description: "\(([executable] + arguments).joined(separator: " ")): exited with status \(process.terminationStatus)")
        }
    }
}

/// Counting instructions failed (a tool exited with an error, or its output did not match the manifest).
public struct InstructionCountError: Error, CustomStringConvertible {
    public var description: String
}

/// The body a measured region runs, passed to C as an unretained opaque pointer.
private final class RegionContext {
    let body: (Int) -> Void
    init(_ body: @escaping (Int) -> Void) { self.body = body }
}

/// The C-callable entry of the measured region: recovers the context and runs the iterations.
private let regionThunk: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Void = { context, iterations in
    guard let context else { return }
    Unmanaged<RegionContext>.fromOpaque(context).takeUnretainedValue().body(Int(iterations))
}
