import Determinism
/// The floor (family `floor`): the least work a frame can do. The `k` visible items and their centres are
/// known in advance; a frame only computes each item's `transform.scaleAlpha` and writes it into the output.
///
/// The inputs come from `pipeline.best` playing a script (its visible items, frame by frame, in the geometry
/// it started with), cycling through the trajectory.
public struct FloorFrame: Sendable {
    public static let complexity: Complexity = "O(k) per frame, no allocation once the output buffer is warm"
    public static let id = "floor.scaleAlpha"
    public let transform: ScaleAlphaTransform
    /// Per visible item: its index, and its centre and the viewport centre that frame.
    @usableFromInline let items: [Int]
    @usableFromInline let itemCenters: [Double]
    @usableFromInline let viewportCenters: [Double]
    /// `frameStarts[f] ..< frameStarts[f + 1]` are frame `f`'s items.
    @usableFromInline let frameStarts: [Int]
    @usableFromInline var frame = 0

    /// The inputs of `pipeline.best` playing `script` at `hz` from its start.
    public init(catalogCount: Int, geometry: CarouselGeometry, script: ScrollScript, hz: Double) {
        var pipeline = BestPipeline(catalogCount: catalogCount, geometry: geometry)
        var items: [Int] = []
        var itemCenters: [Double] = []
        var viewportCenters: [Double] = []
        var frameStarts = [0]
        PipelinePlayer.play(&pipeline, script: script, hz: hz) { _, output in
            let offset = output.offset
            let first = ((offset - geometry.inset - geometry.itemWidth) / geometry.pitch).rounded(.up)
            for (position, element) in output.visible.enumerated() {
                items.append(element.item)
                itemCenters.append(geometry.itemCenter(Int(first) + position))
                viewportCenters.append(geometry.viewportCenter(offset: offset))
            }
            frameStarts.append(items.count)
        }
        precondition(frameStarts.count > 1, "a floor needs at least one frame")
        transform = ScaleAlphaTransform(geometry: geometry)
        self.items = items
        self.itemCenters = itemCenters
        self.viewportCenters = viewportCenters
        self.frameStarts = frameStarts
    }

    /// The number of frames before the inputs repeat.
    public var frameCount: Int { frameStarts.count - 1 }

    /// Writes the next frame's transforms into `output` (only `visible`; the other fields stay cleared).
    @inlinable
    public mutating func apply(into output: inout FrameOutput) {
        output.beginFrame()
        if frame == frameStarts.count - 1 { frame = 0 }
        for position in frameStarts[frame]..<frameStarts[frame + 1] {
            output.append(item: items[position], transform: transform.transform(itemCenter: itemCenters[position],
                                                                               viewportCenter: viewportCenters[position]))
        }
        frame &+= 1
    }
}

/// The floor's replay, shaped like `PipelineReplay`: `run(frames:)` returns the checksum of every output.
///
/// - Complexity: `run(frames: F)` is O(F*k).
public struct FloorReplay {
    @usableFromInline var floor: FloorFrame
    @usableFromInline var output = FrameOutput()

    public init(catalogCount: Int, geometry: CarouselGeometry, script: ScrollScript, hz: Double) {
        floor = FloorFrame(catalogCount: catalogCount, geometry: geometry, script: script, hz: hz)
    }

    public var framesPerTrajectory: Int { floor.frameCount }

    @inlinable
    public mutating func run(frames count: Int) -> UInt64 {
        var hash = StableHash.seed
        for _ in 0..<count {
            floor.apply(into: &output)
            hash = output.checksum(into: hash)
        }
        return hash
    }
}
