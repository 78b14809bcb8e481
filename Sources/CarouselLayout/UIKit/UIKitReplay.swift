extension PipelineReplay where P: UIKitPipeline {
    /// A replay of a UIKit pipeline under `switches` (`init(catalogCount:geometry:script:hz:)` builds the
    /// defaults): `script` recorded live through a fresh pipeline built with them, replayed from that start.
    ///
    ///     var replay = PipelineReplay<UIKitBestPipeline>(catalogCount: 300, geometry: .default,
    ///                                                   switches: try .parse(["answerCaching=off"]),
    ///                                                   script: .standard(seed: 1), hz: 120)
    ///     let checksum = replay.run(frames: 100_000)
    ///
    /// - Complexity: the recording is one live play of `script`.
    public init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches, script: ScrollScript, hz: Double) {
        var recorder = P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        let startOffset = recorder.offset
        var frames: [TrajectoryFrame] = []
        var travelled = 0.0
        PipelinePlayer.play(&recorder, script: script, hz: hz) { frame, _ in
            frames.append(frame)
            travelled += frame.delta
        }
        self.init(initial: P(catalogCount: catalogCount, geometry: geometry, switches: switches),
                  recording: ScrollRecording(hz: hz, startOffset: startOffset, endOffset: startOffset + travelled, frames: frames))
    }
}
