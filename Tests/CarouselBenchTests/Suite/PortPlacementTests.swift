import BenchKit
import CarouselLayout
import Testing
@testable import CarouselBench

/// A flow layout of its own metrics, as a user's port has them: the suite's item size, an 8 pt line spacing (pitch
/// `w + 8` = 320 pt where the suite's is 292.8 pt) and a section inset 30 pt short of centring item 0, so that item
/// `k` is centred at offset `−30 + k·320`; its snap centres the item nearest the proposed centre.
final class ShiftedSnapLayout: FlowLayout {
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: LayoutPoint,
                                      withScrollingVelocity velocity: LayoutPoint) -> LayoutPoint {
        guard let collectionView else { return proposedContentOffset }
        let pitch = itemSize.width + minimumLineSpacing
        let firstCenter = sectionInset.left + itemSize.width / 2
        let width = collectionView.bounds.width
        let last = Double(collectionView.numberOfItems(inSection: 0) - 1)
        let item = min(max(((proposedContentOffset.x + width / 2 - firstCenter) / pitch).rounded(), 0), last)
        return LayoutPoint(x: firstCenter + item * pitch - width / 2, y: proposedContentOffset.y)
    }
}

/// The app around it: `100 n` items, starting on the middle one (as a layout that spans many cycles and never jumps).
final class ShiftedScene: UIKitScene {
    static let lineSpacing = 8.0
    static let shortfall = 30.0
    let layout: ShiftedSnapLayout
    let dataSource: UniformDataSource

    required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = ShiftedSnapLayout(ledger: ledger, switches: switches)
        layout.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        layout.minimumLineSpacing = Self.lineSpacing
        dataSource = UniformDataSource(itemsPerSection: 100 * catalogCount)
        super.init(catalogCount: catalogCount, geometry: Self.geometry(geometry, width: geometry.viewportWidth),
                   switches: switches, ledger: ledger)
        setInset()
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
        collectionView.setContentOffset(LayoutPoint(x: placement.centeringOffset(item: itemCount / 2), y: 0))
        collectionView.layoutIfNeeded()
    }

    /// Its metrics as a geometry: pitch `w + 8`, no scale compensation.
    static func geometry(_ geometry: CarouselGeometry, width: Double) -> CarouselGeometry {
        CarouselGeometry(viewportWidth: width, viewportHeight: geometry.viewportHeight, itemWidth: geometry.itemWidth,
                         itemHeight: geometry.itemHeight, spacing: lineSpacing, minScale: 1)
    }

    func setInset() {
        let inset = (geometry.viewportWidth - geometry.itemWidth) / 2 - Self.shortfall
        layout.sectionInset = EdgeInsets(left: inset, right: inset)
    }

    /// Item `k` centred at `sectionInset.left + w/2 + k·p − W/2`: origin −30.
    var placement: ItemPlacement {
        ItemPlacement(pitch: geometry.pitch, origin: layout.sectionInset.left + geometry.itemWidth / 2 - geometry.viewportWidth / 2)
    }

    override var itemCount: Int { 100 * catalogCount }

    override func snapTarget(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
        let target = layout.targetContentOffset(forProposedContentOffset: LayoutPoint(x: proposedOffset, y: 0),
                                                withScrollingVelocity: LayoutPoint(x: velocity, y: 0))
        return collectionView.restingOffset(forTarget: target.x)
    }

    /// Keeps the centred item: the same item at the new width's placement.
    override func handleRotation(toWidth width: Double) {
        let old = placement
        let centred = min(max(old.position(offset: collectionView.contentOffset.x).rounded(), 0), Double(itemCount - 1))
        geometry = Self.geometry(geometry, width: width)
        setInset()
        collectionView.layoutIfNeeded()
        collectionView.setContentOffset(LayoutPoint(x: placement.centeringOffset(item: Int(centred)), y: 0))
    }

    override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let nearest = nearestVisibleCell()?.globalIndex
        output.centerItem = nearest
        output.logicalIndex = nearest.map { $0 % catalogCount }
    }
}

protocol ShiftedFixture: UIKitPipeline where Scene == ShiftedScene {}

extension ShiftedFixture {
    static var complexity: Complexity { "O(k) per frame" }
    static var allocationEvidence: String { "as a flow layout's" }
    /// Never jumps, but `100 n` items from the middle: the trajectory's distance never reaches an end.
    static var traits: PipelineTraits { PipelineTraits(wraps: false, scaleRange: 1...1, infinite: true) }
}

