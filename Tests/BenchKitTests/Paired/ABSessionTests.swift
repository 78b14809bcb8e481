@testable import BenchKit
import BenchSink
import Determinism
import Testing

/// Side A's and side B's samples of one row over `rounds` paired rounds: B is `slowdown` times A, each sample
/// with its own uniform noise of +-`noise` (relative), the machine's speed drifting by up to 30% between rounds.
func pairedRounds(slowdown: Double, noise: Double, rounds: Int = 30, seed: UInt64)
    -> (a: [Double], b: [Double], pairs: [PairedRound])
{
    var generator = SeededGenerator(seed: seed)
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<rounds {
        let machine = generator.nextDouble(in: 1...1.3)
        a.append(100 * machine * generator.nextDouble(in: (1 - noise)...(1 + noise)))
        b.append(100 * slowdown * machine * generator.nextDouble(in: (1 - noise)...(1 + noise)))
    }
    return (a, b, zip(a, b).map { PairedRound(a: $0, b: $1) })
}

@Suite struct PairedComparisonTests {
    let key = RowKey(benchmark: BenchmarkID(parsing: "a/x")!, size: 10)

    func compare(slowdown: Double, noise: Double, threshold: Double, seed: UInt64 = 1, comparisonSeed: UInt64 = 0x5EED,
                 estimator: PairedEstimator = .standard) -> ComparisonRow
    {
        let rounds = pairedRounds(slowdown: slowdown, noise: noise, seed: seed)
        let comparison = PairedComparison.compare(
            a: [makeRow("a/x", samples: rounds.a)], b: [makeRow("a/x", samples: rounds.b)], rounds: [key: [rounds.pairs]],
            estimator: estimator, options: ComparisonOptions(timeThreshold: threshold, seed: comparisonSeed))
        return comparison.rows[0]
    }

    @Test func aFivePercentSlowdownWithOnePercentNoiseOverThirtyRoundsIsRegressedAtThreePercent() {
        let row = compare(slowdown: 1.05, noise: 0.01, threshold: 0.03)
        #expect(row.verdict == .regressed)
        #expect(row.metric == .paired)
        #expect(row.ciLow! > 1.03 && row.ciHigh! < 1.07, "\(row)")
        #expect(abs(row.ratio! - 1.05) < 0.01)
    }

