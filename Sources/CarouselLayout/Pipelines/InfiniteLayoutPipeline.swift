/// `pipeline.peer.infinitelayout`: InfiniteLayout (`peer.infinitelayout` wrap: the catalog repeated `k` times
/// into one content page of width `P = k*n*p`, 500 pages reported, start on page 250).
///
/// Every frame: `layoutAttributesForElements(in:)` maps the rect modulo `P` into page-local coordinates,
/// asks the flow layout (`query.linear` over the `k*n` items of one page, a fresh array) for that page and
/// for the neighbouring page where the rect reaches into it, copies every hit back out to its page (a second
/// array), then sorts the result by distance to the viewport centre (a third) and takes the first as the
/// centre; `scrollViewDidScroll` runs the recentre check (page below 2 or above 498). No focus transform.
/// Per gesture: item paging to the item nearest UIKit's proposed offset. A rotation restores the centred item.
public struct InfiniteLayoutPipeline: CorePipeline {
    public static let id = "pipeline.peer.infinitelayout"
    public static let catalogLimit: CatalogLimit? = InfiniteLayoutWrap.catalogLimit?.tightened(
        measured: 90.6, at: 1_000_000, budget: Double(CatalogLimit.playBudgetSeconds), unit: .secondsPerPlay, "O(N) per frame, the page's 8n cached frames tested")
    public static let complexity: Complexity = "O(k N) per frame (the page's cached frames are all tested, N = 4000n) plus array allocations, O(k log k) sort"
    public static let traits = PipelineTraits(wraps: true, scaleRange: 1...1)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double
    @usableFromInline var wrap: InfiniteLayoutWrap
    @usableFromInline var pageQuery: LinearQuery

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        wrap = InfiniteLayoutWrap(geometry: geometry, catalogCount: catalogCount)
        pageQuery = LinearQuery(geometry: geometry, itemCount: wrap.copies * catalogCount)
        currentOffset = wrap.startOffset
    }

    @inlinable public var itemCount: Int { wrap.itemCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        let step = wrap.step(offset: currentOffset + frame.delta)
        currentOffset = step.offset
        output.jumped = step.jumped
        let rect = currentGeometry.viewportSpan(offset: currentOffset)
        let pageWidth = wrap.pageWidth
        let pageItems = pageQuery.itemCount
        let page = Int((rect.minX / pageWidth).rounded(.down))
        var elements: [ItemAttributes] = []
        for neighbour in -1...1 {
            let origin = Double(page + neighbour) * pageWidth
            let local = Span(minX: rect.minX - origin, maxX: rect.maxX - origin)
            guard local.maxX >= 0, local.minX <= pageWidth + currentGeometry.viewportWidth else { continue }
            for attribute in pageQuery.attributes(in: local) {
                elements.append(ItemAttributes(index: (page + neighbour) * pageItems + attribute.index,
                                               frame: Span(minX: attribute.frame.minX + origin, maxX: attribute.frame.maxX + origin)))
            }
        }
        let viewportCenter = rect.midX
        let byDistance = elements.sorted { abs($0.centerX - viewportCenter) < abs($1.centerX - viewportCenter) }
        for element in elements {
            output.append(item: element.index, transform: .identity)
        }
        output.offset = currentOffset
        if let center = byDistance.first?.index {
            output.centerItem = center
            output.logicalIndex = wrap.logicalIndex(ofItem: center)
        }
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        ThresholdSnap(geometry: currentGeometry, itemCount: itemCount, threshold: .infinity)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: itemCount)
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        wrap = InfiniteLayoutWrap(geometry: currentGeometry, catalogCount: catalogCount)
        pageQuery = LinearQuery(geometry: currentGeometry, itemCount: wrap.copies * catalogCount)
        currentOffset = wrap.step(offset: Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)).offset
    }
}
