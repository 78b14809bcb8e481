import CarouselLayout
import Testing

/// A deliberately broken snap: one point past the current offset, so it never centres an item.
struct OffByOneSnap: SnapStrategy {
    static let id = "test.offByOne"
    static let complexity: Complexity = "O(1)"
    func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double { currentOffset + 1 }
}

@Suite struct VerifierTests {
    static let options = VerificationOptions(seed: 42, trials: 12, samplesPerTrial: 24, marathonEvery: 4)
    static let report = Verifier.run(options)

    func counterexample(_ strategy: String, _ property: CarouselProperty) -> Counterexample? {
        guard case let .fail(example) = Self.report.result(strategy: strategy, property: property) else { return nil }
        return example
    }

    @Test func coversEveryCatalogStrategyAndAllEightProperties() {
        let report = Self.report
        for id in StrategyRegistry.infos.filter({ $0.family != .pipeline && $0.family != .uikit }).map(\.id) {
            let row = report.row(id)
            #expect(row != nil, "\(id) missing from the report")
            #expect(row?.results.count == 8)
            #expect(row.map { $0.results.contains { $0 != .notApplicable } } == true, "\(id) is checked for nothing")
        }
        for property in CarouselProperty.allCases {
            #expect(report.rows.contains { $0.result(property) != .notApplicable }, "no strategy checks \(property)")
        }
        #expect(CarouselProperty.allCases.map(\.rawValue) == Array(1...8))
        #expect(report.table.count == report.rows.count + 1 && report.table[0].count == 9)
    }

    @Test func sameSeedSameReport() {
        #expect(Verifier.run(Self.options) == Self.report)
        let other = Verifier.run(VerificationOptions(seed: 43, trials: 12, samplesPerTrial: 24, marathonEvery: 4))
        #expect(other.strategies == Self.report.strategies)
    }

    @Test func recommendedStrategiesPassEverything() {
        for id in Verifier.recommended {
            #expect(Self.report.failures(of: id).isEmpty, "\(Self.report.failures(of: id))")
            #expect(Self.report.row(id)?.isRecommended == true)
        }
    }

    /// A flick from a resting item whose `o/p` rounds to `i - ulp` moves on to the next item (`pipeline.best.snap`
    /// must not stay put): 2000 resting items, both directions.
    @Test func bestSnapFlickFromARestingItemMovesOn() {
        let geometry = CarouselGeometry(viewportWidth: 390, viewportHeight: 300, itemWidth: 312, itemHeight: 200,
                                        spacing: 12, minScale: 0.8)
        let pipeline = BestPipeline(catalogCount: 23, geometry: geometry)
        for item in 0..<2000 {
            let offset = Double(item) * geometry.pitch
            let right = pipeline.snapTarget(currentOffset: offset, proposedOffset: offset + 10, velocity: 611.87)
            let left = pipeline.snapTarget(currentOffset: offset, proposedOffset: offset - 10, velocity: -611.87)
            #expect(right > offset && left < offset, "item \(item): right \(right), left \(left) from \(offset)")
        }
    }

