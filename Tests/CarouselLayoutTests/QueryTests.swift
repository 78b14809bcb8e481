import Determinism
import CarouselLayout
import Testing

@Suite struct QueryTests {
    @Test func allQueriesReturnTheSameItemsOnRandomRects() {
        let g = CarouselGeometry.default
        let n = 50
        let linear = LinearQuery(geometry: g, itemCount: n)
        let binary = BinarySearchQuery(geometry: g, itemCount: n)
        let arithmetic = ArithmeticQuery(geometry: g, itemCount: n)
        var rng = SeededGenerator(seed: 1)
        var a: [Int] = [], b: [Int] = [], c: [Int] = []
        for _ in 0..<2000 {
            let minX = Double.random(in: -1000...(g.contentWidth(itemCount: n) + 1000), using: &rng)
            let rect = Span(minX: minX, maxX: minX + Double.random(in: 0...800, using: &rng))
            linear.visibleItems(in: rect, into: &a)
            binary.visibleItems(in: rect, into: &b)
            arithmetic.visibleItems(in: rect, into: &c)
            let expected = (0..<n).filter { g.itemSpan($0).intersects(rect) }
            #expect(a == expected)
            #expect(b == expected)
            #expect(c == expected)
        }
    }

    @Test func arithmeticQueryAtRestSeesTheNeighbours() {
        let g = CarouselGeometry.default
        var items: [Int] = []
        ArithmeticQuery(geometry: g, itemCount: 30).visibleItems(in: g.viewportSpan(offset: g.centeringOffset(item: 5)), into: &items)
        #expect(items == [4, 5, 6])
    }
}
