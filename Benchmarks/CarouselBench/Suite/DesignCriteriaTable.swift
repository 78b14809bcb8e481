import BenchReport
import CarouselLayout

/// The design criteria measured from each implementation's frames beside what it declares (Docs/ALGORITHMS.md,
/// "Design criteria, measured"), as `verify` and REPORT.md show them; measured by `ReportAnalysis.Checks.made`.
///
///     let checks = ReportAnalysis.Checks.made(for: configuration, uikit: true)
///     print(DesignCriteriaTable.text(checks.designs, markdown: false))
enum DesignCriteriaTable {
    /// One row per view and catalog size: each criterion as measured, the declared value beside the two that are
    /// declared (`infinite`, `centre-focused`), and the declared policies.
    static func table(_ designs: [DesignMeasurement], code: Bool = false) -> Table {
        var table = Table(columns: [
            TableColumn("implementation"), TableColumn("n", alignment: .right),
            TableColumn("infinite"), TableColumn("declared"), TableColumn("centre-focused"), TableColumn("declared"),
            TableColumn("invisible wrap"), TableColumn("current transforms"), TableColumn("policies"),
        ])
        let word = { (value: Bool) in value ? "yes" : "no" }
        let mark = { (design: DesignMeasurement, criterion: DesignCriterion) in
            word(design.declared[criterion]) + (design.declared[criterion] == design.measured[criterion] ? "" : " (differs)")
        }
        for design in designs {
            table.append([
                code ? ReportText.code(design.id) : design.id, ReportText.count(design.catalogCount),
                word(design.measured.infinite), mark(design, .infinite),
                word(design.measured.centreFocused), mark(design, .centreFocused),
                word(design.measured.invisibleWrap), word(design.measured.currentTransforms),
                design.policies.isEmpty ? "" : design.policies.joined(separator: "; "),
            ])
        }
        return table
    }

    /// Each criterion not met, once per view: the sizes it fails at and the first size's counterexample. A UIKit view
    /// measured from its core's frames repeats only what differs from its core's row.
    static func reasons(_ designs: [DesignMeasurement]) -> [String] {
        var lines: [String] = []
        var seen: [String: Int] = [:]
        for design in designs {
            for criterion in DesignCriterion.allCases where !design.measured[criterion] {
                let evidence = design.evidence[criterion] ?? ""
                let inherited = designs.contains {
                    $0.id != design.id && $0.catalogCount == design.catalogCount && design.id.hasPrefix("uikit.")
                        && $0.id == "pipeline." + design.id.dropFirst("uikit.".count) && $0.evidence[criterion] == evidence
                }
                guard !inherited else { continue }
                let key = design.id + " " + criterion.rawValue
                let sizes = designs.filter { $0.id == design.id && !$0.measured[criterion] }.map { ReportText.count($0.catalogCount) }
                if seen[key] == nil {
                    seen[key] = lines.count
                    lines.append("\(design.id), not \(criterion.rawValue) (n = \(sizes.joined(separator: ", "))): "
                                 + (sizes.count > 1 ? "at n = \(ReportText.count(design.catalogCount)), " : "") + evidence)
                }
            }
        }
        return lines
    }

    /// Every declaration the frames contradict, one line each, naming both values.
    static func disagreements(_ designs: [DesignMeasurement]) -> [String] { designs.flatMap(\.disagreements) }

    /// The table, then what declarations the frames contradict, then why each criterion not met is not (a terminal
    /// table, or Markdown).
    static func text(_ designs: [DesignMeasurement], markdown: Bool) -> String {
        guard !designs.isEmpty else { return "" }
        var text = markdown ? table(designs, code: true).renderMarkdown() : table(designs).renderConsole()
        let bullet = markdown ? "- " : "  "
        let disagreements = disagreements(designs)
        text += "\n" + (disagreements.isEmpty
            ? "Every declared criterion and policy agrees with the frames.\n"
            : "Declared, and contradicted by the frames (\(disagreements.count)):\n"
                + disagreements.map { bullet + $0 + "\n" }.joined())
        let reasons = reasons(designs)
        if !reasons.isEmpty {
            text += "\nCriteria not met, each with its first counterexample (a UIKit view measured from its core's frames "
                + "names only what its core's row does not):\n"
                + reasons.map { bullet + $0 + "\n" }.joined()
        }
        return text
    }
}
