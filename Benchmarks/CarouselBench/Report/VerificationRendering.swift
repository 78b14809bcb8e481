import BenchReport
import CarouselLayout
import Foundation

/// The verification matrix, its counterexamples and the pipeline checks as tables (the `verify` command and
/// REPORT.md both show them).
enum VerificationRendering {
    static func matrix(_ report: VerificationReport) -> Table {
        let header = report.table[0]
        var columns = header.enumerated().map { index, title in
            TableColumn(title, alignment: index == 0 ? .left : .right)
        }
        columns[0] = TableColumn(header[0])
        var table = Table(columns: columns)
        for row in report.table.dropFirst() { table.append(row) }
        return table
    }

    static func pipelineTable(_ checks: [PipelineCheck]) -> Table {
        var table = Table(columns: [
            TableColumn("pipeline"), TableColumn("n", alignment: .right), TableColumn("frames", alignment: .right),
            TableColumn("centre events", alignment: .right), TableColumn("wrap jumps", alignment: .right),
            TableColumn("visible jumps", alignment: .right), TableColumn("alpha out of [0,1]", alignment: .right),
            TableColumn("verified"),
        ])
        for check in checks {
            table.append([
                check.id, String(check.catalogCount), String(check.frames), String(check.centerEvents),
                String(check.jumps), String(check.visibleJumps), String(check.alphaOutOfRange),
                check.isVerified ? "yes" : "NO: " + (check.firstFailure ?? ""),
            ])
        }
        return table
    }

    /// Each UIKit pipeline against its core: frames compared, unexplained mismatches, the named differences seen.
    static func agreementTable(_ reports: [AgreementReport]) -> Table {
        var table = Table(columns: [
            TableColumn("uikit pipeline"), TableColumn("n", alignment: .right), TableColumn("frames", alignment: .right),
            TableColumn("mismatches", alignment: .right), TableColumn("named differences (times seen)"), TableColumn("agrees"),
        ])
        for report in reports {
            let named = UIKitNamedDifference.allCases.compactMap { difference in
                report.allowed[difference].flatMap { $0 > 0 ? "\(difference.rawValue) (\($0))" : nil }
            }
            table.append([report.id, String(report.catalogCount), String(report.framesCompared), String(report.mismatchCount),
                          named.joined(separator: "; "), report.agrees ? "yes" : "NO: " + (report.firstMismatch ?? "")])
        }
        return table
    }

    /// Each view through each scenario of scrolls by code, one row per view and catalog size: the scrolls it made, the
    /// wrap jumps among its frames, and whether the scenario's property holds (else the first failure).
    static func scenarioTable(_ checks: [ScenarioCheck]) -> Table {
        var table = Table(columns: [
            TableColumn("scenario"), TableColumn("view"), TableColumn("n", alignment: .right),
            TableColumn("frames", alignment: .right), TableColumn("scrolls by code", alignment: .right),
            TableColumn("wrap jumps", alignment: .right), TableColumn("holds"),
        ])
        for scenario in checks {
            let frames = scenario.check?.frames ?? scenario.agreement?.framesCompared ?? 0
            table.append([
                scenario.scenario.rawValue, scenario.id, String(scenario.catalogCount), String(frames),
                scenario.check.map { String($0.scrollsByCode) } ?? "as its core",
                scenario.check.map { String($0.jumps) } ?? "as its core",
                scenario.passes ? "yes" : "NO: " + (scenario.failure ?? ""),
            ])
        }
        return table
    }

    /// The matrix with its legend and counterexamples, the pipelines' checks and the agreements, as a terminal
    /// table or Markdown (the formats for people).
    static func text(_ document: VerificationDocument, markdown: Bool) -> String {
        let render = { (table: Table) in markdown ? table.renderMarkdown() : table.renderConsole() }
        var text = render(matrix(document.report))
        text += "\n" + legend + "\n"
        let failures = document.report.failures
        if !failures.isEmpty {
            text += "\ncounterexamples (\(failures.count)):\n"
            for failure in failures { text += (markdown ? "- " : "  ") + describe(failure) + "\n" }
        }
        text += "\npipelines over the standard trajectory (120 Hz):\n" + render(pipelineTable(document.pipelines))
        text += "\nuikit pipelines against their cores, frame by frame (120 Hz, default switches):\n"
        text += render(agreementTable(document.agreements))
        if !document.designs.isEmpty {
            text += "\ndesign criteria, measured over the standard trajectory beside what each declares:\n"
            text += DesignCriteriaTable.text(document.designs, markdown: markdown)
        }
        if !document.scenarios.isEmpty {
            text += "\nscrolls by code, as apps drive a carousel (120 Hz; a uikit view is compared with its core frame by frame):\n"
            text += render(scenarioTable(document.scenarios))
            for scenario in ProgrammaticScenario.allCases { text += "\(scenario.rawValue): \(scenario.property)\n" }
        }
        return text
    }

    static func describe(_ failure: VerificationFailure) -> String {
        "\(failure.strategy) \(failure.property.label) (\(failure.property.title)): \(failure.counterexample)"
    }

    static var legend: String {
        CarouselProperty.allCases.map { "\($0.label) \($0.title)" }.joined(separator: "\n")
    }
}
