import Determinism

/// The trajectories property 5 plays against a wrap: a random standard script, fast flicks whose steps
/// exceed half a pitch, and (on marathon cases) a long drag in one direction.
func wrapScripts(testCase: VerificationCase, pitch: Double, reach: Double,
                 generator: inout SeededGenerator) -> [(name: String, script: ScrollScript)] {
    let scriptSeed = generator.next()
    var scripts: [(name: String, script: ScrollScript)] = [
        ("standard(seed: \(scriptSeed), strokes: 4)", .standard(seed: scriptSeed, strokes: 4)),
        ("fastFlicks(seed: \(scriptSeed), strokes: 3)",
         .fastFlicks(pitch: pitch, hz: testCase.hz, strokes: 3, seed: scriptSeed)),
    ]
    if testCase.marathonFrames > 0 {
        let speed = pitch * testCase.hz * generator.nextDouble(in: 0.3...1.4)
        let frames = min(Double(testCase.marathonFrames), (reach / speed * testCase.hz).rounded(.up))
        for direction in [1.0, -1.0] {
            scripts.append(("oneDirection(velocity: \(direction * speed), frames: \(Int(frames)))",
                            .oneDirection(velocity: direction * speed, duration: frames / testCase.hz)))
        }
    }
    return scripts
}

extension VerificationSubject {
    /// A wrap strategy: property 5 (every jump a whole number of catalog widths with the same logical centre,
    /// offsets inside `offsetRange` after every frame's wrap, logical centre in [0, n), at every frame of
    /// random, fast and long trajectories), property 7 (the raw centred item restored at 844 and back keeps
    /// the logical centre) and property 8 (the item `k` places right of the start shows `k mod n`, so the
    /// last catalog item shows `n-1`).
    ///
    /// `make` gets the case geometry; a page-width strategy (`wrap.sentinel`) builds on its viewport width.
    public static func wrap(id: String, correctedFrom: String? = nil,
                            make: @escaping @Sendable (CarouselGeometry, Int) -> any WrapStrategy) -> VerificationSubject {
        VerificationSubject(id: id, family: .wrap, correctedFrom: correctedFrom,
                            properties: [.invisibleWrap, .rotationKeepsCenter, .lastItemIndex]) {
            property, testCase, samples, generator, tally in
            let count = testCase.catalogCount
            switch property {
            case .invisibleWrap:
                let wrap = make(testCase.geometry, count)
                checkTrajectories(wrap, testCase: testCase, geometry: testCase.geometry, generator: &generator,
                                  tally: &tally)
            case .rotationKeepsCenter:
                let (portrait, landscape) = RotationViewports.geometries(testCase)
                let upright = make(portrait, count)
                let turned = make(landscape, count)
                for _ in 0..<samples where !tally.hasFailed {
                    let range = upright.offsetRange
                    let offset = generator.nextDouble(in: range)
                    let logical = upright.logicalCenter(offset: offset)
                    let item = (offset / upright.pitch).rounded()
                    let landscapeOffset = item * turned.pitch
                    let turnedLogical = turned.logicalCenter(offset: landscapeOffset)
                    let backItem = (landscapeOffset / turned.pitch).rounded()
                    let backLogical = upright.logicalCenter(offset: backItem * upright.pitch)
                    tally.record(turnedLogical == logical && backLogical == logical) {
                        Counterexample(geometry: portrait, catalogCount: count, offset: offset,
                                       item: Int(item),
                                       context: "rotate to 844 (p=\(turned.pitch), o=\(landscapeOffset), N=\(turned.itemCount)) and back",
                                       expected: "logical \(logical) after both turns",
                                       actual: "\(turnedLogical) at 844, \(backLogical) back at 390")
                    }
                }
            case .lastItemIndex:
                let wrap = make(testCase.geometry, count)
                let start = Int((wrap.startOffset / wrap.pitch).rounded())
                let reach = min(2 * count + 2, wrap.itemCount)
                let items = Array(max(0, start - reach)...min(wrap.itemCount - 1, start + reach))
                    + Array(0..<min(reach, wrap.itemCount))
                    + Array(max(0, wrap.itemCount - reach)..<wrap.itemCount)
                for item in items where !tally.hasFailed {
                    let expected = catalogIndex(item - start, catalogCount: count)
                    let jitter = (generator.nextUnit() - 0.5) * 0.9 * wrap.pitch
                    for offset in [Double(item) * wrap.pitch, Double(item) * wrap.pitch + jitter]
                    where wrap.offsetRange.contains(offset) {
                        let logical = wrap.logicalCenter(offset: offset)
                        tally.record(logical == expected) {
                            Counterexample(geometry: testCase.geometry, catalogCount: count, offset: offset, item: item,
                                           context: "start item \(start), N=\(wrap.itemCount)",
                                           expected: "logical \(expected)", actual: "\(logical)")
                        }
                    }
                }
            default:
                return
            }
        }
    }
}

/// Plays every script against `wrap`, frame by frame, applying its per-frame step and its end-of-gesture check.
func checkTrajectories(_ wrap: any WrapStrategy, testCase: VerificationCase, geometry: CarouselGeometry,
                       generator: inout SeededGenerator, tally: inout CheckTally) {
    let count = wrap.catalogCount
    let pitch = wrap.pitch
    let width = wrap.catalogWidth
    let range = wrap.offsetRange
    let reach = max(range.upperBound - wrap.startOffset, wrap.startOffset - range.lowerBound) + 10 * width
    let snap = ScrollSnapRule { _, proposed, _ in (proposed / pitch).rounded() * pitch }
    let scripts = wrapScripts(testCase: testCase, pitch: pitch, reach: reach, generator: &generator)
    for (name, script) in scripts where !tally.hasFailed {
        var simulator = ScrollSimulator(script: script, hz: testCase.hz)
        var offset = wrap.startOffset
        while !tally.hasFailed, let frame = simulator.next(currentOffset: offset, snap: snap) {
            let previous = offset
            let moved = offset + frame.delta
            var after = wrap.step(offset: moved)
            var when = "step"
            if frame.phase == .didEndDecelerating {
                let end = wrap.endOfGesture(offset: after.offset)
                if end.jumped {
                    after = WrapStep(offset: end.offset, jumped: true)
                    when = "end of deceleration"
                }
            }
            func example(_ expected: String, _ actual: String) -> Counterexample {
                Counterexample(geometry: geometry, catalogCount: count, offset: previous, step: frame.delta,
                               context: "frame \(frame.frame) of \(name) at \(Int(testCase.hz)) Hz, wrap at \(when)",
                               expected: expected, actual: actual)
            }
            if after.offset != moved {
                let widths = (after.offset - moved) / width
                let before = wrap.logicalCenter(offset: moved)
                let now = wrap.logicalCenter(offset: after.offset)
                tally.record(abs(widths - widths.rounded()) <= 1e-6 && before == now) {
                    example("a jump of whole catalog widths (\(width)) keeping logical \(before)",
                            "\(moved) -> \(after.offset): \(widths) widths, logical \(now)")
                }
            }
            let slack = roundingTolerance(range.upperBound)
            tally.record(after.offset >= range.lowerBound - slack && after.offset <= range.upperBound + slack) {
                example("an offset in \(range.lowerBound)...\(range.upperBound)", "\(after.offset)")
            }
            let logical = wrap.logicalCenter(offset: after.offset)
            tally.record(logical >= 0 && logical < count) { example("a logical index in [0, \(count))", "\(logical)") }
            offset = after.offset
        }
    }
}
