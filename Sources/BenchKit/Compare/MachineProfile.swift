import Determinism
import Foundation

/// How much each row feels one machine's slow rounds, learnt from earlier runs on that machine: per row, the sums of
/// `RoundSpeeds`' exponent (`Sxy` and `Sxx` of log sample on log slowdown, each run centred on its own means) added up
/// over every run recorded, and how many runs that is. `Results/profiles/MACHINE.csv`; `run` adds each run at the tool's own budget (`--history`: any),
/// `profile` adds stored runs, and `compare` and `run` divide by it (`RoundSpeeds.divide(baseline:current:profile:)`)
/// once it holds `minimumRuns` runs.
///
/// A pair of runs alone cannot measure a row's exponent when one run was slow in nearly every round, and rows feel a
/// machine's slow state differently (one row 1.1x, another 1.9x) but alike from run to run: learnt from earlier
/// runs, the exponents flag fewer rows of A/A pairs. Evidence: Docs/NOISE.md, "The machine profile".
///
/// The file is the result files' strict CSV dialect (`HistoryFile`'s): columns `machine,benchmark,size,runs,sxy,sxx`,
/// every row of one machine (its `HistoryFile.machineSlug`), sums written exactly (shortest text that reads back).
///
///     var profile = try MachineProfile.read(path) ?? MachineProfile(machine: slug)
///     if profile.add(runRows) { try profile.write(to: path) }
public struct MachineProfile: Sendable, Equatable {
    /// One row's sums over the runs that had it.
    public struct Entry: Sendable, Equatable {
        public var sxy: Double
        public var sxx: Double
        public var runs: Int
        /// How many pairs of consecutive runs had the row (its spread between runs, `widenings()`).
        public var pairs = 0
        /// Over those pairs: the sum of the squared change of the row's level, less the pair's median row's change.
        public var sdd = 0.0
        /// Over those pairs: the sum of the two levels' sampling variances (`level(_:_:)`).
        public var svv = 0.0
        /// The last run's level of the row and its sampling variance; nil before a run had it.
        public var level: Double?
        public var levelVariance: Double?
        /// What that run measured (`configuration(of:)`): a run pairs with it only if it measured the same.
        public var levelConfiguration = ""

        public init(sxy: Double, sxx: Double, runs: Int) {
            self.sxy = sxy
            self.sxx = sxx
            self.runs = runs
        }

        /// How far the row's level moves between runs against how far its samples say it could:
        /// `sqrt(sdd / svv)`; nil under `minimumPairs` pairs.
        public var spread: Double? {
            pairs >= MachineProfile.minimumPairs && svv > 0 ? (sdd / svv).squareRoot() : nil
        }
    }

    /// The machine's slug (`HistoryFile.machineSlug` of its fingerprint).
    public var machine: String
    public var entries: [RowKey: Entry]

    public init(machine: String, entries: [RowKey: Entry] = [:]) {
        self.machine = machine
        self.entries = entries
    }

    /// The fewest runs a row's entry must hold to be used: `Defaults.profileMinimumRuns`.
    public static let minimumRuns = Defaults.profileMinimumRuns
    /// The fewest pairs of runs a row's spread is taken from (`Entry.spread`): as many as `minimumRuns` runs give.
    public static let minimumPairs = minimumRuns - 1
    /// How many times the median row's spread a row's must be for its interval to be widened (`widenings()`):
    /// `Defaults.spreadGate`.
    public static let wideningGate = Defaults.spreadGate

    /// The default folder of the profiles.
    public static let directory = "Results/profiles"

    /// `<directory>/<machine>.csv`.
    public static func path(directory: String = MachineProfile.directory, machine: String) -> String {
        HistoryFile.path(directory: directory, machine: machine)
    }

    /// The most runs any row was learnt from: what the profile is "of".
    public var runs: Int { entries.values.map(\.runs).max() ?? 0 }

    /// Whether any row's entry holds `minimumRuns` runs.
    public var isUsable: Bool { runs >= Self.minimumRuns }

