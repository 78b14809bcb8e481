import CarouselLayout
import Testing

@Suite struct SnapTests {
    let g = CarouselGeometry.default
    var p: Double { g.pitch }

    @Test func seed002_W400_snapsProposed300To350() {
        let viewport = CarouselGeometry(viewportWidth: 400, viewportHeight: 300, itemWidth: 200, itemHeight: 200, spacing: 0, minScale: 1)
        let frames = [150.0, 350, 550, 750].map { Span(minX: $0 - 100, maxX: $0 + 100) }
        var snap = NearestSnap(query: LinearQuery(frames: frames), geometry: viewport)
        #expect(snap.target(currentOffset: 0, proposedOffset: 300, velocity: 0) == 350)
    }

    @Test func seed002_emptyRectAddsGreatestFiniteMagnitude() {
        var snap = NearestSnap(query: LinearQuery(geometry: g, itemCount: 3), geometry: g)
        #expect(snap.target(currentOffset: 0, proposedOffset: 5000, velocity: 0) == 5000 + Double.greatestFiniteMagnitude)
    }

    @Test func velocityUnitsArePointsPerSecond() {
        #expect(Velocity.pointsPerSecond(fromPointsPerMillisecond: 0.5) == 500)
        #expect(Velocity.seed000Threshold == 500 && Velocity.fsPagerThreshold == 300)
    }

    @Test func seed000_threshold() {
        let snap = ThresholdSnap(geometry: g, itemCount: 30)
        #expect(snap.target(currentOffset: 1.2 * p, proposedOffset: 5 * p, velocity: 600) == 2 * p)
        #expect(snap.target(currentOffset: 1.2 * p, proposedOffset: 0, velocity: -600) == p)
        #expect(snap.target(currentOffset: 0, proposedOffset: 2.6 * p, velocity: 500) == 3 * p)
        #expect(snap.target(currentOffset: 3 * p, proposedOffset: 4 * p, velocity: 2000) == 3 * p)
        #expect(snap.target(currentOffset: 0, proposedOffset: 99 * p, velocity: 0) == 29 * p)
    }

    @Test func seed000_directional() {
        var snap = DirectionalSnap(query: LinearQuery(geometry: g, itemCount: 30), geometry: g)
        let o = 1.2 * p
        #expect(isClose(snap.target(currentOffset: o, proposedOffset: 0, velocity: 800), 2 * p))
        #expect(isClose(snap.target(currentOffset: o, proposedOffset: 0, velocity: -800), p))
        // 0.0.sign is .plus: no velocity goes right, to item 2, though item 1 is nearer.
        #expect(isClose(snap.target(currentOffset: o, proposedOffset: 0, velocity: 0), 2 * p))
        #expect(isClose(snap.target(currentOffset: o, proposedOffset: 0, velocity: -0.0), p))
        #expect(snap.target(currentOffset: 29 * p + 1, proposedOffset: 123, velocity: 800) == 123)
    }

    @Test func seed003_direction() {
        let snap = DirectionSnap(geometry: g)
        #expect(isClose(snap.target(currentOffset: 100, proposedOffset: 1.3 * p, velocity: 0), 2 * p))
        #expect(isClose(snap.target(currentOffset: 2 * p, proposedOffset: 1.9 * p, velocity: 0), p))
        #expect(isClose(snap.target(currentOffset: 1.4 * p, proposedOffset: 1.4 * p, velocity: 999), p))
        #expect(isClose(DirectionSnap(pitch: 100, insetLeft: 20).target(currentOffset: 0, proposedOffset: 130, velocity: 0), 180))
    }

    @Test func projectedUsesWWDCProjection() {
        let normal = ProjectedSnap(geometry: g, itemCount: 30)
        #expect(isClose(normal.projectedDistance(velocity: 1000), 499))
        #expect(normal.target(currentOffset: 0, proposedOffset: 0, velocity: 1000) == 2 * p)
        let fast = ProjectedSnap(geometry: g, itemCount: 30, decelerationRate: ProjectedSnap.fastRate)
        #expect(isClose(fast.projectedDistance(velocity: 1000), 99))
        #expect(fast.target(currentOffset: 0, proposedOffset: 0, velocity: 1000) == 0)
        #expect(fast.target(currentOffset: 0, proposedOffset: 0, velocity: -1e6) == 0)
    }

    @Test func fsPagerSnapThresholdAtPointThreePerMillisecond() {
        let snap = FSPagerSnap(geometry: g, itemCount: 30)
        #expect(snap.target(currentOffset: 1.2 * p, proposedOffset: 0, velocity: 300) == 2 * p)
        #expect(snap.target(currentOffset: 1.2 * p, proposedOffset: 0, velocity: 299) == p)
        #expect(snap.target(currentOffset: 1.2 * p, proposedOffset: 0, velocity: -300) == p)
        #expect(snap.target(currentOffset: 29 * p, proposedOffset: 0, velocity: 3000) == 29 * p)
    }
}
