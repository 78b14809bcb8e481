/// The verification entry point: every strategy of `StrategyCatalog` (plus the corrected variants) against
/// every property of ALGORITHMS.md that applies to its family, over seeded random geometries and trajectories.
///
///     let report = Verifier.run(VerificationOptions(seed: 1, trials: 20))
///     print(report.plainText)
///     if !report.recommendedFailures.isEmpty { /* exit 1 */ }
///
/// - Complexity: O(cases x strategies x samples x N) for the component checks, plus the trajectories' frames.
public enum Verifier {
    /// The strategies `pipeline.best` is built from: one list, easy to change. Its snap is its own
    /// (`BestPipeline.snapTarget`), verified as `pipeline.best.snap`.
    public static let recommended: [String] = [
        ArithmeticQuery.id, ArithmeticLookup.id, ScaleAlphaTransform.id, ModularWrap.id, bestSnapID,
    ]

    /// The row of `BestPipeline.snapTarget`, listed after the catalog's snaps.
    public static let bestSnapID = "pipeline.best.snap"

    /// Subjects beyond the catalog, each listed after the catalog id given.
    static var extraSubjects: [(after: String, subject: VerificationSubject)] {
        [(FSPagerSnap.id, .snap(id: bestSnapID, threshold: .velocity(BestPipeline.flickThreshold), wraps: true) {
            BestSnapResolver(pipeline: BestPipeline(catalogCount: $1, geometry: $0))
        })]
    }

    /// The catalog sizes every run checks besides the random ones.
    public static let edgeCatalogCounts = [1, 2, 3]

