import BenchKit
import XCTest

final class InstructionCounterTests: XCTestCase {
    func testDumpTotalsAreRead() throws {
        let dump = "version: 1\ncmd: x\nevents: Ir\nsummary: 573\nfn=(1) f\n3 10\ntotals: 573\n"
        XCTAssertEqual(try InstructionCounter.instructionTotal(ofDump: dump, path: "d"), 573)
        XCTAssertThrowsError(try InstructionCounter.instructionTotal(ofDump: "events: Ir\n", path: "d"))
    }

    func testManifestMatchesDumpsInOrderAndCancelsTheFixedCost() throws {
        let manifest = "a/x,10,10\na/x,10,20\nb/y,3,5\n"
        let counts = try InstructionCounter.match(manifest: manifest, path: "m", totals: [1_100, 2_100, 60])
        let x = RowKey(benchmark: BenchmarkID(family: "a", strategy: "x"), catalog: 10)
        let y = RowKey(benchmark: BenchmarkID(family: "b", strategy: "y"), catalog: 3)
        // (2 100 - 1 100) / (20 - 10): the 100-instruction region overhead cancels.
        XCTAssertEqual(counts, [x: 100, y: 12])
        var rows = [makeRow("a/x", catalog: 10, samples: [1, 2, 3]), makeRow("c/z", samples: [1])]
        InstructionCounter.apply(counts, to: &rows)
        XCTAssertEqual(rows.map(\.instructionsPerIteration), [100, nil])
    }

    func testAManifestThatDoesNotMatchTheDumpsIsAnError() {
        XCTAssertThrowsError(try InstructionCounter.match(manifest: "a/x,10,10\n", path: "m", totals: [1, 2]))
        XCTAssertThrowsError(try InstructionCounter.match(manifest: "nonsense\n", path: "m", totals: [1])) { error in
            XCTAssertEqual((error as? ResultsFileError)?.description, "m:1: malformed manifest line")
        }
    }
}
