import Foundation
import Testing

/// Every reference the repository makes resolves inside it. The scan reads the Swift, C, Markdown, shell and Python
/// files of `Sources/`, `Benchmarks/`, `Tests/`, `Docs/` and `Examples/`, and the root's `README.md`, `Package.swift`
/// and `.ci/run`, and finds three kinds of reference:
/// - a page: a Markdown file name in capitals (`NOISE.md`) or a path to one (`Docs/NOISE.md`), which must be a file of
///   the repository (a path into one of its folders, at that path);
/// - a UIKit fact: an id of the families of `Docs/UIKIT-MODEL.md` (C collection view, F flow layout, A attributes,
///   T transformed frame, PF prefetching, K compositional layout, S scroll view, V views; a number, a prime or not:
///   `C3`, `F7'`), which must be the first cell of a row of a table of that page;
/// - a strategy: a dotted id of the engine's families (`query.linear`, `pipeline.seed000.flow`, `peer.fspager`, and
///   the short pipeline names `seed000.flow`), which must be the first cell of a row of a table of
///   `Docs/ALGORITHMS.md`.
/// In Swift and C only comments and string literals are read (not the code, where `snap.target` is a member; nor a
/// string's interpolations); Markdown, shell and Python files are read whole. An id alone between quotes is a value,
/// not a citation of a fact (`"P20"`, an estimator name a test refuses); a dotted name ending in a file extension is
/// a file (`uikit.svg`), not a strategy; a page named by a placeholder (`NAME.md`, `OUT/REPORT.md`) is a file the
/// tool writes. The eight properties of `Docs/ALGORITHMS.md` are `P1` ... `P8`: an id of this
/// form resolves against the first cells of either page.
enum References {
    /// The package's root, from this file's path (`Tests/CarouselLayoutTests/`).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The folders scanned, and the root's files scanned besides.
    static let folders = ["Sources", "Benchmarks", "Tests", "Docs", "Examples"]
    static let rootFiles = ["README.md", "Package.swift", ".ci/run"]
    /// The extensions read.
    static let extensions: Set<String> = ["swift", "c", "h", "md", "sh", "py"]

    /// A file of the scan: its path from the root, and the text references are looked for in (with line breaks
    /// where the file has them, so that a line number is the file's).
    struct Source {
        var path: String
        var text: String
    }

    /// One reference that does not resolve, as `path:line: what`.
    struct Problem: Equatable, CustomStringConvertible {
        var path: String
        var line: Int
        var message: String
        var description: String { "\(path):\(line): \(message)" }
    }

    // MARK: What is cited

