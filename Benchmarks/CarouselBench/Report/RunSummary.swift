import BenchKit
import BenchReport
import CarouselLayout

/// What `run` prints on standard output in the default table format: the run's answer in at most `lineLimit` lines.
///
///     let text = RunSummary.render(
///         rows: result.rows, metadata: result.metadata, schema: schema,
///         comparison: comparison, baseline: "Results/baseline.csv",   // both nil without a comparison
///         failures: result.failures,
///         written: ["full table: Results/latest.txt", "CSV: Results/latest.csv", "Markdown: Results/latest.md"],
///         fullTable: "Results/latest.txt")
///     print(text, terminator: "")
///
/// The text, in this order:
/// 1. the recommendation in one sentence (`Headline.recommendation`, the analysis REPORT.md's "Recommendation" makes),
///    or, when any benchmark failed its verification, `verification failed for ...: nothing is recommended.`;
/// 2. the headline table (`Headline`): each implementation and the two floors at n = 3, 300 and the largest size
///    run, in both views, `x floor`, the worst frame and whether it meets the design; then one line saying what the
///    columns are;
/// 3. with a comparison, the rows that `regressed`, `improved` or went `missing` (the comparison's table), as many as
///    the line limit leaves room for, then `... and K more (see FULLTABLE)`, and one line counting the other rows by
///    verdict, the `unchanged` rows that moved short of the threshold apart (`slower below threshold`,
///    `ComparisonRow.belowThreshold`: listed in the full table, not here, since an A/A pair of quick runs has dozens);
/// 4. which rows are reference rows (`references`, `ReferenceRows`), in one line, where the run has any;
/// 5. `written`, one line each, as given: where the full table, the CSV and the Markdown went.
///
/// Parts are separated by one empty line; the text ends with a newline. The comparison's notes and its full summary
/// line (drift, threshold, estimator) are the caller's to write, on standard error.
///
/// The design verdicts need the pipelines' checks: `checks` when given (tests), else made here for the run's
/// configuration as recorded in `metadata` (`ReportAnalysis.Checks.made`: each implementation the rows time, at n = 3
/// and 300; under a second for all of them in a release build).
enum RunSummary {
    /// The most lines `render` returns.
    static let lineLimit = 60