    /// What a pair's own sums get added for `key` (`RoundSpeeds.divide`): the row's per-run averages times
    /// `Defaults.profileWeight`, or nothing when its entry holds fewer than `minimumRuns` runs.
    public func prior(_ key: RowKey) -> (sxy: Double, sxx: Double) {
        guard let entry = entries[key], entry.runs >= Self.minimumRuns else { return (0, 0) }
        let weight = Defaults.profileWeight
        return (weight * entry.sxy / Double(entry.runs), weight * entry.sxx / Double(entry.runs))
    }

    /// One run's sums per row: each row with `minimumSamplesForInterval` samples, every one positive, against the
    /// run's rounds' slowdowns (`RoundSpeeds.slowdowns`, each row's fastest in the run). Nil when fewer than
    /// `Comparator.minimumRowsForDrift` such rows of `minimumBenchmarksForDrift` benchmarks: a filtered run cannot
    /// tell its rounds. A key's first row counts, as `Comparator.compare` keys them.
    /// - Complexity: O(rows x rounds log rows).
    public static func sums(of rows: [ResultRow]) -> [RowKey: (sxy: Double, sxx: Double)]? {
        guard let (usable, slowdowns) = rounds(of: rows) else { return nil }
        return usable.mapValues { RoundSpeeds.centredSums($0.samples, slowdowns) }
    }

    /// Whether `add` would take a run of these rows: enough rows with samples to tell its rounds (at least 8 rows of
    /// 4 benchmarks, as the run-wide drift needs).
    public static func canAdd(_ rows: [ResultRow]) -> Bool { rounds(of: rows) != nil }

    /// The rows `sums(of:)` takes and the run's rounds' slowdowns; nil when too few rows.
    static func rounds(of rows: [ResultRow]) -> (usable: [RowKey: ResultRow], slowdowns: [Double])? {
        let byKey = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let usable = byKey.filter { RoundSpeeds.isUsable($0.value) }
        guard Comparator.enoughToTellDrift(rows: usable.count, benchmarks: Set(usable.keys.map(\.benchmark)).count) else {
            return nil
        }
        return (usable, RoundSpeeds.slowdowns(byKey.values.map(\.samples)))
    }

    /// Adds one run's rows: their sums (`sums(of:)`), and each row's level (`level(_:_:)`) against its level in the
    /// last run that had it, if that run measured the same `configuration` (`configuration(of:)`), less the median
    /// row's change between the two (the machine's drift). False, and nothing added, when the run has too few rows.
    public mutating func add(_ rows: [ResultRow], configuration: String = "") -> Bool {
        guard let (usable, slowdowns) = Self.rounds(of: rows) else { return false }
        var levels: [RowKey: (level: Double, variance: Double)] = [:]
        for (key, row) in usable {
            let sum = RoundSpeeds.centredSums(row.samples, slowdowns)
            var entry = entries[key] ?? Entry(sxy: 0, sxx: 0, runs: 0)
            (entry.sxy, entry.sxx, entry.runs) = (entry.sxy + sum.sxy, entry.sxx + sum.sxx, entry.runs + 1)
            entries[key] = entry
            levels[key] = Self.level(row.samples, slowdowns)
        }
        let before = levels.compactMap { key, now -> (key: RowKey, change: Double)? in
            guard let last = entries[key]!.level, entries[key]!.levelConfiguration == configuration else { return nil }
            return (key, now.level - last)
        }
        if Comparator.enoughToTellDrift(rows: before.count, benchmarks: Set(before.map(\.key.benchmark)).count) {
            let drift = SampleStatistics.median(before.map(\.change))
            for (key, change) in before {
                let variance = levels[key]!.variance + (entries[key]!.levelVariance ?? 0)
                guard variance > 0 else { continue }
                entries[key]!.sdd += (change - drift) * (change - drift)
                entries[key]!.svv += variance
                entries[key]!.pairs += 1
            }
        }
        for (key, now) in levels {
            (entries[key]!.level, entries[key]!.levelVariance) = (now.level, now.variance)
            entries[key]!.levelConfiguration = configuration
        }
        return true
    }

