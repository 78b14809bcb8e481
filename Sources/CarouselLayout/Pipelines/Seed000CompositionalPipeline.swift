/// `pipeline.seed000.compositional`: seed 000's compositional layout, version 1 (`groupPagingCentered`,
/// `N = 100n` items, start centred on item `N/2`, `wrap.hundredfold`).
///
/// Every frame: the compositional engine hands `visibleItemsInvalidationHandler` the visible items (its own
/// cost is Apple's and unknown: modelled as `query.arithmetic` into a reused buffer); the handler runs
/// `lookup.arithmetic` and fires the centre-change event when the index changes. No transform (scale 1).
/// Per gesture: group paging, modelled as the group nearest UIKit's proposed offset. A rotation restores the
/// focused item (`viewWillTransition` + `scrollToItem`).
public struct Seed000CompositionalPipeline: CorePipeline {
    public static let id = "pipeline.seed000.compositional"
    public static let catalogLimit: CatalogLimit? = HundredfoldWrap.catalogLimit
    public static let complexity: Complexity = "O(k) per frame, no allocation once the buffers are warm; O(1) in N"
    public static let traits = PipelineTraits(wraps: true, scaleRange: 1...1)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double
    @usableFromInline var wrap: HundredfoldWrap
    @usableFromInline var query: ArithmeticQuery
    @usableFromInline var lookup: ArithmeticLookup
    @usableFromInline var notifier = CenterChangeNotifier()

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        wrap = HundredfoldWrap(geometry: geometry, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: geometry, itemCount: wrap.itemCount)
        lookup = ArithmeticLookup(geometry: geometry, itemCount: wrap.itemCount)
        currentOffset = wrap.startOffset
        notifier.update(center: lookup.centerItem(atOffset: currentOffset))
        notifier.resetCount()
    }

    @inlinable public var itemCount: Int { wrap.itemCount }
    @inlinable public var offset: Double { currentOffset }
    @inlinable public var geometry: CarouselGeometry { currentGeometry }

    @inlinable
    public mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        currentOffset += frame.delta
        query.visibleItems(in: currentGeometry.viewportSpan(offset: currentOffset), into: &output.scratch)
        for index in output.scratch {
            output.append(item: index, transform: .identity)
        }
        let center = lookup.centerItem(atOffset: currentOffset)
        output.centerChanged = notifier.update(center: center)
        output.offset = currentOffset
        output.centerItem = center
        output.logicalIndex = center.map { wrap.logicalIndex(ofItem: $0) }
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        ThresholdSnap(geometry: currentGeometry, itemCount: itemCount, threshold: .infinity)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = lookup.centerItem(atOffset: currentOffset) ?? 0
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        wrap = HundredfoldWrap(geometry: currentGeometry, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: currentGeometry, itemCount: wrap.itemCount)
        lookup = ArithmeticLookup(geometry: currentGeometry, itemCount: wrap.itemCount)
        currentOffset = Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)
    }
}

/// `pipeline.seed000.compositionalScaled`: seed 000's compositional layout, version 2 (as version 1, plus
/// focus scaling in the handler).
///
/// Every frame: the engine's visible items (modelled as `query.arithmetic` into a reused buffer), then one
/// pass that keeps the nearest item (`lookup.minScan`, strict `<`: ties keep the left one) and sets each
/// item's `transform.compensated`; the centre-change event when the nearest item changes.
/// Per gesture: group paging to the group nearest UIKit's proposed offset. Rotation restores the focused item.
public struct Seed000CompositionalScaledPipeline: CorePipeline {
    public static let id = "pipeline.seed000.compositionalScaled"
    public static let catalogLimit: CatalogLimit? = HundredfoldWrap.catalogLimit
    public static let complexity: Complexity = "O(k) per frame, no allocation once the buffers are warm; O(1) in N"
    public static let traits = PipelineTraits(wraps: true, scaleRange: CompensatedTransform.minScale...1)
    public let catalogCount: Int
    @usableFromInline var currentGeometry: CarouselGeometry
    @usableFromInline var currentOffset: Double
    @usableFromInline var wrap: HundredfoldWrap
    @usableFromInline var query: ArithmeticQuery
    @usableFromInline var transform: CompensatedTransform
    @usableFromInline var notifier = CenterChangeNotifier()

    public init(catalogCount: Int, geometry: CarouselGeometry) {
        precondition(catalogCount > 0, "a catalog has at least one item")
        self.catalogCount = catalogCount
        currentGeometry = geometry
        wrap = HundredfoldWrap(geometry: geometry, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: geometry, itemCount: wrap.itemCount)
        transform = CompensatedTransform(geometry: geometry)
        currentOffset = wrap.startOffset
        notifier.update(center: itemCount / 2)
        notifier.resetCount()
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
        var closest: Int?
        var closestDistance = Double.greatestFiniteMagnitude
        for index in output.scratch {
            let itemCenter = currentGeometry.itemCenter(index)
            let distance = abs(itemCenter - viewportCenter)
            if distance < closestDistance {
                closestDistance = distance
                closest = index
            }
            output.append(item: index, transform: transform.transform(itemCenter: itemCenter, viewportCenter: viewportCenter))
        }
        if let closest {
            output.centerChanged = notifier.update(center: closest)
        }
        output.offset = currentOffset
        output.centerItem = closest
        output.logicalIndex = closest.map { wrap.logicalIndex(ofItem: $0) }
    }

    public func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        ThresholdSnap(geometry: currentGeometry, itemCount: itemCount, threshold: .infinity)
            .target(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public mutating func rotate(toWidth width: Double) {
        let centered = notifier.currentCenter ?? itemCount / 2
        currentGeometry = PipelineGeometry.rotated(currentGeometry, toWidth: width)
        wrap = HundredfoldWrap(geometry: currentGeometry, catalogCount: catalogCount)
        query = ArithmeticQuery(geometry: currentGeometry, itemCount: wrap.itemCount)
        transform = CompensatedTransform(geometry: currentGeometry)
        currentOffset = Rotation.restoredOffset(centeredItem: centered, in: currentGeometry)
    }
}
