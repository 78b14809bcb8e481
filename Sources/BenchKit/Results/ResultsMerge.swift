/// Saving a run into a results file that has more rows than the run (a filtered run into the baseline): the
/// run's rows replace their own, every other row stays, and the metadata says which run each row came from (and in
/// which scope, `RunSource.scope`).
public enum ResultsMerge {
    /// Refused: the file was timed on another machine, so merging would mix two machines' timings.
    public struct ForeignMachine: Error, CustomStringConvertible {
        public let description: String
    }

    /// `existing` (with its metadata, nil when it has none) with the rows of `run` put in: a row of the run replaces
    /// the row of the same benchmark and size, the others stay in their order, new ones follow. The result's
    /// metadata is the run's, with `sources` listing each run that still contributes rows. The existing rows of
    /// `keeping` stay as they are where the file has them (the run's own rows of those keys are taken only where it
    /// has none).
    /// - Throws: `ForeignMachine` when `existing` was timed on a machine with another fingerprint.
    /// - Complexity: O(rows).
    public static func merge(existing: [ResultRow], metadata: RunMetadata?, run: RunResult,
                             keeping: Set<RowKey> = []) throws -> RunResult {
        if let before = metadata?.machine, let now = run.metadata.machine, let difference = now.timingDifference(from: before) {
            throw ForeignMachine(description: "the file was timed on another machine (\(difference)): merging would mix "
                + "two machines' timings; replace it instead")
        }
        let present = Set(existing.map(\.key))
        let taken = run.rows.filter { !(keeping.contains($0.key) && present.contains($0.key)) }
        let replaced = Set(taken.map(\.key.description))
        let byKey = Dictionary(taken.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var rows = existing.map { byKey[$0.key] ?? $0 }
        rows += taken.filter { !present.contains($0.key) }

        let earlier = metadata.map { old in
            old.sources ?? [RunSource(time: old.time, gitCommit: old.gitCommit, options: old.options,
                                      rows: existing.map(\.key.description), scope: old.scope)]
        } ?? (existing.isEmpty ? [] : [RunSource(time: "unknown", gitCommit: nil, options: [:],
                                                  rows: existing.map(\.key.description))])
        var sources = earlier.compactMap { source -> RunSource? in
            var kept = source
            kept.rows = source.rows.filter { !replaced.contains($0) }
            return kept.rows.isEmpty ? nil : kept
        }
        sources.append(RunSource(time: run.metadata.time, gitCommit: run.metadata.gitCommit, options: run.metadata.options,
                                 rows: taken.map(\.key.description), scope: run.metadata.scope))
        var merged = run
        merged.rows = rows
        merged.metadata.sources = sources.count > 1 ? sources : nil
        // The reference rows of every run that still contributes them.
        let kept = Set(rows.map(\.key))
        merged.metadata.references = RunMetadata.referenceList(
            run.metadata.referenceKeys.union(metadata?.referenceKeys ?? []).intersection(kept))
        return merged
    }
}
