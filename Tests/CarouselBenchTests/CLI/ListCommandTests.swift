import CarouselLayout
import Testing
@testable import CarouselBench

/// `list`: `id<TAB>unit<TAB>sizes<TAB>profile`, the sizes saying `any size`, its limit and why, and the default sizes;
/// the profile naming the worst-frame figures of a trajectory row.
@Suite struct ListCommandTests {
    static let defaults = "default 3,10,30,100,300,1000,3000,10000"

    func entries(_ arguments: [String] = []) throws -> [String: [String]] {
        let outcome = try BenchProcess.run(["list"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasSuffix("\n"))
        var entries: [String: [String]] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 4, "id, unit, sizes, profile: \(line)")
            #expect(entries.updateValue(fields, forKey: fields[0]) == nil, "listed once: \(line)")
        }
        return entries
    }

    @Test func fsPagerShowsItsLimitAndWhy() throws {
        let entries = try entries()
        for id in ["pipeline/peer.fspager", "wrap/peer.fspager.wrap"] {
            let entry = try #require(entries[id], "\(entries.keys.sorted())")
            #expect(entry[1] == "ns/frame")
            #expect(entry[2].hasPrefix("any size up to 32767 ("), "\(entry)")
            #expect(entry[2].contains("Int16.max / n sections"), "the reason: \(entry)")
            #expect(entry[2].hasSuffix("); " + Self.defaults), "\(entry)")
        }
    }

    /// Every design's views show its limit and why (Docs/ALGORITHMS.md, "Catalog limits"), each view the one it runs at.
    @Test func everyDesignShowsItsLimitAndWhy() throws {
        let entries = try entries()
        let profiled = ListCommand.profiledFigures
        for implementation in Implementation.builtIns {
            for (id, limit) in [("pipeline/", implementation.core?.catalogLimit), ("uikit/", implementation.uikit?.catalogLimit)] {
                let limit = try #require(limit, "\(implementation.name)")
                let entry = try #require(entries[id + implementation.name])
                #expect(entry == [id + implementation.name, "ns/frame",
                                  "any size up to \(limit.largest) (\(limit.reason)); " + Self.defaults, profiled])
            }
        }
        #expect(entries["pipeline/seed000.flow"]?[2].hasPrefix("any size up to 320000 (O(N) per frame") == true)
        #expect(entries["floor/uikit"]?[2].hasPrefix("any size up to 715827882 (N = 3n") == true)
    }

    @Test func otherBenchmarksTakeAnySizeAndTheSelfCheckItsOwn() throws {
        let entries = try entries()
        let profiled = ListCommand.profiledFigures
        #expect(entries["lookup/arithmetic"] == ["lookup/arithmetic", "ns/call", "any size; " + Self.defaults, "-"])
        #expect(entries["harness/empty"] == ["harness/empty", "ns/call", "fixed 3", "-"])
        #expect(profiled.hasPrefix("worst_frame,"))
        // Exactly the suite's benchmarks.
        #expect(Set(entries.keys) == Set(CarouselSuite().benchmarks.benchmarkIDs.map(\.description)))
    }

    @Test func theFilterSelectsIds() throws {
        let entries = try entries(["--filter", "fspager"])
        #expect(Set(entries.keys) == ["transform/peer.fspager", "snap/peer.fspager.snap", "wrap/peer.fspager.wrap",
                                      "pipeline/peer.fspager", "uikit/peer.fspager", "prepare/uikit.peer.fspager",
                                      "rotate/uikit.peer.fspager", "reload/uikit.peer.fspager", "release/uikit.peer.fspager",
                                      "advance/uikit.peer.fspager", "recentre/uikit.peer.fspager", "update/uikit.peer.fspager"])
    }
}
