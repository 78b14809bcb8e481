import BenchKit
import Foundation
import Testing
@testable import CarouselBench

#if canImport(Glibc)
import Glibc
#endif

/// `carousel-bench ab` and its worker, end to end with the built executable (behaviour only, no timings).
@Suite struct ABCommandTests {
    /// A fresh git repository with one commit holding `files` (path: contents).
    static func repository(_ files: [String: String]) throws -> URL {
        let directory = try BenchProcess.scratchDirectory()
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        for arguments in [["init", "-q"], ["add", "-A"],
                          ["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-q", "--allow-empty", "-m", "one"]] {
            #expect(try git(arguments, in: directory).status == 0)
        }
        return directory
    }

    static func git(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let outcome = try ChildProcess.run("/usr/bin/env", ["git"] + arguments, directory: directory.path)
        return (outcome.status, outcome.output)
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func aRevisionThatDoesNotExistIsOneLineAndExit1WithNoWorktreeLeft() throws {
        let directory = try Self.repository(["README": "x\n"])
        let outcome = try BenchProcess.run(["ab", "no-such-revision", "--filter", "^floor/", "--sizes", "3"], in: directory)
        #expect(outcome.status == 1)
        #expect(Self.lines(outcome.stderr).count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("carousel-bench ab: error: REV_A 'no-such-revision' is not a commit of the repository in "))
        #expect(Self.lines(try Self.git(["worktree", "list"], in: directory).output).count == 1)
    }

    @Test func aRevisionThatDoesNotBuildIsOneLineThenItsLogAndExit1WithNoWorktreeLeft() throws {
        let directory = try Self.repository(["Package.swift": "// swift-tools-version:5.9\nthis is not a package manifest\n"])
        let outcome = try BenchProcess.run(["ab", "HEAD", "--filter", "^floor/", "--sizes", "3"], in: directory)
        #expect(outcome.status == 1)
        // Progress lines may come first on a slow machine (one every 5 s); then the one error line, then the log.
        let errors = Self.lines(outcome.stderr).filter { $0.hasPrefix("carousel-bench ab: error: ") }
        #expect(errors.count == 1 && errors[0].hasPrefix("carousel-bench ab: error: A = HEAD (")
                && errors[0].contains("does not build"), "\(outcome.stderr)")
        let afterError = outcome.stderr.components(separatedBy: errors.first.map(String.init) ?? "\u{0}").last ?? ""
        #expect(afterError.contains("last lines of the build log:"), "\(outcome.stderr)")
        #expect(Self.lines(try Self.git(["worktree", "list"], in: directory).output).count == 1, "the worktree is removed")
        let worktrees = directory.appendingPathComponent(".build/ab/worktrees")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: worktrees.path))?.isEmpty ?? true)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Results/ab").path), "nothing written")
    }

    @Test func argumentErrorsExit64NamingTheProblem() throws {
        let cases: [([String], String)] = [
            (["ab"], "ab needs one or two revisions"),
            (["ab", "HEAD", "HEAD~1", "HEAD~2"], "unexpected argument 'HEAD~2'"),
            (["ab", "HEAD", "--threshold", "abc"], "'--threshold': 'abc'"),
            (["ab", "HEAD", "--sizes", "3,x"], "'--sizes': 'x'"),
            (["ab", "HEAD", "--filter", "("], "'--filter': '(' is not a valid regular expression"),
            (["ab", "HEAD", "--filter", "^nothing-matches$"], "no benchmark matches"),
            (["ab", "HEAD", "--format", "bencher"], "'--format': 'bencher'"),
            (["ab", "HEAD", "--frobnicate"], "unknown option '--frobnicate'"),
            (["ab", "HEAD", "--layout", "tight"], "'--layout': 'tight' is not one of aligned|default"),
            // Where no process can be pinned (macOS, a portable build), any CPU is refused with the reason.
            CPUPinning.availability.reason.map { (["ab", "HEAD", "--cpu", "0"], "'--cpu': \($0); leave it out or give 'any'") }
                ?? (["ab", "HEAD", "--cpu", "99999"], "'--cpu': '99999' is not 'any' or a CPU"),
        ]
        for (arguments, message) in cases {
            let outcome = try BenchProcess.run(arguments)
            #expect(outcome.status == 64, "\(arguments)")
            #expect(outcome.stderr.hasPrefix("carousel-bench ab: error: ") && Self.lines(outcome.stderr)[0].contains(message),
                    "\(arguments): \(outcome.stderr)")
            #expect(Self.lines(outcome.stderr).count == 1, "one line, not the usage: \(outcome.stderr)")
        }
    }

    @Test func theWorkerIsHiddenFromTheOverviewButHasHelp() throws {
        let overview = try BenchProcess.run(["--help"])
        #expect(overview.stdout.contains("  ab "))
        #expect(!overview.stdout.contains("ab-worker"))
        #expect(try BenchProcess.run(["ab", "--help"]).stdout.contains(".build/ab/bin/COMMIT-aligned/"), "the cache is documented")
        #expect(try BenchProcess.run(["ab-worker", "--help"]).status == 0)
    }

    @Test func theWorkerProtocolRoundTripsWithTheBuiltExecutable() throws {
        let log = try BenchProcess.scratchDirectory().appendingPathComponent("worker.log").path
        let worker = try ABWorkerProcess(executable: BenchProcess.executable.path,
                                         arguments: ["ab-worker", "--filter", "^floor/scaleAlpha$", "--sizes", "3,300", "--time-budget", "5"],
                                         errorLog: log)
        #expect(try worker.receive() == "benchkit-ab-worker 1")
        try worker.send("prepare")
        var cases: [[Substring]] = []
        while true {
            let line = try worker.receive()
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first == "ready" {
                #expect(fields == ["ready", "\(cases.count)"])
                break
            }
            #expect(fields.first == "case" && fields.count == 7, "\(line)")
            cases.append(fields)
        }
        // The filter's two cases, and the reference rows every selection has (those two among them).
        let keys = cases.map { String($0[1]) }
        #expect(Set(keys) == Set(ReferenceRows.keys.map(\.description)).union(["floor/scaleAlpha@3", "floor/scaleAlpha@300"]), "\(keys)")
        #expect(cases.filter { $0[1].hasPrefix("floor/scaleAlpha@") }.allSatisfy { $0[3] == "ns/frame" && Int($0[4])! > 0 })
        try worker.send("sample\tfloor/scaleAlpha@3\t\(cases[0][4])")
        let sample = try worker.receive().split(separator: "\t")
        #expect(sample.count == 2 && sample[0] == "ok" && Double(sample[1])! > 0)
        try worker.send("allocations\tfloor/scaleAlpha@300\t100")
        // `ok -` where this build counts no allocations (a portable build), never `ok 0` for that.
        let allocations = try worker.receive()
        #expect(allocations.hasPrefix("ok\t") && (allocations == "ok\t-") == !AllocationCounter.isAvailable, "\(allocations)")
        try worker.send("sample\tfloor/nothing@3\t10")
        #expect(try worker.receive().hasPrefix("error\t"))
        try worker.send("quit")
        #expect(try worker.receive() == "bye")
        #expect(worker.child.wait() == 0)
    }
}

