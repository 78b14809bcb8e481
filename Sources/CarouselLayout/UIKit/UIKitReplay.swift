/// `PipelineReplay` for a UIKit pipeline under any switches: records a script live through a fresh pipeline
/// built with `switches`, then replays it cyclically, resetting to that start state at the end of each pass
/// (a struct copy: the scene is rebuilt on the first frame after a reset, see `UIKitPipeline`).
///
///     var replay = UIKitReplay<UIKitBestPipeline>(catalogCount: 300, geometry: .default,
///                                                 switches: try .parse(["answerCaching=off"]),
///                                                 script: .standard(seed: 1), hz: 120)
///     let checksum = replay.run(frames: 100_000)
///
/// - Complexity: `run(frames: F)` is F times the pipeline's per-frame cost, plus O(k) per frame for the checksum.
public struct UIKitReplay<P: UIKitPipeline> {
    /// The pipeline as it starts the trajectory.
    public let initial: P
    /// The recorded frames.
    public let frames: [TrajectoryFrame]
    @usableFromInline var pipeline: P
    @usableFromInline var cursor = 0
    @usableFromInline var output = FrameOutput()

    public init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches, script: ScrollScript, hz: Double) {
        var recorder = P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        var frames: [TrajectoryFrame] = []
        PipelinePlayer.play(&recorder, script: script, hz: hz) { frame, _ in frames.append(frame) }
        precondition(!frames.isEmpty, "a replay needs at least one frame")
        initial = P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        pipeline = initial
        self.frames = frames
    }

    /// The number of frames in one pass of the trajectory.
    public var framesPerTrajectory: Int { frames.count }

    /// The pipeline's state now.
    public var current: P { pipeline }

    /// Plays the next `count` frames (wrapping to the trajectory's start) and returns the checksum of their outputs.
    @inlinable
    public mutating func run(frames count: Int) -> UInt64 {
        var hash = FrameOutput.checksumSeed
        var cursor = self.cursor
        for _ in 0..<count {
            if cursor == frames.count {
                cursor = 0
                pipeline = initial
            }
            pipeline.apply(frames[cursor], into: &output)
            hash = output.checksum(into: hash)
            cursor &+= 1
        }
        self.cursor = cursor
        return hash
    }
}
