/// A figure every output of a run reports for each row: one column of the CSV, one key of the JSON, one
/// column of the tables. The outputs walk the same `ResultSchema.metrics`, so they always carry the same
/// figures; adding a figure is adding one metric.
///
///     let share = Metric.share(of: 16_666_667, column: "budget_pct_60fps", title: "60fps budget", unit: myUnit)
///     let schema = ResultSchema(metrics: Metric.standard + [share])
public struct Metric: Sendable {
    /// How a metric's value reads: it decides the formatting of tables.
    public enum Kind: Sendable {
        /// Nanoseconds per iteration.
        case time
        /// A count per iteration (allocations, instructions).
        case count
        /// A percentage.
        case percent
        /// A dimensionless ratio (`1.25x`).
        case ratio
        /// A plain fraction (the coefficient of variation).
        case fraction
        /// Milliseconds, or milliseconds per second (a hitch time ratio): the title names which.
        case milliseconds
        /// A word naming what happened (written as text; `value` is nil, `label` gives it).
        case label
    }

    /// The CSV column and JSON key (`snake_case`).
    public let column: String
    /// The table heading.
    public let title: String
    public let kind: Kind
    /// Decimals written to the CSV (trailing zeros trimmed).
    public let decimals: Int
    /// How a results file gives the value back: read from its column (`stored`) or recomputed from the row (`derived`).
    public let storage: Storage
    /// The value of a row; nil when unmeasured or not applicable (an empty field, never 0).
    public let value: @Sendable (ResultRow) -> Double?
    /// A `.label` figure's text (no comma, quote or line break); nil for numeric figures and when unknown.
    public let label: (@Sendable (ResultRow) -> String?)?
    /// A stored `.label` figure's setter (reading a results file).
    let storeLabel: (@Sendable (inout ResultRow, String?) -> Void)?
    /// A stored figure's setter: how a results file's column, or a measurement, goes into a row.
    let store: (@Sendable (inout ResultRow, Double?) -> Void)?
    /// A stored figure the samples determine: its statistic (the runner and `ab` fill it from the samples).
    let statistic: (@Sendable (SampleStatistics) -> Double?)?
    /// A stored figure every row has: its field in a results file must be a number, never empty.
    let neverEmpty: Bool

    public enum Storage: Sendable, Equatable {
        /// Read back from its column: `required` columns must be in a results file; the others may be absent.
        case stored(required: Bool)
        /// Computed from the row's other figures; its column is written, and ignored when read.
        case derived
    }

    /// A derived metric: computed from the row, so every output can carry it and a results file need not.
    public init(column: String, title: String, kind: Kind, decimals: Int,
                value: @escaping @Sendable (ResultRow) -> Double?) {
        self.init(column: column, title: title, kind: kind, decimals: decimals, storage: .derived, value: value,
                  store: nil, statistic: nil, neverEmpty: false)
    }

    /// A stored figure: a field of `ResultRow`, read back from its column and, where the samples determine it,
    /// measured from them. Only the harness declares these (the standard ones below); adding one is its field and
    /// its line here, and the results file, the runner, `ab`, every format and the dashboards carry it.
    init(column: String, title: String, kind: Kind, decimals: Int, required: Bool,
         field: WritableKeyPath<ResultRow, Double?> & Sendable, statistic: (@Sendable (SampleStatistics) -> Double?)? = nil) {
        self.init(column: column, title: title, kind: kind, decimals: decimals, storage: .stored(required: required),
                  value: { $0[keyPath: field] }, store: { row, figure in row[keyPath: field] = figure },
                  statistic: statistic, neverEmpty: false)
    }

    /// A stored figure every row has (a time statistic): never empty.
    init(column: String, title: String, kind: Kind, decimals: Int,
         field: WritableKeyPath<ResultRow, Double> & Sendable, statistic: @escaping @Sendable (SampleStatistics) -> Double) {
        self.init(column: column, title: title, kind: kind, decimals: decimals, storage: .stored(required: true),
                  value: { $0[keyPath: field] }, store: { row, figure in row[keyPath: field] = figure ?? .nan },
                  statistic: statistic, neverEmpty: true)
    }

