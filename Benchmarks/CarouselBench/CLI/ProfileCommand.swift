import BenchKit
import BenchReport
import Foundation

/// `profile`'s arguments.
struct ProfileArguments: CommandArguments {
    var runs: [String] = []
    var profile: String?
    var all = false
    var lock = LockArguments()

    static var profile: Option<Self> {
        .value(ProfileChoice.profile.name, \.profile, .text("PATH"),
               "the profile to add to and show (default \(MachineProfile.directory)/MACHINE.csv of the runs' machine, or this one's)")
    }
    static var all: Option<Self> {
        .flag(CompareArguments.all.name, \.all, "list every row's runs, exponent, spread between runs and widening")
    }
    static var options: [Option<Self>] { [profile, all] + including(\.lock) }
    static var positionals: Positionals<Self>? { Positionals(path: \.runs, most: 100_000) }
}

/// `carousel-bench profile [RUN.csv ...]`: builds this machine's profile (`MachineProfile`) from stored runs, and
/// shows it.
enum ProfileCommand {
    static var command: Command {
        Command(
            name: "profile", synopsis: "profile [RUN.csv ...] [OPTIONS]",
            summary: "add stored runs to their machine's profile of how each row feels slow rounds, and show it",
            details: """
            A machine's profile (\(MachineProfile.directory)/MACHINE.csv) holds, per row, how its samples followed
            the machine's slow rounds in earlier runs on that machine. Once a row has \(MachineProfile.minimumRuns) runs
            in it, `compare` and `run` divide each time sample by its round's slowdown measured against either run's
            full speed, with the row's exponent learnt from the profile and the pair together (Docs/NOISE.md, "The
            machine profile"): a run slow in nearly every round is then divided down to the other's full speed. Every
            `run` at the tool's own budget adds itself (`run \(RunArguments.history.name)`: any run); this command adds runs already made (each
            RUN.csv with its .samples.csv and .meta.json, read under its shared lock), each to the profile of the
            machine it was timed on, in the order given (a row's spread pairs each run with the last before it of the
            same commit, build and options). Add a run once: the profile does not know which runs it holds. A run of
            too few rows to tell its rounds (fewer than \(Defaults.minimumRowsForDrift) rows of \(Defaults.minimumBenchmarksForDrift) benchmarks with samples)
            is not added, with one line. Then the profile is shown: its runs, its rows, and how many rows feel a slow
            round less or more than the median row (exponent Sxy/Sxx under 0.8, over 1.2), and each row's spread
            between runs: how far its level moved between consecutive runs of one commit and one set of options, the
            machine's drift taken out, against what its samples said. Once a row has \(MachineProfile.minimumPairs)
            pairs, `compare` and `run` widen the time interval of a row whose spread is more than
            \(MachineProfile.wideningGate) times the median row's, by that ratio (Docs/NOISE.md, "Spreads between runs").
            Without RUN.csv, shows this machine's profile.
            """,
            arguments: ProfileArguments.self, run: run)
    }

    static func run(_ arguments: ProfileArguments) throws -> Int32 {
        let wait = arguments.lock.wait
        let chosen = arguments.profile
        // Every run read (and its machine known) before any profile is written: a bad file writes nothing.
        var byProfile: [String: [(path: String, rows: [ResultRow], machine: String, configuration: String)]] = [:]
        var seen: [String: String] = [:]
        for path in arguments.runs {
            for suffix in [".samples.csv", ".meta.json"] where path.hasSuffix(suffix) {
                throw UsageError("\(path): give the run's results file, \(path.dropLast(suffix.count)).csv (its samples and "
                    + "metadata are read with it)")
            }
            let (rows, metadata) = try ResultsFile.readSet(path, schema: SuiteConfiguration.readingSchema, wait: wait)
            guard let machine = ProfileChoice.machine(of: metadata) else {
                throw RuntimeError("\(path): does not say which machine it was timed on (no .meta.json beside it)")
            }
            if let id = metadata?.runID, let other = seen.updateValue(path, forKey: id) {
                throw RuntimeError("\(path): the same run as \(other) (run id \(id)): a run is added once")
            }
            let target = chosen ?? MachineProfile.path(machine: machine)
            if let first = byProfile[target]?.first, first.machine != machine {
                throw RuntimeError("\(path): timed on \(machine), not on \(first.machine) as \(first.path): a profile is of one machine")
            }
            // A run whose rows are too few besides its reference rows is not added (`SuiteRun.tellsRounds`).
            byProfile[target, default: []].append((path, SuiteRun.tellsRounds(rows, metadata: metadata) ? rows : [], machine,
                                                   MachineProfile.configuration(of: metadata)))
        }
        if arguments.runs.isEmpty {
            let path = chosen ?? MachineProfile.path(machine: HistoryFile.machineSlug(MachineFingerprint.current.description))
            guard let profile = try MachineProfile.read(path) else {
                throw RuntimeError("\(path): no profile yet (every `\(CommandLineTool.name) run` records one, or add runs with "
                    + "`\(CommandLineTool.name) profile RUN.csv ...`)")
            }
            print(render(profile, path: path, all: arguments.all), terminator: "")
            return ExitCode.success
        }
        for (path, runs) in byProfile.sorted(by: { $0.key < $1.key }) {
            let machine = runs[0].machine
            let profile = try Locking.writing([path], wait: wait) { () throws -> MachineProfile in
                var profile = try MachineProfile.read(path) ?? MachineProfile(machine: machine)
                guard profile.machine == machine else {
                    throw RuntimeError("\(path): a profile of \(profile.machine); \(runs[0].path) was timed on \(machine)")
                }
                var added = 0
                for run in runs {
                    if profile.add(run.rows, configuration: run.configuration) {
                        added += 1
                    } else {
                        StandardError.write("\(run.path): not added: too few rows with samples to tell its rounds\n")
                    }
                }
                if added > 0 { try profile.write(to: path) }
                StandardError.write("added \(added) of \(runs.count) runs to \(path)\n")
                return profile
            }
            print(render(profile, path: path, all: arguments.all), terminator: "")
        }
        return ExitCode.success
    }

