import CarouselLayout

/// What an `OriginPipeline` declares: its id and traits, and whether it declares its own placement.
protocol OriginDeclaration {
    static var id: String { get }
    static var declaresPlacement: Bool { get }
    static var traits: PipelineTraits { get }
}

/// A finite carousel (`N = n`) whose item `k` is centred at offset `−I + k·p`: it starts its items one section inset
/// earlier than the shared geometry's `k·p`, as a layout with its own section inset does. Nearest-item snap, a linear
/// focus scale from 1 to 0.8 over a pitch; it starts on item 0; a rotation keeps the centred item.
struct OriginPipeline<Declaration: OriginDeclaration>: CarouselPipeline {
    static var id: String { Declaration.id }
    static var complexity: Complexity { "O(k) per frame" }
    static var traits: PipelineTraits { Declaration.traits }
    let catalogCount: Int
    var geometry: CarouselGeometry
    var offset: Double
    /// The offset that centres item 0: `−I`.
    var origin: Double

    init(catalogCount: Int, geometry: CarouselGeometry) {
        self.catalogCount = catalogCount
        self.geometry = geometry
        origin = -geometry.inset
        offset = origin
    }

    var itemCount: Int { catalogCount }

    /// Its own placement when it declares it, else the default (the geometry's, origin 0).
    var placement: ItemPlacement {
        Declaration.declaresPlacement ? ItemPlacement(pitch: geometry.pitch, origin: origin)
            : ItemPlacement(geometry: geometry, wrapsModulo: Self.traits.centerWrapsModulo)
    }

    mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        handleGesture(frame, into: &output)
        offset += frame.delta
        output.offset = offset
        let pitch = geometry.pitch
        let viewportCenter = offset + geometry.viewportWidth / 2
        var nearest: (item: Int, distance: Double)?
        for item in 0..<itemCount {
            let center = origin + Double(item) * pitch + geometry.viewportWidth / 2
            let distance = abs(center - viewportCenter)
            guard distance < (geometry.viewportWidth + geometry.itemWidth) / 2 else { continue }
            output.append(item: item, transform: ItemTransform(scale: 1 - 0.2 * min(1, distance / pitch)))
            if nearest.map({ distance <= $0.distance }) ?? true { nearest = (item, distance) }
        }
        output.centerItem = nearest?.item
        output.logicalIndex = nearest?.item
    }

    func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let item = min(max(((proposedOffset - origin) / geometry.pitch).rounded(), 0), Double(itemCount - 1))
        return origin + item * geometry.pitch
    }

    mutating func rotate(toWidth width: Double) {
        let item = min(max(((offset - origin) / geometry.pitch).rounded(), 0), Double(itemCount - 1))
        geometry = PipelineGeometry.rotated(geometry, toWidth: width)
        origin = -geometry.inset
        offset = origin + item * geometry.pitch
    }
}

/// Declares where its items sit (origin `−I`): verified.
enum DeclaredOrigin: OriginDeclaration {
    static let id = "pipeline.test.origin"
    static let declaresPlacement = true
    static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 0.8...1)
}

/// The same layout declaring nothing: the default placement (origin 0) is wrong for it.
enum UndeclaredOrigin: OriginDeclaration {
    static let id = "pipeline.test.undeclaredOrigin"
    static let declaresPlacement = false
    static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 0.8...1)
}

/// The same layout declaring itself infinite: its frames reach an end.
enum ClaimsInfinite: OriginDeclaration {
    static let id = "pipeline.test.claimsInfinite"
    static let declaresPlacement = true
    static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 0.8...1, infinite: true)
}

/// `BestPipeline` whose items outside `[0, N)` escape: it reports item `N` beside the last one.
struct OutOfRangePipeline: CarouselPipeline {
    static let id = "pipeline.test.outOfRange"
    static let complexity: Complexity = "O(k) per frame"
    static let traits = BestPipeline.traits
    var base: BestPipeline

    init(catalogCount: Int, geometry: CarouselGeometry) { base = BestPipeline(catalogCount: catalogCount, geometry: geometry) }

    var catalogCount: Int { base.catalogCount }
    var itemCount: Int { base.itemCount }
    var offset: Double { base.offset }
    var geometry: CarouselGeometry { base.geometry }

    mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        base.apply(frame, into: &output)
        if frame.frame == 5 { output.visible.append(VisibleItem(item: itemCount)) }
    }

    func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        base.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    mutating func rotate(toWidth width: Double) { base.rotate(toWidth: width) }
}

/// `BestPipeline` with nothing on screen: it lays out no item (its traits let the centre be missing, so only the
/// empty play can fail it).
struct EmptyPipeline: CarouselPipeline {
    static let id = "pipeline.test.empty"
    static let complexity: Complexity = "O(1) per frame"
    static let traits = PipelineTraits(wraps: true, centerMayBeMissing: true, centerWrapsModulo: true, scaleRange: 0...1)
    var base: BestPipeline

    init(catalogCount: Int, geometry: CarouselGeometry) { base = BestPipeline(catalogCount: catalogCount, geometry: geometry) }

    var catalogCount: Int { base.catalogCount }
    var itemCount: Int { base.itemCount }
    var offset: Double { base.offset }
    var geometry: CarouselGeometry { base.geometry }

    mutating func apply(_ frame: TrajectoryFrame, into output: inout FrameOutput) {
        base.apply(frame, into: &output)
        output.visible.removeAll()
        output.centerItem = nil
        output.logicalIndex = nil
    }

    func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        base.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    mutating func rotate(toWidth width: Double) { base.rotate(toWidth: width) }
}
