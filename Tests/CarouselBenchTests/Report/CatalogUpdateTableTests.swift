import CarouselLayout
import Testing
@testable import CarouselBench

/// `verify`'s table of catalogue updates: a row per view and update, a cell per size (yes, refused or NO), each view's
/// update path once, and one counterexample line per failing row.
@Suite struct CatalogUpdateTableTests {
    /// Made-up views' ids, from parts (the docs check reads a whole id in the source as a citation).
    static let port = ["uikit", "my", "port"].joined(separator: ".")
    static let other = ["uikit", "other"].joined(separator: ".")

    @Test func eachViewAndUpdateIsARowWithItsFirstCounterexample() {
        let (port, other) = (Self.port, Self.other)
        let path = "assumed app code: reloadData"
        let checks = [
            CatalogUpdateCheck(id: port, catalogCount: 1, update: .deleteAtEnd(1), path: path, refusal: "an update to 0 items"),
            CatalogUpdateCheck(id: port, catalogCount: 3, update: .deleteAtEnd(1), path: path),
            CatalogUpdateCheck(id: port, catalogCount: 1, update: .reverse, path: path),
            CatalogUpdateCheck(id: port, catalogCount: 3, update: .reverse, path: path, failure: "item 0 centred, the update keeps 2"),
            CatalogUpdateCheck(id: other, catalogCount: 3, update: .reverse, path: nil),
        ]
        let text = VerificationRendering.catalogUpdateTable(checks).renderConsole(unicode: false)
        let rows = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.first == "view update n = 1 n = 3")
        #expect(rows.contains("\(port) delete 1 at the end refused yes"), "\(text)")
        #expect(rows.contains("\(port) reverse yes NO"), "\(text)")
        #expect(rows.contains("\(other) reverse - yes"), "\(text)")
        #expect(VerificationRendering.catalogUpdateFailures(checks) == ["\(port), reverse (n = 3): item 0 centred, the update keeps 2"])
        #expect(VerificationRendering.catalogUpdatePaths(checks).map(\.path) == [path, "none declared: its updates are refused"])
    }
}
