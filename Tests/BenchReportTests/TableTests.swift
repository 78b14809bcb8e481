import Testing
import BenchReport

@Suite struct TableTests {
    static func sample() -> Table {
        Table(columns: [TableColumn("benchmark"), TableColumn("median", alignment: .right), TableColumn("ratio", alignment: .right)],
              rows: [["pipeline/best", "812 ns", "1.00x"], ["pipeline/seed000.flow", "4.56 µs", "5.62x"]])
    }

    @Test func consoleAlignsColumns() {
        let expected = """
        benchmark               median  ratio
        ─────────────────────  ───────  ─────
        pipeline/best           812 ns  1.00x
        pipeline/seed000.flow  4.56 µs  5.62x

        """
        #expect(Self.sample().renderConsole() == expected)
    }

    @Test func consoleAsciiRuleAndNoTrailingSpaces() {
        var table = Table(columns: [TableColumn("name"), TableColumn("note")])
        table.append(["a", ""])
        let lines = table.renderConsole(unicode: false).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "----  ----")
        #expect(lines[2] == "a")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func markdownMarksRightAlignmentAndEscapesPipes() {
        var table = Self.sample()
        table.append(["a|b", "1 ns", "1.00x"])
        let lines = table.renderMarkdown().split(separator: "\n")
        #expect(lines[0] == "| benchmark | median | ratio |")
        #expect(lines[1] == "| --- | --: | --: |")
        #expect(lines[2] == "| pipeline/best | 812 ns | 1.00x |")
        #expect(lines[4] == "| a\\|b | 1 ns | 1.00x |")
        #expect(lines.count == 5)
    }
}
