/// Whether two files' rows are of one scope (`RunScope`: quick or full, budget, processes, sizes), row by
/// row: a file merged from several runs (`ResultsMerge`) has each row in its source's scope.
///
/// Times of rows of two scopes are not compared: such a row reads `not comparable` (instruction counts still decide
/// it), and when every matched row is of another scope the whole comparison's times are not compared, with the two
/// scopes as the reason (`ComparisonOptions.timesNotComparable`). A row whose scope a file does not record (a file
/// of a build that does not record it) is compared as it is, with one note. Evidence that scopes move times:
/// Docs/VERDICTS.md, "Runs of one scope".
///
///     var options = ComparisonOptions()
///     options.scope = ScopeCheck(baseline: baselineMetadata, current: currentMetadata)
public struct ScopeCheck: Sendable {
    /// One file's scopes: the run's, and a merged file's per row.
    struct Scopes: Sendable {
        var run: RunScope?
        var bySource: [RowKey: RunScope?]?
        /// Whether the file has metadata at all.
        var described: Bool

        init(_ metadata: RunMetadata?) {
            run = metadata?.scope
            bySource = metadata?.scopesBySource
            described = metadata != nil
        }

        func scope(of key: RowKey) -> RunScope? {
            if let bySource, let scope = bySource[key] { return scope }
            return run
        }
    }

    var baseline: Scopes
    var current: Scopes
    /// Whether there is anything to check: false for `init()`.
    let checks: Bool

    /// No check: every row compared as it is (a comparison of rows without files, the tests').
    public init() {
        baseline = Scopes(nil)
        current = Scopes(nil)
        checks = false
    }

    /// The check of a comparison of the file described by `baseline` with the one described by `current`.
    public init(baseline: RunMetadata?, current: RunMetadata?) {
        self.baseline = Scopes(baseline)
        self.current = Scopes(current)
        checks = true
    }

    /// What the check found over the matched rows `keys`.
    public struct Outcome: Sendable, Equatable {
        /// The matched rows whose two scopes are recorded and differ, in key order.
        public var otherScope: [RowKey] = []
        /// The first such row's two scopes, in words: `the baseline's is full, 70 ms, ..., the current results' quick, ...`.
        public var difference: String?
        /// How many matched rows have no scope recorded on a side, and which side lacks one (`the baseline`,
        /// `the current results file`, `neither file`).
        public var unrecorded = 0
        public var unrecordedSide: String?
    }

    /// The outcome over `keys` (the rows both files have).
    /// - Complexity: O(keys).
    public func outcome(keys: [RowKey]) -> Outcome {
        var outcome = Outcome()
        guard checks else { return outcome }
        var baselineLacks = false, currentLacks = false
        for key in keys.sorted() {
            let (before, after) = (baseline.scope(of: key), current.scope(of: key))
            guard let before, let after else {
                outcome.unrecorded += 1
                baselineLacks = baselineLacks || before == nil
                currentLacks = currentLacks || after == nil
                continue
            }
            guard before != after else { continue }
            outcome.otherScope.append(key)
            if outcome.difference == nil { outcome.difference = "the baseline's is \(before), the current results' \(after)" }
        }
        if outcome.unrecorded > 0 {
            outcome.unrecordedSide = baselineLacks && currentLacks ? "neither file"
                : baselineLacks ? "the baseline" : "the current results file"
        }
        return outcome
    }
}

extension Comparison {
    /// One line on the scopes for standard error, where there is something to say: rows of two scopes (their
    /// times not compared), or rows whose scope a file does not record (compared as they are); nil otherwise.
    public var scopeNote: String? {
        if let difference = scope.difference {
            let rows = scope.otherScope.count
            let which = options.timesNotComparable != nil && rows == matchedRows
                ? "every row's time reads `not comparable`"
                : "\(rows) row\(rows == 1 ? "'s" : "s'") time\(rows == 1 ? " reads" : "s read") `not comparable`"
            return "warning: the two files are of other scopes (\(difference)): \(which), instruction counts "
                + "still decide; compare runs of one scope: make the baseline with the options of the run that checks it "
                + "(Docs/VERDICTS.md, \"Runs of one scope\")"
        }
        if scope.unrecorded > 0, let side = scope.unrecordedSide {
            let records = side == "neither file" ? "records a scope" : "records no scope"
            let (rows, them) = (scope.unrecorded, side == "neither file" ? "them" : "it")
            return "note: \(side) \(records) (quick or full, budget, processes, sizes; a file of a build that does not "
                + "record it): \(rows) row\(rows == 1 ? " is" : "s are") compared as \(rows == 1 ? "it is" : "they are"); "
                + "record \(them) again to have scopes checked (Docs/VERDICTS.md, \"Runs of one scope\")"
        }
        return nil
    }

    /// How many rows both files have.
    var matchedRows: Int { rows.filter { $0.verdict != .new && $0.verdict != .missing }.count }
}
