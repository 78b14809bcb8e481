/// How much `Verifier.run` checks, and from which seed.
///
///     let report = Verifier.run(VerificationOptions(seed: 7, trials: 20))
public struct VerificationOptions: Sendable, Equatable {
    /// The same seed gives the same report.
    public var seed: UInt64
    /// Random geometries (each with its own catalog size), in addition to the edge cases `n = 1, 2, 3`
    /// and the suite's default geometry.
    public var trials: Int
    /// Random inputs (offsets, gestures, items) per strategy, property and geometry.
    public var samplesPerTrial: Int
    /// Play a long one-direction drag (tens of catalog widths, up to `marathonFrames`) against every wrap
    /// on every `marathonEvery`-th trial and on every edge case (0: never).
    public var marathonEvery: Int
    /// The most frames one marathon plays.
    public var marathonFrames: Int

    public init(seed: UInt64 = 0x5EED_CA80, trials: Int = 200, samplesPerTrial: Int = 64, marathonEvery: Int = 10,
                marathonFrames: Int = 40_000) {
        self.seed = seed
        self.trials = trials
        self.samplesPerTrial = samplesPerTrial
        self.marathonEvery = marathonEvery
        self.marathonFrames = marathonFrames
    }
}