    /// A page: a capitalised Markdown file name, with the path before it if any.
    static let page = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.\-/])((?:[A-Za-z0-9_.\-]+/)*[A-Z][A-Z0-9-]*\.md)(?![A-Za-z0-9_])"#)
    /// The families of the UIKit model's facts, and a fact: a family, one or two digits, a prime or not.
    static let factFamilies = ["C", "F", "A", "T", "PF", "P", "K", "S", "V"]
    static let fact = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9_.\-/#$'′"])((?:"# + factFamilies.joined(separator: "|") + #")[0-9]{1,2}['′]?)(?![A-Za-z0-9_'′"])"#)
    /// The families a strategy id starts with: the engine's (`StrategyFamily`), the floors, and the seeds' and the
    /// peers' own names, by which a pipeline is named in its benchmark id (`pipeline/seed000.flow`).
    static let strategyFamilies = ["query", "transform", "relayout", "lookup", "snap", "wrap", "event", "pipeline", "uikit",
                                   "floor", "peer", "seed[0-9]{3}"]
    static let strategy = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9_.\-/$\\])((?:"# + strategyFamilies.joined(separator: "|")
            + #")(?>\.[A-Za-z][A-Za-z0-9]*)+)(?![A-Za-z0-9_(]|\.[A-Za-z])"#)

    /// The names that stand for a path the user gives (`run --output NAME.csv` writes `NAME.md`), not for a page.
    static let placeholders: Set<String> = ["NAME", "OUT", "DIR", "PATH", "FILE", "MACHINE", "RUN"]

    /// The last parts of a dotted name that make it a file, not a strategy.
    static let fileExtensions: Set<String> = ["svg", "csv", "json", "md", "txt", "png", "html", "swift", "sh", "py", "mm", "m"]

    /// What `expression`'s first group matches in `line`.
    static func matches(_ expression: NSRegularExpression, in line: String) -> [String] {
        expression.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range(at: 1), in: line).map { String(line[$0]) }
        }
    }

    // MARK: What is defined

    /// The first cell of every table row of a Markdown page, trimmed, without its backticks; a header's separator
    /// row left out.
    static func firstCells(of markdown: String) -> Set<String> {
        var cells: Set<String> = []
        for line in markdown.split(separator: "\n") where line.hasPrefix("|") {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count >= 3 else { continue }
            let cell = parts[1].trimmingCharacters(in: .whitespaces)
            guard !cell.allSatisfy({ "-: ".contains($0) }) else { continue }
            cells.insert(cell.replacingOccurrences(of: "`", with: ""))
        }
        return cells
    }

    /// A prime written either way is one prime.
    static func normalised(_ fact: String) -> String { fact.replacingOccurrences(of: "′", with: "'") }

    /// Whether a cited strategy id is defined by `ids` (the first cells of `Docs/ALGORITHMS.md`): as it is, or as a
    /// pipeline's short name (`seed000.flow` for `pipeline.seed000.flow`, as its benchmark `pipeline/seed000.flow`
    /// names it).
    static func isDefined(strategy id: String, in ids: Set<String>) -> Bool {
        ids.contains(id) || ids.contains("pipeline." + id)
    }

    // MARK: The scan

    /// The text of `source` that is read: Markdown, shell and Python whole, Swift and C through `prose(of:c:)`.
    static func readable(_ text: String, path: String) -> String {
        switch (path as NSString).pathExtension {
        case "swift": prose(of: text, c: false)
        case "c", "h": prose(of: text, c: true)
        default: text
        }
    }

    /// `code` with everything but its comments and its string literals blanked (each character a space, each line
    /// break kept; a string keeps its quotes, not the hashes of a raw string): a string's interpolations `\(...)` are code; Swift's block comments nest, raw strings
    /// (`#"..."#`) and multi-line strings (`"""`) are strings; in C (`c`) a character literal is code.
    static func prose(of code: String, c: Bool) -> String {
        enum Context { case code(parentheses: Int), string(hashes: Int, multiline: Bool), block(depth: Int) }
        let characters = Array(code)
        var output = characters.map { $0 == "\n" ? "\n" : " " as Character }
        var stack: [Context] = [.code(parentheses: 0)]
        var index = 0
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        func starts(_ text: String) -> Bool {
            for (offset, character) in text.enumerated() where at(offset) != character { return false }
            return true
        }
        while index < characters.count {
            switch stack[stack.count - 1] {
            case .code(let parentheses):
                if starts("//") {
                    while index < characters.count && characters[index] != "\n" { output[index] = characters[index]; index += 1 }
                    continue
                }
                if starts("/*") { stack.append(.block(depth: 1)); index += 2; continue }
                if c && characters[index] == "'" {
                    index += 1
                    while index < characters.count && characters[index] != "'" && characters[index] != "\n" {
                        index += characters[index] == "\\" ? 2 : 1
                    }
                    index += 1
                    continue
                }
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                if at(hashes) == "\"" && (hashes == 0 || !c) {
                    let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
                    stack.append(.string(hashes: hashes, multiline: multiline))
                    index += hashes
                    for _ in 0..<(multiline ? 3 : 1) { output[index] = "\""; index += 1 }
                    continue
                }
                if characters[index] == "(" { stack[stack.count - 1] = .code(parentheses: parentheses + 1) }
                if characters[index] == ")" {
                    if parentheses == 0 && stack.count > 1 { stack.removeLast(); index += 1; continue }   // an interpolation ends
                    stack[stack.count - 1] = .code(parentheses: max(0, parentheses - 1))
                }
                index += 1
            case .block(let depth):
                if starts("*/") {
                    stack.removeLast()
                    if depth > 1 { stack.append(.block(depth: depth - 1)) }
                    index += 2
                } else if starts("/*") && !c {
                    stack[stack.count - 1] = .block(depth: depth + 1)
                    index += 2
                } else {
                    output[index] = characters[index]
                    index += 1
                }
            case .string(let hashes, let multiline):
                let close = String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes)
                if starts(close) || (!multiline && characters[index] == "\n") {
                    stack.removeLast()
                    if characters[index] != "\n" {
                        for offset in 0..<(multiline ? 3 : 1) { output[index + offset] = "\"" }
                        index += close.count
                    }
                } else if starts("\\" + String(repeating: "#", count: hashes)) {
                    let after = index + 1 + hashes
                    if !c && after < characters.count && characters[after] == "(" {
                        stack.append(.code(parentheses: 0))
                        index = after + 1
                    } else {
                        index = min(after + 1, characters.count)   // an escaped character
                    }
                } else {
                    output[index] = characters[index]
                    index += 1
                }
            }
        }
        return String(output)
    }

    /// The kinds of reference.
    enum Kind: CaseIterable { case page, fact, strategy }

    /// One reference found: its kind, what it names, and where.
    struct Citation {
        var kind: Kind
        var name: String
        var path: String
        var line: Int
    }

    /// Every reference of `sources`, in order.
    static func citations(in sources: [Source]) -> [Citation] {
        var citations: [Citation] = []
        for source in sources {
            let text = readable(source.text, path: source.path)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                for (kind, expression) in [(Kind.page, page), (.fact, fact), (.strategy, strategy)] {
                    for name in matches(expression, in: line) {
                        if kind == .strategy, let last = name.split(separator: ".").last, fileExtensions.contains(String(last)) { continue }
                        citations.append(Citation(kind: kind, name: name, path: source.path, line: number + 1))
                    }
                }
            }
        }
        return citations
    }

    /// Every reference of `sources` that does not resolve: a page that is not a file of `files` (paths from the
    /// root), a fact that is not a first cell of `model` (`Docs/UIKIT-MODEL.md`) or of `algorithms` (a property), a
    /// strategy id that is not a first cell of `algorithms` (`Docs/ALGORITHMS.md`).
    static func problems(sources: [Source], files: Set<String>, model: String, algorithms: String) -> [Problem] {
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        let strategies = firstCells(of: algorithms)
        let facts = Set(firstCells(of: model).union(strategies).map(normalised))
        return citations(in: sources).compactMap { citation -> Problem? in
            let message: String
            switch citation.kind {
            case .page:
                guard !resolves(page: citation.name, from: citation.path, files: files, names: names) else { return nil }
                message = "cites the page \(citation.name), which is not in the repository"
            case .fact:
                guard !facts.contains(normalised(citation.name)) else { return nil }
                message = "cites the UIKit fact \(citation.name), which Docs/UIKIT-MODEL.md does not define"
            case .strategy:
                guard !isDefined(strategy: citation.name, in: strategies) else { return nil }
                message = "cites the strategy \(citation.name), which Docs/ALGORITHMS.md does not define"
            }
            return Problem(path: citation.path, line: citation.line, message: message)
        }
    }

    /// Whether a cited page is a file: a path into a folder of the repository must be one (from the root, or from
    /// the citing file's folder, as a Markdown link is), and a path out of the repository is not; a bare name, or a
    /// path into a folder that only exists when the tool runs (`OUT/REPORT.md`, `.build/...`), must name a file of
    /// the repository.
    static func resolves(page: String, from path: String, files: Set<String>, names: Set<String>) -> Bool {
        let name = String(page.split(separator: "/").last ?? "")
        if placeholders.contains(String(name.dropLast(3))) { return true }
        guard page.contains("/") else { return names.contains(name) }
        if page.split(separator: "/").contains(".build") { return names.contains(name) }
        let components = page.split(separator: "/").map(String.init)
        let relative = normalised(path: path.split(separator: "/").dropLast().map(String.init) + components)
        let fromRoot = normalised(path: components)
        if let relative, files.contains(relative) { return true }
        if let fromRoot, files.contains(fromRoot) { return true }
        guard let anchored = [".", ".."].contains(components[0]) ? relative : fromRoot else { return false }   // out of the repository
        let repositoryFolders = Set(files.compactMap { $0.split(separator: "/").first.map(String.init) })
        if repositoryFolders.contains(String(anchored.split(separator: "/")[0])) { return false }
        return names.contains(name)
    }

    /// `components` joined, `.` and `..` resolved; nil for a path that leaves the root.
    static func normalised(path components: [String]) -> String? {
        var kept: [String] = []
        for component in components where component != "." {
            if component == ".." {
                guard !kept.isEmpty else { return nil }
                kept.removeLast()
            } else {
                kept.append(component)
            }
        }
        return kept.joined(separator: "/")
    }

    // MARK: The repository

    /// Every file of the repository, by its path from the root (build products, hidden folders and example packages'
    /// results left out).
    static func repositoryFiles() -> Set<String> {
        var files: Set<String> = []
        let base = root.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        for case let url as URL in walk {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            let name = url.lastPathComponent
            if (name.hasPrefix(".") && path != ".ci") || name == ".build" {
                walk.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true { files.insert(path) }
        }
        return files
    }

    /// This file, whose fixtures cite what does not exist on purpose.
    static let fixtures = "Tests/CarouselLayoutTests/" + URL(fileURLWithPath: #filePath).lastPathComponent

    /// The files the scan reads, with their text.
    static func sources(among files: Set<String>) throws -> [Source] {
        try files.sorted().filter { path in
            path != fixtures && (rootFiles.contains(path)
                || (folders.contains { path.hasPrefix($0 + "/") } && extensions.contains((path as NSString).pathExtension)))
        }.map { Source(path: $0, text: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// A page of `Docs/`.
    static func page(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Docs/\(name)"), encoding: .utf8)
    }
}

/// The UIKit model's page keeps its own rules: every fact row (`| C3 | what UIKit does | source | confidence | the
/// model |`) names its source (a decompiled method, a UIKit class or file, a seed's lines, a peer's file, another
/// fact, UIKit's documentation) or says "assumed"; and a fact whose confidence is below high (medium, low, assumed)
/// names the switch that lets a run choose, in its row or in the "Switches" table.
enum UIKitModelPage {
    /// One fact row.
    struct Fact: Equatable {
        var id: String
        var source: String
        var confidence: String
        var row: String
    }

    /// Every row of the page whose first cell is a fact id, with at least the five cells of a fact row.
    static func facts(in markdown: String) -> [Fact] {
        markdown.split(separator: "\n").compactMap { line -> Fact? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 6 else { return nil }
            let id = cells[1].replacingOccurrences(of: "`", with: "")
            guard id.wholeMatch(of: /[A-Z][0-9]{1,2}['′]?/) != nil else { return nil }
            return Fact(id: id, source: cells[3], confidence: cells[4], row: String(line))
        }
    }

    /// Whether a source cell names where the fact comes from.
    static func namesASource(_ source: String) -> Bool {
        let patterns: [Regex<Substring>] = [
            /`-?\[?[_A-Za-z]+[^`]*`/,           // a selector, method, class or file in backticks
            /\.(?:mm|m|swift)\b/,                 // a file
            /[Ss]eed [0-9]{3}|seeds\//,           // a seed
            /PSTCollectionView/,                  // a peer re-implementation
            /\b[A-Z][0-9]{1,2}['′]?(?![0-9])/,     // another fact
            /documented/,                         // UIKit's documentation
        ]
        return patterns.contains { source.contains($0) }
    }

    /// The text of the page's "Switches" section.
    static func switchesSection(of markdown: String) -> Substring {
        guard let start = markdown.range(of: "\n## Switches") else { return "" }
        let rest = markdown[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// Everything wrong with the page's fact rows, one line each.
    static func problems(in markdown: String) -> [String] {
        let facts = facts(in: markdown)
        var problems: [String] = facts.isEmpty ? ["no fact rows"] : []
        let switches = switchesSection(of: markdown)
        var seen: Set<String> = []
        for fact in facts {
            if !seen.insert(fact.id).inserted { problems.append("\(fact.id): defined twice") }
            let assumed = fact.source.lowercased() == "assumed"
            if !assumed && !namesASource(fact.source) { problems.append("\(fact.id): names no source ('\(fact.source)')") }
            let confidence = fact.confidence.split(whereSeparator: { !$0.isLetter }).first.map(String.init)?.lowercased() ?? ""
            guard assumed || ["assumed", "medium", "low"].contains(confidence) else { continue }
            let namedHere = fact.row.range(of: "switch `", options: .caseInsensitive) != nil
            let namedThere = switches.split { !($0.isLetter || $0.isNumber || "'′".contains($0)) }.contains { $0 == fact.id }
            if !namedHere && !namedThere {
                problems.append("\(fact.id): '\(assumed ? "assumed" : confidence)' without a switch")
            }
        }
        return problems
    }
}

@Suite struct DocsReferenceTests {
    @Test func everyCitedPageFactAndStrategyIsDefinedInTheRepository() throws {
        let files = References.repositoryFiles()
        let sources = try References.sources(among: files)
        #expect(sources.count > 200, "the repository's files were found: \(sources.count)")
        let found = References.citations(in: sources)
        for kind in References.Kind.allCases {
            #expect(found.filter { $0.kind == kind }.count > 100, "\(kind): the scan finds the references")
        }
        let problems = References.problems(sources: sources, files: files, model: try References.page("UIKIT-MODEL.md"),
                                           algorithms: try References.page("ALGORITHMS.md"))
        #expect(problems.isEmpty, "\(problems.count) references do not resolve:\n\(problems.map(\.description).joined(separator: "\n"))")
    }

    /// The scan finds what it is for, and not code: planted references in a comment, a string and a page are found;
    /// a member access and an interpolation are not. (The scan leaves this file out: `References.fixtures`.)
    @Test func plantedReferencesAreFoundAndCodeIsNot() {
        let (bogusFact, bogusStrategy, bogusPage) = ("C99", "query.bogus", "NO-SUCH-PAGE.md")
        let swift = """
            /// Asks the layout once (C1), then \(bogusFact); calls `pipeline.best.snapTarget(at:)`.
            let target = snap.target + query.linear.count
            let label = "see \(bogusStrategy) and \\(snap.target) and F7′"
            /* \("Docs/" + bogusPage) */
            let values = ["P20", "uikit.svg", "Results/REPORT.md", ".build/ci/REPORT.md"]
            """
        let markdown = """
            | id | what |
            |---|---|
            | `query.linear` | the textbook query |
            Also [a page](\(bogusPage)), [a real one](NOISE.md) and `seed000.flow`.
            [Outside](../../ELSEWHERE.md), [inside](../Results/REPORT.md), a P1 and a P8; `NAME.md` beside the CSV.
            """
        let model = "| id | what |\n|---|---|\n| C1 | validates |\n| `F7'` | keeps the data |\n"
        let algorithms = "| id | what |\n|---|---|\n| `query.linear` | the textbook query |\n| `pipeline.seed000.flow` | seed 000 |\n"
            + "| `P1` | snap centres an item |\n"
        let problems = References.problems(
            sources: [.init(path: "Sources/Model.swift", text: swift), .init(path: "Docs/PAGE.md", text: markdown)],
            files: ["Docs/NOISE.md", "Docs/PAGE.md", "Results/REPORT.md", "Sources/Model.swift"], model: model, algorithms: algorithms
        ).map(\.description)
        #expect(problems == [
            "Sources/Model.swift:1: cites the UIKit fact \(bogusFact), which Docs/UIKIT-MODEL.md does not define",
            "Sources/Model.swift:3: cites the strategy \(bogusStrategy), which Docs/ALGORITHMS.md does not define",
            "Sources/Model.swift:4: cites the page Docs/\(bogusPage), which is not in the repository",
            "Docs/PAGE.md:4: cites the page \(bogusPage), which is not in the repository",
            "Docs/PAGE.md:5: cites the page ../../ELSEWHERE.md, which is not in the repository",
            "Docs/PAGE.md:5: cites the UIKit fact P8, which Docs/UIKIT-MODEL.md does not define",
        ], "\(problems)")
    }

    /// Swift's code is blanked, its comments and its strings' text are kept; line breaks stay where they were.
    @Test func onlyCommentsAndStringsOfSwiftAreRead() {
        let code = #"let a = b.c // one"# + "\n" + ##"let s = "two \(x.y) three" + #"four "\(z)" five"#"## + "\n/* six /* seven */ eight */ let q = r"
        let prose = References.prose(of: code, c: false).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ").joined(separator: " ") }
        #expect(prose == ["// one", #""two three" "four "\(z)" five""#, "six seven eight"], "\(prose)")
    }
}

@Suite struct UIKitModelPageTests {
    @Test func everyFactIsSourcedAndSwitchedWhereUnsure() throws {
        let page = try References.page("UIKIT-MODEL.md")
        #expect(UIKitModelPage.facts(in: page).count > 30)
        let problems = UIKitModelPage.problems(in: page)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The check fails on what it is for: a fact without a source, an unsure fact without a switch, an id twice.
    @Test func plantedProblemsAreFound() {
        let page = """
            | id | what UIKit does | source | confidence | the model (switch) |
            |---|---|---|---|---|
            | F1 | a | `-_layoutAttributesForItemsInRect:` | high | b. Switch `flowQuery` |
            | C2 | a | someone said so | high | b |
            | C9 | a | `-validateItems` | medium: a hop unread | b |
            | K2 | a | `-_notifyDidScroll` | medium | b |
            | S3 | a | assumed | assumed | b. Switch `contentTargets` |
            | F1 | a | follows from C1 | high | b |

            ## Switches

            | switch | values | default | fact |
            |---|---|---|---|
            | `orthogonalScroll` | `offsetOnly`, `invalidate` | `offsetOnly` | K2 (medium) |
            """
        let problems = UIKitModelPage.problems(in: page)
        #expect(problems == ["C2: names no source ('someone said so')", "C9: 'medium' without a switch", "F1: defined twice"],
                "\(problems)")
    }
}
