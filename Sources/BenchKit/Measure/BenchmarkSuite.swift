/// A benchmark ready to time at one size: the set-up has already run, outside the timed body.
public struct PreparedBenchmark {
    /// The derived size actually processed (the results' `items` column).
    public var items: Int
    /// Runs `iterations` iterations and feeds every result into `blackHole` (module BenchSink).
    public var body: (_ iterations: Int) -> Void
    /// Checks the output before timing: nil when correct, else the reason. A failing benchmark is not timed.
    public var verify: (() -> String?)?
    /// Nil, or why there is nothing to time at this size: the operation does not exist for this case as written
    /// (a design asked for a next item it does not have). The run skips the case with this reason, as a size past
    /// a limit (`SkippedCase`): neither timed nor failed.
    public var inapplicable: String?
    /// Iterations per callgrind region (nil: the counter's default). Fix it where one iteration's work varies,
    /// e.g. to a whole period of a replayed input, so every count covers the same work.
    public var instructionIterations: Int?
    /// False where an instruction count would not repeat (e.g. one-shot large allocations, whose cost in glibc
    /// depends on the heap earlier benchmarks left): the column then stays empty instead of misleading.
    public var countsInstructions: Bool
    /// For a benchmark that plays a sequence of frames: a session that times each frame on its own, a play at a
    /// time, and names what happened in each frame (`FrameProfiler.Session`). Made once, after sampling; the runner
    /// plays every row's session in rounds within about the time budget of each.
    public var profile: (() -> FrameProfiler.Session)?
    /// Iterations a timed sample is a whole multiple of (nil: any). A benchmark that replays a period of inputs
    /// whose iterations cost different amounts (a trajectory's frames: a relayout at a release beside frames that
    /// do nothing) sets it to the period, so that every sample plays each input equally often and its time per
    /// iteration is the period's average, wherever the replay stands; a shorter sample would time whichever part
    /// of the period it happened to cover.
    public var iterationQuantum: Int?

    public init(
        items: Int, inapplicable: String? = nil, verify: (() -> String?)? = nil, instructionIterations: Int? = nil, countsInstructions: Bool = true,
        profile: (() -> FrameProfiler.Session)? = nil, iterationQuantum: Int? = nil,
        body: @escaping (_ iterations: Int) -> Void
    ) {
        precondition(instructionIterations.map { $0 > 0 } ?? true, "instructionIterations must be positive")
        precondition(iterationQuantum.map { $0 > 0 } ?? true, "iterationQuantum must be positive")
        self.iterationQuantum = iterationQuantum
        self.items = items
        self.body = body
        self.verify = verify
        self.inapplicable = inapplicable
        self.instructionIterations = instructionIterations
        self.countsInstructions = countsInstructions
        self.profile = profile
    }
}

/// The sizes a benchmark runs at.
public enum SizePolicy: Sendable, Equatable {
    /// Any size from 1 up to `largest` (nil: no limit beyond the run's own); `defaults` when the run names none.
    /// `reason` says why there is a limit (memory, a replication factor, ...), for `list` and for skipped sizes.
    case any(defaults: [Int], largest: Int? = nil, reason: String? = nil)
    /// Only these sizes, whatever the run asks for: a benchmark whose size means nothing (a self-check).
    case fixed([Int])

    /// The sizes it runs at when the run names none.
    public var defaults: [Int] {
        switch self {
        case .any(let defaults, _, _): defaults
        case .fixed(let sizes): sizes
        }
    }

    /// Nil when the benchmark can be built at `size`, else why not (one line).
    public func refusal(_ size: Int) -> String? {
        guard case .any(_, let largest?, let reason) = self, size > largest else { return nil }
        return "size \(size) is past its limit \(largest)" + (reason.map { ": " + $0 } ?? "")
    }

    /// One line for a listing: `any (default 3,10,30)`, `any up to 50000: why`, `fixed 3`.
    public var summary: String {
        switch self {
        case .any(let defaults, let largest, let reason):
            let limit = largest.map { " up to \($0)" + (reason.map { " (\($0))" } ?? "") } ?? ""
            return "any size\(limit); default " + defaults.map(String.init).joined(separator: ",")
        case .fixed(let sizes):
            return "fixed " + sizes.map(String.init).joined(separator: ",")
        }
    }
}

/// One registration: an id, its unit, the sizes it runs at, and the set-up that prepares each size.
public struct BenchmarkRegistration {
    public let id: BenchmarkID
    public let unit: IterationUnit
    public let sizes: SizePolicy
    public let setUp: (_ size: Int) -> PreparedBenchmark
}

/// The set of registered benchmarks, in registration order.
///
///     let suite = BenchmarkSuite()
///     suite.register(BenchmarkID(family: "sum", strategy: "loop"), unit: .nanosecondsPerCall,
///                    sizes: .any(defaults: [10, 100])) { n in
///         let values = opaqueIdentity(Array(0..<n))
///         return PreparedBenchmark(items: n) { iterations in
///             for _ in 0..<iterations { blackHole(values.reduce(0, +)) }
///         }
///     }
public final class BenchmarkSuite {
    public private(set) var registrations: [BenchmarkRegistration] = []
    private var ids: Set<BenchmarkID> = []

    public init() {}

    /// Registers a benchmark. A duplicate id is a programming error (precondition failure).
    /// - Complexity: O(1) amortized.
    public func register(
        _ id: BenchmarkID, unit: IterationUnit, sizes: SizePolicy,
        setUp: @escaping (_ size: Int) -> PreparedBenchmark
    ) {
        precondition(!ids.contains(id), "duplicate benchmark id \(id)")
        precondition(!sizes.defaults.isEmpty, "benchmark \(id) has no sizes")
        ids.insert(id)
        registrations.append(BenchmarkRegistration(id: id, unit: unit, sizes: sizes, setUp: setUp))
    }

    /// Every registered id, in registration order.
    public var benchmarkIDs: [BenchmarkID] { registrations.map(\.id) }
}
