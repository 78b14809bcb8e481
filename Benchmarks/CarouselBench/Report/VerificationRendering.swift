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

    static func render(_ report: VerificationReport, pipelines: [PipelineCheck], agreements: [AgreementReport],
                       format: OutputFormat) throws -> String {
        switch format {
        case .table, .markdown:
            let markdown = format == .markdown
            var text = markdown ? matrix(report).renderMarkdown() : matrix(report).renderConsole()
            text += "\n" + legend + "\n"
            let failures = report.failures
            if !failures.isEmpty {
                text += "\ncounterexamples (\(failures.count)):\n"
                for failure in failures { text += (markdown ? "- " : "  ") + describe(failure) + "\n" }
            }
            text += "\npipelines over the standard trajectory (120 Hz):\n"
            text += markdown ? pipelineTable(pipelines).renderMarkdown() : pipelineTable(pipelines).renderConsole()
            text += "\nuikit pipelines against their cores, frame by frame (120 Hz, default switches):\n"
            text += markdown ? agreementTable(agreements).renderMarkdown() : agreementTable(agreements).renderConsole()
            return text
        case .csv:
            var text = "strategy,property,result,counterexample\n"
            for row in report.rows {
                for property in CarouselProperty.allCases {
                    let result = row.result(property)
                    switch result {
                    case .pass: text += "\(row.strategy),\(property.label),pass,\n"
                    case .notApplicable: text += "\(row.strategy),\(property.label),n/a,\n"
                    case .fail(let example):
                        text += "\(row.strategy),\(property.label),fail,\(String(describing: example).replacingOccurrences(of: ",", with: ";"))\n"
                    }
                }
            }
            return text
        case .githubActionBenchmark, .bencher:
            preconditionFailure("verify offers only OutputFormat.forTables")
        case .json:
            let rows: [[String: String]] = report.rows.flatMap { row in
                CarouselProperty.allCases.compactMap { property -> [String: String]? in
                    let result = row.result(property)
                    switch result {
                    case .pass: return ["strategy": row.strategy, "property": property.label, "result": "pass"]
                    case .notApplicable: return ["strategy": row.strategy, "property": property.label, "result": "n/a"]
                    case .fail(let example):
                        return ["strategy": row.strategy, "property": property.label, "result": "fail",
                                "counterexample": String(describing: example)]
                    }
                }
            }
            let data = try JSONSerialization.data(withJSONObject: ["results": rows], options: [.prettyPrinted, .sortedKeys])
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    static func describe(_ failure: VerificationFailure) -> String {
        "\(failure.strategy) \(failure.property.label) (\(failure.property.title)): \(failure.counterexample)"
    }

    static var legend: String {
        CarouselProperty.allCases.map { "\($0.label) \($0.title)" }.joined(separator: "\n")
    }
}
