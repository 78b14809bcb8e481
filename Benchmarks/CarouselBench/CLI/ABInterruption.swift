import BenchKit
import Foundation

/// What must be undone if `ab` stops early: worktrees to remove, processes to stop. On SIGINT, SIGTERM or
/// SIGHUP the handler stops them and removes the worktrees (best effort), then exits with 128 + the signal.
final class ABInterruption: @unchecked Sendable {
    static let shared = ABInterruption()
    private let lock = NSLock()
    private var worktrees: [(path: String, repository: String)] = []
    private var processes: [Process] = []

    nonisolated(unsafe) private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                ABInterruption.shared.cleanUp(waiting: false)
                let message = "\ncarousel-bench ab: interrupted; worktrees removed\n"
                _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
                _exit(128 + received)
            }
        }
    }

    func add(worktree path: String, repository: String) {
        lock.lock(); defer { lock.unlock() }
        worktrees.append((path, repository))
    }

    func removeWorktree(_ path: String) {
        lock.lock(); defer { lock.unlock() }
        worktrees.removeAll { $0.path == path }
    }

    func add(process: Process) {
        lock.lock(); defer { lock.unlock() }
        processes.append(process)
    }

    /// Stops the followed processes and removes the worktrees still registered. From a signal handler
    /// (`waiting: false`) it does not wait for the lock the interrupted code may hold.
    func cleanUp(waiting: Bool = true) {
        if waiting { lock.lock() } else if !lock.try() { return }
        let (stopping, removing) = (processes, worktrees)
        processes = []
        worktrees = []
        lock.unlock()
        for process in stopping where process.isRunning { kill(process.processIdentifier, SIGTERM) }
        for worktree in removing { Self.removeWorktree(worktree.path, repository: worktree.repository) }
    }

    /// `git worktree remove --force`, then the directory itself and `git worktree prune` if anything is left.
    static func removeWorktree(_ path: String, repository: String) {
        _ = try? Shell.run("git", ["worktree", "remove", "--force", path], in: repository)
        if FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.removeItem(atPath: path)
        }
        _ = try? Shell.run("git", ["worktree", "prune"], in: repository)
    }
}
