import Foundation
import Testing
@testable import CarouselBench

/// One command's declaration, as the usage tests probe it: an option that takes a value, and an option with a value
/// its declaration refuses.
struct DeclaredCommand: CustomStringConvertible, Sendable {
    let name: String
    let options: [String]
    let valueOption: String
    let malformed: (option: String, value: String)

    var description: String { name }

    init<Arguments: CommandArguments>(_ name: String, _ type: Arguments.Type) {
        self.name = name
        options = Arguments.options.map(\.synopsis)
        let valued = Arguments.options.filter { $0.placeholder != nil }
        valueOption = valued[0].name
        // The first option and candidate value its own declaration refuses (read alone, no other option's check).
        var found: (String, String)?
        for option in valued where found == nil {
            for value in ["x", "("] where found == nil {
                var arguments = Arguments()
                if (try? option.read(&arguments, value)) == nil { found = (option.name, value) }
            }
        }
        malformed = found!
    }

    /// Every command, hidden ones too.
    static let all: [DeclaredCommand] = [
        DeclaredCommand("run", RunArguments.self), DeclaredCommand("compare", CompareArguments.self),
        DeclaredCommand("list", ListArguments.self), DeclaredCommand("verify", VerifyArguments.self),
        DeclaredCommand("trace", TraceArguments.self), DeclaredCommand("report", ReportArguments.self),
        DeclaredCommand("history", HistoryArguments.self), DeclaredCommand("profile", ProfileArguments.self),
        DeclaredCommand("ab", ABArguments.self), DeclaredCommand("ab-worker", CaseArguments.self),
    ]
}

/// Bad input is one line naming the option and the accepted form, exit 64; `--help` exits 0. For every command,
/// through its declaration.
@Suite struct UsageTests {
    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func theDeclaredCommandsAreTheToolsCommands() {
        let names = (CommandLineTool.commands + CommandLineTool.hiddenCommands).map(\.name)
        #expect(Set(names) == Set(DeclaredCommand.all.map(\.name)))
    }

