/// `pipeline.seed003.paging`: seed 003's flow layout with `sizeForItemAt` enlarging the centre cell
/// (`transform.enlargeCenter`), finite (`N = n`), start at 0, spacing `s` uncompensated.
///
/// Every frame (`scrollViewDidScroll`): `updateBackgroundImage` and `updateCurrentPage` each run
/// `lookup.hitTest` (`indexPathForItem(at:)`) through `query.linear` (a fresh array per query), the page
/// progress `current/total` is computed, and the visible items come from `query.linear` (scale = frame width
/// over the normal width, so the enlarged cell shows about 1.05: both widths are floored, seed 003 line 162, so the
/// scale is `floor(0.84 W) / floor(0.8 W)`, which the checks hold it to). Per gesture (`scrollViewWillEndDragging`):
/// `snap.direction`, `centerCellIndex = Int(roundedIndex)` (unclamped, as written), then `invalidateLayout`
/// re-sizes and re-places all `N` items and rebuilds the cached frames, on every release.
/// Deviation: the snap target is clamped into the content, as `UIScrollView` does with a target outside it.
/// The seed has no rotation code; a rotation relayouts for the new width and restores the centred item.
public struct Seed003PagingPipeline: CorePipeline {
    public static let id = "pipeline.seed003.paging"
    public static let catalogLimit: CatalogLimit? = CatalogLimit.positions(replication: 1, "N = n").tightened(
        measured: 32.8, at: 1_000_000, budget: Double(CatalogLimit.playBudgetSeconds), unit: .secondsPerPlay, "O(N) per frame, three linear queries")
    public static let complexity: Complexity = "O(N) per frame (three linear queries, three allocations); O(N) per release (relayout)"
    public static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, centerMayBeNeighbour: true,
                                              scaleRange: 1...1.05)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double = 0
    @usableFromInline var layout: EnlargeCenterLayout
    @usableFromInline var centerCellIndex = 0
    @usableFromInline var frames: [Span] = []
    @usableFromInline var query: LinearQuery
    @usableFromInline var hitTest: HitTestLookup<LinearQuery>
    /// The progress bar's value after the last frame (kept so its computation is not dead work).
    @inlinable public var pageProgress: Double { lastPageProgress }
    @usableFromInline var lastPageProgress = 0.0

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = PipelineGeometry.seed003(viewportWidth: geometry.viewportWidth,
                                                   viewportHeight: geometry.viewportHeight, spacing: geometry.spacing)
        layout = EnlargeCenterLayout(viewport: currentGeometry.viewport, lineSpacing: currentGeometry.spacing)
        query = LinearQuery(frames: [])
        hitTest = HitTestLookup(query: query, geometry: currentGeometry)
        relayout()
    }

    @inlinable public var itemCount: Int { catalogCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }
    public var scaleRange: ClosedRange<Double> { 1...layout.enlargedScale }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        if let release = handleGesture(frame, into: &output) {
            let index = DirectionSnap(pitch: currentGeometry.pitch).targetIndex(currentOffset: currentOffset,
                                                                                 proposedOffset: release.proposedOffset)
            centerCellIndex = Int(min(max(index, -1e9), 1e9))
            relayout()
        }
        currentOffset += frame.delta
        let background = hitTest.centerItem(atOffset: currentOffset)
        if let page = hitTest.centerItem(atOffset: currentOffset) {
            lastPageProgress = PageIndicator(index: page, total: catalogCount).progress
        }
        query.visibleItems(in: currentGeometry.viewportSpan(offset: currentOffset), into: &output.scratch)
        let normalWidth = layout.itemSize(index: 0, centerIndex: -1).width
        for index in output.scratch {
            let width = layout.itemSize(index: index, centerIndex: centerCellIndex).width
            output.append(item: index, transform: ItemTransform(scale: width / normalWidth))
        }
        output.offset = currentOffset
        output.centerItem = background
        output.logicalIndex = background
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = DirectionSnap(pitch: currentGeometry.pitch)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        return min(max(target, 0), currentGeometry.centeringOffset(item: catalogCount - 1))
    }

    /// `invalidateLayout`: every item sized and placed again, the cached frames rebuilt.
    @usableFromInline
    mutating func relayout() {
        layout.layout(itemCount: catalogCount, centerIndex: centerCellIndex, into: &frames)
        query = LinearQuery(frames: frames)
        hitTest = HitTestLookup(query: query, geometry: currentGeometry)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: catalogCount)
        currentGeometry = PipelineGeometry.seed003(viewportWidth: width, viewportHeight: currentGeometry.viewportHeight,
                                                   spacing: currentGeometry.spacing)
        layout = EnlargeCenterLayout(viewport: currentGeometry.viewport, lineSpacing: currentGeometry.spacing)
        relayout()
        currentOffset = currentGeometry.centeringOffset(item: centered)
    }
}
