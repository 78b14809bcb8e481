import BenchKit
import Foundation

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

    /// Runs the executable to its end (`ChildProcess.run`: both outputs read at once, no signal blocked), in
    /// `directory`, or in a fresh scratch directory of its own (`start`).
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Outcome {
        try start(arguments, in: directory).finish()
    }

    /// A child started and not yet waited for (`ChildProcess`, both outputs piped): several run at once, and a test
    /// can kill one.
    final class Running {
        let child: ChildProcess

        fileprivate init(_ child: ChildProcess) { self.child = child }

        var pid: Int32 { child.identifier }
        var process: Process { child.process }

        /// Waits for the child to exit; its status and everything it wrote (both outputs read at once).
        func finish() -> Outcome {
            let outcome = child.finish()
            return Outcome(status: outcome.status, stdout: outcome.output, stderr: outcome.errors)
        }
    }

    /// Starts the executable with `arguments`, and `environment` added to this process's less the tool's own
    /// variables (`toolVariablePrefixes`).
    ///
    /// Its working directory is `directory`, or by default a fresh empty scratch directory: the tool reads its
    /// defaults relative to the working directory (`Results/baseline.csv`, `Results/latest.csv`, the machine's
    /// history in `Results/history/` and its profile in `Results/profiles/`), so that a test run from the user's
    /// checkout would otherwise compare with, divide by and write into that checkout's files. A test that wants
    /// such a file makes it in the directory it passes.
    static func start(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Running {
        let inherited = ProcessInfo.processInfo.environment.filter { name, _ in
            !toolVariablePrefixes.contains { name.hasPrefix($0) }
        }
        let merged = inherited.merging(environment) { _, added in added }
        let workingDirectory = try directory ?? scratchDirectory()
        return Running(try ChildProcess(executable.path, arguments, environment: merged, directory: workingDirectory.path,
                                        output: .pipe, errors: .pipe))
    }

    /// The prefixes of the environment variables the tool reads (`CAROUSEL_BENCH_HOLD_LOCKS`,
    /// `BENCHKIT_CALLGRIND_*`, `BENCHKIT_NO_ASLR`): a child never inherits them from the shell that ran the tests;
    /// a test that needs one passes it in `environment`.
    static let toolVariablePrefixes = ["CAROUSEL_BENCH_", "BENCHKIT_"]

    /// A fresh empty directory under this test process's own folder in the system temporary directory, which is
    /// removed when the process exits, so that a test run leaves nothing in /tmp.
    static func scratchDirectory() throws -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// This test process's folder of scratch directories; the first use registers its removal at exit.
private let scratchRoot: URL = {
    atexit { try? FileManager.default.removeItem(at: scratchRoot) }
    return FileManager.default.temporaryDirectory
        .appendingPathComponent("carousel-bench-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
}()
