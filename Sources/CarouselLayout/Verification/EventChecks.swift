/// A page control over `wrap.sentinel` pages: what the verifier needs of seed 004's and of the corrected one.
public protocol SentinelPageMapping: Sendable {
    /// The value bound to the page control (may be out of range, as seed 004 writes it).
    func rawPage(offset: Double) -> Int
    /// What the page control shows.
    func displayedPage(offset: Double) -> Int
}

extension SentinelPageControl: SentinelPageMapping {}

extension VerificationSubject {
    /// A page control over the sentinel layout: property 5 (the bound page is in [0, n) at every offset of the
    /// content) and property 8 (the last item, raw page `n` and the sentinel raw page 0, shows `n-1`).
    public static func sentinelPageControl(id: String, correctedFrom: String? = nil,
                                           make: @escaping @Sendable (Double, Int) -> any SentinelPageMapping)
        -> VerificationSubject {
        VerificationSubject(id: id, family: .event, correctedFrom: correctedFrom,
                            properties: [.invisibleWrap, .lastItemIndex]) {
            property, testCase, samples, generator, tally in
            let width = testCase.geometry.viewportWidth
            let count = testCase.catalogCount
            let control = make(width, count)
            switch property {
            case .invisibleWrap:
                for sample in 0..<samples where !tally.hasFailed {
                    let page = Double(generator.nextInt(below: count + 2))
                    let offset = sample % 2 == 0 ? page * width : generator.nextDouble(in: 0...(Double(count + 1) * width))
                    let raw = control.rawPage(offset: offset)
                    tally.record(raw >= 0 && raw < count) {
                        Counterexample(geometry: testCase.geometry, catalogCount: count, offset: offset,
                                       context: "page width W", expected: "a page in [0, \(count))", actual: "\(raw)")
                    }
                }
            case .lastItemIndex:
                for item in [0, count] {
                    let offset = Double(item) * width
                    let shown = control.displayedPage(offset: offset)
                    tally.record(shown == count - 1) {
                        Counterexample(geometry: testCase.geometry, catalogCount: count, offset: offset, item: item,
                                       expected: "page \(count - 1)", actual: "\(shown)")
                    }
                }
            default:
                return
            }
        }
    }

    /// Seed 003's page indicator: property 8 (item `n-1` reads `"n / n"` at progress 1, item 0 `"1 / n"`).
    public static func pageIndicator(id: String = PageIndicator.id) -> VerificationSubject {
        VerificationSubject(id: id, family: .event, properties: [.lastItemIndex]) { property, testCase, _, _, tally in
            guard property == .lastItemIndex else { return }
            let count = testCase.catalogCount
            let last = PageIndicator(index: count - 1, total: count)
            tally.record(last.currentPage == count && last.label == "\(count) / \(count)" && last.progress == 1) {
                Counterexample(geometry: testCase.geometry, catalogCount: count, item: count - 1,
                               expected: "\"\(count) / \(count)\" at progress 1",
                               actual: "\"\(last.label)\" at progress \(last.progress)")
            }
            let first = PageIndicator(index: 0, total: count)
            tally.record(first.label == "1 / \(count)") {
                Counterexample(geometry: testCase.geometry, catalogCount: count, item: 0,
                               expected: "\"1 / \(count)\"", actual: "\"\(first.label)\"")
            }
        }
    }

    /// Centre-change events: property 4 (fed the arithmetic centre along random offsets, the notifier holds that
    /// centre and fires exactly when it changes).
    public static func centerChange(id: String = CenterChangeNotifier.id) -> VerificationSubject {
        VerificationSubject(id: id, family: .event, properties: [.lookupsAgree]) {
            property, testCase, samples, generator, tally in
            guard property == .lookupsAgree else { return }
            let geometry = testCase.geometry
            let count = testCase.catalogCount
            let lookup = ArithmeticLookup(geometry: geometry, itemCount: count)
            var notifier = CenterChangeNotifier()
            var previous: Int?
            var changes = 0
            for sample in 0..<samples where !tally.hasFailed {
                let offset = randomOffset(sample: sample, geometry: geometry, itemCount: count, generator: &generator)
                let center = lookup.centerItem(atOffset: offset)
                let changed = center != previous
                if changed { changes += 1 }
                previous = center
                let fired = notifier.update(center: center)
                tally.record(notifier.currentCenter == center && notifier.eventCount == changes && fired == changed) {
                    Counterexample(geometry: geometry, catalogCount: count, offset: offset,
                                   expected: "centre \(center.map(String.init) ?? "none"), \(changes) events",
                                   actual: "centre \(notifier.currentCenter.map(String.init) ?? "none"), "
                                       + "\(notifier.eventCount) events")
                }
            }
        }
    }
}
