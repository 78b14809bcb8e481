import BenchKit

/// `carousel-bench list`: every benchmark id, its unit and sizes.
enum ListCommand {
    static var command: Command {
        Command(
            name: "list", synopsis: "list [--filter REGEX]",
            summary: "every benchmark id (family/strategy) with its unit and catalog sizes",
            details: "",
            options: [CommonOptions.filter],
            maxPositionals: 0, run: run)
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let options = RunOptions(filter: arguments.value("--filter"))
        let cases: [(registration: BenchmarkRegistration, size: Int)]
        do {
            cases = try BenchmarkRunner.selectedCases(SuiteCatalog.makeSuite(), options: options)
        } catch {
            throw UsageError("option '--filter': '\(options.filter ?? "")' is not a valid regular expression")
        }
        var seen: Set<BenchmarkID> = []
        for (registration, _) in cases where seen.insert(registration.id).inserted {
            let sizes = registration.sizes.map(String.init).joined(separator: ",")
            print("\(registration.id)\t\(registration.unit.rawValue)\t\(sizes)")
        }
        return ExitCode.success
    }
}
