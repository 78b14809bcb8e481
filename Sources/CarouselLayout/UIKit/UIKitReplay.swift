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
        let recording = PipelinePlayer.record(from: P(catalogCount: catalogCount, geometry: geometry, switches: switches),
                                              script: script, hz: hz)
        self.init(initial: P(catalogCount: catalogCount, geometry: geometry, switches: switches), recording: recording)
    }
}
