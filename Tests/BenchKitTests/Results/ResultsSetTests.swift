import BenchKit
import Foundation
import Testing

/// A result's three files commit together, and saving a run into a bigger file keeps the rows it did not run.
@Suite struct ResultsSetTests {
    private let temporary: TemporaryDirectory
    private var directory: String { temporary.path }

    init() throws { temporary = try TemporaryDirectory() }

    private func metadata(_ time: String, commit: String, cpu: String = "CPU") -> RunMetadata {
        RunMetadata(time: time, gitCommit: commit, swiftVersion: "6.3", cpuModel: cpu, host: "h",
                    machine: MachineFingerprint(cpuModel: cpu, cores: 2, caches: ["L1d 48K"], kernel: "6", swiftVersion: "6.3"),
                    options: ["run": time])
    }

    /// A set big enough that each file takes several 64 KiB chunks (several steps to interrupt).
    private func bigRun(_ center: Double, _ time: String) -> RunResult {
        let rows = (0..<40).map { index in
            makeRow("family/s\(index)", size: 3 + index, samples: noisySamples(center: center + Double(index), spread: 0.05,
                                                                                 count: 400, seed: UInt64(index) &+ UInt64(center)))
        }
        return RunResult(rows: rows, failures: [], metadata: metadata(time, commit: time))
    }

    private func snapshot(_ path: String) throws -> ([ResultRow], RunMetadata?) {
        (try ResultsFile.read(path, schema: testSchema), try ResultsFile.readMetadata(for: path))
    }

    /// Interrupted after every step of the write, the set reads (after recovery) as the old one or as the new one,
    /// never a mix, and recovery leaves no staged file behind. Once the commit point is passed it is the new one.
    @Test func aWriteInterruptedAtAnyStepLeavesTheOldSetOrTheNewOne() throws {
        let path = directory + "/baseline.csv"
        let old = bigRun(100, "old")
        let new = bigRun(200, "new")
        // The sets as they read back (rounding of the summary figures included).
        try ResultsFile.write(old, schema: testSchema, to: directory + "/old.csv")
        try ResultsFile.write(new, schema: testSchema, to: directory + "/new.csv")
        let (oldRows, oldMeta) = try snapshot(directory + "/old.csv")
        let (newRows, newMeta) = try snapshot(directory + "/new.csv")
        #expect(oldRows != newRows)

        var outcomes: [String] = []
        var step = 1
        while true {
            try ResultsFile.write(old, schema: testSchema, to: path)
            do {
                try ResultsFile.write(new, schema: testSchema, to: path, interruptAfter: step)
            } catch is AtomicFileSet.Interrupted {
                try AtomicFileSet.recover(ResultsFile.setPaths(path))
                let (rows, meta) = try snapshot(path)
                let isOld = rows == oldRows && meta == oldMeta
                let isNew = rows == newRows && meta == newMeta
                #expect(isOld != isNew, "step \(step): the set is a mix")
                outcomes.append(isNew ? "new" : "old")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
                #expect(leftovers.isEmpty, "step \(step): \(leftovers)")
                step += 1
                continue
            }
            break
        }
        // Every step was tried: the samples file alone takes several chunks, and the last steps are past the commit.
        #expect(step > 12, "only \(step - 1) kill points")
        #expect(outcomes.first == "old" && outcomes.last == "new")
        #expect(outcomes == outcomes.sorted { $0 == "old" && $1 == "new" }, "once new, always new: \(outcomes)")
        print("kill test: \(step - 1) interrupted points, \(outcomes.filter { $0 == "old" }.count) read as the old set, "
            + "\(outcomes.filter { $0 == "new" }.count) as the new set, none mixed")
        #expect(try snapshot(path).0 == newRows)
    }

    /// A reader that finds a journal finishes the commit before reading (roll forward); before the commit
    /// point it reads the old set. Either way it reads one whole set.
    @Test func aReaderFinishesACommitThatPassedItsCommitPoint() throws {
        let path = directory + "/latest.csv"
        var committed = 1
        // Find the first step at which the new set is what a reader sees.
        while true {
            try ResultsFile.write(bigRun(100, "old"), schema: testSchema, to: path)
            do { try ResultsFile.write(bigRun(200, "new"), schema: testSchema, to: path, interruptAfter: committed) } catch {}
            let (rows, metadata) = try ResultsFile.readSet(path, schema: testSchema, wait: LockWait(timeout: 5))
            #expect(!AtomicFileSet.isInterrupted(ResultsFile.setPaths(path)), "step \(committed): recovered")
            let isNew = metadata?.time == "new"
            #expect(rows.allSatisfy { ($0.median > 150) == isNew && $0.samples.count == $0.sampleCount }, "step \(committed): a mix")
            if isNew { break }
            committed += 1
        }
        #expect(committed > 3)
    }

