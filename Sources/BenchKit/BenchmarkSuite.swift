/// A benchmark ready to time at one size: the set-up has already run, outside the timed body.
public struct PreparedBenchmark {
    /// The derived size actually processed (the results' `items` column).
    public var items: Int
    /// Runs `iterations` iterations and feeds every result into `blackHole` (module BenchSink).
    public var body: (_ iterations: Int) -> Void
    /// Checks the output before timing: nil when correct, else the reason. A failing benchmark is not timed.
    public var verify: (() -> String?)?
    /// Iterations per callgrind region (nil: the counter's default). Fix it where one iteration's work varies,
    /// e.g. to a whole period of a replayed input, so every count covers the same work.
    public var instructionIterations: Int?
    /// False where an instruction count would not repeat (e.g. one-shot large allocations, whose cost in glibc
    /// depends on the heap earlier benchmarks left): the column then stays empty instead of misleading.
    public var countsInstructions: Bool

    public init(
        items: Int, verify: (() -> String?)? = nil, instructionIterations: Int? = nil, countsInstructions: Bool = true,
        body: @escaping (_ iterations: Int) -> Void
    ) {
        precondition(instructionIterations.map { $0 > 0 } ?? true, "instructionIterations must be positive")
        self.items = items
        self.body = body
        self.verify = verify
        self.instructionIterations = instructionIterations
        self.countsInstructions = countsInstructions
    }
}

/// One registration: an id, its unit, the sizes it runs at, and the set-up that prepares each size.
public struct BenchmarkRegistration {
    public let id: BenchmarkID
    public let unit: IterationUnit
    public let sizes: [Int]
    public let setUp: (_ size: Int) -> PreparedBenchmark
}

/// The set of registered benchmarks, in registration order.
///
///     let suite = BenchmarkSuite()
///     suite.register(BenchmarkID(family: "sum", strategy: "loop"), unit: .nsPerCall, sizes: [10, 100]) { n in
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
        _ id: BenchmarkID, unit: IterationUnit, sizes: [Int],
        setUp: @escaping (_ size: Int) -> PreparedBenchmark
    ) {
        precondition(!ids.contains(id), "duplicate benchmark id \(id)")
        precondition(!sizes.isEmpty, "benchmark \(id) has no sizes")
        ids.insert(id)
        registrations.append(BenchmarkRegistration(id: id, unit: unit, sizes: sizes, setUp: setUp))
    }

    /// Every registered id, in registration order.
    public var benchmarkIDs: [BenchmarkID] { registrations.map(\.id) }
}