/// Declares where its items sit (its scene's placement).
struct ShiftedPort: ShiftedFixture {
    static let id = "uikit.test.shifted"
    var scene: ShiftedScene
    init(scene: ShiftedScene) { self.scene = scene }
    var placement: ItemPlacement { scene.placement }
}

/// The same port declaring nothing: the default placement (its geometry's, origin 0) is wrong for it.
struct UnshiftedPort: ShiftedFixture {
    static let id = "uikit.test.unshifted"
    var scene: ShiftedScene
    init(scene: ShiftedScene) { self.scene = scene }
}

/// A scene that shows, from frame 5 on, an item past its last one.
final class OutOfRangeScene: UIKitScene {
    let layout: FlowLayout
    let dataSource: UniformDataSource
    var frames = 0

    required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = FlowLayout(ledger: ledger, switches: switches)
        layout.itemSize = LayoutSize(width: geometry.itemWidth, height: geometry.itemHeight)
        layout.minimumLineSpacing = geometry.lineSpacing
        let inset = geometry.inset
        layout.sectionInset = EdgeInsets(left: inset, right: inset)
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
    }

    override func fillOutput(_ output: inout FrameOutput) {
        appendVisibleCells(into: &output) { $0.globalIndex }
        let nearest = nearestVisibleCell()?.globalIndex
        output.centerItem = nearest
        output.logicalIndex = nearest
        if frames >= 5 { output.visible.append(VisibleItem(item: itemCount + 2)) }
        frames += 1
    }
}

struct OutOfRangePort: UIKitPipeline {
    static let id = "uikit.test.outOfRange"
    static let complexity: Complexity = "O(k) per frame"
    static let allocationEvidence = "as a flow layout's"
    static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 1...1)
    var scene: OutOfRangeScene
    init(scene: OutOfRangeScene) { self.scene = scene }
}

/// A scene whose layout lays out nothing (its items are all zero-sized and off the content).
final class EmptyScene: UIKitScene {
    let layout: FlowLayout
    let dataSource: UniformDataSource

    required init(catalogCount: Int, geometry: CarouselGeometry, switches: UIKitSwitches) {
        let ledger = UIKitLedger()
        layout = FlowLayout(ledger: ledger, switches: switches)
        dataSource = UniformDataSource(itemsPerSection: catalogCount)
        super.init(catalogCount: catalogCount, geometry: geometry, switches: switches, ledger: ledger)
        installCollectionView(layout: layout, dataSource: dataSource, delegate: nil)
    }

    override func fillOutput(_ output: inout FrameOutput) {}
}

struct EmptyPort: UIKitPipeline {
    static let id = "uikit.test.empty"
    static let complexity: Complexity = "O(1) per frame"
    static let allocationEvidence = "none"
    static let traits = PipelineTraits(wraps: false, centerMayBeMissing: true, scaleRange: 1...1)
    var scene: EmptyScene
    init(scene: EmptyScene) { self.scene = scene }
}

@Suite struct PortPlacementTests {
    private func verify(_ id: String, in suite: CarouselSuite, catalog: Int = 3) throws -> String? {
        let registration = try #require(suite.benchmarks.registrations.first { $0.id.description == id }, "\(id)")
        return registration.setUp(catalog).verify?()
    }

    /// A port whose pitch (320 pt) is not the suite's (292.8 pt), resting on item 150 at offset 47 970: the rotate
    /// check compares the centred item under the port's own placement before and after, and passes.
    @Test func theRotateCheckComparesThePortsOwnPlacementBeforeAndAfter() throws {
        let suite = CarouselSuite(SuiteConfiguration(), adding: [.uikit(ShiftedPort.self)])
        #expect(SuiteConfiguration().geometry.pitch != 320)
        let pipeline = ShiftedPort(catalogCount: 3, geometry: SuiteConfiguration().geometry)
        #expect(pipeline.placement == ItemPlacement(pitch: 320, origin: -30))
        #expect(pipeline.offset == 47_970)
        // Dividing by the suite's pitch before and by the port's after compares item 164 with item 150.
        #expect((pipeline.offset / SuiteConfiguration().geometry.pitch).rounded() != (pipeline.offset / 320).rounded())
        for operation in UIKitOperation.allCases where operation != .update {
            #expect(try verify("\(operation.rawValue)/uikit.test.shifted", in: suite) == nil, "\(operation)")
        }
        // It declares no catalogue update path: that row is skipped with the reason, not timed.
        let update = try #require(suite.benchmarks.registrations.first { $0.id.description == "update/uikit.test.shifted" })
        #expect(update.setUp(3).inapplicable == "the design declares no catalogue update path")
    }

