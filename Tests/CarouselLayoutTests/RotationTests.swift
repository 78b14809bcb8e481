import CarouselLayout
import Testing

@Suite struct RotationTests {
    @Test func seed000_restoreCenter_keepsTheCentredItemAcross390To844To390() {
        let sizing = ItemSizing.widthFraction(portrait: 0.8, landscape: 0.5, heightRatio: 0.64)
        let portrait = CarouselGeometry(viewport: Viewport(width: 390, height: 844), sizing: sizing, spacing: 12, minScale: 0.8)
        let start = portrait.centeringOffset(item: 7) + 20
        let centred = ArithmeticLookup(geometry: portrait, itemCount: 30).centerItem(atOffset: start)!
        #expect(centred == 7)
        let landscape = Rotation.rotate(centeredItem: centred, to: Viewport(width: 844, height: 390), sizing: sizing, spacing: 12, minScale: 0.8)
        #expect(landscape.geometry.itemWidth == 422)
        #expect(isClose(landscape.offset, landscape.geometry.centeringOffset(item: 7)))
        #expect(ArithmeticLookup(geometry: landscape.geometry, itemCount: 30).centerItem(atOffset: landscape.offset) == 7)
        let back = Rotation.rotate(centeredItem: 7, to: Viewport(width: 390, height: 844), sizing: sizing, spacing: 12, minScale: 0.8)
        #expect(back.geometry == portrait)
        #expect(isClose(back.offset, portrait.centeringOffset(item: 7)))
    }
}
