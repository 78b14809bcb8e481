import CBenchSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What decides how fast the same code runs: the CPU model, its cores and caches, the kernel and the compiler.
/// Timings are comparable only between runs with equal fingerprints; the host name is not enough on VMs
/// (two instances of one name may land on different CPUs), so it is not part of it.
///
/// Where it comes from (`current`):
/// - Linux: the kernel's CPU description and cache list (`linux()`); `platform`, `coreTypes` and `memory` are
///   nil, as in every file written before the other sources existed.
/// - macOS: sysctl(3) (`darwin()`).
/// - anywhere else, and in a portable build: what any platform offers (`portable()`): the processor's own brand
///   string (x86 CPUID), the logical cores, the physical memory, the kernel release and the operating system and
///   architecture; caches unknown.
/// Fingerprints from two sources never compare equal (`platform` differs), so a portable run and a Linux run
/// of one machine are not compared in time.
public struct MachineFingerprint: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The CPU's name ("unknown" when unreadable): Linux's `model name`, macOS's `machdep.cpu.brand_string`,
    /// elsewhere the processor's brand string.
    public var cpuModel: String
    /// Logical processors online.
    public var cores: Int
    /// Each cache level as `L1d 48K`, `L2 2048K`, ... (empty when unreadable); on Apple silicon per kind of core,
    /// `Performance L1d 128K`, ...
    public var caches: [String]
    /// `uname -r`.
    public var kernel: String
    /// The compiler that built the harness (major.minor).
    public var swiftVersion: String
    /// Where the fingerprint comes from beyond Linux's own files: `macOS arm64 (Mac14,9)`,
    /// `portable build, Linux x86_64`; nil for Linux's.
    public var platform: String?
    /// The kinds of core and how many logical cores of each, as macOS names them (`8 Performance`,
    /// `4 Efficiency` on Apple silicon); nil where there is one kind or it is unknown.
    public var coreTypes: [String]?
    /// The physical memory (`16.0 GiB`); nil for Linux's fingerprint.
    public var memory: String?

    public init(cpuModel: String, cores: Int, caches: [String], kernel: String, swiftVersion: String,
                platform: String? = nil, coreTypes: [String]? = nil, memory: String? = nil) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.caches = caches
        self.kernel = kernel
        self.swiftVersion = swiftVersion
        self.platform = platform
        self.coreTypes = coreTypes
        self.memory = memory
    }

    /// `Intel(R) Xeon(R) Processor, 2 cores, L1d 48K L1i 32K L2 2048K L3 307200K, kernel 6.18, Swift 6.3`, then
    /// the optional parts: `Apple M2 Pro, 12 cores (8 Performance, 4 Efficiency), ..., 32.0 GiB, macOS arm64 (Mac14,9)`.
    public var description: String {
        "\(cpuModel), \(cores) cores\(coreTypes.map { " (\($0.joined(separator: ", ")))" } ?? ""), "
            + "\(caches.isEmpty ? "caches unknown" : caches.joined(separator: " ")), "
            + "kernel \(kernel), Swift \(swiftVersion)" + [memory, platform].compactMap { $0.map { ", " + $0 } }.joined()
    }

    /// Why timings of a run on `other` cannot be compared with this one's; nil when they can.
    public func timingDifference(from other: MachineFingerprint) -> String? {
        var differences: [String] = []
        if cpuModel != other.cpuModel { differences.append("CPU \(other.cpuModel) vs \(cpuModel)") }
        if cores != other.cores { differences.append("\(other.cores) vs \(cores) cores") }
        if coreTypes != other.coreTypes {
            differences.append("cores \(Self.text(other.coreTypes)) vs \(Self.text(coreTypes))")
        }
        if caches != other.caches { differences.append("caches \(Self.text(other.caches)) vs \(Self.text(caches))") }
        if kernel != other.kernel { differences.append("kernel \(other.kernel) vs \(kernel)") }
        if swiftVersion != other.swiftVersion { differences.append("Swift \(other.swiftVersion) vs \(swiftVersion)") }
        if memory != other.memory { differences.append("memory \(other.memory ?? "unknown") vs \(memory ?? "unknown")") }
        if platform != other.platform { differences.append("platform \(other.platform ?? "Linux") vs \(platform ?? "Linux")") }
        return differences.isEmpty ? nil : differences.joined(separator: ", ")
    }

    private static func text(_ coreTypes: [String]?) -> String { coreTypes?.joined(separator: ", ") ?? "of one kind" }
    private static func text(_ caches: [String]) -> String { caches.isEmpty ? "unknown" : caches.joined(separator: " ") }

    /// This machine now.
    public static var current: MachineFingerprint {
        #if os(Linux) && !CAROUSEL_BENCH_PORTABLE
            return linux()
        #elseif os(macOS) && !CAROUSEL_BENCH_PORTABLE
            return darwin()
        #else
            return portable()
        #endif
    }

    /// What any platform offers: the processor's brand string, logical cores, physical memory, kernel release,
    /// operating system and architecture. Caches are unknown.
    static func portable() -> MachineFingerprint {
        var brand = [CChar](repeating: 0, count: 64)
        let cpuModel = cbench_cpu_brand(&brand, brand.count) == 0
            ? brand.withUnsafeBytes(text).trimmingCharacters(in: .whitespaces) : "unknown"
        let system = kernelNames()
        let origin = Capability.isPortableBuild ? "portable build, " : ""
        return MachineFingerprint(
            cpuModel: cpuModel.isEmpty ? "unknown" : cpuModel, cores: ProcessInfo.processInfo.activeProcessorCount,
            caches: [], kernel: system.release, swiftVersion: RunMetadata.compilerVersion,
            platform: "\(origin)\(system.name) \(system.machine)", memory: gibibytes(ProcessInfo.processInfo.physicalMemory))
    }

    /// `16.0 GiB`.
    static func gibibytes(_ bytes: UInt64) -> String { String(format: "%.1f GiB", Double(bytes) / 1_073_741_824) }

    /// The kernel's name, release and machine (uname(3), POSIX).
    static func kernelNames() -> (name: String, release: String, machine: String) {
        var names = utsname()
        guard uname(&names) == 0 else { return ("unknown", "unknown", "unknown") }
        return (withUnsafeBytes(of: names.sysname, text), withUnsafeBytes(of: names.release, text),
                withUnsafeBytes(of: names.machine, text))
    }

    /// A C string's bytes, up to its NUL, as UTF-8.
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    #if os(Linux) && !CAROUSEL_BENCH_PORTABLE
        /// Linux: the `model name` of /proc/cpuinfo and CPU 0's caches from /sys.
        static func linux() -> MachineFingerprint {
            MachineFingerprint(cpuModel: cpuModel() ?? "unknown", cores: ProcessInfo.processInfo.activeProcessorCount,
                               caches: caches(), kernel: kernelNames().release, swiftVersion: RunMetadata.compilerVersion)
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
    #endif

    #if os(macOS) && !CAROUSEL_BENCH_PORTABLE
        /// macOS, from sysctl(3) (`sysctlbyname`; names as `sysctl -a` lists them): `machdep.cpu.brand_string`
        /// (`Apple M2 Pro`, or the Intel brand), `hw.model` (`Mac14,9`), `hw.memsize`, and the caches. On Apple
        /// silicon `hw.nperflevels` kinds of core, each `hw.perflevelN.name` (`Performance`, `Efficiency`) with
        /// its `logicalcpu` count and its `l1icachesize`, `l1dcachesize` and `l2cachesize`; on Intel Macs
        /// `hw.l1icachesize`, `hw.l1dcachesize`, `hw.l2cachesize` and `hw.l3cachesize`. A process translated by
        /// Rosetta (`sysctl.proc_translated`, Apple's "About the Rosetta Translation Environment") says so.
        /// Written from Apple's documentation; not compiled on this project's machines.
        static func darwin() -> MachineFingerprint {
            let levels = sysctlInteger("hw.nperflevels") ?? 0
            var coreTypes: [String] = []
            var caches: [String] = []
            if levels > 1 {
                for level in 0..<levels {
                    let prefix = "hw.perflevel\(level)."
                    let name = sysctlString(prefix + "name") ?? "level \(level)"
                    coreTypes.append("\(sysctlInteger(prefix + "logicalcpu").map(String.init) ?? "?") \(name)")
                    caches += cacheSizes(prefix: prefix, label: name + " ")
                }
            } else {
                caches = cacheSizes(prefix: "hw.", label: "")
            }
            let system = kernelNames()
            let translated = sysctlInteger("sysctl.proc_translated") == 1 ? ", Rosetta" : ""
            return MachineFingerprint(
                cpuModel: sysctlString("machdep.cpu.brand_string") ?? "unknown",
                cores: ProcessInfo.processInfo.activeProcessorCount, caches: caches, kernel: system.release,
                swiftVersion: RunMetadata.compilerVersion,
                platform: "macOS \(system.machine) (\(sysctlString("hw.model") ?? "unknown model")\(translated))",
                coreTypes: coreTypes.isEmpty ? nil : coreTypes,
                memory: sysctlInteger("hw.memsize").map { gibibytes(UInt64($0)) })
        }

        /// `L1i 192K`, `L1d 128K`, `L2 16384K`, `L3 ...` from the sysctl names under `prefix` that exist.
        static func cacheSizes(prefix: String, label: String) -> [String] {
            [("L1i", "l1icachesize"), ("L1d", "l1dcachesize"), ("L2", "l2cachesize"), ("L3", "l3cachesize")].compactMap { level, name in
                guard let bytes = sysctlInteger(prefix + name), bytes > 0 else { return nil }
                return "\(label)\(level) \(bytes / 1024)K"
            }
        }

        /// A string sysctl; nil when the name does not exist here.
        static func sysctlString(_ name: String) -> String? {
            var size = 0
            guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0 else { return nil }
            var bytes = [CChar](repeating: 0, count: size + 1)
            guard sysctlbyname(name, &bytes, &size, nil, 0) == 0 else { return nil }
            return bytes.withUnsafeBytes(text)
        }

        /// An integer sysctl (32 or 64 bits; both of Apple's architectures are little-endian); nil when absent.
        static func sysctlInteger(_ name: String) -> Int64? {
            var value: Int64 = 0
            var size = MemoryLayout<Int64>.size
            guard sysctlbyname(name, &value, &size, nil, 0) == 0, size == 4 || size == 8 else { return nil }
            return value
        }
    #endif
}