    /// Its trajectory verifies as written once it declares where its items sit; declaring nothing, it fails with one
    /// line naming the declared placement and the one its frames fit.
    @Test func aPortVerifiesWithItsDeclaredPlacementAndFailsNamingBothWithout() throws {
        let suite = CarouselSuite(SuiteConfiguration(), adding: [.uikit(ShiftedPort.self), .uikit(UnshiftedPort.self)])
        #expect(try verify("uikit/test.shifted", in: suite) == nil)
        #expect(try verify("uikit/test.shifted", in: suite, catalog: 300) == nil)
        let failure = try #require(try verify("uikit/test.unshifted", in: suite))
        #expect(failure.contains("under the declared placement (origin 0, pitch 320); its rests put item k at -30 + k·320 "
                                 + "(origin -30, pitch 320)"), "\(failure)")
        #expect(!failure.contains("\n"))
        // Its design criteria, measured from its own frames: infinite over the trajectory's distance, no focus.
        let design = DesignMeasuring.measure(ShiftedPort.self, catalogCount: 3, switches: .default)
        #expect(design.measured.infinite, "\(design.evidence[.infinite] ?? "")")
        #expect(design.disagreements.isEmpty, "\(design.disagreements)")
    }

    /// Bad input: an index outside [0, N) or no item at all is reported with the frame and the index, and none of the
    /// port's rows is timed (a row whose verification fails is skipped; the run goes on and exits 1).
    @Test func aPortShowingAnIndexOutsideItsItemsOrNoItemIsReportedAndNotTimed() throws {
        let suite = CarouselSuite(SuiteConfiguration(), adding: [.uikit(OutOfRangePort.self), .uikit(EmptyPort.self)])
        #expect(try verify("uikit/test.outOfRange", in: suite) == "frame 5: visible item 5 outside [0, 3)")
        for operation in UIKitOperation.allCases {
            #expect(try verify("\(operation.rawValue)/uikit.test.outOfRange", in: suite)
                    == "its frames fail their check: frame 5: visible item 5 outside [0, 3)", "\(operation)")
        }
        let empty = try #require(try verify("uikit/test.empty", in: suite))
        #expect(empty.hasPrefix("lays out no item: none of its "), "\(empty)")
        for operation in UIKitOperation.allCases {
            #expect(try verify("\(operation.rawValue)/uikit.test.empty", in: suite) == "lays out no item: frame 0 at offset 0.0 shows none",
                    "\(operation)")
        }
    }
}

/// The shifted port declaring that it lays out at most 7 items (all `n` below 7).
struct WindowedPort: ShiftedFixture {
    static let id = "uikit.test.windowed"
    static let traits = PipelineTraits(wraps: false, scaleRange: 1...1, infinite: true,
                                       policies: [.window(items: 7, "the test's fixture")])
    var scene: ShiftedScene
    init(scene: ShiftedScene) { self.scene = scene }
    var placement: ItemPlacement { scene.placement }
}

/// `trace --gesture catalogue-update` on a UIKit view that declares no catalogue update path: one line, exit 64, before
/// any frame is played.
@Suite struct CatalogueUpdateTraceRefusalTests {
    @Test func aViewWithNoUpdatePathIsRefusedInOneLine() throws {
        let arguments = TraceArguments()
        let configuration = try arguments.geometry.configuration()
        #expect(EmptyScene(catalogCount: 3, geometry: .default, switches: .default).catalogUpdatePath == nil)
        do {
            _ = try TraceCommand.traceCatalogueUpdates(arguments, core: nil, uikit: EmptyPort.self, catalog: 3, configuration: configuration)
            Issue.record("the trace ran")
        } catch let error as UsageError {
            #expect(error.message == "option '--gesture': uikit.test.empty declares no catalogue update path, so it has no catalogue-update to play")
        }
    }
}
