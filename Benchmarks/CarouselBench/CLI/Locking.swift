import BenchKit
import Foundation

/// The locks of the file sets the commands write and read (`FileLock`): how long a command waits for one, and
/// the writers' one way of taking theirs.
enum Locking {
    /// `--lock-timeout`'s default, in seconds. A lock is held only while a set is read, merged and written,
    /// never while a run measures: milliseconds for a run's output, 0.5-0.6 s at most (measured: `--save-baseline`
    /// of one row into the full 7 MB baseline, on the 2-core VM). A minute is a hundred times that, room for a
    /// queue of writers and a slow disk; a holder that keeps a lock longer is stopped or hung, and one clear
    /// line then is better than a run, or a CI job, that never ends.
    static let defaultTimeout = 60.0

    /// The test hook: a writer that finds this variable holds its locks that many seconds before it writes,
    /// so that tests (and the README's measurements) can start a second process, or kill the first, while it
    /// holds them.
    static let holdVariable = "CAROUSEL_BENCH_HOLD_LOCKS"

    static let option = OptionSpec.value(
        "--lock-timeout", "SECONDS",
        "wait at most this long for a lock another process holds on these files (default \(Int(defaultTimeout)))")

    /// The wait `--lock-timeout` asks for, with its one notice on standard error.
    static func wait(_ arguments: ParsedArguments) throws -> LockWait {
        let timeout = try arguments.double("--lock-timeout", default: defaultTimeout, range: 0...86_400)
        return LockWait(timeout: timeout) { StandardError.write("\(CommandLineTool.name): \($0)\n") }
    }

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
