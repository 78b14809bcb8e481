import BenchKit
import Testing
@testable import CarouselBench

/// `run --content-ms MS`: the app's own work in every frame, which the hitch time ratio with content adds to each
/// profiled frame (Docs/WORST-FRAME.md, "In Apple's units"). It is the parent's alone: the profiles are taken there.
@Suite struct ContentOptionTests {
    @Test func aNumberOfMillisecondsIsTheHitchTimesContentAtTheRunsRate() throws {
        #expect(RunArguments().contentMilliseconds == 0)
        #expect(try SuiteRun(RunArguments()).options.hitchTime == HitchTime(hz: 120))
        let arguments = try RunArguments.parse(["--content-ms", "6", "--hz", "60"])
        #expect(arguments.contentMilliseconds == 6)
        #expect(try SuiteRun(arguments).options.hitchTime == HitchTime(hz: 60, contentMilliseconds: 6))
        #expect(try RunArguments.parse(["--content-ms=2.5"]).contentMilliseconds == 2.5)
        #expect(try RunArguments.parse(["--content-ms", "0"]).encoded == [], "the default is not written back")
        // Neither the round workers nor the callgrind children get it: their work does not depend on it.
        let run = try SuiteRun(RunArguments.parse(["--content-ms", "6", "--processes", "2", "--quick"]))
        #expect(!run.roundWorkers.arguments.contains("--content-ms"))
        #expect(!run.instructionChildArguments.contains("--content-ms"))
    }

    @Test(arguments: ["-1", "abc", "1001", "nan", "inf"])
    func aNegativeOrNonNumericValueIsRefused(_ value: String) {
        #expect(throws: UsageError.self) { try RunArguments.parse(["--content-ms", value]) }
        do {
            _ = try RunArguments.parse(["--content-ms", value])
        } catch let error as UsageError {
            #expect(error.description == "option '--content-ms': '\(value)' is not a number in 0...1000")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// From the command line: one line on standard error, exit 64, nothing run.
    @Test func aBadValueIsOneLineAndExit64() throws {
        let outcome = try BenchProcess.run(["run", "--content-ms", "-2", "--filter", "^harness/empty$", "--no-baseline"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "carousel-bench run: error: option '--content-ms': '-2' is not a number in 0...1000\n",
                "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }
}