    /// `Results/profiles/x.csv: 12 runs, 240 rows, used from 10 runs (in use)`, the exponents' range, the spreads
    /// between runs and the rows widened, and with `all` a table of every row.
    static func render(_ profile: MachineProfile, path: String, all: Bool) -> String {
        let keys = profile.entries.keys.sorted()
        let exponents = keys.compactMap { key in
            profile.entries[key].flatMap { $0.sxx > 0 ? $0.sxy / $0.sxx : nil }
        }
        let use = profile.isUsable
            ? "in use by compare and run"
            : "not in use until \(MachineProfile.minimumRuns) runs"
        var text = "profile \(path) (machine \(profile.machine)): \(profile.runs) runs, \(keys.count) rows; \(use)\n"
        if !exponents.isEmpty {
            let sorted = exponents.sorted()
            text += "exponents (a row's slowdown in a round whose median row is slower, Sxy/Sxx): median "
                + "\(ReportFormat.fixed(SampleStatistics.median(sorted), decimals: 2)), "
                + "\(ReportFormat.fixed(sorted.first!, decimals: 2)) to \(ReportFormat.fixed(sorted.last!, decimals: 2)); "
                + "\(sorted.filter { $0 < 0.8 }.count) rows under 0.8, \(sorted.filter { $0 > 1.2 }.count) over 1.2\n"
        }
        let spreads = keys.compactMap { profile.entries[$0]!.spread }.sorted()
        let widenings = profile.widenings()
        if !spreads.isEmpty {
            let widest = widenings.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
                .map { "\($0.key) \(ReportFormat.fixed($0.value, decimals: 2))x" }.joined(separator: ", ")
            let intervals = widenings.count == 1 ? "row's interval" : "rows' intervals"
            text += "spreads between runs (how far a row's level moves from run to run against what its samples say): "
                + "median \(ReportFormat.fixed(SampleStatistics.median(spreads), decimals: 2)), of the \(spreads.count) "
                + "rows with \(MachineProfile.minimumPairs) pairs of runs or more; \(widenings.count) \(intervals) widened, "
                + "past \(ReportFormat.fixed(MachineProfile.wideningGate, decimals: 2)) times the median"
                + (widest.isEmpty ? "" : " (\(widest)\(widenings.count > 3 ? ", ..." : ""))") + "\n"
        }
        guard all, !keys.isEmpty else { return text }
        var table = Table(columns: [
            TableColumn("benchmark"), TableColumn("n", alignment: .right), TableColumn("runs", alignment: .right),
            TableColumn("exponent", alignment: .right), TableColumn("spread", alignment: .right),
            TableColumn("widened", alignment: .right),
        ])
        for key in keys {
            let entry = profile.entries[key]!
            table.append([key.benchmark.description, ReportFormat.size(Double(key.size)), String(entry.runs),
                          entry.sxx > 0 ? ReportFormat.fixed(entry.sxy / entry.sxx, decimals: 2) : "-",
                          entry.spread.map { ReportFormat.fixed($0, decimals: 2) } ?? "-",
                          widenings[key].map { ReportFormat.fixed($0, decimals: 2) + "x" } ?? "-"])
        }
        return text + table.renderConsole()
    }
}