    @Test func identicalSidesAreUnchanged() {
        for seed in UInt64(1)...10 {
            let row = compare(slowdown: 1, noise: 0.01, threshold: 0.03, seed: seed)
            #expect(row.verdict == .unchanged, "seed \(seed): \(row)")
        }
        let drifting = compare(slowdown: 1, noise: 0, threshold: 0.03)
        #expect(drifting.verdict == .unchanged && drifting.ratio == 1 && drifting.ciLow == 1 && drifting.ciHigh == 1,
                "a drift shared by both samples of a round cancels exactly")
    }

    @Test func theSameSeedGivesTheSameInterval() {
        let first = compare(slowdown: 1.02, noise: 0.02, threshold: 0.03)
        let again = compare(slowdown: 1.02, noise: 0.02, threshold: 0.03)
        #expect(first == again)
        let otherSeeds = (UInt64(1)...20).map { compare(slowdown: 1.02, noise: 0.02, threshold: 0.03, comparisonSeed: $0) }
        #expect(otherSeeds.contains { $0.ciLow != first.ciLow || $0.ciHigh != first.ciHigh }, "the seed is used")
    }

    @Test func aSpeedUpIsImprovedAndWideNoiseIsInconclusive() {
        #expect(compare(slowdown: 0.9, noise: 0.01, threshold: 0.03).verdict == .improved)
        #expect(compare(slowdown: 1.03, noise: 0.3, threshold: 0.03).verdict == .inconclusive)
    }

    @Test func rowsOnOneSideAreNewOrMissingAndInstructionsDecideWhereBothHaveThem() {
        let rounds = pairedRounds(slowdown: 1.2, noise: 0.01, seed: 3)
        let counted = RowKey(benchmark: BenchmarkID(parsing: "c/counted")!, size: 10)
        let comparison = PairedComparison.compare(
            a: [makeRow("a/x", samples: [1, 2, 3]), makeRow("c/counted", samples: rounds.a, instructions: 1_000)],
            b: [makeRow("b/y", samples: [1, 2, 3]), makeRow("c/counted", samples: rounds.b, instructions: 1_005)],
            rounds: [counted: [rounds.pairs]], options: ComparisonOptions(timeThreshold: 0.03))
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.key.description, ($0.verdict, $0.metric)) })
        #expect(verdicts["a/x@10"]! == (.missing, .none))
        #expect(verdicts["b/y@10"]! == (.new, .none))
        #expect(verdicts["c/counted@10"]! == (.unchanged, .instructions), "0.5% more instructions is inside 1%, whatever the times")
    }

    @Test func aDifferenceOneBlockShowsAndTheNextDoesNotWidensTheIntervalInsteadOfDeciding() {
        let steady = pairedRounds(slowdown: 1.10, noise: 0.005, rounds: 20, seed: 5)
        let calm = pairedRounds(slowdown: 1.0, noise: 0.005, rounds: 20, seed: 6)
        let options = ComparisonOptions(timeThreshold: 0.05)
        let alone = PairedComparison.compare(
            a: [makeRow("a/x", samples: steady.a)], b: [makeRow("a/x", samples: steady.b)],
            rounds: [key: [steady.pairs]], options: options)
        #expect(alone.rows[0].verdict == .regressed, "one pair of processes 10% apart")
        let both = PairedComparison.compare(
            a: [makeRow("a/x", samples: steady.a + calm.a)], b: [makeRow("a/x", samples: steady.b + calm.b)],
            rounds: [key: [steady.pairs, calm.pairs]], options: options)
        #expect(both.rows[0].verdict != .regressed, "\(both.rows[0])")
        #expect(both.rows[0].ciLow! < 1.01 && both.rows[0].ciHigh! > 1.09)
        let pooled = PairedComparison.compare(
            a: [makeRow("a/x", samples: steady.a + calm.a)], b: [makeRow("a/x", samples: steady.b + calm.b)],
            rounds: [key: [steady.pairs + calm.pairs]], options: options)
        #expect(pooled.rows[0].ciHigh! - pooled.rows[0].ciLow! < both.rows[0].ciHigh! - both.rows[0].ciLow!,
                "the same rounds as one block: a narrower interval")
    }

    @Test func theRatioIsTheMedianOfTheRoundsRatiosOrRunAndComparesEstimatorOfEachSide() {
        let rounds = pairedRounds(slowdown: 1.2, noise: 0.05, seed: 9)
        let compare = { (estimator: PairedEstimator) in
            PairedComparison.compare(
                a: [makeRow("a/x", samples: rounds.a)], b: [makeRow("a/x", samples: rounds.b)], rounds: [key: [rounds.pairs]],
                estimator: estimator, options: ComparisonOptions(timeThreshold: 0.03)).rows[0]
        }
        let ratios = compare(.standard)
        #expect(ratios.ratio == SampleStatistics.median(rounds.pairs.map { $0.b / $0.a }))
        for estimator in TimeEstimator.candidates {
            let row = compare(.sides(estimator))
            if estimator == .hodgesLehmann {
                #expect(abs(row.ratio! - 1.2) < 0.03, "the rounds' log ratios' one-sample shift: \(row)")
            } else {
                #expect(abs(row.ratio! - estimator.ratio(rounds.a, rounds.b)!) < 1e-12, "\(estimator): \(row)")
            }
            #expect(row.ciLow! <= row.ratio! && row.ratio! <= row.ciHigh! && row.verdict == .regressed, "\(estimator): \(row)")
        }
        // Side B preempted in 4 of 20 rounds (1.6x): the 10th percentile of each side does not see it, the median of
        // each side does; the median of the ratios does not either.
        var preempted = (0..<20).map { PairedRound(a: 100 + Double($0 % 5), b: 100 + Double($0 % 5)) }
        for index in [3, 8, 11, 17] { preempted[index].b *= 1.6 }
        #expect(PairedStatistics.statistic(.sides(.quantile(10)), preempted) == 1)
        #expect(PairedStatistics.statistic(.sides(.median), preempted) > 1)
        #expect(PairedStatistics.statistic(.roundRatios, preempted) == 1)
        #expect(PairedEstimator(name: "ratios") == .roundRatios && PairedEstimator(name: "p10") == .sides(.quantile(10)))
        #expect(PairedEstimator(name: "p60") == nil && PairedEstimator.standard.description == "ratios")
    }

    @Test func theRawRatioIsThePairedTimeRatioNotTheRatioOfTheTwoMedians() {
        // Five rounds whose levels spread widely: B is 1.2x A in three of them, far faster in two. The median of the
        // round ratios reads 1.2x; side B's median (1.2) is below side A's (3): the two are other statistics.
        let pairs = [(1.0, 1.2), (2.0, 2.4), (3.0, 3.6), (4.0, 0.5), (5.0, 0.5)].map { PairedRound(a: $0.0, b: $0.1) }
        let outcome = PairedComparison.session(
            a: [makeRow("a/x", samples: pairs.map(\.a))], b: [makeRow("a/x", samples: pairs.map(\.b))], rounds: [key: [pairs]],
            options: ComparisonOptions(timeThreshold: 0.05))
        let row = outcome.comparison.rows[0]
        #expect(row.baselineMedian == 3 && row.currentMedian == 1.2)
        #expect(abs(row.ratio! - 1.2) < 1e-12 && abs(row.rawRatio! - 1.2) < 1e-12, "\(row)")
        #expect(outcome.times[key]!.ratio == row.ratio && outcome.times[key]!.rounds == 5)
    }

    @Test func aRowWhoseInstructionsDidNotChangeButWhoseTimeMovedIsUnchangedAndMoved() {
        let slower = pairedRounds(slowdown: 1.2, noise: 0.01, seed: 11)
        let faster = pairedRounds(slowdown: 0.94, noise: 0.01, seed: 12)
        let same = pairedRounds(slowdown: 1, noise: 0.01, seed: 13)
        let (moved, counted, steady) = (RowKey(benchmark: BenchmarkID(parsing: "a/moved")!, size: 10),
                                        RowKey(benchmark: BenchmarkID(parsing: "a/counted")!, size: 10),
                                        RowKey(benchmark: BenchmarkID(parsing: "a/steady")!, size: 10))
        let outcome = PairedComparison.session(
            a: [makeRow("a/moved", samples: slower.a, instructions: 1_000), makeRow("a/counted", samples: faster.a, instructions: 1_000),
                makeRow("a/steady", samples: same.a, instructions: 1_000)],
            b: [makeRow("a/moved", samples: slower.b, instructions: 1_002), makeRow("a/counted", samples: faster.b, instructions: 1_140),
                makeRow("a/steady", samples: same.b, instructions: 1_000)],
            rounds: [moved: [slower.pairs], counted: [faster.pairs], steady: [same.pairs]], options: ComparisonOptions(timeThreshold: 0.05))
        let rows = Dictionary(uniqueKeysWithValues: outcome.comparison.rows.map { ($0.key, $0) })
        // 0.2% more instructions, 1.2x the time: unchanged (instructions decide), time's own verdict kept, shown as moved.
        #expect(rows[moved]!.verdict == .unchanged && rows[moved]!.metric == .instructions)
        #expect(outcome.times[moved]!.verdict == .regressed && abs(outcome.times[moved]!.ratio! - 1.2) < 0.02)
        #expect(abs(rows[moved]!.rawRatio! - 1.2) < 0.02, "raw_ratio carries what time said")
        #expect(outcome.movedWithInstructionsUnchanged(rows[moved]!))
        // 14% more instructions, 6% less time: regressed by instructions, not moved; time's figures say what time did.
        #expect(rows[counted]!.verdict == .regressed && abs(rows[counted]!.ratio! - 1.14) < 1e-12)
        #expect(outcome.times[counted]!.verdict == .improved && !outcome.movedWithInstructionsUnchanged(rows[counted]!))
        #expect(!outcome.movedWithInstructionsUnchanged(rows[steady]!))
        #expect(outcome.moved.map(\.key) == [moved])
        #expect(outcome.comparison.hasRegression, "the instruction regression still fails the session")
    }

    @Test func fewerThanThreeRoundsAreInconclusive() {
        let comparison = PairedComparison.compare(
            a: [makeRow("a/x", samples: [100, 100])], b: [makeRow("a/x", samples: [150, 150])],
            rounds: [key: [[PairedRound(a: 100, b: 150), PairedRound(a: 100, b: 150)]]], options: ComparisonOptions(timeThreshold: 0.03))
        #expect(comparison.rows[0].verdict == .inconclusive)
        #expect(comparison.rows[0].ratio == 1.5)
    }

    @Test func aBlockWithFewerThanThreeRoundsLeavesTheRowInconclusive() {
        // B 1.5x A in every round: three blocks of one round each read it past the threshold, but three rounds'
        // own ratios are no interval; three blocks of three rounds decide it.
        func round(_ index: Int) -> PairedRound {
            let a = 100 + Double(index)
            return PairedRound(a: a, b: 1.5 * a)
        }
        let thin: [[PairedRound]] = (0..<3).map { [round($0)] }
        let options = ComparisonOptions(timeThreshold: 0.05)
        let rows = { (blocks: [[PairedRound]]) in
            PairedComparison.compare(a: [makeRow("a/x", samples: blocks.flatMap { $0 }.map(\.a))],
                                     b: [makeRow("a/x", samples: blocks.flatMap { $0 }.map(\.b))],
                                     rounds: [self.key: blocks], options: options).rows[0]
        }
        let thinRow = rows(thin)
        #expect(thinRow.verdict == .inconclusive && thinRow.ciLow! > 1.05, "\(thinRow)")
        let enough: [[PairedRound]] = (0..<3).map { block in (0..<3).map { round(block * 3 + $0) } }
        #expect(rows(enough).verdict == .regressed)
        #expect(PairedComparison.minimumRoundsPerBlock == 3)
    }

    @Test func theComparisonFileNamesTheMetricPaired() {
        let rounds = pairedRounds(slowdown: 1, noise: 0.01, seed: 4)
        let comparison = PairedComparison.compare(
            a: [makeRow("a/x", samples: rounds.a)], b: [makeRow("a/x", samples: rounds.b)], rounds: [key: [rounds.pairs]],
            options: ComparisonOptions(timeThreshold: 0.03))
        let lines = ComparisonFile.csv(comparison, schema: testSchema).split(separator: "\n")
        #expect(lines[1].hasPrefix("a/x,10,ns/frame,"))
        #expect(lines[1].contains(",unchanged,paired,"))
    }
}

