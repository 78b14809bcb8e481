import Determinism


/// One strategy as the verifier sees it: its id, the properties that apply to it, and how to check one.
///
/// Build subjects with the family factories (`snap(id:...)`, `lookup(id:...)`, ...); a test can inject its
/// own (a deliberately broken snap must be reported failing).
public struct VerificationSubject: Sendable {
    /// The strategy id (Docs/ALGORITHMS.md, or a corrected variant's id).
    public let id: String
    public let family: StrategyFamily
    /// For a corrected variant: the faithful strategy it corrects.
    public let correctedFrom: String?
    /// The properties checked; the others are reported `.notApplicable`.
    public let properties: Set<CarouselProperty>
    /// Checks `property` on one case with random inputs from `generator`, `samples` of them.
    let evaluate: @Sendable (_ property: CarouselProperty, _ testCase: VerificationCase, _ samples: Int,
                             _ generator: inout SeededGenerator, _ tally: inout CheckTally) -> Void

    public init(id: String, family: StrategyFamily, correctedFrom: String? = nil, properties: Set<CarouselProperty>,
                evaluate: @escaping @Sendable (_ property: CarouselProperty, _ testCase: VerificationCase, _ samples: Int,
                                               _ generator: inout SeededGenerator, _ tally: inout CheckTally) -> Void) {
        self.id = id
        self.family = family
        self.correctedFrom = correctedFrom
        self.properties = properties
        self.evaluate = evaluate
    }
}

/// Tolerance for "equal up to rounding" at offsets of magnitude `scale`.
@inlinable
func roundingTolerance(_ scale: Double) -> Double { 1e-9 * max(1, abs(scale)) }
