import BenchKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the package starts a child process (behaviour only, no timings).
@Suite struct ChildProcessTests {
    /// Reading standard output to its end before standard error (as `ab`'s git commands once did) hangs here: the
    /// child blocks on its full standard-error pipe and never writes its standard output or exits.
    @Test(.timeLimit(.minutes(1)))
    func aChildThatFillsStandardErrorBeforeWritingStandardOutputDoesNotHang() throws {
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "head -c 2000000 /dev/zero >&2; echo out; exit 3"])
        #expect(outcome.status == 3)
        #expect(outcome.output == "out\n")
        #expect(outcome.errors.utf8.count == 2_000_000, "every byte of standard error, more than a pipe holds")
    }

    @Test func bothOutputsAreKeptApartAndTheDirectoryAndEnvironmentApply() throws {
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "pwd; echo \"$GREETING\" >&2"],
                                           environment: ["GREETING": "hello"], directory: "/")
        #expect(outcome.status == 0 && outcome.output == "/\n" && outcome.errors == "hello\n", "\(outcome)")
    }

    @Test func oneFileGivenForBothOutputsGetsBoth() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let child = try ChildProcess("/bin/sh", ["-c", "echo one; echo two >&2; echo three"],
                                     output: .file(path), errors: .file(path))
        #expect(child.wait() == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n", "neither overwrote the other")
    }

    @Test func aPipedInputReachesTheChild() throws {
        let child = try ChildProcess("/bin/cat", [], input: .pipe, output: .pipe)
        try child.input!.fileHandleForWriting.write(contentsOf: Data("line\n".utf8))
        try child.input!.fileHandleForWriting.close()
        #expect(String(decoding: child.output!.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "line\n")
        #expect(child.wait() == 0)
    }

    /// Started from a thread that blocks SIGTERM (as Swift Testing's workers may), the child still hears it.
    @Test(.timeLimit(.minutes(1)))
    func aChildStartsWithNoSignalBlocked() throws {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let child = try ChildProcess("/bin/sleep", ["30"])
        child.terminate()
        child.wait()
        #expect(child.process.terminationReason == .uncaughtSignal)
        #expect(child.process.terminationStatus == SIGTERM)
    }

    @Test func aProgramThatDoesNotExistThrows() {
        #expect(throws: (any Error).self) { try ChildProcess.run("/nonexistent/program", []) }
    }

    @Test func findLooksOnThePath() {
        #expect(ChildProcess.find("sh") != nil)
        #expect(ChildProcess.find("no-such-program-\(UUID().uuidString)") == nil)
    }

    /// Linux starts a command without randomisation through `setarch -R`; a build that cannot switch it off
    /// starts the command as it is.
    @Test func aCommandStartsWithoutRandomizationOnlyWhereTheBuildCan() {
        let command = ChildProcess.withoutAddressSpaceRandomization(["/bin/true"])
        if ChildProcess.fixedAddressSpace.isAvailable, let setarch = ChildProcess.find("setarch") {
            #expect(command == [setarch, "-R", "/bin/true"])
        } else {
            #expect(command == ["/bin/true"])
        }
    }

    /// Where randomisation cannot be switched off the process is not re-executed, and the layout says why
    /// (the run's metadata and its one note). Where it can, re-executing would restart the test runner: the
    /// end-to-end run's metadata covers it (`RunCommandTests`).
    @Test(.enabled(if: !ChildProcess.fixedAddressSpace.isAvailable))
    func withoutAWayToSwitchRandomizationOffTheProcessStaysAndSaysWhy() throws {
        let layout = ChildProcess.reexecWithoutAddressSpaceRandomization()
        let reason = try #require(ChildProcess.fixedAddressSpace.reason)
        #expect(layout == .randomised(reason))
        #expect(layout.description == "randomised: \(reason)")
        #expect(layout.note == "address space randomised: \(reason); timings may vary more between runs")
        #expect(ProcessInfo.processInfo.environment[ChildProcess.reexecutedVariable] == nil)
        #expect(AddressSpaceLayout.fixed.note == nil)
    }
}
