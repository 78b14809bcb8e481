import CarouselLayout
import Testing

@Suite struct TransformTests {
    let g = CarouselGeometry.default

    @Test func scaleAlphaAtCentreOnePitchAndBeyond() {
        let t = ScaleAlphaTransform(geometry: g)
        #expect(t.transform(itemCenter: 500, viewportCenter: 500) == ItemTransform(scale: 1, alpha: 1))
        let atPitch = t.transform(itemCenter: 500 + g.pitch, viewportCenter: 500)
        #expect(isClose(atPitch.scale, 0.8) && atPitch.alpha == 0.5)
        let beyond = t.transform(itemCenter: 500 - 3 * g.pitch, viewportCenter: 500)
        #expect(isClose(beyond.scale, 0.8) && beyond.alpha == 0.5)
        let half = t.transform(itemCenter: 500 + g.pitch / 2, viewportCenter: 500)
        #expect(isClose(half.scale, 0.9) && isClose(half.alpha, 0.5))
    }

    @Test func affineHasTheSameCurveWithoutAlpha() {
        let affine = AffineTransform(geometry: g)
        let scaleAlpha = ScaleAlphaTransform(geometry: g)
        for d in stride(from: 0.0, through: 700, by: 13.7) {
            let a = affine.transform(itemCenter: 100 + d, viewportCenter: 100)
            #expect(isClose(a.scale, scaleAlpha.transform(itemCenter: 100 + d, viewportCenter: 100).scale))
            #expect(a.alpha == 1)
        }
        #expect(affine.transform(itemCenter: 0, viewportCenter: 0).scale == 1)
    }

    @Test func compensatedScalesToNinetyPercentAndMovesTowardTheCentre() {
        let t = CompensatedTransform(geometry: g)
        #expect(t.transform(itemCenter: 300, viewportCenter: 300).scale == 1)
        let left = t.transform(itemCenter: 300 - 195, viewportCenter: 300)
        #expect(isClose(left.scale, 0.9) && isClose(left.translationX, 15.6))
        let right = t.transform(itemCenter: 300 + 1000, viewportCenter: 300)
        #expect(isClose(right.scale, 0.9) && isClose(right.translationX, -15.6))
    }

    @Test func upCarouselSideAlphaAndZIndex() {
        let t = UPCarouselTransform(geometry: g, sideShift: 10)
        #expect(t.transform(itemCenter: 0, viewportCenter: 0) == ItemTransform(scale: 1, alpha: 1, zIndex: 10))
        let side = t.transform(itemCenter: g.pitch, viewportCenter: 0)
        #expect(isClose(side.alpha, 0.6) && side.zIndex == 6 && isClose(side.translationY, 10))
    }

    @Test func fsPagerAlphaIsUnclampedAsUpstream() {
        let t = FSPagerTransform(geometry: g)
        #expect(t.transform(itemCenter: 0, viewportCenter: 0).alpha == 1)
        let far = t.transform(itemCenter: 3 * g.pitch, viewportCenter: 0)
        #expect(isClose(far.alpha, -0.2) && far.scale == 0.65)
        #expect(t.transform(itemCenter: 1e300, viewportCenter: 0).zIndex == -1_000_000_000)
    }

    @Test func seed003_enlargeCenterResizesEveryItem() {
        let layout = EnlargeCenterLayout(viewport: Viewport(width: 390, height: 300), lineSpacing: 10)
        #expect(layout.itemSize(index: 2, centerIndex: 2) == (327, 280))
        #expect(layout.itemSize(index: 1, centerIndex: 2) == (312, 255))
        var frames: [Span] = []
        layout.layout(itemCount: 5, centerIndex: 2, into: &frames)
        #expect(frames.count == 5 && frames[0].minX == 39)
        #expect(frames[3].minX == 39 + 312 + 10 + 312 + 10 + 327 + 10)
    }

    /// Seed 003 floors both widths (line 162), so the centred item is drawn at `floor(0.84 W) / floor(0.8 W)`: under
    /// 1.05 at W = 390, over it at W = 1 024.
    @Test func seed003_theEnlargedScaleIsTheRatioOfFlooredWidths() {
        #expect(EnlargeCenterLayout(viewport: Viewport(width: 390, height: 300), lineSpacing: 12).enlargedScale == 327.0 / 312)
        #expect(EnlargeCenterLayout(viewport: Viewport(width: 1024, height: 300), lineSpacing: 12).enlargedScale == 860.0 / 819)
        let wide = CarouselGeometry(viewportWidth: 1024, viewportHeight: 300, itemWidth: 819.2, itemHeight: 200, spacing: 12, minScale: 0.8)
        let check = PipelineVerification.check(Seed003PagingPipeline.self, catalogCount: 3, geometry: wide, hz: 120)
        #expect(check.scaleOutOfRange == 0 && check.isVerified, "\(check.firstFailure ?? "")")
    }
}
