import CBenchSupport
import Foundation

/// Instructions per iteration, counted by callgrind (deterministic; this machine has no hardware counters).
///
/// The parent re-executes an executable (normally the suite itself, with the same arguments) under
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=cbench_measured_region
/// --dump-after=cbench_measured_region`, with `BENCHKIT_CALLGRIND_MANIFEST` set. The child notices
/// (`isChild`) and `runChild` works in two phases:
/// 1. with callgrind's instrumentation switched off (plain valgrind speed, about 15 times faster), it sets up
///    every selected case and runs `K` iterations of each (warm-up);
/// 2. with instrumentation on, for each case: one more uncollected iteration, then a region of 0 and a region
///    of `K` iterations, writing a manifest line `id,size,iterations` per region in execution order.
/// Callgrind writes one dump per region exit; the parent matches the n-th dump to the n-th manifest line.
/// Instructions per iteration are `(I(K) - I(0)) / K`, which cancels the region's fixed cost (call, thunk,
/// closure entry) exactly; `K` is the benchmark's own `instructionIterations` (a whole period of its input,
/// where it has one) or `iterations`. The parent reads a manifest of any two regions of a case: the count is the
/// difference of the largest and smallest region over their iterations.
///
/// With `costs`, the parent splits the cases over several children running at once (one per core, at most
/// `maximumChildren`), balanced by the estimated cost of each case, and merges their counts. The split changes
/// which cases share a process, and so the history glibc's heap brings to each region: allocating rows moved by
/// up to 0.65% between two runs of the quick gate while the split followed each run's times, so the split comes
/// from the baseline's counts (`estimatedCosts(of:reference:)`). The rest of a child's history is fixed too (its
/// environment, working directory and arguments: `childEnvironment`): two gate runs then agree on every row.
/// `LD_BIND_NOW=1` keeps lazy symbol binding out of the regions, which otherwise lands in whichever region
/// first calls a symbol (measured: 4% on one row between two orders of the same cases).
///
/// Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 emits, so the parent runs a copy of
/// the executable with its debug sections removed (`objcopy --strip-debug`; the symbol table stays).
public enum InstructionCounter {
    /// Set in the child: the manifest path it must write.
    public static let manifestVariable = "BENCHKIT_CALLGRIND_MANIFEST"
    /// Set in the child: the iterations each region runs.
    public static let iterationsVariable = "BENCHKIT_CALLGRIND_ITERATIONS"
    /// Set in the child when it measures only some cases: a file with one `family/strategy@size` per line.
    public static let casesVariable = "BENCHKIT_CALLGRIND_CASES"
    /// The most children `measure` runs at once.
    public static let maximumChildren = 8


    /// True in a process launched by `measure`: it should call `runChild` and exit.
    public static var isChild: Bool { ProcessInfo.processInfo.environment[manifestVariable] != nil }

    /// The path of the running executable (for re-executing it).
    public static var currentExecutable: String {
        #if os(Linux) && !CAROUSEL_BENCH_PORTABLE
            return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
            return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }

    /// Whether this build can count instructions: with valgrind's callgrind, on Linux, when valgrind is on the PATH.
    /// Elsewhere the run says "valgrind not available" with this reason and the column stays empty: valgrind does
    /// not run on Apple silicon (nor on current macOS on Intel), and a portable build does not look for it.
    public static var availability: Capability {
        #if os(Linux) && !CAROUSEL_BENCH_PORTABLE
            return ChildProcess.find("valgrind") == nil ? .unavailable("valgrind is not on the PATH") : .available
        #elseif CAROUSEL_BENCH_PORTABLE
            return .unavailable("a portable build counts no instructions (built with -DCAROUSEL_BENCH_PORTABLE)")
        #else
            return .unavailable("instructions are counted with valgrind's callgrind, on Linux only")
        #endif
    }

    /// How many iterations of a case's body a child runs in all, for regions of `regionIterations`: the warm-up
    /// (as many), one more before the regions, then the regions of 0 and `regionIterations`. A set-up that knows
    /// it is being counted (`isChild`) may prepare input for only these (the suite records only that many frames
    /// of a long trajectory, whose live recording costs more under valgrind than counting it).
    public static func iterationsRunByChild(regionIterations: Int) -> Int { 2 * regionIterations + 1 }

    /// The estimated cost of counting one case under callgrind (in seconds, roughly): its native set-up and
    /// its region's iterations at `secondsPerIteration`, each times its slowdown under valgrind.
    /// - Complexity: O(1).
    public static func estimatedCost(
        _ preparation: CasePreparation?, secondsPerIteration: Double, defaultIterations: Int
    ) -> Double {
        let iterations = Double(preparation?.instructionIterations ?? defaultIterations)
        return Defaults.callgrindSecondsPerCase + Defaults.callgrindSetUpSlowdown * (preparation?.setUpSeconds ?? 0)
            + Defaults.callgrindRegionSlowdown * iterations * max(0, secondsPerIteration)
    }

