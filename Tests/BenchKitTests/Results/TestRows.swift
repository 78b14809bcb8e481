import Determinism
import BenchKit

/// A unit of the kind a suite declares (the carousel suite's frames).
let frameUnit = IterationUnit(nanosecondsPer: "frame")

/// A schema like the carousel suite's: its size column is `catalog`, and a derived budget share sits between
/// the instruction counts and the extra figures, as the results CSV orders its required columns
/// (Docs/RESULTS-FORMAT.md, "The results CSV").
let testSchema = ResultSchema(
    sizeColumn: "catalog", sizeTitle: "n", itemsColumn: "items", itemsTitle: "N",
    metrics: [.min, .median, .p90, .mad, .mallocsPerIteration, .instructionsPerIteration,
              .share(of: 1e9 / 120, column: "budget_pct_120hz", title: "120Hz budget", unit: frameUnit), .p99, .cv])

/// The results CSV's required columns, in order (the schema's first 15).
let suiteColumns = Array(testSchema.columns.prefix(15))

/// Builds result rows from samples for tests.
func makeRow(
    _ id: String, size: Int = 10, unit: IterationUnit = frameUnit, samples: [Double], instructions: Double? = nil
) -> ResultRow {
    let statistics = SampleStatistics(samples)
    return ResultRow(
        benchmark: BenchmarkID(parsing: id)!, size: size, items: size * 3, unit: unit, samples: samples,
        sampleCount: samples.count, iterationsPerSample: 1_000, min: statistics.min, median: statistics.median,
        p90: statistics.p90, mad: statistics.mad, mallocsPerIteration: 0, instructionsPerIteration: instructions,
        p99: statistics.p99, cv: statistics.cv)
}

/// `count` samples around `center`, spread uniformly by +-`spread` (relative), reproducibly from `seed`.
func noisySamples(center: Double, spread: Double, count: Int = 30, seed: UInt64) -> [Double] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in center * (1 + spread * Double.random(in: -1...1, using: &generator)) }
}

/// A machine with two speeds, as the 2-core VM has (`FullSpeedRounds`, `RoundSpeeds`).
/// Twelve rows, `rounds` samples each (+-2%); in a round `slow(round)` says is slow, rows 0-10 take
/// 1.55x as long and row 11 (`wrap/flat`) `flatFeels` times as long. `slower` multiplies the pipeline rows (0-3).
func twoSpeedRun(rounds: Int, seed: UInt64, slower: Double = 1, flatFeels: Double,
                 slow: (Int) -> Bool) -> [ResultRow] {
    (0..<12).map { index in
        let quiet = noisySamples(center: 50 * Double(index + 1), spread: 0.02, count: rounds, seed: seed &+ UInt64(index))
        let feels = index == 11 ? flatFeels : 1.55
        let samples = quiet.enumerated().map { round, value in
            value * (slow(round) ? feels : 1) * (index < 4 ? slower : 1)
        }
        let id = index == 11 ? "wrap/flat" : index < 4 ? "pipeline/s\(index)" : "family\(index % 6)/s\(index)"
        return makeRow(id, samples: samples)
    }
}
