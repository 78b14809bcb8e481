import Foundation
import XCTest

/// The suite end to end: the built executable, its files and exit codes.
final class RunCommandTests: XCTestCase {
    static let requiredHeader =
        "benchmark,family,strategy,catalog,items,unit,samples,iterations_per_sample,min,median,p90,mad,"
        + "mallocs_per_iteration,instructions_per_iteration,budget_pct_120hz"

    /// A small, fast run: two benchmarks at two sizes.
    func quickRun(output: URL, extra: [String] = []) throws -> BenchProcess.Outcome {
        try BenchProcess.run([
            "run", "--quick", "--filter", "^(lookup/arithmetic|wrap/modular)$", "--sizes", "3,30",
            "--time-budget", "5", "--output", output.path, "--no-baseline",
        ] + extra)
    }

    func testSmallRunWritesTheCSVHeaderAndOneRowPerBenchmarkAndSize() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("small.csv")
        let outcome = try quickRun(output: output)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[0].hasPrefix(Self.requiredHeader), String(lines[0]))
        XCTAssertEqual(lines.count, 1 + 4 + 1, "header, 2 benchmarks x 2 sizes, final newline")
        XCTAssertEqual(lines.last, "")
        let rows = lines.dropFirst().filter { !$0.isEmpty }.map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        XCTAssertEqual(Set(rows.map { "\($0[0])@\($0[3])" }),
                       ["lookup/arithmetic@3", "lookup/arithmetic@30", "wrap/modular@3", "wrap/modular@30"])
        for row in rows {
            XCTAssertGreaterThan(Double(row[9]) ?? 0, 0, "median is a positive number: \(row)")
            XCTAssertEqual(row[13], "", "instructions were not counted, so the field is empty, never 0")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("small.samples.csv").path))
        let meta = try Data(contentsOf: directory.appendingPathComponent("small.meta.json"))
        let object = try JSONSerialization.jsonObject(with: meta) as? [String: Any]
        XCTAssertNotNil(object?["swiftVersion"])
        XCTAssertTrue(outcome.stderr.contains("[1/4]"), "progress on standard error: \(outcome.stderr)")
    }

    func testSaveBaselineThenCheckAgainstItPasses() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let first = try BenchProcess.run([
            "run", "--quick", "--filter", "^lookup/arithmetic$", "--sizes", "3", "--time-budget", "5",
            "--output", directory.appendingPathComponent("a.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: baseline.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("baseline.samples.csv").path))
    }

    func testCheckWithoutABaselineIsARuntimeError() throws {
        let directory = try BenchProcess.scratchDirectory()
        let outcome = try BenchProcess.run([
            "run", "--quick", "--check", "--baseline", directory.appendingPathComponent("absent.csv").path,
        ])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("absent.csv: no baseline"), outcome.stderr)
    }

    func testAMalformedBaselineStopsTheRunWithItsLineAndLeavesItUnchanged() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let text = Self.requiredHeader + "\nlookup/arithmetic,lookup,arithmetic,3,3,ns/call,5,10,1,abc,1,0,,,\n"
        try text.write(to: baseline, atomically: true, encoding: .utf8)
        let result = try BenchProcess.run([
            "run", "--quick", "--filter", "^lookup/arithmetic$", "--sizes", "3", "--time-budget", "5",
            "--output", directory.appendingPathComponent("y.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("baseline.csv:2:"), result.stderr)
        XCTAssertEqual(try String(contentsOf: baseline, encoding: .utf8), text, "the baseline is byte-for-byte unchanged")
    }

    func testARunInterruptedMidwayLeavesTheBaselineByteForByteUnchanged() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let made = try BenchProcess.run([
            "run", "--quick", "--filter", "^lookup/arithmetic$", "--sizes", "3", "--time-budget", "5",
            "--output", baseline.path, "--no-baseline",
        ])
        XCTAssertEqual(made.status, 0, made.stderr)
        let before = try Data(contentsOf: baseline)

        let process = Process()
        process.executableURL = BenchProcess.executable
        process.arguments = [
            "run", "--sizes", "3,30,300", "--time-budget", "200", "--output", directory.appendingPathComponent("z.csv").path,
            "--baseline", baseline.path, "--save-baseline",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.0)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0, "the run was interrupted before it could finish")
        XCTAssertEqual(try Data(contentsOf: baseline), before, "the baseline is byte-for-byte unchanged")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("z.csv").path),
                       "no half-written results file")
    }

    func testUnwritableOutputIsARuntimeErrorAndTheBaselineIsNotWritten() throws {
        let directory = try BenchProcess.scratchDirectory()
        let blocker = directory.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let baseline = directory.appendingPathComponent("baseline.csv")
        let outcome = try BenchProcess.run([
            "run", "--quick", "--filter", "^lookup/arithmetic$", "--sizes", "3", "--time-budget", "5",
            "--output", blocker.appendingPathComponent("out.csv").path, "--baseline", baseline.path, "--save-baseline",
        ])
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").last.map(String.init)?.hasPrefix("carousel-bench run: error:"), true, outcome.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: baseline.path))
    }
}

/// `run --check`: exit 2 when a row of the baseline was much faster than now.
final class RunCheckTests: XCTestCase {
    func testCheckExits2WhenTheBaselineWasTenTimesFasterOnOneRow() throws {
        let directory = try BenchProcess.scratchDirectory()
        let baseline = directory.appendingPathComponent("baseline.csv")
        let filter = "^(lookup/arithmetic|lookup/binary|snap/threshold|wrap/modular)$"
        let made = try BenchProcess.run([
            "run", "--quick", "--filter", filter, "--sizes", "3", "--time-budget", "20",
            "--output", baseline.path, "--no-baseline",
        ])
        XCTAssertEqual(made.status, 0, made.stderr)
        // Make lookup/binary's baseline ten times faster: its median and every raw sample.
        let samplesURL = directory.appendingPathComponent("baseline.samples.csv")
        let samples = try String(contentsOf: samplesURL, encoding: .utf8).split(separator: "\n").map { line -> String in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.first == "lookup/binary", let value = Double(fields[3]) else { return String(line) }
            return "\(fields[0]),\(fields[1]),\(fields[2]),\(value / 10)"
        }
        try (samples.joined(separator: "\n") + "\n").write(to: samplesURL, atomically: true, encoding: .utf8)
        let rows = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map { line -> String in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.first == "lookup/binary" else { return fields.joined(separator: ",") }
            for column in 8...11 { fields[column] = String((Double(fields[column]) ?? 0) / 10) }
            return fields.joined(separator: ",")
        }
        try (rows.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)

        let checked = try BenchProcess.run([
            "run", "--quick", "--filter", filter, "--sizes", "3", "--time-budget", "20",
            "--output", directory.appendingPathComponent("now.csv").path, "--baseline", baseline.path, "--check",
        ])
        XCTAssertEqual(checked.status, 2, checked.stderr)
        XCTAssertTrue(checked.stderr.contains("lookup/binary"), checked.stderr)
        XCTAssertTrue(checked.stderr.contains("REGRESSED"), checked.stderr)
    }
}
