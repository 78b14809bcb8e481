import Foundation
import Determinism
import BenchKit
import BenchSink
import CarouselLayout

/// The inputs every component benchmark cycles through: content offsets spread over the laid-out items,
/// seeded, so every strategy of a family sees exactly the same calls.
enum ComponentInputs {
    /// Inputs cycle with this period (`Defaults.inputCycle`, a power of two, so the cursor wraps with a mask): long
    /// enough that the branch predictor cannot learn the cycle, so a row measures a call at an offset the machine
    /// could not have predicted. The first 1 024 inputs are the same at every cycle length (one seeded sequence), so
    /// the instruction gate's iterations (at most `Defaults.instructionIterations`) count the same calls.
    /// Evidence: Docs/COMPONENT-ROWS.md, "The input cycle".
    static let count = Defaults.inputCycle
    static let mask = count - 1
    /// The offsets' seed: the transforms' table, built from the offsets, is keyed by it too.
    static let offsetsSeed: UInt64 = 0xC0FFEE

    /// Offsets uniformly spread over `[0, (N-1)*p]`, with fractional positions between items; one table per
    /// geometry and size, shared by every case that reads it.
    static func offsets(geometry: CarouselGeometry, itemCount: Int, seed: UInt64 = offsetsSeed) -> [Double] {
        SharedInputs.shared.table("offsets", geometry: geometry, itemCount: itemCount, seed: seed) {
            var generator = SeededGenerator(seed: seed)
            let last = Double(max(0, itemCount - 1)) * geometry.pitch
            return (0..<count).map { _ in generator.nextDouble(in: 0...last) }
        }
    }

    /// Release inputs for snap strategies: (current, proposed, velocity in pt/s), both directions, slow and fast.
    static func releases(geometry: CarouselGeometry, itemCount: Int, seed: UInt64 = 0x5EED) -> [(Double, Double, Double)] {
        SharedInputs.shared.table("releases", geometry: geometry, itemCount: itemCount, seed: seed) {
            var generator = SeededGenerator(seed: seed)
            let last = Double(max(0, itemCount - 1)) * geometry.pitch
            return (0..<count).map { _ in
                let current = generator.nextDouble(in: 0...last)
                let velocity = generator.nextDouble(in: -3000...3000)
                let proposed = min(max(ScrollDeceleration.restingOffset(from: current, velocity: velocity, rate: ScrollDeceleration.normal), 0), last)
                return (current, proposed, velocity)
            }
        }
    }
}

/// Input tables built once per kind, geometry, size and seed and shared by every case that reads them (arrays are
/// copy-on-write, so the cases hold one buffer): with `ComponentInputs.count` inputs a table, the 21 component
/// benchmarks at the 8 default sizes hold 8 sizes' tables, not 168 (estimated 340 MB). A run of those benchmarks at the
/// default sizes (`--time-budget 5`) peaked at 81 MB resident, against 40 MB with the 1 024-input cycle.
final class SharedInputs: @unchecked Sendable {
    static let shared = SharedInputs()
    private let lock = NSLock()
    private var tables: [(kind: String, geometry: CarouselGeometry, itemCount: Int, seed: UInt64, table: Any)] = []

    /// The table of `kind` for this geometry, size and seed: `make`'s, built on the first call (under the lock, so
    /// two cases set up at once build it once).
    /// - Complexity: O(tables) plus `make` on the first call.
    func table<Table>(_ kind: String, geometry: CarouselGeometry, itemCount: Int, seed: UInt64,
                      make: () -> Table) -> Table {
        lock.lock()
        defer { lock.unlock() }
        if let found = tables.first(where: {
            $0.kind == kind && $0.geometry == geometry && $0.itemCount == itemCount && $0.seed == seed
        }) {
            return found.table as! Table   // a kind names one type of table
        }
        let table = make()
        tables.append((kind, geometry, itemCount, seed, table))
        return table
    }
}

/// Callgrind iterations for a benchmark over `items` laid-out items: fewer where one call may be O(N), so a
/// large catalog's count stays within seconds under valgrind. Depends only on `items`: counts stay repeatable
/// (Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts").
func instructionIterations(items: Int) -> Int {
    max(Defaults.minimumCallIterations,
        min(Defaults.instructionIterations, Defaults.countedCallItems / max(1, items)))
}

