import BenchKit
import BenchReport
import Foundation

/// `history`'s arguments.
struct HistoryArguments: CommandArguments {
    var input: String?
    var filter = FilterArgument()
    var charts = HistoryFile.directory + "/charts"
    var all = false

    static var input: Option<Self> {
        .value(ReportArguments.input.name, \.input, .text("PATH"), "history CSV (default this machine's under \(HistoryFile.directory))")
    }
    static var charts: Option<Self> { .value("--charts", \.charts, .text("DIR"), "where the trend SVGs go") }
    static var all: Option<Self> {
        .flag(CompareArguments.all.name, \.all, "list every series, not only those with a change point")
    }
    static var options: [Option<Self>] { [input] + including(\.filter) + [charts, all] }
}

/// `carousel-bench history`: each row's series over the commits recorded on this machine (`run --history`),
/// its change points and creeps, and a trend chart per pipeline.
enum HistoryCommand {
    static var command: Command {
        Command(
            name: "history", synopsis: "history [OPTIONS]",
            summary: "each row's series over the recorded commits, with its change points and trend charts",
            details: """
            Reads \(HistoryFile.directory)/MACHINE.csv (this machine's, unless \(HistoryArguments.input.name) names another), one point per commit
            and row (the median of a commit's runs), and finds change points in each series with E-divisive means
            and a permutation test (p <= 0.01): the commit where each step happened, its size and its confidence;
            a run of same-direction steps that a ramp explains better is reported as a creep. Writes a trend SVG
            per pipeline (families pipeline and uikit), change points marked. Record history with
            `\(RunCommand.name) \(RunArguments.history.name)` (Docs/HISTORY.md).
            """,
            arguments: HistoryArguments.self, run: run)
    }

    /// This machine's history file.
    static var defaultPath: String {
        HistoryFile.path(machine: HistoryFile.machineSlug(MachineFingerprint.current.description))
    }

    static func run(_ arguments: HistoryArguments) throws -> Int32 {
        let path = arguments.input ?? defaultPath
        let filter = try arguments.filter.pattern.map { try NSRegularExpression(pattern: $0) }
        guard FileManager.default.fileExists(atPath: path) else {
            throw RuntimeError("\(path): no history for this machine yet (record some with "
                + "`\(CommandLineTool.name) \(RunCommand.name) \(RunArguments.history.name)`)")
        }
        var series = HistoryFile.series(try HistoryFile.read(path))
        if let filter {
            series = series.filter { filter.firstMatch(in: $0.key.benchmark, range: NSRange($0.key.benchmark.startIndex..., in: $0.key.benchmark)) != nil }
        }
        let analyses = HistoryFile.analyze(series)
        let commits = HistoryFile.commits(of: series)
        print(render(analyses, commits: commits, path: path, all: arguments.all), terminator: "")

        let directory = arguments.charts
        let pipelines = analyses.filter { ["pipeline", "uikit"].contains($0.series.key.benchmark.split(separator: "/").first.map(String.init) ?? "") }
        let charts = TrendChart.charts(pipelines)
        guard !charts.isEmpty else { return ExitCode.success }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RuntimeError("\(directory): cannot create directory")
        }
        for (chart, name) in zip(charts, TrendChart.chartGroups(pipelines)) {
            let file = directory + "/" + name.replacingOccurrences(of: "/", with: "-") + ".svg"
            try AtomicFile.write(to: file) { emit in try emit(chart.render()) }
        }
        StandardError.write("wrote \(charts.count) trend charts to \(directory)\n")
        return ExitCode.success
    }

    /// The series table (those with a change point, or all), then one line per step and creep.
    static func render(_ analyses: [HistorySeriesAnalysis], commits: [String], path: String, all: Bool) -> String {
        var text = "history from \(path): \(analyses.count) series over \(commits.count) commits\n"
        let shown = all ? analyses : analyses.filter { !$0.steps.isEmpty || !$0.creeps.isEmpty }
        if !shown.isEmpty {
            var table = Table(columns: [
                TableColumn("benchmark"), TableColumn("n", alignment: .right), TableColumn("commits", alignment: .right),
                TableColumn("first", alignment: .right), TableColumn("last", alignment: .right),
                TableColumn("change points", alignment: .right), TableColumn("creeps", alignment: .right),
            ])
            for analysis in shown {
                let points = analysis.series.points
                table.append([
                    analysis.series.key.benchmark, ReportFormat.size(Double(analysis.series.key.size)), String(points.count),
                    points.first.map { ReportFormat.nanoseconds($0.median) } ?? "", points.last.map { ReportFormat.nanoseconds($0.median) } ?? "",
                    String(analysis.steps.count), String(analysis.creeps.count),
                ])
            }
            text += table.renderConsole()
        }
        for analysis in analyses {
            let name = "\(analysis.series.key.benchmark) n=\(analysis.series.key.size)"
            for step in analysis.steps {
                text += "\(name): \(TrendChart.stepLabel(step.changePoint.relativeStep)) at \(short(step.commit)) "
                    + "(after \(short(step.previousCommit))), \(ReportFormat.nanoseconds(step.changePoint.meanBefore)) -> "
                    + "\(ReportFormat.nanoseconds(step.changePoint.meanAfter)), confidence "
                    + "\(ReportFormat.percent(step.changePoint.confidence * 100))\n"
            }
            for creep in analysis.creeps {
                text += "\(name): creep \(TrendChart.stepLabel(creep.creep.relativeTotal)) from \(short(creep.firstCommit)) "
                    + "to \(short(creep.lastCommit)) (\(TrendChart.stepLabel(creep.creep.relativeSlope)) per commit)\n"
            }
        }
        if analyses.allSatisfy({ $0.steps.isEmpty && $0.creeps.isEmpty }) { text += "no change points\n" }
        return text
    }

    private static func short(_ commit: String) -> String { String(commit.prefix(8)) }
}

extension TrendChart {
    /// The benchmark each of `charts(analyses)` is drawn for, in the same order.
    static func chartGroups(_ analyses: [HistorySeriesAnalysis]) -> [String] {
        var seen: Set<String> = []
        return analyses.map(\.series.key.benchmark).filter { seen.insert($0).inserted }
    }
}

/// `run --history`: one history row per result row, for this machine's file.
enum HistoryRecording {
    static func rows(_ result: RunResult) -> [HistoryRow] {
        let machine = machineSlug(result)
        return result.rows.map { row in
            let interval = SampleStatistics.medianInterval(row.samples)
            return HistoryRow(commit: result.metadata.gitCommit ?? "unknown", time: result.metadata.time, machine: machine,
                              benchmark: row.benchmark.description, size: row.size, median: row.median,
                              ciLow: interval?.low, ciHigh: interval?.high, instructions: row.instructionsPerIteration,
                              unit: row.unit.rawValue)
        }
    }

    /// The history file of the machine `result` was timed on.
    static func path(_ result: RunResult) -> String {
        HistoryFile.path(machine: machineSlug(result))
    }

    /// The profile at `path` that `run` adds `result` to: the file's, or a new one; a profile of another
    /// machine is refused.
    static func profile(at path: String, _ result: RunResult) throws -> MachineProfile {
        let machine = machineSlug(result)
        let profile = try MachineProfile.read(path) ?? MachineProfile(machine: machine)
        guard profile.machine == machine else {
            throw RuntimeError("\(path): a profile of \(profile.machine), not of this machine (\(machine))")
        }
        return profile
    }

    static func machineSlug(_ result: RunResult) -> String {
        HistoryFile.machineSlug((result.metadata.machine ?? MachineFingerprint.current).description)
    }
}
