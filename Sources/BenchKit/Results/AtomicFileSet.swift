import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces several files as one: after a crash at any point, once recovered, either every file is the old one
/// or every file is the new one, never a mix (a results file with another run's samples).
///
/// The commit, for files `a`, `b`, `c` in one directory, by a writer whose token is `T` (its process id and a
/// random number: no two processes, nor two writes, stage under the same names):
/// 1. each new content goes to `.a.new.T`, `.b.new.T`, `.c.new.T`, each fsynced;
/// 2. the journal `.a.commit.T` (the list of targets) is written to `.a.commit.T.tmp`, fsynced and renamed into
///    place: this rename is the commit point;
/// 3. each `.x.new.T` is renamed over `x`;
/// 4. the journal is removed.
///
/// `recover(_:)` (run before every write, and by a reader that finds a journal) finishes an interrupted
/// commit: with a journal it renames the staged files still there (roll forward), without one it deletes them
/// (roll back). Writing and recovering need the set's exclusive `FileLock`, held by the caller: it keeps a
/// second writer out, so whatever another token left staged belongs to a process that died mid-commit, never
/// to a live one.
///
///     let lock = try FileLock.acquire(guarding: "Results/x.csv", mode: .exclusive, wait: LockWait(timeout: 60))
///     try AtomicFileSet.write(["Results/x.csv": csv, "Results/x.meta.json": meta])
public enum AtomicFileSet {
    /// A simulated crash (a test hook): the write stopped after `step` steps and cleaned nothing up.
    public struct Interrupted: Error, Equatable {
        public let step: Int
    }

    /// Writes `files` (path to contents; all in one directory, the first in path order is the primary, which
    /// names the journal) as one set. `interruptAfter` stops after that many steps as a crash would (tests).
    /// The caller holds the set's exclusive `FileLock`.
    /// - Complexity: O(bytes written), plus two fsyncs per file.
    public static func write(_ files: [String: String], interruptAfter limit: Int? = nil) throws {
        let paths = files.keys.sorted()
        guard let primary = paths.first else { return }
        let directory = Self.directory(of: primary)
        precondition(paths.allSatisfy { Self.directory(of: $0) == directory }, "a file set lives in one directory")
        try recover(paths)
        let token = "\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        var steps = Steps(limit: limit)
        for path in paths {
            try writeDurably(files[path]!, to: staged(path, token: token), steps: &steps)
        }
        let journal = journalPath(primary, token: token)
        try writeDurably(paths.joined(separator: "\n") + "\n", to: journal + ".tmp", steps: &steps)
        try rename(journal + ".tmp", journal)
        syncDirectory(directory)
        try steps.advance()
        for path in paths {
            try rename(staged(path, token: token), path)
            try steps.advance()
        }
        syncDirectory(directory)
        unlink(journal)
        syncDirectory(directory)
        try steps.advance()
    }

    /// Whether a commit of the set `paths` (its files, the primary first in path order) was interrupted: a
    /// journal or a staged file is there. A reader holding only a shared lock checks this before it reads.
    /// - Complexity: O(files in the directory).
    public static func isInterrupted(_ paths: [String]) -> Bool {
        let found = leftovers(of: paths)
        return !found.journals.isEmpty || !found.staged.isEmpty
    }

    /// Finishes or undoes the interrupted commits of the set `paths` (its files, the primary first in path
    /// order). The caller holds the set's exclusive `FileLock`.
    /// - Complexity: O(files in the directory).
    public static func recover(_ paths: [String]) throws {
        for (journal, token) in leftovers(of: paths).journals {
            let text = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? ""
            for path in text.split(separator: "\n").map(String.init) where paths.contains(path) {
                let staged = staged(path, token: token)
                if FileManager.default.fileExists(atPath: staged) { try rename(staged, path) }
            }
            syncDirectory(directory(of: journal))
            unlink(journal)
        }
        // What is still staged belongs to a commit that never reached its commit point.
        for path in leftovers(of: paths).staged { unlink(path) }
    }

    /// The complete journals (with their writer's token) and the other staged files (contents, unfinished
    /// journals) of the set `paths`, whatever their writer.
    static func leftovers(of paths: [String]) -> (journals: [(path: String, token: String)], staged: [String]) {
        let sorted = paths.sorted()
        guard let primary = sorted.first else { return ([], []) }
        let directory = directory(of: primary)
        let journalPrefix = name(journalPath(primary, token: ""))
        let stagedPrefixes = sorted.map { name(staged($0, token: "")) }
        var journals: [(path: String, token: String)] = []
        var others: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
            if name.hasPrefix(journalPrefix) && !name.hasSuffix(".tmp") {
                journals.append((directory + "/" + name, String(name.dropFirst(journalPrefix.count))))
            } else if name.hasPrefix(journalPrefix) || stagedPrefixes.contains(where: { name.hasPrefix($0) }) {
                others.append(directory + "/" + name)
            }
        }
        return (journals, others)
    }

    /// `dir/x.csv`, token `T` -> `dir/.x.csv.new.T`.
    static func staged(_ path: String, token: String) -> String { hidden(path, ".new." + token) }

    /// `dir/x.csv`, token `T` -> `dir/.x.csv.commit.T`.
    static func journalPath(_ primary: String, token: String) -> String { hidden(primary, ".commit." + token) }

    /// `dir/x.csv` -> `dir/.x.csv` + `suffix`.
    private static func hidden(_ path: String, _ suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + suffix
    }

    static func directory(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    private static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// Counts the steps of a write and stops it where a test asked.
    struct Steps {
        let limit: Int?
        var done = 0
        mutating func advance() throws {
            done += 1
            if let limit, done >= limit { throw Interrupted(step: done) }
        }
    }

    /// Writes `text` to `path` in 64 KiB chunks (a step each), then fsyncs and closes it (a step).
    private static func writeDurably(_ text: String, to path: String, steps: inout Steps) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: systemError("cannot create")) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        let bytes = Array(text.utf8)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + (1 << 16))
            var written = offset
            while written < end {
                let count = bytes[written..<end].withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw FileWriteError(path: path, reason: systemError("write failed")) }
                written += count
            }
            offset = end
            try steps.advance()
        } while offset < bytes.count
        guard fsync(descriptor) == 0 else { throw FileWriteError(path: path, reason: systemError("fsync failed")) }
        closed = true
        guard close(descriptor) == 0 else { throw FileWriteError(path: path, reason: systemError("close failed")) }
        try steps.advance()
    }

    private static func rename(_ from: String, _ to: String) throws {
        guard posixRename(from, to) == 0 else { throw FileWriteError(path: to, reason: systemError("rename failed")) }
    }

    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
    }

    private static func systemError(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }
}

/// The POSIX `write`, reachable where a method named `write` would shadow it.
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The POSIX `rename`, reachable where a method named `rename` would shadow it.
private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
