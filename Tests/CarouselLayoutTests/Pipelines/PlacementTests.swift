import Testing
@testable import CarouselLayout

/// Where item `k` sits (Docs/ALGORITHMS.md, "Where item k sits"): one declaration per pipeline, read by every check.
@Suite struct PlacementTests {
    @Test func aPlacementCentresItemKAtItsOriginPlusKPitches() {
        let placement = ItemPlacement(pitch: 320, origin: -166)
        #expect(placement.centeringOffset(item: 2) == 474)
        #expect(placement.position(offset: 474) == 2)
        #expect(placement.centredItem(offset: 474, itemCount: 10, catalogCount: 10) == 2)
        // Clamped to [0, N-1] at the ends, nil exactly halfway between two items.
        #expect(placement.centredItem(offset: -2_000, itemCount: 10, catalogCount: 10) == 0)
        #expect(placement.centredItem(offset: 9_000, itemCount: 10, catalogCount: 10) == 9)
        #expect(placement.centredItem(offset: -166 + 160, itemCount: 10, catalogCount: 10) == nil)
        // Modulo n where it wraps modulo.
        let modular = ItemPlacement(pitch: 320, origin: -166, wrapsModulo: true)
        #expect(modular.centredItem(offset: -166 - 320, itemCount: 3, catalogCount: 3) == 2)
        // From two items' centres as a layout's attributes give them (content x): 361 and 681 on a 390 pt viewport.
        #expect(ItemPlacement(itemCenters: 361, 681, viewportWidth: 390) == ItemPlacement(pitch: 320, origin: 166))
        #expect(placement.description == "origin -166, pitch 320")
        #expect(ItemPlacement(geometry: .default).description == "origin 0, pitch 292.8")
    }

    /// The built-in pipelines keep their behaviour: their placement is their geometry's, origin 0, before and after a
    /// rotation, modulo n only for `pipeline.best`.
    @Test func everyBuiltInPipelineKeepsItsGeometrysPlacementAtOriginZero() {
        for implementation in Implementation.builtIns {
            guard let core = implementation.core else { continue }
            func placements<P: CarouselPipeline>(_ type: P.Type) -> [(ItemPlacement, CarouselGeometry)] {
                var pipeline = P(catalogCount: 30, geometry: .default)
                let before = (pipeline.placement, pipeline.geometry)
                pipeline.rotate(toWidth: ScrollScript.landscapeWidth)
                return [before, (pipeline.placement, pipeline.geometry)]
            }
            for (placement, geometry) in placements(core) {
                #expect(placement == ItemPlacement(pitch: geometry.pitch, origin: 0, wrapsModulo: core.traits.centerWrapsModulo),
                        "\(core.id)")
            }
        }
        #expect(BestPipeline(catalogCount: 3, geometry: .default).placement.wrapsModulo)
    }

    /// A layout that centres item 0 one section inset early (origin −I) verifies as written once it declares where
    /// its items sit.
    @Test func aPortWithItsOriginDeclaredVerifiesAsWritten() {
        for catalog in [3, 300] {
            let check = PipelineVerification.check(OriginPipeline<DeclaredOrigin>.self, catalogCount: catalog)
            #expect(check.isVerified, "n = \(catalog): \(check.firstFailure ?? "")")
            #expect(check.declaredPlacement == ItemPlacement(pitch: 292.8, origin: -39))
            #expect(check.offCentreRests == 0, "its snap centres its items under its placement")
            #expect(check.restPlacement.map { $0.isClose(to: ItemPlacement(pitch: 292.8, origin: -39)) } == true)
        }
    }

    /// Declaring nothing, the default placement (origin 0) is wrong for it: the check fails with one line naming the
    /// declared placement and the one its own rests fit.
    @Test func aPortWhoseDeclaredOriginIsWrongGetsOneLineNamingBoth() throws {
        let check = PipelineVerification.check(OriginPipeline<UndeclaredOrigin>.self, catalogCount: 10)
        #expect(!check.isVerified)
        #expect(check.centerMismatches > 0)
        let failure = try #require(check.firstFailure)
        #expect(!failure.contains("\n"), "one line: \(failure)")
        #expect(failure.hasPrefix("frame "), "\(failure)")
        #expect(failure.contains("under the declared placement (origin 0, pitch 292.8)"), "\(failure)")
        #expect(failure.contains("its rests put item k at -39 + k·292.8 (origin -39, pitch 292.8)"), "\(failure)")
        // Its rests are off every centre of the declared placement: the snap check counts them.
        #expect(check.offCentreRests > 0)
    }

    @Test func aPipelineThatShowsAnIndexOutsideItsItemsIsReportedWithTheFrameAndIndex() throws {
        let check = PipelineVerification.check(OutOfRangePipeline.self, catalogCount: 3)
        #expect(!check.isVerified)
        #expect(try #require(check.firstFailure) == "frame 5: visible item 3 outside [0, 3)")
    }

    @Test func aPipelineThatLaysOutNoItemFails() throws {
        let check = PipelineVerification.check(EmptyPipeline.self, catalogCount: 3)
        #expect(!check.isVerified)
        #expect(check.framesWithItems == 0)
        #expect(try #require(check.firstFailure).hasPrefix("lays out no item: none of its \(check.frames) frames shows one"))
    }

    /// Built-in pipelines have no off-centre rest but where their snap is documented to leave one.
    @Test func theSnapCheckReportsRestsOffAnItemsCentreWithoutFailing() {
        let best = PipelineVerification.check(BestPipeline.self, catalogCount: 300)
        #expect(best.isVerified)
        #expect(best.offCentreRests == 0)
    }
}
