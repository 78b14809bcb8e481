// Ramotion's expanding-collection carousel layout, ported to carousel-bench's UIKit model and measured beside the
// seeds: `swift run -c release my-carousel-bench run --quick --filter 'example|uikit/best'`.
//
// Source: github.com/Ramotion/expanding-collection, `Source/ExpandingViewController/CollectionView/Layout/
// PageCollectionLayout.swift` at 4b03b8ec0f13cf9273fe1596f0f371d07fd25dc7 (MIT; unchanged at the head, 0888558).
// Line numbers below are that file's. The host (`ExpandingViewController.swift`) builds it with the app's item size
// (line 86) and turns prefetching off (lines 92-94); the demo shows 4 items (`DemoViewController.swift` line 15).
import CarouselBench
import CarouselLayout
import UIKitNames

@main
enum MyCarouselBench {
    static func main() {
        CarouselBench.main(adding: [.uikit(UIKitPageCollectionPipeline.self)])
    }
}

/// `uikit.example.pagecollection`: `PageCollectionLayout` (finite, `N = n`, starting on item 0) on the UIKit model.
///
/// Per frame: `shouldInvalidateLayout(forBoundsChange:)` returns true (lines 99-101), so every scroll invalidates
/// (F7: data kept) and the collection view asks for the rect again (C1); `layoutAttributesForElements(in:)` (lines
/// 103-133) copies every object `super` returns (`NSArray(array:copyItems:)`, A1) and scales and fades each copy by
/// its distance from the viewport's centre. Per release: `targetContentOffset` (lines 56-97) asks its own
/// `layoutAttributesForElements(in:)` for the proposed rect and centres the nearest cell, a page further when the
/// flick points the other way. No core: it is checked frame by frame as a core is (`Docs/PORTING.md`, section 7).
struct UIKitPageCollectionPipeline: UIKitPipeline {
    static let id = "uikit.example.pagecollection"
    static let complexity: Complexity = "O(k) per frame: an F1 query every frame (F7) and a copy of every returned attributes object (A1)"
    static let allocationEvidence = "every frame: F3 arrays and a copy of every returned object (A1), the cells' copies (C3)"
    /// Finite (`N = n`); scales from 1 at the centre to `minimumScaleFactor`, 0.9 (line 16), 200 pt away.
    static let traits = PipelineTraits(wraps: false, scaleRange: 0.9...1)
    var scene: PageCollectionScene

    init(scene: PageCollectionScene) { self.scene = scene }
}

/// The app around the layout: a collection view of `n` items of the suite's item size, prefetching off.
final class PageCollectionScene: UIKitScene {
    let layout: PageCollectionLayout
    let dataSource: UniformDataSource

    required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = PageCollectionLayout(itemSize: LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight),
                                      ledger: ledger, switches: switches)
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: Self.geometry(geometry, viewportWidth: geometry.viewportWidth),
                   switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
        // UIKit invalidates a layout when it is installed and sized; the port's inset is set there (lines 45-54).
        layout.invalidateLayout()
        collectionView.layoutIfNeeded()
    }

    /// The layout's geometry in the core's terms: the app's item size and the layout's 25 pt spacing (line 36), so
    /// its pitch is `w + 25`. `minScale` is 1: `CarouselGeometry` narrows the spacing for scaled items (seed 000's
    /// compensation), which this layout does not do; its scale range is in `traits`.
    static func geometry(_ geometry: CarouselGeometry, viewportWidth: Double) -> CarouselGeometry {
        CarouselGeometry(viewportWidth: viewportWidth, viewportHeight: geometry.viewportHeight, itemWidth: geometry.itemWidth,
                         itemHeight: geometry.itemHeight, spacing: 25, minScale: 1)
    }

    /// The app's catalogue update (Docs/ALGORITHMS.md, "Catalogue updates" in carousel-bench): `reloadData()`, then
    /// `scrollToItem` to the item kept. Assumed app code: the layout's demo has a fixed catalogue.
    override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    override func catalogCountDidChange() { dataSource.itemsPerSection = catalogCount }

    /// What the release will answer (the simulator asks before the frame, to plan the deceleration): the layout's
    /// own `targetContentOffset` (lines 56-97) at the current offset. Velocity only matters by its sign there.
    override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = layout.targetContentOffset(forProposedContentOffset: LayoutPoint(x: proposedOffset, y: 0),
                                                withScrollingVelocity: LayoutPoint(x: velocity, y: 0))
        return collectionView.restingOffset(forTarget: target.x)
    }

    /// The model asks the layout before it sets the new width; UIKit's invalidation for the size change sees the new
    /// bounds (assumed), so it is sent again here, where `invalidateLayout(with:)` (lines 45-54) re-centres the inset
    /// and jumps back to item 0.
    override func handleRotation(toWidth width: Double) {
        geometry = Self.geometry(geometry, viewportWidth: width)
        layout.invalidateLayout()
    }

    override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let nearest = nearestVisibleCell()?.globalIndex
        output.centerItem = nearest
        output.logicalIndex = nearest
    }
}

