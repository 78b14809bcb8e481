/// What an app does to its carousel besides a finger's scroll (Docs/ALGORITHMS.md, "Scrolls by code"), as scripts
/// every implementation is played through and checked on.
public enum ProgrammaticScenario: String, CaseIterable, Sendable {
    /// A timer scrolls to the next item (animated) every half second, `2n + 2` times: across every design's wrap,
    /// or to its end.
    case autoAdvance = "auto-advance"
    /// Taps on a side item, one or two places left or right of the centred one, each scrolling it to the centre.
    case tap
    /// The app reloads its data and recentres, 12 times: `reloadData()`, then `scrollToItem` without animation to an
    /// item up to two places either side of the one centred before (or the same one).
    case reloadRecentre = "reload-recentre"

    /// The seconds between two ticks of the verified auto-advance (an app's banner waits longer; the pause changes
    /// nothing the checks read).
    public static let verifiedInterval = 0.5

    /// The script at catalog size `n`, after a rest of 0.05 s (the first layout passes, and the centred item the
    /// first scroll counts from).
    public func script(catalogCount: Int) -> ScrollScript {
        let rest = ScrollGesture.pause(duration: 0.05)
        return switch self {
        case .autoAdvance: ScrollScript([rest] + ScrollScript.autoAdvance(cycles: 2 * catalogCount + 2, interval: Self.verifiedInterval).gestures)
        case .tap: ScrollScript([rest] + ScrollScript.taps(20, seed: 1).gestures)
        case .reloadRecentre: ScrollScript([rest] + ScrollScript.reloadsAndRecentres(12, seed: 1).gestures)
        }
    }

    /// What passing means, for a table's legend.
    public var property: String {
        switch self {
        case .autoAdvance: "each tick centres the next item, in order across the wrap, with no visible jump and no index path outside the data"
        case .tap: "each tap centres the tapped item, with no index path outside the data"
        case .reloadRecentre: "after each reloadData, scrollToItem centres the item asked for, with no index path outside the data"
        }
    }
}

/// One implementation's view played through one scenario at one catalog size: the frame-by-frame checks of a core
/// (`PipelineVerification`, with the scroll-by-code checks) and, for a UIKit view with a core, its agreement with it.
public struct ScenarioCheck: Sendable {
    public var scenario: ProgrammaticScenario
    /// The view checked (`pipeline.…`, or `uikit.…` for a UIKit view).
    public var id: String
    public var catalogCount: Int
    /// The view's own checks (the core's; a UIKit view without a core, its own).
    public var check: PipelineCheck?
    /// A UIKit view's agreement with its core over the same script.
    public var agreement: AgreementReport?

    public init(scenario: ProgrammaticScenario, id: String, catalogCount: Int, check: PipelineCheck? = nil,
                agreement: AgreementReport? = nil) {
        self.scenario = scenario
        self.id = id
        self.catalogCount = catalogCount
        self.check = check
        self.agreement = agreement
    }

    /// The scenario's property holds: every scroll by code centred what it asked for and none was refused, no scroll
    /// ran over more items than it was asked to move, no visible jump; and a view checked on its own (a core, or a UIKit
    /// view without one) passes the frame-by-frame checks, a UIKit view with a core agrees with it (its own centres
    /// are the agreement's to judge).
    public var passes: Bool { failure == nil }

    /// The first thing that failed, in one line; nil when it passes.
    public var failure: String? {
        if let check {
            if agreement == nil, !check.isVerified { return check.firstFailure ?? "replay differs" }
            // A UIKit view with a core: where its scrolls rest is the agreement's to judge (its own centres may carry a
            // named difference); a refusal is its own.
            if let failure = agreement == nil ? check.firstScrollFailure : check.firstRefusal { return failure }
            if let long = check.firstLongScroll { return long }
            if agreement == nil, check.visibleJumps > 0 { return "\(check.visibleJumps) visible jumps" }
        }
        if let agreement, !agreement.agrees {
            return "disagrees with its core: " + (agreement.firstMismatch ?? "\(agreement.mismatchCount) mismatches")
        }
        return nil
    }
}

extension Implementation {
    /// Plays each of `scenarios` at each of `catalogs` through the implementation: its core checked frame by frame,
    /// its UIKit view compared with the core (or, without a core, checked as a core is).
    /// - Complexity: a play of each scenario's script per view and size (the auto-advance's `2n + 2` ticks).
    public func verifyScenarios(_ scenarios: [ProgrammaticScenario] = ProgrammaticScenario.allCases, catalogs: [Int],
                                geometry: CarouselGeometry = .default, switches: UIKitSwitches = .default,
                                hz: Double = 120) -> [ScenarioCheck] {
        var result: [ScenarioCheck] = []
        for scenario in scenarios {
            for catalog in catalogs where catalog <= largestCatalog {
                let script = scenario.script(catalogCount: catalog)
                if let core {
                    result.append(ScenarioCheck(scenario: scenario, id: core.id, catalogCount: catalog,
                        check: PipelineVerification.check(core, catalogCount: catalog, geometry: geometry, script: script, hz: hz)))
                    if let uikit {
                        result.append(ScenarioCheck(scenario: scenario, id: uikit.id, catalogCount: catalog,
                            check: PipelineVerification.check(uikit, catalogCount: catalog, geometry: geometry,
                                                              switches: switches, script: script, hz: hz),
                            agreement: UIKitAgreement.compare(uikit, catalogCount: catalog, geometry: geometry,
                                                              switches: switches, script: script, hz: hz)))
                    }
                } else if let uikit {
                    result.append(ScenarioCheck(scenario: scenario, id: uikit.id, catalogCount: catalog,
                        check: PipelineVerification.check(uikit, catalogCount: catalog, geometry: geometry,
                                                          switches: switches, script: script, hz: hz)))
                }
            }
        }
        return result
    }
}
