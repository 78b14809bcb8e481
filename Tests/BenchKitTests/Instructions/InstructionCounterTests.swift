import Foundation
import BenchKit
import Testing

@Suite struct InstructionCounterTests {
    @Test func dumpTotalsAreRead() throws {
        let dump = "version: 1\ncmd: x\nevents: Ir\nsummary: 573\nfn=(1) f\n3 10\ntotals: 573\n"
        #expect(try InstructionCounter.instructionTotal(ofDump: dump, path: "d") == 573)
        #expect(throws: ResultsFileError.self) { try InstructionCounter.instructionTotal(ofDump: "events: Ir\n", path: "d") }
    }

    @Test func manifestMatchesDumpsInOrderAndCancelsTheFixedCost() throws {
        let manifest = "a/x,10,10\na/x,10,20\nb/y,3,5\n"
        let counts = try InstructionCounter.match(manifest: manifest, path: "m", totals: [1_100, 2_100, 60])
        let x = RowKey(benchmark: BenchmarkID(family: "a", strategy: "x"), size: 10)
        let y = RowKey(benchmark: BenchmarkID(family: "b", strategy: "y"), size: 3)
        // (2 100 - 1 100) / (20 - 10): the 100-instruction region overhead cancels.
        #expect(counts == [x: 100, y: 12])
        var rows = [makeRow("a/x", size: 10, samples: [1, 2, 3]), makeRow("c/z", samples: [1])]
        InstructionCounter.apply(counts, to: &rows)
        #expect(rows.map(\.instructionsPerIteration) == [100, nil])
    }

    @Test func aManifestThatDoesNotMatchTheDumpsIsAnError() {
        #expect(throws: ResultsFileError.self) { try InstructionCounter.match(manifest: "a/x,10,10\n", path: "m", totals: [1, 2]) }
        let error = #expect(throws: ResultsFileError.self) { try InstructionCounter.match(manifest: "nonsense\n", path: "m", totals: [1]) }
        #expect(error?.description == "m:1: malformed manifest line")
    }
}

@Suite struct InstructionCounterPlanTests {
    func key(_ text: String) -> RowKey { RowKey(parsing: text)! }

    @Test func aRegionOfZeroIterationsIsTheFixedCostThatCancels() throws {
        // Regions of 0 and 20 iterations: (2 100 - 100) / 20, the 100-instruction region overhead cancelling.
        let counts = try InstructionCounter.match(manifest: "a/x,10,0\na/x,10,20\n", path: "m", totals: [100, 2_100])
        #expect(counts == [key("a/x@10"): 100])
    }

    @Test func rowKeysParseBackFromTheirDescription() {
        let parsed = RowKey(parsing: "family/strategy.with@at@300")
        #expect(parsed == RowKey(benchmark: BenchmarkID(family: "family", strategy: "strategy.with@at"), size: 300))
        #expect(parsed?.description == "family/strategy.with@at@300")
        #expect(RowKey(parsing: "nofamily@3") == nil)
        #expect(RowKey(parsing: "a/b@x") == nil)
        #expect(RowKey(parsing: "a/b") == nil)
    }

    @Test func casesAreSplitIntoGroupsOfAboutEqualCostDeterministically() {
        let costs: [RowKey: Double] = [
            key("p/heavy@3"): 8, key("p/big@3"): 6, key("p/mid@3"): 3, key("p/small@3"): 2, key("p/tiny@3"): 1,
        ]
        let groups = InstructionCounter.partition(costs, into: 2)
        // 8 -> first; 6 -> second; 3 -> second (6 < 8); 2 -> first (8 < 9); 1 -> second (9 < 10).
        #expect(groups == [[key("p/heavy@3"), key("p/small@3")], [key("p/big@3"), key("p/mid@3"), key("p/tiny@3")]])
        let loads = groups.map { $0.reduce(0) { $0 + costs[$1]! } }
        #expect(loads == [10, 10])
        #expect(InstructionCounter.partition(costs, into: 2) == groups, "the same costs give the same split")
        #expect(Set(groups.joined()) == Set(costs.keys), "every case in exactly one group")
    }

    @Test func noMoreGroupsThanCasesAndOneGroupForOneChild() {
        let costs: [RowKey: Double] = [key("a/x@1"): 1, key("a/y@1"): 1]
        #expect(InstructionCounter.partition(costs, into: 8).count == 2)
        #expect(InstructionCounter.partition(costs, into: 1) == [[key("a/x@1"), key("a/y@1")]])
        #expect(InstructionCounter.partition([:], into: 2).isEmpty)
    }

