import BenchKit

/// Builds result rows from samples for tests.
func makeRow(
    _ id: String, catalog: Int = 10, unit: IterationUnit = .nsPerFrame, samples: [Double],
    instructions: Double? = nil
) -> ResultRow {
    let statistics = SampleStatistics(samples)
    return ResultRow(
        benchmark: BenchmarkID(parsing: id)!, catalog: catalog, items: catalog * 3, unit: unit, samples: samples,
        sampleCount: samples.count, iterationsPerSample: 1_000, min: statistics.min, median: statistics.median,
        p90: statistics.p90, mad: statistics.mad, mallocsPerIteration: 0, instructionsPerIteration: instructions,
        budgetPct120Hz: unit == .nsPerFrame ? statistics.median / frameBudget120HzNanoseconds * 100 : nil,
        p99: statistics.p99, cv: statistics.cv)
}

/// `count` samples around `center`, spread uniformly by +-`spread` (relative), reproducibly from `seed`.
func noisySamples(center: Double, spread: Double, count: Int = 30, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in center * (1 + spread * Double.random(in: -1...1, using: &generator)) }
}
