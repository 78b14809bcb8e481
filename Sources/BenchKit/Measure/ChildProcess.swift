import CBenchSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one way to start a child process (Foundation's `Process`): `ab`'s builds, workers and git
/// commands, and the callgrind children all start here.
///
/// - A child starts as a shell would start it, with no signal blocked: a child inherits the signal mask of the
///   thread that spawns it, and a thread that blocks SIGINT or SIGTERM (Swift Testing's workers do) would
///   otherwise leave it deaf to `terminate()` and Ctrl-C.
/// - `run` reads standard output and standard error at once (`readToEnd`), so a child that fills one pipe
///   while the parent waits on the other cannot hang both.
/// - A process can re-execute itself without address-space randomisation
///   (`reexecWithoutAddressSpaceRandomization`), and a command can be started without it
///   (`withoutAddressSpaceRandomization`).
public final class ChildProcess {
    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        /// This process's standard input.
        case inherit
        /// The null device.
        case none
        /// A pipe: write to `input`.
        case pipe
    }

    /// Where a child's standard output or standard error goes.
    public enum Output: Sendable, Equatable {
        /// This process's.
        case inherit
        /// The null device.
        case discard
        /// A pipe: read `output` or `errors`.
        case pipe
        /// A file, created or truncated; standard output and standard error given the same file share it.
        case file(String)
    }

    /// The outcome of `run`: the exit status, and both outputs (UTF-8, as written).
    public struct Outcome: Sendable, Equatable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    public let process = Process()
    /// The pipes of the streams given as `.pipe`; nil for the others.
    public let input: Pipe?
    public let output: Pipe?
    public let errors: Pipe?

    /// Starts `executable arguments` (`executable` a path; `find` looks one up on the PATH), with `environment`
    /// (nil: this process's) in `directory` (nil: this process's). Throws when it cannot be started.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                directory: String? = nil, input: Input = .none, output: Output = .discard, errors: Output = .discard) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        switch input {
        case .inherit: self.input = nil
        case .none: self.input = nil; process.standardInput = FileHandle.nullDevice
        case .pipe: self.input = Pipe(); process.standardInput = self.input
        }
        self.output = output == .pipe ? Pipe() : nil
        self.errors = errors == .pipe ? Pipe() : nil
        var files: [String: FileHandle] = [:]
        func destination(_ output: Output, pipe: Pipe?) -> Any? {
            switch output {
            case .inherit: return nil
            case .discard: return FileHandle.nullDevice
            case .pipe: return pipe
            case let .file(path):
                if let handle = files[path] { return handle }
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                let handle = FileHandle(forWritingAtPath: path) ?? FileHandle.nullDevice
                files[path] = handle
                return handle
            }
        }
        if let target = destination(output, pipe: self.output) { process.standardOutput = target }
        if let target = destination(errors, pipe: self.errors) { process.standardError = target }
        // The child has its own copies of the files once started: this process's are closed whatever happens.
        defer { for handle in files.values where handle !== FileHandle.nullDevice { try? handle.close() } }
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    public var identifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Waits for the child to exit; its exit status.
    @discardableResult
    public func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends SIGTERM.
    public func terminate() { process.terminate() }

    /// Runs `executable arguments` to its end with no input and returns its status and both outputs, read at once.
    /// - Complexity: the child's run time, plus O(output).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           directory: String? = nil) throws -> Outcome {
        try ChildProcess(executable, arguments, environment: environment, directory: directory, output: .pipe, errors: .pipe)
            .finish()
    }

    /// Reads both piped outputs to their ends at once, then waits: a child started with `output: .pipe, errors: .pipe`
    /// (several can run at once and be waited for in turn).
    public func finish() -> Outcome {
        let (output, errors) = Self.readToEnd(self.output!.fileHandleForReading, self.errors!.fileHandleForReading)
        return Outcome(status: wait(), output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    /// Reads both handles to their ends at once: poll(2) waits until either has something, so a writer that
    /// fills one pipe (64 KB on Linux) while the other is being read never blocks for good.
    /// - Complexity: O(bytes read).
    static func readToEnd(_ first: FileHandle, _ second: FileHandle) -> (Data, Data) {
        var descriptors = [first.fileDescriptor, second.fileDescriptor].map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        var data = [Data(), Data()]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while descriptors.contains(where: { $0.fd >= 0 }) {
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    data[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    descriptors[index].fd = -1  // the end, or an error: poll ignores a negative descriptor
                }
            }
        }
        return (data[0], data[1])
    }

    /// The first executable `name` on the PATH.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// How a process's address space is laid out, which decides where the heap starts and so how fast malloc is.
public enum AddressSpaceLayout: Sendable, Equatable, CustomStringConvertible {
    /// Randomisation off: the heap starts at the same address on every run.
    case fixed
    /// Randomised, and why it could not be switched off.
    case randomised(String)

    /// As the run's metadata (`addressSpace`) says it.
    public var description: String {
        switch self {
        case .fixed: return "fixed (address-space randomisation off)"
        case let .randomised(reason): return "randomised: \(reason)"
        }
    }

    /// The one line a run prints when randomised; nil when fixed.
    public var note: String? {
        self == .fixed ? nil : "address space \(self); timings may vary more between runs"
    }
}

extension ChildProcess {
    /// Set in the re-executed process, so it never tries twice.
    public static let reexecutedVariable = "BENCHKIT_NO_ASLR"

    /// Whether this build can switch address-space randomisation off: Linux and Darwin (CBenchSupport's
    /// address_space.c says how), not a portable build.
    public static let fixedAddressSpace = Capability(reason: cbench_fixed_address_space_unavailable_reason())

    /// Re-executes this program (same arguments) with address-space randomisation off, once, and returns only
    /// when it was not re-executed: the layout this process then has. Randomised when the platform cannot switch
    /// it off (`fixedAddressSpace`) or the system refused (a sandbox may); the caller says so in its metadata.
    public static func reexecWithoutAddressSpaceRandomization() -> AddressSpaceLayout {
        guard ProcessInfo.processInfo.environment[reexecutedVariable] == nil else { return .fixed }
        if let reason = fixedAddressSpace.reason { return .randomised(reason) }
        setenv(reexecutedVariable, "1", 1)
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        let status = arguments.withUnsafeMutableBufferPointer { cbench_reexec_without_aslr($0.baseAddress!) }
        for pointer in arguments { free(pointer) }
        if status == 0 { return .fixed }
        unsetenv(reexecutedVariable)
        return .randomised("the system refused to switch it off")
    }

    /// `command` (a program and its arguments) started without address-space randomisation where a launcher can
    /// do it: Linux's `setarch -R` (util-linux), when on the PATH; elsewhere the command as it is.
    public static func withoutAddressSpaceRandomization(_ command: [String]) -> [String] {
        guard fixedAddressSpace.isAvailable else { return command }
        #if os(Linux)
            return find("setarch").map { [$0, "-R"] + command } ?? command
        #else
            return command
        #endif
    }
}
