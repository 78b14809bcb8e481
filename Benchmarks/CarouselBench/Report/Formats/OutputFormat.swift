import BenchKit
import BenchReport
import CarouselLayout

/// One `--format`: how results, a comparison and a verification are written in it (criterion's `Report` trait).
/// The commands know only this protocol; adding a format is one file (a type conforming to it) and one line in
/// `OutputFormats.all`.
protocol OutputFormat: Sendable {
    /// The `--format` value.
    var name: String { get }
    /// For people to read (`table`, `markdown`): `ab` prints its own summary with these, and `run` shows its
    /// comparison in them on standard error.
    var isForPeople: Bool { get }
    /// Carries the tables of `verify` and `ab` besides results (false for the dashboards' formats).
    var carriesTables: Bool { get }
    /// Results: the columns of one schema, the same figures in every format.
    func results(_ rows: [ResultRow], metadata: RunMetadata?, schema: ResultSchema) throws -> String
    /// A comparison; a listing for people shows the rows `listed` selects, then `summary`.
    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing, summary: String) throws -> String
    /// The property matrix, the pipelines' checks and the agreements; nil where the format has no such document
    /// (the dashboards' formats carry benchmark results only).
    func verification(_ verification: VerificationDocument) throws -> String?
}

extension OutputFormat {
    var isForPeople: Bool { false }
    var carriesTables: Bool { true }

    /// A comparison with its own summary line.
    func comparison(_ comparison: Comparison, schema: ResultSchema, listed: ComparisonListing) throws -> String {
        try self.comparison(comparison, schema: schema, listed: listed, summary: comparison.summaryLine)
    }
    func verification(_ verification: VerificationDocument) throws -> String? { nil }
}

/// What `verify` reports, in one value for the formats.
struct VerificationDocument {
    let report: VerificationReport
    let pipelines: [PipelineCheck]
    let agreements: [AgreementReport]
    /// The design criteria measured from each view's frames beside what it declares.
    var designs: [DesignMeasurement] = []
    /// Every view played through the scenarios of scrolls by code.
    var scenarios: [ScenarioCheck] = []
    /// Every UIKit view through the catalogue updates.
    var catalogUpdates: [CatalogUpdateCheck] = []
}

/// Every format, in `--help`'s order.
enum OutputFormats {
    static let all: [any OutputFormat] = [
        TableFormat(), TableFormat(markdown: true), CSVFormat(), JSONFormat(), GitHubActionBenchmarkFormat(), BencherFormat(),
    ]
    /// The formats of the tables `verify` and `ab` print (the dashboards' are for results only).
    static let forTables: [any OutputFormat] = all.filter(\.carriesTables)

    /// `table|markdown|...` for a help line.
    static func names(_ formats: [any OutputFormat]) -> String { formats.map(\.name).joined(separator: "|") }
}
