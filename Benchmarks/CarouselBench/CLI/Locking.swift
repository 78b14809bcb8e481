import BenchKit
import Foundation

/// `--lock-timeout`: how long a command waits for a lock another process holds on the files it reads or writes
/// (`FileLock`; Docs/RESULTS-FORMAT.md, "Several runs at once").
struct LockArguments: CommandArguments {
    var timeout = Defaults.lockTimeout

    static var option: Option<Self> {
        .value("--lock-timeout", \.timeout, .number("SECONDS", 0...86_400),
               "wait at most this long for a lock another process holds on these files")
    }
    static var options: [Option<Self>] { [option] }

    /// The wait, with its one notice on standard error.
    var wait: LockWait {
        LockWait(timeout: timeout, setting: Self.option.name) { StandardError.write("\(CommandLineTool.name): \($0)\n") }
    }
}

/// The writers' one way of taking the locks of the file sets they write.
enum Locking {
    /// The test hook: a writer that finds this variable holds its locks that many seconds before it writes,
    /// so that tests can start a second process, or kill the first, while it holds them.
    static let holdVariable = "CAROUSEL_BENCH_HOLD_LOCKS"

    /// Runs `body`, which writes the sets whose primary files are `paths`, holding all their exclusive locks
    /// (their folders are created first). A lock that stays taken for the whole wait throws `LockTimeout`
    /// before anything is written.
    static func writing<T>(_ paths: [String], wait: LockWait, _ body: () throws -> T) throws -> T {
        for path in paths { try FileSystem.ensureParentDirectory(of: path) }
        let locks = try FileLock.acquireAll(guarding: paths, wait: wait)
        defer { locks.forEach { $0.release() } }
        if let text = ProcessInfo.processInfo.environment[holdVariable], let seconds = Double(text), seconds > 0 {
            Thread.sleep(forTimeInterval: seconds)
        }
        return try body()
    }
}
