import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file write failed; `description` is one line naming the file.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Replaces files all-or-nothing: writes a temporary file in the same directory, fsyncs it, renames it over.
/// A crash or Ctrl-C mid-write leaves the old file (or none) and at worst a stray `.NAME.tmp-PID` file.
public enum AtomicFile {
    /// Creates the folder `path` will be written into (and its parents), as `HistoryFile.append` and
    /// `MachineProfile.write` do before their first write.
    /// - Throws: `FileWriteError` naming `path` and the folder.
    static func createFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: path, reason: "cannot create folder \(folder): \(error.localizedDescription)")
        }
    }

    /// Writes the chunks `produce` emits to `path`; if `produce` throws, `path` is untouched and the error rethrown.
    /// - Complexity: O(bytes written).
    public static func write(to path: String, _ produce: (_ emit: (String) throws -> Void) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: systemError("cannot create \(temporary)")) }
        var closed = false
        defer {
            if !closed {
                close(descriptor)
                unlink(temporary)
            }
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        func flush() throws {
            var offset = 0
            while offset < buffer.count {
                let written = buffer[offset...].withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw FileWriteError(path: path, reason: systemError("write failed")) }
                offset += written
            }
            buffer.removeAll(keepingCapacity: true)
        }
        try produce { chunk in
            buffer.append(contentsOf: chunk.utf8)
            if buffer.count >= 1 << 16 { try flush() }
        }
        try flush()
        guard fsync(descriptor) == 0 else { throw FileWriteError(path: path, reason: systemError("fsync failed")) }
        closed = true
        guard close(descriptor) == 0 else {
            unlink(temporary)
            throw FileWriteError(path: path, reason: systemError("close failed"))
        }
        guard rename(temporary, path) == 0 else {
            let reason = systemError("rename failed")
            unlink(temporary)
            throw FileWriteError(path: path, reason: reason)
        }
        // Persist the rename itself: fsync the directory (best effort).
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Writes `data` to `path` atomically.
    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { emit in try emit(String(decoding: data, as: UTF8.self)) }
    }

    private static func systemError(_ what: String) -> String {
        "\(what): \(String(cString: strerror(errno)))"
    }
}

/// The POSIX `write`, reachable from inside `AtomicFile` whose own `write` would shadow it.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