/// The requests of several channels, in the order they were sent: (side, request).
final class RequestLog {
    var entries: [(side: String, request: String)] = []
}

/// A worker in this process: requests are answered at once, in order.
final class InProcessChannel: ABChannel {
    let worker: ABWorker
    let side: String
    let log: RequestLog
    private var pending: [String]
    var requests: [String] { log.entries.filter { $0.side == side }.map(\.request) }

    init(_ worker: ABWorker, side: String = "A", log: RequestLog = RequestLog(), greeting: String = ABProtocol.greeting) {
        self.worker = worker
        self.side = side
        self.log = log
        pending = [greeting]
    }

    func send(_ line: String) throws {
        log.entries.append((side, line))
        pending += worker.reply(to: line)
    }

    func receive() throws -> String {
        guard !pending.isEmpty else { throw ABSessionError("no reply") }
        return pending.removeFirst()
    }

    func close() {}
}

@Suite struct ABSessionProtocolTests {
    /// Two benchmarks of any size up to 100 (the second `work` times slower per iteration), and optionally one
    /// that fails its verification and one only this side has.
    static func suite(work: Int = 1, failing: Bool = false, extra: Bool = false) -> BenchmarkSuite {
        let suite = BenchmarkSuite()
        for (name, factor) in [("one", 1), ("two", work)] {
            suite.register(BenchmarkID(family: "sum", strategy: name), unit: .nanosecondsPerCall,
                           sizes: .any(defaults: [8], largest: 100, reason: "a test limit")) { n in
                let values = opaqueIdentity(Array(0..<(n * factor)))
                return PreparedBenchmark(items: n) { iterations in
                    for _ in 0..<iterations { blackHole(values.reduce(0, &+)) }
                }
            }
        }
        if failing {
            suite.register(BenchmarkID(family: "sum", strategy: "wrong"), unit: .nanosecondsPerCall, sizes: .fixed([8])) { n in
                PreparedBenchmark(items: n, verify: { "off by one" }) { _ in }
            }
        }
        if extra {
            suite.register(BenchmarkID(family: "sum", strategy: "new"), unit: .nanosecondsPerCall, sizes: .fixed([8])) { n in
                PreparedBenchmark(items: n) { iterations in for iteration in 0..<iterations { blackHole(iteration) } }
            }
        }
        return suite
    }

