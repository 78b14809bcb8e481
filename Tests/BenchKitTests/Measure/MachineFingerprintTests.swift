import BenchKit
import Foundation
import Testing

/// What the fingerprint is made of where Linux's files are not used, and that a file without those sources'
/// fields reads and compares as a Linux fingerprint.
@Suite struct MachineFingerprintTests {
    static let linux = MachineFingerprint(cpuModel: "Intel(R) Xeon(R) Processor", cores: 2,
                                          caches: ["L1d 48K", "L2 2048K"], kernel: "6.18", swiftVersion: "6.3")

    @Test(.enabled(if: Capability.isPortableBuild))
    func aPortableBuildFingerprintsWithWhatAnyPlatformOffers() {
        let machine = MachineFingerprint.current
        #expect(machine.platform?.hasPrefix("portable build, ") == true, "\(machine)")
        #expect(machine.memory?.hasSuffix(" GiB") == true, "\(machine)")
        #expect(machine.caches.isEmpty, "caches unknown")
        #expect(machine.cores == ProcessInfo.processInfo.activeProcessorCount)
        #expect(!machine.kernel.isEmpty && machine.kernel != "unknown")
        #if arch(x86_64)
            #expect(machine.cpuModel != "unknown", "the processor's own brand string")
        #endif
        #expect(machine.description.contains(machine.platform!) && machine.description.contains("caches unknown"))
    }

    #if os(Linux)
        @Test(.enabled(if: !Capability.isPortableBuild))
        func linuxFingerprintsAsItAlwaysHas() {
            let machine = MachineFingerprint.current
            #expect(machine.platform == nil && machine.coreTypes == nil && machine.memory == nil)
        }
    #endif

    @Test func twoMachinesThatDifferOnlyInMemoryOrPlatformAreNotComparable() {
        var one = Self.linux
        one.platform = "portable build, Linux x86_64"
        one.memory = "8.0 GiB"
        var other = one
        other.memory = "16.0 GiB"
        #expect(one.timingDifference(from: other) == "memory 16.0 GiB vs 8.0 GiB")
        #expect(one.timingDifference(from: one) == nil)
        #expect(Self.linux.timingDifference(from: one) == "memory 8.0 GiB vs unknown, platform portable build, Linux x86_64 vs Linux")
        var portable = one
        portable.caches = []
        #expect(portable.timingDifference(from: one) == "caches L1d 48K L2 2048K vs unknown")
    }

    @Test func kindsOfCoreAreNamedAndCompared() {
        var apple = Self.linux
        apple.coreTypes = ["8 Performance", "4 Efficiency"]
        #expect(apple.description.hasPrefix("Intel(R) Xeon(R) Processor, 2 cores (8 Performance, 4 Efficiency), "))
        #expect(Self.linux.timingDifference(from: apple) == "cores 8 Performance, 4 Efficiency vs of one kind")
    }

    /// A Linux fingerprint writes no key for the other sources' fields, and a file without them reads back equal.
    @Test func aLinuxFingerprintEncodesWithoutTheOtherSourcesFields() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(Self.linux), as: UTF8.self)
        #expect(text == #"{"caches":["L1d 48K","L2 2048K"],"cores":2,"cpuModel":"Intel(R) Xeon(R) Processor","kernel":"6.18","swiftVersion":"6.3"}"#)
        #expect(try JSONDecoder().decode(MachineFingerprint.self, from: Data(text.utf8)) == Self.linux)
    }
}
