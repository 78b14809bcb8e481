import BenchKit
import Testing

/// The platform-specific pieces and their fallbacks: a portable build takes every fallback, and says why.
@Suite struct CapabilityTests {
    /// `-Xswiftc -DCAROUSEL_BENCH_PORTABLE` without `-Xcc -DCAROUSEL_BENCH_PORTABLE` (or the reverse) would build
    /// the Swift half of one kind and the C half of the other.
    @Test func theSwiftAndCHalvesOfThePortableFlagAgree() {
        #expect(Capability.isPortableBuild == Capability.isPortableBuildInC)
    }

    @Test(.enabled(if: Capability.isPortableBuild))
    func aPortableBuildHasNoneOfTheLinuxCapabilitiesAndNamesTheFlag() throws {
        let capabilities: [Capability] = [
            AllocationCounter.availability, ChildProcess.fixedAddressSpace, CPUPinning.availability,
            InstructionCounter.availability,
        ]
        for capability in capabilities {
            let reason = try #require(capability.reason)
            #expect(reason.contains("portable build") && reason.contains("-DCAROUSEL_BENCH_PORTABLE"), "\(reason)")
            #expect(!reason.contains("\n"), "one line")
        }
        #expect(AllocationCounter.unavailableNote == "not counted: \(AllocationCounter.availability.reason!)")
        #expect(InstructionCounter.unavailableNote.hasPrefix("valgrind not available: instructions per iteration not measured; "))
        #expect(CPUPinning.lastAllowedCPU == nil)
        #expect(!CPUPinning.preferPerformanceCores(), "nothing to ask on Linux")
        #expect(throws: ABSessionError.self) { try CPUPinning.pin(0, to: 0) }
    }

    #if os(Linux)
        @Test(.enabled(if: !Capability.isPortableBuild))
        func linuxHasEveryCapabilityButValgrindMayBeMissing() {
            #expect(AllocationCounter.availability == .available)
            #expect(AllocationCounter.unavailableNote == nil)
            #expect(ChildProcess.fixedAddressSpace == .available)
            #expect(CPUPinning.availability == .available)
            #expect(CPUPinning.lastAllowedCPU != nil)
            #expect(InstructionCounter.availability.isAvailable == (ChildProcess.find("valgrind") != nil))
        }
    #endif
}
