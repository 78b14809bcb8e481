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

    /// Each design through each scenario of scrolls by code: one row per scenario and design, one column per catalog
    /// size, a cell saying whether the property holds in both views (`pipeline.…` and `uikit.…`), or which fails.
    static func scenarioTable(_ checks: [ScenarioCheck]) -> Table {
        let catalogs = Array(Set(checks.map(\.catalogCount))).sorted()
        var table = Table(columns: [TableColumn("scenario"), TableColumn("design")]
            + catalogs.map { TableColumn("n = \($0)") })
        for group in scenarioGroups(checks) {
            table.append([group.scenario.rawValue, group.design] + catalogs.map { catalog in
                let views = group.checks.filter { $0.catalogCount == catalog }
                if views.isEmpty { return "-" }
                let failing = views.filter { !$0.passes }
                if failing.isEmpty { return "yes" }
                return failing.count == views.count ? "NO" : "NO (" + failing.map { viewName($0.id) }.joined(separator: ", ") + ")"
            })
        }
        return table
    }

    /// The first failure of each scenario and design that fails somewhere, in one line: where, in which views, and why.
    static func scenarioFailures(_ checks: [ScenarioCheck]) -> [String] {
        scenarioGroups(checks).compactMap { group in
            let failing = group.checks.filter { !$0.passes }
            guard let first = failing.first else { return nil }
            let sizes = Array(Set(failing.map(\.catalogCount))).sorted().map(String.init).joined(separator: ", ")
            let views = Array(Set(failing.map { viewName($0.id) })).sorted().joined(separator: " and ")
            return "\(group.scenario.rawValue), \(group.design) (\(views) at n = \(sizes)): at n = \(first.catalogCount), "
                + "\(viewName(first.id)): \(first.failure ?? "")"
        }
    }

    /// Each core and UIKit view through each catalogue update: one row per view and update, one column per catalog size, a cell
    /// saying whether the property holds, the update was refused, or it fails.
    static func catalogUpdateTable(_ checks: [CatalogUpdateCheck]) -> Table {
        let catalogs = Array(Set(checks.map(\.catalogCount))).sorted()
        var table = Table(columns: [TableColumn("view"), TableColumn("update")] + catalogs.map { TableColumn("n = \($0)") })
        for group in catalogUpdateGroups(checks) {
            table.append([group.id, group.update.description] + catalogs.map { catalog in
                guard let check = group.checks.first(where: { $0.catalogCount == catalog }) else { return "-" }
                return check.failure != nil ? "NO" : check.refusal != nil ? "refused" : "yes"
            })
        }
        return table
    }

    /// Each view's update path, once, in the order they came.
    static func catalogUpdatePaths(_ checks: [CatalogUpdateCheck]) -> [(id: String, path: String)] {
        var seen: [(id: String, path: String)] = []
        for check in checks where !seen.contains(where: { $0.id == check.id }) {
            seen.append((check.id, check.path ?? "none declared: its updates are refused"))
        }
        return seen
    }

    /// The first failure of each view and update that fails somewhere, in one line.
    static func catalogUpdateFailures(_ checks: [CatalogUpdateCheck]) -> [String] {
        catalogUpdateGroups(checks).compactMap { group in
            let failing = group.checks.filter { !$0.passes }
            guard let first = failing.first else { return nil }
            let sizes = failing.map { String($0.catalogCount) }.joined(separator: ", ")
            return "\(group.id), \(group.update) (n = \(sizes)): \(first.failure ?? "")"
        }
    }

    private static func catalogUpdateGroups(_ checks: [CatalogUpdateCheck]) -> [(id: String, update: CatalogUpdate, checks: [CatalogUpdateCheck])] {
        var groups: [(id: String, update: CatalogUpdate, checks: [CatalogUpdateCheck])] = []
        for check in checks {
            if let index = groups.firstIndex(where: { $0.id == check.id && $0.update == check.update }) {
                groups[index].checks.append(check)
            } else {
                groups.append((check.id, check.update, [check]))
            }
        }
        return groups
    }

    /// The checks grouped by scenario and design (a view's id without its `pipeline.` or `uikit.` prefix), in the order
    /// they came.
    private static func scenarioGroups(_ checks: [ScenarioCheck]) -> [(scenario: ProgrammaticScenario, design: String, checks: [ScenarioCheck])] {
        var groups: [(scenario: ProgrammaticScenario, design: String, checks: [ScenarioCheck])] = []
        for check in checks {
            let design = designName(check.id)
            if let index = groups.firstIndex(where: { $0.scenario == check.scenario && $0.design == design }) {
                groups[index].checks.append(check)
            } else {
                groups.append((check.scenario, design, [check]))
            }
        }
        return groups
    }

    private static func designName(_ id: String) -> String {
        for prefix in ["pipeline.", "uikit."] where id.hasPrefix(prefix) { return String(id.dropFirst(prefix.count)) }
        return id
    }

    private static func viewName(_ id: String) -> String { id.hasPrefix("uikit.") ? "uikit" : "core" }

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
            text += "\nscrolls by code, as apps drive a carousel (120 Hz; both views, a uikit view compared with its core frame by frame):\n"
            text += render(scenarioTable(document.scenarios))
            for scenario in ProgrammaticScenario.allCases { text += "\(scenario.rawValue): \(scenario.property)\n" }
            let failures = scenarioFailures(document.scenarios)
            if !failures.isEmpty {
                text += "\nscenarios that fail, each with its first counterexample:\n"
                for failure in failures { text += (markdown ? "- " : "  ") + failure + "\n" }
            }
        }
        if !document.catalogUpdates.isEmpty {
            text += "\ncatalogue updates, as apps change their data (each design's own path; a core rebuilt for the new count and placed as the path places it, a uikit view through its data source):\n"
            text += render(catalogUpdateTable(document.catalogUpdates))
            text += "yes: the item centred before is centred after (or its nearest survivor), every index shown inside the data; "
                + "refused: an update to 0 items\n"
            text += "\neach design's update path:\n"
            for (id, path) in catalogUpdatePaths(document.catalogUpdates) { text += (markdown ? "- " : "  ") + "\(id): \(path)\n" }
            let failures = catalogUpdateFailures(document.catalogUpdates)
            if !failures.isEmpty {
                text += "\ncatalogue updates that fail, each with its first counterexample:\n"
                for failure in failures { text += (markdown ? "- " : "  ") + failure + "\n" }
            }
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