    /// What a run measured, as `add` pairs runs: its commit (none outside a git work tree) and its options (budget,
    /// sizes, geometry, block alignment, ...), hashed (`StableHash`, 16 hex digits). Two runs of other commits are
    /// not paired, since a change made between them is not noise: for a row of 30 samples 5% apart (a pair's variance
    /// about 0.00026), one 1.5x change (a log of 0.405, squared 0.164) would keep its spread past `wideningGate` times a
    /// median of 1.65 (2.89) for some 110 pairs. Nor are a quick and a default run: their samples differ in number and length.
    /// The build is part of it too (`RunMetadata.build`, where recorded), since a run adds itself to the profile
    /// without being asked: a work tree's uncommitted change has the commit of the code before it.
    public static func configuration(of metadata: RunMetadata?) -> String {
        guard let metadata else { return "" }
        let build = metadata.build.map { ["build=" + $0] } ?? []
        let options = metadata.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return StableHash.hex(([metadata.gitCommit ?? "no commit"] + build + options).joined(separator: "\n"))
    }

    /// A row's level in one run, `log` of the median of its samples each divided by its round's slowdown, and that
    /// level's sampling variance, `(1.2533 s)^2 / n` with `s` the scaled median absolute deviation of the `n` divided
    /// logs (the median's standard error for normal samples): what one run's samples say of the level, as a
    /// bootstrap of them does. Every row is divided by the whole slowdown (an exponent of 1), so that its level does
    /// not move as its exponent is learnt (with the exponent learnt so far, 10 copies of one run would give several
    /// rows a spread).
    /// - Complexity: O(samples log samples).
    static func level(_ samples: [Double], _ slowdowns: [Double]) -> (level: Double, variance: Double) {
        let logs = samples.indices.map { log(samples[$0]) - log(slowdowns[$0]) }
        let median = SampleStatistics.median(logs)
        let deviation = 1.4826 * SampleStatistics.median(logs.map { abs($0 - median) })
        return (median, pow(1.2533 * deviation, 2) / Double(logs.count))
    }

    /// The factor by which `compare` widens each row's time interval (`Comparator.widen`): a row whose `spread`
    /// is more than `wideningGate` times the median row's gets that ratio; the others, and every row while fewer
    /// than `Comparator.minimumRowsForDrift` rows have a spread, are absent (1).
    ///
    /// A bootstrap over one run's samples cannot see what moves a row's level from one process to the next (Kalibera
    /// and Jones, "Rigorous Benchmarking in Reasonable Time", 2013: the variance between executions); a row whose
    /// level moves between runs far more than the median row's would otherwise flag A/A pairs.
    /// Evidence: Docs/NOISE.md, "Spreads between runs".
    public func widenings() -> [RowKey: Double] {
        let spreads = entries.compactMapValues(\.spread)
        guard spreads.count >= Comparator.minimumRowsForDrift else { return [:] }
        let typical = SampleStatistics.median(Array(spreads.values))
        guard typical > 0 else { return [:] }
        return spreads.compactMapValues { $0 / typical > Self.wideningGate ? $0 / typical : nil }
    }

    // MARK: The file

    /// The columns, in order: the exponent's sums (`legacyColumns`), then the spread's (`Entry`; the last two empty
    /// before a run had the row).
    public static let columns = legacyColumns + ["pairs", "sdd", "svv", "level", "level_variance", "level_configuration"]
    /// The columns of a profile without the spread's: read as rows of no pairs.
    public static let legacyColumns = ["machine", "benchmark", "size", "runs", "sxy", "sxx"]

