import Foundation

/// Exit codes of SUITE.md.
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

/// One subcommand: its name, synopsis, options and body.
struct Command {
    let name: String
    let synopsis: String
    let summary: String
    let details: String
    let options: [OptionSpec]
    let maxPositionals: Int
    let run: (ParsedArguments) throws -> Int32

    var usage: String {
        var text = "usage: \(CommandLineTool.name) \(synopsis)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        if !options.isEmpty {
            text += "\noptions:\n"
            for option in options + [.flag("--help", "show this help")] {
                var left = "  \(option.name)"
                if case .value(let placeholder) = option.kind { left += " \(placeholder)" }
                let pad = max(1, 26 - left.count)
                text += left + String(repeating: " ", count: pad) + option.help + "\n"
            }
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

        With no command, `run` is assumed. `\(name) COMMAND --help` for a command's options.
        exit codes: 0 fine, 1 runtime error (file unreadable or malformed, or locked past --lock-timeout), 2 regression
        found, 64 usage error.

        """
        return text
    }

    static func main(_ arguments: [String]) -> Int32 {
        var args = arguments
        if args.first == "--help" || args.first == "-h" || args.first == "help" {
            print(overview, terminator: "")
            return ExitCode.success
        }
        var command = RunCommand.command
        if let first = args.first, !first.hasPrefix("-") {
            guard let named = (commands + hiddenCommands).first(where: { $0.name == first }) else {
                StandardError.write("\(name): error: unknown command '\(first)'\n\n" + overview)
                return ExitCode.usage
            }
            command = named
            args.removeFirst()
        }
        if args.contains("--help") || args.contains("-h") {
            print(command.usage, terminator: "")
            return ExitCode.success
        }
        do {
            let parsed = try ParsedArguments.parse(args, specs: command.options, maxPositionals: command.maxPositionals)
            return try command.run(parsed)
        } catch let error as UsageError {
            StandardError.write("\(name) \(command.name): error: \(error.message)\n\n" + command.usage)
            return ExitCode.usage
        } catch {
            StandardError.write("\(name) \(command.name): error: \(error)\n")
            return ExitCode.runtimeError
        }
    }
}
