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
            Then every pipeline is played over the standard trajectory and checked frame by frame (exit 1 if one
            fails), and every uikit pipeline is compared with its core frame by frame: centre, visible items,
            transforms, wrap jumps and snap targets, each difference UIKit causes named (exit 1 on any other). A uikit
            pipeline without a core (a layout ported on its own) is checked frame by frame as a core is.
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
        let format = try OutputFormats.choice(arguments, among: OutputFormats.forTables)
        let report = Verifier.run(options)
        let verified = CarouselBench.implementations.map { $0.verify(catalogs: [3, 300]) }
        let pipelines = verified.flatMap(\.checks)
        let agreements = verified.flatMap(\.agreements)
        let document = VerificationDocument(report: report, pipelines: pipelines, agreements: agreements)
        print(try format.verification(document) ?? "",
              terminator: "")
        let recommendedFailures = report.recommendedFailures
        if !recommendedFailures.isEmpty {
            StandardError.write("verify: a recommended strategy fails: "
                + recommendedFailures.map(VerificationRendering.describe).joined(separator: "; ") + "\n")
            return ExitCode.runtimeError
        }
        // Every pipeline, built-in or added, is timed only when verified: one that fails is an error with its
        // counterexample.
        let failures = pipelines.filter { !$0.isVerified }
        if !failures.isEmpty {
            StandardError.write("verify: pipelines fail their checks: "
                + failures.map { "\($0.id) n=\($0.catalogCount): \($0.firstFailure ?? "replay differs")" }.joined(separator: "; ") + "\n")
            return ExitCode.runtimeError
        }
        // A UIKit pipeline models its core's own code: any difference UIKit does not explain is a modelling error.
        let disagreements = agreements.filter { !$0.agrees }
        if !disagreements.isEmpty {
            StandardError.write("verify: UIKit pipelines disagree with their cores: "
                + disagreements.map { "\($0.id) n=\($0.catalogCount): \($0.firstMismatch ?? "\($0.mismatchCount) mismatches")" }
                    .joined(separator: "; ") + "\n")
            return ExitCode.runtimeError
        }
        return ExitCode.success
    }
}
