import CBenchSupport
import Foundation

/// The callgrind child's side of `InstructionCounter`: every case set up and warmed up uninstrumented, each on a
/// thread of its own, then counted in its measured regions.
extension InstructionCounter {
    /// The child side: runs every case `options` selects (or those of the cases file) inside the measured region
    /// and writes the manifest. Verification is left to the timed run (the parent), which keeps only the rows it
    /// verified. A benchmark's own `instructionIterations`, when set, replaces the environment's count.
    /// - Complexity: one set-up and `2K + 1` iterations per selected case, `K + 1` of them instrumented.
    public static func runChild(_ suite: BenchmarkSuite, options: RunOptions,
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let manifest = environment[manifestVariable] else { return }
        let iterations = max(1, environment[iterationsVariable].flatMap { Int($0) } ?? 10)
        let only = try environment[casesVariable].map { path in
            Set(try ResultsFile.contents(of: path).split(separator: "\n").compactMap { RowKey(parsing: String($0)) })
        }
        // Phase 1, uninstrumented: every set-up and its warm-up, each case on a thread of its own (see `CaseThread`).
        cbench_callgrind_instrumentation(0)
        var cases: [(key: RowKey, thread: CaseThread, context: RegionContext, iterations: Int)] = []
        for (registration, size) in try BenchmarkRunner.select(suite, options: options).cases {
            let key = RowKey(benchmark: registration.id, size: size)
            if let only, !only.contains(key) { continue }
            let thread = try CaseThread()
            nonisolated(unsafe) var prepared: (body: (Int) -> Void, iterations: Int)?
            thread.run {
                let benchmark = registration.setUp(size)
                guard benchmark.countsInstructions else { return }
                let count = benchmark.instructionIterations ?? iterations
                // A warm-up as long as the region: buffers grown and every allocation size met once (a single
                // iteration left one row's count depending on the cases run before it, by 0.07%).
                benchmark.body(count)
                prepared = (benchmark.body, count)
            }
            guard let prepared else { continue }
            cases.append((key, thread, RegionContext(prepared.body), prepared.iterations))
        }
        // Phase 2, instrumented. Switching instrumentation discards valgrind's translations: once, not per case.
        cbench_callgrind_instrumentation(1)
        var lines = ""
        for (key, thread, context, count) in cases {
            let regions = [0, count]
            thread.run {
                // One more iteration outside the regions: the runtime's caches (type metadata lookups) are warm
                // for this case again after the set-ups and regions of the others.
                context.body(1)
                for regionIterations in regions {
                    withExtendedLifetime(context) {
                        cbench_measured_region(
                            regionThunk, Unmanaged.passUnretained(context).toOpaque(), Int64(regionIterations))
                    }
                }
            }
            for regionIterations in regions { lines += "\(key.benchmark),\(key.size),\(regionIterations)\n" }
        }
        cbench_callgrind_instrumentation(0)
        try AtomicFile.write(to: manifest) { emit in try emit(lines) }
    }
}

/// The body a measured region runs, passed to C as an unretained opaque pointer.
final class RegionContext {
    let body: (Int) -> Void
    init(_ body: @escaping (Int) -> Void) { self.body = body }
}

/// The C-callable entry of the measured region: recovers the context and runs the iterations.
let regionThunk: @convention(c) (UnsafeMutableRawPointer?, Int64) -> Void = { context, iterations in
    guard let context else { return }
    Unmanaged<RegionContext>.fromOpaque(context).takeUnretainedValue().body(Int(iterations))
}

/// A thread that runs one case's jobs, one at a time, while the caller waits; it never exits.
///
/// glibc gives each new thread an arena of its own (up to `MALLOC_ARENA_MAX`, which `childEnvironment` raises) and
/// reuses only the arenas of threads that exited. A case set up and counted on its own thread so meets the same fresh
/// heap whatever cases share its process: with every case on one thread, an allocating case's count depends on the
/// cases before it, by up to 1.2%, and the gate's groups change whenever the baseline's counts do. A residue of about
/// 0.1% remains on a few allocating rows. Evidence: Docs/INSTRUCTIONS.md, "What makes the counts repeat".
final class CaseThread: @unchecked Sendable {
    private let request = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?

    init() throws {
        // pthread_t is an integer on Linux and an optional pointer on Darwin, whose start routine's argument is
        // not optional: the two spellings below compile on both.
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let context: UnsafeMutableRawPointer? = context
            Unmanaged<CaseThread>.fromOpaque(context!).takeUnretainedValue().serve()
        }, context)
        guard status == 0 else {
            Unmanaged<CaseThread>.fromOpaque(context).release()
            throw InstructionCountError(description: "could not start a thread for a case (pthread_create: \(status))")
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
    }

    /// Runs `job` on this thread and returns when it has finished.
    func run(_ job: @escaping () -> Void) {
        self.job = job
        request.signal()
        done.wait()
    }

    private func serve() -> Never {
        while true {
            request.wait()
            job?()
            job = nil
            done.signal()
        }
    }
}
