import BenchKit
import CarouselLayout

/// What a row of the results is, as a value. The suite records one per benchmark as it registers it, so the report
/// switches over it and never parses an id; `id` is the same string a results file, a baseline and a history have
/// always had.
///
///     SuiteRow.uikit(best).id                                   // uikit/best
///     SuiteRow.lifecycle(.rotate, best).id                      // rotate/uikit.best
///     SuiteRow.switches(best, changes: ["flowQuery=scan"]).id   // uikit-switches/best[flowQuery=scan]
@usableFromInline
enum SuiteRow: Hashable {
    /// The harness's own cost (`harness/empty`).
    case harness(String)
    /// The least work a frame can do (`floor/scaleAlpha`).
    case floor
    /// What the UIKit model costs per frame with the least layout (`floor/uikit`): the `uikit/*` rows' floor.
    case uikitFloor
    /// One strategy of a component family alone (`query/linear`, `prepare/query.linear`).
    case component(ComponentFamily, strategy: String)
    /// An implementation's core over the trajectory (`pipeline/best`).
    case pipeline(Implementation)
    /// An implementation's UIKit view over the trajectory under the run's switches (`uikit/best`).
    case uikit(Implementation)
    /// One lifecycle operation of a UIKit view (`rotate/uikit.best`).
    case lifecycle(UIKitOperation, Implementation)
    /// A UIKit view under another combination of the switches (`uikit-switches/best[flowQuery=scan]`).
    case switches(Implementation, changes: [String])

    /// The row's id in every file the suite writes.
    var id: BenchmarkID {
        switch self {
        case let .harness(name): BenchmarkID(family: SuiteFamilies.harness, strategy: name)
        case .floor: CarouselSuite.id(SuiteFamilies.floor, FloorFrame.id)
        case .uikitFloor: CarouselSuite.id(SuiteFamilies.floor, UIKitFloorPipeline.id)
        case let .component(family, strategy): CarouselSuite.id(family.rawValue, strategy)
        case let .pipeline(implementation): CarouselSuite.id(SuiteFamilies.pipeline, implementation.coreID!)
        case let .uikit(implementation): CarouselSuite.id(SuiteFamilies.uikit, implementation.uikitID!)
        case let .lifecycle(operation, implementation):
            BenchmarkID(family: SuiteFamilies.lifecycle(operation), strategy: implementation.uikitID!)
        case let .switches(implementation, changes):
            BenchmarkID(family: SuiteFamilies.uikitSwitches,
                        strategy: CarouselSuite.id(SuiteFamilies.uikit, implementation.uikitID!).strategy
                            + "[" + changes.joined(separator: ";") + "]")
        }
    }

    /// The implementation the row times, if it times one.
    var implementation: Implementation? {
        switch self {
        case .harness, .floor, .uikitFloor, .component: nil
        case let .pipeline(implementation), let .uikit(implementation), let .lifecycle(_, implementation),
             let .switches(implementation, _): implementation
        }
    }
}

/// The component families (Docs/ALGORITHMS.md, "Suite rows"), each strategy timed alone, in the report's order.
@usableFromInline
enum ComponentFamily: String, CaseIterable, Hashable {
    case query, lookup, transform, snap, wrap, prepare
}