    /// Every subject: each id of `StrategyCatalog.all`, each followed by its corrected variants.
    public static var subjects: [VerificationSubject] {
        let byID = Dictionary(faithfulSubjects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return StrategyCatalog.all.flatMap { id -> [VerificationSubject] in
            let faithful = byID[id] ?? VerificationSubject(id: id, family: .event, properties: []) { _, _, _, _, _ in }
            return [faithful] + correctedSubjects.filter { $0.correctedFrom == id }
                + extraSubjects.filter { $0.after == id }.map(\.subject)
        }
    }

    /// Runs the checks of `subjects` (default: all) and returns the matrix.
    public static func run(_ options: VerificationOptions = VerificationOptions(),
                           subjects: [VerificationSubject] = Verifier.subjects) -> VerificationReport {
        let cases = makeCases(options)
        let rows = subjects.enumerated().map { index, subject in
            let results = CarouselProperty.allCases.map { property -> (PropertyResult, Int) in
                guard subject.properties.contains(property) else { return (.notApplicable, 0) }
                var tally = CheckTally()
                for testCase in cases where !tally.hasFailed {
                    var generator = testCase.generator(strategy: index, property: property)
                    subject.evaluate(property, testCase, options.samplesPerTrial, &generator, &tally)
                }
                if let failure = tally.failure { return (.fail(failure), tally.skipped) }
                return (.pass(checks: tally.checks), tally.skipped)
            }
            return VerificationRow(strategy: subject.id, family: subject.family, correctedFrom: subject.correctedFrom,
                                   isRecommended: recommended.contains(subject.id), results: results.map(\.0),
                                   skipped: results.map(\.1))
        }
        return VerificationReport(options: options, caseCount: cases.count, rows: rows)
    }

    /// The edge cases `n = 1, 2, 3` on random geometries, the suite's default geometry at `n = 3` and `n = 10`,
    /// then `trials` random geometries.
    public static func makeCases(_ options: VerificationOptions) -> [VerificationCase] {
        var generator = SeededGenerator(seed: options.seed)
        var cases: [VerificationCase] = []
        for count in edgeCatalogCounts {
            cases.append(.random(index: cases.count, catalogCount: count, marathonFrames: options.marathonFrames,
                                 generator: &generator))
        }
        for count in [3, 10] {
            cases.append(.suiteDefault(index: cases.count, catalogCount: count, marathonFrames: options.marathonFrames,
                                       seed: generator.next()))
        }
        for trial in 0..<max(0, options.trials) {
            let marathon = options.marathonEvery > 0 && trial % options.marathonEvery == 0
            cases.append(.random(index: cases.count, catalogCount: nil,
                                 marathonFrames: marathon ? options.marathonFrames : 0, generator: &generator))
        }
        return cases
    }

    static var faithfulSubjects: [VerificationSubject] {
        let unitRange: @Sendable (CarouselGeometry) -> ClosedRange<Double> = { $0.minScale...1 }
        return [
            .query(id: LinearQuery.id) { LinearQuery(geometry: $0, itemCount: $1) },
            .query(id: BinarySearchQuery.id) { BinarySearchQuery(geometry: $0, itemCount: $1) },
            .query(id: ArithmeticQuery.id) { ArithmeticQuery(geometry: $0, itemCount: $1) },
            .transform(id: ScaleAlphaTransform.id, scaleRange: unitRange) { ScaleAlphaTransform(geometry: $0) },
            .transform(id: AffineTransform.id, scaleRange: unitRange) { AffineTransform(geometry: $0) },
            .transform(id: CompensatedTransform.id, scaleRange: { _ in CompensatedTransform.minScale...1 }) {
                CompensatedTransform(geometry: $0)
            },
            .transform(id: UPCarouselTransform.id, scaleRange: unitRange) { UPCarouselTransform(geometry: $0) },
            .transform(id: FSPagerTransform.id, scaleRange: { FSPagerTransform(geometry: $0).minScale...1 }) {
                FSPagerTransform(geometry: $0)
            },
            .enlargeCenter(),
            .lookup(id: "lookup.sortedScan") { SortedScanLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0) },
            .lookup(id: "lookup.sortedScan.byDistance") {
                SortedScanByDistanceLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
            },
            .lookup(id: "lookup.minScan") { MinScanLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0) },
            .lookup(id: ArithmeticLookup.id) { ArithmeticLookup(geometry: $0, itemCount: $1) },
            .lookup(id: "lookup.hitTest", mayReturnNone: true) {
                HitTestLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
            },
            .lookup(id: BinaryLookup.id) { BinaryLookup(geometry: $0, itemCount: $1) },
            .snap(id: "snap.directional", threshold: .velocity(0)) {
                DirectionalSnap(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
            },
            .snap(id: ThresholdSnap.id, threshold: .velocity(Velocity.seed000Threshold)) {
                ThresholdSnap(geometry: $0, itemCount: $1)
            },
            .snap(id: "snap.nearest", threshold: .halfPitchProjection(rate: nil)) {
                NearestSnap(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
            },
            .snap(id: DirectionSnap.id, threshold: .velocity(0)) { geometry, _ in DirectionSnap(geometry: geometry) },
            .snap(id: ProjectedSnap.id, threshold: .halfPitchProjection(rate: ProjectedSnap.normalRate)) {
                ProjectedSnap(geometry: $0, itemCount: $1)
            },
            .snap(id: FSPagerSnap.id, threshold: .velocity(Velocity.fsPagerThreshold)) {
                FSPagerSnap(geometry: $0, itemCount: $1)
            },
            .wrap(id: TripleWrap.id) { TripleWrap(geometry: $0, catalogCount: $1) },
            .wrap(id: SentinelWrap.id) { SentinelWrap(viewportWidth: $0.viewportWidth, catalogCount: $1) },
            .wrap(id: HundredfoldWrap.id) { HundredfoldWrap(geometry: $0, catalogCount: $1) },
            .wrap(id: ModularWrap.id) { ModularWrap(geometry: $0, catalogCount: $1) },
            .wrap(id: FSPagerWrap.id) { FSPagerWrap(geometry: $0, catalogCount: $1) },
            .wrap(id: InfiniteLayoutWrap.id) { InfiniteLayoutWrap(geometry: $0, catalogCount: $1) },
            .centerChange(),
            .pageIndicator(),
            .sentinelPageControl(id: SentinelPageControl.id) {
                SentinelPageControl(viewportWidth: $0, catalogCount: $1)
            },
        ]
    }

    /// `BestPipeline.snapTarget` as a snap strategy.
    struct BestSnapResolver: SnapStrategy {
        static var id: String { Verifier.bestSnapID }
        let pipeline: BestPipeline

        func target(currentOffset: Double, proposedOffset: Double, velocity: Double) -> Double {
            pipeline.snapTarget(currentOffset: currentOffset, proposedOffset: proposedOffset, velocity: velocity)
        }
    }

    /// Corrected variants, each beside the faithful strategy it fixes.
    static var correctedSubjects: [VerificationSubject] {
        [
            .transform(id: FSPagerClampedAlphaTransform.id, correctedFrom: FSPagerTransform.id,
                       scaleRange: { FSPagerTransform(geometry: $0).minScale...1 }) {
                FSPagerClampedAlphaTransform(geometry: $0)
            },
            .lookup(id: "lookup.hitTest.nearest", correctedFrom: "lookup.hitTest", mayReturnNone: true) {
                NearestHitTestLookup(query: LinearQuery(geometry: $0, itemCount: $1), geometry: $0)
            },
            .snap(id: StrictThresholdSnap.id, correctedFrom: ThresholdSnap.id,
                  threshold: .velocity(Velocity.seed000Threshold)) { StrictThresholdSnap(geometry: $0, itemCount: $1) },
            .snap(id: FSPagerStrictSnap.id, correctedFrom: FSPagerSnap.id,
                  threshold: .velocity(Velocity.fsPagerThreshold)) { FSPagerStrictSnap(geometry: $0, itemCount: $1) },
            .wrap(id: "wrap.triple.whole", correctedFrom: TripleWrap.id) {
                RecenteringWrap(variantID: "wrap.triple.whole", geometry: $0, catalogCount: $1, copies: 3)
            },
            .wrap(id: "wrap.hundredfold.recentring", correctedFrom: HundredfoldWrap.id) {
                RecenteringWrap(variantID: "wrap.hundredfold.recentring", geometry: $0, catalogCount: $1,
                                copies: HundredfoldWrap.replication)
            },
            .sentinelPageControl(id: MappedSentinelPageControl.id, correctedFrom: SentinelPageControl.id) {
                MappedSentinelPageControl(viewportWidth: $0, catalogCount: $1)
            },
        ]
    }
}
