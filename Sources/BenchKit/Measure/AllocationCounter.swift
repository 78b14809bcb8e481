import BenchSink
import CBenchSupport

/// Counts heap allocations made by the current thread, through the malloc interposer of CBenchSupport.
public enum AllocationCounter {
    /// Whether the interposer really sees allocations: probed once by allocating one class instance.
    /// When false (e.g. malloc was not interposed in this binary), counts are unavailable (nil), never 0.
    public static let isAvailable: Bool = {
        cbench_alloc_counting_begin()
        blackHole(ProbeObject())
        cbench_alloc_counting_end()
        return cbench_alloc_count() > 0
    }()

    /// The number of allocations `body` made on this thread; nil when counting is unavailable.
    /// - Complexity: the cost of `body` plus O(1).
    public static func count(_ body: () -> Void) -> Int? {
        guard isAvailable else { return nil }
        cbench_alloc_counting_begin()
        body()
        cbench_alloc_counting_end()
        return Int(cbench_alloc_count())
    }
}

/// The probe allocation: escapes into the sink, so it cannot be promoted to the stack.
private final class ProbeObject {
    var value = 0
}
