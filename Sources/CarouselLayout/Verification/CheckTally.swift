/// The running count of one (strategy, property) cell: checks made, checks not applicable, first failure.
///
/// After the first failure further checks are ignored: the cell reports that counterexample.
public struct CheckTally: Sendable, Equatable {
    public private(set) var checks = 0
    /// Inputs where the property does not apply (a hit test in a gap, a flick at the content's end).
    public private(set) var skipped = 0
    public private(set) var failure: Counterexample?

    public init() {}

    @inlinable public var hasFailed: Bool { failure != nil }

    /// Counts one check; keeps `counterexample()` when `holds` is false and nothing failed before.
    public mutating func record(_ holds: Bool, _ counterexample: () -> Counterexample) {
        guard failure == nil else { return }
        checks += 1
        if !holds { failure = counterexample() }
    }

    /// Counts an input the property does not apply to.
    public mutating func skip() {
        guard failure == nil else { return }
        skipped += 1
    }

    /// Adds another tally's counts; its failure wins only if this one has none.
    public mutating func merge(_ other: CheckTally) {
        guard failure == nil else { return }
        checks += other.checks
        skipped += other.skipped
        failure = other.failure
    }
}
