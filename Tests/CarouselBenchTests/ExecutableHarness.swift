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

    /// Runs the executable to its end (`ChildProcess.run`: both outputs read at once, no signal blocked).
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Outcome {
        let outcome = try ChildProcess.run(executable.path, arguments, directory: directory?.path)
        return Outcome(status: outcome.status, stdout: outcome.output, stderr: outcome.errors)
    }

    /// A fresh empty directory under the system temporary directory.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-bench-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
