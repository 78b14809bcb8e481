import Foundation
import Testing

/// The UIKit model's citations cannot dangle: every fact id a comment of the model (or of the worked example) cites
/// is a row of `Docs/UIKIT-EVIDENCE.md`'s "Modelled behaviours"; every row names its source (a decompiled method, a
/// UIKit class or file, a seed's lines, a peer's file, a fact of the design page, UIKit's documentation) or says
/// "assumed"; and a row whose confidence is below high (assumed, medium, low) names the switch that lets a run
/// choose.
enum Citations {
    /// One row of the evidence table.
    struct Fact: Equatable {
        var id: String
        var source: String
        var sure: String
        var switchName: String
    }

    /// The ids the model cites: the design page's prefixes (F flow layout, C collection view, A attributes,
    /// K compositional, S scroll view, V views) and a number, with an optional prime.
    static let citation = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.\-])([FCAKSV][0-9]{1,2}'?)(?![A-Za-z0-9_])"#)

    /// The ids `line` cites.
    static func cited(in line: String) -> [String] {
        let range = NSRange(line.startIndex..., in: line)
        return citation.matches(in: line, range: range).compactMap { Range($0.range(at: 1), in: line).map { String(line[$0]) } }
    }

    /// The rows of the "Modelled behaviours" table.
    static func facts(inEvidence markdown: String) -> [Fact] {
        guard let start = markdown.range(of: "## Modelled behaviours") else { return [] }
        let section = markdown[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line -> Fact? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 8, cells[1].wholeMatch(of: /[A-Z][0-9]{1,2}'?/) != nil else { return nil }
            return Fact(id: cells[1], source: cells[4], sure: cells[5], switchName: cells[6])
        }
    }

    /// Whether a source cell names where the fact comes from.
    static func namesASource(_ source: String) -> Bool {
        let patterns: [Regex<Substring>] = [
            /`-?\[?[_A-Za-z]+[^`]*`/,           // a selector, method, class or file in backticks
            /\.(?:mm|m|swift)\b/,                 // a file
            /[Ss]eed [0-9]{3}|seeds\//,           // a seed
            /PSTCollectionView/,                  // a peer re-implementation
            /\b[FCAK][0-9]{1,2}'?\b/,             // a fact of the design page
            /documented/,                         // UIKit's documentation
        ]
        return patterns.contains { source.contains($0) }
    }

    /// Everything wrong with the citations of `sources` (path and text) against `evidence`, one line each.
    static func problems(evidence: String, sources: [(path: String, text: String)]) -> [String] {
        let facts = facts(inEvidence: evidence)
        var problems: [String] = []
        if facts.isEmpty { problems.append("UIKIT-EVIDENCE.md: no 'Modelled behaviours' table") }
        let defined = Set(facts.map(\.id))
        for fact in facts {
            let assumedSource = fact.source.lowercased() == "assumed"
            if !assumedSource && !namesASource(fact.source) {
                problems.append("\(fact.id): names no source ('\(fact.source)')")
            }
            let confidence = fact.sure.split(whereSeparator: { !$0.isLetter }).first.map(String.init)?.lowercased() ?? ""
            if (assumedSource || ["assumed", "medium", "low"].contains(confidence)) && fact.switchName.isEmpty {
                problems.append("\(fact.id): '\(assumedSource ? "assumed" : confidence)' without a switch")
            }
        }
        for (path, text) in sources {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let comment = line.range(of: "//") else { continue }
                for id in cited(in: String(line[comment.lowerBound...])) where !defined.contains(id) {
                    problems.append("\(path):\(number + 1): cites \(id), which UIKIT-EVIDENCE.md does not define")
                }
            }
        }
        return problems
    }

    /// The package's root, from this file's path.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The Swift files of the UIKit model and of the worked example, relative to the root.
    static func modelSources() throws -> [(path: String, text: String)] {
        var sources: [(path: String, text: String)] = []
        for folder in ["Sources/CarouselLayout/UIKit", "Examples"] {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" && !file.path.contains("/.build/") {
                sources.append((folder + file.path.dropFirst(base.path.count), try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return sources
    }
}

@Suite struct CitationTests {
    @Test func everyCitedFactIsDefinedSourcedAndSwitchedWhereUnsure() throws {
        let evidence = try String(contentsOf: Citations.root.appendingPathComponent("Docs/UIKIT-EVIDENCE.md"), encoding: .utf8)
        let sources = try Citations.modelSources()
        #expect(sources.count > 20, "the model's files were found")
        #expect(Citations.facts(inEvidence: evidence).count > 30)
        let problems = Citations.problems(evidence: evidence, sources: sources)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The check fails on what it is for: a dangling id, a fact without a source, an assumption without a switch.
    @Test func plantedProblemsAreFound() {
        let evidence = """
        ## Modelled behaviours

        | # | UIKit does | the model does | source | sure | switch |
        |---|---|---|---|---|---|
        | F1 | a | b | F1; `-_layoutAttributesForItemsInRect:` | high | `flowQuery` |
        | C2 | a | b | someone said so | high | |
        | C9 | a | b | `-validateItems` | medium | |
        | S3 | a | b | assumed | | `contentTargets` |

        ## Per pipeline
        """
        let sources = [(path: "Model.swift", text: "/// Queries arithmetically (F1), caches answers (C1).\nlet x = 1 // F99 is not cited here: F1")]
        let problems = Citations.problems(evidence: evidence, sources: sources)
        #expect(problems.contains("Model.swift:1: cites C1, which UIKIT-EVIDENCE.md does not define"))
        #expect(problems.contains("Model.swift:2: cites F99, which UIKIT-EVIDENCE.md does not define"))
        #expect(problems.contains("C2: names no source ('someone said so')"))
        #expect(problems.contains("C9: 'medium' without a switch"))
        #expect(problems.count == 4, "\(problems)")
    }
}
