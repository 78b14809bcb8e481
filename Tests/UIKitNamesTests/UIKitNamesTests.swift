import CarouselLayout
import Testing
import UIKitNames

@Suite struct UIKitNamesTests {
    @Test func coreAnimationsScaleMatchesTheModelsAndScalesTheRowsOfAnyTransform() {
        #expect(CATransform3DScale(CATransform3DIdentity, 0.9, 0.8, 1) == Transform3D(scaleX: 0.9, y: 0.8, z: 1))
        #expect(CATransform3DMakeScale(0.5, 0.5, 1) == Transform3D(scaleX: 0.5, y: 0.5, z: 1))
        // t' = scale * t: a translation row is untouched, the scaled axes' rows are scaled.
        let translated = Transform3D(affine: AffineTransform2D.identity.translatedBy(x: 10, y: 20))
        let scaled = CATransform3DScale(translated, 2, 3, 1)
        #expect(scaled.m11 == 2 && scaled.m22 == 3 && scaled.m33 == 1)
        #expect(scaled.m41 == 10 && scaled.m42 == 20)
    }

    @Test func aPortedLayoutReadsItsCollectionViewAsUIKitNamesIt() {
        let ledger = UIKitLedger()
        let layout: UICollectionViewFlowLayout = FlowLayout(ledger: ledger, switches: .default)
        layout.scrollDirection = .horizontal
        #expect(layout.scrollDirection == .horizontal)
        let collectionView = UICollectionView(frameSize: CGSize(width: 390, height: 300), layout: layout, ledger: ledger,
                                              switches: .default)
        #expect(collectionView.frame == CGRect(x: 0, y: 0, width: 390, height: 300))
        #expect(collectionView.adjustedContentInset == UIEdgeInsets())
        #expect(CGRect.zero.width == 0)
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        #expect(attributes.representedElementCategory == .cell)
        let spacing: CGFloat = 25
        #expect(spacing == 25.0)
    }
}
