import BenchKit
import Foundation

/// `carousel-bench ab-worker [OPTIONS]` (not listed): one side of an `ab` session, or one of `run --processes`' extra
/// processes, speaking `ABProtocol` on standard input and output.
enum ABWorkerCommand {
    static var command: Command {
        Command(
            name: "ab-worker", synopsis: "ab-worker [OPTIONS]",
            summary: "one side of an ab session, or a process of run --processes (internal): the ab protocol on standard input and output",
            details: "", options: RunCommand.selectionOptions + [
                .flag("--uikit-matrix", "also the uikit/* pipelines under every other combination of their live switches (run --processes)"),
            ], maxPositionals: 0, run: run)
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let options = try RunCommand.runOptions(arguments)
        var configuration = try CommonOptions.configuration(arguments)
        configuration.uikitMatrix = arguments.has("--uikit-matrix") ? .live : .off
        // The same heap layout on every run, as `run` has it.
        if let note = ChildProcess.reexecWithoutAddressSpaceRandomization().note { StandardError.write(note + "\n") }
        try RunCommand.blockAlignment(arguments).apply()
        // Unpinned (macOS), at least on the performance cores.
        if !CPUPinning.availability.isAvailable { CPUPinning.preferPerformanceCores() }
        return ABWorker.serve(CarouselSuite(configuration).benchmarks, options: options)
    }
}
