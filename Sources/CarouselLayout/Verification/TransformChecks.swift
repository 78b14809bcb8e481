extension VerificationSubject {
    /// A focus transform: property 6 (scale in `scaleRange`, alpha in [0, 1], for every laid-out item at any
    /// offset: UIKit asks for attributes in rects wider than the viewport) and property 3 (an item mirrored about
    /// the viewport centre gets the same scale and alpha and the opposite horizontal translation).
    public static func transform(id: String, correctedFrom: String? = nil,
                                 scaleRange: @escaping @Sendable (CarouselGeometry) -> ClosedRange<Double>,
                                 make: @escaping @Sendable (CarouselGeometry) -> any FocusTransform) -> VerificationSubject {
        VerificationSubject(id: id, family: .transform, correctedFrom: correctedFrom,
                            properties: [.mirrorAndNearest, .transformRanges]) {
            property, testCase, samples, generator, tally in
            let geometry = testCase.geometry
            let count = testCase.catalogCount
            let transform = make(geometry)
            let range = scaleRange(geometry)
            let tolerance = 1e-12
            for sample in 0..<samples where !tally.hasFailed {
                let offset = randomOffset(sample: sample, geometry: geometry, itemCount: count, generator: &generator)
                let center = geometry.viewportCenter(offset: offset)
                switch property {
                case .transformRanges:
                    for item in 0..<count where !tally.hasFailed {
                        let t = transform.transform(itemCenter: geometry.itemCenter(item), viewportCenter: center)
                        let holds = t.scale >= range.lowerBound - tolerance && t.scale <= range.upperBound + tolerance
                            && t.alpha >= 0 && t.alpha <= 1
                        tally.record(holds) {
                            Counterexample(geometry: geometry, catalogCount: count, offset: offset, item: item,
                                           context: "q=(c-C)/p=\((geometry.itemCenter(item) - center) / geometry.pitch)",
                                           expected: "scale in \(range), alpha in [0, 1]",
                                           actual: "scale \(t.scale), alpha \(t.alpha)")
                        }
                    }
                case .mirrorAndNearest:
                    let distance = generator.nextDouble(in: 0...(2 * geometry.pitch))
                    let left = transform.transform(itemCenter: center - distance, viewportCenter: center)
                    let right = transform.transform(itemCenter: center + distance, viewportCenter: center)
                    let mirrored = abs(left.scale - right.scale) <= 1e-9 && abs(left.alpha - right.alpha) <= 1e-9
                        && abs(left.translationX + right.translationX) <= 1e-9
                        && abs(left.translationY - right.translationY) <= 1e-9
                    tally.record(mirrored) {
                        Counterexample(geometry: geometry, catalogCount: count, offset: offset,
                                       context: "items at C -/+ \(distance)",
                                       expected: "mirror-image transforms",
                                       actual: "left \(left), right \(right)")
                    }
                default:
                    return
                }
            }
        }
    }

    /// `transform.enlargeCenter` with seed 003's `snap.direction`: property 1 (after the relayout that enlarges
    /// the snapped item, that item is centred at the snap target) and property 6 (its size over the normal size
    /// stays in the documented [1, 1.05] width, [1, 1.1] height).
    public static func enlargeCenter(id: String = EnlargeCenterLayout.id) -> VerificationSubject {
        VerificationSubject(id: id, family: .relayout, properties: [.snapCentersItem, .transformRanges]) {
            property, testCase, samples, generator, tally in
            let g = testCase.geometry
            let count = testCase.catalogCount
            let layout = EnlargeCenterLayout(viewport: g.viewport, lineSpacing: g.spacing)
            let snap = DirectionSnap(pitch: layout.normalItemWidth + g.spacing)
            let lastOffset = Double(count - 1) * snap.pitch
            var frames: [Span] = []
            for _ in 0..<samples where !tally.hasFailed {
                let offset = generator.nextDouble(in: 0...max(lastOffset, 0))
                let proposed = min(max(offset + generator.nextDouble(in: -2...2) * snap.pitch, 0), lastOffset)
                let item = clampedItemIndex(snap.targetIndex(currentOffset: offset, proposedOffset: proposed),
                                            itemCount: count)
                let target = Double(item) * snap.pitch
                layout.layout(itemCount: count, centerIndex: item, into: &frames)
                switch property {
                case .snapCentersItem:
                    let error = frames[item].midX - (target + g.viewportWidth / 2)
                    tally.record(abs(error) <= roundingTolerance(target)) {
                        Counterexample(geometry: g, catalogCount: count, offset: offset, proposedOffset: proposed,
                                       item: item, context: "snap.direction target \(target), then relayout",
                                       expected: "item \(item) centred (its midX = target + W/2)",
                                       actual: "midX off by \(error) pt")
                    }
                case .transformRanges:
                    let big = layout.itemSize(index: item, centerIndex: item)
                    let normal = layout.itemSize(index: item, centerIndex: -1)
                    let widthRatio = big.width / normal.width
                    let heightRatio = big.height / normal.height
                    tally.record(widthRatio >= 1 && widthRatio <= 1.05 + 1e-2 && heightRatio >= 1 && heightRatio <= 1.1 + 1e-2) {
                        Counterexample(geometry: g, catalogCount: count, item: item,
                                       expected: "size ratio in [1, 1.05] x [1, 1.1]",
                                       actual: "\(widthRatio) x \(heightRatio)")
                    }
                default:
                    return
                }
            }
        }
    }
}
