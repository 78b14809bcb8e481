import CBenchSupport
import Foundation

/// The process's address-space layout, which decides where the heap starts and so how fast malloc is.
public enum AddressSpace {
    /// Set in the re-executed process, so it never tries twice.
    public static let reexecutedVariable = "BENCHKIT_NO_ASLR"

    /// Re-executes the program (same arguments) with address-space randomisation off, once. Returns only
    /// when it is already off or cannot be switched off (a sandbox may forbid it), saying which in `note`.
    public static func reexecWithoutRandomization(note: (String) -> Void) {
        guard ProcessInfo.processInfo.environment[reexecutedVariable] == nil else { return }
        setenv(reexecutedVariable, "1", 1)
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        let status = arguments.withUnsafeMutableBufferPointer { cbench_reexec_without_aslr($0.baseAddress!) }
        for pointer in arguments { free(pointer) }
        if status != 0 { note("address-space randomisation could not be switched off: timings may vary more between runs") }
    }
}
