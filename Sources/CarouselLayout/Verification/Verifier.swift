import Determinism

/// The verification entry point: every strategy of `StrategyRegistry` (corrected variants included) against every
/// property of Docs/ALGORITHMS.md, "Properties to verify" that applies to its family, over seeded random geometries
/// and trajectories.
///
///     let report = Verifier.run(VerificationOptions(seed: 1, trials: 20))
///     if !report.recommendedFailures.isEmpty { /* exit 1 */ }
///
/// - Complexity: O(cases x strategies x samples x N) for the component checks, plus the trajectories' frames.
public enum Verifier {
    /// The strategies `pipeline.best` is built from: one list, easy to change. Its snap is its own
    /// (`BestPipeline.snapTarget`), verified as `pipeline.best.snap`.
    public static let recommended: [String] = [
        ArithmeticQuery.id, ArithmeticLookup.id, ScaleAlphaTransform.id, ModularWrap.id, BestPipeline.Snap.id,
    ]

    /// The name of the recommended design (`pipeline.best`, `uikit.best`).
    public static let recommendedDesign = "best"

    /// The catalog sizes every run checks besides the random ones.
    public static let edgeCatalogCounts = [1, 2, 3]

    /// Every subject, one per registry entry (pipelines excepted: `PipelineVerification` checks those), in the
    /// registry's order.
    public static var subjects: [VerificationSubject] {
        let collector = SubjectCollector()
        StrategyRegistry.walk(collector)
        return collector.subjects
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

    /// Builds each entry's subject with the family's checks.
    private final class SubjectCollector: StrategyVisitor {
        var subjects: [VerificationSubject] = []

        func visitQuery<Q: VisibleItemQuery>(_ entry: QueryEntry<Q>) {
            subjects.append(.query(id: entry.info.id, make: entry.make))
        }

        func visitLookup<L: CenterLookup>(_ entry: LookupEntry<L>) {
            subjects.append(.lookup(id: entry.info.id, correctedFrom: entry.info.correctedFrom,
                                    mayReturnNone: entry.mayReturnNone, make: entry.make))
        }

        func visitTransform<T: FocusTransform>(_ entry: TransformEntry<T>) {
            subjects.append(.transform(id: entry.info.id, correctedFrom: entry.info.correctedFrom,
                                       scaleRange: entry.scaleRange, make: entry.make))
        }

        func visitSnap<S: SnapStrategy>(_ entry: SnapEntry<S>) {
            subjects.append(.snap(id: entry.info.id, correctedFrom: entry.info.correctedFrom, threshold: entry.threshold,
                                  wraps: entry.wraps, make: entry.make))
        }

        func visitWrap<W: WrapStrategy>(_ entry: WrapEntry<W>) {
            subjects.append(.wrap(id: entry.info.id, correctedFrom: entry.info.correctedFrom, make: entry.make))
        }

        func visitRelayout(_ entry: RelayoutEntry) { subjects.append(entry.subject) }
        func visitEvent(_ entry: EventEntry) { subjects.append(entry.subject) }
    }
}
