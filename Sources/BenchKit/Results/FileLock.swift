import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory kernel lock (`flock`) on the lock file of one file set, so that two processes never write the
/// set at once and a reader never reads it while it is written.
///
/// The lock file of `dir/x.csv` is `dir/.x.csv.lock` (`FileLock.path(guarding:)`); it is created on first use
/// and never removed (removing it would let a second process lock a new file while a first still holds the
/// old one). The kernel drops the lock when its holder exits, however it exits, so a killed holder never
/// blocks anyone. An exclusive holder writes its process id into the file (and empties it before unlocking),
/// so a waiting process can say whom it waits for.
///
/// A waiter polls, says once on standard error (through `LockWait.notice`) after about a second what it waits
/// for, and gives up after `LockWait.timeout` seconds with `LockTimeout`.
///
///     let lock = try FileLock.acquire(guarding: "Results/latest.csv", mode: .exclusive, wait: LockWait(timeout: 60))
///     defer { lock.release() }
public final class FileLock {
    public enum Mode: Sendable {
        /// Readers: any number at once, none while a writer holds the lock.
        case shared
        /// A writer: alone.
        case exclusive
    }

    /// The file this lock guards (as given).
    public let guarded: String
    public let mode: Mode
    private var descriptor: Int32

    private init(guarded: String, mode: Mode, descriptor: Int32) {
        (self.guarded, self.mode, self.descriptor) = (guarded, mode, descriptor)
    }

    deinit { release() }

    /// `dir/x.csv` -> `dir/.x.csv.lock`.
    public static func path(guarding path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".lock"
    }

    /// Locks the set whose primary file is `path` (its folder must exist), waiting as `wait` says.
    /// A shared lock on a set whose lock file cannot be created (a read-only folder) is nil: nothing can write
    /// there, so there is nothing to wait for.
    /// - Throws: `LockTimeout` when the lock stayed taken for `wait.timeout` seconds; `FileWriteError` when an
    ///   exclusive lock's file cannot be created.
    public static func acquire(guarding path: String, mode: Mode, wait: LockWait) throws -> FileLock? {
        var noticed = false
        return try acquire(guarding: path, mode: mode, wait: wait, since: Date(), noticed: &noticed)
    }

    /// Locks every set of `paths` exclusively, in the order of their lock files' paths (so two processes that
    /// need the same sets never hold one each and wait for the other), all within one `wait.timeout` and with
    /// at most one notice. On a timeout the locks already taken are released: nothing has been written.
    public static func acquireAll(guarding paths: [String], wait: LockWait) throws -> [FileLock] {
        let started = Date()
        var noticed = false
        let byLockPath = Dictionary(paths.map { (Self.path(guarding: $0), $0) }, uniquingKeysWith: { first, _ in first })
        return try byLockPath.keys.sorted().compactMap { lockPath in
            try acquire(guarding: byLockPath[lockPath]!, mode: .exclusive, wait: wait, since: started, noticed: &noticed)
        }
    }

    /// `acquire(guarding:mode:wait:)` with the wait counted from `started` and the notice said unless `noticed`.
    private static func acquire(
        guarding path: String, mode: Mode, wait: LockWait, since started: Date, noticed: inout Bool
    ) throws -> FileLock? {
        let lockPath = Self.path(guarding: path)
        var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 && mode == .shared { descriptor = open(lockPath, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            if mode == .shared { return nil }
            throw FileWriteError(path: path, reason: "cannot create its lock file \(lockPath): \(systemError())")
        }
        let operation = mode == .exclusive ? LOCK_EX : LOCK_SH
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = systemError()
                close(descriptor)
                throw FileWriteError(path: path, reason: "cannot lock \(lockPath): \(reason)")
            }
            let waited = Date().timeIntervalSince(started)
            // The notice first: a waiter stalled past both still says whom it waited for before it gives up.
            if !noticed && waited >= wait.noticeAfter {
                noticed = true
                wait.notice("waiting for \(path): \(Self.describe(Self.holder(descriptor))) "
                    + "(up to \(LockTimeout.seconds(wait.timeout))\(wait.setting.map { ", \($0)" } ?? ""))")
            }
            if waited >= wait.timeout {
                let holder = Self.holder(descriptor)
                close(descriptor)
                throw LockTimeout(path: path, mode: mode, holder: holder, timeout: wait.timeout, setting: wait.setting)
            }
            usleep(20_000)
        }
        if mode == .exclusive {
            let record = "\(getpid())\n"
            _ = ftruncate(descriptor, 0)
            _ = record.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        }
        return FileLock(guarded: path, mode: mode, descriptor: descriptor)
    }

    /// Unlocks (an exclusive holder first empties the file of its process id). Idempotent.
    public func release() {
        guard descriptor >= 0 else { return }
        if mode == .exclusive { _ = ftruncate(descriptor, 0) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// The process id an exclusive holder recorded, when that process is alive.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text), pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return nil }
        return pid
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }

    static func describe(_ holder: Int32?) -> String {
        holder.map { "process \($0) holds its lock" } ?? "another process holds its lock"
    }
}

/// How long to wait for a lock, and where to say that one is waiting.
public struct LockWait: Sendable {
    /// Seconds to wait in all before giving up.
    public var timeout: Double
    /// Seconds of waiting before the one notice.
    public var noticeAfter: Double
    /// Says the one notice (a line without its line break).
    public var notice: @Sendable (String) -> Void
    /// What sets `timeout` where the caller takes it from the user (an option's name), named by the notice and
    /// by a `LockTimeout`; nil names nothing.
    public var setting: String?

    public init(timeout: Double, noticeAfter: Double = 1, setting: String? = nil,
                notice: @escaping @Sendable (String) -> Void = { _ in }) {
        self.timeout = timeout
        self.noticeAfter = noticeAfter
        self.setting = setting
        self.notice = notice
    }
}

/// A lock stayed taken for the whole timeout. `description` is one line naming the file and the holder.
public struct LockTimeout: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var mode: FileLock.Mode
    /// The holder's process id, when it recorded one and is alive.
    public var holder: Int32?
    public var timeout: Double
    /// What sets the timeout (`LockWait.setting`).
    public var setting: String?

    public init(path: String, mode: FileLock.Mode, holder: Int32?, timeout: Double, setting: String? = nil) {
        self.path = path
        self.mode = mode
        self.holder = holder
        self.timeout = timeout
        self.setting = setting
    }

    public var description: String {
        "\(path): still locked after \(Self.seconds(timeout)) (\(FileLock.describe(holder))\(setting.map { "; \($0)" } ?? "")); "
            + (mode == .exclusive ? "nothing written" : "nothing read")
    }

    /// `60 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
