/// `floor/uikit`: what the UIKit model itself costs per frame, with the least layout that still shows the right
/// items in the right places: the stock flow layout with the suite's fixed item size (F1's arithmetic query, no
/// per-item prepare: F8), no subclass, no delegate, no wrap (the content holds enough copies of the catalog that the
/// standard trajectory never reaches an edge, as `uikit.best`'s does: `2^19` points each side of home).
///
/// Per frame it pays only what UIKit's own code does for any carousel: the bounds change (C7: the flow layout
/// says no, F6), the validation of the visible bounds (C1: a layout query about once per screen-width, its objects
/// paged in, C3, C6), the cells coming on screen and leaving (their copies, C3'; `willDisplay`, C11) and, with
/// `prefetch=on`, the strip ahead (PF1). It is not a carousel: no focus transform (that per-item work is
/// `floor/scaleAlpha`'s), no snap (a release rests where the deceleration takes it), no catalog wrap. Every
/// `uikit/*` row's `x floor` is a multiple of it: how much more a design costs than UIKit costs anyway.
public struct UIKitFloorPipeline: UIKitPipeline {
    public static let id = "floor.uikit"
    /// `N = (2·ceil(2^19/(n·p)) + 1)·n`: `3n` once `n·p` passes `2^19` points.
    public static let catalogLimit: CatalogLimit? = .positions(replication: 3, "N = 3n")
    public static let traits = PipelineTraits(wraps: false, scaleRange: 1...1)
    public static let complexity: Complexity = "O(k) per frame: UIKit's own work for the visible items (C1 validation about once per screen-width, cells on and off screen, PF1's prefetching)"
    public static let allocationEvidence = "a copy per cell that comes on screen (C3'), a map node per new item (C6), an R-tree per five screens (C1), PF1's strip query and context while moving"
    public static let lifecycleComplexity = UIKitLifecycleComplexity.fixedSize
    public var scene: UIKitFloorScene

    public init(scene: UIKitFloorScene) { self.scene = scene }
}

/// The state of `floor/uikit`: a `FlowLayout` of the suite's geometry over enough copies of the catalog.
public final class UIKitFloorScene: UIKitScene {
    @usableFromInline let layout: FlowLayout
    @usableFromInline let dataSource: UniformDataSource

    public required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = FlowLayout(ledger: ledger, switches: switches)
        layout.configure(for: geometry)
        dataSource = UniformDataSource(itemsPerSection: Self.copies(catalogCount: catalogCount, geometry: geometry) * catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
        collectionView.setContentOffset(LayoutPoint(x: homeOffset, y: 0))
        collectionView.layoutIfNeeded()
    }

    /// Copies of the catalog: at least `2^19` points of content each side of the home copy.
    static func copies(catalogCount: Int, geometry: CarouselGeometry) -> Int {
        let side = Int((CarouselBestLayout.contentHalfWidth / (Double(catalogCount) * geometry.pitch)).rounded(.up))
        return 2 * side + 1
    }

    /// Item 0 of the middle copy centred.
    @usableFromInline
    var homeOffset: Double {
        let middle = Self.copies(catalogCount: catalogCount, geometry: geometry) / 2 * catalogCount
        return geometry.centeringOffset(item: middle)
    }

    public override var itemCount: Int { dataSource.itemsPerSection }

    /// A plain flow layout's app: `reloadData()`, then `scrollToItem` to the item kept (assumed app code).
    public override var catalogUpdatePath: String? { Self.assumedCatalogUpdatePath }

    public override func catalogCountDidChange() {
        dataSource.itemsPerSection = Self.copies(catalogCount: catalogCount, geometry: geometry) * catalogCount
    }

    /// A rotation: the flow layout's new item size (F9: `setItemSize:` invalidates), the centred item kept.
    public override func handleRotation(toWidth width: Double) {
        let centred = Int((collectionView.contentOffset.x / geometry.pitch).rounded())
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        layout.configure(for: geometry)
        collectionView.setContentOffset(LayoutPoint(x: geometry.centeringOffset(item: centred), y: 0))
    }

    public override func fillOutput(_ output: inout FrameOutput) {
        let catalogCount = self.catalogCount
        appendVisibleCells(into: &output) { catalogIndex($0.globalIndex, catalogCount: catalogCount) }
        let centre = catalogIndex(Int((collectionView.contentOffset.x / geometry.pitch).rounded()), catalogCount: catalogCount)
        output.centerItem = centre
        output.logicalIndex = centre
    }
}
