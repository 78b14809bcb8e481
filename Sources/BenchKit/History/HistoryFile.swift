import Determinism
import Foundation

/// One benchmark at one size in one run, as a row of a history file.
public struct HistoryRow: Sendable, Equatable {
    /// The commit the run measured.
    public var commit: String
    /// When the run finished, ISO-8601 (`2026-05-01T12:00:00Z`, fractional seconds allowed).
    public var time: String
    /// The machine's slug (`HistoryFile.machineSlug`).
    public var machine: String
    public var benchmark: String
    public var size: Int
    /// The run's median, in `unit`.
    public var median: Double
    /// The confidence interval of the median, when the run computed one.
    public var ciLow: Double?
    public var ciHigh: Double?
    /// Instructions per iteration, when counted.
    public var instructions: Double?
    /// The unit of `median`, `ciLow` and `ciHigh` (for example `ns/call`).
    public var unit: String

    public init(
        commit: String, time: String, machine: String, benchmark: String, size: Int, median: Double,
        ciLow: Double? = nil, ciHigh: Double? = nil, instructions: Double? = nil, unit: String
    ) {
        self.commit = commit
        self.time = time
        self.machine = machine
        self.benchmark = benchmark
        self.size = size
        self.median = median
        self.ciLow = ciLow
        self.ciHigh = ciHigh
        self.instructions = instructions
        self.unit = unit
    }
}

/// The history of the runs on one machine: `Results/history/<machine>.csv`, one row per benchmark and size
/// per run, appended after every run, and the series and change points read from it.
///
/// The file is the result files' strict CSV dialect: `\n` line ends, one header row, no quoted fields (a
/// field holding `,`, `"` or a line break is refused on writing), `.` decimal point, an empty field for an
/// unmeasured figure. Columns, in order: `commit,time,machine,benchmark,size,median,ci_low,ci_high,instructions,unit`.
///
///     let path = HistoryFile.path(machine: HistoryFile.machineSlug(cpuModel + " " + host))
///     try HistoryFile.append(rows, to: path)
///     let analyses = HistoryFile.analyze(HistoryFile.series(try HistoryFile.read(path)))
///     for analysis in analyses { for step in analysis.steps { print(step.commit, step.changePoint.relativeStep) } }
public enum HistoryFile {
    /// The columns, in order.
    public static let columns = [
        "commit", "time", "machine", "benchmark", "size", "median", "ci_low", "ci_high", "instructions", "unit",
    ]

    /// The default folder of the history files.
    public static let directory = "Results/history"

    /// `<directory>/<machine>.csv`.
    public static func path(directory: String = HistoryFile.directory, machine: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + machine + ".csv"
    }

