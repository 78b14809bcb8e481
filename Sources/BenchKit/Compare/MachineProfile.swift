import Foundation

/// How much each row feels one machine's slow rounds, learnt from earlier runs on that machine: per row, the sums of
/// `RoundSpeeds`' exponent (`Sxy` and `Sxx` of log sample on log slowdown, each run centred on its own means) added up
/// over every run recorded, and how many runs that is. `Results/profiles/MACHINE.csv`; `run --history` adds each run,
/// `profile` adds stored runs, and `compare` and `run` divide by it (`RoundSpeeds.divide(baseline:current:profile:)`)
/// once it holds `minimumRuns` runs.
///
/// Why (issue 19, session 11): a pair of runs alone cannot measure a row's exponent when one run was slow in nearly
/// every round, and on the 2-core AMD EPYC VM rows felt the slow state differently (the median row 1.47x, `wrap/*`
/// 1.14x, `lookup/sortedScan` at n = 3 1.86x) and alike from run to run. Learnt from the other sets' runs (leave one
/// set out, six quick sets of 11 runs), an offline approximation of `compare` flagged an A/A row in 0 of 60 quick
/// pairs against 1, and the hardest pair needed 17% against 43% (README, "Round speeds", session 11).
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
    }

    /// The machine's slug (`HistoryFile.machineSlug` of its fingerprint).
    public var machine: String
    public var entries: [RowKey: Entry]

    public init(machine: String, entries: [RowKey: Entry] = [:]) {
        self.machine = machine
        self.entries = entries
    }

    /// The fewest runs a row's entry must hold to be used: profiles of 2, 5 and 11 random runs flagged A/A rows in
    /// 5, 2 and 0 of 60 quick pairs (session 11).
    public static let minimumRuns = 10
    /// How many runs' worth of the profile a pair's own sums are added to: the profile's per-run averages times this.
    /// With it, a pair of a build whose rows' exponents had changed (a new input cycle) needed a 22% threshold
    /// against 46% with the profile alone, and the quick sets scored as with the profile alone (session 11).
    public static let weight = 3.0
    /// The largest exponent with a profile: rows ran up to 1.87x slower in rounds whose median row ran 1.47x slower.
    public static let maximumExponent = 2.5

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

    /// What a pair's own sums get added for `key` (`RoundSpeeds.divide`): the row's per-run averages times `weight`,
    /// or nothing when its entry holds fewer than `minimumRuns` runs.
    public func prior(_ key: RowKey) -> (sxy: Double, sxx: Double) {
        guard let entry = entries[key], entry.runs >= Self.minimumRuns else { return (0, 0) }
        return (Self.weight * entry.sxy / Double(entry.runs), Self.weight * entry.sxx / Double(entry.runs))
    }

    /// One run's sums per row: each row with `minimumSamplesForInterval` samples, every one positive, against the
    /// run's rounds' slowdowns (`RoundSpeeds.slowdowns`, each row's fastest in the run). Nil when fewer than
    /// `Comparator.minimumRowsForDrift` such rows of `minimumBenchmarksForDrift` benchmarks: a filtered run cannot
    /// tell its rounds. A key's first row counts, as `Comparator.compare` keys them.
    /// - Complexity: O(rows x rounds log rows).
    public static func sums(of rows: [ResultRow]) -> [RowKey: (sxy: Double, sxx: Double)]? {
        let byKey = Dictionary(rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let usable = byKey.filter { RoundSpeeds.isUsable($0.value) }
        guard Comparator.enoughToTellDrift(rows: usable.count, benchmarks: Set(usable.keys.map(\.benchmark)).count) else {
            return nil
        }
        let slowdowns = RoundSpeeds.slowdowns(byKey.values.map(\.samples))
        return usable.mapValues { RoundSpeeds.centredSums($0.samples, slowdowns) }
    }

    /// Adds one run's rows (`sums(of:)`); false, and nothing added, when the run has too few rows.
    public mutating func add(_ rows: [ResultRow]) -> Bool {
        guard let sums = Self.sums(of: rows) else { return false }
        for (key, sum) in sums {
            let old = entries[key] ?? Entry(sxy: 0, sxx: 0, runs: 0)
            entries[key] = Entry(sxy: old.sxy + sum.sxy, sxx: old.sxx + sum.sxx, runs: old.runs + 1)
        }
        return true
    }

    // MARK: The file

    /// The columns, in order.
    public static let columns = ["machine", "benchmark", "size", "runs", "sxy", "sxx"]

    /// The profile's CSV, rows in key order.
    public var csv: String {
        Self.columns.joined(separator: ",") + "\n" + entries.keys.sorted().map { key in
            let entry = entries[key]!
            return [machine, key.benchmark.description, String(key.size), String(entry.runs),
                    DecimalFormat.exact(entry.sxy), DecimalFormat.exact(entry.sxx)].joined(separator: ",") + "\n"
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

    /// Parses profile CSV text; `path` names the file in errors. The header must be exactly `columns`; a file with
    /// a header only is a profile of no runs, whose machine is the file's name.
    /// - Complexity: O(text length).
    public static func parse(_ text: String, path: String) throws -> MachineProfile {
        var table = try CSVTable(text: text, path: path, required: columns)
        guard table.width == columns.count else {
            throw ResultsFileError(path: path, line: 1, reason: "expected the \(columns.count) profile columns, found \(table.width)")
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
            guard profile.entries.updateValue(Entry(sxy: try record.number("sxy"), sxx: sxx, runs: runs), forKey: key) == nil else {
                throw record.error("benchmark", "\(key) is in the file twice")
            }
        }
        return profile
    }
}
