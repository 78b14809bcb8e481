import Foundation
import Testing

/// `compare`: exit 0 when nothing regressed, 2 on a regression, 1 on a malformed file (naming its line).
@Suite struct CompareCommandTests {
    /// A results file whose rows carry instruction counts (so the verdict is deterministic).
    func resultsFile(_ name: String, in directory: URL, instructions: [String: Double]) throws -> URL {
        var text = RunCommandTests.requiredHeader + "\n"
        for (benchmark, count) in instructions.sorted(by: { $0.key < $1.key }) {
            let parts = benchmark.split(separator: "/")
            text += "\(benchmark),\(parts[0]),\(parts[1]),300,300,ns/frame,20,1000,10,11,12,0.5,0,\(count),0.0001\n"
        }
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func unchangedInstructionCountsExit0() throws {
        let directory = try BenchProcess.scratchDirectory()
        let counts = ["pipeline/best": 120.0, "floor/scaleAlpha": 100.0]
        let base = try resultsFile("base.csv", in: directory, instructions: counts)
        let new = try resultsFile("new.csv", in: directory, instructions: counts)
        let outcome = try BenchProcess.run(["compare", base.path, new.path, "--all"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("2 unchanged"), "\(outcome.stdout)")
    }

    @Test func aFivePercentInstructionIncreaseExits2AndIsNamed() throws {
        let directory = try BenchProcess.scratchDirectory()
        let base = try resultsFile("base.csv", in: directory, instructions: ["pipeline/best": 120, "floor/scaleAlpha": 100])
        let new = try resultsFile("new.csv", in: directory, instructions: ["pipeline/best": 126, "floor/scaleAlpha": 100])
        let output = directory.appendingPathComponent("cmp/verdicts.csv")
        let outcome = try BenchProcess.run(["compare", base.path, new.path, "--output", output.path])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("REGRESSED"), "\(outcome.stdout)")
        let csv = try String(contentsOf: output, encoding: .utf8)
        #expect(csv.hasPrefix("benchmark,catalog,unit,baseline_median,current_median,ratio,ci_low,ci_high,verdict"), "\(csv)")
        #expect(csv.contains("pipeline/best,300,ns/frame,11,11,1.05,1.05,1.05,regressed"), "\(csv)")
    }

    @Test func malformedInputsExit1NamingFileAndLine() throws {
        let directory = try BenchProcess.scratchDirectory()
        let good = try resultsFile("good.csv", in: directory, instructions: ["pipeline/best": 120])
        let header = RunCommandTests.requiredHeader
        let cases: [(String, String, String)] = [
            ("empty.csv", "", "empty.csv:1:"),
            ("unterminated.csv", header + "\r\n\"pipeline/best,pipeline\r\n", "unterminated.csv:2:"),
            ("missing.csv", "benchmark,family\npipeline/best,pipeline\n", "missing.csv:1:"),
            ("type.csv", header + "\npipeline/best,pipeline,best,300,300,ns/frame,20,1000,10,eleven,12,0.5,,,\n", "type.csv:2:"),
            ("quote.csv", header + "\npipeline/\"best,pipeline,best,300,300,ns/frame,20,1000,10,11,12,0.5,,,\n", "quote.csv:2:"),
        ]
        for (name, text, expected) in cases {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            let outcome = try BenchProcess.run(["compare", good.path, url.path])
            #expect(outcome.status == 1, "\(name)")
            #expect(outcome.stderr.contains(expected), "\(name): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "one line: \(outcome.stderr)")
        }
        let absent = try BenchProcess.run(["compare", good.path, directory.appendingPathComponent("absent.csv").path])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("absent.csv"), "\(absent.stderr)")
    }

