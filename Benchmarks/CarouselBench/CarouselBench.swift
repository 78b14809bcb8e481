import CarouselLayout
import Foundation

/// Everything `carousel-bench` does, from another package's executable, with that package's implementations
/// timed, verified, listed, traced and reported beside the built-in ones.
///
///     // Sources/my-carousel-bench/main.swift of a package that depends on carousel-bench
///     import CarouselBench
///     import CarouselLayout
///
///     CarouselBench.main(adding: [.uikit(UIKitMyCarouselPipeline.self)])
///
/// An added implementation is a UIKit pipeline (a layout ported to the UIKit model, with its core when it names one),
/// a core pipeline (`.core`), or both (a UIKit pipeline whose `Core` is the added core). Its ids must be new: one
/// that a built-in or another added implementation has is a one-line error naming both, exit 64.
public enum CarouselBench {
    /// Runs the command line (`run` when no command is given) with `entries` added, and exits with its code.
    public static func main(adding entries: [Entry] = []) -> Never {
        if let path = CommandLine.arguments.first, let name = path.split(separator: "/").last { CommandLineTool.name = String(name) }
        exit(run(Array(CommandLine.arguments.dropFirst()), adding: entries))
    }

    /// The command line's exit code for `arguments` with `entries` added.
    public static func run(_ arguments: [String], adding entries: [Entry] = []) -> Int32 {
        do {
            try install(entries)
        } catch {
            StandardError.write("\(CommandLineTool.name): error: \(error)\n")
            return ExitCode.usage
        }
        return CommandLineTool.main(arguments)
    }

    /// Makes `entries` the added implementations, once their ids are known to be new.
    static func install(_ entries: [Entry]) throws {
        try StrategyRegistry.checkAdded(entries.map(\.implementation))
        added = entries
    }

    /// The entries of this process's `main(adding:)`, which every command's suite and catalogue include. Set once,
    /// before any command runs (and so before any other thread starts).
    nonisolated(unsafe) static var added: [Entry] = []

    /// The implementations every command sees: the built-in ones, then the added ones.
    static var implementations: [Implementation] { Implementation.builtIns + added.map(\.implementation) }

    /// One implementation from outside the package, with the registration of its benchmarks made in the module
    /// that names its types, so the timed loops are specialized on them exactly as the built-in ones are.
    public struct Entry {
        public let implementation: Implementation
        @usableFromInline let register: (SuiteRegistrar) -> Void

        @usableFromInline
        init(implementation: Implementation, register: @escaping (SuiteRegistrar) -> Void) {
            self.implementation = implementation
            self.register = register
        }

        /// A UIKit pipeline, with its core when it names one (`typealias Core`): timed as `uikit/<name>` (and
        /// `pipeline/<name>`), with its lifecycle operations. With a core it is verified by agreeing with it frame
        /// by frame; without, by the eight properties.
        @inlinable
        public static func uikit<U: UIKitPipeline>(_ type: U.Type) -> Entry {
            Entry(implementation: Implementation(uikit: U.self)) { StrategyRegistry.visitEntries(of: U.self, with: $0) }
        }

        /// A core pipeline on its own: timed as `pipeline/<name>`, verified by the eight properties.
        @inlinable
        public static func core<C: CorePipeline>(_ type: C.Type) -> Entry {
            Entry(implementation: Implementation(core: C.self)) { registrar in
                registrar.visitPipeline(PipelineEntry<C>())
            }
        }
    }
}
