import BenchKit
import Foundation

/// `carousel-bench ab-worker [OPTIONS]` (not listed): one side of an `ab` session, or one of `run --processes`' extra
/// processes, speaking `ABProtocol` on standard input and output. Its arguments are the options that choose the
/// cases (`CaseArguments`), as the starting process encodes them.
enum ABWorkerCommand {
    static let name = "ab-worker"

    static var command: Command {
        Command(
            name: name, synopsis: "\(name) [OPTIONS]",
            summary: "one side of an ab session, or a process of run \(RunArguments.processes.name) (internal): the ab protocol on "
                + "standard input and output",
            details: "", arguments: CaseArguments.self, run: run)
    }

    static func run(_ arguments: CaseArguments) throws -> Int32 {
        // `ab`'s budgets: the starting `run` passes its own.
        let options = arguments.selection.runOptions(budget: Defaults.pairedBudget, quickBudget: Defaults.pairedQuickBudget)
        let configuration = try arguments.configuration()
        // The same heap layout on every run, as `run` has it.
        if let note = ChildProcess.reexecWithoutAddressSpaceRandomization().note { StandardError.write(note + "\n") }
        _ = arguments.selection.blockAlignment.apply()
        // Unpinned (macOS), at least on the performance cores.
        if !CPUPinning.availability.isAvailable { CPUPinning.preferPerformanceCores() }
        return ABWorker.serve(CarouselSuite(configuration).benchmarks, options: options)
    }
}
