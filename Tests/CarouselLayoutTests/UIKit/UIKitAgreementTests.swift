@testable import CarouselLayout
import Testing

@Suite struct UIKitAgreementTests {
    /// Sizes 10 and 30 too: the full run verifies every default size, and n = 10 is where InfiniteLayout's page
    /// seam rounding first showed (it failed the full run while the quick sizes agreed).
    @Test(arguments: [3, 10, 30, 300])
    func everyPipelineShowsWhatItsCoreShowsUpToNamedUIKitDifferences(catalogCount: Int) {
        for kind in builtInUIKitPipelinesWithCores {
            let report = UIKitAgreement.compare(kind, catalogCount: catalogCount)
            #expect(report.agrees, "\(kind) n=\(catalogCount): \(report.mismatches) first: \(report.firstMismatch ?? "")")
            #expect(report.framesCompared > 1000, "\(kind)")
            let named = kind.namedDifferences
            #expect(Set(report.allowed.keys).isSubset(of: named), "\(kind): \(report.allowed)")
        }
    }

    @Test func everyPipelineAgreesUnderEverySwitchChange() throws {
        for descriptor in UIKitSwitches.descriptors {
            for value in descriptor.values.dropFirst() {
                let switches = try UIKitSwitches.parse(["\(descriptor.name)=\(value)"])
                for kind in builtInUIKitPipelinesWithCores {
                    let report = UIKitAgreement.compare(kind, catalogCount: 3, switches: switches)
                    #expect(report.agrees, "\(kind) \(switches.changes): \(report.firstMismatch ?? "")")
                }
            }
        }
    }

    /// C21 under `rotationOffset=proportional`: FSPagerView's layout prepares inside `setFrame:` with the new width
    /// and sets its bounds for its current index (`adjustCollectionViewBounds`), then UIKit re-adjusts that offset as
    /// if it were still the old geometry's, and the pager's `scrollViewDidScroll` takes its index from the result:
    /// the rotation back centres another item, as FSPagerView's users report ("index is changing" when rotating back
    /// to portrait, WenchaoD/FSPagerView#236). With the default both rotations keep the centred item. The agreement
    /// names the difference from that rotation on.
    @Test func fsPagerRotatingBackCentresAnotherItemUnderUIKitsReadjustment() throws {
        /// The centred item just before and at each rotation.
        func rotations(_ value: String) throws -> [(before: Int?, after: Int?)] {
            let switches = try UIKitSwitches.parse(["rotationOffset=\(value)"])
            let comparison = UIKitAgreement.Comparison(catalogCount: 300, geometry: .default, switches: switches,
                                                       script: PipelineVerification.standardScript(), hz: 120)
            let rows = comparison.playUIKit(UIKitFSPagerPipeline.self)
            return rows.indices.dropFirst().compactMap { index in
                guard case .rotated = rows[index].frame.phase else { return nil }
                return (rows[index - 1].output.logicalIndex, rows[index].output.logicalIndex)
            }
        }
        let off = try rotations("off")
        let readjusted = try rotations("proportional")
        #expect(off.count == 2 && readjusted.count == 2)
        #expect(off.allSatisfy { $0.before == $0.after })
        #expect(readjusted[0].before == readjusted[0].after)
        #expect(readjusted[1].before != readjusted[1].after)
        let report = UIKitAgreement.compare(UIKitFSPagerPipeline.self, catalogCount: 300,
                                            switches: try .parse(["rotationOffset=proportional"]))
        #expect(report.agrees)
        #expect(report.allowed[.offsetReadjustedAtRotation, default: 0] > 0)
        #expect(UIKitAgreement.compare(UIKitFSPagerPipeline.self, catalogCount: 300).allowed[.offsetReadjustedAtRotation] == nil)
    }

