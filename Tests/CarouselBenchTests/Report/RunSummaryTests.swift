@testable import BenchKit
import BenchReport
import CarouselLayout
import Testing
@testable import CarouselBench

/// `RunSummary` and `Headline` on result rows built here: every floor and implementation of the suite, each in both
/// views, with medians that rank them (the UIKit view of `best` the fastest).
@Suite struct RunSummaryTests {
    static let full = CarouselSuite.defaultSizes
    static let quick = CarouselSuite.quickSizes

    /// The checks of every implementation, made once for the suite's default configuration.
    static let checks = ReportAnalysis.Checks.made(for: SuiteConfiguration(), uikit: true)

    static func row(_ id: BenchmarkID, _ n: Int, median: Double, worst: Double? = nil, event: String? = nil) -> ResultRow {
        var row = ResultRow(benchmark: id, size: n, items: n, unit: .nanosecondsPerFrame, samples: [], sampleCount: 20,
                            iterationsPerSample: 100, min: median, median: median, p90: median, mad: 0,
                            mallocsPerIteration: 0, instructionsPerIteration: median * 10)
        row.worstFrame = worst
        row.worstFrameEvent = event
        return row
    }

    /// Both floors and both views of every implementation at `sizes`: the floors at 30 and 600 ns, the cores from
    /// 50 ns, the UIKit views from 700 ns, 100 ns apart in the catalogue's order with `best` first; each UIKit row's
    /// worst frame ten times its median, in a rotation.
    static func rows(_ sizes: [Int]) -> [ResultRow] {
        let implementations = [Implementation(uikit: UIKitBestPipeline.self)]
            + CarouselBench.implementations.filter { $0.name != "best" }
        var rows: [ResultRow] = []
        for n in sizes {
            rows.append(row(SuiteRow.floor.id, n, median: 30))
            rows.append(row(SuiteRow.uikitFloor.id, n, median: 600, worst: 6_000, event: "rotation"))
            for (rank, implementation) in implementations.enumerated() where n <= implementation.largestCatalog {
                let step = Double(rank) * 100
                rows.append(row(SuiteRow.pipeline(implementation).id, n, median: 50 + step))
                rows.append(row(SuiteRow.uikit(implementation).id, n, median: 700 + step, worst: 10 * (700 + step), event: "rotation"))
            }
        }
        return rows
    }

    static let metadata = RunMetadata(time: "2026-01-02T03:04:05Z", gitCommit: nil, swiftVersion: "6.3", cpuModel: nil,
                                      host: "test", options: SuiteConfiguration().metadata)
    static let schema = SuiteConfiguration.schema(hz: 120, rows: [])
    static let written = ["full table: out/latest.txt", "CSV: out/latest.csv", "Markdown: out/latest.md",
                          "saved baseline out/baseline.csv", "added the run to the profile"]

    /// A comparison of `rows` whose first `changed` rows regressed, the next `improved` improved, one went missing,
    /// two are inconclusive, one is new and the rest unchanged.
    static func comparison(_ rows: [ResultRow], regressed: Int, improved: Int) -> Comparison {
        var compared: [ComparisonRow] = []
        for (index, row) in rows.enumerated() {
            let verdict: Verdict = switch index {
            case ..<regressed: .regressed
            case ..<(regressed + improved): .improved
            case regressed + improved: .missing
            case regressed + improved + 1, regressed + improved + 2: .inconclusive
            case regressed + improved + 3: .new
            default: .unchanged
            }
            let ratio = verdict == .regressed ? 1.5 : verdict == .improved ? 0.6 : 1
            compared.append(ComparisonRow(
                key: row.key, unit: row.unit, baselineMedian: verdict == .new ? nil : row.median,
                currentMedian: verdict == .missing ? nil : row.median * ratio, rawRatio: ratio, ratio: ratio,
                ciLow: ratio * 0.98, ciHigh: ratio * 1.02, verdict: verdict, metric: verdict == .missing || verdict == .new ? .none : .time))
        }
        return Comparison(rows: compared, driftFactor: 1, driftSource: "median of \(rows.count) rows", options: ComparisonOptions())
    }

