@testable import CarouselLayout
import Testing

@Suite struct UIKitAgreementTests {
    /// Sizes 10 and 30 too: the full run verifies every default size, and n = 10 is where InfiniteLayout's page
    /// seam rounding first showed (it failed the full run while the quick sizes agreed).
    @Test(arguments: [3, 10, 30, 300])
    func everyPipelineShowsWhatItsCoreShowsUpToNamedUIKitDifferences(catalogCount: Int) {
        for kind in UIKitPipelineKind.allCases {
            let report = UIKitAgreement.compare(kind: kind, catalogCount: catalogCount)
            #expect(report.agrees, "\(kind.id) n=\(catalogCount): \(report.mismatches) first: \(report.firstMismatch ?? "")")
            #expect(report.framesCompared > 1000, "\(kind.id)")
            #expect(Set(report.allowed.keys).isSubset(of: kind.namedDifferences), "\(kind.id): \(report.allowed)")
        }
    }

    @Test func everyPipelineAgreesUnderEverySwitchChange() throws {
        for descriptor in UIKitSwitches.descriptors {
            for value in descriptor.values.dropFirst() {
                let switches = try UIKitSwitches.parse(["\(descriptor.name)=\(value)"])
                for kind in UIKitPipelineKind.allCases {
                    let report = UIKitAgreement.compare(kind: kind, catalogCount: 3, switches: switches)
                    #expect(report.agrees, "\(kind.id) \(switches.changes): \(report.firstMismatch ?? "")")
                }
            }
        }
    }

    @Test func eachNamedDifferenceShowsWhereUIKitCausesIt() {
        func allowed(_ kind: UIKitPipelineKind, _ n: Int, _ switches: [String] = []) -> [UIKitNamedDifference: Int] {
            UIKitAgreement.compare(kind: kind, catalogCount: n, switches: try! .parse(switches)).allowed
        }
        // F6 + C2: seed 000 v1 is asked only once per screen-width, so its cells keep older transforms...
        #expect(allowed(.seed000Flow, 300)[.staleTransformsBetweenQueries, default: 0] > 1000)
        // ...which a collection view that asks on every pass would not keep.
        #expect(allowed(.seed000Flow, 300, ["answerCaching=off"])[.staleTransformsBetweenQueries, default: 0] == 0)
        // A UIScrollView stops at the content's edge, where the cores of finite carousels run on.
        for kind in [UIKitPipelineKind.seed000CenterFocused, .seed003Paging, .peerUPCarousel] {
            #expect(allowed(kind, 3)[.clampedAtContentEdge, default: 0] > 0, "\(kind.id)")
        }
        // The R-tree holds transformed frames (F4); `uikit.best`'s attributes carry no transform, so its
        // visible items are the core's exactly.
        for kind in [UIKitPipelineKind.seed000CenterFocused, .peerFSPager] {
            #expect(allowed(kind, 300)[.transformedFrameVisibility, default: 0] > 0, "\(kind.id)")
        }
        #expect(allowed(.best, 300)[.transformedFrameVisibility, default: 0] == 0)
        #expect(allowed(.seed000CompositionalScaled, 300)[.transformFromTransformedFrame, default: 0] > 1000)
        #expect(allowed(.seed000CompositionalScaled, 300)[.rotationSkipsHandler, default: 0] == 2)
        #expect(allowed(.best, 300)[.offsetByWholeCatalogWidths, default: 0] > 0)
        #expect(allowed(.peerInfiniteLayout, 300, ["answerCaching=off"])[.pageSeamItemNotReturned, default: 0] > 0)
        // InfiniteLayout's `floor(x / P)` and `x mod P` disagree on a page boundary: resting on item 20 000 (the
        // first of page 250) at n = 10, its centred index is 20 079 until the offset leaves the seam.
        #expect(allowed(.peerInfiniteLayout, 10)[.pageSeamRounding, default: 0] > 0)
        // Without a transform, a scroll edge or a recentre there is nothing to name: exact agreement.
        #expect(allowed(.seed000Compositional, 300).isEmpty)
        #expect(allowed(.peerInfiniteLayout, 300).isEmpty)
    }

    @Test func theComparatorReportsADifferenceNoUIKitBehaviourExplains() {
        let play = UIKitAgreement.Comparison(catalogCount: 300, geometry: .default, switches: .default,
                                             script: PipelineVerification.standardScript(), hz: 120)
        let core = UIKitAgreement.CorePlay(catalogCount: 300, geometry: .default, script: PipelineVerification.standardScript(), hz: 120)
            .visit(Seed004SentinelPipeline.self)
        let uikit = play.playUIKit(UIKitSeed004SentinelPipeline.self)
        var exact = Comparator(kind: .seed004Sentinel, catalogCount: 300, switches: .default)
        exact.compare(core: core, uikit: uikit)
        #expect(exact.report.agrees)

        var scaled = uikit
        scaled[500].output.visible[0].scale = 0.5
        var transforms = Comparator(kind: .seed004Sentinel, catalogCount: 300, switches: .default)
        transforms.compare(core: core, uikit: scaled)
        #expect(transforms.report.mismatches[.transforms] == 1)
        #expect(transforms.report.firstMismatch?.hasPrefix("frame 500 transforms") == true)

        var moved = uikit
        moved[900].output.centerItem = 7
        moved[900].output.visible[0].item += 1
        var items = Comparator(kind: .seed004Sentinel, catalogCount: 300, switches: .default)
        items.compare(core: core, uikit: moved)
        #expect(items.report.mismatches[.centerItem] == 1 && items.report.mismatches[.visibleItems, default: 0] > 0)
        #expect(!items.report.agrees)
    }
}
