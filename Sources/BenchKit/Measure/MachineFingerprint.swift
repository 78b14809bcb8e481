import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What decides how fast the same code runs: the CPU model, its cores and caches, the kernel and the compiler.
/// Timings are comparable only between runs with equal fingerprints; the host name is not enough on VMs
/// (two instances of one name may land on different CPUs), so it is not part of it.
public struct MachineFingerprint: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `model name` of /proc/cpuinfo ("unknown" when unreadable).
    public var cpuModel: String
    /// Logical processors online.
    public var cores: Int
    /// Each cache level as `L1d 48K`, `L2 2048K`, ... (empty when unreadable).
    public var caches: [String]
    /// `uname -r`.
    public var kernel: String
    /// The compiler that built the harness (major.minor).
    public var swiftVersion: String

    public init(cpuModel: String, cores: Int, caches: [String], kernel: String, swiftVersion: String) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.caches = caches
        self.kernel = kernel
        self.swiftVersion = swiftVersion
    }

    /// `Intel(R) Xeon(R) Processor, 2 cores, L1d 48K L1i 32K L2 2048K L3 307200K, kernel 6.18, Swift 6.3`.
    public var description: String {
        "\(cpuModel), \(cores) cores, \(caches.isEmpty ? "caches unknown" : caches.joined(separator: " ")), "
            + "kernel \(kernel), Swift \(swiftVersion)"
    }

    /// Why timings of a run on `other` cannot be compared with this one's; nil when they can.
    public func timingDifference(from other: MachineFingerprint) -> String? {
        var differences: [String] = []
        if cpuModel != other.cpuModel { differences.append("CPU \(other.cpuModel) vs \(cpuModel)") }
        if cores != other.cores { differences.append("\(other.cores) vs \(cores) cores") }
        if caches != other.caches { differences.append("caches \(other.caches.joined(separator: " ")) vs \(caches.joined(separator: " "))") }
        if kernel != other.kernel { differences.append("kernel \(other.kernel) vs \(kernel)") }
        if swiftVersion != other.swiftVersion { differences.append("Swift \(other.swiftVersion) vs \(swiftVersion)") }
        return differences.isEmpty ? nil : differences.joined(separator: ", ")
    }

    /// This machine now.
    public static var current: MachineFingerprint {
        MachineFingerprint(cpuModel: cpuModel() ?? "unknown", cores: ProcessInfo.processInfo.activeProcessorCount,
                           caches: caches(), kernel: kernelRelease(), swiftVersion: RunMetadata.compilerVersion)
    }

    static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The caches of CPU 0 from sysfs: `L1d 48K`, `L1i 32K`, `L2 2048K`, ...
    static func caches() -> [String] {
        let root = "/sys/devices/system/cpu/cpu0/cache"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return entries.filter { $0.hasPrefix("index") }.sorted().compactMap { entry in
            func read(_ name: String) -> String? {
                (try? String(contentsOfFile: "\(root)/\(entry)/\(name)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level"), let type = read("type"), let size = read("size") else { return nil }
            let suffix = type == "Data" ? "d" : type == "Instruction" ? "i" : ""
            return "L\(level)\(suffix) \(size)"
        }
    }

    static func kernelRelease() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &name.release) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
