import BenchReport
import CarouselLayout
import Foundation

/// `verify`'s arguments.
struct VerifyArguments: CommandArguments {
    var seed = VerificationOptions().seed
    var trials = TrialsArgument()
    var format = TableFormatArgument()
    var geometry = GeometryArguments()

    static var seed: Option<Self> { .value("--seed", \.seed, .unsigned("N"), "seed of the random inputs") }
    static var options: [Option<Self>] { [seed] + including(\.trials) + including(\.format) + including(\.geometry) }
}

/// `carousel-bench verify`: the property x strategy matrix of Docs/ALGORITHMS.md, "Properties to verify", with
/// counterexamples.
enum VerifyCommand {
    /// The catalog sizes the scenarios of scrolls by code are played at: the tiny ones and a screenful's worth.
    static let scenarioCatalogs = [1, 2, 3, 300]
    /// The catalog sizes each design's criteria are measured at: the tiny ones, where a design may change its mode
    /// (its declared policy) or repeat its items on screen, and a screenful's worth.
    static let designCatalogs = [1, 2, 3, 300]

    static var command: Command {
        Command(
            name: "verify", synopsis: "verify [OPTIONS]",
            summary: "check the eight properties of Docs/ALGORITHMS.md for every strategy (exit 1 if a recommended one fails)",
            details: """
            Random geometries, offsets, velocities and trajectories from a seeded generator: the same seed always
            gives the same matrix. Seed and peer strategies are reproduced as written, so some fail by design;
            the `corrected` column names the fixed variant beside them. Each failure prints one counterexample.
            Then every pipeline is played over the standard trajectory and checked frame by frame (exit 1 if one
            fails), and every uikit pipeline is compared with its core frame by frame: centre, visible items,
            transforms, wrap jumps and snap targets, each difference UIKit causes named (exit 1 on any other). A uikit
            pipeline without a core (a layout ported on its own) is checked frame by frame as a core is. Last, each
            design's criteria (infinite, centre-focused, invisible wrap, current transforms) are measured from its
            frames and shown beside what it declares; a declaration the frames contradict is named.
            The geometry options set the viewport the pipelines, scenarios and criteria are played on (the property
            matrix draws its own geometries): `--viewport 1024` is an iPad-wide screen, where a few items no longer
            cover one and a half screens.
            """,
            arguments: VerifyArguments.self, run: run)
    }

    static func run(_ arguments: VerifyArguments) throws -> Int32 {
        var options = VerificationOptions()
        options.seed = arguments.seed
        options.trials = arguments.trials.trials
        let format = arguments.format.format
        let configuration = try arguments.geometry.configuration()
        let (geometry, switches, hz) = (configuration.geometry, configuration.switches, configuration.hz)
        let report = Verifier.run(options)
        // The checks the report's verdicts rest on, at `designCatalogs`: each core, each UIKit view against its core,
        // and each design's criteria.
        let checks = ReportAnalysis.Checks.made(for: configuration, uikit: true)
        let (pipelines, agreements, designs) = (checks.cores, checks.agreements, checks.designs)
        let scenarios = CarouselBench.implementations.flatMap {
            $0.verifyScenarios(catalogs: scenarioCatalogs, geometry: geometry, switches: switches, hz: hz)
        }
        let catalogUpdates = CarouselBench.implementations.flatMap {
            $0.verifyCatalogUpdates(catalogs: scenarioCatalogs, geometry: geometry, switches: switches)
        }
        let document = VerificationDocument(report: report, pipelines: pipelines, agreements: agreements, designs: designs,
                                            scenarios: scenarios, catalogUpdates: catalogUpdates)
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
        // The recommendation must hold under an app's scrolls by code too; a seed's or peer's design that does not is
        // reported in the table, as written.
        let recommendedScenarioFailures = scenarios.filter { !$0.passes && $0.id.hasSuffix("." + Verifier.recommendedDesign) }
            .map { "\($0.scenario.rawValue) \($0.id) n=\($0.catalogCount): \($0.failure ?? "")" }
            + catalogUpdates.filter { !$0.passes && $0.id.hasSuffix("." + Verifier.recommendedDesign) }
                .map { "catalogue update \($0.id) n=\($0.catalogCount): \($0.failure ?? "")" }
        if !recommendedScenarioFailures.isEmpty {
            StandardError.write("verify: the recommended design fails a scenario: " + recommendedScenarioFailures.joined(separator: "; ") + "\n")
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
