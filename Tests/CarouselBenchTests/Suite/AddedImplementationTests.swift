import BenchKit
import CarouselLayout
import Testing
@testable import CarouselBench

/// UPCarouselFlowLayout's scene as a user's layout ported on its own (no core), under an id of the test's.
protocol PortedUPCarouselFixture: UIKitPipeline where Scene == UPCarouselScene {}

extension PortedUPCarouselFixture {
    static var complexity: Complexity { "O(k) per frame" }
    static var allocationEvidence: String { "as uikit.peer.upcarousel" }
}

/// A port with its peer's traits.
struct PortedUPCarousel: PortedUPCarouselFixture {
    static let id = "uikit.test.ported"
    static let traits = UPCarouselPipeline.traits
    var scene: UPCarouselScene
    init(scene: UPCarouselScene) { self.scene = scene }
}

/// The same layout with traits it does not meet (no focus transform claimed): its verification must fail.
struct MisdeclaredUPCarousel: PortedUPCarouselFixture {
    static let id = "uikit.test.misdeclared"
    static let traits = PipelineTraits(wraps: false, scaleRange: 1...1)
    var scene: UPCarouselScene
    init(scene: UPCarouselScene) { self.scene = scene }
}

/// A user's implementation with the id of a built-in one.
struct ImpostorBest: PortedUPCarouselFixture {
    static let id = "uikit.best"
    static let traits = UPCarouselPipeline.traits
    var scene: UPCarouselScene
    init(scene: UPCarouselScene) { self.scene = scene }
}

@Suite struct AddedImplementationTests {
    private func registration(_ id: String, in suite: CarouselSuite) -> BenchmarkRegistration? {
        suite.benchmarks.registrations.first { $0.id.description == id }
    }

    @Test func anAddedUIKitPipelineGetsItsRowsBesideTheBuiltInOnes() throws {
        let suite = CarouselSuite(SuiteConfiguration(), adding: [.uikit(PortedUPCarousel.self)])
        let ids = Set(suite.benchmarks.benchmarkIDs.map(\.description))
        #expect(ids.contains("uikit/test.ported"))
        #expect(ids.contains("uikit/best"))
        #expect(!ids.contains("pipeline/test.ported"), "no core, no core row")
        for operation in UIKitOperation.allCases {
            #expect(ids.contains("\(operation.rawValue)/uikit.test.ported"))
        }
        #expect(suite.complexities[BenchmarkID(family: "uikit", strategy: "test.ported")]?.text == "O(k) per frame")
        // Without a core it is verified by the eight properties, and it passes them as its peer does.
        let prepared = try #require(registration("uikit/test.ported", in: suite)).setUp(3)
        #expect(prepared.verify?() == nil)
        // The built-in suite is unchanged by an empty list; the port adds its per-frame row and one per operation.
        let added = 1 + UIKitOperation.allCases.count
        #expect(CarouselSuite(SuiteConfiguration(), adding: []).benchmarks.benchmarkIDs.count + added == suite.benchmarks.benchmarkIDs.count)
    }

    @Test func anAddedPipelineThatFailsItsChecksIsNotTimed() throws {
        let suite = CarouselSuite(SuiteConfiguration(), adding: [.uikit(MisdeclaredUPCarousel.self)])
        let prepared = try #require(registration("uikit/test.misdeclared", in: suite)).setUp(3)
        let failure = try #require(prepared.verify?())
        #expect(failure.contains("scale"), "\(failure)")
    }

    @Test func anAddedImplementationWithATakenIdIsRefusedNamingBoth() {
        do {
            try StrategyRegistry.checkAdded([Implementation(uikit: ImpostorBest.self)])
            Issue.record("an implementation with a built-in's id was accepted")
        } catch {
            #expect("\(error)" == "uikit.best is declared twice: by the built-in best and by ImpostorBest; give ImpostorBest another id")
        }
        do {
            try StrategyRegistry.checkAdded([Implementation(uikit: PortedUPCarousel.self), Implementation(uikit: PortedUPCarousel.self)])
            Issue.record("a second implementation with the same ids was accepted")
        } catch {
            #expect("\(error)" == "uikit.test.ported is declared twice: by PortedUPCarousel and by PortedUPCarousel; give PortedUPCarousel another id")
        }
        #expect(CarouselBench.run(["list"], adding: [.uikit(ImpostorBest.self)]) == ExitCode.usage)
        #expect(CarouselBench.added.isEmpty, "a refused list is not installed")
    }

    @Test func theImplementationsOfTheWalkIncludeTheAddedOnes() {
        final class Ids: StrategyVisitor {
            var ids: [String] = []
            func visit(_ info: StrategyInfo) { ids.append(info.id) }
        }
        let ids = Ids()
        StrategyRegistry.walk(ids, adding: [Implementation(uikit: PortedUPCarousel.self)])
        #expect(ids.ids.last == "uikit.test.ported")
        #expect(ids.ids.dropLast() == StrategyRegistry.infos.map(\.id))
    }
}