    static let options: RunOptions = {
        var options = RunOptions(sizes: [8, 1_000], timeBudget: 0.004, warmup: 0.0005, targetSamples: 6, minimumSamples: 6)
        options.hardLimitFactor = 1_000_000  // no case dropped from a round by a stall of the test process
        return options
    }()

    @Test func aSessionPairsEveryCaseInEveryRoundWithTheSameIterationsOnBothSides() throws {
        let log = RequestLog()
        let a = InProcessChannel(ABWorker(suite: Self.suite(failing: true), options: Self.options), side: "A", log: log)
        let b = InProcessChannel(ABWorker(suite: Self.suite(work: 3, extra: true), options: Self.options), side: "B", log: log)
        try ABSession.handshake(a, side: "A")
        try ABSession.handshake(b, side: "B")
        let result = try ABSession.run(open: { _ in (a, b) }, options: Self.options, progress: SilentProgress())

        let one = RowKey(parsing: "sum/one@8")!
        let two = RowKey(parsing: "sum/two@8")!
        #expect(result.a.rows.map(\.key) == [one, two])
        #expect(result.b.rows.map(\.key) == [one, two, RowKey(parsing: "sum/new@8")!])
        #expect(result.rounds == 6)
        for key in [one, two] {
            let rowA = result.a.rows.first { $0.key == key }!
            let rowB = result.b.rows.first { $0.key == key }!
            #expect(rowA.iterationsPerSample == rowB.iterationsPerSample)
            #expect(rowA.samples.count == 6 && rowB.samples.count == 6)
            #expect(result.pairs[key] == [zip(rowA.samples, rowB.samples).map { PairedRound(a: $0, b: $1) }])
        }
        #expect(result.pairs[RowKey(parsing: "sum/new@8")!] == nil, "a case on one side has no pairs")
        #expect(result.a.failures.map(\.description) == ["sum/wrong size 8: verification failed: off by one"])
        #expect(result.a.skipped.map(\.key.description) == ["sum/one@1000", "sum/two@1000"], "past the limit of 100")
        #expect(result.a.preparation[one] != nil)

        let sampled = { (channel: InProcessChannel) in channel.requests.filter { $0.hasPrefix("sample\tsum/one@8") }.count }
        #expect(sampled(a) == 6 && sampled(b) == 6)
        // Pairs back to back, A B then B A in turn (sum/new, on side B only, is sampled alone): each case's pairs
        // alternate from round to round, even with an even number of cases a round, and the two cases start on
        // opposite sides.
        let pairs = log.entries.filter { $0.request.hasPrefix("sample\t") && !$0.request.contains("sum/new") }
        #expect(pairs.count == 2 * 2 * 6)
        for index in stride(from: 0, to: pairs.count, by: 2) {
            #expect(pairs[index].request == pairs[index + 1].request, "both samples of a pair: same case, same iterations")
            #expect(pairs[index + 1].side != pairs[index].side)
        }
        for (caseIndex, name) in ["sum/one@8", "sum/two@8"].enumerated() {
            let firsts = stride(from: 0, to: pairs.count, by: 2).filter { pairs[$0].request.contains(name) }.map { pairs[$0].side }
            #expect(firsts == (0..<6).map { ($0 + caseIndex) % 2 == 0 ? "A" : "B" }, "\(name): \(firsts)")
        }
        let comparison = PairedComparison.compare(
            a: result.a.rows, b: result.b.rows, rounds: result.pairs, options: ComparisonOptions(timeThreshold: 0.03))
        #expect(comparison.rows.map(\.verdict.rawValue).contains("new"))
    }

