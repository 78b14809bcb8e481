/// The verdict of one (strategy, property) cell.
public enum PropertyResult: Sendable, Equatable {
    /// Every check held; `checks` were made.
    case pass(checks: Int)
    /// The property does not apply to the strategy's family.
    case notApplicable
    /// The first input that broke the property.
    case fail(Counterexample)

    public var isFailure: Bool {
        if case .fail = self { return true }
        return false
    }

    /// `ok`, `n/a` or `FAIL`, for a table cell.
    public var symbol: String {
        switch self {
        case .pass: "ok"
        case .notApplicable: "n/a"
        case .fail: "FAIL"
        }
    }
}

/// A failed cell, for listing.
public struct VerificationFailure: Sendable, Equatable {
    public let strategy: String
    public let property: CarouselProperty
    public let counterexample: Counterexample
}

/// One strategy's row of the property x strategy matrix.
public struct VerificationRow: Sendable, Equatable {
    public let strategy: String
    public let family: StrategyFamily
    /// For a corrected variant: the faithful id it corrects.
    public let correctedFrom: String?
    /// Whether `pipeline.best` uses it (`Verifier.recommended`).
    public let isRecommended: Bool
    /// One result per property, in `CarouselProperty.allCases` order.
    public let results: [PropertyResult]
    /// Inputs not applicable to each property (hit tests in a gap, flicks at the content's end), same order.
    public let skipped: [Int]

    public func result(_ property: CarouselProperty) -> PropertyResult { results[property.rawValue - 1] }
    public func skipped(_ property: CarouselProperty) -> Int { skipped[property.rawValue - 1] }
}

/// The property x strategy matrix (Docs/ALGORITHMS.md, "Properties to verify") with a counterexample for each failure.
///
/// Renderer-agnostic: `rows` holds the data; the command line and the report render it.
public struct VerificationReport: Sendable, Equatable {
    public let options: VerificationOptions
    /// The geometries checked (edge cases, the suite's default, random trials).
    public let caseCount: Int
    /// Rows in order: the catalog's families, each faithful strategy followed by its corrected variants.
    public let rows: [VerificationRow]

    /// The columns.
    public var properties: [CarouselProperty] { CarouselProperty.allCases }

    /// The strategy ids, in row order.
    public var strategies: [String] { rows.map(\.strategy) }

    public func row(_ strategy: String) -> VerificationRow? { rows.first { $0.strategy == strategy } }

    public func result(strategy: String, property: CarouselProperty) -> PropertyResult? {
        row(strategy)?.result(property)
    }

    /// The properties `strategy` fails, each with its counterexample.
    public func failures(of strategy: String) -> [VerificationFailure] {
        guard let row = row(strategy) else { return [] }
        return properties.compactMap { property in
            guard case let .fail(example) = row.result(property) else { return nil }
            return VerificationFailure(strategy: strategy, property: property, counterexample: example)
        }
    }

    /// Every failure, row by row.
    public var failures: [VerificationFailure] { strategies.flatMap(failures(of:)) }

    /// Failures of recommended strategies: a CLI exits 1 when this is not empty.
    public var recommendedFailures: [VerificationFailure] {
        rows.filter(\.isRecommended).flatMap { failures(of: $0.strategy) }
    }

    /// The matrix as strings: a header row (`strategy`, `P1` ... `P8`) then one row per strategy, the strategy
    /// cell marked `*` when recommended and `(fix of X)` for a corrected variant.
    public var table: [[String]] {
        let header = ["strategy"] + properties.map(\.label)
        return [header] + rows.map { row in
            var name = row.strategy + (row.isRecommended ? " *" : "")
            if let origin = row.correctedFrom { name += " (fix of \(origin))" }
            return [name] + row.results.map(\.symbol)
        }
    }
}
