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
