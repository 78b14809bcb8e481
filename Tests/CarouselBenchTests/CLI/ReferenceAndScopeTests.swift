import BenchKit
import Foundation
import Testing
@testable import CarouselBench

/// The reference rows every run has (`ReferenceRows`), the scope a results file records (`RunScope`), and the bad
/// inputs around them: another scope, a file without one, a baseline of another package.
@Suite struct ReferenceAndScopeTests {
    /// The reference rows are rows of the suite at sizes their benchmarks take, enough of them, of enough benchmarks,
    /// for the drift (`Defaults.minimumRowsForDrift` of `minimumBenchmarksForDrift`), none a pipeline a package adds
    /// to, and no benchmark with more than two; every command that selects cases selects them.
    @Test func theReferenceRowsAreRowsOfTheSuiteAndEnoughForTheDrift() throws {
        let keys = ReferenceRows.keys
        let suite = CarouselSuite()
        let registered = Dictionary(uniqueKeysWithValues: suite.benchmarks.registrations.map { ($0.id, $0) })
        for key in keys {
            let registration = try #require(registered[key.benchmark], "\(key) is not a row of the suite")
            #expect(registration.sizes.refusal(key.size) == nil, "\(key)")
            #expect(suite.rows[key.benchmark]?.implementation == nil, "\(key) times an implementation")
        }
        let benchmarks = Dictionary(grouping: keys, by: \.benchmark)
        #expect(Set(keys).count == keys.count && keys.count >= Defaults.minimumRowsForDrift)
        #expect(benchmarks.count >= Defaults.minimumBenchmarksForDrift && benchmarks.values.allSatisfy { $0.count <= 2 })
        let options = try RunArguments.parse(["--filter", "^nothing-else/"]).selection.runOptions(budget: 1, quickBudget: 1)
        #expect(options.references == keys)
        let selection = try BenchmarkRunner.select(suite.benchmarks, options: options)
        #expect(selection.chosen == 0 && selection.keys == Set(keys) && selection.references == Set(keys))
        #expect(ReferenceRows.names(keys).hasPrefix("floor/scaleAlpha@3,300, floor/uikit@3,300, harness/empty@3, "))
    }