// MARK: - Queries

/// `query/*`: which items intersect the viewport rect at an offset; one call per iteration.
func queryBenchmark<Query: VisibleItemQuery>(
    geometry: CarouselGeometry, _ make: @escaping (CarouselGeometry, Int) -> Query
) -> (Int) -> PreparedBenchmark {
    { catalog in
        let query = make(geometry, catalog)
        let offsets = ComponentInputs.offsets(geometry: geometry, itemCount: catalog)
        let state = QueryState(query: query, geometry: geometry, offsets: offsets)
        return PreparedBenchmark(items: catalog, verify: { state.verify() }, instructionIterations: instructionIterations(items: catalog)) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

final class QueryState<Query: VisibleItemQuery> {
    let query: Query
    let geometry: CarouselGeometry
    let offsets: [Double]
    var buffer: [Int] = []
    var cursor = 0

    init(query: Query, geometry: CarouselGeometry, offsets: [Double]) {
        self.query = query
        self.geometry = geometry
        self.offsets = offsets
        buffer.reserveCapacity(64)
    }

    /// `query.linear` is timed the way a flow layout answers: attributes filtered into a fresh array.
    func run(_ iterations: Int) -> UInt64 {
        var hash: UInt64 = 0
        if let linear = query as? LinearQuery {
            for _ in 0..<iterations {
                let hits = linear.attributes(in: geometry.viewportSpan(offset: offsets[cursor]))
                hash = StableHash.mix(hash, UInt64(hits.count) &+ UInt64(hits.first?.index ?? 0))
                cursor = (cursor + 1) & ComponentInputs.mask
            }
            return hash
        }
        for _ in 0..<iterations {
            query.visibleItems(in: geometry.viewportSpan(offset: offsets[cursor]), into: &buffer)
            hash = StableHash.mix(hash, UInt64(buffer.count) &+ UInt64(buffer.first ?? 0))
            cursor = (cursor + 1) & ComponentInputs.mask
        }
        return hash
    }

    /// Every answer equals the brute-force set of frames intersecting the rect.
    func verify() -> String? {
        for offset in offsets.prefix(64) {
            let rect = geometry.viewportSpan(offset: offset)
            query.visibleItems(in: rect, into: &buffer)
            let expected = LookupAnswer.visible(geometry, count: query.itemCount, offset: offset)
            if buffer != expected { return "offset \(offset): visible \(buffer), expected \(expected)" }
        }
        return nil
    }
}

// MARK: - Lookups

/// `lookup/*`: which item is centred at an offset; one call per iteration.
func lookupBenchmark<Lookup: CenterLookup>(geometry: CarouselGeometry, entry: LookupEntry<Lookup>) -> (Int) -> PreparedBenchmark {
    { catalog in
        let state = LookupState(lookup: entry.make(geometry, catalog),
                                offsets: ComponentInputs.offsets(geometry: geometry, itemCount: catalog))
        return PreparedBenchmark(items: catalog, verify: {
            state.verify(mayReturnNone: entry.mayReturnNone) { entry.answer.item(geometry, count: catalog, offset: $0) }
        }, instructionIterations: instructionIterations(items: catalog)) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

final class LookupState<Lookup: CenterLookup> {
    var lookup: Lookup
    let offsets: [Double]
    var cursor = 0

    init(lookup: Lookup, offsets: [Double]) {
        self.lookup = lookup
        self.offsets = offsets
    }

    func run(_ iterations: Int) -> UInt64 {
        var hash: UInt64 = 0
        for _ in 0..<iterations {
            hash = StableHash.mix(hash, lookup.centerItem(atOffset: offsets[cursor]))
            cursor = (cursor + 1) & ComponentInputs.mask
        }
        return hash
    }

    /// Each strategy is checked against what its source computes (not against the ideal: `verify` reports that).
    /// A lookup that may find none (a hit test) may answer none where the reference has an item too.
    func verify(mayReturnNone: Bool, reference: (Double) -> Int?) -> String? {
        for offset in offsets.prefix(128) {
            let got = lookup.centerItem(atOffset: offset)
            let want = reference(offset)
            if got != want && !(got == nil && mayReturnNone) { return "offset \(offset): centre \(got.map(String.init) ?? "none"), expected \(want.map(String.init) ?? "none")" }
        }
        return nil
    }
}

// MARK: - Transforms

/// `transform/*`: the transforms of every visible item at an offset; one call (k items) per iteration.
func transformBenchmark<Transform: FocusTransform>(
    geometry: CarouselGeometry, _ make: @escaping (CarouselGeometry) -> Transform
) -> (Int) -> PreparedBenchmark {
    { catalog in
        let state = TransformState(transform: make(geometry), geometry: geometry, catalog: catalog)
        return PreparedBenchmark(items: catalog, verify: { state.verify() }, instructionIterations: instructionIterations(items: catalog)) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

final class TransformState<Transform: FocusTransform> {
    let transform: Transform
    /// Flattened (itemCenter, viewportCenter) pairs and, per input, where its visible items start and end.
    let centers: [Double]
    let viewportCenters: [Double]
    let starts: [Int]
    var output: [ItemTransform] = []
    var cursor = 0

    init(transform: Transform, geometry: CarouselGeometry, catalog: Int) {
        self.transform = transform
        // One table per geometry and size, shared by every transform (SharedInputs); the offsets are fetched first,
        // since the table is built under the lock that fetching them takes.
        let offsets = ComponentInputs.offsets(geometry: geometry, itemCount: catalog)
        (centers, viewportCenters, starts) = SharedInputs.shared.table(
            "transform inputs", geometry: geometry, itemCount: catalog, seed: ComponentInputs.offsetsSeed
        ) {
            // Two passes, so each array is allocated once at its size. Grown by appending, the arrays free blocks of
            // up to a few MB as they grow, which raises glibc's mmap threshold for the rest of the run (a cause
            // assumed, not measured) and makes a later row's costliest frame twice as long in some processes
            // (Docs/NOISE.md, "Rows a whole process shifts").
            let visible = ArithmeticQuery(geometry: geometry, itemCount: catalog)
            var items: [Int] = []
            var starts: [Int] = [0]
            starts.reserveCapacity(offsets.count + 1)
            for offset in offsets {
                visible.visibleItems(in: geometry.viewportSpan(offset: offset), into: &items)
                starts.append(starts.last! + items.count)
            }
            var centers: [Double] = [], viewportCenters: [Double] = []
            centers.reserveCapacity(starts.last!)
            viewportCenters.reserveCapacity(starts.last!)
            for offset in offsets {
                let viewportCenter = geometry.viewportCenter(offset: offset)
                visible.visibleItems(in: geometry.viewportSpan(offset: offset), into: &items)
                for item in items {
                    centers.append(geometry.itemCenter(item))
                    viewportCenters.append(viewportCenter)
                }
            }
            return (centers, viewportCenters, starts)
        }
        output.reserveCapacity(64)
    }

    func run(_ iterations: Int) -> UInt64 {
        var hash: UInt64 = 0
        for _ in 0..<iterations {
            output.removeAll(keepingCapacity: true)
            for index in starts[cursor]..<starts[cursor + 1] {
                output.append(transform.transform(itemCenter: centers[index], viewportCenter: viewportCenters[index]))
            }
            for item in output { hash = StableHash.mix(StableHash.mix(hash, item.scale), item.alpha) }
            cursor = (cursor + 1) & ComponentInputs.mask
        }
        return hash
    }

    /// Same inputs give the same transforms twice, and every scale is finite and positive.
    func verify() -> String? {
        for index in centers.indices.prefix(256) {
            let first = transform.transform(itemCenter: centers[index], viewportCenter: viewportCenters[index])
            let again = transform.transform(itemCenter: centers[index], viewportCenter: viewportCenters[index])
            guard first == again, first.scale.isFinite, first.scale > 0, first.alpha.isFinite else {
                return "item centre \(centers[index]), viewport centre \(viewportCenters[index]): transform \(first)"
            }
        }
        return nil
    }
}

// MARK: - Snaps

/// `snap/*`: the resting offset for a release; one call per iteration (once per gesture in a real app).
func snapBenchmark<Snap: SnapStrategy>(
    geometry: CarouselGeometry, _ make: @escaping (CarouselGeometry, Int) -> Snap
) -> (Int) -> PreparedBenchmark {
    { catalog in
        let state = SnapState(snap: make(geometry, catalog),
                              releases: ComponentInputs.releases(geometry: geometry, itemCount: catalog))
        return PreparedBenchmark(items: catalog, verify: { state.verify() }, instructionIterations: instructionIterations(items: catalog)) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

final class SnapState<Snap: SnapStrategy> {
    var snap: Snap
    let releases: [(Double, Double, Double)]
    var cursor = 0

    init(snap: Snap, releases: [(Double, Double, Double)]) {
        self.snap = snap
        self.releases = releases
    }

    func run(_ iterations: Int) -> UInt64 {
        var hash: UInt64 = 0
        for _ in 0..<iterations {
            let (current, proposed, velocity) = releases[cursor]
            hash = StableHash.mix(hash, snap.target(currentOffset: current, proposedOffset: proposed, velocity: velocity))
            cursor = (cursor + 1) & ComponentInputs.mask
        }
        return hash
    }

    /// A snap is a pure function of its release: the same release twice gives the same finite target.
    func verify() -> String? {
        for (current, proposed, velocity) in releases.prefix(128) {
            let first = snap.target(currentOffset: current, proposedOffset: proposed, velocity: velocity)
            let again = snap.target(currentOffset: current, proposedOffset: proposed, velocity: velocity)
            guard first.isFinite, first == again else {
                return "release at \(current), proposed \(proposed), v \(velocity): target \(first) then \(again)"
            }
        }
        return nil
    }
}

// MARK: - Wraps

/// `wrap/*`: the per-frame wrap check while dragging right at 2 000 pt/s at the suite's frame rate; one frame
/// per iteration.
func wrapBenchmark<Wrap: WrapStrategy>(
    geometry: CarouselGeometry, hz: Double, _ make: @escaping (CarouselGeometry, Int) -> Wrap
) -> (Int) -> PreparedBenchmark {
    { catalog in
        let state = WrapState(wrap: make(geometry, catalog), step: 2000.0 / hz)
        return PreparedBenchmark(items: state.wrap.itemCount, verify: { state.verify() },
                                  instructionIterations: instructionIterations(items: catalog)) { iterations in
            blackHole(state.run(iterations))
        }
    }
}

final class WrapState<Wrap: WrapStrategy> {
    let wrap: Wrap
    let step: Double
    var offset: Double

    init(wrap: Wrap, step: Double) {
        self.wrap = wrap
        self.step = step
        offset = wrap.startOffset
    }

    func run(_ iterations: Int) -> UInt64 {
        var hash: UInt64 = 0
        for _ in 0..<iterations {
            var result = wrap.step(offset: offset + step)
            if result.offset > wrap.offsetRange.upperBound { result = WrapStep(offset: wrap.startOffset, jumped: true) }
            offset = result.offset
            hash = StableHash.mix(hash, result.offset)
        }
        return hash
    }

    /// A slow drag never moves what the user sees: every jump is a whole number of catalog widths.
    func verify() -> String? {
        var offset = wrap.startOffset
        for frame in 0..<2048 {
            let moved = offset + step
            let result = wrap.step(offset: moved)
            if result.jumped {
                let widths = (moved - result.offset) / wrap.catalogWidth
                if abs(widths - widths.rounded()) > 1e-6 {
                    return "frame \(frame): jump from \(moved) to \(result.offset) is \(widths) catalog widths"
                }
            }
            offset = result.offset > wrap.offsetRange.upperBound ? wrap.startOffset : result.offset
        }
        return nil
    }
}

// MARK: - Prepare

/// `prepare/*`: the one-time layout of N items (a flow layout's `prepare()`); one call per iteration.
/// Not counted under callgrind: their N-sized allocations cost glibc a different number of instructions
/// depending on the heap the benchmarks before them left (measured: 3-5% between a full and a quick run).
func prepareBenchmark(
    geometry: CarouselGeometry, _ prepare: @escaping (CarouselGeometry, Int) -> UInt64
) -> (Int) -> PreparedBenchmark {
    { count in
        return PreparedBenchmark(items: count, verify: {
            prepare(geometry, count) == prepare(geometry, count) ? nil : "two prepares of \(count) items differ"
        }, instructionIterations: instructionIterations(items: count), countsInstructions: false) { iterations in
            for _ in 0..<iterations { blackHole(prepare(geometry, opaqueIdentity(count))) }
        }
    }
}
