#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchSink

/// The cost of every frame of a played sequence, each timed on its own: where an average hides the one
/// frame that misses its deadline.
///
/// Each frame is timed twice at once: by the monotonic clock (wall time, about 23 ns a read here) and by the
/// thread's CPU-time clock (a system call, about 245 ns a read here, but blind to the time the thread was
/// preempted). In one play a frame costs the smaller of the two, each less the cost of timing an empty frame
/// with that clock; over several plays it costs its minimum. So a neighbour's time slice, which on a shared
/// 2-core machine lands in some frame of every play of a long trajectory, does not pass for a costly frame,
/// while work the frame always does shows in every play.
///
///     var player = Player()                       // some sequence of frames, played one at a time
///     let profile = FrameProfiler.profile(frames: player.frameCount, budgetSeconds: 0.2,
///                                         start: { player = Player() }, frame: { player.play(frame: $0) })
///     profile.worst       // ns, the costliest frame
///     profile.worstIndex  // which one
public struct FrameProfile: Sendable, Equatable {
    /// Nanoseconds per frame, in play order (never negative).
    public var costs: [Double]
    /// How many plays each cost is the minimum over.
    public var plays: Int

    public init(costs: [Double], plays: Int) {
        self.costs = costs
        self.plays = plays
    }

    /// The costliest frame's index (the first of equals); nil for no frame.
    public var worstIndex: Int? {
        costs.indices.reduce(nil) { best, index in best.map { costs[index] > costs[$0] ? index : $0 } ?? index }
    }

    /// The costliest frame, in nanoseconds; nil for no frame.
    public var worst: Double? { worstIndex.map { costs[$0] } }

    /// What makes the costliest frames, given each frame's label: among the frames costing at least
    /// `Defaults.nearWorstShare` times the worst (as costly as it: which of them is the single worst is noise), the
    /// label most of them have (a tie: the label of the costliest), and the costliest frame with that label. Nil for
    /// no frame.
    /// - Complexity: O(frames).
    public func costliest(labels: [String]) -> (index: Int, label: String)? {
        precondition(labels.count == costs.count, "one label per frame")
        guard let worst else { return nil }
        var counts: [String: Int] = [:]
        var costliest: [String: Int] = [:]
        for (index, cost) in costs.enumerated() where cost >= Defaults.nearWorstShare * worst {
            counts[labels[index], default: 0] += 1
            if costliest[labels[index]].map({ costs[$0] < cost }) ?? true { costliest[labels[index]] = index }
        }
        let label = counts.max { ($0.value, costs[costliest[$0.key]!]) < ($1.value, costs[costliest[$1.key]!]) }!.key
        return (costliest[label]!, label)
    }

    /// The 99th percentile of the frames' costs (linear interpolation, as `SampleStatistics`); nil for no frame.
    public var p99: Double? { costs.isEmpty ? nil : SampleStatistics.percentile(99, ofSorted: costs.sorted()) }

    /// One frame's cost in one play: the smaller of its wall and CPU times, each less its clock's overhead
    /// (nil CPU time: the wall time alone), never below 0.
    /// - Complexity: O(1).
    public static func cost(wall: Double, cpu: Double?, overhead: ClockOverhead) -> Double {
        let byWall = wall - overhead.wall
        let byCPU = cpu.map { $0 - overhead.cpu } ?? byWall
        return Swift.max(0, Swift.min(byWall, byCPU))
    }

    /// Each frame's cost over plays (`plays[play][frame]`, already `cost`s): the minimum.
    /// - Complexity: O(plays x frames).
    public static func combine(_ plays: [[Double]]) -> [Double] {
        guard let first = plays.first else { return [] }
        precondition(plays.allSatisfy { $0.count == first.count }, "every play has the same frames")
        return first.indices.map { frame in plays.lazy.map { $0[frame] }.min()! }
    }
}

/// What timing an empty frame costs, in nanoseconds: by the monotonic clock alone, and by the CPU-time clock
/// around it (which includes the monotonic reads).
public struct ClockOverhead: Sendable, Equatable {
    public var wall: Double
    public var cpu: Double

    public init(wall: Double, cpu: Double) {
        self.wall = wall
        self.cpu = cpu
    }
}

/// Times a sequence frame by frame (see `FrameProfile`).
public enum FrameProfiler {
    /// The fewest and the most plays of a profile (`Defaults.minimumPlays`, `Defaults.maximumPlays`): it stops
    /// between them once it has spent its budget. At least two, so that the minimum drops a sequence's one-time
    /// costs; a row whose two plays outlast the budget stops there.
    public static let minimumPlays = Defaults.minimumPlays
    public static let maximumPlays = Defaults.maximumPlays

    /// Plays `frames` frames `minimumPlays` to `maximumPlays` times in a row, timing each `frame(i)` call on its
    /// own; `start` (untimed) puts the sequence back at its first frame before each play, and
    /// `afterFirstPlayFrame(i)` (untimed) looks at frame `i` after the first play played it. Stops after
    /// `minimumPlays` once `budgetSeconds` are spent. (`BenchmarkRunner` plays its rows' sessions in rounds
    /// instead, `Session`.)
    /// - Complexity: plays x (frames x (the frame's cost + four clock reads)).
    public static func profile(frames: Int, budgetSeconds: Double, start: @escaping () -> Void,
                               frame: @escaping (Int) -> Void,
                               afterFirstPlayFrame: @escaping (Int) -> Void = { _ in }) -> FrameProfile {
        Session(frames: frames, start: start, frame: frame, afterFirstPlayFrame: afterFirstPlayFrame)
            .playInARow(budgetSeconds: budgetSeconds)
    }

