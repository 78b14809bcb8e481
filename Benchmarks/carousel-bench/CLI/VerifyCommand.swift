import BenchReport
import CarouselLayout
import Foundation

/// `carousel-bench verify`: the property x strategy matrix of ALGORITHMS.md, with counterexamples.
enum VerifyCommand {
    static var command: Command {
        Command(
            name: "verify", synopsis: "verify [OPTIONS]",
            summary: "check the eight properties of ALGORITHMS.md for every strategy (exit 1 if a recommended one fails)",
            details: """
            Random geometries, offsets, velocities and trajectories from a seeded generator: the same seed always
            gives the same matrix. Seed and peer strategies are reproduced as written, so some fail by design;
            the `corrected` column names the fixed variant beside them. Each failure prints one counterexample.
            Then every pipeline is played over the standard trajectory and checked frame by frame.
            """,
            options: [
                .value("--seed", "N", "seed of the random inputs (default \(VerificationOptions().seed))"),
                .value("--trials", "N", "random geometries per strategy (default \(VerificationOptions().trials))"),
                CommonOptions.format,
            ],
            maxPositionals: 0, run: run)
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        var options = VerificationOptions()
        if let seed = arguments.value("--seed") {
            guard let value = UInt64(seed) else { throw UsageError("option '--seed': '\(seed)' is not a whole number") }
            options.seed = value
        }
        options.trials = try arguments.int("--trials", default: options.trials, range: 1...100_000)
        let format: OutputFormat = try arguments.choice("--format", default: .table)
        let report = Verifier.run(options)
        let pipelines = PipelineKind.allCases.flatMap { kind in
            [3, 300].map { PipelineVerification.check(kind: kind, catalogCount: $0) }
        }
        print(try VerificationRendering.render(report, pipelines: pipelines, format: format), terminator: "")
        let recommendedFailures = report.recommendedFailures
        let bestFailures = pipelines.filter { $0.id == PipelineKind.best.id && !$0.isVerified }
        if !recommendedFailures.isEmpty || !bestFailures.isEmpty {
            StandardError.write("verify: a recommended strategy fails: "
                + (recommendedFailures.map(VerificationRendering.describe) + bestFailures.map { "\($0.id) n=\($0.catalogCount)" }).joined(separator: "; ") + "\n")
            return ExitCode.runtimeError
        }
        return ExitCode.success
    }
}

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

    static func render(_ report: VerificationReport, pipelines: [PipelineCheck], format: OutputFormat) throws -> String {
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