    @Test func eachBlockHasItsOwnPairOfWorkersAndOnlyTheFirstVerifies() throws {
        var opened: [(a: InProcessChannel, b: InProcessChannel)] = []
        let result = try ABSession.run(blocks: 3, open: { block in
            let pair = (InProcessChannel(ABWorker(suite: Self.suite(failing: true), options: Self.options)),
                        InProcessChannel(ABWorker(suite: Self.suite(failing: true), options: Self.options), side: "B"))
            try ABSession.handshake(pair.0, side: "A")
            try ABSession.handshake(pair.1, side: "B")
            opened.append(pair)
            return pair
        }, options: Self.options, progress: SilentProgress())
        #expect(opened.count == 3)
        #expect(opened.map { $0.a.requests.first } == ["prepare", "prepare\tagain", "prepare\tagain"])
        let one = RowKey(parsing: "sum/one@8")!
        #expect(result.blocks == 3 && result.rounds == 9, "6 target rounds over 3 blocks would be 2 each: 3, the least a block takes")
        #expect(result.pairs[one]?.map(\.count) == [3, 3, 3])
        #expect(result.a.rows.first { $0.key == one }?.samples.count == 9)
        #expect(result.a.failures.count == 1, "reported once, from the first block")
        #expect(opened.map { $0.a.requests.contains { $0.hasPrefix("allocations") } } == [false, false, true])
    }

