@testable import CarouselLayout
import Testing

/// The catalogue-update scenario `trace` plays and times: its frames, and each view's updates as the checks judge them.
@Suite struct CatalogUpdatePlayTests {
    @Test func framesAreARestThenTwelveUpdatesATenthOfASecondApart() {
        let frames = CatalogUpdateScenario.frames(hz: 120)
        #expect(frames.count == 6 + 12 * 12)
        let updates = frames.enumerated().compactMap { index, update in update.map { (index, $0) } }
        #expect(updates.map(\.0) == Array(stride(from: 6, to: 150, by: 12)))
        #expect(updates.map(\.1) == Array(repeating: CatalogUpdateScenario.cycle, count: 3).flatMap { $0 })
        // Each cycle brings the catalogue back to its size: +2, -1, -1, 0.
        #expect(CatalogUpdateScenario.cycle.reduce(1) { $1.newCount(from: $0) } == 1)
        #expect(CatalogUpdateScenario.frames(hz: 60).count == 3 + 12 * 6)
    }

    /// The centred item after each update of a play, as its trace rows show it.
    func centredAfterUpdates(_ rows: [TraceRow], _ events: [FrameEvent]) -> [Int?] {
        zip(rows, events).filter { $0.1 == .catalogueUpdate }.map { $0.0.logicalIndex }
    }

    /// The items each update keeps, from item `start` at size `n`, through the scenario's updates.
    func keptItems(from start: Int, catalogCount n: Int) -> [Int] {
        var (item, count) = (start, n)
        return CatalogUpdateScenario.frames(hz: 120).compactMap { $0 }.map { update in
            item = update.keptItem(item, catalogCount: count)
            count = update.newCount(from: count)
            return item
        }
    }

    @Test(arguments: [1, 3, 300])
    func bestKeepsTheCentredItemThroughEveryUpdateInBothViews(catalogCount n: Int) {
        var core = CatalogUpdatePlay.core(BestPipeline(catalogCount: n, geometry: .default))
        var uikit = CatalogUpdatePlay.uikit(UIKitBestPipeline(catalogCount: n, geometry: .default, switches: .default))
        let coreTrace = PipelineTrace.trace(&core, hz: 120)
        let uikitTrace = PipelineTrace.trace(&uikit, hz: 120)
        #expect(centredAfterUpdates(coreTrace.rows, coreTrace.events) == keptItems(from: 0, catalogCount: n))
        #expect(centredAfterUpdates(uikitTrace.rows, uikitTrace.events) == keptItems(from: 0, catalogCount: n))
        #expect(coreTrace.events.filter { $0 == .catalogueUpdate }.count == 12)
        #expect(core.pipeline.catalogCount == n && uikit.pipeline.catalogCount == n)
    }

    /// Seed 000 keeps its offset on page 2n (its core as its UIKit view): the first insert of 2 at n = 300 centres
    /// item 298 where item 0 was, as `verify` finds.
    @Test func seed000FlowShowsAnotherItemAfterTheInsertInBothViews() {
        var core = CatalogUpdatePlay.core(Seed000FlowPipeline(catalogCount: 300, geometry: .default))
        var uikit = CatalogUpdatePlay.uikit(UIKitSeed000FlowPipeline(catalogCount: 300, geometry: .default, switches: .default))
        let coreTrace = PipelineTrace.trace(&core, hz: 120)
        let uikitTrace = PipelineTrace.trace(&uikit, hz: 120)
        #expect(centredAfterUpdates(coreTrace.rows, coreTrace.events).first == 298)
        #expect(centredAfterUpdates(coreTrace.rows, coreTrace.events) == centredAfterUpdates(uikitTrace.rows, uikitTrace.events))
        #expect(coreTrace.rows.map(\.offset) == uikitTrace.rows.map(\.offset))
    }

    @Test func aStillFrameNamesWhatItShowsAndAnUpdateFrameItsUpdate() {
        var play = CatalogUpdatePlay.core(BestPipeline(catalogCount: 3, geometry: .default))
        let (rows, events) = PipelineTrace.trace(&play, hz: 120)
        #expect(events.first == .newItem, "the first frame's items are all new")
        #expect(events[1] == .nothing)
        #expect(events[6] == .catalogueUpdate)
        #expect(rows.map(\.frame) == Array(0..<150))
    }
}