/// `ab`'s table, legend and summary line: what each column is, and a row whose time moved with the same instructions.
@Suite struct ABTableTests {
    static func row(_ id: String, samples: [Double], instructions: Double? = nil) -> ResultRow {
        var row = ResultRow(measured: BenchmarkID(parsing: id)!, size: 1_000, items: 1_000, unit: .nanosecondsPerFrame,
                            samples: samples, iterationsPerSample: 100, mallocsPerIteration: nil)
        row.instructionsPerIteration = instructions
        return row
    }

    /// Side A's and side B's rounds: B `factor` times A, the level of each round spread by `spread` (relative).
    static func rounds(_ factor: Double, count: Int = 12, spread: Double = 0.2) -> [PairedRound] {
        (0..<count).map { index in
            let a = 1_000 * (1 + spread * Double(index % 4) / 3)
            return PairedRound(a: a, b: a * factor * (index % 2 == 0 ? 1.004 : 0.996))
        }
    }

    @Test func theTableShowsTimesRatioBesideTheInstructionsAndLabelsAMovedRow() {
        let moved = Self.rounds(1.12)
        let counted = Self.rounds(0.95)
        let outcome = PairedComparison.session(
            a: [Self.row("uikit/moved", samples: moved.map(\.a), instructions: 5_000),
                Self.row("release/counted", samples: counted.map(\.a), instructions: 5_000)],
            b: [Self.row("uikit/moved", samples: moved.map(\.b), instructions: 5_000),
                Self.row("release/counted", samples: counted.map(\.b), instructions: 5_700)],
            rounds: [RowKey(benchmark: BenchmarkID(parsing: "uikit/moved")!, size: 1_000): [moved],
                     RowKey(benchmark: BenchmarkID(parsing: "release/counted")!, size: 1_000): [counted]],
            options: ComparisonOptions(timeThreshold: 0.05))
        let table = ABCommand.table(outcome.comparison.rows, outcome: outcome, schema: SuiteConfiguration.schema())
        #expect(table.columns.map(\.title) == ["benchmark", "n", "A median", "B median", "time B/A", "95% interval", "instr. B/A",
                                                "by", "verdict"])
        let rows = Dictionary(uniqueKeysWithValues: table.rows.map { ($0[0], $0) })
        // 14% more instructions decide; the time columns say time was 5% lower: no column contradicts another.
        #expect(rows["release/counted"]![4] == "0.950x" && rows["release/counted"]![6] == "1.14x", "\(table.rows)")
        #expect(rows["release/counted"]![7] == "instructions" && rows["release/counted"]![8] == "REGRESSED")
        #expect(rows["uikit/moved"]![4] == "1.12x" && rows["uikit/moved"]![6] == "1.00x")
        #expect(rows["uikit/moved"]![8] == ABCommand.movedLabel)
        #expect(ABCommand.legend(estimator: .standard, instructions: true).contains("median of the per-round ratios"))
        #expect(ABCommand.legend(estimator: .sides(.quantile(10)), instructions: false).contains("side B's p10 over side A's"))
        let revision = ABCommand.Revision(name: "HEAD", commit: String(repeating: "a", count: 40))
        let summary = ABCommand.summaryLine(outcome.comparison, moved: outcome.moved.count, rounds: 12, blocks: 1, threshold: 0.05,
                                            a: revision, b: revision, seconds: 3)
        #expect(summary.hasPrefix("1 regressed, 1 moved with instructions unchanged; up to 12 paired rounds"), "\(summary)")
    }

    @Test func anUnchangedRowWhoseIntervalExcludesOneSaysWhichWay() {
        let rounds = Self.rounds(1.03, count: 30, spread: 0)
        let key = RowKey(benchmark: BenchmarkID(parsing: "floor/x")!, size: 1_000)
        let outcome = PairedComparison.session(
            a: [Self.row("floor/x", samples: rounds.map(\.a))], b: [Self.row("floor/x", samples: rounds.map(\.b))],
            rounds: [key: [rounds]], options: ComparisonOptions(timeThreshold: 0.05))
        let row = outcome.comparison.rows[0]
        #expect(row.verdict == .unchanged)
        #expect(ABCommand.verdictText(row, moved: false).hasPrefix("slower, below threshold (+3%, 1.0"), "\(row)")
        #expect(ABCommand.verdictText(row, moved: true) == ABCommand.movedLabel)
    }
}

