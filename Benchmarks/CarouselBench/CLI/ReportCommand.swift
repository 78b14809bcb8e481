import BenchKit
import BenchReport
import CarouselLayout
import Foundation

/// `report`'s arguments.
struct ReportArguments: CommandArguments {
    var input: String?
    var outputDirectory = "Results"
    var trials = TrialsArgument()
    var lock = LockArguments()

    static var input: Option<Self> {
        let run = RunArguments()
        return .value("--input", \.input, .text("PATH"), "results CSV (default \(run.baseline), else \(run.output))")
    }
    static var outputDirectory: Option<Self> {
        .value("--output-dir", \.outputDirectory, .text("DIR"), "where REPORT.md and charts/ go")
    }
    static var options: [Option<Self>] { [input, outputDirectory] + including(\.trials) + including(\.lock) }
}

/// `carousel-bench report`: charts (SVG) and REPORT.md from a results CSV.
enum ReportCommand {
    static var command: Command {
        let defaults = RunArguments()
        return Command(
            name: "report", synopsis: "report [OPTIONS]",
            summary: "charts (SVG) and \(ReportArguments().outputDirectory)/REPORT.md from a results CSV",
            details: """
            Reads the results (default \(defaults.baseline), or \(defaults.output) when there is no
            baseline yet) with NAME.meta.json beside it (under its shared lock: never a set a run is halfway
            through writing), verifies every strategy and pipeline again, and writes
            DIR/REPORT.md and DIR/charts/*.svg (each file replaced atomically). A short summary goes to standard output.
            """,
            arguments: ReportArguments.self, run: run)
    }

    static func run(_ arguments: ReportArguments) throws -> Int32 {
        var options = VerificationOptions()
        options.trials = arguments.trials.trials
        let input = try inputPath(arguments.input)
        let directory = arguments.outputDirectory

        // The set as one commit left it, even while a run writes it.
        let (rows, metadata) = try ResultsFile.readSet(input, schema: SuiteConfiguration.readingSchema, wait: arguments.lock.wait)
        guard !rows.isEmpty else { throw RuntimeError("\(input):2: no result rows (the file has only a header)") }
        let configuration = SuiteConfiguration(recorded: metadata?.options ?? [:])

        let verification = Verifier.run(options)
        let hasUIKitRows = rows.contains { $0.benchmark.family == SuiteFamilies.uikit }
        let checks = ReportAnalysis.Checks.made(for: configuration, uikit: hasUIKitRows)
        // Every row the suite can register (the switch matrix too), so each result row is known by what it is.
        var catalogConfiguration = configuration
        catalogConfiguration.uikitMatrix = .every
        let suite = CarouselSuite(catalogConfiguration)
        let analysis = ReportAnalysis(rows: rows, checks: checks, catalog: suite.rows, complexities: suite.complexities,
                                      hz: configuration.hz)
        let memory = checks.agreements.isEmpty ? [] : MemoryRow.compute(configuration)
        for id in analysis.undocumented {
            StandardError.write("report: warning: no documented complexity for \(id) (a benchmark the suite no longer registers)\n")
        }
        // Frame by frame at the largest size with worst frames, only for a results file that has them.
        let profiledSize = rows.filter { $0.worstFrame != nil }.map(\.size).max()
        let frameCosts = profiledSize.map { ReportFrameCosts.compute(configuration, size: $0) }
        let charts = ReportCharts.all(analysis)
            + (frameCosts?.charts(frameNanoseconds: analysis.frameNanoseconds, hz: analysis.hz) ?? [])
        let markdown = ReportMarkdown(analysis: analysis, inputPath: input, metadata: metadata,
                                      verification: verification, charts: charts, configuration: configuration,
                                      memory: memory, frameCosts: frameCosts).render()

        let chartDirectory = directory + "/charts"
        do {
            try FileManager.default.createDirectory(atPath: chartDirectory, withIntermediateDirectories: true)
        } catch {
            throw RuntimeError("\(chartDirectory): cannot create directory")
        }
        for chart in charts {
            try AtomicFile.write(to: chartDirectory + "/" + chart.fileName) { emit in try emit(chart.svg) }
        }
        let reportPath = directory + "/REPORT.md"
        try AtomicFile.write(to: reportPath) { emit in try emit(markdown) }

        print(summary(analysis, input: input), terminator: "")
        StandardError.write("wrote \(reportPath), \(charts.count) charts\n")
        return ExitCode.success
    }

    /// The explicit path, else the baseline, else the latest run; a missing file is a runtime error naming it.
    static func inputPath(_ explicit: String?) throws -> String {
        let fileManager = FileManager.default
        if let explicit {
            guard fileManager.fileExists(atPath: explicit) else {
                throw RuntimeError("\(explicit): no such results file (make one with `\(CommandLineTool.name) \(RunCommand.name)`)")
            }
            return explicit
        }
        let run = RunArguments()
        for candidate in [run.baseline, run.output] where fileManager.fileExists(atPath: candidate) {
            return candidate
        }
        throw RuntimeError("\(run.baseline): no such results file, nor \(run.output) "
            + "(make one with `\(CommandLineTool.name) \(RunCommand.name) \(RunArguments.saveBaseline.name)`)")
    }

    static func summary(_ analysis: ReportAnalysis, input: String) -> String {
        var text = "report from \(input): \(analysis.rows.count) rows, \(analysis.pipelines.count) pipelines, sizes "
            + analysis.sizes.map(ReportText.count).joined(separator: ", ") + "\n"
        let view = analysis.uikit.isEmpty ? analysis.pipelines : analysis.uikit
        if let pick = analysis.uikit.isEmpty ? analysis.coreRecommendation : analysis.recommendation {
            text += "recommended: \(pick.choice.series.id) at \(ReportFormat.nanoseconds(pick.median))/frame, n = \(ReportText.count(pick.size))"
            if let ratio = pick.floorRatio { text += ", \(ReportFormat.ratio(ratio)) the floor" }
            if let speedup = pick.seedSpeedup {
                text += ", \(ReportFormat.ratio(speedup)) the speed of the seed's flow layout at n = \(ReportText.count(pick.referenceSize))"
            }
            text += "\n"
        } else {
            text += "recommended: none (no pipeline is verified and makes the carousel the design asks for)\n"
        }
        let within = view.filter { $0.budgetShare <= 1 }.count
        text += "within 1% of a \(ReportNumber.text(analysis.hz)) Hz frame at the largest size: \(within) of \(view.count) pipelines\n"
        let faster = analysis.complexity.filter { $0.verdict == .fasterGrowthThanDocumented }
        text += "grow faster than documented: " + (faster.isEmpty ? "none" : faster.map(\.series.id.description).joined(separator: ", ")) + "\n"
        return text
    }
}