    @Test func theWorkerAnswersErrorsAndQuits() {
        let worker = ABWorker(suite: Self.suite(), options: Self.options)
        #expect(worker.reply(to: "sample\tsum/one@8\t10").first?.hasPrefix("error\t") == true, "not prepared yet")
        let prepared = worker.reply(to: "prepare")
        #expect(prepared.last == "ready\t2")
        #expect(prepared.contains { $0.hasPrefix("case\tsum/one@8\t8\tns/call\t") })
        #expect(worker.reply(to: "sample\tsum/one@8\t10").first?.hasPrefix("ok\t") == true)
        #expect(worker.reply(to: "sample\tsum/one@8\tzero").first?.hasPrefix("error\t") == true)
        #expect(worker.reply(to: "allocations\tsum/one@8\t10").first?.hasPrefix("ok\t") == true)
        #expect(worker.reply(to: "frobnicate").first?.hasPrefix("error\tunknown request") == true)
        #expect(worker.reply(to: "quit") == ["bye"])
    }

    @Test func aProgramWithoutTheProtocolIsRefusedAtTheHandshake() {
        let stranger = InProcessChannel(ABWorker(suite: Self.suite(), options: Self.options), greeting: "usage: something")
        #expect(throws: ABSessionError.self) { try ABSession.handshake(stranger, side: "A") }
    }
}
