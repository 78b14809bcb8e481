import BenchKit
import BenchReport

/// The "In Apple's units" section's figures (Docs/WORST-FRAME.md, "In Apple's units"): for every trajectory row at its
/// largest size, the headroom its worst frame leaves in the frame and its hitch time ratio graded on Apple's scale,
/// without and with the app's own work the run declared. Nil without any worst frame in the results.
struct AppleUnits {
    /// One trajectory row at its largest size.
    struct Line: Equatable {
        let id: BenchmarkID
        let size: Int
        let worstFrame: Double
        /// ms; negative when the worst frame misses the frame alone.
        let headroom: Double
        /// ms of hitch per second, without and with the content work; nil in files that do not record them.
        let alone: Double?
        let withContent: Double?
    }

    let hz: Double
    /// The app's own work per frame the run added (`run --content-ms`), in ms; nil when the file does not say.
    let contentMilliseconds: Double?
    let lines: [Line]

    /// The trajectory rows of `rows` (those with a worst frame), each at its largest size, by id.
    init?(rows: [ResultRow], hz: Double, metadata: RunMetadata?) {
        let hitch = HitchTime(hz: hz)
        let profiled = Dictionary(grouping: rows.filter { $0.worstFrame != nil }, by: \.benchmark)
        guard !profiled.isEmpty else { return nil }
        self.hz = hz
        contentMilliseconds = metadata?.options[SuiteRun.contentKey].flatMap(Double.init)
        lines = profiled.keys.sorted().map { id in
            let row = profiled[id]!.max { $0.size < $1.size }!
            return Line(id: id, size: row.size, worstFrame: row.worstFrame!,
                        headroom: hitch.headroomMilliseconds(worst: row.worstFrame!), alone: row.hitchRatio,
                        withContent: row.hitchRatioWithContent)
        }
    }

    /// `0.34 ms/s good`.
    static func graded(_ ratio: Double?) -> String {
        guard let ratio else { return "not recorded" }
        return "\(ReportFormat.fixed(ratio, decimals: 2)) ms/s \(HitchGrade(millisecondsPerSecond: ratio).rawValue)"
    }
}

extension ReportMarkdown {
    func appleUnitsSection() -> String {
        guard let units = AppleUnits(rows: analysis.rows, hz: analysis.hz, metadata: metadata) else { return "" }
        let hz = ReportNumber.text(units.hz)
        let frame = ReportFormat.nanoseconds(1e9 / units.hz)
        let content = units.contentMilliseconds.flatMap { $0 > 0 ? $0 : nil }
        let withContent = content.map { ", and with \(ReportNumber.text($0)) ms of the app's own work in every frame (`run --content-ms`)" } ?? ""
        var text = """
        ### In Apple's units

        What each trajectory row's frames would do to scrolling, in the units Xcode Organizer and MetricKit grade \
        it by (Docs/WORST-FRAME.md, "In Apple's units"). `headroom`: how much of its own work an app may add to every \
        frame before the layout's worst frame misses the \(hz) Hz frame (\(frame)): the frame less the worst frame. \
        `hitch`: the hitch time ratio, ms of hitch per second of scrolling, over the standard trajectory: each frame \
        whose time (its measured cost, plus the app's work) exceeds the frame is shown late by whole frames, and the \
        late time is summed and divided by the trajectory's duration; graded good under \
        \(ReportNumber.text(HitchGrade.warningFrom)) ms/s, warning to \(ReportNumber.text(HitchGrade.criticalAbove)), \
        critical above. It is what the layout alone adds on the machine that ran it\(withContent): no Core \
        Animation commit, no rendering, none of the app's own work besides that.


        """
        var columns = [TableColumn("row"), TableColumn("n", alignment: .right), TableColumn("worst frame", alignment: .right),
                       TableColumn("headroom", alignment: .right), TableColumn("hitch, layout alone")]
        if let content { columns.append(TableColumn("hitch, with \(ReportNumber.text(content)) ms of content")) }
        var table = Table(columns: columns)
        for line in units.lines {
            var cells = [ReportText.code(line.id.description), ReportText.count(line.size),
                         ReportFormat.nanoseconds(line.worstFrame),
                         ReportFormat.fixed(line.headroom, decimals: 2) + " ms", AppleUnits.graded(line.alone)]
            if content != nil { cells.append(AppleUnits.graded(line.withContent)) }
            table.append(cells)
        }
        text += table.renderMarkdown()
        if units.lines.contains(where: { $0.alone == nil }) {
            text += "\n\"not recorded\": the results file has no hitch time ratio for that row (a file written before "
                + "it was recorded); the headroom comes from its worst frame.\n"
        }
        if content == nil {
            text += "\nThe run added no work of the app's own (`run --content-ms 0`"
                + (units.contentMilliseconds == nil ? ", or a file that does not record it" : "")
                + "): `run --content-ms X` adds X ms to every frame and grades that too.\n"
        }
        text += "\nThe scrolls by code (a timer's advance, a tap, a reload and recentre) in the same units, per design and "
            + "view at n = 10 000, from their traces frame by frame: Docs/SCENARIO-COSTS.md, \"In Apple's units, per scenario\".\n"
        return text
    }
}
