import BenchKit
import CarouselLayout
import Foundation
import Testing
@testable import CarouselBench

/// The UIKit model on the command line: its switches listed, set, recorded, checked; its rows in the suite.
@Suite struct UIKitOptionsTests {
    @Test func listUIKitPrintsEverySwitchWithItsValuesDefaultAndEvidence() throws {
        let outcome = try BenchProcess.run(["list", "--uikit"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0[0] } == UIKitSwitches.descriptors.map(\.name))
        let flow = try #require(lines.first { $0[0] == "flowQuery" })
        #expect(flow[1] == "arithmetic|scan" && flow[2] == "default arithmetic" && flow[3].hasPrefix("F1 (high)"))
        #expect(lines.allSatisfy { $0.count == 5 && !$0[3].isEmpty })
    }

    @Test func aBadSwitchIsAOneLineUsageError() throws {
        for (argument, message) in [("answerCaching=maybe", "bad value 'maybe' for UIKit switch answerCaching (allowed: on, off)"),
                                    ("nonsense=1", "unknown UIKit switch 'nonsense'"),
                                    ("flowQuery", "expected NAME=VALUE for a UIKit switch, got 'flowQuery'")] {
            let outcome = try BenchProcess.run(["run", "--quick", "--filter", "^uikit/best$", "--uikit", argument, "--no-baseline"])
            #expect(outcome.status == 64, "\(argument): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("carousel-bench run: error: option '--uikit': " + message), "\(outcome.stderr)")
        }
    }

    /// Switches given twice or comma-separated apply together, are recorded in the metadata, and the uikit rows are
    /// verified against their cores under them before they are timed.
    @Test func switchesAreAppliedRecordedAndVerifiedUnder() throws {
        let directory = try BenchProcess.scratchDirectory()
        let output = directory.appendingPathComponent("switches.csv")
        let outcome = try BenchProcess.run([
            "run", "--quick", "--sizes", "3", "--filter", "^uikit/(best|seed000\\.flow)$", "--time-budget", "2",
            "--uikit", "answerCaching=off,flowQuery=scan", "--uikit", "indexPath=heap",
            "--output", output.path, "--no-baseline",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let metadata = try #require(try ResultsFile.readMetadata(for: output.path))
        let recorded = SuiteConfiguration(recorded: metadata.options).switches
        #expect(recorded.changes == ["flowQuery=scan", "answerCaching=off", "indexPath=heap"])
        let rows = RunCommandTests.chosen(try ResultsFile.read(output.path, schema: SuiteConfiguration.readingSchema))
        #expect(Set(rows.map(\.key.description)) == ["uikit/best@3", "uikit/seed000.flow@3"])
    }

    /// Every uikit pipeline is in the suite per frame and with its four lifecycle operations, each documented.
    @Test func everyUIKitPipelineHasItsRowsAndTheirComplexities() {
        let suite = CarouselSuite()
        let ids = Set(suite.benchmarks.benchmarkIDs.map(\.description))
        for uikitID in Implementation.builtIns.compactMap(\.uikitID) {
            let strategy = String(uikitID.dropFirst("uikit.".count))
            #expect(ids.contains("uikit/" + strategy), "\(uikitID)")
            for operation in UIKitOperation.allCases {
                let id = BenchmarkID(family: operation.rawValue, strategy: uikitID)
                #expect(ids.contains(id.description), "\(id)")
                #expect(suite.complexities[id]?.order.hasPrefix("O(") == true, "\(id)")
            }
        }
        // The matrix adds every other combination of the switches, and only per-frame rows.
        var configuration = SuiteConfiguration()
        configuration.uikitMatrix = .every
        let matrix = CarouselSuite(configuration).benchmarks.benchmarkIDs.filter { $0.family == SuiteFamilies.uikitSwitches }
        #expect(matrix.count == Implementation.builtIns.compactMap(\.uikitID).count * (UIKitSwitches.allCombinations.count - 1))
        #expect(matrix.contains(BenchmarkID(family: SuiteFamilies.uikitSwitches, strategy: "best[flowQuery=scan]")))
        // The matrix rule: a run times each pipeline under the combinations of its live switches only. Seed 003's hit
        // tests make `hitTest` live for it; `uikit.best` asks no hit test, so no row of it varies `hitTest`.
        configuration.uikitMatrix = .live
        let live = CarouselSuite(configuration).benchmarks.benchmarkIDs.filter { $0.family == SuiteFamilies.uikitSwitches }
        #expect(!live.isEmpty && live.count < matrix.count / 4)
        #expect(live.contains { $0.strategy.hasPrefix("seed003.paging[") && $0.strategy.contains("hitTest=layout") })
        #expect(!live.contains { $0.strategy.hasPrefix("best[") && $0.strategy.contains("hitTest=") })
        #expect(Set(live).isSubset(of: Set(matrix)))
    }

    @Test func verifyComparesEveryUIKitPipelineWithItsCore() throws {
        let outcome = try BenchProcess.run(["verify", "--trials", "2"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("uikit pipelines against their cores, frame by frame"))
        for uikitID in Implementation.builtIns.compactMap(\.uikitID) {
            #expect(outcome.stdout.contains(uikitID), "\(uikitID)")
        }
        // Every view agrees with its core; a design failing a scenario of scrolls by code is reported further down.
        let agreements = try #require(outcome.stdout.components(separatedBy: "uikit pipelines against their cores").last?
            .components(separatedBy: "\ndesign criteria").first)
        #expect(agreements.contains("uikit.best") && !agreements.contains("NO: "), "\(agreements)")
        #expect(outcome.stdout.contains("scrolls by code, as apps drive a carousel"))
    }

    /// The tiny catalogues on an iPad-wide viewport: every view verified and agreeing with its core (seed 003's
    /// rounded scale and InfiniteLayout's page seams are the design's own), and a viewport out of range refused.
    @Test func verifyPlaysTheGeometryItIsGiven() throws {
        let wide = try BenchProcess.run(["verify", "--trials", "2", "--viewport", "1024"])
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(wide.stdout.contains("uikit.peer.infinitelayout"))
        let bad = try BenchProcess.run(["verify", "--viewport", "0"])
        #expect(bad.status == 64 && bad.stderr.contains("--viewport"), "\(bad.stderr)")
    }
}
