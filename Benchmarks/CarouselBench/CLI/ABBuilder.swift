import BenchKit
import Foundation

/// The git repository `ab` works in.
struct Git {
    /// The repository's top-level directory.
    let root: String
    /// Where the package `ab` runs in lies inside the repository: "" at the top, else `Examples/MyCarousel/` and the
    /// like (another package that runs `CarouselBench.main(adding:)`); every revision is built there.
    let packagePath: String

    init(directory: String) throws {
        let (status, output, _) = try Shell.run("git", ["rev-parse", "--show-toplevel"], in: directory)
        guard status == 0, !output.isEmpty else { throw RuntimeError("\(directory): not inside a git repository") }
        root = output
        let (prefixStatus, prefix, _) = try Shell.run("git", ["rev-parse", "--show-prefix"], in: directory)
        packagePath = prefixStatus == 0 ? prefix : ""
    }

    /// The commit `name` names; a runtime error naming it when it names none.
    func resolve(_ name: String, role: String) throws -> ABCommand.Revision {
        let (status, output, _) = try Shell.run("git", ["rev-parse", "--verify", "--end-of-options", name + "^{commit}"], in: root)
        guard status == 0, output.count >= 40 else {
            throw RuntimeError("\(role) '\(name)' is not a commit of the repository in \(root)")
        }
        return ABCommand.Revision(name: name, commit: output)
    }

    /// Whether the working tree differs from HEAD (tracked or untracked files).
    func hasEdits() -> Bool {
        ((try? Shell.run("git", ["status", "--porcelain", "--untracked-files=normal"], in: root))?.output ?? "").isEmpty == false
    }
}

/// Builds revisions in temporary worktrees (removed afterwards, also on Ctrl-C as far as possible) and keeps
/// their binaries by commit.
final class ABBuilder {
    /// A revision that does not build: one line, and the end of its build log.
    struct BuildFailure: Error {
        let line: String
        let logTail: String
    }

    let git: Git
    let rebuild: Bool
    let layout: ABLayout
    let progress: ProgressReporter

    init(git: Git, rebuild: Bool, layout: ABLayout, progress: ProgressReporter) {
        self.git = git
        self.rebuild = rebuild
        self.layout = layout
        self.progress = progress
        ABInterruption.install()
    }

    /// The path of `revision`'s release binary: from the cache, or built now.
    func binary(_ revision: ABCommand.Revision, side: String) throws -> String {
        if revision.isWorkingTree {
            return try build(in: git.root + "/" + git.packagePath, label: "B = working tree", log: "working-tree.log", revision: revision)
        }
        let cacheDirectory = "\(ABCommand.binaryCache)/\(revision.commit)\(layout.cacheSuffix)"
        let cached = "\(git.root)/\(git.packagePath)\(cacheDirectory)/\(Self.product)"
        if !rebuild && FileManager.default.isExecutableFile(atPath: cached) {
            progress.report(.note("\(side) = \(revision.label): cached binary \(cacheDirectory)/"))
            return cached
        }
        let worktree = "\(git.root)/\(ABCommand.worktrees)/\(revision.short)-\(getpid())"
        try FileManager.default.createDirectory(atPath: git.root + "/" + ABCommand.worktrees, withIntermediateDirectories: true)
        ABInterruption.shared.add(worktree: worktree, repository: git.root)
        defer { removeWorktree(worktree) }
        let (status, _, errors) = try Shell.run("git", ["worktree", "add", "--detach", "--quiet", worktree, revision.commit], in: git.root)
        guard status == 0 else {
            throw RuntimeError("\(revision.name): git worktree add failed: \(errors.split(separator: "\n").first ?? "")")
        }
        let built = try build(in: worktree + "/" + git.packagePath, label: "\(side) = \(revision.label)", log: "\(revision.short).log", revision: revision)
        let directory = (cached as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = directory + "/.\(Self.product).\(getpid()).tmp"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.copyItem(atPath: built, toPath: temporary)
        guard rename(temporary, cached) == 0 else { throw RuntimeError("\(cached): cannot store the built binary") }
        return cached
    }

    /// The executable product `ab` builds: this one's (`carousel-bench`, or another package's that runs
    /// `CarouselBench.main(adding:)`, which answers `ab-worker` too).
    static var product: String { CommandLineTool.name }

    /// `swift build -c release --product PRODUCT` in `directory` with the layout's flags; its output goes
    /// to a log. The working tree's aligned build has a scratch path of its own (`ABLayout.workingTreeScratch`),
    /// so the user's `.build/release` is left as it was.
    private func build(in directory: String, label: String, log: String, revision: ABCommand.Revision) throws -> String {
        let logDirectory = git.root + "/" + git.packagePath + ABCommand.logs
        try FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
        let logPath = logDirectory + "/" + log
        let scratch = revision.isWorkingTree ? layout.workingTreeScratch : nil
        let process = try ChildProcess(
            "/usr/bin/env", ["swift", "build", "-c", "release", "--product", Self.product]
                + (scratch.map { ["--scratch-path", $0] } ?? []) + layout.buildArguments + ABLayout.portableArguments,
            directory: directory, output: .file(logPath), errors: .file(logPath))
        track(process.process)
        let started = MonotonicClock.now()
        var shown = ""
        while process.isRunning {
            let detail = "\(label), \(ABCommand.duration(Double(MonotonicClock.now() &- started) / 1e9))"
            if detail != shown { progress.report(.phase(name: "build", detail: detail)) }
            shown = detail
            usleep(200_000)
        }
        let status = process.wait()
        let binary = directory + "/" + (scratch ?? ".build") + "/release/" + Self.product
        guard status == 0, FileManager.default.isExecutableFile(atPath: binary) else {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).map { "  " + $0 }.joined(separator: "\n")
            throw BuildFailure(
                line: "\(label) does not build (swift build exited with status \(status); "
                    + "log \(ABCommand.logs)/\(log))",
                logTail: tail.isEmpty ? "" : "last lines of the build log:\n" + tail + "\n")
        }
        return binary
    }

    /// Follows a child process so an interruption can stop it.
    func track(_ process: Process) { ABInterruption.shared.add(process: process) }

    private func removeWorktree(_ path: String) {
        ABInterruption.shared.removeWorktree(path)
        ABInterruption.removeWorktree(path, repository: git.root)
    }

    /// Removes whatever worktree is still there (normally none).
    func removeWorktrees() { ABInterruption.shared.cleanUp() }
}
