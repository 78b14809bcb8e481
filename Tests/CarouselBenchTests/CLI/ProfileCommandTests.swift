import BenchKit
import Foundation
import Testing
@testable import CarouselBench

/// `profile`, and `compare`'s `--profile` and `--no-profile`: real `carousel-bench` processes on real quick runs.
@Suite struct ProfileCommandTests {
    /// Enough rows, of enough benchmarks, for a run's rounds to be told (13 rows of 13 benchmarks at n = 3).
    static let filter = "^(lookup|snap)/"

    /// Two quick runs of `filter` in a fresh folder: `run0.csv` and `run1.csv`, each with its samples and metadata. At
    /// a budget at which the reference rows, whose rounds' slowdowns a comparison divides by, have samples enough: a
    /// floor row's sample is a whole trajectory, 1.5 to 4.5 ms on the VMs measured and more beside the other tests, so
    /// 30 ms left `floor/uikit` short of samples on the slower one under load.
    static func twoRuns() throws -> URL {
        let directory = try BenchProcess.scratchDirectory()
        for index in 0..<2 {
            let outcome = try BenchProcess.run(RunCommandTests.quickArguments(filter, timeBudget: "100") + [
                "--no-baseline", "--output", directory.appendingPathComponent("run\(index).csv").path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        return directory
    }

    /// A profile file at `directory/name` of `runs` copies of `run`'s sums, for the machine `machine` (by default
    /// the run's own).
    static func profile(_ name: String, in directory: URL, of run: URL, runs: Int, machine: String? = nil) throws -> String {
        let (rows, metadata) = try ResultsFile.readSet(run.path, schema: SuiteConfiguration.readingSchema, wait: LockWait(timeout: 5))
        var profile = MachineProfile(machine: try machine ?? #require(ProfileChoice.machine(of: metadata)))
        for _ in 0..<runs {
            let added = profile.add(rows)
            #expect(added)
        }
        let path = directory.appendingPathComponent(name).path
        try profile.write(to: path)
        return path
    }

    @Test func storedRunsAreAddedToTheProfileOfTheirMachineAndShown() throws {
        let directory = try Self.twoRuns()
        let path = directory.appendingPathComponent("p.csv").path
        let runs = ["run0.csv", "run1.csv"].map { directory.appendingPathComponent($0).path }
        let added = try BenchProcess.run(["profile"] + runs + ["--profile", path, "--all"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == "added 2 of 2 runs to \(path)\n")
        #expect(added.stdout.contains("\(path) (machine "), "\(added.stdout)")
        // The filter's 13 rows and the reference rows.
        let rows = 13 + RunCommandTests.references.count
        #expect(added.stdout.contains("): 2 runs, \(rows) rows; not in use until 10 runs\n"), "\(added.stdout)")
        #expect(added.stdout.contains("lookup/sortedScan"), "--all lists every row: \(added.stdout)")
        let profile = try #require(try MachineProfile.read(path))
        #expect(profile.entries.count == rows && profile.entries.values.allSatisfy { $0.runs == 2 })
        // Shown again without runs to add: the same profile, unchanged.
        let shown = try BenchProcess.run(["profile", "--profile", path])
        #expect(shown.status == 0 && shown.stdout.contains("2 runs, \(rows) rows") && !shown.stdout.contains("lookup/sortedScan"))
        #expect(try MachineProfile.read(path) == profile)
    }

    @Test func aRunGivenTwiceARunWithoutItsMachineAndNoProfileAreOneLineErrors() throws {
        let directory = try Self.twoRuns()
        let path = directory.appendingPathComponent("p.csv").path
        let run0 = directory.appendingPathComponent("run0.csv").path
        let twice = try BenchProcess.run(["profile", run0, run0, "--profile", path])
        let id = try runID(run0)
        #expect(twice.status == 1 && twice.stderr.hasSuffix("the same run as \(run0) (run id \(id)): a run is added once\n"),
                "\(twice.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path), "nothing written")
        try FileManager.default.removeItem(atPath: ResultsFile.metadataPath(for: directory.appendingPathComponent("run1.csv").path))
        let anonymous = try BenchProcess.run(["profile", run0, directory.appendingPathComponent("run1.csv").path, "--profile", path])
        #expect(anonymous.status == 1 && anonymous.stderr.contains("does not say which machine it was timed on"), "\(anonymous.stderr)")
        #expect(anonymous.stderr.split(separator: "\n").count == 1 && !FileManager.default.fileExists(atPath: path))
        let samples = ResultsFile.samplesPath(for: run0)
        let given = try BenchProcess.run(["profile", samples, "--profile", path])
        #expect(given.status == 64 && given.stderr.contains("\(samples): give the run's results file, \(run0) (its samples"),
                "\(given.stderr)")
        let none = try BenchProcess.run(["profile", "--profile", path])
        #expect(none.status == 1 && none.stderr.contains("\(path): no profile yet"), "\(none.stderr)")
        let foreign = try Self.profile("foreign.csv", in: directory, of: URL(fileURLWithPath: run0), runs: 1, machine: "other-00000000")
        let refused = try BenchProcess.run(["profile", run0, "--profile", foreign])
        #expect(refused.status == 1 && refused.stderr.contains("a profile of other-00000000;"), "\(refused.stderr)")
    }

    @Test func aRunOfTooFewRowsIsNotAdded() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("small.csv").path
        #expect(try BenchProcess.run(RunCommandTests.quickArguments("^lookup/") + ["--no-baseline", "--output", output]).status == 0)
        let path = directory.appendingPathComponent("p.csv").path
        let outcome = try BenchProcess.run(["profile", output, "--profile", path])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "\(output): not added: too few rows with samples to tell its rounds\nadded 0 of 1 runs to \(path)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// `compare` divides by a profile of 10 runs and says so; `--no-profile` does not; a foreign profile, or both
    /// options, is refused with one line.
    @Test func compareUsesAProfileOfTenRunsAndSaysSo() throws {
        let directory = try Self.twoRuns()
        let (run0, run1) = (directory.appendingPathComponent("run0.csv"), directory.appendingPathComponent("run1.csv"))
        let ten = try Self.profile("ten.csv", in: directory, of: run0, runs: 10)
        let used = try BenchProcess.run(["compare", run0.path, run1.path, "--profile", ten])
        #expect(used.status != 1 && used.stdout.contains("exponents from this machine's profile of 10 runs)"), "\(used.stdout)\(used.stderr)")
        let nine = try Self.profile("nine.csv", in: directory, of: run0, runs: 9)
        for arguments in [["--profile", nine], ["--no-profile"]] {
            let alone = try BenchProcess.run(["compare", run0.path, run1.path] + arguments)
            #expect(alone.status != 1 && alone.stdout.contains("divided by their rounds' slowdowns)")
                    && !alone.stdout.contains("profile"), "\(alone.stdout)\(alone.stderr)")
        }
        let foreign = try Self.profile("foreign.csv", in: directory, of: run0, runs: 10, machine: "other-00000000")
        let refused = try BenchProcess.run(["compare", run0.path, run1.path, "--profile", foreign])
        #expect(refused.status == 1 && refused.stderr.contains("\(foreign): a profile of other-00000000, but the baseline was timed on"),
                "\(refused.stderr)")
        let both = try BenchProcess.run(["compare", run0.path, run1.path, "--profile", ten, "--no-profile"])
        #expect(both.status == 64 && both.stderr.contains("options '--profile' and '--no-profile' exclude each other"))
    }

    /// The shown profile names its spreads between runs and the rows widened, widest first, and `--all` each row's.
    @Test func theProfileShowsTheSpreadsAndTheRowsWidened() throws {
        var profile = MachineProfile(machine: "m-00000000")
        for index in 0..<9 {
            var entry = MachineProfile.Entry(sxy: 1, sxx: 1, runs: 12)
            (entry.pairs, entry.svv) = (11, 1)
            entry.sdd = index == 8 ? 9 : index == 7 ? 3.24 : index == 6 ? 2.56 : 1   // spreads 3, 1.8, 1.6 and 1
            profile.entries[RowKey(benchmark: try #require(BenchmarkID(parsing: "lookup/s\(index)")), size: 3)] = entry
        }
        let text = ProfileCommand.render(profile, path: "p.csv", all: true)
        #expect(text.contains("spreads between runs (how far a row's level moves from run to run against what its samples "
            + "say): median 1.00, of the 9 rows with 9 pairs of runs or more; 2 rows' intervals widened, past 1.75 times the "
            + "median (lookup/s8@3 3.00x, lookup/s7@3 1.80x)\n"), "\(text)")
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("lookup/s8") })
        #expect(row.split(separator: " ") == ["lookup/s8", "3", "12", "1.00", "3.00", "3.00x"], "\(row)")
        let plain = try #require(text.split(separator: "\n").first { $0.hasPrefix("lookup/s0") })
        #expect(plain.split(separator: " ") == ["lookup/s0", "3", "12", "1.00", "1.00", "-"], "\(plain)")
        let under = try #require(text.split(separator: "\n").first { $0.hasPrefix("lookup/s6") })
        #expect(under.split(separator: " ") == ["lookup/s6", "3", "12", "1.00", "1.60", "-"], "1.6 times the median: \(under)")
    }

    private func runID(_ path: String) throws -> String {
        try #require(try ResultsFile.readMetadata(for: path)?.runID)
    }
}
