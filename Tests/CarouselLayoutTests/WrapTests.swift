import CarouselLayout
import Testing

/// Walks `frames` steps of `step` points from the start, clamped to the content, and checks every jump.
/// Returns the number of jumps and the number of visible jumps (not a whole number of catalog widths, or
/// the logical centre changed).
func walk<Wrap: WrapStrategy>(_ wrap: Wrap, step: Double, frames: Int) -> (jumps: Int, visibleJumps: Int, finalOffset: Double) {
    var offset = wrap.startOffset
    var jumps = 0
    var visible = 0
    for _ in 0..<frames {
        let moved = min(max(offset + step, wrap.offsetRange.lowerBound), wrap.offsetRange.upperBound)
        let result = wrap.step(offset: moved)
        let index = wrap.logicalCenter(offset: result.offset)
        #expect(index >= 0 && index < wrap.catalogCount)
        if result.jumped {
            jumps += 1
            let widths = (result.offset - moved) / wrap.catalogWidth
            if abs(widths - widths.rounded()) > 1e-6 || wrap.logicalCenter(offset: moved) != index { visible += 1 }
        }
        offset = result.offset
    }
    return (jumps, visible, offset)
}

@Suite struct WrapTests {
    let g = CarouselGeometry.default

    @Test func lastItemsLogicalIndexIsNMinusOne() {
        for n in [1, 2, 3, 10] {
            #expect(TripleWrap(geometry: g, catalogCount: n).logicalIndex(ofItem: 3 * n - 1) == n - 1)
            #expect(HundredfoldWrap(geometry: g, catalogCount: n).logicalIndex(ofItem: 100 * n - 1) == n - 1)
            let fspager = FSPagerWrap(geometry: g, catalogCount: n)
            #expect(fspager.logicalIndex(ofItem: fspager.itemCount - 1) == n - 1)
            let infinite = InfiniteLayoutWrap(geometry: g, catalogCount: n)
            #expect(infinite.logicalIndex(ofItem: infinite.itemCount - 1) == n - 1)
            #expect(ModularWrap(geometry: g, catalogCount: n).logicalIndex(ofItem: n - 1) == n - 1)
            let sentinel = SentinelWrap(viewportWidth: 390, catalogCount: n)
            #expect(sentinel.logicalIndex(ofItem: n) == n - 1)
            #expect(sentinel.logicalIndex(ofItem: 0) == n - 1 && sentinel.logicalIndex(ofItem: n + 1) == 0)
        }
    }

    @Test func catalogIndexNeverUnderflows() {
        #expect(catalogIndex(-1, catalogCount: 3) == 2)
        #expect(catalogIndex(Int.min, catalogCount: 3) == catalogIndex(Int.min % 3 + 3, catalogCount: 3))
        #expect(ModularWrap(geometry: g, catalogCount: 3).logicalCenter(offset: -g.pitch) == 2)
        #expect(ModularWrap(geometry: g, catalogCount: 3).logicalCenter(offset: 1e300) == 0)
    }

    @Test func replicatedCountsAndStarts() {
        #expect(TripleWrap(geometry: g, catalogCount: 3).itemCount == 9)
        #expect(TripleWrap(geometry: g, catalogCount: 3).startOffset == 6 * g.pitch)
        #expect(SentinelWrap(viewportWidth: 390, catalogCount: 5).itemCount == 7)
        #expect(HundredfoldWrap(geometry: g, catalogCount: 3).startOffset == 150 * g.pitch)
        #expect(FSPagerWrap(geometry: g, catalogCount: 10).itemCount == 3276 * 10)
        #expect(FSPagerWrap(geometry: g, catalogCount: 40_000).itemCount == 0)
        #expect(InfiniteLayoutWrap(geometry: g, catalogCount: 3).copies == 8)
    }

    @Test func seed000_triple_slowStepsJumpOneCatalogWidth() {
        for n in [2, 3, 10] {
            let wrap = TripleWrap(geometry: g, catalogCount: n)
            let right = walk(wrap, step: g.pitch / 7, frames: 7 * 5 * n)
            #expect(right.jumps >= 4 && right.visibleJumps == 0)
            let left = walk(wrap, step: -g.pitch / 7, frames: 7 * 5 * n)
            #expect(left.jumps >= 4 && left.visibleJumps == 0)
        }
    }

