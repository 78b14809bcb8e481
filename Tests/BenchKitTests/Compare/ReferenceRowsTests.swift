import BenchKit
import Foundation
import Testing

/// The reference rows (`ComparisonOptions.references`, `RunOptions.references`): the drift, the rounds' slowdowns and
/// the full-speed share come from them alone, so that a change confined to the rows under test keeps its ratio.
@Suite struct ReferenceRowsTests {
    /// Ten reference rows of eight benchmarks, as a run records them (the carousel suite's are of these families).
    static let referenceKeys = ["harness/empty@3", "floor/scaleAlpha@3", "floor/scaleAlpha@300", "floor/uikit@3",
                                "floor/uikit@300", "query/binary@300", "lookup/binary@300", "transform/scaleAlpha@300",
                                "snap/nearest@300", "prepare/query.binary@300"].map { RowKey(parsing: $0)! }

    static var references: Set<RowKey> { Set(referenceKeys) }

    /// The reference rows of one run: 30 rounds, +-2% noise, 1.55x in the rounds `slow` says.
    static func referenceRows(seed: UInt64, slow: (Int) -> Bool) -> [ResultRow] {
        referenceKeys.enumerated().map { index, key in
            row(key.benchmark.description, size: key.size, center: 40 * Double(index + 1), seed: seed &+ UInt64(index), slow: slow)
        }
    }

    /// Fifteen rows of a package's own layout, five benchmarks at three sizes, `factor` times as long.
    static func packageRows(seed: UInt64, factor: Double, slow: (Int) -> Bool) -> [ResultRow] {
        (0..<15).map { index in
            row("uikit/example.s\(index % 5)", size: [3, 300, 3_000][index / 5], center: 600 * Double(index + 1) * factor,
                seed: seed &+ 100 &+ UInt64(index), slow: slow)
        }
    }

    static func row(_ id: String, size: Int, center: Double, seed: UInt64, slow: (Int) -> Bool) -> ResultRow {
        let quiet = noisySamples(center: center, spread: 0.02, count: 30, seed: seed)
        return makeRow(id, size: size, samples: quiet.enumerated().map { round, value in value * (slow(round) ? 1.55 : 1) })
    }

