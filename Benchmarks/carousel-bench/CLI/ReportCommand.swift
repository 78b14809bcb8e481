/// `carousel-bench report`: charts and Results/REPORT.md from a results CSV (written next).
enum ReportCommand {
    static var command: Command {
        Command(name: "report", synopsis: "report [OPTIONS]", summary: "charts (SVG) and Results/REPORT.md from a results CSV",
                details: "", options: [], maxPositionals: 0, run: { _ in throw RuntimeError("report: not written yet") })
    }
}
