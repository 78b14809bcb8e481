import CarouselLayout
import Testing
@testable import CarouselBench

/// `verify`'s table of scrolls by code: a row per scenario and design with both views folded into each size's cell,
/// and one counterexample line per failing row.
@Suite struct ScenarioTableTests {
    /// A check of the design `name` in `view` (`pipeline` or `uikit`) that passes, or fails on `refusal`.
    static func check(_ view: String, _ name: String, n: Int, refusal: String? = nil) -> ScenarioCheck {
        let id = "\(view).\(name)"
        var check = PipelineCheck(id: id, catalogCount: n, hz: 120)
        check.frames = 40
        check.framesWithItems = 40
        if let refusal {
            check.refusedScrolls = 1
            check.firstRefusal = refusal
            check.firstFailure = refusal
        }
        check.replayChecksum = check.checksum
        return ScenarioCheck(scenario: .autoAdvance, id: id, catalogCount: n, check: check)
    }

    @Test func bothViewsFoldIntoOneCellPerSize() {
        let checks = [
            Self.check("pipeline", "my.port", n: 1, refusal: "frame 6: refused"),
            Self.check("uikit", "my.port", n: 1, refusal: "frame 6: refused"),
            Self.check("pipeline", "my.port", n: 3), Self.check("uikit", "my.port", n: 3, refusal: "frame 9: refused"),
            Self.check("pipeline", "other", n: 1), Self.check("pipeline", "other", n: 3),
        ]
        let text = VerificationRendering.scenarioTable(checks).renderConsole(unicode: false)
        let rows = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.first == "scenario design n = 1 n = 3")
        #expect(rows.contains("auto-advance my.port NO NO (uikit)"), "\(text)")
        #expect(rows.contains("auto-advance other yes yes"), "\(text)")
        #expect(VerificationRendering.scenarioFailures(checks)
            == ["auto-advance, my.port (core and uikit at n = 1, 3): at n = 1, core: frame 6: refused"])
    }
}