    static func render(
        rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema,
        comparison: Comparison? = nil, baseline: String? = nil, failures: [BenchmarkFailure] = [],
        written: [String] = [], fullTable: String? = nil, checks: ReportAnalysis.Checks? = nil
    ) -> String {
        let references = metadata?.referenceKeys.intersection(rows.map(\.key)) ?? []
        let analysis = analysis(rows: rows, metadata: metadata, checks: checks)
        let headline = Headline(analysis)
        var parts: [[String]] = []
        parts.append([failures.isEmpty ? Headline.recommendation(analysis, markdown: false) : failureSentence(failures)])
        if !headline.lines.isEmpty {
            parts.append(lines(headline.consoleText())
                + [headline.legend(markdown: false)])
        }
        let tail = (references.isEmpty ? [] : [[referenceLine(references)]]) + (written.isEmpty ? [] : [written])
        if let comparison {
            // What is left for the listed rows once every other line is counted: the parts, the empty lines between
            // them, the comparison's heading, its count line and a possible "... and K more".
            let fixed = (parts + tail).map(\.count).reduce(0, +) + parts.count + tail.count
            parts.append(comparisonLines(comparison, baseline: baseline, schema: schema, fullTable: fullTable,
                                         room: lineLimit - fixed))
        }
        return (parts + tail).map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// The analysis REPORT.md makes of `rows`, with the suite's catalog (the switch matrix's rows included) and the
    /// frame rate, geometry and switches `metadata` records.
    static func analysis(rows: [ResultRow], metadata: RunMetadata?, checks: ReportAnalysis.Checks? = nil) -> ReportAnalysis {
        let configuration = SuiteConfiguration(recorded: metadata?.options ?? [:])
        let hasUIKitRows = rows.contains { $0.benchmark.family == SuiteFamilies.uikit }
        var catalogConfiguration = configuration
        catalogConfiguration.uikitMatrix = .every
        let suite = CarouselSuite(catalogConfiguration)
        // Only the implementations the rows time are checked: a filtered run waits for no other.
        let timed = Set(rows.compactMap { suite.rows[$0.benchmark]?.implementation })
        let made = checks ?? .made(for: configuration, uikit: hasUIKitRows,
                                   implementations: CarouselBench.implementations.filter(timed.contains))
        return ReportAnalysis(rows: rows, checks: made, catalog: suite.rows, complexities: suite.complexities,
                              hz: configuration.hz)
    }

    /// `verification failed for uikit/a (n = 3, 300), pipeline/b (n = 300): nothing is recommended.`, the first
    /// three benchmarks named.
    static func failureSentence(_ failures: [BenchmarkFailure]) -> String {
        var sizes: [BenchmarkID: [Int]] = [:]
        var order: [BenchmarkID] = []
        for failure in failures {
            if sizes[failure.benchmark] == nil { order.append(failure.benchmark) }
            sizes[failure.benchmark, default: []].append(failure.size)
        }
        let named = order.prefix(3).map { id in
            "\(id) (n = \(sizes[id]!.sorted().map(ReportText.count).joined(separator: ", ")))"
        }.joined(separator: ", ")
        return "verification failed for \(named)" + (order.count > 3 ? " and \(order.count - 3) more" : "")
            + ": nothing is recommended."
    }

    /// The verdicts a summary lists row by row; the others are counted in one line.
    static let listed: [Verdict] = [.regressed, .improved, .missing]

    /// `reference rows (...): harness/empty@3, floor/scaleAlpha@3,300, ...`.
    static func referenceLine(_ references: Set<RowKey>) -> String {
        "reference rows (in every run, whatever the filter; the drift and the rounds' speeds come from them alone): "
            + ReferenceRows.names(references)
    }

    /// The comparison's part in at most `room` lines (never under 2): a heading, the listed rows as a table, and the
    /// count of the rest.
    static func comparisonLines(_ comparison: Comparison, baseline: String?, schema: ResultSchema, fullTable: String?,
                                room: Int) -> [String] {
        let against = baseline.map { "compared with \($0)" } ?? "compared with the baseline"
        let changed = listed.flatMap { verdict in comparison.rows.filter { $0.verdict == verdict } }
        let counts = comparison.summary
        let shownCounts = listed.compactMap { verdict in counts[verdict].map { "\($0) \(verdict.rawValue)" } }
        // The other rows' counts, the `unchanged` rows that moved short of the threshold apart (`verdictCounts`).
        let rest = comparison.verdictCounts.filter { !shownCounts.contains($0) }
        var restLine = (rest.isEmpty ? "no other rows" : rest.joined(separator: ", "))
        if let reason = comparison.options.timesNotComparable { restLine += "; times not compared: \(reason)" }
        guard !changed.isEmpty else {
            return ["\(against): nothing regressed, improved or went missing; \(restLine)"]
        }
        let heading = "\(against): " + shownCounts.joined(separator: ", ")
        // The heading, the table's two header lines, its rows and the count line; when cut, "... and K more" too.
        var shown = changed.count
        if 1 + 2 + shown + 1 > room { shown = max(0, room - 5) }
        var lines = [heading]
        if shown > 0 {
            var listing = comparison
            listing.rows = Array(changed.prefix(shown))
            lines += Self.lines(ResultRendering.comparisonTable(listing, schema: schema).renderConsole(unicode: false))
        }
        if shown < changed.count {
            lines.append("... and \(changed.count - shown) more" + (fullTable.map { " (see \($0))" } ?? ""))
        }
        lines.append(rest.isEmpty ? restLine : "the other rows: \(restLine)")
        return lines
    }

    /// `text`'s lines, without the empty line after its last newline.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
    }
}