    /// A file-name-safe name for a machine fingerprint (CPU model, host, ...): lower-case ASCII letters and
    /// digits with single `-` between words, at most 40 of them, then `-` and 8 hex digits of a stable hash
    /// (`StableHash`, 32 bits) of the whole fingerprint, so fingerprints that read alike still get different files.
    /// `"AMD EPYC 7B13 64-Core Processor"` -> `"amd-epyc-7b13-64-core-processor-1c0a3f5e"` (hash illustrative).
    /// - Complexity: O(fingerprint length).
    public static func machineSlug(_ fingerprint: String) -> String {
        var words = ""
        var pendingDash = false
        for scalar in fingerprint.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash && !words.isEmpty { words += "-" }
                pendingDash = false
                words.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first!)
            } else {
                pendingDash = true
            }
        }
        if words.count > 40 {
            words = String(words.prefix(40))
            while words.hasSuffix("-") { words.removeLast() }
        }
        // The hash's low 32 bits, the width the files are already named with.
        return (words.isEmpty ? "machine" : words) + "-" + StableHash.hex(fingerprint).suffix(8)
    }

    // MARK: Writing

    /// The history CSV of `rows`, with its header.
    /// - Throws: `FileWriteError` (naming `path`) for a row the dialect cannot hold.
    public static func csv(_ rows: [HistoryRow], path: String = "history") throws -> String {
        try columns.joined(separator: ",") + "\n" + lines(rows, path: path)
    }

    /// Appends `rows` to the history file at `path`, creating it (and its folder) when absent.
    ///
    /// The existing file is read and checked first; a malformed one is left as it is and its
    /// `ResultsFileError` thrown. The whole new file (the old text unchanged, then the new rows) replaces the
    /// old one with `AtomicFile`, so a crash leaves either the old or the new file, never a torn one, and a
    /// reader sees all of one append's rows or none of them. The caller holds the file's exclusive `FileLock`
    /// across the append: without it, two processes appending at once lose one's rows (the last rename wins).
    /// - Complexity: O(file size + rows).
    public static func append(_ rows: [HistoryRow], to path: String) throws {
        let newLines = try lines(rows, path: path)
        var text: String
        if FileManager.default.fileExists(atPath: path) {
            text = try ResultsFile.contents(of: path)
            _ = try parse(text, path: path)
            if !text.hasSuffix("\n") { text += "\n" }
        } else {
            try AtomicFile.createFolder(of: path)
            text = columns.joined(separator: ",") + "\n"
        }
        let whole = text + newLines
        try AtomicFile.write(to: path) { emit in try emit(whole) }
    }

    static func lines(_ rows: [HistoryRow], path: String) throws -> String {
        var text = ""
        for (index, row) in rows.enumerated() {
            func refuse(_ reason: String) -> FileWriteError {
                FileWriteError(path: path, reason: "history row \(index + 1) (\(row.benchmark) size \(row.size)): \(reason)")
            }
            for (name, value) in [("commit", row.commit), ("time", row.time), ("machine", row.machine),
                                  ("benchmark", row.benchmark), ("unit", row.unit)] {
                if value.isEmpty { throw refuse("empty \(name)") }
                if value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) {
                    throw refuse("\(name) \"\(value)\" holds a comma, quote or line break")
                }
            }
            if parseTime(row.time) == nil { throw refuse("time \"\(row.time)\" is not ISO-8601") }
            if row.size < 0 { throw refuse("negative size") }
            let numbers = [("median", row.median), ("ci_low", row.ciLow), ("ci_high", row.ciHigh),
                           ("instructions", row.instructions)]
            for case let (name, value?) in numbers where !value.isFinite { throw refuse("\(name) is not finite") }
            let fields = [
                row.commit, row.time, row.machine, row.benchmark, String(row.size),
                DecimalFormat.string(row.median, decimals: 4),
                row.ciLow.map { DecimalFormat.string($0, decimals: 4) } ?? "",
                row.ciHigh.map { DecimalFormat.string($0, decimals: 4) } ?? "",
                row.instructions.map { DecimalFormat.string($0, decimals: 2) } ?? "",
                row.unit,
            ]
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }

    // MARK: Reading

    /// Reads the history file at `path`. It needs no lock: an append replaces the whole file by a rename, so
    /// one read sees the file before or after it.
    /// - Throws: `ResultsFileError` naming the file and line.
    /// - Complexity: O(file size).
    public static func read(_ path: String) throws -> [HistoryRow] {
        try parse(try ResultsFile.contents(of: path), path: path)
    }

    /// Parses history CSV text; `path` names the file in errors. The header must be exactly `columns`.
    /// - Complexity: O(text length).
    public static func parse(_ text: String, path: String) throws -> [HistoryRow] {
        var table = try CSVTable(text: text, path: path, required: columns)
        guard table.width == columns.count else {
            throw ResultsFileError(path: path, line: 1, reason: "expected the \(columns.count) history columns, found \(table.width)")
        }
        var rows: [HistoryRow] = []
        while let record = try table.next() {
            for name in ["commit", "time", "machine", "benchmark", "unit"] where record[name].isEmpty {
                throw record.error(name, "empty")
            }
            guard parseTime(record["time"]) != nil else {
                throw record.error("time", "\"\(record["time"])\" is not an ISO-8601 time")
            }
            rows.append(HistoryRow(
                commit: record["commit"], time: record["time"], machine: record["machine"],
                benchmark: record["benchmark"], size: try record.integer("size"), median: try record.number("median"),
                ciLow: try record.optionalNumber("ci_low"), ciHigh: try record.optionalNumber("ci_high"),
                instructions: try record.optionalNumber("instructions"), unit: record["unit"]))
        }
        return rows
    }

    /// An ISO-8601 time with or without fractional seconds.
    static func parseTime(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }

    // MARK: Series

    /// The rows grouped into one series per machine, benchmark, size and unit (a benchmark whose unit changed
    /// starts a new series), sorted by key, each with one point per commit.
    ///
    /// A commit's point sits at the time of its first run (so commits are ordered by when they were first
    /// measured; ties keep file order). A commit measured several times gets the median of the runs' medians,
    /// and the median of the runs' `ci_low`, `ci_high` and `instructions` where present.
    /// - Complexity: O(rows log rows).
    public static func series(_ rows: [HistoryRow]) -> [HistorySeries] {
        var grouped: [HistorySeriesKey: [String: [(order: Int, time: Date, row: HistoryRow)]]] = [:]
        var commitOrder: [HistorySeriesKey: [String]] = [:]
        for (order, row) in rows.enumerated() {
            let key = HistorySeriesKey(machine: row.machine, benchmark: row.benchmark, size: row.size, unit: row.unit)
            let time = parseTime(row.time) ?? .distantPast
            if grouped[key, default: [:]][row.commit] == nil { commitOrder[key, default: []].append(row.commit) }
            grouped[key, default: [:]][row.commit, default: []].append((order, time, row))
        }
        return grouped.keys.sorted().map { key in
            let byCommit = grouped[key]!
            let points = commitOrder[key]!.map { commit -> (first: (time: Date, order: Int), point: HistoryPoint) in
                let runs = byCommit[commit]!
                let first = runs.min { ($0.time, $0.order) < ($1.time, $1.order) }!
                func median(_ values: [Double?]) -> Double? {
                    let present = values.compactMap { $0 }
                    return present.isEmpty ? nil : SampleStatistics.median(present)
                }
                return ((first.time, first.order), HistoryPoint(
                    commit: commit, time: first.row.time, runs: runs.count,
                    median: SampleStatistics.median(runs.map(\.row.median)),
                    ciLow: median(runs.map(\.row.ciLow)), ciHigh: median(runs.map(\.row.ciHigh)),
                    instructions: median(runs.map(\.row.instructions))))
            }
            .sorted { $0.first < $1.first }
            .map(\.point)
            return HistorySeries(key: key, points: points)
        }
    }

    /// The commits of `series`, each once, ordered by the time of their first run in any of them (ties keep
    /// the order they are first met in): the common commit axis of several series.
    /// - Complexity: O(points log points).
    public static func commits(of series: [HistorySeries]) -> [String] {
        var first: [String: (time: Date, order: Int)] = [:]
        var order = 0
        for point in series.flatMap(\.points) {
            let time = parseTime(point.time) ?? .distantPast
            if let known = first[point.commit], known.time <= time { continue }
            first[point.commit] = (time, first[point.commit]?.order ?? order)
            order += 1
        }
        return first.sorted { ($0.value.time, $0.value.order) < ($1.value.time, $1.value.order) }.map(\.key)
    }

    /// Change points and creeps (`EDivisive.analyze`) of every series' medians, in the order given.
    /// - Complexity: that of `EDivisive.analyze` per series.
    public static func analyze(
        _ series: [HistorySeries], options: ChangePointOptions = ChangePointOptions()
    ) -> [HistorySeriesAnalysis] {
        series.map { HistorySeriesAnalysis(series: $0, analysis: EDivisive.analyze($0.medians, options: options)) }
    }
}

