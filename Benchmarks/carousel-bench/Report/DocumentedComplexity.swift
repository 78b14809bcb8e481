import BenchReport

/// What a benchmark's code documents about its growth: the `- Complexity:` line of the strategy's doc
/// comment (copied, since doc comments do not exist at run time) and the class it implies for the
/// benchmarked configuration, written in `N` (the replicated item count, the results' `items` column).
struct DocumentedComplexity: Equatable {
    /// The type whose doc comment carries the line.
    let source: String
    /// The `- Complexity:` line, verbatim.
    let docLine: String
    /// The cost of one measured iteration in `N`, as `ComplexityClass(documented:)` parses it; where the
    /// line says "the query", the query the suite wires in is substituted.
    let perIteration: String

    var complexityClass: ComplexityClass? { ComplexityClass(documented: perIteration) }
}

/// The documented complexity of every registered benchmark id. A test checks every id of `list` has an entry.
enum DocumentedComplexities {
    static func entry(for id: String) -> DocumentedComplexity? { table[id] }

    static let table: [String: DocumentedComplexity] = [
        "harness/empty": .init(source: "SuiteCatalog.registerHarnessSelfCheck", docLine: "O(1): an empty loop feeding the sink.", perIteration: "O(1)"),
        "floor/scaleAlpha": .init(source: "FloorFrame", docLine: "O(k) per frame, no allocation once the output buffer is warm.", perIteration: "O(k)"),

        "pipeline/seed000.flow": .init(
            source: "Seed000FlowPipeline",
            docLine: "O(N) per frame (every cached frame is tested) plus two array allocations; O(N) per rotation.",
            perIteration: "O(N)"),
        "pipeline/seed000.centerFocused": .init(
            source: "Seed000CenterFocusedPipeline",
            docLine: "O(N) per frame plus one array allocation; O(N) per rotation.", perIteration: "O(N)"),
        "pipeline/seed000.compositional": .init(
            source: "Seed000CompositionalPipeline",
            docLine: "O(k) per frame, no allocation once the buffers are warm; O(1) in N.", perIteration: "O(k)"),
        "pipeline/seed000.compositionalScaled": .init(
            source: "Seed000CompositionalScaledPipeline",
            docLine: "O(k) per frame, no allocation once the buffers are warm; O(1) in N.", perIteration: "O(k)"),
        "pipeline/seed003.paging": .init(
            source: "Seed003PagingPipeline",
            docLine: "O(N) per frame (three linear queries, three allocations); O(N) per release (relayout).",
            perIteration: "O(N)"),
        "pipeline/seed004.sentinel": .init(
            source: "Seed004SentinelPipeline",
            docLine: "O(k) per frame, no allocation once the buffers are warm; O(1) per gesture.", perIteration: "O(k)"),
        "pipeline/peer.upcarousel": .init(
            source: "UPCarouselPipeline",
            docLine: "O(N) per frame plus three array allocations; O(N + k log k) per release.", perIteration: "O(N)"),
        "pipeline/peer.fspager": .init(
            source: "FSPagerPipeline",
            docLine: "O(k) per frame, no allocation once the buffers are warm; O(1) in N.", perIteration: "O(k)"),
        // N = 4000n here, so O(k*n) per frame is linear in N.
        "pipeline/peer.infinitelayout": .init(
            source: "InfiniteLayoutPipeline",
            docLine: "O(k*n) per frame (the page's cached frames are all tested) plus array allocations, O(k log k) sort.",
            perIteration: "O(k N)"),
        "pipeline/best": .init(
            source: "BestPipeline",
            docLine: "O(k) per frame, O(1) in N, no allocation once the output buffer is warm.", perIteration: "O(k)"),

        "query/linear": .init(
            source: "LinearQuery",
            docLine: "O(N) per query, one array allocation per query; O(N) to prepare.", perIteration: "O(N)"),
        "query/binary": .init(
            source: "BinarySearchQuery",
            docLine: "O(log N + k) per query, no allocation once `indices` has capacity; O(N) to prepare.",
            perIteration: "O(log N + k)"),
        "query/arithmetic": .init(
            source: "ArithmeticQuery",
            docLine: "O(k) per query, no cached frames, no allocation once `indices` has capacity.", perIteration: "O(k)"),

        // The scan lookups are benchmarked through `query.linear` (O(N)).
        "lookup/sortedScan": .init(
            source: "SortedScanLookup", docLine: "the query, plus O(k log k) for the sort.", perIteration: "O(N + k log k)"),
        "lookup/sortedScan.byDistance": .init(
            source: "SortedScanByDistanceLookup", docLine: "the query, plus O(k log k) for the sort.",
            perIteration: "O(N + k log k)"),
        // Benchmarked through `query.arithmetic` (O(k)).
        "lookup/minScan": .init(source: "MinScanLookup", docLine: "the query, plus O(k).", perIteration: "O(k)"),
        "lookup/arithmetic": .init(source: "ArithmeticLookup", docLine: "O(1), no allocation.", perIteration: "O(1)"),
        "lookup/hitTest": .init(
            source: "HitTestLookup", docLine: "the query (a point rect), plus O(k).", perIteration: "O(N + k)"),
        "lookup/binary": .init(source: "BinaryLookup", docLine: "O(log N), no allocation.", perIteration: "O(log N)"),

        // A transform call transforms all k visible items.
        "transform/scaleAlpha": .init(source: "ScaleAlphaTransform", docLine: "O(1) per item.", perIteration: "O(k)"),
        "transform/affine": .init(source: "AffineTransform", docLine: "O(1) per item.", perIteration: "O(k)"),
        "transform/compensated": .init(source: "CompensatedTransform", docLine: "O(1) per item.", perIteration: "O(k)"),
        "transform/peer.upcarousel": .init(source: "UPCarouselTransform", docLine: "O(1) per item.", perIteration: "O(k)"),
        "transform/peer.fspager": .init(source: "FSPagerTransform", docLine: "O(1) per item.", perIteration: "O(k)"),

        // `snap.directional` and `snap.nearest` are benchmarked through `query.linear` (O(N)).
        "snap/directional": .init(
            source: "DirectionalSnap", docLine: "a linear query, plus O(k log k).", perIteration: "O(N + k log k)"),
        "snap/threshold": .init(source: "ThresholdSnap", docLine: "O(1).", perIteration: "O(1)"),
        "snap/nearest": .init(source: "NearestSnap", docLine: "the query, plus O(k).", perIteration: "O(N + k)"),
        "snap/direction": .init(source: "DirectionSnap", docLine: "O(1).", perIteration: "O(1)"),
        "snap/projected": .init(source: "ProjectedSnap", docLine: "O(1).", perIteration: "O(1)"),
        "snap/peer.fspager.snap": .init(source: "FSPagerSnap", docLine: "O(1).", perIteration: "O(1)"),

        "wrap/triple": .init(source: "TripleWrap", docLine: "O(1) per step.", perIteration: "O(1)"),
        "wrap/sentinel": .init(source: "SentinelWrap", docLine: "O(1) per check.", perIteration: "O(1)"),
        "wrap/hundredfold": .init(source: "HundredfoldWrap", docLine: "O(1) per step (nothing to do).", perIteration: "O(1)"),
        "wrap/modular": .init(source: "ModularWrap", docLine: "O(1) per step.", perIteration: "O(1)"),
        "wrap/peer.fspager.wrap": .init(source: "FSPagerWrap", docLine: "O(1) per step (nothing to do).", perIteration: "O(1)"),
        "wrap/peer.infinitelayout": .init(source: "InfiniteLayoutWrap", docLine: "O(1) per step.", perIteration: "O(1)"),

        "prepare/query.linear": .init(
            source: "LinearQuery",
            docLine: "O(N) per query, one array allocation per query; O(N) to prepare.", perIteration: "O(N)"),
        "prepare/query.binary": .init(
            source: "BinarySearchQuery",
            docLine: "O(log N + k) per query, no allocation once `indices` has capacity; O(N) to prepare.",
            perIteration: "O(N)"),
        "prepare/transform.enlargeCenter": .init(
            source: "EnlargeCenterLayout", docLine: "O(N) per relayout (every centre change).", perIteration: "O(N)"),
    ]
}