    @Test func eachNamedDifferenceShowsWhereUIKitCausesIt() {
        func allowed(_ kind: any UIKitPipeline.Type, _ n: Int, _ switches: [String] = []) -> [UIKitNamedDifference: Int] {
            UIKitAgreement.compare(kind, catalogCount: n, switches: try! .parse(switches)).allowed
        }
        // F6 + C11: seed 000 v1 never invalidates, so the cells on screen are never given attributes again: they keep
        // the transforms they came on screen with, even from a collection view that asks its layout on every pass.
        #expect(allowed(UIKitSeed000FlowPipeline.self, 300)[.staleTransformsBetweenQueries, default: 0] > 1000)
        #expect(allowed(UIKitSeed000FlowPipeline.self, 300, ["answerCaching=off"])[.staleTransformsBetweenQueries, default: 0] > 1000)
        // C10: seed 003's hit test takes any item meeting the 1x1 rect at the centre; without validation it misses
        // items the scroll has reached before the layout pass validated them.
        #expect(allowed(UIKitSeed003PagingPipeline.self, 300)[.hitByRect, default: 0] > 0)
        #expect(allowed(UIKitSeed003PagingPipeline.self, 3, ["cellQueryValidation=no"])[.hitOutsideValidatedRect, default: 0] > 0)
        // A UIScrollView stops at the content's edge, where the cores of finite carousels run on.
        for kind in [UIKitSeed000CenterFocusedPipeline.self, UIKitSeed003PagingPipeline.self, UIKitUPCarouselPipeline.self] as [any UIKitPipeline.Type] {
            #expect(allowed(kind, 3)[.clampedAtContentEdge, default: 0] > 0, "\(kind)")
        }
        // The R-tree holds transformed frames (F4); `uikit.best`'s attributes carry no transform, so its
        // visible items are the core's exactly.
        for kind in [UIKitSeed000CenterFocusedPipeline.self, UIKitFSPagerPipeline.self] as [any UIKitPipeline.Type] {
            #expect(allowed(kind, 300)[.transformedFrameVisibility, default: 0] > 0, "\(kind)")
        }
        #expect(allowed(UIKitBestPipeline.self, 300)[.transformedFrameVisibility, default: 0] == 0)
        #expect(allowed(UIKitSeed000CompositionalScaledPipeline.self, 300)[.transformFromTransformedFrame, default: 0] > 1000)
        #expect(allowed(UIKitSeed000CompositionalScaledPipeline.self, 300)[.rotationSkipsHandler, default: 0] == 2)
        #expect(allowed(UIKitBestPipeline.self, 300)[.offsetByWholeCatalogWidths, default: 0] > 0)
        #expect(allowed(UIKitInfiniteLayoutPipeline.self, 300, ["answerCaching=off"])[.pageSeamItemNotReturned, default: 0] > 0)
        // InfiniteLayout's `floor(x / P)` and `x mod P` disagree on a page boundary: resting on item 20 000 (the
        // first of page 250) at n = 10, its centred index is 20 079 until the offset leaves the seam.
        #expect(allowed(UIKitInfiniteLayoutPipeline.self, 10)[.pageSeamRounding, default: 0] > 0)
        // Without a transform, a scroll edge or a recentre there is nothing to name: exact agreement.
        #expect(allowed(UIKitSeed000CompositionalPipeline.self, 300).isEmpty)
        #expect(allowed(UIKitInfiniteLayoutPipeline.self, 300).isEmpty)
    }

    /// The recording `compareAndRecord` returns is the UIKit pipeline's live play, start offset included: what
    /// `PipelinePlayer.record` records from a fresh one.
    @Test func theAgreementsRecordingIsTheLivePlay() {
        let script = PipelineVerification.standardScript()
        let (report, recording) = UIKitAgreement.compareAndRecord(
            UIKitSeed003PagingPipeline.self, catalogCount: 30, geometry: .default, switches: .default, script: script, hz: 120)
        #expect(report.agrees)
        let live = PipelinePlayer.record(from: UIKitSeed003PagingPipeline(catalogCount: 30, geometry: .default, switches: .default),
                                         script: script, hz: 120)
        #expect(recording == live)
    }

    @Test func theComparatorReportsADifferenceNoUIKitBehaviourExplains() {
        let play = UIKitAgreement.Comparison(catalogCount: 300, geometry: .default, switches: .default,
                                             script: PipelineVerification.standardScript(), hz: 120)
        let core = UIKitAgreement.CorePlay(catalogCount: 300, geometry: .default, script: PipelineVerification.standardScript(), hz: 120)
            .visit(Seed004SentinelPipeline.self)
        let uikit = play.playUIKit(UIKitSeed004SentinelPipeline.self)
        var exact = Comparator(UIKitSeed004SentinelPipeline.self, catalogCount: 300, switches: .default)
        exact.compare(core: core, uikit: uikit)
        #expect(exact.report.agrees)

        var scaled = uikit
        scaled[500].output.visible[0].scale = 0.5
        var transforms = Comparator(UIKitSeed004SentinelPipeline.self, catalogCount: 300, switches: .default)
        transforms.compare(core: core, uikit: scaled)
        #expect(transforms.report.mismatches[.transforms] == 1)
        #expect(transforms.report.firstMismatch?.hasPrefix("frame 500 transforms") == true)

        var moved = uikit
        moved[900].output.centerItem = 7
        moved[900].output.visible[0].item += 1
        var items = Comparator(UIKitSeed004SentinelPipeline.self, catalogCount: 300, switches: .default)
        items.compare(core: core, uikit: moved)
        #expect(items.report.mismatches[.centerItem] == 1 && items.report.mismatches[.visibleItems, default: 0] > 0)
        #expect(!items.report.agrees)
    }
}