    /// Every write stages under names of its own (its process and a random number), and the recovery of one set
    /// leaves alone what another set staged, even one whose name starts like it (`x.y.csv` beside `x.csv`).
    @Test func stagedNamesArePrivateAndRecoveryTouchesOnlyItsOwnSet() throws {
        let neighbour = directory + "/x.y.csv"
        let staged = { try FileManager.default.contentsOfDirectory(atPath: self.directory).filter { $0.hasPrefix(".") }.sorted() }
        var names: [String] = []
        for _ in 1...2 {
            // Each write first recovers its set: the staged file of the write before is gone.
            #expect(throws: AtomicFileSet.Interrupted.self) {
                try ResultsFile.write(bigRun(100, "staged"), schema: testSchema, to: neighbour, interruptAfter: 2)
            }
            names += try staged()
        }
        #expect(names.count == 2 && names.allSatisfy { $0.hasPrefix(".x.y.csv.new.\(getpid())-") }, "\(names)")
        #expect(Set(names).count == 2, "two writes, two names: \(names)")
        let left = try staged()

        try ResultsFile.write(bigRun(200, "x"), schema: testSchema, to: directory + "/x.csv")
        #expect(try staged() == left, "x.csv's recovery left x.y.csv's staged files alone")
        #expect(AtomicFileSet.isInterrupted(ResultsFile.setPaths(neighbour)))
        try AtomicFileSet.recover(ResultsFile.setPaths(neighbour))
        #expect(try staged().isEmpty)
    }

    /// A filtered run saved into a baseline leaves the baseline's own rows of the reference rows it measured only as
    /// anchors (`keeping`), and takes those the baseline lacks.
    @Test func savingAFilteredRunKeepsTheBaselinesOwnAnchorRows() throws {
        let baseline = [makeRow("floor/f", samples: [1, 2, 3]), makeRow("a/s", samples: [1, 2, 3])]
        let run = RunResult(rows: [makeRow("floor/f", samples: [7, 8, 9]), makeRow("m/x", samples: [4, 5, 6]),
                                   makeRow("floor/g", samples: [4, 5, 6])],
                            failures: [], metadata: metadata("t2", commit: "c2"))
        let anchors: Set<RowKey> = [RowKey(benchmark: BenchmarkID(parsing: "floor/f")!, size: 10),
                                     RowKey(benchmark: BenchmarkID(parsing: "floor/g")!, size: 10)]
        let merged = try ResultsMerge.merge(existing: baseline, metadata: metadata("t1", commit: "c1"), run: run,
                                            keeping: anchors)
        #expect(merged.rows.map(\.benchmark.description) == ["floor/f", "a/s", "m/x", "floor/g"])
        #expect(merged.rows[0].median == 2, "the baseline's own floor/f")
        let sources = try #require(merged.metadata.sources)
        #expect(sources.map(\.rows) == [["floor/f@10", "a/s@10"], ["m/x@10", "floor/g@10"]])
    }

    @Test func savingAFilteredRunKeepsTheOtherRowsAndSaysWhereEachCameFrom() throws {
        let baseline = (0..<6).map { makeRow("a/s\($0)", samples: [1, 2, 3]) }
        let run = RunResult(rows: [makeRow("a/s2", samples: [7, 8, 9]), makeRow("b/new", samples: [4, 5, 6])], failures: [],
                            metadata: metadata("t2", commit: "c2"))
        let merged = try ResultsMerge.merge(existing: baseline, metadata: metadata("t1", commit: "c1"), run: run)
        #expect(merged.rows.map(\.benchmark.description) == ["a/s0", "a/s1", "a/s2", "a/s3", "a/s4", "a/s5", "b/new"])
        #expect(merged.rows[2].median == 8 && merged.rows[0].median == 2)
        let sources = try #require(merged.metadata.sources)
        #expect(sources.map(\.gitCommit) == ["c1", "c2"])
        #expect(sources[0].rows == ["a/s0@10", "a/s1@10", "a/s3@10", "a/s4@10", "a/s5@10"])
        #expect(sources[1].rows == ["a/s2@10", "b/new@10"])
        // Saving a later run over all of them leaves one source.
        let everything = RunResult(rows: merged.rows, failures: [], metadata: metadata("t3", commit: "c3"))
        #expect(try ResultsMerge.merge(existing: merged.rows, metadata: merged.metadata, run: everything).metadata.sources == nil)
        // Another machine's timings are not merged in.
        let foreign = RunResult(rows: run.rows, failures: [], metadata: metadata("t4", commit: "c4", cpu: "Other"))
        #expect(throws: ResultsMerge.ForeignMachine.self) {
            try ResultsMerge.merge(existing: baseline, metadata: metadata("t1", commit: "c1"), run: foreign)
        }
    }
}