    @Test func fspagerAlphaGoesNegativeBeyondTwoAndAHalfPitches() throws {
        let example = try #require(counterexample(FSPagerTransform.id, .transformRanges))
        let geometry = example.geometry
        let item = try #require(example.item)
        let offset = try #require(example.offset)
        let center = geometry.viewportCenter(offset: offset)
        let q = (geometry.itemCenter(item) - center) / geometry.pitch
        let alpha = FSPagerTransform(geometry: geometry).transform(itemCenter: geometry.itemCenter(item),
                                                                   viewportCenter: center).alpha
        #expect(abs(q) > 2.5 && alpha < 0)
        #expect(FSPagerClampedAlphaTransform(geometry: geometry)
            .transform(itemCenter: geometry.itemCenter(item), viewportCenter: center).alpha == 0)
        #expect(Self.report.result(strategy: FSPagerClampedAlphaTransform.id, property: .transformRanges)?.isFailure == false)
    }

    @Test func sortedScanDisagreesWithTheNearestItem() throws {
        let example = try #require(counterexample("lookup.sortedScan", .lookupsAgree))
        let geometry = example.geometry
        let offset = try #require(example.offset)
        let count = example.catalogCount
        var lookup = SortedScanLookup(query: LinearQuery(geometry: geometry, itemCount: count), geometry: geometry)
        let nearest = clampedItemIndex((offset / geometry.pitch).rounded(), itemCount: count)
        #expect(lookup.centerItem(atOffset: offset) != nearest)
        #expect(ArithmeticLookup(geometry: geometry, itemCount: count).centerItem(atOffset: offset) == nearest)
    }

    @Test func hitTestGapsAreCountedNotFailed() {
        let row = Self.report.row("lookup.hitTest.nearest")
        #expect(row?.result(.lookupsAgree).isFailure == false)
        #expect((row?.skipped(.lookupsAgree) ?? 0) > 0)
    }

    @Test func hundredfoldRunsOutOfContent() throws {
        let example = try #require(counterexample(HundredfoldWrap.id, .invisibleWrap))
        let wrap = HundredfoldWrap(geometry: example.geometry, catalogCount: example.catalogCount)
        let after = wrap.step(offset: try #require(example.offset) + (try #require(example.step)))
        #expect(!wrap.offsetRange.contains(after.offset))
        #expect(Self.report.result(strategy: "wrap.hundredfold.recentring", property: .invisibleWrap)?.isFailure == false)
    }

    @Test func tripleFailsAndItsCounterexampleReproduces() throws {
        let example = try #require(counterexample(TripleWrap.id, .invisibleWrap))
        let wrap = TripleWrap(geometry: example.geometry, catalogCount: example.catalogCount)
        let moved = try #require(example.offset) + (try #require(example.step))
        let after = wrap.step(offset: moved)
        let widths = (after.offset - moved) / wrap.catalogWidth
        let visible = after.offset != moved && abs(widths - widths.rounded()) > 1e-6
        #expect(visible || !wrap.offsetRange.contains(after.offset))
        #expect(Self.report.result(strategy: "wrap.triple.whole", property: .invisibleWrap)?.isFailure == false)
    }

    @Test func tripleSkipsAnItemUnderAStepAboveHalfAPitch() {
        let geometry = CarouselGeometry.default
        let n = 10
        let triple = TripleWrap(geometry: geometry, catalogCount: n)
        let before = (Double(2 * n) + 0.4) * geometry.pitch
        let moved = before + 0.7 * geometry.pitch
        let after = triple.step(offset: moved)
        #expect(after.jumped)
        #expect(abs((moved - after.offset) / triple.catalogWidth - 1) > 0.05)
        let whole = RecenteringWrap(variantID: "wrap.triple.whole", geometry: geometry, catalogCount: n, copies: 3)
        let fixed = whole.step(offset: moved)
        #expect(fixed.jumped && abs((moved - fixed.offset) / whole.catalogWidth - 1) < 1e-9)
    }

    @Test func thresholdSnapStaysPutOnAFlickFromACentre() throws {
        let example = try #require(counterexample(ThresholdSnap.id, .snapDirection))
        let snap = ThresholdSnap(geometry: example.geometry, itemCount: example.catalogCount)
        let offset = try #require(example.offset)
        let velocity = try #require(example.velocity)
        let target = snap.target(currentOffset: offset, proposedOffset: try #require(example.proposedOffset),
                                 velocity: velocity)
        #expect(velocity > 0 ? target <= offset : target >= offset)
        #expect(Self.report.result(strategy: StrictThresholdSnap.id, property: .snapDirection)?.isFailure == false)
    }

    @Test func sentinelPageControlBindsPageN() throws {
        let example = try #require(counterexample(SentinelPageControl.id, .invisibleWrap))
        let control = SentinelPageControl(viewportWidth: example.geometry.viewportWidth, catalogCount: example.catalogCount)
        #expect(control.rawPage(offset: try #require(example.offset)) == example.catalogCount)
    }

    @Test func aBrokenSnapIsReportedFailingPropertyOne() throws {
        let broken = VerificationSubject.snap(id: OffByOneSnap.id, threshold: .velocity(0)) { _, _ in OffByOneSnap() }
        let report = Verifier.run(VerificationOptions(seed: 1, trials: 2, samplesPerTrial: 8), subjects: [broken])
        guard case let .fail(example) = report.result(strategy: OffByOneSnap.id, property: .snapCentersItem) else {
            Issue.record("the broken snap passed property 1")
            return
        }
        let offset = try #require(example.offset)
        let target = OffByOneSnap().target(currentOffset: offset, proposedOffset: offset, velocity: 0)
        let item = (target / example.geometry.pitch).rounded()
        #expect(abs(target - item * example.geometry.pitch) > 1e-6)
        #expect(report.failures.map(\.strategy).contains(OffByOneSnap.id))
        #expect(report.failures.contains { $0.strategy == OffByOneSnap.id && $0.property == .snapCentersItem })
    }
}
