import BenchKit
import CarouselLayout

/// The reference rows: ten rows of the harness, the floors and the components, each at a fixed size, that every
/// `run` (and its round workers and callgrind children) and every `ab` comparison selects whatever `--filter` and
/// `--sizes` say (`SelectionArguments.runOptions`). A comparison takes the run-wide drift, the rounds' slowdowns and
/// the full-speed share from these rows alone (`ComparisonOptions.references`), so a change confined to the rows
/// under test (a package's own layout, filtered to its rows) keeps its whole ratio instead of being divided out as a
/// slower machine. Evidence and the measured 1.5x case: Docs/VERDICTS.md, "Reference rows".
///
/// Why these:
/// - code a package's own layout never runs: the harness's empty loop, the two floors and single strategies of the
///   components, none of them a pipeline an entry can add to;
/// - rows that feel a slow machine as the rows under test do, from a register-only loop to a UIKit-model frame that
///   allocates: `harness/empty` (1.4-1.5 ns), `floor/scaleAlpha` (25-34 ns a frame), `floor/uikit` (410-660 ns a
///   frame, the UIKit model's own cost), a binary search, a linear scan, an allocating `prepare`;
/// - eight benchmarks, none with more than two rows, so that a change to one of them in this repository moves at most
///   two of the ten, which their median does not follow; and at least `Defaults.minimumRowsForDrift` rows of
///   `Defaults.minimumBenchmarksForDrift` benchmarks, which the drift needs;
/// - sizes 3 and 300, which both a quick and a full run measure (a user's `--sizes` does not move them), and not 3 000,
///   where `floor/scaleAlpha` takes one of two levels per process (Docs/VERDICTS.md, "What a verdict finds on this
///   machine");
/// - ten cases: a quick run samples them in about 0.3 s more, a full run in 0.7 s.
///
///     ReferenceRows.keys.map(\.description)   // ["harness/empty@3", "floor/scaleAlpha@3", ...]
enum ReferenceRows {
    /// Every reference row, declared here once.
    static let keys: [RowKey] = [
        (SuiteRow.harness("empty"), [3]),
        (SuiteRow.floor, [3, 300]),
        (SuiteRow.uikitFloor, [3, 300]),
        (SuiteRow.component(.query, strategy: BinarySearchQuery.id), [300]),
        (SuiteRow.component(.lookup, strategy: BinaryLookup.id), [300]),
        (SuiteRow.component(.transform, strategy: ScaleAlphaTransform.id), [300]),
        (SuiteRow.component(.snap, strategy: NearestSnap<LinearQuery>.id), [300]),
        (SuiteRow.component(.prepare, strategy: BinarySearchQuery.id), [300]),
    ].flatMap { row, sizes in sizes.map { RowKey(benchmark: row.id, size: $0) } }

    /// Whether `key` is a reference row.
    static func contains(_ key: RowKey) -> Bool { keys.contains(key) }

    /// Records the reference rows among `rows` in `metadata.references` (nil for none), as `run` does for its results
    /// (`BenchmarkRunner.run`): what a command that writes a results set of its own (`ab`'s `a.csv` and `b.csv`) calls,
    /// so that a comparison of its files takes the drift from these rows (`ComparisonOptions.describe`).
    ///
    ///     var metadata = RunMetadata.current(options: options.dictionary)
    ///     ReferenceRows.record(side.rows, in: &metadata)
    static func record(_ rows: [ResultRow], in metadata: inout RunMetadata) {
        metadata.references = RunMetadata.referenceList(rows.map(\.key).filter(contains))
    }

    /// `harness/empty@3, floor/scaleAlpha@3,300, ...`: the rows named by benchmark, each with its sizes.
    static func names(_ keys: some Sequence<RowKey>) -> String {
        var sizes: [BenchmarkID: [Int]] = [:]
        var order: [BenchmarkID] = []
        for key in keys.sorted() {
            if sizes[key.benchmark] == nil { order.append(key.benchmark) }
            sizes[key.benchmark, default: []].append(key.size)
        }
        return order.map { "\($0)@" + sizes[$0]!.map(String.init).joined(separator: ",") }.joined(separator: ", ")
    }
}
