import BenchKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock's rules within one process (`flock` locks each open of the lock file on its own, so two locks in
/// one process exclude each other as two processes would; the processes themselves are in `LockingTests`).
@Suite struct FileLockTests {
    private let temporary: TemporaryDirectory
    private var path: String { temporary.path + "/x.csv" }

    init() throws { temporary = try TemporaryDirectory() }

    /// The notices a wait said.
    final class Notices: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { lock.withLock { lines } }
        func add(_ line: String) { lock.withLock { lines.append(line) } }
    }

    @Test func theLockFileSitsBesideTheSetAndNamesItsWriterWhileItIsHeld() throws {
        #expect(FileLock.path(guarding: "/tmp/Results/x.csv") == "/tmp/Results/.x.csv.lock")
        let lock = try #require(try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0)))
        #expect(try String(contentsOfFile: temporary.path + "/.x.csv.lock", encoding: .utf8) == "\(getpid())\n")
        lock.release()
        #expect(try String(contentsOfFile: temporary.path + "/.x.csv.lock", encoding: .utf8) == "")
        lock.release()  // idempotent
    }

    @Test func aSecondWriterSaysOnceWhomItWaitsForThenGivesUpWithOneLine() throws {
        let held = try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0))
        let notices = Notices()
        let error = #expect(throws: LockTimeout.self) {
            try FileLock.acquire(guarding: path, mode: .exclusive,
                                 wait: LockWait(timeout: 1, noticeAfter: 0.1, setting: "--lock-timeout", notice: notices.add))
        }
        #expect(notices.all == ["waiting for \(path): process \(getpid()) holds its lock (up to 1 s, --lock-timeout)"])
        #expect(error?.description == "\(path): still locked after 1 s (process \(getpid()) holds its lock; "
            + "--lock-timeout); nothing written")
        held?.release()
        #expect(try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0)) != nil)
    }

    /// A waiter whose notice is due when it gives up (here both at once, as after a stall past both) still says
    /// whom it waited for before it throws.
    @Test func aWaiterDueBothItsNoticeAndItsTimeoutGivesTheNoticeFirst() throws {
        let held = try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0))
        let notices = Notices()
        #expect(throws: LockTimeout.self) {
            try FileLock.acquire(guarding: path, mode: .exclusive,
                                 wait: LockWait(timeout: 0.05, noticeAfter: 0.05, setting: "--lock-timeout", notice: notices.add))
        }
        #expect(notices.all == ["waiting for \(path): process \(getpid()) holds its lock (up to 0.05 s, --lock-timeout)"])
        held?.release()
    }

    @Test func readersShareTheLockAndKeepAWriterOut() throws {
        let first = try FileLock.acquire(guarding: path, mode: .shared, wait: LockWait(timeout: 0))
        let second = try FileLock.acquire(guarding: path, mode: .shared, wait: LockWait(timeout: 0))
        #expect(first != nil && second != nil)
        let error = #expect(throws: LockTimeout.self) {
            try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0, setting: "--lock-timeout"))
        }
        #expect(error?.description.hasSuffix("(another process holds its lock; --lock-timeout); nothing written") == true)
        let unnamed = #expect(throws: LockTimeout.self) {
            try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0))
        }
        #expect(unnamed?.description.hasSuffix("(another process holds its lock); nothing written") == true)
        first?.release()
        second?.release()
        let writer = try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0))
        let reader = #expect(throws: LockTimeout.self) {
            try FileLock.acquire(guarding: path, mode: .shared, wait: LockWait(timeout: 0))
        }
        #expect(reader?.description.hasSuffix("nothing read") == true)
        writer?.release()
    }

    /// Several sets are locked in one order whatever order they are asked in, each once, and a timeout on one
    /// releases those already taken.
    @Test func lockingSeveralSetsTakesEachOnceAndAllOrNone() throws {
        let other = temporary.path + "/a.csv"
        let locks = try FileLock.acquireAll(guarding: [path, other, path], wait: LockWait(timeout: 0))
        #expect(locks.map(\.guarded) == [other, path])
        locks.forEach { $0.release() }

        let held = try FileLock.acquire(guarding: path, mode: .exclusive, wait: LockWait(timeout: 0))
        #expect(throws: LockTimeout.self) { try FileLock.acquireAll(guarding: [path, other], wait: LockWait(timeout: 0)) }
        #expect(try FileLock.acquire(guarding: other, mode: .exclusive, wait: LockWait(timeout: 0)) != nil,
                "the lock taken before the timeout was released")
        held?.release()
    }
}
