/// A frame-by-frame profile in the units Apple grades scrolling by: the hitch time ratio, milliseconds of hitch per
/// second of scrolling (Xcode Organizer's scroll hitch rate, MetricKit's `MXAnimationMetric.scrollHitchTimeRatio`),
/// and the headroom a layout's worst frame leaves an app's own per-frame work.
///
/// A frame's time is its measured cost plus `contentNanoseconds`, the app's own work in every frame. A frame whose
/// time exceeds the frame interval (`1/hz`) misses its display refresh, and is shown at the first refresh after it is
/// done: late by a whole number of intervals, the previous frame staying on screen meanwhile. Its hitch time is that
/// lateness; the ratio is the profile's total hitch time in milliseconds over its duration in seconds (frames / hz).
/// Each frame is taken to start at its own refresh, so a long frame's knock-on delay to the frames after it is not
/// counted. Evidence and sources: Docs/WORST-FRAME.md, "In Apple's units".
///
///     let hitch = HitchTime(hz: 120, contentMilliseconds: 6)
///     hitch.lateness(ofFrameCosting: 3e6)      // 8 333 333 ns: 9 ms in all, one refresh late
///     hitch.ratio(profile)                       // ms of hitch per second of the profile's frames
///     HitchGrade(millisecondsPerSecond: 7)       // .warning
public struct HitchTime: Sendable, Equatable {
    /// Display refreshes per second: the frame rate the profile's frames were played at.
    public var hz: Double
    /// The app's own work in every frame besides the measured cost, in nanoseconds.
    public var contentNanoseconds: Double

    public init(hz: Double, contentMilliseconds: Double = 0) {
        precondition(hz > 0 && hz.isFinite, "a frame rate is a positive number")
        precondition(contentMilliseconds >= 0 && contentMilliseconds.isFinite, "content work is a time, never negative")
        self.hz = hz
        contentNanoseconds = contentMilliseconds * 1e6
    }

    /// The same frame rate, without the app's own work: what the layout alone adds.
    public var alone: HitchTime { HitchTime(hz: hz) }

    /// One refresh interval, the frame budget, in nanoseconds.
    public var intervalNanoseconds: Double { 1e9 / hz }

    /// How late a frame costing `cost` ns (plus the content work) is shown, in nanoseconds: 0 when its time is
    /// within one interval, else the whole intervals it overruns by, rounded up.
    /// - Complexity: O(1).
    public func lateness(ofFrameCosting cost: Double) -> Double {
        let over = cost + contentNanoseconds - intervalNanoseconds
        guard over > 0 else { return 0 }
        return (over / intervalNanoseconds).rounded(.up) * intervalNanoseconds
    }

    /// Milliseconds of hitch per second of `costs` played at `hz` (each cost a frame's, in ns); nil for no frame.
    /// - Complexity: O(frames).
    public func ratio(costs: [Double]) -> Double? {
        guard !costs.isEmpty else { return nil }
        let hitchMilliseconds = costs.reduce(0) { $0 + lateness(ofFrameCosting: $1) } / 1e6
        return hitchMilliseconds / (Double(costs.count) / hz)
    }

    /// `ratio(costs:)` of the profile's frames.
    public func ratio(_ profile: FrameProfile) -> Double? { ratio(costs: profile.costs) }

    /// How many milliseconds of its own work an app may add to every frame before the frame costing `worst` ns
    /// misses its refresh: the interval less the worst frame (negative when the worst frame misses it alone).
    /// - Complexity: O(1).
    public func headroomMilliseconds(worst: Double) -> Double { (intervalNanoseconds - worst) / 1e6 }
}

/// Apple's grade of a hitch time ratio: the colours of Xcode Organizer's scroll hitch rate (green, yellow, red).
public enum HitchGrade: String, Sendable, CaseIterable, Comparable {
    /// Under `warningFrom` ms/s.
    case good
    /// From `warningFrom` to `criticalAbove` ms/s, both included.
    case warning
    /// Over `criticalAbove` ms/s.
    case critical

    /// Where the warning starts, in ms/s.
    public static let warningFrom = 5.0
    /// Where the critical grade starts: above this, in ms/s.
    public static let criticalAbove = 10.0

    public init(millisecondsPerSecond ratio: Double) {
        if ratio < Self.warningFrom {
            self = .good
        } else if ratio <= Self.criticalAbove {
            self = .warning
        } else {
            self = .critical
        }
    }

    public static func < (a: HitchGrade, b: HitchGrade) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