    /// A stored `.label` figure: a text field of `ResultRow`, read back from its column (absent in older files: nil).
    init(column: String, title: String, labelField field: WritableKeyPath<ResultRow, String?> & Sendable) {
        self.init(column: column, title: title, kind: .label, decimals: 0, storage: .stored(required: false),
                  value: { _ in nil }, store: nil, statistic: nil, neverEmpty: false,
                  label: { $0[keyPath: field] }, storeLabel: { row, text in row[keyPath: field] = text })
    }

    private init(column: String, title: String, kind: Kind, decimals: Int, storage: Storage,
                 value: @escaping @Sendable (ResultRow) -> Double?, store: (@Sendable (inout ResultRow, Double?) -> Void)?,
                 statistic: (@Sendable (SampleStatistics) -> Double?)?, neverEmpty: Bool,
                 label: (@Sendable (ResultRow) -> String?)? = nil,
                 storeLabel: (@Sendable (inout ResultRow, String?) -> Void)? = nil) {
        self.column = column
        self.title = title
        self.kind = kind
        self.decimals = decimals
        self.storage = storage
        self.value = value
        self.store = store
        self.statistic = statistic
        self.neverEmpty = neverEmpty
        self.label = label
        self.storeLabel = storeLabel
    }

    public static let min = Metric(column: "min", title: "min", kind: .time, decimals: 4,
                                   field: \.min, statistic: { $0.min })
    public static let median = Metric(column: "median", title: "median", kind: .time, decimals: 4,
                                      field: \.median, statistic: { $0.median })
    public static let p90 = Metric(column: "p90", title: "p90", kind: .time, decimals: 4,
                                   field: \.p90, statistic: { $0.p90 })
    public static let mad = Metric(column: "mad", title: "mad", kind: .time, decimals: 4,
                                   field: \.mad, statistic: { $0.mad })
    public static let mallocsPerIteration = Metric(
        column: "mallocs_per_iteration", title: "allocs/iter", kind: .count, decimals: 6, required: true,
        field: \.mallocsPerIteration)
    public static let instructionsPerIteration = Metric(
        column: "instructions_per_iteration", title: "instr/iter", kind: .count, decimals: 2, required: true,
        field: \.instructionsPerIteration)
    public static let p99 = Metric(column: "p99", title: "p99", kind: .time, decimals: 4, required: false,
                                   field: \.p99, statistic: { $0.p99 })
    public static let cv = Metric(column: "cv", title: "cv", kind: .fraction, decimals: 6, required: false,
                                  field: \.cv, statistic: { $0.cv })

    /// The frame-by-frame profile of a benchmark that plays a sequence of frames (`FrameProfile`): its costliest
    /// frame, its 99th percentile, what makes the costliest frames and the costliest frame of that
    /// (`FrameProfile.costliest`). Empty for other benchmarks.
    public static let worstFrame = Metric(column: "worst_frame", title: "worst frame", kind: .time, decimals: 1,
                                          required: false, field: \.worstFrame)
    public static let p99Frame = Metric(column: "p99_frame", title: "p99 frame", kind: .time, decimals: 1,
                                        required: false, field: \.p99Frame)
    public static let worstFrameIndex = Metric(column: "worst_frame_index", title: "worst at", kind: .count,
                                               decimals: 0, required: false, field: \.worstFrameIndex)
    public static let worstFrameEvent = Metric(column: "worst_frame_event", title: "worst event",
                                               labelField: \.worstFrameEvent)

    /// The profile's hitch time ratio (`HitchTime`), in ms of hitch per second: with no work of the app's own, and
    /// with the run's content work in every frame. Empty for benchmarks without a profile.
    public static let hitchRatio = Metric(column: "hitch_ms_per_s", title: "hitch ms/s", kind: .milliseconds,
                                          decimals: 4, required: false, field: \.hitchRatio)
    public static let hitchRatioWithContent = Metric(
        column: "hitch_ms_per_s_content", title: "hitch ms/s +content", kind: .milliseconds, decimals: 4,
        required: false, field: \.hitchRatioWithContent)

    /// Every figure the runner measures, in the order the results file writes them.
    public static let standard: [Metric] = [.min, .median, .p90, .mad, .mallocsPerIteration, .instructionsPerIteration, .p99, .cv,
                                            .worstFrame, .p99Frame, .worstFrameIndex, .worstFrameEvent,
                                            .hitchRatio, .hitchRatioWithContent]