/// `ab --layout`: how both revisions are built, and where their binaries go.
@Suite struct ABLayoutTests {
    @Test func alignedBuildsPassLLVMsAlignmentOptionsAndKeepTheirOwnCacheAndScratch() {
        let flags = ABLayout.aligned.buildArguments
        // Each LLVM option reaches swiftc as -Xswiftc -Xllvm -Xswiftc OPTION.
        #expect(flags.count % 4 == 0)
        let options = stride(from: 3, to: flags.count, by: 4).map { flags[$0] }
        #expect(options.starts(with: ["-align-all-functions=6", "-align-all-nofallthru-blocks=5"]))
        #if arch(x86_64)
        #expect(options.contains("-x86-branches-within-32B-boundaries"))
        #else
        #expect(options == ["-align-all-functions=6", "-align-all-nofallthru-blocks=5"], "no x86-only flag on arm64")
        #endif
        // A portable ab builds both revisions portable, with binaries and scratch of their own.
        let portable = Capability.isPortableBuild ? "-portable" : ""
        #expect(ABLayout.aligned.cacheSuffix == "-aligned" + portable)
        #expect(ABLayout.aligned.workingTreeScratch == ".build/ab/aligned" + portable, "the user's .build/release is left alone")
        #expect(ABLayout.default.buildArguments.isEmpty && ABLayout.default.cacheSuffix == portable)
        #expect(ABLayout.default.workingTreeScratch == (Capability.isPortableBuild ? ".build/ab/default-portable" : nil))
        #expect(ABLayout.portableArguments
                == (Capability.isPortableBuild ? ["-Xswiftc", "-DCAROUSEL_BENCH_PORTABLE", "-Xcc", "-DCAROUSEL_BENCH_PORTABLE"] : []))
    }
}