    /// With earlier counts for every row (the gate's baseline), the split does not depend on this run's times:
    /// the same cases share a child on every run, so their heaps, and their counts, repeat.
    @Test func costsFromReferenceCountsIgnoreTheRunsTimes() {
        func run(scale: Double) -> RunResult {
            let rows = [makeRow("a/x", samples: [1 * scale]), makeRow("a/y", samples: [30 * scale]), makeRow("b/z", samples: [5])]
            let preparation = Dictionary(uniqueKeysWithValues: rows.map {
                ($0.key, CasePreparation(setUpSeconds: 0.01 * scale, instructionIterations: 64))
            })
            return RunResult(rows: rows, failures: [], metadata: .current(options: [:]), preparation: preparation)
        }
        let reference = Dictionary(uniqueKeysWithValues: [("a/x", 900.0), ("a/y", 20.0), ("b/z", 400.0)].map {
            (RowKey(benchmark: BenchmarkID(parsing: $0.0)!, size: 10), $0.1)
        })
        let calm = InstructionCounter.estimatedCosts(of: run(scale: 1), defaultIterations: 256, reference: reference)
        let busy = InstructionCounter.estimatedCosts(of: run(scale: 7), defaultIterations: 256, reference: reference)
        #expect(calm == busy)
        // Ranked by the counts: a/x (900) costs most though this run timed a/y slowest.
        #expect(calm.max { $0.value < $1.value }?.key.benchmark.description == "a/x")
        // Without a reference, the run's own times decide, and a busier run changes them.
        #expect(InstructionCounter.estimatedCosts(of: run(scale: 1), defaultIterations: 256)
                != InstructionCounter.estimatedCosts(of: run(scale: 7), defaultIterations: 256))
    }

    @Test func aCaseCostsItsSetUpAndItsRegionEachTimesItsSlowdown() {
        let cheap = InstructionCounter.estimatedCost(
            CasePreparation(setUpSeconds: 0.001, instructionIterations: 10), secondsPerIteration: 1e-7, defaultIterations: 256)
        let longSetUp = InstructionCounter.estimatedCost(
            CasePreparation(setUpSeconds: 1, instructionIterations: 10), secondsPerIteration: 1e-7, defaultIterations: 256)
        let longRegion = InstructionCounter.estimatedCost(
            CasePreparation(setUpSeconds: 0.001, instructionIterations: 10), secondsPerIteration: 1e-3, defaultIterations: 256)
        let defaultRegion = InstructionCounter.estimatedCost(nil, secondsPerIteration: 1e-7, defaultIterations: 256)
        #expect(cheap < longSetUp && cheap < longRegion)
        #expect(defaultRegion > InstructionCounter.estimatedCost(nil, secondsPerIteration: 1e-7, defaultIterations: 10))
    }

    /// The child's environment is a fixed set, nothing of the user's: a longer PATH or another working directory
    /// would otherwise move the child's heap and change its counts.
    @Test func aChildsEnvironmentIsAFixedSetWithNothingInherited() {
        let environment = InstructionCounter.childEnvironment(directory: "/tmp/d", iterations: 256, casesFile: "/tmp/d/cases.txt")
        #expect(environment == [
            InstructionCounter.manifestVariable: "/tmp/d/manifest.csv",
            InstructionCounter.iterationsVariable: "256",
            InstructionCounter.casesVariable: "/tmp/d/cases.txt",
            "SWIFT_DETERMINISTIC_HASHING": "1",
            "LD_BIND_NOW": "1",
            "MALLOC_ARENA_MAX": "100000",
        ])
        let everything = InstructionCounter.childEnvironment(directory: "/tmp/d", iterations: 10, casesFile: nil)
        #expect(everything[InstructionCounter.casesVariable] == nil, "no cases file: the child measures every case")
        #expect(everything["PATH"] == nil && everything["HOME"] == nil && everything["PWD"] == nil)
    }

    /// Outside valgrind the measured region is a plain call, so the child's protocol can be run here: every case
    /// runs `iterationsRunByChild` iterations in all (what a set-up may prepare input for), regions of 0 and K.
    @Test func aChildRunsEachCaseTheIterationsItAnnouncesAndWritesItsRegions() throws {
        final class Tally { var iterations: [String: Int] = [:]; var threads: [String: Set<pthread_t>] = [:] }
        let tally = Tally()
        let suite = BenchmarkSuite()
        for (strategy, own) in [("default", nil), ("own", 7)] as [(String, Int?)] {
            suite.register(BenchmarkID(family: "child", strategy: strategy), unit: frameUnit, sizes: .fixed([3])) { size in
                PreparedBenchmark(items: size, instructionIterations: own) { iterations in
                    tally.iterations["\(strategy)@\(size)", default: 0] += iterations
                    tally.threads["\(strategy)@\(size)", default: []].insert(pthread_self())
                }
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = InstructionCounter.childEnvironment(directory: directory.path, iterations: 5, casesFile: nil)
        try InstructionCounter.runChild(suite, options: RunOptions(), environment: environment)
        #expect(tally.iterations == [
            "default@3": InstructionCounter.iterationsRunByChild(regionIterations: 5),
            "own@3": InstructionCounter.iterationsRunByChild(regionIterations: 7),
        ])
        #expect(tally.iterations["default@3"] == 11, "warm-up 5, one more, regions of 0 and 5")
        // Each case runs set-up, warm-up and regions on one thread of its own, never the caller's (a fresh arena).
        let threads = tally.threads.values.map { Array($0) }
        #expect(threads.count == 2 && threads.allSatisfy { $0.count == 1 })
        #expect(Set(threads.joined()).count == 2 && !threads.joined().contains(pthread_self()))
        let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.csv"), encoding: .utf8)
        #expect(manifest == "child/default,3,0\nchild/default,3,5\nchild/own,3,0\nchild/own,3,7\n")
    }
}
