import Determinism
import Foundation

/// Where and how a run was made: written beside the results as `NAME.meta.json`.
public struct RunMetadata: Sendable, Equatable, Codable {
    /// ISO-8601 time the run finished, UTC.
    public var time: String
    /// The commit of the git work tree the run started in; nil outside one.
    public var gitCommit: String?
    public var swiftVersion: String
    /// The CPU's name (`MachineFingerprint.cpuModel`); nil when unreadable.
    public var cpuModel: String?
    public var host: String
    /// The machine the timings were taken on; nil in files without a fingerprint (an unknown machine).
    public var machine: MachineFingerprint?
    public var options: [String: String]
    /// For a file merged from several runs (`ResultsMerge`): which rows came from which run. nil for one run.
    public var sources: [RunSource]?
    /// Names the run that wrote the file (`HOST-PID-RANDOM`), unique per run, so that a set can be traced to
    /// the run it came from when several runs write one output; nil in files that do not record it.
    public var runID: String?
    /// The executable that made the run, as `executableIdentity` names it: two runs of one build carry the same,
    /// a rebuild another (the commit cannot tell a work tree's uncommitted changes apart). nil in files that do not
    /// record it and where the executable cannot be read.
    public var build: String?
    /// How much the run measured (`RunScope`): quick or full, budget, processes, sizes. Times are compared only
    /// between rows of one scope (`ScopeCheck`). In a merged file (`sources`), the last run's; each source has its
    /// own. nil in files that do not record it.
    public var scope: RunScope?
    /// The reference rows of the run (`RunOptions.references`), as `family/strategy@size`, in key order: the rows a
    /// comparison takes the run-wide drift and the rounds' speeds from (`ComparisonOptions.references`). nil in files
    /// that do not record them, and in a run that had none.
    public var references: [String]?

    public init(
        time: String, gitCommit: String?, swiftVersion: String, cpuModel: String?, host: String,
        machine: MachineFingerprint? = nil, options: [String: String]
    ) {
        self.time = time
        self.gitCommit = gitCommit
        self.swiftVersion = swiftVersion
        self.cpuModel = cpuModel
        self.host = host
        self.machine = machine
        self.options = options
    }

    /// A fresh `runID`: this host, this process and a random number.
    public static func newRunID() -> String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-"
            + String(UInt64.random(in: .min ... .max), radix: 36)
    }

    /// The metadata of this process now, from the current directory's git work tree.
    public static func current(options: [String: String]) -> RunMetadata {
        let machine = MachineFingerprint.current
        var metadata = RunMetadata(
            time: ISO8601DateFormatter().string(from: Date()),
            gitCommit: gitCommit(in: FileManager.default.currentDirectoryPath),
            swiftVersion: compilerVersion, cpuModel: machine.cpuModel, host: ProcessInfo.processInfo.hostName,
            machine: machine, options: options
        )
        metadata.runID = newRunID()
        metadata.build = executableIdentity
        return metadata
    }

    /// This process's executable, as its size and modification time hashed (`StableHash`, 16 hex digits): cheap,
    /// and different for every build (a copy made without keeping the time, `cp` without `-p`, reads as another).
    /// nil where the executable's path or attributes cannot be read.
    static var executableIdentity: String? {
        guard let path = Bundle.main.executablePath,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return StableHash.hex("\(size.int64Value)\n\(modified.timeIntervalSince1970)")
    }

    /// The compiler that built the harness (major.minor).
    static var compilerVersion: String {
        #if compiler(>=6.4)
            return ">=6.4"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }

    /// Reads HEAD of the nearest enclosing `.git` directory without running git.
    static func gitCommit(in directory: String) -> String? {
        var url = URL(fileURLWithPath: directory)
        while true {
            let git = url.appendingPathComponent(".git")
            if let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8) {
                let reference = head.trimmingCharacters(in: .whitespacesAndNewlines)
                guard reference.hasPrefix("ref: ") else { return reference }
                let name = String(reference.dropFirst(5))
                if let commit = try? String(contentsOf: git.appendingPathComponent(name), encoding: .utf8) {
                    return commit.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                let packed = (try? String(contentsOf: git.appendingPathComponent("packed-refs"), encoding: .utf8)) ?? ""
                for line in packed.split(separator: "\n") where line.hasSuffix(" " + name) {
                    return String(line.prefix { $0 != " " })
                }
                return nil
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// `keys` as `references` records them: in key order, nil for none.
    public static func referenceList<Keys: Sequence<RowKey>>(_ keys: Keys) -> [String]? {
        let sorted = Set(keys).sorted()
        return sorted.isEmpty ? nil : sorted.map(\.description)
    }

    /// The keys `references` names (a name that does not parse is left out).
    public var referenceKeys: Set<RowKey> { Set((references ?? []).compactMap(RowKey.init(parsing:))) }

    /// The scope of each row named in `sources` (nil where its source does not record one); nil for a
    /// file of one run, whose rows all have `scope`.
    /// - Complexity: O(rows of the sources).
    public var scopesBySource: [RowKey: RunScope?]? {
        guard let sources else { return nil }
        var scopes: [RowKey: RunScope?] = [:]
        for source in sources {
            for name in source.rows { if let key = RowKey(parsing: name) { scopes[key] = .some(source.scope) } }
        }
        return scopes
    }

    /// The metadata as pretty, key-sorted JSON.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

/// One run a merged results file took rows from.
public struct RunSource: Sendable, Equatable, Codable {
    public var time: String
    public var gitCommit: String?
    /// The options of that run (its filter, sizes, ...).
    public var options: [String: String]
    /// Its rows in the file, as `family/strategy@size`.
    public var rows: [String]
    /// That run's scope; nil where it did not record one.
    public var scope: RunScope?

    public init(time: String, gitCommit: String?, options: [String: String], rows: [String], scope: RunScope? = nil) {
        self.time = time
        self.gitCommit = gitCommit
        self.options = options
        self.rows = rows
        self.scope = scope
    }
}

/// How much a run measured: a quick or a full run, its sampling budget per benchmark and size, how many processes
/// took its rounds, and its catalog sizes. Two runs of other scopes time the same code differently: a full run
/// interleaves every benchmark in each round, so each meets colder caches than in a quick run of a few, and a case's
/// batches are sized from the budget (Docs/VERDICTS.md, "Runs of one scope"). A `.meta.json`'s `scope`:
/// `{"kind": "quick", "budgetMilliseconds": 27, "processes": 3, "sizes": [3, 300, 3000]}`.
public struct RunScope: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        /// `--quick`.
        case quick
        /// Without `--quick`.
        case full
    }

    public var kind: Kind
    /// Sampling milliseconds per benchmark and size (`--time-budget`, or the command's own).
    public var budgetMilliseconds: Int
    /// The processes asked to take the rounds (`--processes`).
    public var processes: Int
    /// The catalog sizes the run was asked for (`--sizes`, or the run's defaults), ascending; a benchmark of fixed
    /// sizes runs at its own.
    public var sizes: [Int]

    public init(kind: Kind, budgetMilliseconds: Int, processes: Int, sizes: [Int]) {
        self.kind = kind
        self.budgetMilliseconds = budgetMilliseconds
        self.processes = processes
        self.sizes = sizes
    }

    /// `quick, 27 ms, 3 processes, sizes 3,300,3000`.
    public var description: String {
        "\(kind.rawValue), \(budgetMilliseconds) ms, \(processes) process\(processes == 1 ? "" : "es"), sizes "
            + sizes.map(String.init).joined(separator: ",")
    }
}
