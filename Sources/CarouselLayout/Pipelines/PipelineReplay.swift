import Determinism
/// Plays a script live through a pipeline: the pipeline is the simulator's consumer (its wrap jumps move the
/// offset the simulator sees) and the pipeline's own snap decides where each flick lands.
public enum PipelinePlayer {
    /// Plays `script` at `hz` through `pipeline`, calling `body` after every frame with the frame and its output;
    /// stops after `frameLimit` frames when the script is longer.
    ///
    /// - Complexity: O(frames) times the pipeline's per-frame cost.
    public static func play<P: CarouselPipeline>(_ pipeline: inout P, script: ScrollScript, hz: Double,
                                                 frameLimit: Int = .max,
                                                 body: (TrajectoryFrame, FrameOutput) -> Void) {
        var simulator = ScrollSimulator(script: script, hz: hz)
        var output = FrameOutput()
        var played = 0
        while played < frameLimit,
              let frame = simulator.next(currentOffset: pipeline.offset, snap: PipelineSnapResolver(pipeline: pipeline)) {
            pipeline.apply(frame, into: &output)
            body(frame, output)
            played += 1
        }
    }

    /// The frames of `script` played live from `start` (see `play`): all of them, or the first `frameLimit`.
    /// `start` itself is played (consumed): a pipeline that holds objects shares them with its copies, so a
    /// replay starts from another pipeline built the same way.
    ///
    /// Replaying them from that start state reproduces the live play exactly; from any other state the
    /// recorded landings no longer line up (a finite carousel would drift out of its content). A live play
    /// depends only on the frames before, so the first `k` frames are the same whatever the limit.
    public static func record<P: CarouselPipeline>(from start: consuming P, script: ScrollScript, hz: Double,
                                                   frameLimit: Int = .max) -> ScrollRecording {
        let startOffset = start.offset
        var frames: [TrajectoryFrame] = []
        play(&start, script: script, hz: hz, frameLimit: frameLimit) { frame, _ in frames.append(frame) }
        return ScrollRecording(hz: hz, startOffset: startOffset, frames: frames)
    }

    /// The frames of `script` played live from a fresh pipeline's start state (see `record(from:)`).
    public static func record<P: CarouselPipeline>(_ type: P.Type, catalogCount: Int, geometry: CarouselGeometry,
                                                   script: ScrollScript, hz: Double) -> ScrollRecording {
        record(from: P(catalogCount: catalogCount, geometry: geometry), script: script, hz: hz)
    }
}

/// The bridge from the simulator's release frame to a pipeline's snap, and from a scroll by code to its
/// `scrollToItem` path.
public struct PipelineSnapResolver<P: CarouselPipeline>: ScrollSnapResolver, ScrollToItemResolver {
    public let pipeline: P

    public init(pipeline: P) { self.pipeline = pipeline }

    public func targetOffset(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        pipeline.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
    }

    public func scrollToItemTarget(currentOffset: Double, itemsAway: Int) -> Double? {
        pipeline.scrollToItemTarget(itemsAway: itemsAway)
    }

    public func tapTarget(currentOffset: Double, itemsAway: Int) -> Double? {
        pipeline.tapTarget(itemsAway: itemsAway)
    }
}

/// Replays a recorded trajectory through a pipeline for a benchmark, allocation-free per frame (beyond what
/// the pipeline itself allocates).
///
/// The trajectory is recorded live from the pipeline's start state (`PipelinePlayer.record`). `run` replays
/// frames cyclically and resumes where the previous call stopped; when the trajectory ends, the pipeline is
/// reset to its start state (a struct copy: no allocation, no O(N) rebuild) so the recorded landings stay
/// valid, and the trajectory starts again. Every frame's whole output is folded into the checksum.
///
///     var replay = PipelineReplay<BestPipeline>(catalogCount: 300, geometry: .default,
///                                              script: .standard(seed: 1), hz: 120)
///     let checksum = replay.run(frames: 100_000)
///
/// - Complexity: `run(frames: F)` is F times the pipeline's per-frame cost, plus O(k) per frame for the checksum.
public struct PipelineReplay<P: CarouselPipeline> {
    /// The pipeline as it starts the trajectory.
    public let initial: P
    /// The recorded trajectory.
    public let recording: ScrollRecording
    @usableFromInline var pipeline: P
    @usableFromInline let frames: [TrajectoryFrame]
    @usableFromInline var cursor = 0
    @usableFromInline var output = FrameOutput()

    /// Records `script` at `hz` live through a fresh pipeline, ready to replay from its start.
    public init(catalogCount: Int, geometry: CarouselGeometry, script: ScrollScript, hz: Double) {
        let recording = PipelinePlayer.record(from: P(catalogCount: catalogCount, geometry: geometry), script: script, hz: hz)
        self.init(initial: P(catalogCount: catalogCount, geometry: geometry), recording: recording)
    }

    /// Replays `recording`, which must have been recorded from this pipeline's start state.
    public init(catalogCount: Int, geometry: CarouselGeometry, recording: ScrollRecording) {
        self.init(initial: P(catalogCount: catalogCount, geometry: geometry), recording: recording)
    }

    /// Replays `recording` from `initial`, the state it was recorded from (a pipeline built with options
    /// `init(catalogCount:geometry:)` does not take, such as a UIKit pipeline's switches). A recording of the
    /// trajectory's first frames only (`PipelinePlayer.record(from:script:hz:frameLimit:)`) is cycled through
    /// from the start state each time, so its landings still line up: a caller that runs no more frames than it
    /// holds sees exactly the frames and outputs of the whole trajectory's replay.
    public init(initial: P, recording: ScrollRecording) {
        precondition(!recording.frames.isEmpty, "a replay needs at least one frame")
        self.initial = initial
        pipeline = initial
        self.recording = recording
        frames = recording.frames
    }

    /// The number of frames in one pass of the trajectory.
    public var framesPerTrajectory: Int { frames.count }

    /// The pipeline's state now.
    public var current: P { pipeline }

    /// Plays the next `count` frames (wrapping to the trajectory's start) and returns the checksum of their outputs.
    @inlinable
    public mutating func run(frames count: Int) -> UInt64 {
        var hash = StableHash.seed
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
