import CarouselLayout
import Testing
@testable import CarouselBench

/// `verify`'s table of catalogue updates: a row per view and update, a cell per size (yes, refused or NO), each view's
/// update path once, and one counterexample line per failing row.
@Suite struct CatalogUpdateTableTests {
    @Test func eachViewAndUpdateIsARowWithItsFirstCounterexample() {
        let path = "assumed app code: reloadData"
        let checks = [
            CatalogUpdateCheck(id: "uikit.my.port", catalogCount: 1, update: .deleteAtEnd(1), path: path, refusal: "an update to 0 items"),
            CatalogUpdateCheck(id: "uikit.my.port", catalogCount: 3, update: .deleteAtEnd(1), path: path),
            CatalogUpdateCheck(id: "uikit.my.port", catalogCount: 1, update: .reverse, path: path),
            CatalogUpdateCheck(id: "uikit.my.port", catalogCount: 3, update: .reverse, path: path, failure: "item 0 centred, the update keeps 2"),
            CatalogUpdateCheck(id: "uikit.other", catalogCount: 3, update: .reverse, path: nil),
        ]
        let text = VerificationRendering.catalogUpdateTable(checks).renderConsole(unicode: false)
        let rows = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.first == "view update n = 1 n = 3")
        #expect(rows.contains("uikit.my.port delete 1 at the end refused yes"), "\(text)")
        #expect(rows.contains("uikit.my.port reverse yes NO"), "\(text)")
        #expect(rows.contains("uikit.other reverse - yes"), "\(text)")
        #expect(VerificationRendering.catalogUpdateFailures(checks) == ["uikit.my.port, reverse (n = 3): item 0 centred, the update keeps 2"])
        #expect(VerificationRendering.catalogUpdatePaths(checks).map(\.path) == [path, "none declared: its updates are refused"])
    }
}
