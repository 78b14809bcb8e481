import BenchKit
import CarouselLayout

/// The geometry and frame rate every benchmark of a run is built for (`run --viewport ... --hz ...`), and the
/// results schema they imply.
@usableFromInline
struct SuiteConfiguration: Sendable, Equatable {
    @usableFromInline var geometry: CarouselGeometry = .default
    /// Frames per second of the trajectories, and the frame whose budget each per-frame median is a share of.
    @usableFromInline var hz: Double = 120
    /// The UIKit model's switches for the `uikit/*` rows (`run --uikit NAME=VALUE`).
    @usableFromInline var switches: UIKitSwitches = .default
    /// Also other combinations of the switches, as `uikit-switches/*` rows (see `UIKitMatrix`).
    @usableFromInline var uikitMatrix = UIKitMatrix.off

    /// Which combinations of the switches a suite registers besides its own.
    @usableFromInline
    enum UIKitMatrix: Sendable, Equatable {
        case off
        /// `run --uikit-matrix`: each pipeline under every combination of its live switches (the matrix rule,
        /// `UIKitSwitchLiveness`: the switches that change its work at n = 3 or 300), none of the others.
        case live
        /// Every combination for every pipeline: the report's catalogue, which must know any row a matrix run wrote.
        case every
    }

    init(geometry: CarouselGeometry = .default, hz: Double = referenceHz, switches: UIKitSwitches = .default) {
        self.geometry = geometry
        self.hz = hz
        self.switches = switches
    }

    /// The configuration a run recorded in its metadata (`metadata`'s keys); the defaults where absent.
    init(recorded options: [String: String]) {
        let number = { (key: String) in options[key].flatMap(Double.init) }
        let viewport = number("viewport") ?? CarouselGeometry.default.viewportWidth
        let geometry = CarouselGeometry(
            viewportWidth: viewport, viewportHeight: CarouselGeometry.default.viewportHeight,
            itemWidth: number("itemWidth") ?? viewport * 0.8, itemHeight: CarouselGeometry.default.itemHeight,
            spacing: number("spacing") ?? CarouselGeometry.default.spacing,
            minScale: number("minScale") ?? CarouselGeometry.default.minScale)
        let switches = (try? UIKitSwitches.parse(options["uikit"].map { $0.split(separator: ",").map(String.init) } ?? []))
        self.init(geometry: geometry, hz: number("hz") ?? Self.referenceHz, switches: switches ?? .default)
    }

    /// The reference frame rate of the results' required `budget_pct_120hz` column
    /// (Docs/RESULTS-FORMAT.md, "The results CSV").
    static let referenceHz = 120.0

    /// The configuration as text, for the run metadata (and so the report).
    var metadata: [String: String] {
        [
            "viewport": ReportNumber.text(geometry.viewportWidth), "itemWidth": ReportNumber.text(geometry.itemWidth),
            "spacing": ReportNumber.text(geometry.spacing), "minScale": ReportNumber.text(geometry.minScale),
            "hz": ReportNumber.text(hz), "uikit": switches.description,
        ]
    }

    /// The results schema: the catalog size `n` and the laid-out items `N`, the harness's metrics, the share of
    /// a frame's budget at 120 Hz (and at `hz` when it differs), the multiple of the floor at the same `n` (for
    /// the UIKit view's rows, `uikit/*`, `uikit-switches/*` and `floor/uikit`, UIKit's floor, `floor/uikit`; for the
    /// others `floor/scaleAlpha`), and the trajectory rows' frame-by-frame profile (worst frame, its 99th percentile,
    /// index and event) with its figures in Apple's units (the hitch time ratios without and with the app's own work,
    /// and the headroom the worst frame leaves in a frame of `hz`).
    static func schema(hz: Double = referenceHz, rows: [ResultRow] = []) -> ResultSchema {
        func medians(_ floor: SuiteRow) -> [Int: Double] {
            Dictionary(rows.filter { $0.benchmark == floor.id }.map { ($0.size, $0.median) }, uniquingKeysWith: { first, _ in first })
        }
        let coreFloors = medians(.floor)
        let uikitFloors = medians(.uikitFloor)
        let uikitFamilies: Set = [SuiteFamilies.uikit, SuiteFamilies.uikitSwitches]
        let uikitFloorID = SuiteRow.uikitFloor.id
        let floors = { @Sendable (row: ResultRow) in
            uikitFamilies.contains(row.benchmark.family) || row.benchmark == uikitFloorID ? uikitFloors : coreFloors
        }
        let rates = hz == referenceHz ? [referenceHz] : [referenceHz, hz]
        let budgets = rates.map { rate in
            Metric.share(of: 1e9 / rate, column: "budget_pct_\(ReportNumber.text(rate))hz",
                         title: "\(ReportNumber.text(rate))Hz budget", unit: .nanosecondsPerFrame)
        }
        let floorMultiple = Metric.multiple(column: "x_floor", title: "x floor") { row in
            row.unit == .nanosecondsPerFrame ? floors(row)[row.size] : nil
        }
        let metrics = [Metric.min, .median, .p90, .mad, .mallocsPerIteration, .instructionsPerIteration]
            + budgets + [.p99, .cv, floorMultiple, .worstFrame, .p99Frame, .worstFrameIndex, .worstFrameEvent,
                         .hitchRatio, .hitchRatioWithContent, Metric.headroom(hz: hz)]
        return ResultSchema(sizeColumn: "catalog", sizeTitle: "n", itemsColumn: "items", itemsTitle: "N", metrics: metrics)
    }

    /// The schema for reading results files: their derived columns are recomputed, never read.
    static let readingSchema = schema()
}

/// Numbers as the metadata and column names write them: whole numbers without a decimal point.
enum ReportNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