/// `PageCollectionLayout` (lines 11-149), its text kept (`UIKitNames` gives UIKit's names to the model's types). The
/// extensions' members are in the class (outside Objective-C, Swift overrides only there); every other change says
/// why where it is.
class PageCollectionLayout: UICollectionViewFlowLayout {

    fileprivate var lastCollectionViewSize: CGSize = CGSize.zero

    var scalingOffset: CGFloat = 200
    var minimumScaleFactor: CGFloat = 0.9
    var minimumAlphaFactor: CGFloat = 0.3
    var scaleItems: Bool = true

    /// Lines 24-27: every layout of the model counts its work in its scene's ledger. `init?(coder:)` (lines 20-22)
    /// only traps, and goes.
    init(itemSize: CGSize, ledger: UIKitLedger, switches: UIKitSwitches) {
        super.init(ledger: ledger, switches: switches)
        commonInit(itemSize)
    }

    // MARK: life cicle

    fileprivate func commonInit(_ itemSize: CGSize) {
        scrollDirection = .horizontal
        minimumLineSpacing = 25
        self.itemSize = itemSize
    }

    // MARK: override

    /// Lines 45-54. `configureInset` sets `contentOffset`, whose bounds change invalidates this layout again: after the
    /// offset has moved (C7: `-[UICollectionView setBounds:]`), so the nested call sets the same offset and returns.
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)

        guard let collectionView = self.collectionView else { return }

        if collectionView.bounds.size != lastCollectionViewSize {
            configureInset()
            lastCollectionViewSize = collectionView.bounds.size
        }
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard let collectionView = self.collectionView else {
            return proposedContentOffset
        }

        let proposedRect = CGRect(x: proposedContentOffset.x, y: 0, width: collectionView.bounds.width, height: collectionView.bounds.height)
        guard let layoutAttributes = self.layoutAttributesForElements(in: proposedRect) else {
            return proposedContentOffset
        }

        var candidateAttributes: UICollectionViewLayoutAttributes?
        let proposedContentOffsetCenterX = proposedContentOffset.x + collectionView.bounds.width / 2

        for attributes in layoutAttributes {
            if attributes.representedElementCategory != .cell {
                continue
            }

            if candidateAttributes == nil {
                candidateAttributes = attributes
                continue
            }

            if abs(attributes.center.x - proposedContentOffsetCenterX) < abs(candidateAttributes!.center.x - proposedContentOffsetCenterX) {
                candidateAttributes = attributes
            }
        }

        guard let aCandidateAttributes = candidateAttributes else {
            return proposedContentOffset
        }

        var newOffsetX = aCandidateAttributes.center.x - collectionView.bounds.size.width / 2
        let offset = newOffsetX - collectionView.contentOffset.x

        if (velocity.x < 0 && offset > 0) || (velocity.x > 0 && offset < 0) {
            let pageWidth = itemSize.width + minimumLineSpacing
            newOffsetX += velocity.x > 0 ? pageWidth : -pageWidth
        }

        return CGPoint(x: newOffsetX, y: proposedContentOffset.y)
    }

    override func shouldInvalidateLayout(forBoundsChange _: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = self.collectionView,
            let superAttributes = super.layoutAttributesForElements(in: rect) else {
            return super.layoutAttributesForElements(in: rect)
        }
        if scaleItems == false {
            return super.layoutAttributesForElements(in: rect)
        }

        let contentOffset = collectionView.contentOffset
        let size = collectionView.bounds.size

        let visibleRect = CGRect(x: contentOffset.x, y: contentOffset.y, width: size.width, height: size.height)
        let visibleCenterX = visibleRect.midX

        // Line 118, `NSArray(array: superAttributes, copyItems: true)`: a copy of each object, counted in the ledger.
        let newAttributesArray = superAttributes.map { attributes in
            ledger.attributesCopied += 1
            return attributes.copy()
        }

        newAttributesArray.forEach {
            let distanceFromCenter = visibleCenterX - $0.center.x
            let absDistanceFromCenter = min(abs(distanceFromCenter), self.scalingOffset)
            let scale = absDistanceFromCenter * (self.minimumScaleFactor - 1) / self.scalingOffset + 1
            $0.transform3D = CATransform3DScale(CATransform3DIdentity, scale, scale, 1)

            let alpha = absDistanceFromCenter * (self.minimumAlphaFactor - 1) / self.scalingOffset + 1
            $0.alpha = alpha
        }

        return newAttributesArray
    }

    // MARK: helpers

    /// Lines 140-148. The model has no `contentInset`: the same inset as `sectionInset` puts item 0's centre at the
    /// viewport's centre at offset 0 instead of `-inset` (every offset `inset` larger, every distance the same).
    fileprivate func configureInset() {
        guard let collectionView = self.collectionView else {
            return
        }

        let inset = collectionView.bounds.size.width / 2 - itemSize.width / 2
        sectionInset = UIEdgeInsets.init(top: 0, left: inset, bottom: 0, right: inset)
        collectionView.setContentOffset(CGPoint(x: 0, y: 0))
    }
}