    /// A profile played one play at a time, so that a run can spread a row's plays over its other rows' (each
    /// frame's cost is its minimum over plays far apart in time, not over plays in one spell of the machine).
    ///
    /// A shared machine runs in spells about 1.5x slower, and a row's plays back to back fall in one spell: a
    /// process whose plays of a row all fell in a slow spell reads that row's worst frame about 2x.
    /// Evidence: Docs/WORST-FRAME.md, "Plays in rounds".
    public final class Session {
        public let frames: Int
        let start: () -> Void
        let frame: (Int) -> Void
        let afterFirstPlayFrame: (Int) -> Void
        let labels: () -> [String]?
        /// Each frame's minimum cost over the plays so far.
        private var costs: [Double] = []
        private var latest: [Double]
        /// Plays so far.
        public private(set) var plays = 0
        /// Nanoseconds spent playing so far, the untimed `start`s included.
        public private(set) var spent: UInt64 = 0

        /// `labels`: what happened in each frame, as the benchmark names it, once the first play has played
        /// (nil: the benchmark names none).
        public init(frames: Int, start: @escaping () -> Void, frame: @escaping (Int) -> Void,
                    afterFirstPlayFrame: @escaping (Int) -> Void = { _ in }, labels: @escaping () -> [String]? = { nil }) {
            self.frames = frames
            self.start = start
            self.frame = frame
            self.afterFirstPlayFrame = afterFirstPlayFrame
            self.labels = labels
            latest = [Double](repeating: 0, count: frames)
        }

        /// What happened in each frame (`labels`), after the first play; nil before it or when unnamed.
        public var events: [String]? { plays == 0 ? nil : labels() }

        /// Whether a profile of `budgetSeconds` plays again: under `minimumPlays`, or under `maximumPlays` with
        /// the budget not yet spent.
        public func wantsPlay(budgetSeconds: Double) -> Bool {
            plays < minimumPlays || (plays < maximumPlays && spent < UInt64(Swift.max(0, budgetSeconds) * 1e9))
        }

        /// Plays the sequence once, from `start`, timing each frame.
        /// - Complexity: frames x (the frame's cost + four clock reads).
        public func play() {
            let overhead = measuredClockOverhead
            let began = MonotonicClock.now()
            start()
            for index in 0..<frames {
                let cpuBefore = ThreadCPUClock.now()
                let before = MonotonicClock.now()
                frame(index)
                let after = MonotonicClock.now()
                let cpuAfter = ThreadCPUClock.now()
                latest[index] = FrameProfile.cost(wall: Double(after &- before), cpu: cpuAfter.flatMap { end in
                    cpuBefore.map { Double(end &- $0) } }, overhead: overhead)
                if plays == 0 { afterFirstPlayFrame(index) }
            }
            costs = plays == 0 ? latest : FrameProfile.combine([costs, latest])
            plays += 1
            spent &+= MonotonicClock.now() &- began
        }

        /// Each frame's minimum over the plays so far.
        public var profile: FrameProfile { FrameProfile(costs: costs, plays: plays) }

        /// Plays while it `wantsPlay(budgetSeconds:)`, one play after the other, and gives the profile.
        public func playInARow(budgetSeconds: Double) -> FrameProfile {
            while wantsPlay(budgetSeconds: budgetSeconds) { play() }
            return profile
        }
    }

    /// `clockOverhead()`, measured once per process (40 000 clock reads, about 5 ms: once, not once per row).
    static let measuredClockOverhead = clockOverhead()

    /// The cost of timing an empty frame as `profile` times one (the clock reads around a closure call): the
    /// fastest of 10 000 by each clock.
    /// - Complexity: O(1) (40 000 clock reads).
    public static func clockOverhead() -> ClockOverhead {
        let empty: (Int) -> Void = opaqueIdentity { (index: Int) in blackHole(index) }
        var wall = UInt64.max
        var cpu = UInt64.max
        for index in 0..<10_000 {
            let cpuBefore = ThreadCPUClock.now()
            let before = MonotonicClock.now()
            empty(index)
            let after = MonotonicClock.now()
            let cpuAfter = ThreadCPUClock.now()
            wall = Swift.min(wall, after &- before)
            if let cpuBefore, let cpuAfter { cpu = Swift.min(cpu, cpuAfter &- cpuBefore) }
        }
        return ClockOverhead(wall: Double(wall), cpu: cpu == .max ? 0 : Double(cpu))
    }
}

/// The calling thread's CPU time (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, POSIX: Linux and macOS), in
/// nanoseconds; nil where the clock cannot be read.
public enum ThreadCPUClock {
    @inline(__always)
    public static func now() -> UInt64? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

extension ResultRow {
    /// The profile's figures: the worst frame and the 99th percentile; with `events` (what happened in each frame,
    /// as the benchmark names it), the event of the costliest frames and the costliest frame of that event
    /// (`FrameProfile.costliest`); without, the worst frame's index. With `hitch` (the frame rate the frames were
    /// played at, and the app's own work in each), the hitch time ratios without and with that work.
    public mutating func record(_ profile: FrameProfile, events: [String]?, hitch: HitchTime? = nil) {
        worstFrame = profile.worst
        p99Frame = profile.p99
        let costliest = events.flatMap { profile.costliest(labels: $0) }
        worstFrameIndex = (costliest?.index ?? profile.worstIndex).map(Double.init)
        worstFrameEvent = costliest?.label
        hitchRatio = hitch.flatMap { $0.alone.ratio(profile) }
        hitchRatioWithContent = hitch.flatMap { $0.ratio(profile) }
    }
}
