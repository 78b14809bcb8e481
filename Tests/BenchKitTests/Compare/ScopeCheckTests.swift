import BenchKit
import Foundation
import Testing

/// Scopes (`RunScope`, `ScopeCheck`): times are compared only between rows of one scope; instruction counts decide
/// whatever the scope; a file without a scope is compared as it is, with a note.
@Suite struct ScopeCheckTests {
    static let quick = RunScope(kind: .quick, budgetMilliseconds: 27, processes: 3, sizes: [3, 300, 3_000])
    static let full = RunScope(kind: .full, budgetMilliseconds: 70, processes: 3, sizes: [3, 10, 30, 100, 300, 1_000, 3_000, 10_000])

    static func metadata(_ scope: RunScope?, sources: [RunSource]? = nil) -> RunMetadata {
        var metadata = RunMetadata(time: "t", gitCommit: nil, swiftVersion: "6.3", cpuModel: "cpu", host: "h",
                                   machine: MachineFingerprint.current, options: [:])
        metadata.scope = scope
        metadata.sources = sources
        return metadata
    }

    /// Ten rows of quiet samples of five benchmarks; rows 0 and 1 `slower` times as long, row 0 counted with
    /// `instructions` (as long).
    static func rows(seed: UInt64, slower: Double = 1, instructions: Double? = nil) -> [ResultRow] {
        (0..<10).map { (index: Int) -> ResultRow in
            let factor: Double = index < 2 ? slower : 1
            let center: Double = 100 * Double(index + 1) * factor
            let samples = noisySamples(center: center, spread: 0.02, seed: seed &+ UInt64(index))
            let counted: Double? = index == 0 ? instructions.map { $0 * slower } : nil
            return makeRow("family\(index % 5)/s\(index)", samples: samples, instructions: counted)
        }
    }