    static func render(_ rows: [ResultRow], comparison: Comparison? = nil, failures: [BenchmarkFailure] = []) -> [String] {
        RunSummary.render(rows: rows, metadata: metadata, schema: schema, comparison: comparison, baseline: "out/baseline.csv",
                          failures: failures, written: written, fullTable: "out/latest.txt", checks: checks)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func aRunWithManyChangedRowsStaysWithinTheLineLimitAndSaysHowManyMore() {
        for (sizes, regressed, improved) in [(Self.full, 70, 30), (Self.quick, 40, 10)] {
            let rows = Self.rows(sizes)
            let lines = Self.render(rows, comparison: Self.comparison(rows, regressed: regressed, improved: improved))
            #expect(lines.count == RunSummary.lineLimit, "\(lines.joined(separator: "\n"))")
            let listed = lines.filter {
                !$0.hasPrefix("compared with") && ($0.hasSuffix("REGRESSED") || $0.hasSuffix(" improved") || $0.hasSuffix(" missing"))
            }
            let changed = regressed + improved + 1
            #expect(listed.count > 10 && listed.count < changed)
            #expect(lines.contains("... and \(changed - listed.count) more (see out/latest.txt)"), "\(lines.joined(separator: "\n"))")
            #expect(lines.contains("compared with out/baseline.csv: \(regressed) regressed, \(improved) improved, 1 missing"))
            #expect(Array(lines.suffix(Self.written.count)) == Self.written)
        }
    }

    @Test func theFirstLineIsTheRecommendationOrTheFailedVerification() {
        let rows = Self.rows(Self.full)
        let first = Self.render(rows)[0]
        #expect(first.hasPrefix("Use uikit/best: the fastest pipeline that is verified and makes the carousel the design asks for"), "\(first)")
        #expect(first.contains("700 ns a frame at n = 10 000, 1.17x UIKit's own floor."), "\(first)")
        let failures = [BenchmarkFailure(benchmark: SuiteRow.uikit(Implementation(uikit: UIKitBestPipeline.self)).id, size: 300, reason: "x"),
                        BenchmarkFailure(benchmark: SuiteRow.uikit(Implementation(uikit: UIKitBestPipeline.self)).id, size: 3, reason: "y")]
        #expect(Self.render(rows, failures: failures)[0] == "verification failed for uikit/best (n = 3, 300): nothing is recommended.")
        // Only the cores: the pick of the core view.
        let cores = rows.filter { $0.benchmark.family != SuiteFamilies.uikit && $0.benchmark != SuiteRow.uikitFloor.id }
        #expect(Self.render(cores)[0].hasPrefix("Use pipeline/best: "), "\(Self.render(cores)[0])")
    }

    @Test func theTableShowsThreeSizesTheLargestBeingTheRunsLargest() {
        #expect(Headline.sizes(present: Set(Self.full)) == [3, 300, 10_000])
        #expect(Headline.sizes(present: Set(Self.quick)) == [3, 300, 3_000])
        #expect(Headline.sizes(present: [50, 500]) == [50, 500])
        #expect(Headline.sizes(present: [300]) == [300])
        for (sizes, largest) in [(Self.full, "10 000"), (Self.quick, "3 000")] {
            let lines = Self.render(Self.rows(sizes))
            let header = lines[3]
            #expect(lines[2].hasPrefix(" ") && lines[2].contains("core (pipeline/*), n =") && lines[2].hasSuffix("UIKit, n = \(largest)"),
                    "\(lines[2])")
            #expect(header.hasPrefix("implementation") && header.contains("  3  ") && header.contains(" 300 ")
                    && header.contains(largest) && !header.contains(" 30 "), "\(header)")
            // Two floors and ten implementations, `best` first by its UIKit view.
            let table = Headline(RunSummary.analysis(rows: Self.rows(sizes), metadata: Self.metadata, checks: Self.checks))
            #expect(table.lines.map(\.label).prefix(3) == ["floor/scaleAlpha", "floor/uikit", "best"])
            #expect(table.lines.count == 12 && table.lines.count <= Headline.maximumRows && table.omitted == 0)
            #expect(lines.contains { $0.hasPrefix("best ") && $0.contains("1.17x") && $0.contains("7.00 µs, rotation") && $0.hasSuffix("yes") },
                    "\(lines.joined(separator: "\n"))")
        }
    }

    @Test func changedRowsAreListedAndTheOthersCountedInOneLine() {
        let rows = Self.rows(Self.quick)
        let lines = Self.render(rows, comparison: Self.comparison(rows, regressed: 2, improved: 1))
        let text = lines.joined(separator: "\n")
        #expect(lines.contains("compared with out/baseline.csv: 2 regressed, 1 improved, 1 missing"), "\(text)")
        #expect(lines.filter { $0.hasSuffix("REGRESSED") }.count == 2, "\(text)")
        #expect(lines.filter { $0.hasSuffix(" improved") }.count == 1, "\(text)")
        #expect(lines.filter { $0.hasSuffix(" missing") && !$0.hasPrefix("compared with") }.count == 1, "\(text)")
        #expect(lines.contains("the other rows: 2 inconclusive, \(rows.count - 7) unchanged, 1 new"), "\(text)")
        #expect(!text.contains("more (see"))

        let unchanged = Self.render(rows, comparison: Self.comparison(rows, regressed: 0, improved: 0).keeping(.unchanged))
        #expect(unchanged.contains("compared with out/baseline.csv: nothing regressed, improved or went missing; "
            + "\(rows.count) unchanged"), "\(unchanged.joined(separator: "\n"))")
        #expect(!Self.render(rows).contains { $0.hasPrefix("compared with") })
    }

    @Test func theReportsHeadlineIsTheSameTableInMarkdown() {
        let analysis = RunSummary.analysis(rows: Self.rows(Self.full), metadata: Self.metadata, checks: Self.checks)
        let markdown = Headline(analysis).table(markdown: true).renderMarkdown()
        #expect(markdown.hasPrefix("| implementation | core n = 3 | core n = 300 | core n = 10 000 | UIKit n = 3 | "
            + "UIKit n = 300 | UIKit n = 10 000 | x floor | UIKit worst frame (n = 10 000) | meets the design |"), "\(markdown)")
        #expect(markdown.contains("| `best` | 50.0 ns | 50.0 ns | 50.0 ns | 700 ns | 700 ns | 700 ns | 1.17x | 7.00 µs, rotation | yes |"),
                "\(markdown)")
        // A pipeline that does not meet the design says why.
        #expect(markdown.contains("| no: finite, not infinite |"), "\(markdown)")
        #expect(Headline.recommendation(analysis, markdown: true).hasPrefix("Use `uikit/best`: "))
    }
}

extension Comparison {
    /// The comparison with every row's verdict `verdict`.
    func keeping(_ verdict: Verdict) -> Comparison {
        var copy = self
        copy.rows = rows.map { row in
            var row = row
            row.verdict = verdict
            return row
        }
        return copy
    }
}