    /// RFC 4180 is valid input: CRLF line ends and quoted fields (here every field, as Python's QUOTE_ALL writes).
    @Test func crlfAndQuotedFieldsAreValidInput() throws {
        let directory = try BenchProcess.scratchDirectory()
        let counts = ["pipeline/best": 120.0, "floor/scaleAlpha": 100.0]
        let base = try resultsFile("base.csv", in: directory, instructions: counts)
        let plain = try String(contentsOf: base, encoding: .utf8)
        let quoted = plain.split(separator: "\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map { "\"\($0)\"" }.joined(separator: ",")
        }.joined(separator: "\r\n") + "\r\n"
        let new = directory.appendingPathComponent("quoted.csv")
        try quoted.write(to: new, atomically: true, encoding: .utf8)
        let outcome = try BenchProcess.run(["compare", base.path, new.path, "--all"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("2 unchanged"), "\(outcome.stdout)")
    }

    @Test func compareNeedsTwoFiles() throws {
        let outcome = try BenchProcess.run(["compare", "only-one.csv"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("needs two files"), "\(outcome.stderr)")
    }
}

/// `compare` says how much of each run the machine spent at its full speed, and warns when a run had too little
/// of it (Docs/NOISE.md, "Full-speed rounds"). The slow copy's share is 0 whatever the machine did: each of its samples is
/// 1.55x one of the run's, so at least 1.55x the row's fastest.
@Suite struct CompareFullSpeedTests {
    @Test func aBaselineSlowedEverywhereIsWarnedAboutWithRawSamplesAndAnEqualOneIsNot() throws {
        let directory = try BenchProcess.scratchDirectory()
        let run = directory.appendingPathComponent("run.csv")
        // A budget at which the reference rows, whose rounds' slowdowns the comparison divides by, have samples enough
        // (a floor row's sample is a whole trajectory, about 1 ms).
        let made = try BenchProcess.run(RunCommandTests.quickArguments("^(lookup|wrap)/", timeBudget: "30")
            + ["--output", run.path, "--no-baseline"])
        #expect(made.status == 0, "\(made.stderr)")
        // A copy of the run in which every sample took 1.55x as long: every round of it is slow.
        let slow = directory.appendingPathComponent("slow.csv")
        for suffix in ["csv", "meta.json"] {
            try FileManager.default.copyItem(at: directory.appendingPathComponent("run.\(suffix)"),
                                             to: directory.appendingPathComponent("slow.\(suffix)"))
        }
        let samples = try String(contentsOf: directory.appendingPathComponent("run.samples.csv"), encoding: .utf8)
            .split(separator: "\n").map { line -> String in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                guard let value = Double(fields[3]) else { return String(line) }
                return "\(fields[0]),\(fields[1]),\(fields[2]),\(value * 1.55)"
            }
        try (samples.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("slow.samples.csv"),
                                                          atomically: true, encoding: .utf8)

        // Divided by their rounds' slowdowns (the default), the samples are compared without a warning.
        let divided = try BenchProcess.run(["compare", slow.path, run.path])
        #expect(divided.status == 0 && !divided.stderr.contains("warning"), "\(divided.stderr)")
        #expect(divided.stdout.contains("full speed in 0% of the baseline's")
                && divided.stdout.contains("(time, median of samples divided by their rounds' slowdowns)"), "\(divided.stdout)")
        let warned = try BenchProcess.run(["compare", slow.path, run.path, "--raw-samples"])
        #expect(warned.status == 0 && warned.stdout.contains("(time, median)"), "\(warned.stderr)")
        #expect(warned.stdout.contains("full speed in 0% of the baseline's"), "\(warned.stdout)")
        #expect(warned.stderr.contains("warning: the baseline ran at this machine's full speed in only 0% of its rounds"),
                "\(warned.stderr)")
        // A run against itself: the same share on both sides (how much, depends on this machine's moment).
        let same = try BenchProcess.run(["compare", run.path, run.path])
        #expect(same.status == 0, "\(same.stderr)")
        let shares = same.stdout.split(separator: ";").first { $0.contains("full speed in") }?
            .split(separator: " ").filter { $0.hasSuffix("%") }
        #expect(shares?.count == 2 && shares?.first == shares?.last, "\(same.stdout)")
    }
}
