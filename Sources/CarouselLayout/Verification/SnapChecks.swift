import Determinism

/// The velocity above which property 2 requires a snap to move in the direction of `v`.
public enum SnapThreshold: Sendable, Equatable {
    /// A fixed threshold in pt/s (0: any non-zero velocity).
    case velocity(Double)
    /// The velocity whose projected travel is at least half a pitch: below it, a snap to the nearest item
    /// of the projection may legitimately land behind `o`. `rate` nil: the gesture's own deceleration rate.
    case halfPitchProjection(rate: Double?)

    func value(pitch: Double, gestureRate: Double) -> Double {
        switch self {
        case let .velocity(threshold): return threshold
        case let .halfPitchProjection(rate):
            let r = rate ?? gestureRate
            return pitch / 2 / (r / (1 - r)) * Velocity.pointsPerSecondPerPointPerMillisecond
        }
    }
}

/// A released gesture on a finite carousel of `N = n` items, and its mirror image about the content's middle.
struct SnapGesture {
    var offset: Double
    var proposed: Double
    var velocity: Double
    var rate: Double
    var mirrorOffset: Double
    var mirrorProposed: Double
    var mirrorVelocity: Double

    /// Offsets are drawn as `(k + f) p`: a quarter exactly centred (`f = 0`), an eighth at a midpoint, the rest
    /// random; a fifth of the velocities are 0, the others spread over 0...6000 pt/s (many slow ones).
    /// `bounded`: UIKit proposes a resting offset inside the content (a wrapping carousel has no ends).
    static func random(sample: Int, geometry: CarouselGeometry, itemCount: Int, bounded: Bool,
                       generator: inout SeededGenerator) -> SnapGesture {
        let pitch = geometry.pitch
        let maxOffset = geometry.maxOffset(itemCount: itemCount)
        let fraction: Double
        let item: Int
        switch sample % 8 {
        case 0, 4:
            fraction = 0
            item = generator.nextInt(below: itemCount)
        case 2:
            fraction = 0.5
            item = generator.nextInt(below: max(1, itemCount - 1))
        default:
            fraction = generator.nextUnit()
            item = generator.nextInt(below: max(1, itemCount - 1))
        }
        let mirrorItem = itemCount - 1 - item
        let offset = min((Double(item) + fraction) * pitch, maxOffset)
        let mirrorOffset = max((Double(mirrorItem) - fraction) * pitch, 0)
        let speed = generator.nextUnit()
        let sign: Double = generator.nextInt(below: 2) == 0 ? -1 : 1
        let velocity = sample % 5 == 1 ? 0 : sign * 6000 * speed * speed
        let rate = generator.nextInt(below: 2) == 0 ? ScrollDeceleration.normal : ScrollDeceleration.fast
        let travel = ScrollDeceleration.projectedDistance(velocity: velocity, rate: rate)
        let proposed = bounded ? min(max(offset + travel, 0), maxOffset) : offset + travel
        let mirrorProposed = bounded ? min(max(mirrorOffset - travel, 0), maxOffset) : mirrorOffset - travel
        return SnapGesture(offset: offset, proposed: proposed, velocity: velocity, rate: rate,
                           mirrorOffset: mirrorOffset, mirrorProposed: mirrorProposed,
                           mirrorVelocity: velocity == 0 ? 0 : -velocity)
    }
}

extension VerificationSubject {
    /// A snap strategy on a carousel of `n` items: properties 1, 2 and 3. `wraps`: the carousel has no ends,
    /// so a target may centre any item position `i*p` (drawn as `i mod n`) and no flick is exempt at an end.
    public static func snap(id: String, correctedFrom: String? = nil, threshold: SnapThreshold, wraps: Bool = false,
                            make: @escaping @Sendable (CarouselGeometry, Int) -> any SnapStrategy) -> VerificationSubject {
        VerificationSubject(id: id, family: .snap, correctedFrom: correctedFrom,
                            properties: [.snapCentersItem, .snapDirection, .mirrorAndNearest]) {
            property, testCase, samples, generator, tally in
            let geometry = testCase.geometry
            let count = testCase.catalogCount
            var strategy = make(geometry, count)
            let pitch = geometry.pitch
            let maxOffset = geometry.maxOffset(itemCount: count)
            let tolerance = roundingTolerance(maxOffset)
            func example(_ g: SnapGesture, mirrored: Bool = false, expected: String, actual: String) -> Counterexample {
                Counterexample(geometry: geometry, catalogCount: count, offset: mirrored ? g.mirrorOffset : g.offset,
                               proposedOffset: mirrored ? g.mirrorProposed : g.proposed,
                               velocity: mirrored ? g.mirrorVelocity : g.velocity,
                               context: mirrored ? "mirror of o=\(g.offset), o'=\(g.proposed), v=\(g.velocity)" : nil,
                               expected: expected, actual: actual)
            }
            for sample in 0..<samples where !tally.hasFailed {
                let g = SnapGesture.random(sample: sample, geometry: geometry, itemCount: count, bounded: !wraps,
                                           generator: &generator)
                let target = strategy.target(currentOffset: g.offset, proposedOffset: g.proposed, velocity: g.velocity)
                switch property {
                case .snapCentersItem:
                    let item = (target / pitch).rounded()
                    let centres = target.isFinite && (wraps || (item >= 0 && item <= Double(count - 1)))
                        && abs(target - item * pitch) <= tolerance
                    tally.record(centres) {
                        example(g, expected: wraps ? "a target i*p" : "a target i*p with i in [0, \(count - 1)]",
                                actual: "\(target) (\(target / pitch) pitches)")
                    }
                case .snapDirection:
                    guard abs(g.velocity) > threshold.value(pitch: pitch, gestureRate: g.rate) else { continue }
                    let atEnd = !wraps && (g.velocity > 0 ? g.offset >= maxOffset - tolerance : g.offset <= tolerance)
                    if atEnd {
                        tally.skip()
                        continue
                    }
                    let moved = g.velocity > 0 ? target > g.offset + tolerance : target < g.offset - tolerance
                    tally.record(moved) {
                        example(g, expected: g.velocity > 0 ? "target > o" : "target < o", actual: "\(target)")
                    }
                case .mirrorAndNearest:
                    // At a midpoint (of `o` or `o'`) no item is nearest: either answer mirrors.
                    let tie = [g.offset, g.proposed].contains { abs($0 / pitch - ($0 / pitch).rounded(.down) - 0.5) < 1e-9 }
                    if tie {
                        tally.skip()
                        continue
                    }
                    if g.velocity == 0 {
                        let nearest = clampedItemIndex((g.offset / pitch).rounded(), itemCount: count)
                        tally.record(abs(target - Double(nearest) * pitch) <= tolerance) {
                            example(g, expected: "the nearest item \(nearest) at \(Double(nearest) * pitch)",
                                    actual: "\(target)")
                        }
                    }
                    let mirrorTarget = strategy.target(currentOffset: g.mirrorOffset, proposedOffset: g.mirrorProposed,
                                                       velocity: g.mirrorVelocity)
                    tally.record(abs(mirrorTarget - (maxOffset - target)) <= tolerance * 1000) {
                        example(g, mirrored: true, expected: "\(maxOffset - target) (mirror of target \(target))",
                                actual: "\(mirrorTarget)")
                    }
                default:
                    return
                }
            }
        }
    }
}