    /// The standard figures that are stored (derived metrics are a schema's own).
    static var stored: [Metric] { standard.filter { $0.store != nil || $0.storeLabel != nil } }

    /// The row's field as text: a label as written, a number with `decimals` (trailing zeros trimmed); empty
    /// when unmeasured.
    public func text(_ row: ResultRow) -> String {
        if let label { return label(row) ?? "" }
        return value(row).map { DecimalFormat.string($0, decimals: decimals) } ?? ""
    }

    /// The median as a percentage of a time budget (`median / budget * 100`), for rows of `unit` only.
    public static func share(of budgetNanoseconds: Double, column: String, title: String, unit: IterationUnit) -> Metric {
        precondition(budgetNanoseconds > 0, "a budget is a positive time")
        return Metric(column: column, title: title, kind: .percent, decimals: 6) { row in
            row.unit == unit ? row.median / budgetNanoseconds * 100 : nil
        }
    }

    /// The headroom the worst frame leaves within one frame of `hz`, in milliseconds (`HitchTime.headroomMilliseconds`):
    /// how much of its own work an app may add to every frame before the worst frame misses its refresh. Negative
    /// when the worst frame misses it alone; empty for rows without a profile.
    public static func headroom(hz: Double, column: String = "headroom_ms", title: String = "headroom ms") -> Metric {
        let hitch = HitchTime(hz: hz)
        return Metric(column: column, title: title, kind: .milliseconds, decimals: 4) { row in
            row.worstFrame.map { hitch.headroomMilliseconds(worst: $0) }
        }
    }

    /// The median as a multiple of a reference row's median at the same size (`reference(size)`).
    public static func multiple(column: String, title: String,
                                reference: @escaping @Sendable (_ row: ResultRow) -> Double?) -> Metric {
        Metric(column: column, title: title, kind: .ratio, decimals: 4) { row in
            reference(row).flatMap { $0 > 0 ? row.median / $0 : nil }
        }
    }
}

/// What a results file and every rendering of rows holds: the identity columns (with the names a suite
/// gives its size and derived size) and the metrics, in order.
public struct ResultSchema: Sendable {
    /// The column of `ResultRow.size` (e.g. `n`, `elements`) and its table heading.
    public var sizeColumn: String
    public var sizeTitle: String
    /// The column of `ResultRow.items` and its table heading.
    public var itemsColumn: String
    public var itemsTitle: String
    public var metrics: [Metric]

    public init(sizeColumn: String = "size", sizeTitle: String = "size", itemsColumn: String = "items",
                itemsTitle: String = "items", metrics: [Metric] = Metric.standard) {
        precondition(Set(metrics.map(\.column)).count == metrics.count, "metric columns must be unique")
        self.sizeColumn = sizeColumn
        self.sizeTitle = sizeTitle
        self.itemsColumn = itemsColumn
        self.itemsTitle = itemsTitle
        self.metrics = metrics
    }

    /// The columns before the metrics: `benchmark,family,strategy,SIZE,ITEMS,unit,samples,iterations_per_sample`.
    public var identityColumns: [String] {
        ["benchmark", "family", "strategy", sizeColumn, itemsColumn, "unit", "samples", "iterations_per_sample"]
    }

    /// Every column written, in order.
    public var columns: [String] { identityColumns + metrics.map(\.column) }

    /// The columns a results file must have to be read.
    public var requiredColumns: [String] {
        identityColumns + metrics.filter { $0.storage == .stored(required: true) }.map(\.column)
    }

    /// The columns of the raw samples file.
    public var sampleColumns: [String] { ["benchmark", sizeColumn, "sample", "value"] }

    /// The row's identity fields as text, in `identityColumns` order.
    public func identityFields(_ row: ResultRow) -> [String] {
        [row.benchmark.description, row.benchmark.family, row.benchmark.strategy, String(row.size), String(row.items),
         row.unit.rawValue, String(row.sampleCount), String(row.iterationsPerSample)]
    }

    /// Every metric's value for `row`, in `metrics` order.
    public func values(_ row: ResultRow) -> [Double?] { metrics.map { $0.value(row) } }
}

