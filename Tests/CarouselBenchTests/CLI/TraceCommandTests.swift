import CarouselLayout
import Testing

/// `trace`: exactly the columns its help documents, one row per frame, values in their documented ranges.
@Suite struct TraceCommandTests {
    func rows(_ arguments: [String]) throws -> [[String]] {
        let outcome = try BenchProcess.run(["trace"] + arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "frame,offset,center_item,logical_index,jumped,visible")
        #expect(lines.last == "", "the output ends with a newline")
        return lines.dropFirst().dropLast().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func bestPipelineDragHasOneRowPerFrameInRange() throws {
        let rows = try rows(["--pipeline", "pipeline.best", "--catalog", "3", "--frames", "240", "--velocity", "4000"])
        #expect(rows.count == 240)
        var sawJump = false
        for (index, row) in rows.enumerated() {
            #expect(row.count == 6, "\(row)")
            #expect(Int(row[0]) == index)
            #expect(Double(row[1]) != nil)
            let logical = try #require(Int(row[3]), "\(row)")
            #expect((0..<3).contains(logical), "\(row)")
            #expect(row[4] == "0" || row[4] == "1")
            sawJump = sawJump || row[4] == "1"
            let visible = row[5].split(separator: ";")
            #expect(!visible.isEmpty, "\(row)")
            for item in visible {
                let parts = item.split(separator: ":")
                #expect(parts.count == 4, "item:scale:alpha:tx in \(row)")
                let scale = try #require(Double(parts[1]))
                let alpha = try #require(Double(parts[2]))
                #expect((0.8...1).contains(scale) && (0.5...1).contains(alpha), "\(item)")
            }
        }
        #expect(sawJump, "a 4 000 pt/s drag over a 3-item catalog wraps within 2 s")
    }

    /// `--ledger`: one column per ledger counter, each frame's increase; a layout pass in every frame of a drag, and
    /// the totals those of the ledger after the same play.
    @Test func theLedgerColumnsAreEachFramesWorkAndAddUpToThePlaysLedger() throws {
        let outcome = try BenchProcess.run(["trace", "--pipeline", "uikit.best", "--catalog", "300", "--frames", "60", "--ledger"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let names = UIKitLedger().counters.map(\.name)
        #expect(Array(header.dropFirst(6)) == names)
        let frames = lines.dropFirst()
        #expect(frames.count == 60)
        let passes = try #require(header.firstIndex(of: "layoutPasses"))
        for frame in frames {
            #expect(frame.count == header.count)
            #expect((Int(frame[passes]) ?? 0) >= 1, "a layout pass in every frame of a drag: \(frame)")
        }
        var pipeline = UIKitBestPipeline(catalogCount: 300, geometry: .default, switches: .default)
        let before = pipeline.ledger.counters.map(\.value)
        PipelinePlayer.play(&pipeline, script: ScrollScript([.drag(velocity: 2000, duration: 0.5)]), hz: 120) { _, _ in }
        let played = zip(pipeline.ledger.counters.map(\.value), before).map { $0 - $1 }
        let summed = names.indices.map { column in frames.reduce(0) { $0 + (Int($1[6 + column]) ?? 0) } }
        #expect(summed == played)
    }

    @Test func theLedgerOfACoreIsAUsageError() throws {
        let outcome = try BenchProcess.run(["trace", "--pipeline", "pipeline.best", "--catalog", "3", "--ledger"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("has no UIKit ledger"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    @Test func flickAtSixtyHertzSettlesOnACentredItem() throws {
        let rows = try rows(["--pipeline", "seed000.centerFocused", "--catalog", "30", "--gesture", "flick",
                             "--velocity", "3000", "--hz", "60", "--frames", "180"])
        #expect(rows.count == 180)
        let last = try #require(rows.last)
        let offset = try #require(Double(last[1]))
        let pitch = 292.8
        #expect(abs(offset / pitch - (offset / pitch).rounded()) <= 1e-6, "at rest an item is centred: \(last)")
        #expect(last[4] == "0")
    }

    /// Any rate in 1...1000 Hz is valid: a drag then moves velocity / hz per frame.
    @Test func dragAtNinetyHertzMovesVelocityOverHzPerFrame() throws {
        let rows = try rows(["--pipeline", "best", "--catalog", "30", "--velocity", "2000", "--hz", "90", "--frames", "90"])
        #expect(rows.count == 90)
        for (index, row) in rows.enumerated() {
            let offset = try #require(Double(row[1]), "\(row)")
            // 2 000 pt in one second stays inside the 30 x 292.8 pt catalog: no wrap jump, the offset is the sum.
            #expect(abs(offset - Double(index + 1) * 2000 / 90) <= 1e-4, "frame \(index): \(row)")
            #expect(row[4] == "0", "\(row)")
        }
    }

    @Test func badTraceArgumentsExit64() throws {
        for arguments in [["--catalog", "3"], ["--pipeline", "nope", "--catalog", "3"],
                          ["--pipeline", "best", "--catalog", "0"], ["--pipeline", "best", "--catalog", "3", "--hz", "0"],
                          ["--pipeline", "best", "--catalog", "3", "--hz", "1001"]] {
            let outcome = try BenchProcess.run(["trace"] + arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("carousel-bench trace: error: "), "\(outcome.stderr)")
        }
    }

    /// A catalog past the design's limit is refused before any work: one line naming the view, its limit and why.
    @Test(arguments: [("pipeline.seed000.flow", "320000", "O(N) per frame"), ("uikit.peer.fspager", "32767", "FSPagerView's"),
                      ("uikit.best", "200000", "home is n·p points in")])
    func aCatalogPastTheDesignsLimitIsOneLineAndExit64(pipeline: String, limit: String, reason: String) throws {
        let outcome = try BenchProcess.run(["trace", "--pipeline", pipeline, "--catalog", "1000000"])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("carousel-bench trace: error: option '--catalog': \(pipeline) takes n up to "
            + "\(limit), not 1000000: \(reason)"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1 && outcome.stdout.isEmpty)
    }

    @Test func costsAddEachFramesCostAndEvent() throws {
        let outcome = try BenchProcess.run(["trace", "--pipeline", "seed003.paging", "--catalog", "30", "--gesture", "standard",
                                            "--costs"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "frame,offset,center_item,logical_index,jumped,visible,cost_ns,event")
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        // The standard trajectory at 120 Hz as this pipeline plays it (its snaps decide where each flick lands).
        #expect(rows.count > 2_500, "\(rows.count)")
        var events: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            #expect(row[0] == String(index))
            #expect(row.count == 8, "\(row)")
            #expect((Double(row[6]) ?? -1) >= 0, "\(row)")
            events[row[7], default: 0] += 1
        }
        #expect(Set(events.keys).isSubset(of: Set(FrameEvent.allCases.map(\.rawValue))), "\(events)")
        #expect(events["rotation"] == 2, "the standard script rotates to landscape and back: \(events)")
        #expect((events["release"] ?? 0) >= 12, "a release per stroke: \(events)")
    }

    /// `--gesture catalogue-update`: a row per display frame in both views, each update's frame named, its cost and
    /// its ledger counts given.
    @Test(arguments: ["pipeline.seed000.flow", "uikit.seed000.flow"])
    func catalogueUpdatesAreTracedFrameByFrame(pipeline: String) throws {
        let ledger = pipeline.hasPrefix("uikit") ? ["--ledger"] : []
        let outcome = try BenchProcess.run(["trace", "--pipeline", pipeline, "--catalog", "3", "--gesture", "catalogue-update", "--costs"] + ledger)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        #expect(Array(header.prefix(8)) == ["frame", "offset", "center_item", "logical_index", "jumped", "visible", "cost_ns", "event"])
        #expect((header.count > 8) == !ledger.isEmpty, "\(header)")
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 150)
        #expect(rows.allSatisfy { $0.count == header.count && (Double($0[6]) ?? -1) >= 0 })
        #expect(rows.filter { $0[7] == "catalogue update" }.map { Int($0[0]) } == Array(stride(from: 6, to: 150, by: 12)))
        if !ledger.isEmpty {
            let passes = try #require(header.firstIndex(of: "layoutPasses"))
            #expect(rows.filter { $0[7] == "catalogue update" }.allSatisfy { (Int($0[passes]) ?? 0) >= 1 },
                    "an update's frame lays out what it changed")
        }
    }

    @Test func withoutCostsTheColumnsAreUnchanged() throws {
        #expect(try rows(["--pipeline", "best", "--catalog", "3", "--frames", "4"]).allSatisfy { $0.count == 6 })
    }
}

/// `trace` of a UIKit pipeline: the content stops at its edge, as a UIScrollView does, where the core runs on.
@Suite struct UIKitTraceTests {
    @Test func aFastDragStopsAtTheContentsEdgeWithItemsStillVisible() throws {
        let arguments = ["--catalog", "7", "--velocity", "9789"]
        let uikit = try BenchProcess.run(["trace", "--pipeline", "uikit.seed000.centerFocused"] + arguments)
        let core = try BenchProcess.run(["trace", "--pipeline", "seed000.centerFocused"] + arguments)
        #expect(uikit.status == 0 && core.status == 0, "\(uikit.stderr)\(core.stderr)")
        let last = { (outcome: BenchProcess.Outcome) in outcome.stdout.split(separator: "\n").last!.split(separator: ",", omittingEmptySubsequences: false) }
        // 6 pitches of 292.8 points: the last item centred.
        #expect(abs(Double(last(uikit)[1])! - 6 * 292.8) < 1e-9)
        #expect(last(uikit)[2] == "6" && !last(uikit)[5].isEmpty)
        #expect(Double(last(core)[1])! > 9_000 && last(core)[5].isEmpty, "the core runs past its content")
    }

}
