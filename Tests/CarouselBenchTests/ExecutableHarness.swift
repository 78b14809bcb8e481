import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `carousel-bench` executable (the one `swift build` put beside this test bundle).
struct BenchProcess {
    struct Outcome: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var executable: URL {
        // swift test builds every product into the same directory as the test bundle.
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        let beside = bundleDirectory.appendingPathComponent("carousel-bench")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("carousel-bench")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Outcome {
        try start(arguments, in: directory).finish()
    }

    /// A child started and not yet waited for: several run at once, and a test can kill one.
    final class Running {
        let process: Process
        private let output: FileHandle
        private let errorReader: PipeReader

        fileprivate init(process: Process, output: FileHandle, errors: FileHandle) {
            self.process = process
            self.output = output
            // Drain standard error on another thread while `finish` drains standard output, so a chatty child
            // cannot block on either full pipe.
            errorReader = PipeReader(errors)
        }

        var pid: Int32 { process.processIdentifier }

        /// Waits for the child to exit; its status and everything it wrote.
        func finish() -> Outcome {
            let outData = output.readDataToEndOfFile()
            let errData = errorReader.wait()
            process.waitUntilExit()
            return Outcome(
                status: process.terminationStatus,
                stdout: String(decoding: outData, as: UTF8.self),
                stderr: String(decoding: errData, as: UTF8.self)
            )
        }
    }

    /// Starts the executable with `arguments`, and `environment` added to this process's.
    static func start(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try launch(process)
        return Running(process: process, output: out.fileHandleForReading, errors: err.fileHandleForReading)
    }

    /// Starts `process` as a shell would: with no signal blocked. A child inherits the signal mask of the
    /// thread that spawns it, and Swift Testing runs tests on worker threads that block SIGINT and SIGTERM, so a
    /// child started there would ignore `interrupt()` and run to its end.
    static func launch(_ process: Process) throws {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// A fresh empty directory under the system temporary directory.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-bench-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()  // written by the reading thread before `done` is signalled, read after

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
