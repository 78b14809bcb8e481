@testable import BenchKit
import Testing

/// A worker's channel that stops answering at its `failingRound`-th `round` request (counting from 1).
private final class StoppingChannel: ABChannel {
    let inner: InProcessChannel
    let failingRound: Int
    private(set) var rounds = 0

    init(_ inner: InProcessChannel, failingRound: Int) {
        self.inner = inner
        self.failingRound = failingRound
    }

    func send(_ line: String) throws {
        if line.hasPrefix("round\t") {
            rounds += 1
            if rounds >= failingRound { throw ABSessionError("the worker is gone (a test)") }
        }
        try inner.send(line)
    }

    func receive() throws -> String { try inner.receive() }
    func close() {}
}

@Suite struct RoundWorkersTests {
    static var suite: BenchmarkSuite { ABSessionProtocolTests.suite() }
    static let options = ABSessionProtocolTests.options

    @Test func aWorkerAdoptsTheGivenBatchSizesAndSamplesTheCasesARoundNamesInItsOrder() throws {
        let worker = ABWorker(suite: Self.suite, options: Self.options)
        #expect(worker.reply(to: "adopt\tsum/two@8 40\tsum/one@8 100") == ["ready\t2"])
        let reply = worker.reply(to: "round\t1,0,1")
        #expect(reply.count == 1)
        let fields = reply[0].split(separator: "\t").map(String.init)
        #expect(fields.first == "ok" && fields.count == 4, "\(reply)")
        for (field, iterations) in zip(fields.dropFirst(), [100.0, 40, 100]) {
            let parts = field.split(separator: " ")
            let value = Double(parts[0]) ?? -1, cost = Double(parts[1]) ?? -1
            #expect(value > 0, "\(field)")
            // The cost is the whole sample with its re-warm of a tenth of the batch: at least the batch itself.
            #expect(cost >= value * iterations, "\(field)")
        }
    }

    @Test func aWorkerRefusesCasesItDoesNotHaveAndIndicesItDidNotAdopt() {
        let worker = ABWorker(suite: Self.suite, options: Self.options)
        #expect(worker.reply(to: "round\t0").first?.hasPrefix("error\tunknown case index") == true, "nothing adopted yet")
        for bad in ["sum/nope@8 10", "sum/one@8 0", "sum/one@1000 10", "sum/one@8"] {
            #expect(worker.reply(to: "adopt\t" + bad).first?.hasPrefix("error\tunknown case or iterations") == true, "\(bad)")
        }
        #expect(worker.reply(to: "adopt\tsum/one@8 10") == ["ready\t1"])
        #expect(worker.reply(to: "round\t1").first?.hasPrefix("error\tunknown case index") == true)
        #expect(worker.reply(to: "round\tx").first?.hasPrefix("error\tunknown case index") == true)
    }

    /// Round `r` in process `r mod 3`: this process takes rounds 0, 3, ..., the first worker 1, 4, ..., the second
    /// 2, 5, ...; every worker with this process's batch sizes.
    @Test func theRoundsTakeTurnsBetweenThisProcessAndItsWorkers() throws {
        let log = RequestLog()
        var channels: [InProcessChannel] = []
        let progress = RecordingProgress()
        let result = try BenchmarkRunner.run(Self.suite, options: Self.options, progress: progress, processes: 3, openWorkers: { cases in
            channels = ["B", "C"].map { InProcessChannel(ABWorker(suite: Self.suite, options: Self.options), side: $0, log: log) }
            for channel in channels {
                try? ABSession.handshake(channel, side: channel.side)
                try? RoundWorkers.adopt(channel, cases: cases)
            }
            return RoundWorkers(channels: channels, progress: progress)
        })
        #expect(result.rows.map(\.key.description) == ["sum/one@8", "sum/two@8"])
        let rounds = result.rows.map(\.samples.count).max() ?? 0
        #expect(rounds >= 3, "enough rounds to reach both workers")
        for row in result.rows { #expect(row.samples.count == rounds && row.samples.allSatisfy { $0 > 0 }) }
        let adopted = result.rows.map { "\($0.key) \($0.iterationsPerSample)" }.joined(separator: "\t")
        for (number, channel) in channels.enumerated() {
            #expect(channel.requests.first == "adopt\t" + adopted, "the running process's batch sizes")
            let taken = channel.requests.filter { $0.hasPrefix("round\t") }
            #expect(taken.count == (0..<rounds).filter { $0 % 3 == number + 1 }.count, "worker \(number + 1): \(taken)")
            #expect(taken.allSatisfy { $0 == "round\t0,1" })
        }
        #expect(result.metadata.options["processes"] == "3 of 3: round r in process r mod 3")
    }

    @Test func aWorkerThatStopsAnsweringIsDroppedAndItsRoundsRunInThisProcess() throws {
        var stopping: StoppingChannel?
        let progress = RecordingProgress()
        let result = try BenchmarkRunner.run(Self.suite, options: Self.options, progress: progress, processes: 2, openWorkers: { cases in
            let channel = InProcessChannel(ABWorker(suite: Self.suite, options: Self.options), side: "B")
            try? ABSession.handshake(channel, side: "B")
            try? RoundWorkers.adopt(channel, cases: cases)
            stopping = StoppingChannel(channel, failingRound: 2)
            return RoundWorkers(channels: [stopping!], progress: progress)
        })
        let rounds = result.rows.map(\.samples.count).max() ?? 0
        #expect(rounds >= 4, "past the worker's second round")
        for row in result.rows { #expect(row.samples.count == rounds && row.samples.allSatisfy { $0 > 0 }, "no round lost") }
        #expect(stopping?.rounds == 2, "asked once more, then never again")
        let notes = progress.events.compactMap { event -> String? in if case let .note(text) = event { text } else { nil } }
        #expect(notes.contains { $0.hasPrefix("process 2 stopped (the worker is gone (a test))") }, "\(notes)")
        #expect(result.metadata.options["processes"] == "2 of 2: round r in process r mod 2, 1 stopped during the run")
    }

    @Test func oneProcessIsTheRunAsItWas() throws {
        var opened = false
        let result = try BenchmarkRunner.run(Self.suite, options: Self.options, progress: RecordingProgress(), processes: 1,
                                             openWorkers: { _ in opened = true; return RoundWorkers(channels: [], progress: SilentProgress()) })
        #expect(!opened)
        #expect(result.metadata.options["processes"] == nil)
        #expect(result.rows.count == 2)
    }
}
