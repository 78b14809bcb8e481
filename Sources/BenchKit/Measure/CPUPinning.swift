import CBenchSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pinning a process to one CPU (`ab --cpu`): both workers of a session on one CPU never run at once, and neither
/// is alone on the core a neighbour happens to load.
///
/// Linux pins (CBenchSupport's affinity.c). macOS has no CPU affinity for a process: `ab` leaves its workers
/// unpinned and each asks for the performance cores (`preferPerformanceCores`), so on Apple silicon neither side
/// lands on an efficiency core; but the two sides may run on different performance cores, and a neighbour
/// loading one of them slows one side only. A portable build pins nothing either.
public enum CPUPinning {
    /// Whether this build can pin a process to a CPU.
    public static let availability = Capability(reason: cbench_cpu_pinning_unavailable_reason())

    /// The highest-numbered CPU this process may run on (the default CPU of a session); nil when unknown or
    /// pinning is unavailable.
    public static var lastAllowedCPU: Int? {
        let cpu = cbench_last_allowed_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// Restricts process `pid` to CPU `cpu`; throws a one-line error when it cannot.
    public static func pin(_ pid: Int32, to cpu: Int) throws {
        guard cbench_pin_to_cpu(pid, Int32(cpu)) == 0 else {
            throw ABSessionError("cannot run the worker on CPU \(cpu): "
                + (availability.reason ?? String(cString: strerror(errno))))
        }
    }

    /// Where a process cannot be pinned, asks the scheduler for the performance cores for the calling thread
    /// (macOS: the user-interactive quality of service, `pthread_set_qos_class_self_np`); true when it asked.
    @discardableResult
    public static func preferPerformanceCores() -> Bool { cbench_prefer_performance_cores() == 0 }
}
