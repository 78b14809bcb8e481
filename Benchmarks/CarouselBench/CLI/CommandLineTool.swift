import Foundation

/// The exit codes (Docs/RESULTS-FORMAT.md, "Exit codes").
enum ExitCode {
    static let success: Int32 = 0
    static let runtimeError: Int32 = 1
    static let regression: Int32 = 2
    static let usage: Int32 = 64
}

/// A runtime failure: a file unreadable or malformed, a write that failed. Exit 1 with this one line.
struct RuntimeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One subcommand: its name, its help's prose, and its arguments' declaration, from which the option lines of
/// its help come and with which its command line is parsed before `run` sees it.
struct Command {
    let name: String
    let synopsis: String
    let summary: String
    let details: String
    /// Each option's `--name PLACEHOLDER` and help line.
    let optionLines: () -> [(synopsis: String, help: String)]
    /// Parses the arguments and runs the command.
    let execute: ([String]) throws -> Int32

    init<Arguments: CommandArguments>(
        name: String, synopsis: String, summary: String, details: String, arguments: Arguments.Type,
        run: @escaping (Arguments) throws -> Int32
    ) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.details = details
        optionLines = { Arguments.options.map { ($0.synopsis, $0.help) } }
        execute = { try run(Arguments.parse($0)) }
    }

    var usage: String {
        var text = "usage: \(CommandLineTool.name) \(synopsis)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        text += "\noptions:\n"
        for (left, help) in optionLines() + [(CommandLineTool.help, "show this help")] {
            let column = "  \(left)"
            text += column + String(repeating: " ", count: max(1, 26 - column.count)) + help + "\n"
        }
        return text
    }
}

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

enum CommandLineTool {
    /// The executable's name in usage lines and errors: `carousel-bench`, or the name of another package's executable
    /// that runs `CarouselBench.main(adding:)`. Set once, before any command runs.
    nonisolated(unsafe) static var name = "carousel-bench"

    /// The option every command answers with its help (and `-h`).
    static let help = "--help"

    static var commands: [Command] { [
        RunCommand.command, CompareCommand.command, ListCommand.command,
        VerifyCommand.command, TraceCommand.command, ReportCommand.command, HistoryCommand.command, ProfileCommand.command, ABCommand.command,
    ] }

    /// Commands that other commands start, not people: accepted, but not listed in the overview.
    static var hiddenCommands: [Command] { [ABWorkerCommand.command] }

    static var overview: String {
        var text = """
        \(name): what each infinite, center-focused carousel algorithm costs per display frame.

        usage: \(name) [COMMAND] [OPTIONS]

        commands:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        With no command, `run` is assumed. `\(name) COMMAND \(help)` for a command's options.
        exit codes: 0 fine, 1 runtime error (file unreadable or malformed, or locked past \(LockArguments.option.name)), 2 regression
        found, 64 usage error.

        """
        return text
    }

    static func main(_ arguments: [String]) -> Int32 {
        var args = arguments
        if args.first == help || args.first == "-h" || args.first == "help" {
            print(overview, terminator: "")
            return ExitCode.success
        }
        var command = RunCommand.command
        if let first = args.first, !first.hasPrefix("-") {
            guard let named = (commands + hiddenCommands).first(where: { $0.name == first }) else {
                StandardError.write("\(name): error: unknown command '\(first)'; `\(name) \(help)` lists them\n")
                return ExitCode.usage
            }
            command = named
            args.removeFirst()
        }
        if args.contains(help) || args.contains("-h") {
            print(command.usage, terminator: "")
            return ExitCode.success
        }
        do {
            return try command.execute(args)
        } catch let error as UsageError {
            let pointer = error.pointsToHelp ? "; `\(name) \(command.name) \(help)` lists the options" : ""
            StandardError.write("\(name) \(command.name): error: \(error.message)\(pointer)\n")
            return ExitCode.usage
        } catch {
            StandardError.write("\(name) \(command.name): error: \(error)\n")
            return ExitCode.runtimeError
        }
    }
}
