import BenchSink

/// The cost of every frame of a played sequence, each timed on its own: where an average hides the one
/// frame that misses its deadline.
///
/// A frame's cost is the minimum of its times over several plays of the same sequence, less the cost of
/// timing an empty frame: preemption or a page fault in one play does not pass for a costly frame, while
/// work the frame always does shows in every play.
///
///     let profile = FrameProfiler.profile(frames: 2_934, budgetSeconds: 0.2, start: { replay.rewind() },
///                                         frame: { replay.play(frame: $0) })
///     profile.worst       // ns, the costliest frame
public struct FrameProfile: Sendable, Equatable {
    /// Nanoseconds per frame, in play order (never negative).
    public var costs: [Double]
    /// How many plays each cost is the minimum over.
    public var plays: Int
    /// The timer's own cost, subtracted from every frame: the fastest timed empty frame, in nanoseconds.
    public var clockOverhead: Double

    public init(costs: [Double], plays: Int, clockOverhead: Double) {
        self.costs = costs
        self.plays = plays
        self.clockOverhead = clockOverhead
    }

    /// The costliest frame's index (the first of equals); nil for no frame.
    public var worstIndex: Int? { costs.indices.max { costs[$0] < costs[$1] } }

    /// The costliest frame, in nanoseconds; nil for no frame.
    public var worst: Double? { worstIndex.map { costs[$0] } }

    /// The 99th percentile of the frames' costs (linear interpolation, as `SampleStatistics`); nil for no frame.
    public var p99: Double? { costs.isEmpty ? nil : SampleStatistics.percentile(99, ofSorted: costs.sorted()) }

    /// Each frame's cost from its times in every play (`times[play][frame]`, overhead included): the minimum
    /// over plays, less `overhead`, never below 0.
    /// - Complexity: O(plays x frames).
    public static func combine(_ times: [[Double]], overhead: Double) -> [Double] {
        guard let first = times.first else { return [] }
        precondition(times.allSatisfy { $0.count == first.count }, "every play has the same frames")
        return first.indices.map { frame in
            Swift.max(0, times.lazy.map { $0[frame] }.min()! - overhead)
        }
    }
}

/// Times a sequence frame by frame (see `FrameProfile`).
public enum FrameProfiler {
    /// The fewest and the most plays of a profile: it stops between them once it has spent its budget.
    public static let minimumPlays = 3
    public static let maximumPlays = 7

    /// Plays `frames` frames `minimumPlays` to `maximumPlays` times, timing each `frame(i)` call on its own;
    /// `start` (untimed) puts the sequence back at its first frame before each play, and
    /// `afterFirstPlayFrame(i)` (untimed) looks at frame `i` after the first play played it. Stops after
    /// `minimumPlays` once `budgetSeconds` are spent.
    /// - Complexity: plays x (frames x (the frame's cost + two clock reads)).
    public static func profile(frames: Int, budgetSeconds: Double, start: () -> Void, frame: (Int) -> Void,
                               afterFirstPlayFrame: (Int) -> Void = { _ in }) -> FrameProfile {
        let overhead = clockOverhead()
        var times: [[Double]] = []
        var play = [Double](repeating: 0, count: frames)
        let began = MonotonicClock.now()
        let budget = UInt64(Swift.max(0, budgetSeconds) * 1e9)
        while times.count < maximumPlays && (times.count < minimumPlays || MonotonicClock.now() &- began < budget) {
            start()
            for index in 0..<frames {
                let before = MonotonicClock.now()
                frame(index)
                let after = MonotonicClock.now()
                play[index] = Double(after &- before)
                if times.isEmpty { afterFirstPlayFrame(index) }
            }
            times.append(play)
        }
        return FrameProfile(costs: FrameProfile.combine(times, overhead: overhead), plays: times.count,
                            clockOverhead: overhead)
    }

    /// The cost of timing an empty frame, as `profile` times one (two clock reads around a closure call): the
    /// fastest of 10 000, in nanoseconds.
    /// - Complexity: O(1) (20 000 clock reads).
    public static func clockOverhead() -> Double {
        let empty: (Int) -> Void = opaqueIdentity { (index: Int) in blackHole(index) }
        var fastest = UInt64.max
        for index in 0..<10_000 {
            let before = MonotonicClock.now()
            empty(index)
            let after = MonotonicClock.now()
            fastest = Swift.min(fastest, after &- before)
        }
        return Double(fastest)
    }
}

extension ResultRow {
    /// The profile's figures: the worst frame, its index, the 99th percentile, and `event`, what happened in the
    /// worst frame (named by the benchmark; nil when it names none).
    public mutating func record(_ profile: FrameProfile, event: String?) {
        worstFrame = profile.worst
        worstFrameIndex = profile.worstIndex.map(Double.init)
        p99Frame = profile.p99
        worstFrameEvent = event
    }
}
