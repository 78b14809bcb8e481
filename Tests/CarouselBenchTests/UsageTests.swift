import XCTest

/// Exit code 64 and a one-line message naming the bad option, for every kind of usage error.
final class UsageTests: XCTestCase {
    func testUnknownOptionExits64NamingIt() throws {
        let outcome = try BenchProcess.run(["run", "--frobnicate"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.hasPrefix("carousel-bench run: error: unknown option '--frobnicate'\n"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("usage: carousel-bench run"), outcome.stderr)
    }

    func testMalformedSizesExit64NamingTheValue() throws {
        let outcome = try BenchProcess.run(["run", "--sizes", "3,abc"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("'--sizes': 'abc'"), outcome.stderr)
    }

    func testUnknownCommandExits64() throws {
        let outcome = try BenchProcess.run(["frobnicate"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("unknown command 'frobnicate'"), outcome.stderr)
    }

    func testEveryCommandHasHelp() throws {
        for command in ["run", "compare", "list", "verify", "trace", "report"] {
            let outcome = try BenchProcess.run([command, "--help"])
            XCTAssertEqual(outcome.status, 0, command)
            XCTAssertTrue(outcome.stdout.contains("usage: carousel-bench \(command)"), outcome.stdout)
        }
        let top = try BenchProcess.run(["--help"])
        XCTAssertEqual(top.status, 0)
        XCTAssertTrue(top.stdout.contains("exit codes"), top.stdout)
    }

    func testMissingOptionValueExits64() throws {
        let outcome = try BenchProcess.run(["run", "--threshold"])
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("'--threshold' needs a value"), outcome.stderr)
    }
}
