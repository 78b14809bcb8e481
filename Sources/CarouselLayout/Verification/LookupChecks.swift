import Determinism

/// Rotation geometry of the checks: portrait 390 x 844, landscape 844 x 390 (Docs/ALGORITHMS.md, "Scroll simulation").
enum RotationViewports {
    static let portrait = Viewport(width: ScrollScript.portraitWidth, height: ScrollScript.landscapeWidth)
    static let landscape = Viewport(width: ScrollScript.landscapeWidth, height: ScrollScript.portraitWidth)

    static func geometries(_ testCase: VerificationCase) -> (portrait: CarouselGeometry, landscape: CarouselGeometry) {
        let g = testCase.geometry
        return (Rotation.geometry(for: portrait, sizing: testCase.sizing, spacing: g.spacing, minScale: g.minScale),
                Rotation.geometry(for: landscape, sizing: testCase.sizing, spacing: g.spacing, minScale: g.minScale))
    }
}

/// A random content offset on a finite carousel of `itemCount` items: a quarter exactly centred, an eighth at a
/// midpoint between two centres, the rest uniform over the content.
func randomOffset(sample: Int, geometry: CarouselGeometry, itemCount: Int, generator: inout SeededGenerator) -> Double {
    let item = Double(generator.nextInt(below: itemCount))
    let position: Double
    switch sample % 8 {
    case 0, 4: position = item
    case 2: position = item + 0.5
    default: position = generator.nextDouble(in: 0...Double(itemCount - 1))
    }
    return min(position * geometry.pitch, geometry.maxOffset(itemCount: itemCount))
}

/// The items whose centres are nearest the viewport centre at `offset` (two on a tie), by brute force.
func nearestItems(offset: Double, geometry: CarouselGeometry, itemCount: Int) -> [Int] {
    let center = geometry.viewportCenter(offset: offset)
    var best = Double.infinity
    var items: [Int] = []
    for item in 0..<itemCount {
        let distance = abs(geometry.itemCenter(item) - center)
        if distance < best - roundingTolerance(center) {
            best = distance
            items = [item]
        } else if abs(distance - best) <= roundingTolerance(center) {
            items.append(item)
        }
    }
    return items
}

extension VerificationSubject {
    /// A centre lookup on a finite carousel of `n` items: property 4 (against the brute-force nearest item;
    /// `mayReturnNone` lets a hit test answer none where the centre falls in a gap, counted as not applicable)
    /// and property 7 (390 -> 844 -> 390 restores the item it found).
    public static func lookup(id: String, correctedFrom: String? = nil, mayReturnNone: Bool = false,
                              make: @escaping @Sendable (CarouselGeometry, Int) -> any CenterLookup) -> VerificationSubject {
        VerificationSubject(id: id, family: .lookup, correctedFrom: correctedFrom,
                            properties: [.lookupsAgree, .rotationKeepsCenter]) {
            property, testCase, samples, generator, tally in
            let count = testCase.catalogCount
            switch property {
            case .lookupsAgree:
                let geometry = testCase.geometry
                var lookup = make(geometry, count)
                for sample in 0..<samples where !tally.hasFailed {
                    let offset = randomOffset(sample: sample, geometry: geometry, itemCount: count, generator: &generator)
                    let nearest = nearestItems(offset: offset, geometry: geometry, itemCount: count)
                    let found = lookup.centerItem(atOffset: offset)
                    let center = geometry.viewportCenter(offset: offset)
                    if found == nil && mayReturnNone
                        && !(0..<count).contains(where: { geometry.itemSpan($0).contains(center) }) {
                        tally.skip()
                        continue
                    }
                    tally.record(found.map(nearest.contains) ?? false) {
                        Counterexample(geometry: geometry, catalogCount: count, offset: offset,
                                       expected: "the nearest item \(nearest.map(String.init).joined(separator: " or "))",
                                       actual: found.map { "item \($0)" } ?? "none")
                    }
                }
            case .rotationKeepsCenter:
                let (portrait, landscape) = RotationViewports.geometries(testCase)
                var upright = make(portrait, count)
                var turned = make(landscape, count)
                for sample in 0..<samples where !tally.hasFailed {
                    let offset = randomOffset(sample: sample, geometry: portrait, itemCount: count, generator: &generator)
                    guard let item = upright.centerItem(atOffset: offset) else {
                        tally.skip()
                        continue
                    }
                    let landscapeOffset = Rotation.restoredOffset(centeredItem: item, in: landscape)
                    let afterTurn = turned.centerItem(atOffset: landscapeOffset)
                    let backOffset = afterTurn.map { Rotation.restoredOffset(centeredItem: $0, in: portrait) }
                    let afterReturn = backOffset.flatMap { upright.centerItem(atOffset: $0) }
                    tally.record(afterTurn == item && afterReturn == item) {
                        Counterexample(geometry: portrait, catalogCount: count, offset: offset,
                                       context: "rotate to 844 (w=\(landscape.itemWidth), o=\(landscapeOffset)) and back",
                                       expected: "item \(item) centred after both turns",
                                       actual: "item \(afterTurn.map(String.init) ?? "none") at 844, "
                                           + "\(afterReturn.map(String.init) ?? "none") back at 390")
                    }
                }
            default:
                return
            }
        }
    }

    /// A visible-element query: property 4 (it returns exactly the items whose frames meet the rect, so every
    /// lookup built on it sees the centre item).
    public static func query(id: String, make: @escaping @Sendable (CarouselGeometry, Int) -> any VisibleItemQuery)
        -> VerificationSubject {
        VerificationSubject(id: id, family: .query, properties: [.lookupsAgree]) {
            property, testCase, samples, generator, tally in
            guard property == .lookupsAgree else { return }
            let geometry = testCase.geometry
            let count = testCase.catalogCount
            let query = make(geometry, count)
            var found: [Int] = []
            let contentWidth = geometry.contentWidth(itemCount: count)
            for _ in 0..<samples where !tally.hasFailed {
                let offset = generator.nextDouble(in: -geometry.viewportWidth...contentWidth)
                let rect = geometry.viewportSpan(offset: offset)
                query.visibleItems(in: rect, into: &found)
                let expected = (0..<count).filter { geometry.itemSpan($0).intersects(rect) }
                tally.record(found == expected) {
                    Counterexample(geometry: geometry, catalogCount: count, offset: offset,
                                   context: "rect [\(rect.minX), \(rect.maxX)]",
                                   expected: "items \(expected)", actual: "items \(found)")
                }
            }
        }
    }
}
