import Determinism
import CarouselLayout
import Testing

@Suite struct LookupTests {
    let g = CarouselGeometry.default
    let n = 40

    @Test func everyLookupAgreesOnRandomOffsets() {
        let linear = LinearQuery(geometry: g, itemCount: n)
        let arithmeticQuery = ArithmeticQuery(geometry: g, itemCount: n)
        var minScanLinear = MinScanLookup(query: linear, geometry: g)
        var minScanArithmetic = MinScanLookup(query: arithmeticQuery, geometry: g)
        var byDistance = SortedScanByDistanceLookup(query: linear, geometry: g)
        var hitTest = HitTestLookup(query: BinarySearchQuery(geometry: g, itemCount: n), geometry: g)
        let arithmetic = ArithmeticLookup(geometry: g, itemCount: n)
        let binary = BinaryLookup(geometry: g, itemCount: n)
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<5000 {
            let offset = Double.random(in: 0...g.maxOffset(itemCount: n), using: &rng)
            let expected = arithmetic.centerItem(atOffset: offset)
            #expect(expected != nil)
            #expect(binary.centerItem(atOffset: offset) == expected)
            #expect(minScanLinear.centerItem(atOffset: offset) == expected)
            #expect(minScanArithmetic.centerItem(atOffset: offset) == expected)
            #expect(byDistance.centerItem(atOffset: offset) == expected)
            let center = g.viewportCenter(offset: offset)
            let covering = (0..<n).filter { g.itemSpan($0).contains(center) }
            let hit = hitTest.centerItem(atOffset: offset)
            switch covering.count {
            case 0: #expect(hit == nil)
            case 1: #expect(hit == expected)
            default: #expect(hit == covering.first)
            }
        }
    }

    @Test func hitTestReturnsNilExactlyInAGap() {
        let gapped = CarouselGeometry(viewportWidth: 390, viewportHeight: 300, itemWidth: 312, itemHeight: 200, spacing: 12, minScale: 1)
        var hitTest = HitTestLookup(query: LinearQuery(geometry: gapped, itemCount: 5), geometry: gapped)
        #expect(hitTest.centerItem(atOffset: 162) == nil)
        #expect(hitTest.centerItem(atOffset: 150) == 0)
        #expect(hitTest.centerItem(atOffset: 174) == 1)
    }

    @Test func hitTestInAnOverlapReturnsTheLowerIndexNotTheNearest() {
        var hitTest = HitTestLookup(query: LinearQuery(geometry: g, itemCount: 5), geometry: g)
        let offset = g.pitch / 2 + 5
        #expect(ArithmeticLookup(geometry: g, itemCount: 5).centerItem(atOffset: offset) == 1)
        #expect(hitTest.centerItem(atOffset: offset) == 0)
    }

    @Test func seed000_sortedScan_returnsTheLeftmostVisibleItemNotTheCentre() {
        var sortedScan = SortedScanLookup(query: LinearQuery(geometry: g, itemCount: n), geometry: g)
        #expect(sortedScan.centerItem(atOffset: g.centeringOffset(item: 5)) == 4)
        #expect(sortedScan.centerItem(atOffset: 0) == 0)
    }

    @Test func emptyContentHasNoCentre() {
        #expect(ArithmeticLookup(geometry: g, itemCount: 0).centerItem(atOffset: 10) == nil)
        #expect(BinaryLookup(geometry: g, itemCount: 0).centerItem(atOffset: 10) == nil)
    }

    @Test func lookupsClampFarOffsets() {
        #expect(ArithmeticLookup(geometry: g, itemCount: 5).centerItem(atOffset: -1e300) == 0)
        #expect(BinaryLookup(geometry: g, itemCount: 5).centerItem(atOffset: 1e300) == 4)
    }

    @Test func registryListsEveryLookupId() {
        let lookups = StrategyRegistry.infos.filter { $0.family == .lookup }.map(\.id)
        #expect(lookups.contains(SortedScanLookup<LinearQuery>.id))
        #expect(lookups.contains(HitTestLookup<LinearQuery>.id))
    }
}
