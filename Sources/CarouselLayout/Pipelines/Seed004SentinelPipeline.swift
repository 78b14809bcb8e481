/// `pipeline.seed004.sentinel`: seed 004's paging banner, `N = n+2` full-width pages (last item, `0..n-1`,
/// first item), `wrap.sentinel`, start on page 1.
///
/// Every frame: the Rx `contentOffset` subscription computes the page control's page
/// `Int((o + W/2)/W) - 1` with its mapping (`SentinelPageControl`); the visible pages come from the
/// page arithmetic (a full-width flow layout does not invalidate per frame; its query is not modelled).
/// The centre reported is the raw page under the viewport centre, the logical index the page the
/// `UIPageControl` displays. Per gesture: paging (`isPagingEnabled`, modelled as `snap.threshold` with
/// `p = W`), and at `scrollViewDidEndDecelerating` the sentinel jump (page 0 to `n`, page `n+1` to 1).
/// A rotation makes the pages the new width and keeps the page. It wraps, but is not infinite: the jump waits for
/// the end of the deceleration, so a drag that outruns the sentinel page reaches the content's end (P5; the design
/// criteria measure it so).
public struct Seed004SentinelPipeline: CorePipeline {
    public static let id = "pipeline.seed004.sentinel"
    public static let catalogLimit: CatalogLimit? = SentinelWrap.catalogLimit
    public static let complexity: Complexity = "O(k) per frame, no allocation once the buffers are warm; O(1) per gesture"
    public static let traits = PipelineTraits(wraps: true, scaleRange: 1...1, infinite: false)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double
    @usableFromInline var wrap: SentinelWrap
    @usableFromInline var pageControl: SentinelPageControl
    @usableFromInline var query: ArithmeticQuery
    /// The seed's raw page-control value after the last frame (may be the out-of-range `n`, see `SentinelPageControl`).
    @inlinable public var rawPage: Int { lastRawPage }
    @usableFromInline var lastRawPage = 0

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = PipelineGeometry.pages(viewportWidth: geometry.viewportWidth, viewportHeight: geometry.viewportHeight)
        wrap = SentinelWrap(viewportWidth: geometry.viewportWidth, catalogCount: catalogCount)
        pageControl = SentinelPageControl(viewportWidth: geometry.viewportWidth, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: currentGeometry, itemCount: catalogCount + 2)
        currentOffset = wrap.startOffset
    }

    @inlinable public var itemCount: Int { wrap.itemCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        currentOffset += frame.delta
        if case .didEndDecelerating = frame.phase {
            let step = wrap.endOfGesture(offset: currentOffset)
            currentOffset = step.offset
            output.jumped = step.jumped
        }
        lastRawPage = pageControl.rawPage(offset: currentOffset)
        query.visibleItems(in: currentGeometry.viewportSpan(offset: currentOffset), into: &output.scratch)
        for index in output.scratch {
            output.append(item: index, transform: .identity)
        }
        let page = clampedItemIndex(((currentOffset + currentGeometry.viewportWidth / 2) / currentGeometry.pitch).rounded(.down),
                                    itemCount: itemCount)
        output.offset = currentOffset
        output.centerItem = page
        output.logicalIndex = pageControl.displayedPage(offset: currentOffset)
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        ThresholdSnap(geometry: currentGeometry, itemCount: itemCount)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let page = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: itemCount)
        currentGeometry = PipelineGeometry.pages(viewportWidth: width, viewportHeight: currentGeometry.viewportHeight)
        wrap = SentinelWrap(viewportWidth: width, catalogCount: catalogCount)
        pageControl = SentinelPageControl(viewportWidth: width, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: currentGeometry, itemCount: itemCount)
        currentOffset = currentGeometry.centeringOffset(item: page)
    }
}
