import XCTest

/// `trace`: exactly the columns of SUITE.md, one row per frame, values in their documented ranges.
final class TraceCommandTests: XCTestCase {
    func rows(_ arguments: [String]) throws -> [[String]] {
        let outcome = try BenchProcess.run(["trace"] + arguments)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "frame,offset,center_item,logical_index,jumped,visible")
        XCTAssertEqual(lines.last, "", "the output ends with a newline")
        return lines.dropFirst().dropLast().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    func testBestPipelineDragHasOneRowPerFrameInRange() throws {
        let rows = try rows(["--pipeline", "pipeline.best", "--catalog", "3", "--frames", "240", "--velocity", "4000"])
        XCTAssertEqual(rows.count, 240)
        var sawJump = false
        for (index, row) in rows.enumerated() {
            XCTAssertEqual(row.count, 6, "\(row)")
            XCTAssertEqual(Int(row[0]), index)
            XCTAssertNotNil(Double(row[1]))
            let logical = try XCTUnwrap(Int(row[3]), "\(row)")
            XCTAssertTrue((0..<3).contains(logical), "\(row)")
            XCTAssertTrue(row[4] == "0" || row[4] == "1")
            sawJump = sawJump || row[4] == "1"
            let visible = row[5].split(separator: ";")
            XCTAssertFalse(visible.isEmpty, "\(row)")
            for item in visible {
                let parts = item.split(separator: ":")
                XCTAssertEqual(parts.count, 4, "item:scale:alpha:tx in \(row)")
                let scale = try XCTUnwrap(Double(parts[1]))
                let alpha = try XCTUnwrap(Double(parts[2]))
                XCTAssertTrue((0.8...1).contains(scale) && (0.5...1).contains(alpha), "\(item)")
            }
        }
        XCTAssertTrue(sawJump, "a 4 000 pt/s drag over a 3-item catalog wraps within 2 s")
    }

    func testFlickAtSixtyHertzSettlesOnACentredItem() throws {
        let rows = try rows(["--pipeline", "seed000.centerFocused", "--catalog", "30", "--gesture", "flick",
                             "--velocity", "3000", "--hz", "60", "--frames", "180"])
        XCTAssertEqual(rows.count, 180)
        let last = try XCTUnwrap(rows.last)
        let offset = try XCTUnwrap(Double(last[1]))
        let pitch = 292.8
        XCTAssertEqual(offset / pitch, (offset / pitch).rounded(), accuracy: 1e-6, "at rest an item is centred: \(last)")
        XCTAssertEqual(last[4], "0")
    }

    func testBadTraceArgumentsExit64() throws {
        for arguments in [["--catalog", "3"], ["--pipeline", "nope", "--catalog", "3"],
                          ["--pipeline", "best", "--catalog", "0"], ["--pipeline", "best", "--catalog", "3", "--hz", "90"]] {
            let outcome = try BenchProcess.run(["trace"] + arguments)
            XCTAssertEqual(outcome.status, 64, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("carousel-bench trace: error: "), outcome.stderr)
        }
    }
}
