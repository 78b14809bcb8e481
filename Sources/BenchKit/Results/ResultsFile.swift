import Foundation

/// A result or comparison file is malformed: which file, which line (1-based), and why.
/// `description` is one line: `Results/x.csv:7: column 'median': "abc" is not a number`.
public struct ResultsFileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var reason: String

    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(path):\(line): \(reason)" }
}

/// A results file (`NAME.csv`), its raw samples (`NAME.samples.csv`) and metadata (`NAME.meta.json`), in the
/// columns of a `ResultSchema`.
///
/// The writer's dialect is a plain subset of RFC 4180: `\n` line ends, one header row, no quoted fields, `.`
/// decimal point, an empty field for an unmeasured figure. Reading accepts all of RFC 4180 (see `CSVTable`:
/// CRLF, quotes, a BOM, columns in any order) and rejects anything else with a `ResultsFileError`.
public enum ResultsFile {
    /// `Results/x.csv` -> `Results/x.samples.csv`.
    public static func samplesPath(for path: String) -> String { stem(path) + ".samples.csv" }

    /// `Results/x.csv` -> `Results/x.meta.json`.
    public static func metadataPath(for path: String) -> String { stem(path) + ".meta.json" }

    /// The three files of the set whose results file is `path`.
    public static func setPaths(_ path: String) -> [String] { [path, samplesPath(for: path), metadataPath(for: path)] }

    private static func stem(_ path: String) -> String { path.hasSuffix(".csv") ? String(path.dropLast(4)) : path }

    // MARK: Writing

    /// Writes the results CSV, its samples file (a header only when no row has samples) and its metadata as one
    /// set (`AtomicFileSet`): after a crash the old three files or the new three are there, never a mix.
    /// The caller holds the set's exclusive `FileLock` (`FileLock.acquire(guarding: path, ...)`), so that no
    /// other process writes it at the same time. `interruptAfter` simulates a crash after that many steps (tests).
    /// - Complexity: O(rows + samples).
    public static func write(_ result: RunResult, schema: ResultSchema, to path: String, interruptAfter: Int? = nil) throws {
        var rows = ""
        emitRows(result.rows, schema: schema) { rows += $0 }
        var samples = ""
        emitSamples(result.rows, schema: schema) { samples += $0 }
        let metadata = String(decoding: try result.metadata.jsonData(), as: UTF8.self)
        try AtomicFileSet.write(Dictionary(uniqueKeysWithValues: zip(setPaths(path), [rows, samples, metadata])),
                                interruptAfter: interruptAfter)
    }


    /// The results CSV as text.
    public static func csv(_ rows: [ResultRow], schema: ResultSchema) -> String {
        var text = ""
        emitRows(rows, schema: schema) { text += $0 }
        return text
    }

    static func emitRows(_ rows: [ResultRow], schema: ResultSchema, _ emit: (String) throws -> Void) rethrows {
        try emit(schema.columns.joined(separator: ",") + "\n")
        for row in rows {
            let metrics = schema.metrics.map { $0.text(row) }
            try emit((schema.identityFields(row) + metrics).joined(separator: ",") + "\n")
        }
    }

    static func emitSamples(_ rows: [ResultRow], schema: ResultSchema, _ emit: (String) throws -> Void) rethrows {
        try emit(schema.sampleColumns.joined(separator: ",") + "\n")
        for row in rows {
            for (index, value) in row.samples.enumerated() {
                try emit("\(row.benchmark),\(row.size),\(index),\(DecimalFormat.exact(value))\n")
            }
        }
    }

    // MARK: Reading

    /// Reads the whole set whose results file is `path`, its rows (with their samples) and its metadata, as
    /// one commit left them: under the set's shared `FileLock`, so no writer is halfway through it. A set
    /// whose commit a crash interrupted is first recovered (`AtomicFileSet.recover`) under the exclusive lock.
    /// - Throws: `LockTimeout` when a writer held the set for all of `wait.timeout`; the errors of `read`.
    /// - Complexity: O(file size).
    public static func readSet(_ path: String, schema: ResultSchema, wait: LockWait) throws -> (rows: [ResultRow], metadata: RunMetadata?) {
        var lock = try FileLock.acquire(guarding: path, mode: .shared, wait: wait)
        defer { lock?.release() }
        if AtomicFileSet.isInterrupted(setPaths(path)) {
            lock?.release()
            lock = try FileLock.acquire(guarding: path, mode: .exclusive, wait: wait)
            try AtomicFileSet.recover(setPaths(path))
        }
        return (try read(path, schema: schema), try readMetadata(for: path))
    }