    /// The estimated callgrind cost of every row of a timed run (see `estimatedCost`), for `measure`'s `costs`.
    ///
    /// With `reference` (instructions per iteration counted before, e.g. the baseline's), each row it holds is
    /// estimated from its count alone, with no time of this run in it: the split over children, and so which
    /// cases share a process and its heap, is then the same on every run. Estimated from this run's times, two
    /// runs of the quick gate put some cases in other children and allocating rows differed by up to 0.65%.
    public static func estimatedCosts(of result: RunResult, defaultIterations: Int,
                                      reference: [RowKey: Double] = [:]) -> [RowKey: Double] {
        Dictionary(result.rows.map { row in
            let preparation = result.preparation[row.key]
            if let instructions = reference[row.key] {
                let iterations = Double(preparation?.instructionIterations ?? defaultIterations)
                return (row.key, Defaults.callgrindSecondsPerCase
                    + Defaults.callgrindRegionSlowdown * iterations * instructions / Defaults.instructionsPerSecond)
            }
            return (row.key, estimatedCost(preparation, secondsPerIteration: row.median / 1e9,
                                           defaultIterations: defaultIterations))
        }, uniquingKeysWith: { first, _ in first })
    }

    /// Splits cases into at most `children` groups of about equal cost: the costliest first, each to the group
    /// with the least cost so far (ties: the key, then the first group). Deterministic for the same costs.
    /// Each group is in key order; empty groups are dropped.
    /// - Complexity: O(cases x (log cases + children)).
    public static func partition(_ costs: [RowKey: Double], into children: Int) -> [[RowKey]] {
        var groups = Array(repeating: [RowKey](), count: max(1, children))
        var loads = Array(repeating: 0.0, count: groups.count)
        for (key, cost) in costs.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            groups[lightest].append(key)
            loads[lightest] += max(0, cost)
        }
        return groups.filter { !$0.isEmpty }.map { $0.sorted() }
    }

    /// What a run says when it cannot count instructions: `valgrind not available: instructions per iteration not
    /// measured; REASON`.
    public static var unavailableNote: String {
        "valgrind not available: instructions per iteration not measured" + (availability.reason.map { "; " + $0 } ?? "")
    }

    /// How many children `measure` runs at once by default: one per core, at most `maximumChildren`.
    public static var defaultChildren: Int { max(1, min(maximumChildren, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The parent side: runs `executable arguments` under callgrind and returns instructions per iteration
    /// per row; nil (after saying `unavailableNote`) when this build cannot count them (`availability`).
    /// With `costs` (the estimated cost of each case the arguments select, e.g. `estimatedCosts(of:)`), the
    /// cases are split over `children` processes running at once; without, one child measures every case.
    /// - Complexity: one run of the child, 30-70x slower than native in its regions, about 4x in its set-up.
    public static func measure(
        executable: String, arguments: [String], iterations: Int = 10, costs: [RowKey: Double] = [:],
        children: Int = defaultChildren, progress: ProgressReporter
    ) throws -> [RowKey: Double]? {
        guard availability.isAvailable, let valgrind = ChildProcess.find("valgrind") else {
            progress.report(.note(unavailableNote))
            return nil
        }
        // A name of the same length on every run (no process id, whose digits vary): see `childEnvironment`.
        let directory = NSTemporaryDirectory() + "benchkit-callgrind-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stripped = directory + "/" + URL(fileURLWithPath: executable).lastPathComponent
        try run(ChildProcess.find("objcopy") ?? "/usr/bin/objcopy", ["--strip-debug", executable, stripped])
        let groups: [[RowKey]?] = costs.isEmpty || children <= 1 ? [nil] : partition(costs, into: children)
        var launched: [(process: ChildProcess, directory: String)] = []
        defer { for child in launched where child.process.isRunning { child.process.terminate() } }
        for (index, group) in groups.enumerated() {
            let childDirectory = directory + "/\(index)"
            try FileManager.default.createDirectory(atPath: childDirectory, withIntermediateDirectories: true)
            var casesFile: String?
            if let group {
                casesFile = childDirectory + "/cases.txt"
                let text = group.map { $0.description + "\n" }.joined()
                try AtomicFile.write(to: casesFile!) { emit in try emit(text) }
            }
            let environment = childEnvironment(directory: childDirectory, iterations: iterations, casesFile: casesFile)
            let options = [
                "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=cbench_measured_region",
                "--dump-after=cbench_measured_region", "--callgrind-out-file=\(childDirectory)/callgrind.out",
            ]
            // Address-space randomisation moves the heap, and glibc's malloc then takes other paths (measured: up
            // to 5% on allocating benchmarks). Switched off for the child (`setarch -R`), counts repeat exactly.
            let command = ChildProcess.withoutAddressSpaceRandomization([valgrind])
            launched.append((try ChildProcess(command[0], Array(command.dropFirst()) + options + [stripped] + arguments,
                                              environment: environment, directory: childWorkingDirectory, input: .inherit),
                             childDirectory))
        }
        let started = MonotonicClock.now()
        var shown = ""
        while launched.contains(where: { $0.process.isRunning }) {
            let seconds = Double(MonotonicClock.now() &- started) / 1e9
            let running = launched.filter { $0.process.isRunning }.count
            let detail = "under callgrind" + (launched.count == 1 ? "" : ", \(running) of \(launched.count) children running")
                + ", \(ProgressClock.duration(seconds))"
            if detail != shown { progress.report(.phase(name: "instructions", detail: detail)) }
            shown = detail
            usleep(100_000)
        }
        var counts: [RowKey: Double] = [:]
        for (process, childDirectory) in launched {
            let status = process.wait()
            guard status == 0 else {
                throw InstructionCountError(description: "\(([valgrind, stripped] + arguments).joined(separator: " ")): "
                    + "exited with status \(status)")
            }
            let manifest = childDirectory + "/manifest.csv"
            let dumps = try FileManager.default.contentsOfDirectory(atPath: childDirectory).compactMap { name -> (Int, String)? in
                guard name.hasPrefix("callgrind.out."), let part = Int(name.dropFirst("callgrind.out.".count)) else { return nil }
                return (part, childDirectory + "/" + name)
            }.sorted { $0.0 < $1.0 }
            let totals = try dumps.map { try instructionTotal(ofDump: ResultsFile.contents(of: $0.1), path: $0.1) }
            // A child that does not read the cases file measures everything: the first count of a row is kept.
            counts.merge(try match(manifest: ResultsFile.contents(of: manifest), path: manifest, totals: totals)) { first, _ in first }
        }
        return counts
    }

    /// The working directory of every child, whatever the user's is: its path changes the counts like the
    /// environment does (measured: the same child, same environment, run from `/work/main` and from a deeper
    /// directory differed on 16 of 117 rows, by up to 0.27%). Every path the child is given is absolute.
    static let childWorkingDirectory = "/"

    /// The whole environment of a child: only what it reads and what makes its counts repeat, nothing inherited.
    ///
    /// The environment's strings and the arguments are copied onto the child's stack and, by the Swift runtime and
    /// Foundation, onto its heap; a few bytes more or less move every later allocation and stack frame, and the
    /// counts with them (memcpy and malloc take other paths). Measured: the same cases in the same child, once with
    /// a path 12 characters longer in the environment, differed on 22 of 117 rows, by up to 0.17%; two gate runs
    /// that passed on the user's environment and arguments (and a directory name with the process id in it)
    /// differed on 41 of 235 rows, by up to 0.25%. So the child gets this fixed
    /// set, with paths of the same length on every run (`measure`'s directory name), and a caller passes it
    /// only the options that select the cases (not `--output` or `--baseline`, whose paths are the user's).
    /// - `SWIFT_DETERMINISTIC_HASHING`: Swift seeds its hasher per process; sets and dictionaries would allocate
    ///   differently on every run.
    /// - `LD_BIND_NOW`: symbols bound at start-up, not on first call inside whichever region happens to call
    ///   them first (measured: 4% on one row between two orders of the same cases).
    /// - Complexity: O(1).
    public static func childEnvironment(directory: String, iterations: Int, casesFile: String?) -> [String: String] {
        var environment = [
            manifestVariable: directory + "/manifest.csv",
            iterationsVariable: String(iterations),
            "SWIFT_DETERMINISTIC_HASHING": "1",
            "LD_BIND_NOW": "1",
            // A fresh arena for every case's thread (glibc's default is 8 per core): see `CaseThread`.
            "MALLOC_ARENA_MAX": "100000",
        ]
        environment[casesVariable] = casesFile
        return environment
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
                let iterations = Int(fields[2]), iterations >= 0
            else { throw ResultsFileError(path: path, line: number + 1, reason: "malformed manifest line") }
            regions[RowKey(benchmark: id, size: size), default: []].append((iterations, total))
        }
        return regions.mapValues { measured in
            let sorted = measured.sorted { $0.iterations < $1.iterations }
            guard let first = sorted.first, let last = sorted.last, last.iterations > first.iterations else {
                return sorted[0].total / Double(max(1, sorted[0].iterations))
            }
            return max(0, last.total - first.total) / Double(last.iterations - first.iterations)
        }
    }

    private static func firstNumber(_ line: Substring) -> Double? {
        line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    }

    /// Runs a tool to completion, its input and output discarded; throws unless it exits with status 0.
    private static func run(_ executable: String, _ arguments: [String]) throws {
        let status = try ChildProcess(executable, arguments, input: .inherit).wait()
        guard status == 0 else {
            throw InstructionCountError(
                description: "\(([executable] + arguments).joined(separator: " ")): exited with status \(status)")
        }
    }
}

/// Counting instructions failed (a tool exited with an error, or its output did not match the manifest).
public struct InstructionCountError: Error, CustomStringConvertible {
    public var description: String
}
