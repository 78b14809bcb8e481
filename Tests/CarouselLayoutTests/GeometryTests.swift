import CarouselLayout
import Testing

@Suite struct GeometryTests {
    @Test func seed000_compensatedSpacing_defaultsGiveNegativeLineSpacing() {
        let g = CarouselGeometry.default
        #expect(isClose(g.lineSpacing, 12 - 31.2))
        #expect(isClose(g.pitch, 292.8))
        #expect(isClose(g.inset, 39))
        #expect(isClose(g.centeringOffset(item: 3), 3 * 292.8))
        #expect(isClose(g.itemCenter(3) - g.viewportWidth / 2, g.centeringOffset(item: 3)))
        #expect(isClose(g.contentWidth(itemCount: 10), 78 + 3120 - 9 * 19.2))
        #expect(isClose(g.maxOffset(itemCount: 10), 9 * 292.8))
    }

    @Test func widthFractionPicksLandscapeWhenWide() {
        let sizing = ItemSizing.widthFraction(portrait: 0.8, landscape: 0.5, heightRatio: 0.5)
        #expect(sizing.itemSize(for: Viewport(width: 390, height: 844)).width == 312)
        #expect(sizing.itemSize(for: Viewport(width: 844, height: 390)) == (422, 211))
    }

    @Test func clampedItemIndexNeverTraps() {
        #expect(clampedItemIndex(-1e300, itemCount: 5) == 0)
        #expect(clampedItemIndex(1e300, itemCount: 5) == 4)
        #expect(clampedItemIndex(.nan, itemCount: 5) == 0)
        #expect(clampedItemIndex(3, itemCount: 0) == 0)
    }
}
