import Testing

/// Exit code 64 and a one-line message naming the bad option, for every kind of usage error.
@Suite struct UsageTests {
    @Test func unknownOptionExits64NamingIt() throws {
        let outcome = try BenchProcess.run(["run", "--frobnicate"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("carousel-bench run: error: unknown option '--frobnicate'\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("usage: carousel-bench run"), "\(outcome.stderr)")
    }

    @Test func malformedSizesExit64NamingTheValue() throws {
        let outcome = try BenchProcess.run(["run", "--sizes", "3,abc"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("'--sizes': 'abc'"), "\(outcome.stderr)")
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
        #expect(outcome.stderr.hasPrefix("carousel-bench run: error: option '--sizes': '\(bad)' is not a size in 1...1000000\n"),
                "\(outcome.stderr)")
    }

    @Test func unknownCommandExits64() throws {
        let outcome = try BenchProcess.run(["frobnicate"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("unknown command 'frobnicate'"), "\(outcome.stderr)")
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["run", "compare", "list", "verify", "trace", "report"] {
            let outcome = try BenchProcess.run([command, "--help"])
            #expect(outcome.status == 0, "\(command)")
            #expect(outcome.stdout.contains("usage: carousel-bench \(command)"), "\(outcome.stdout)")
        }
        let top = try BenchProcess.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("exit codes"), "\(top.stdout)")
    }

    @Test func missingOptionValueExits64() throws {
        let outcome = try BenchProcess.run(["run", "--threshold"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("'--threshold' needs a value"), "\(outcome.stderr)")
    }
}
