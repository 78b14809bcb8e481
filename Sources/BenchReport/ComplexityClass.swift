#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An asymptotic cost class a measured series can be fitted to: `cost = a + b·f(n)`.
///
/// The classes are ordered from the slowest-growing (`constant`) to the fastest (`quadratic`),
/// so `<` reads "grows more slowly than".
///
///     ComplexityClass(documented: "O(log N + k)")   // .logarithmic
///     ComplexityClass.linear.description            // "O(n)"
public enum ComplexityClass: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    case constant
    case logarithmic
    case linear
    case linearithmic
    case quadratic

    public var description: String {
        switch self {
        case .constant: "O(1)"
        case .logarithmic: "O(log n)"
        case .linear: "O(n)"
        case .linearithmic: "O(n log n)"
        case .quadratic: "O(n^2)"
        }
    }

    /// The growth term `f(n)` of the class (0 for `constant`; logarithms are base 2).
    ///
    /// - Complexity: O(1).
    public func growthTerm(_ n: Double) -> Double {
        switch self {
        case .constant: 0
        case .logarithmic: log2(n)
        case .linear: n
        case .linearithmic: n * log2(n)
        case .quadratic: n * n
        }
    }

    public static func < (a: ComplexityClass, b: ComplexityClass) -> Bool { a.rawValue < b.rawValue }
}

/// How a measured class compares with the class a piece of code documents.
public enum ComplexityVerdict: String, Sendable {
    /// The measured class is the documented one.
    case matches
    /// The measured cost grows more slowly than documented (common at small sizes: `log n` looks flat).
    case slowerGrowthThanDocumented
    /// The measured cost grows faster than documented: the documentation (or the code) is wrong.
    case fasterGrowthThanDocumented
}

extension ComplexityClass {
    /// Compares this measured class with a documented one.
    ///
    /// - Complexity: O(1).
    public func verdict(againstDocumented documented: ComplexityClass) -> ComplexityVerdict {
        if self == documented { return .matches }
        return self < documented ? .slowerGrowthThanDocumented : .fasterGrowthThanDocumented
    }

    /// Parses a documented complexity such as `"O(1)"`, `"O(log N)"`, `"O(N log N)"`, `"O(N^2)"`,
    /// `"O(k)"` or `"O(log N + k)"`; nil when the text is not of that form.
    ///
    /// `n`/`N` is the size; every other symbol (`k`, `m`, numbers) is a constant in `n`. A sum takes
    /// its fastest-growing term; a product multiplies powers (`n log n`, `n*n`, `n²`).
    ///
    /// - Complexity: O(m) in the length `m` of the text.
    public init?(documented text: String) {
        let lowered = String(text.lowercased().map { $0.isWhitespace ? " " : $0 })
        var body = Substring(lowered.trimmingSpaces())
        guard body.hasPrefix("o("), body.hasSuffix(")") else { return nil }
        body = body.dropFirst(2).dropLast()
        var fastest: ComplexityClass?
        for term in body.split(separator: "+", omittingEmptySubsequences: false) {
            guard let termClass = ComplexityClass.parseTerm(term) else { return nil }
            fastest = Swift.max(fastest ?? .constant, termClass)
        }
        guard let fastest else { return nil }
        self = fastest
    }

    /// One product of factors, as powers of `n` and of `log n`.
    private static func parseTerm(_ term: Substring) -> ComplexityClass? {
        let normalised = String(term.filter { $0 != "(" && $0 != ")" })
            .replacingAll("log ", with: "log")
            .replacingAll("lg ", with: "log")
            .replacingAll("lg", with: "log")
            .replacingAll("²", with: "^2")
        var power = 0
        var logPower = 0
        let factors = normalised.split(whereSeparator: { $0 == " " || $0 == "*" || $0 == "·" || $0 == "×" })
        guard !factors.isEmpty else { return nil }
        for written in factors {
            // A numeric coefficient (`2n`, `3k`) does not change the class.
            let coefficientEnd = written.firstIndex(where: { !$0.isNumber && $0 != "." }) ?? written.endIndex
            let factor = coefficientEnd == written.endIndex ? written : written[coefficientEnd...]
            switch factor {
            case "n": power += 1
            case "n^2": power += 2
            case "logn": logPower += 1
            case "nlogn": power += 1; logPower += 1
            default:
                guard isConstantInN(factor) else { return nil }
            }
        }
        switch (power, logPower) {
        case (0, 0): return .constant
        case (0, 1): return .logarithmic
        case (1, 0): return .linear
        case (1, 1): return .linearithmic
        case (2, 0): return .quadratic
        default: return nil
        }
    }

    /// A number, a one-letter symbol other than `n` (`k`, `m2`), or the logarithm of one (`log k`).
    private static func isConstantInN(_ factor: Substring) -> Bool {
        let argument = factor.hasPrefix("log") ? factor.dropFirst(3) : factor
        if let first = argument.first, first.isLetter {
            return first != "n" && argument.dropFirst().allSatisfy(\.isNumber)
        }
        return !argument.isEmpty && argument.allSatisfy { $0.isNumber || $0 == "." }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> Substring {
        let start = firstIndex(where: { $0 != " " }) ?? endIndex
        let end = lastIndex(where: { $0 != " " }).map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }

    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
