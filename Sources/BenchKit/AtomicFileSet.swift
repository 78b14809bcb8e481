import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces several files as one: after a crash at any point, once recovered, either every file is the old one
/// or every file is the new one, never a mix (a results file with another run's samples).
///
/// The commit, for files `a`, `b`, `c` in one directory:
/// 1. each new content goes to `.a.new`, `.b.new`, `.c.new`, each fsynced;
/// 2. the journal `.a.commit` (the list of targets) is written to a temporary file, fsynced and renamed into
///    place: this rename is the commit point;
/// 3. each `.x.new` is renamed over `x`;
/// 4. the journal is removed.
///
/// `recover(primary:)` (run before every write and every read of the set) finishes an interrupted commit: with a
/// journal it renames the `.x.new` files still there (roll forward), without one it deletes them (roll back).
///
///     try AtomicFileSet.write(["Results/x.csv": csv, "Results/x.meta.json": meta])
public enum AtomicFileSet {
    /// A simulated crash (a test hook): the write stopped after `step` steps and cleaned nothing up.
    public struct Interrupted: Error, Equatable {
        public let step: Int
    }

    /// Writes `files` (path to contents; all in one directory, the first in path order is the primary, which
    /// names the journal) as one set. `interruptAfter` stops after that many steps as a crash would (tests).
    /// - Complexity: O(bytes written), plus two fsyncs per file.
    public static func write(_ files: [String: String], interruptAfter limit: Int? = nil) throws {
        let paths = files.keys.sorted()
        guard let primary = paths.first else { return }
        let directory = Self.directory(of: primary)
        precondition(paths.allSatisfy { Self.directory(of: $0) == directory }, "a file set lives in one directory")
        try recover(primary: primary)
        var steps = Steps(limit: limit)
        for path in paths {
            try writeDurably(files[path]!, to: staged(path), steps: &steps)
        }
        let journal = paths.joined(separator: "\n") + "\n"
        let temporary = journalPath(primary) + ".tmp-\(getpid())"
        try writeDurably(journal, to: temporary, steps: &steps)
        try rename(temporary, journalPath(primary))
        syncDirectory(directory)
        try steps.advance()
        for path in paths {
            try rename(staged(path), path)
            try steps.advance()
        }
        syncDirectory(directory)
        unlink(journalPath(primary))
        syncDirectory(directory)
        try steps.advance()
    }

    /// Finishes or undoes a commit of the set whose primary file is `primary` that a crash interrupted.
    /// - Complexity: O(files).
    public static func recover(primary: String) throws {
        let journal = journalPath(primary)
        let manager = FileManager.default
        if let text = try? String(contentsOfFile: journal, encoding: .utf8) {
            for path in text.split(separator: "\n").map(String.init) where manager.fileExists(atPath: staged(path)) {
                try rename(staged(path), path)
            }
            syncDirectory(directory(of: primary))
            unlink(journal)
        }
        // No journal: anything staged belongs to a commit that never reached its commit point.
        let directory = directory(of: primary)
        let stem = URL(fileURLWithPath: primary).lastPathComponent
        let base = stem.hasSuffix(".csv") ? String(stem.dropLast(4)) : stem
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? []
        where name.hasPrefix("." + base + ".") && (name.hasSuffix(".new") || name.contains(".commit.tmp-")) {
            unlink(directory + "/" + name)
        }
    }

    /// `dir/x.csv` -> `dir/.x.csv.new`.
    static func staged(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".new"
    }

    /// `dir/x.csv` -> `dir/.x.csv.commit`.
    static func journalPath(_ primary: String) -> String {
        let url = URL(fileURLWithPath: primary)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".commit"
    }

    static func directory(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

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
