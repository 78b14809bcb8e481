import BenchSink
import CBenchSupport

/// Counts heap allocations made by the current thread, through CBenchSupport's counter: glibc's malloc family
/// interposed on Linux, the malloc zone that serves malloc wrapped on macOS, none elsewhere or in a portable build.
public enum AllocationCounter {
    /// Whether counts are available, and if not, why (one line, for the run's note and metadata).
    /// Where the platform has a counter it is probed once by allocating one class instance: a counter that sees
    /// no allocation (malloc not interposed in this binary, or Swift allocating past the zone's wrapped entry
    /// points) is unavailable, so counts are empty (nil), never 0.
    public static let availability: Capability = {
        let platform = Capability(reason: cbench_alloc_counting_unavailable_reason())
        guard platform.isAvailable else { return platform }
        cbench_alloc_counting_begin()
        blackHole(ProbeObject())
        cbench_alloc_counting_end()
        return cbench_alloc_count() > 0 ? .available : .unavailable("the allocation counter saw no allocation of a probe object")
    }()

    public static let isAvailable = availability.isAvailable

    /// What a run that meant to count allocations says once, and writes in its metadata (`allocations`), when it
    /// cannot: `not counted: REASON`; nil when it can.
    public static var unavailableNote: String? { availability.reason.map { "not counted: \($0)" } }

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