    /// A quick run against a full baseline: every time reads `not comparable` with the two scopes as the reason, one
    /// warning line says so, and the row with instruction counts is still decided by them (exit codes no stricter:
    /// nothing `regressed` by time).
    @Test func anotherScopesTimesAreNotComparedButInstructionsStillDecide() throws {
        var options = ComparisonOptions()
        options.describe(baseline: Self.metadata(Self.full), current: Self.metadata(Self.quick))
        let comparison = Comparator.compare(baseline: Self.rows(seed: 1, instructions: 1_000),
                                            current: Self.rows(seed: 50, slower: 1.5, instructions: 1_000), options: options)
        let counted = try #require(comparison.rows.first { $0.metric == .instructions })
        #expect(counted.verdict == .regressed)
        #expect(comparison.rows.filter { $0.metric != .instructions }.allSatisfy { $0.verdict == .notComparable })
        let reason = try #require(comparison.options.timesNotComparable)
        #expect(reason == "another scope (the baseline's is full, 70 ms, 3 processes, sizes 3,10,30,100,300,1000,3000,10000, "
            + "the current results' quick, 27 ms, 3 processes, sizes 3,300,3000)", "\(reason)")
        #expect(comparison.summaryLine.contains("times not compared: another scope"), "\(comparison.summaryLine)")
        let note = try #require(comparison.scopeNote)
        #expect(note.hasPrefix("warning: the two files are of other scopes") && !note.contains("\n"), "\(note)")
        #expect(note.contains("every row's time reads `not comparable`"), "\(note)")
        #expect(comparison.notes.first == note)
        // The same scope on both sides: the slowdown is found by time, and nothing is said about scopes.
        options.describe(baseline: Self.metadata(Self.quick), current: Self.metadata(Self.quick))
        let same = Comparator.compare(baseline: Self.rows(seed: 1), current: Self.rows(seed: 50, slower: 1.5), options: options)
        #expect(same.summary == [.regressed: 2, .unchanged: 8] && same.scopeNote == nil)
    }

    /// A baseline without a scope (an older file): compared as it is, with one note naming the baseline.
    @Test func aBaselineWithoutAScopeIsComparedWithANote() throws {
        var options = ComparisonOptions()
        options.describe(baseline: Self.metadata(nil), current: Self.metadata(Self.quick))
        let comparison = Comparator.compare(baseline: Self.rows(seed: 1), current: Self.rows(seed: 50, slower: 1.5), options: options)
        #expect(comparison.summary == [.regressed: 2, .unchanged: 8])
        let note = try #require(comparison.scopeNote)
        #expect(note.hasPrefix("note: the baseline records no scope") && note.contains("10 rows are compared as they are"), "\(note)")
        // Neither file says which machine it comes from (bare CSVs): no time is compared, and nothing is said about
        // scopes; the same for another machine.
        options.describe(baseline: nil, current: nil)
        let bare = Comparator.compare(baseline: Self.rows(seed: 1), current: Self.rows(seed: 1), options: options)
        #expect(bare.options.timesNotComparable != nil && bare.scopeNote == nil)
        // Both files of this machine, neither with a scope: one note naming both.
        options.describe(baseline: Self.metadata(nil), current: Self.metadata(nil))
        #expect(Comparator.compare(baseline: Self.rows(seed: 1), current: Self.rows(seed: 1), options: options)
            .scopeNote?.hasPrefix("note: neither file records a scope") == true)
        // Rows compared without files (`ScopeCheck()`): nothing said.
        #expect(Comparator.compare(baseline: Self.rows(seed: 1), current: Self.rows(seed: 1)).scopeNote == nil)
    }

    /// A baseline merged from a full run and a quick run of other rows (`run --save-baseline`): each row has its
    /// source's scope. A full run compares the full source's rows by time and reads the quick source's `not
    /// comparable`, with one warning; the drift comes from the rows of its own scope only.
    @Test func aMergedBaselinesRowsHaveTheirSourcesScopes() throws {
        let baselineRows = Self.rows(seed: 1)
        let names = baselineRows.map(\.key.description)
        let sources = [
            RunSource(time: "a", gitCommit: nil, options: [:], rows: Array(names.prefix(8)), scope: Self.full),
            RunSource(time: "b", gitCommit: nil, options: [:], rows: Array(names.suffix(2)), scope: Self.quick),
        ]
        var options = ComparisonOptions()
        options.describe(baseline: Self.metadata(Self.quick, sources: sources), current: Self.metadata(Self.full))
        let comparison = Comparator.compare(baseline: baselineRows, current: Self.rows(seed: 50), options: options)
        #expect(comparison.options.timesNotComparable == nil)
        #expect(comparison.summary == [.unchanged: 8, .notComparable: 2], "\(comparison.summary)")
        #expect(comparison.scope.otherScope.map(\.description) == Array(names.suffix(2)).sorted())
        #expect(comparison.scopeNote?.contains("2 rows' times read `not comparable`") == true, "\(comparison.scopeNote ?? "")")
    }

    /// The metadata round-trips its scope, its references and each source's scope; a file without them reads nil.
    @Test func theScopeAndReferencesRoundTripAndOldFilesReadWithout() throws {
        var metadata = Self.metadata(Self.quick, sources: [RunSource(time: "a", gitCommit: nil, options: [:], rows: ["x/y@3"], scope: Self.full)])
        metadata.references = RunMetadata.referenceList([RowKey(parsing: "floor/uikit@300")!, RowKey(parsing: "harness/empty@3")!])
        #expect(metadata.references == ["floor/uikit@300", "harness/empty@3"])
        let decoded = try JSONDecoder().decode(RunMetadata.self, from: try metadata.jsonData())
        #expect(decoded == metadata)
        #expect(decoded.referenceKeys.count == 2)
        let json = String(decoding: try metadata.jsonData(), as: UTF8.self)
        #expect(json.contains("\"budgetMilliseconds\" : 27") && json.contains("\"kind\" : \"quick\""), "\(json)")
        let old = #"{"time": "t", "swiftVersion": "6.3", "host": "h", "options": {}}"#
        let read = try JSONDecoder().decode(RunMetadata.self, from: Data(old.utf8))
        #expect(read.scope == nil && read.references == nil && read.referenceKeys.isEmpty)
    }

    /// Merging a run into a baseline keeps each source's scope and the references the merged rows still have.
    @Test func aMergeKeepsEachSourcesScope() throws {
        var old = Self.metadata(Self.full)
        old.references = ["family0/s0@10"]
        let existing = Self.rows(seed: 1)
        var runMetadata = Self.metadata(Self.quick)
        runMetadata.references = ["family1/s1@10"]
        let run = RunResult(rows: Array(Self.rows(seed: 2).suffix(2)), failures: [], metadata: runMetadata)
        let merged = try ResultsMerge.merge(existing: existing, metadata: old, run: run)
        let sources = try #require(merged.metadata.sources)
        #expect(sources.map(\.scope) == [Self.full, Self.quick])
        #expect(merged.metadata.scope == Self.quick)
        #expect(merged.metadata.references == ["family0/s0@10", "family1/s1@10"])
        let scopes = try #require(merged.metadata.scopesBySource)
        #expect(scopes[existing[0].key] == .some(Self.full) && scopes[existing[9].key] == .some(Self.quick))
    }
}