    /// A narrow run records its scope and its reference rows, and its summary says which rows are references; a run
    /// whose filter matches nothing is still a usage error, though the references are there.
    @Test func aRunRecordsItsScopeAndReferencesAndSaysWhichRowsAreReferences() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("narrow.csv")
        let outcome = try BenchProcess.run(RunCommandTests.quickArguments("^lookup/arithmetic$") + [
            "--output", output.path, "--no-baseline", "--processes", "1",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let metadata = try #require(try ResultsFile.readMetadata(for: output.path))
        #expect(metadata.scope == RunScope(kind: .quick, budgetMilliseconds: 5, processes: 1, sizes: [3]))
        #expect(metadata.references == ReferenceRows.keys.map(\.description).sorted())
        #expect(outcome.stdout.contains("reference rows (in every run, whatever the filter; the drift and the rounds' speeds come "
            + "from them alone): floor/scaleAlpha@3,300, "), "\(outcome.stdout)")
        let none = try BenchProcess.run(RunCommandTests.quickArguments("^nothing/") + ["--no-baseline"])
        #expect(none.status == 64 && none.stderr.contains("no benchmark matches --filter '^nothing/'"), "\(none.stderr)")
    }

    /// A baseline of another package (none of its rows is one this run measures, and it has benchmarks this suite
    /// does not) stops the run before it times anything: exit 1 and the reason, never `new` rows and exit 0.
    /// `--replace-baseline` replaces it; a baseline of this package that lacks the filter's rows still reads `new`.
    @Test func aBaselineOfAnotherPackageIsAnErrorNotAllNew() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let row = { (id: String) in
            let parts = id.split(separator: "/")
            return "\(id),\(parts[0]),\(parts[1]),3,3,ns/frame,20,1000,10,11,12,0.5,0,,0.0001\n"
        }
        try (RunCommandTests.requiredHeader + "\n" + row("uikit/example.theirs") + row("uikit/example.other"))
            .write(to: baseline, atomically: true, encoding: .utf8)
        let arguments = RunCommandTests.quickArguments("^lookup/arithmetic$") + [
            "--output", directory.appendingPathComponent("out.csv").path, "--baseline", baseline.path, "--check",
        ]
        let refused = try BenchProcess.run(arguments)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(baseline.path): none of its 2 rows is a row this run measures (the reference "
            + "rows aside), and it has benchmarks this package does not (uikit/example.other, uikit/example.theirs)"),
                "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.csv").path), "nothing timed")
        let replaced = try BenchProcess.run(Array(arguments.dropLast()) + ["--replace-baseline"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        // This package's own baseline, of other rows: the filter's rows read `new`.
        let other = try BenchProcess.run(RunCommandTests.quickArguments("^lookup/binary$") + [
            "--output", directory.appendingPathComponent("other.csv").path, "--baseline", baseline.path,
        ])
        #expect(other.status == 0 && other.stderr.contains("1 new"), "\(other.stderr)")
    }

    /// Writes `rows` (benchmark id and instructions per iteration; median 11 ns) as a results set of this machine with
    /// `scope` and the reference rows `references`, as `name`.
    static func resultsSet(_ name: String, in directory: URL, rows: [(String, Double?)], scope: RunScope?,
                           references: [String]? = nil) throws -> URL {
        var text = RunCommandTests.requiredHeader + "\n"
        for (id, instructions) in rows {
            let parts = id.split(separator: "/")
            text += "\(id),\(parts[0]),\(parts[1]),300,300,ns/frame,20,1000,10,11,12,0.5,0,\(instructions.map { String($0) } ?? ""),0.0001\n"
        }
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        var metadata = RunMetadata.current(options: [:])
        metadata.scope = scope
        metadata.references = references
        try metadata.jsonData().write(to: URL(fileURLWithPath: ResultsFile.metadataPath(for: url.path)))
        return url
    }

    static let quick = RunScope(kind: .quick, budgetMilliseconds: 27, processes: 3, sizes: [3, 300, 3_000])
    static let full = RunScope(kind: .full, budgetMilliseconds: 70, processes: 3, sizes: [3, 10, 30, 100, 300, 1_000, 3_000, 10_000])

    /// `compare` of a full baseline and a quick run: one warning line, every time `not comparable` with the reason,
    /// the counted row still decided by its instructions (exit 2 for it, 0 without it); a baseline without a scope
    /// is compared as it is, with a one-line note.
    @Test func compareRefusesTimeVerdictsAcrossScopesAndNotesAMissingScope() throws {
        let directory = try BenchProcess.scratchDirectory()
        let timed: [(String, Double?)] = [("pipeline/best", nil), ("floor/scaleAlpha", nil)]
        let full = try Self.resultsSet("full.csv", in: directory, rows: timed + [("uikit/best", 100)], scope: Self.full)
        let quick = try Self.resultsSet("quick.csv", in: directory, rows: timed + [("uikit/best", 120)], scope: Self.quick)
        let outcome = try BenchProcess.run(["compare", full.path, quick.path, "--all"])
        #expect(outcome.status == 2, "the instruction counts still decide: \(outcome.stderr)")
        #expect(outcome.stdout.contains("1 regressed, 2 not comparable; times not compared: another scope (the baseline's "
            + "is full, 70 ms, 3 processes, sizes 3,10,30,100,300,1000,3000,10000, the current results' quick, 27 ms, 3 "
            + "processes, sizes 3,300,3000)"), "\(outcome.stdout)")
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: the two files are of other scopes") }
        #expect(warnings.count == 1, "\(outcome.stderr)")

        let old = try Self.resultsSet("old.csv", in: directory, rows: timed, scope: nil)
        let now = try Self.resultsSet("now.csv", in: directory, rows: timed, scope: Self.quick)
        let noted = try BenchProcess.run(["compare", old.path, now.path])
        #expect(noted.status == 0, "\(noted.stderr)")
        #expect(noted.stdout.contains("2 unchanged; drift"), "\(noted.stdout)")
        #expect(noted.stderr == "note: the baseline records no scope (quick or full, budget, processes, sizes; a file of a "
            + "build that does not record it): 2 rows are compared as they are; record it again to have scopes checked "
            + "(Docs/VERDICTS.md, \"Runs of one scope\")\n", "\(noted.stderr)")
    }

    /// `compare` of two files with no row in common (but the reference rows): exit 1 and the reason, never all `new`.
    @Test func compareOfFilesWithNoRowInCommonIsAnError() throws {
        let directory = try BenchProcess.scratchDirectory()
        let references = ["floor/uikit@300", "harness/empty@300"]
        let theirs = try Self.resultsSet("theirs.csv", in: directory, rows: [("uikit/example.theirs", nil), ("floor/uikit", nil),
                                                                              ("harness/empty", nil)],
                                         scope: Self.quick, references: references)
        let ours = try Self.resultsSet("ours.csv", in: directory, rows: [("uikit/example.ours", nil), ("floor/uikit", nil),
                                                                          ("harness/empty", nil)],
                                       scope: Self.quick, references: references)
        let outcome = try BenchProcess.run(["compare", theirs.path, ours.path])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("have no row in common besides the reference rows (uikit/example.theirs@300 ..., "
            + "uikit/example.ours@300 ...): files of two packages or of other benchmarks; nothing to compare"), "\(outcome.stderr)")
    }
}