/// What a history series is the series of.
public struct HistorySeriesKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var machine: String
    public var benchmark: String
    public var size: Int
    public var unit: String

    public init(machine: String, benchmark: String, size: Int, unit: String) {
        self.machine = machine
        self.benchmark = benchmark
        self.size = size
        self.unit = unit
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.machine, a.benchmark, a.size, a.unit) < (b.machine, b.benchmark, b.size, b.unit)
    }

    /// `benchmark size 100 (ns/call)`.
    public var description: String { "\(benchmark) size \(size) (\(unit))" }
}

/// One commit of a history series.
public struct HistoryPoint: Sendable, Equatable {
    public var commit: String
    /// The time of the commit's first run, as written.
    public var time: String
    /// How many runs measured the commit.
    public var runs: Int
    /// The median of the runs' medians.
    public var median: Double
    public var ciLow: Double?
    public var ciHigh: Double?
    public var instructions: Double?

    public init(
        commit: String, time: String, runs: Int, median: Double, ciLow: Double? = nil, ciHigh: Double? = nil,
        instructions: Double? = nil
    ) {
        self.commit = commit
        self.time = time
        self.runs = runs
        self.median = median
        self.ciLow = ciLow
        self.ciHigh = ciHigh
        self.instructions = instructions
    }
}

/// One benchmark at one size over the commits, oldest first.
public struct HistorySeries: Sendable, Equatable {
    public var key: HistorySeriesKey
    public var points: [HistoryPoint]

    public init(key: HistorySeriesKey, points: [HistoryPoint]) {
        self.key = key
        self.points = points
    }

    /// The medians, one per commit: the series change points are found in.
    public var medians: [Double] { points.map(\.median) }
}

/// A step of a history series: the commit where the new level starts.
public struct HistoryStep: Sendable, Equatable {
    public var changePoint: ChangePoint
    /// The first commit at the new level: the commit that made the change.
    public var commit: String
    /// The last commit at the old level.
    public var previousCommit: String
}

/// A creep of a history series, from the first commit off the old level to the last one that still moved.
public struct HistoryCreep: Sendable, Equatable {
    public var creep: Creep
    public var firstCommit: String
    public var lastCommit: String
}

/// A history series with its change points and creeps.
public struct HistorySeriesAnalysis: Sendable, Equatable {
    public var series: HistorySeries
    public var analysis: ChangePointAnalysis

    public init(series: HistorySeries, analysis: ChangePointAnalysis) {
        self.series = series
        self.analysis = analysis
    }

    /// The change points with their commits.
    public var steps: [HistoryStep] {
        analysis.changePoints.map {
            HistoryStep(changePoint: $0, commit: series.points[$0.index].commit,
                        previousCommit: series.points[$0.index - 1].commit)
        }
    }

    /// The creeps with their commits.
    public var creeps: [HistoryCreep] {
        analysis.creeps.map {
            HistoryCreep(creep: $0, firstCommit: series.points[$0.start].commit,
                         lastCommit: series.points[$0.end - 1].commit)
        }
    }

    /// Whether anything was found.
    public var hasFindings: Bool { !analysis.changePoints.isEmpty }
}