    /// Reads a results CSV and, when `NAME.samples.csv` exists beside it, its raw samples.
    /// Samples are attached to a row only when their count equals the row's `samples` column
    /// (a samples file from another run is not mixed in). Another process may be writing the set meanwhile:
    /// `readSet` reads the files of one commit.
    /// - Complexity: O(file size).
    public static func read(_ path: String, schema: ResultSchema) throws -> [ResultRow] {
        var rows = try parse(try contents(of: path), path: path, schema: schema)
        let samples = samplesPath(for: path)
        if FileManager.default.fileExists(atPath: samples) {
            let bySample = try parseSamples(try contents(of: samples), path: samples, schema: schema)
            for index in rows.indices {
                if let values = bySample[rows[index].key], values.count == rows[index].sampleCount {
                    rows[index].samples = values
                }
            }
        }
        return rows
    }

    /// Reads `NAME.meta.json` beside a results CSV; nil when absent.
    public static func readMetadata(for path: String) throws -> RunMetadata? {
        let metadata = metadataPath(for: path)
        guard FileManager.default.fileExists(atPath: metadata) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: metadata))
        do {
            return try JSONDecoder().decode(RunMetadata.self, from: data)
        } catch {
            throw ResultsFileError(path: metadata, line: 1, reason: "not valid run metadata JSON")
        }
    }

    static func contents(of path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsFileError(path: path, line: 0, reason: "cannot read file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ResultsFileError(path: path, line: 1, reason: "not UTF-8 text")
        }
        return text
    }

    /// Parses results CSV text; `path` names the file in errors.
    /// - Complexity: O(text length).
    public static func parse(_ text: String, path: String, schema: ResultSchema) throws -> [ResultRow] {
        var table = try CSVTable(text: text, path: path, required: schema.requiredColumns)
        var rows: [ResultRow] = []
        var seen: Set<RowKey> = []
        while let record = try table.next() {
            let benchmark = try record.benchmark("benchmark")
            for (column, expected) in [("family", benchmark.family), ("strategy", benchmark.strategy)]
            where record[column] != expected {
                throw record.error(column, "\"\(record[column])\" does not match benchmark \"\(benchmark)\"")
            }
            guard let unit = IterationUnit(rawValue: record["unit"]) else {
                throw record.error("unit", "\"\(record["unit"])\" is not a unit (ns/WORD, e.g. ns/call)")
            }
            var row = ResultRow(
                benchmark: benchmark, size: try record.integer(schema.sizeColumn),
                items: try record.integer(schema.itemsColumn),
                unit: unit, samples: [], sampleCount: try record.integer("samples"),
                iterationsPerSample: try record.integer("iterations_per_sample"),
                min: .nan, median: .nan, p90: .nan, mad: .nan, mallocsPerIteration: nil, instructionsPerIteration: nil)
            // Every stored figure from its column: the time statistics must be numbers, the counts may be empty
            // (unmeasured), and a column an older file lacks stays unmeasured.
            for metric in Metric.stored {
                if let storeLabel = metric.storeLabel {
                    storeLabel(&row, record[metric.column].isEmpty ? nil : record[metric.column])
                    continue
                }
                let figure = metric.neverEmpty ? try record.number(metric.column) : try record.optionalNumber(metric.column)
                metric.store?(&row, figure)
            }
            guard seen.insert(row.key).inserted else {
                throw ResultsFileError(path: path, line: record.line, reason: "duplicate row for \(benchmark) \(schema.sizeColumn) \(row.size)")
            }
            rows.append(row)
        }
        return rows
    }

    /// Parses samples CSV text into values per row, ordered by sample index.
    /// - Complexity: O(text length + samples log samples).
    public static func parseSamples(_ text: String, path: String, schema: ResultSchema) throws -> [RowKey: [Double]] {
        var table = try CSVTable(text: text, path: path, required: schema.sampleColumns)
        var indexed: [RowKey: [(index: Int, value: Double)]] = [:]
        while let record = try table.next() {
            let key = RowKey(benchmark: try record.benchmark("benchmark"), size: try record.integer(schema.sizeColumn))
            indexed[key, default: []].append((try record.integer("sample"), try record.number("value")))
        }
        return indexed.mapValues { $0.sorted { $0.index < $1.index }.map(\.value) }
    }
}