    /// The profile's CSV, rows in key order.
    public var csv: String {
        Self.columns.joined(separator: ",") + "\n" + entries.keys.sorted().map { key in
            let entry = entries[key]!
            return [machine, key.benchmark.description, String(key.size), String(entry.runs),
                    DecimalFormat.exact(entry.sxy), DecimalFormat.exact(entry.sxx), String(entry.pairs),
                    DecimalFormat.exact(entry.sdd), DecimalFormat.exact(entry.svv),
                    entry.level.map(DecimalFormat.exact) ?? "", entry.levelVariance.map(DecimalFormat.exact) ?? "",
                    entry.levelConfiguration]
                .joined(separator: ",") + "\n"
        }.joined()
    }

    /// Replaces the file at `path` with this profile (`AtomicFile`; its folder is created). The caller holds the
    /// file's exclusive `FileLock` across its read, add and write: two runs adding at once would otherwise lose one.
    public func write(to path: String) throws {
        guard !machine.isEmpty, !machine.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else {
            throw FileWriteError(path: path, reason: "machine \"\(machine)\" cannot be a CSV field")
        }
        try AtomicFile.createFolder(of: path)
        let text = csv
        try AtomicFile.write(to: path) { emit in try emit(text) }
    }

    /// The profile at `path`; nil when there is no file. It needs no lock: a write replaces the whole file by a rename.
    /// - Throws: `ResultsFileError` naming the file and line.
    public static func read(_ path: String) throws -> MachineProfile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try parse(try ResultsFile.contents(of: path), path: path)
    }

    /// Parses profile CSV text; `path` names the file in errors. The header must be exactly `columns` or
    /// `legacyColumns`; a file with a header only is a profile of no runs, whose machine is the file's name.
    /// - Complexity: O(text length).
    public static func parse(_ text: String, path: String) throws -> MachineProfile {
        var table = try CSVTable(text: text, path: path, required: legacyColumns)
        let spread = table.width == columns.count
        guard spread || table.width == legacyColumns.count else {
            throw ResultsFileError(path: path, line: 1, reason:
                "expected the \(legacyColumns.count) or \(columns.count) profile columns, found \(table.width)")
        }
        if spread, let missing = columns.first(where: { table.columns[$0] == nil }) {
            throw ResultsFileError(path: path, line: 1, reason: "missing column '\(missing)'")
        }
        var profile = MachineProfile(machine: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        var first = true
        while let record = try table.next() {
            guard !record["machine"].isEmpty else { throw record.error("machine", "empty") }
            if first { profile.machine = record["machine"] }
            guard record["machine"] == profile.machine else {
                throw record.error("machine", "\"\(record["machine"])\" is not \"\(profile.machine)\": a profile is of one machine")
            }
            first = false
            let key = RowKey(benchmark: try record.benchmark("benchmark"), size: try record.integer("size"))
            let runs = try record.integer("runs")
            guard runs > 0 else { throw record.error("runs", "0: a row is in the file once a run had it") }
            let sxx = try record.number("sxx")
            guard sxx >= 0 else { throw record.error("sxx", "\(sxx) is negative: it is a sum of squares") }
            var entry = Entry(sxy: try record.number("sxy"), sxx: sxx, runs: runs)
            if spread {
                entry.pairs = try record.integer("pairs")
                guard entry.pairs < runs else { throw record.error("pairs", "\(entry.pairs): a row has fewer pairs than runs") }
                for (column, sum) in [("sdd", \Entry.sdd), ("svv", \Entry.svv)] {
                    entry[keyPath: sum] = try record.number(column)
                    guard entry[keyPath: sum] >= 0 else {
                        throw record.error(column, "\(entry[keyPath: sum]) is negative: it is a sum of squares")
                    }
                }
                (entry.level, entry.levelVariance) = (try record.optionalNumber("level"), try record.optionalNumber("level_variance"))
                guard (entry.level == nil) == (entry.levelVariance == nil) else {
                    throw record.error("level_variance", "a level and its variance come together")
                }
                entry.levelConfiguration = record["level_configuration"]
            }
            guard profile.entries.updateValue(entry, forKey: key) == nil else {
                throw record.error("benchmark", "\(key) is in the file twice")
            }
        }
        return profile
    }
}
