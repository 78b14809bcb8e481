import Foundation

/// The extra processes of `run --processes N`: `N - 1` workers of the same build and options, each holding its own
/// copy of every case, that take turns with the running process at the rounds (round `r` in process `r mod N`, the
/// running process being process 0). A row's samples then come from `N` processes, and its median from whichever
/// processes agree.
///
/// Why: a process sometimes runs a row 10-30% off the others, for the whole process (where its memory landed;
/// Kalibera and Jones, "Rigorous benchmarking in reasonable time", 2013, measure it as a level per execution). With
/// one process per run, nothing within the run can tell that level from a change, and an A/A pair reads it
/// `regressed` or `improved` (on the 2-core AMD EPYC VM: `floor/scaleAlpha` at 30 at 44.3 ns in one process against
/// 35.6-37.8 ns in 21 others; Docs/NOISE.md, "Rows a whole process shifts"). With three, one such process holds a
/// third of the samples and the median lies among the other two thirds (Docs/NOISE.md, "Several processes").
///
/// The workers are `ab`'s (`ABWorker`, requests `adopt` and `round`): each sets up the cases with the running
/// process's batch sizes (not verified nor calibrated again: the same build did both), then samples the cases a
/// round names. A worker that cannot start or stops answering is dropped with a note, and its rounds are taken
/// in the running process.
public final class RoundWorkers {
    /// How to start one worker: the executable and its arguments (`carousel-bench ab-worker` and the run's options).
    public struct Command: Sendable, Equatable {
        public var executable: String
        public var arguments: [String]
        /// Processes in all, the running one included (at least 1).
        public var processes: Int

        public init(executable: String, arguments: [String], processes: Int) {
            self.executable = executable
            self.arguments = arguments
            self.processes = processes
        }
    }

    /// One worker: its channel and where its standard error goes (removed on `close`), or nil for a channel opened
    /// elsewhere (the tests').
    private var channels: [(channel: ABChannel, errorLog: String?)?]
    private let progress: ProgressReporter

    /// Workers already connected and adopted (the tests' in-process channels).
    init(channels: [ABChannel], progress: ProgressReporter) {
        self.channels = channels.map { ($0, nil) }
        self.progress = progress
    }

    /// Starts `command.processes - 1` workers and has each adopt `cases` (key and batch size, in the running process's
    /// order), all at once: their set-up is not measured, and on two cores two workers set up in about the time of one
    /// (a default run's 737 cases: 6.5 s a worker, one after the other). A worker that fails is left out, with a note
    /// on `progress`.
    public static func open(_ command: Command, cases: [(key: RowKey, iterations: Int)], progress: ProgressReporter) -> RoundWorkers {
        let workers = RoundWorkers(channels: [], progress: progress)
        let extra = max(0, command.processes - 1)
        guard extra > 0 else { return workers }
        progress.report(.phase(name: "processes", detail: "setting up \(extra) more process\(extra == 1 ? "" : "es") of \(command.processes) (\(cases.count) cases each)"))
        func leaveOut(_ number: Int, _ worker: ABChannel?, errorLog: String, _ error: Error) {
            dismiss(worker, errorLog: errorLog, note: "process \(number) of \(command.processes) left out", error: error, progress: progress)
        }
        var started: [(number: Int, worker: ABWorkerProcess, errorLog: String)] = []
        for number in 2...command.processes {
            let errorLog = (NSTemporaryDirectory() as NSString).appendingPathComponent("carousel-bench-worker-\(getpid())-\(number).log")
            var worker: ABWorkerProcess?
            do {
                worker = try ABWorkerProcess(executable: command.executable, arguments: command.arguments, errorLog: errorLog)
                try ABSession.handshake(worker!, side: "process \(number)")
                try worker!.send(adoptRequest(cases))
                started.append((number, worker!, errorLog))
            } catch {
                leaveOut(number, worker, errorLog: errorLog, error)
            }
        }
        for (number, worker, errorLog) in started {
            do {
                try awaitAdoption(worker, count: cases.count)
                workers.channels.append((worker, errorLog))
            } catch {
                leaveOut(number, worker, errorLog: errorLog, error)
            }
        }
        return workers
    }

    /// Sends `adopt` for `cases` and waits for `ready` with their count.
    static func adopt(_ channel: ABChannel, cases: [(key: RowKey, iterations: Int)]) throws {
        try channel.send(adoptRequest(cases))
        try awaitAdoption(channel, count: cases.count)
    }

    /// The `adopt` request of `cases`.
    static func adoptRequest(_ cases: [(key: RowKey, iterations: Int)]) -> String {
        (["adopt"] + cases.map { "\($0.key) \($0.iterations)" }).joined(separator: "\t")
    }

    /// Waits for `ready COUNT`.
    static func awaitAdoption(_ channel: ABChannel, count: Int) throws {
        let reply = try channel.receive()
        guard reply == "ready\t\(count)" else { throw ABSessionError("it answered '\(ABProtocol.field(reply))' to adopt") }
    }

    /// The workers still taking rounds.
    public var count: Int { channels.compactMap { $0 }.count }

    /// One sample of each case in `indices` (indices into the adopted cases) from worker `worker` (0-based), or nil
    /// when it no longer answers: it is then dropped, with a note.
    func sample(worker: Int, _ indices: [Int]) -> [(value: Double, cost: UInt64)]? {
        guard channels.indices.contains(worker), let (channel, errorLog) = channels[worker] else { return nil }
        do {
            try channel.send("round\t" + indices.map(String.init).joined(separator: ","))
            let reply = try channel.receive()
            let fields = reply.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.first == "ok", fields.count == indices.count + 1 else {
                throw ABSessionError("it answered '\(ABProtocol.field(String(reply.prefix(120))))' to a round")
            }
            return try fields.dropFirst().map { field in
                let parts = field.split(separator: " ")
                guard parts.count == 2, let value = Double(parts[0]), let cost = UInt64(parts[1]) else {
                    throw ABSessionError("it answered a sample '\(ABProtocol.field(String(field)))'")
                }
                return (value, cost)
            }
        } catch {
            channels[worker] = nil
            Self.dismiss(channel, errorLog: errorLog, note: "process \(worker + 2) stopped", error: error, progress: progress)
            return nil
        }
    }

    /// Closes a worker that failed (nil: it never started), says so on `progress` (`NOTE (ERROR: its last line of
    /// standard error); its rounds run in this one`) and removes its log.
    static func dismiss(_ channel: ABChannel?, errorLog: String?, note: String, error: Error, progress: ProgressReporter) {
        channel?.close()
        progress.report(.note("\(note) (\(error)\(errorLog.map(lastLine(of:)) ?? "")); its rounds run in this one"))
        if let errorLog { try? FileManager.default.removeItem(atPath: errorLog) }
    }

    /// Quits every worker and removes their logs.
    public func close() {
        for case let (channel, errorLog)? in channels {
            channel.close()
            if let errorLog { try? FileManager.default.removeItem(atPath: errorLog) }
        }
        channels = []
    }

    /// `: LINE`, the last non-empty line of a worker's standard error, or nothing.
    static func lastLine(of path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return "" }
        return ": " + ABProtocol.field(String(line))
    }
}