    @Test(arguments: DeclaredCommand.all)
    func anUnknownOptionIsOneLineNamingItAndPointingToTheHelp(_ command: DeclaredCommand) throws {
        let outcome = try BenchProcess.run([command.name, "--frobnicate"])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr == "carousel-bench \(command.name): error: unknown option '--frobnicate'; "
            + "`carousel-bench \(command.name) --help` lists the options\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test(arguments: DeclaredCommand.all)
    func aMissingValueIsOneLineNamingTheOptionAndItsForm(_ command: DeclaredCommand) throws {
        let outcome = try BenchProcess.run([command.name, command.valueOption])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(Self.lines(outcome.stderr).count == 1, "\(outcome.stderr)")
        let synopsis = try #require(command.options.first { $0.hasPrefix(command.valueOption + " ") })
        #expect(outcome.stderr.hasPrefix("carousel-bench \(command.name): error: option '\(command.valueOption)' needs a "
            + "value: \(synopsis), "), "\(outcome.stderr)")
    }

    @Test(arguments: DeclaredCommand.all)
    func aMalformedValueIsOneLineNamingTheOptionAndTheValue(_ command: DeclaredCommand) throws {
        let (option, value) = command.malformed
        let outcome = try BenchProcess.run([command.name, option, value])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(Self.lines(outcome.stderr).count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("carousel-bench \(command.name): error: option '\(option)': '\(value)' is not "),
                "\(outcome.stderr)")
    }

    @Test(arguments: DeclaredCommand.all)
    func helpExitsZeroWithEveryDeclaredOption(_ command: DeclaredCommand) throws {
        let outcome = try BenchProcess.run([command.name, "--help"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("usage: carousel-bench \(command.name)"), "\(outcome.stdout)")
        for option in command.options {
            #expect(outcome.stdout.contains("\n  \(option) "), "\(option): \(outcome.stdout)")
        }
    }

    @Test func theOverviewHasHelpAndTheExitCodes() throws {
        let top = try BenchProcess.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("exit codes"), "\(top.stdout)")
    }

    @Test func malformedSizesExit64NamingTheValue() throws {
        let outcome = try BenchProcess.run(["run", "--sizes", "3,abc"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "carousel-bench run: error: option '--sizes': 'abc' is not a size in 1...1000000\n")
    }

    /// Any size in 1...1000000 is accepted (a benchmark's own limit skips, it is no usage error); outside is one.
    @Test(arguments: ["0", "3,1000001"])
    func sizesOutsideOneToAMillionExit64NamingTheValue(sizes: String) throws {
        // Narrow and into a scratch directory, should the sizes ever be accepted.
        let output = try BenchProcess.scratchDirectory().appendingPathComponent("sizes.csv")
        let outcome = try BenchProcess.run(["run", "--sizes", sizes, "--filter", "^harness/empty$", "--time-budget", "1",
                                            "--no-baseline", "--output", output.path])
        #expect(outcome.status == 64)
        let bad = sizes.split(separator: ",").last.map(String.init) ?? sizes
        #expect(outcome.stderr == "carousel-bench run: error: option '--sizes': '\(bad)' is not a size in 1...1000000\n",
                "\(outcome.stderr)")
    }

    @Test func anUnknownCommandIsOneLine() throws {
        let outcome = try BenchProcess.run(["frobnicate"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "carousel-bench: error: unknown command 'frobnicate'; `carousel-bench --help` lists them\n")
    }

    @Test func optionsThatExcludeEachOtherAreOneLine() throws {
        let outcome = try BenchProcess.run(["run", "--check", "--no-baseline"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "carousel-bench run: error: options '--check' and '--no-baseline' exclude each other\n")
    }
}

/// The declaration's own behaviour, in process: parsing, defaults, and arguments encoded back for a child.
@Suite struct DeclarationTests {
    @Test func parsingAndEncodingRoundTrip() throws {
        let given = ["--filter", "^pipeline/", "--sizes", "300,3,3", "--quick", "--viewport=1024", "--uikit", "answerCaching=off",
                     "--uikit", "indexPath=heap", "--time-budget", "10", "--block-alignment", "native", "--uikit-matrix"]
        let parsed = try CaseArguments.parse(given)
        #expect(parsed.selection.sizes == [3, 300])
        #expect(parsed.selection.geometry.uikit == ["answerCaching=off", "indexPath=heap"])
        #expect(parsed.encoded == ["--filter", "^pipeline/", "--sizes", "3,300", "--quick", "--viewport", "1024",
                                   "--uikit", "answerCaching=off,indexPath=heap", "--time-budget", "10",
                                   "--block-alignment", "native", "--uikit-matrix"])
        let again = try CaseArguments.parse(parsed.encoded)
        #expect(again.encoded == parsed.encoded)
        #expect(try again.configuration() == parsed.configuration())
    }

    @Test func optionsAtTheirDefaultsAreNotEncoded() throws {
        #expect(RunArguments().encoded.isEmpty)
        #expect(try RunArguments.parse(["--viewport", "390", "--processes", "3", "--threshold", "22"]).encoded.isEmpty)
    }

    @Test func theDefaultsComeFromTheDeclaration() throws {
        let run = try RunArguments.parse([])
        #expect(run.processes == 3 && run.output == "Results/latest.csv" && run.comparison.threshold == 0.22)
        let help = RunCommand.command.usage
        #expect(help.contains("  --processes N ") && help.contains("\"Several processes\"; default 3)\n"))
        #expect(help.contains("  --threshold PCT ") && help.contains("\"Thresholds\"; default 22)\n"))
        #expect(help.contains("  --viewport W ") && help.contains("viewport width in points (default 390)\n"))
    }

    /// Each option name is declared once: no command lists two options of one name.
    @Test func noCommandDeclaresAnOptionTwice() {
        for (name, options) in [
            ("run", RunArguments.options.map(\.name)), ("compare", CompareArguments.options.map(\.name)),
            ("list", ListArguments.options.map(\.name)), ("verify", VerifyArguments.options.map(\.name)),
            ("trace", TraceArguments.options.map(\.name)), ("report", ReportArguments.options.map(\.name)),
            ("history", HistoryArguments.options.map(\.name)), ("profile", ProfileArguments.options.map(\.name)),
            ("ab", ABArguments.options.map(\.name)), ("ab-worker", CaseArguments.options.map(\.name)),
        ] {
            #expect(Set(options).count == options.count, "\(name): \(options)")
        }
    }
}
