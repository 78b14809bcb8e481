/// `pipeline.peer.fspager`: FSPagerView with `isInfinite` (`peer.fspager.wrap`: `Int16.max / n` sections,
/// start on item 0 of the middle section, never recentres).
///
/// Every frame: `FSPagerViewLayout` computes the visible items arithmetically (`query.arithmetic` into a
/// reused buffer), applies the linear transformer (`peer.fspager`: alpha **unclamped**), and
/// `scrollViewDidScroll` computes the current index `round(o/p) mod n`. Per gesture: `peer.fspager.snap`.
/// A rotation restores the centred item.
public struct FSPagerPipeline: CorePipeline {
    public static let id = "pipeline.peer.fspager"
    public static var catalogLimit: CatalogLimit? { FSPagerWrap.catalogLimit }
    public static let complexity: Complexity = "O(k) per frame, no allocation once the buffers are warm; O(1) in N"
    /// It never jumps (`wraps: false`) but is declared infinite: FSPagerView's `isInfinite` ("whether the pager view
    /// has infinite items", `FSPagerView.swift`) lays out `Int16.max / n` sections and starts in the middle one, half of
    /// them on each side, far more than any scroll reaches.
    public static let traits = PipelineTraits(wraps: false, scaleRange: 0.65...1, infinite: true)
    /// FSPagerView's `reloadData` then its `scrollToItem(at:animated:)`: the core has no cells, so the section its
    /// `nearbyIndexPath` starts from is the one on screen, not the 0 of the UIKit view's empty screen after the reload.
    public static let catalogUpdate = CoreCatalogUpdate.recentres(
        "FSPagerView.swift lines 479-482 reloadData, then its scrollToItem(at:animated:) lines 513-527, from the section on screen")
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double
    @usableFromInline var wrap: FSPagerWrap
    @usableFromInline var query: ArithmeticQuery
    @usableFromInline var transform: FSPagerTransform

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        wrap = FSPagerWrap(geometry: geometry, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: geometry, itemCount: wrap.itemCount)
        transform = FSPagerTransform(geometry: geometry)
        currentOffset = wrap.startOffset
    }

    @inlinable public var itemCount: Int { wrap.itemCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        currentOffset += frame.delta
        query.visibleItems(in: currentGeometry.viewportSpan(offset: currentOffset), into: &output.scratch)
        let viewportCenter = currentGeometry.viewportCenter(offset: currentOffset)
        for index in output.scratch {
            output.append(item: index, transform: transform.transform(itemCenter: currentGeometry.itemCenter(index),
                                                                      viewportCenter: viewportCenter))
        }
        output.offset = currentOffset
        if itemCount > 0 {
            let item = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: itemCount)
            output.centerItem = item
            output.logicalIndex = wrap.logicalIndex(ofItem: item)
        }
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        FSPagerSnap(geometry: currentGeometry, itemCount: itemCount)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = clampedItemIndex((currentOffset / currentGeometry.pitch).rounded(), itemCount: itemCount)
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        wrap = FSPagerWrap(geometry: currentGeometry, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: currentGeometry, itemCount: wrap.itemCount)
        transform = FSPagerTransform(geometry: currentGeometry)
        currentOffset = Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)
    }
}