    /// A run filtered to a package's own rows plus the references: the package's 15 rows 1.5x slower, the 10
    /// references unchanged. With the references, every package row reads about 1.5x `regressed` and the drift is
    /// about 1; with the rule for files without references (the median of all 25 rows), the drift is the package's
    /// own 1.5x and absorbs it: every package row reads about 1.0x and none `regressed`.
    @Test func aRegressionConfinedToTheRowsUnderTestKeepsItsRatio() {
        let baseline = Self.referenceRows(seed: 1) { $0 % 4 == 1 } + Self.packageRows(seed: 1, factor: 1) { $0 % 4 == 1 }
        let current = Self.referenceRows(seed: 50) { $0 % 3 == 0 } + Self.packageRows(seed: 50, factor: 1.5) { $0 % 3 == 0 }
        var options = ComparisonOptions()
        options.references = Self.references
        let anchored = Comparator.compare(baseline: baseline, current: current, options: options)
        #expect(abs(anchored.driftFactor - 1) < 0.03, "\(anchored.driftFactor)")
        #expect(anchored.driftSource == "median of 10 matched reference rows")
        #expect(anchored.roundSpeedsDivided)
        #expect(anchored.referenceRows.count == 10)
        for row in anchored.rows {
            let underTest = row.key.benchmark.family == "uikit"
            #expect(row.verdict == (underTest ? .regressed : .unchanged), "\(row.key): \(row.verdict)")
            if underTest { #expect(abs(row.ratio! - 1.5) < 0.05, "\(row.key): \(row.ratio!)") }
        }
        #expect(anchored.summary == [.regressed: 15, .unchanged: 10])

        let absorbed = Comparator.compare(baseline: baseline, current: current)
        #expect(abs(absorbed.driftFactor - 1.5) < 0.05, "\(absorbed.driftFactor)")
        #expect(!absorbed.hasRegression)
        for row in absorbed.rows where row.key.benchmark.family == "uikit" {
            #expect(abs(row.ratio! - 1) < 0.05, "\(row.key): \(row.ratio!)")
        }
    }

    /// A machine slower throughout in the current run (every row 1.3x, the references too) and the package's rows
    /// 1.5x on top: the references' drift divides the machine out and leaves the package's 1.5x.
    @Test func aSlowerMachineIsStillDividedOutByTheReferences() {
        let baseline = Self.referenceRows(seed: 2) { _ in false } + Self.packageRows(seed: 2, factor: 1) { _ in false }
        let current = (Self.referenceRows(seed: 60) { _ in false } + Self.packageRows(seed: 60, factor: 1.5) { _ in false })
            .map { row in makeRow(row.key.benchmark.description, size: row.key.size, samples: row.samples.map { $0 * 1.3 }) }
        var options = ComparisonOptions()
        options.references = Self.references
        let comparison = Comparator.compare(baseline: baseline, current: current, options: options)
        #expect(abs(comparison.driftFactor - 1.3) < 0.03, "\(comparison.driftFactor)")
        for row in comparison.rows where row.key.benchmark.family == "uikit" {
            #expect(abs(row.ratio! - 1.5) < 0.05 && row.verdict == .regressed, "\(row.key): \(row.ratio!) \(row.verdict)")
        }
    }

    /// The rounds' slowdowns are the references' alone: the package's rows, slow in other rounds than the references
    /// (their own code, not the machine), are divided by the references' rounds only, and do not move them.
    @Test func theRoundsSlowdownsComeFromTheReferencesAlone() throws {
        let slow: (Int) -> Bool = { $0 % 2 == 0 }
        let baseline = Self.referenceRows(seed: 3, slow: slow) + Self.packageRows(seed: 3, factor: 1, slow: slow)
        // The package's rows slow in every third round on top (a cache their new code thrashes now and then).
        let current = Self.referenceRows(seed: 70, slow: slow) + Self.packageRows(seed: 70, factor: 1) { slow($0) || $0 % 3 == 0 }
        let byKey = { (rows: [ResultRow]) in Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) }) }
        let divided = try #require(RoundSpeeds.divide(baseline: byKey(baseline), current: byKey(current),
                                                      references: Self.references))
        let reference = try #require(divided.current[RowKey(benchmark: BenchmarkID(parsing: "floor/uikit")!, size: 3)])
        // A reference row's samples, divided, are flat: every round's slowdown is the references'.
        let spread = reference.samples.max()! / reference.samples.min()!
        #expect(spread < 1.1, "\(spread)")
        // Too few references matched (a baseline without them): nothing is divided, nor is the drift taken.
        let few = Set(Self.references.prefix(5))
        #expect(RoundSpeeds.divide(baseline: byKey(baseline), current: byKey(current), references: few) == nil)
        var options = ComparisonOptions()
        options.references = few
        let comparison = Comparator.compare(baseline: baseline, current: current, options: options)
        #expect(!comparison.roundSpeedsDivided && comparison.driftFactor == 1)
        #expect(comparison.driftSource.hasPrefix("not normalised: 5 matched reference rows of"), "\(comparison.driftSource)")
        #expect(comparison.fullSpeed == nil)
    }

    /// A baseline merged from two runs whose package rows have more samples than its reference rows have rounds: those
    /// rows keep their samples (the speeds of the rounds past the references' are not known), the others are divided,
    /// and the comparison still finds the package's 1.5x.
    @Test func rowsSampledPastTheReferencesRoundsKeepTheirSamples() throws {
        let slow: (Int) -> Bool = { $0 % 3 == 1 }
        let references = Self.referenceRows(seed: 4, slow: slow).map { row in
            makeRow(row.key.benchmark.description, size: row.key.size, samples: Array(row.samples.prefix(20)))
        }
        let package = Self.packageRows(seed: 4, factor: 1) { _ in false }
        let longer = package.map { (row: ResultRow) -> ResultRow in
            let samples: [Double] = row.samples + Array(row.samples.prefix(10))
            return makeRow(row.key.benchmark.description, size: row.key.size, samples: samples)
        }
        let baseline = references + longer
        let current = Self.referenceRows(seed: 80, slow: slow) + Self.packageRows(seed: 80, factor: 1.5) { _ in false }
        let byKey = { (rows: [ResultRow]) in Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) }) }
        let divided = try #require(RoundSpeeds.divide(baseline: byKey(baseline), current: byKey(current), references: Self.references))
        #expect(divided.baseline[longer[0].key]?.samples == longer[0].samples)
        var options = ComparisonOptions()
        options.references = Self.references
        let comparison = Comparator.compare(baseline: baseline, current: current, options: options)
        let underTest = comparison.rows.filter { $0.key.benchmark.family == "uikit" }
        #expect(underTest.count == 15 && underTest.allSatisfy { $0.verdict == Verdict.regressed },
                "\(comparison.rows.map { "\($0.key) \($0.verdict)" })")
    }

    /// A run selects every reference row the suite has, at its own size, whatever the filter and the sizes; one the
    /// filter chose too is one case; one the suite lacks, or whose size its benchmark refuses, is left out.
    @Test func aRunSelectsTheReferencesWhateverTheFilter() throws {
        let suite = BenchmarkSuite()
        for id in ["harness/empty", "floor/scaleAlpha", "uikit/example", "uikit/best"] {
            suite.register(BenchmarkID(parsing: id)!, unit: frameUnit,
                           sizes: id == "harness/empty" ? .fixed([3]) : .any(defaults: [3, 300, 3_000], largest: 1_000, reason: "slow")) { size in
                PreparedBenchmark(items: size) { _ in }
            }
        }
        var options = RunOptions(filter: "example|uikit/best", sizes: [30])
        options.references = ["harness/empty@3", "floor/scaleAlpha@3", "floor/scaleAlpha@3000", "uikit/best@30",
                              "absent/row@3"].map { RowKey(parsing: $0)! }
        let selection = try BenchmarkRunner.select(suite, options: options)
        let keys = selection.cases.map { "\($0.registration.id)@\($0.size)" }
        #expect(keys == ["harness/empty@3", "floor/scaleAlpha@3", "uikit/example@30", "uikit/best@30"], "\(keys)")
        #expect(selection.chosen == 2)
        #expect(selection.references.map(\.description).sorted() == ["floor/scaleAlpha@3", "harness/empty@3", "uikit/best@30"])
        // A filter that matches nothing chooses nothing, though the references are there.
        options.filter = "^nothing/"
        let none = try BenchmarkRunner.select(suite, options: options)
        #expect(none.chosen == 0 && none.cases.count == 3)
    }
}