    @Test func seed000_triple_fastStepLandingInTheFarHalfSkipsOneItem() {
        let n = 3
        let wrap = TripleWrap(geometry: g, catalogCount: n)
        let landed = Double(2 * n + 1) * g.pitch + 0.2 * g.pitch
        let result = wrap.step(offset: landed)
        #expect(result.jumped)
        #expect(isClose(landed - result.offset, Double(n + 1) * g.pitch))
        #expect(wrap.logicalCenter(offset: result.offset) != wrap.logicalCenter(offset: landed))
        #expect(walk(wrap, step: 0.7 * g.pitch, frames: 200).visibleJumps > 0)
    }

    @Test func seed000_triple_stepsBeyondOnePitchSkipTheTriggerAndStopAtTheEnd() {
        let wrap = TripleWrap(geometry: g, catalogCount: 3)
        let run = walk(wrap, step: 2.1 * g.pitch, frames: 50)
        #expect(run.finalOffset == wrap.offsetRange.upperBound)
    }

    @Test func seed000_triple_n1_neverWrapsRightAndLeftJumpLeavesTheContent() {
        let wrap = TripleWrap(geometry: g, catalogCount: 1)
        #expect(walk(wrap, step: g.pitch / 7, frames: 100).jumps == 0)
        let left = wrap.step(offset: 0.7 * g.pitch)
        #expect(left.jumped && left.offset > wrap.offsetRange.upperBound)
    }

    @Test func modularIsInvisibleAtAnySpeed() {
        for n in [1, 2, 3, 10] {
            let wrap = ModularWrap(geometry: g, catalogCount: n)
            for step in [1.0, g.pitch / 2 + 1, 2.7 * g.pitch, 1000 * g.pitch, -3.3 * g.pitch, -0.4 * g.pitch] {
                let run = walk(wrap, step: step, frames: 300)
                #expect(run.visibleJumps == 0)
                #expect(wrap.offsetRange.contains(run.finalOffset))
            }
        }
        let wrap = ModularWrap(geometry: g, catalogCount: 3)
        #expect(wrap.step(offset: -1e-17).offset < wrap.catalogWidth)
    }

    @Test func seed004_sentinel_jumpsOnlyAtTheEndOfDeceleration() {
        for n in [1, 2, 3, 5] {
            let wrap = SentinelWrap(viewportWidth: 390, catalogCount: n)
            #expect(!wrap.step(offset: 0).jumped)
            #expect(wrap.endOfGesture(offset: 0) == WrapStep(offset: Double(n) * 390, jumped: true))
            #expect(wrap.endOfGesture(offset: Double(n + 1) * 390) == WrapStep(offset: 390, jumped: true))
            #expect(!wrap.endOfGesture(offset: 390).jumped)
            #expect(wrap.logicalCenter(offset: 0) == wrap.logicalCenter(offset: Double(n) * 390))
        }
    }

    @Test func neverRecentringWrapsRunOut() {
        let hundredfold = HundredfoldWrap(geometry: g, catalogCount: 3)
        let run = walk(hundredfold, step: g.pitch, frames: 200)
        #expect(run.jumps == 0 && run.finalOffset == hundredfold.offsetRange.upperBound)
        let fspager = FSPagerWrap(geometry: g, catalogCount: 3)
        #expect(walk(fspager, step: -g.pitch, frames: 20_000).finalOffset == 0)
    }

    @Test func infiniteLayoutRecentresByWholePages() {
        for n in [1, 2, 3] {
            let wrap = InfiniteLayoutWrap(geometry: g, catalogCount: n)
            let nearEnd = wrap.step(offset: 1.5 * wrap.pageWidth + 10)
            #expect(nearEnd.jumped && isClose(nearEnd.offset, 250.5 * wrap.pageWidth + 10))
            let negative = wrap.step(offset: -1.25 * wrap.pageWidth)
            let widths = (negative.offset + 1.25 * wrap.pageWidth) / wrap.catalogWidth
            #expect(isClose(widths, widths.rounded(), tolerance: 1e-9))
            #expect(!wrap.step(offset: 100 * wrap.pageWidth).jumped)
            #expect(walk(wrap, step: 3.3 * g.pitch, frames: 500).visibleJumps == 0)
        }
    }
}
