/// A small, strict command-line parser: every command declares its options, anything else is a usage error.

/// A usage error: one line naming the bad option or value; the caller prints it with the usage and exits 64.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// One option a command accepts.
struct OptionSpec {
    enum Kind { case flag, value(placeholder: String) }
    let name: String
    let kind: Kind
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help)
    }
    static func value(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help)
    }
}

/// The parsed command line of one command: flags seen, option values, positional arguments.
struct ParsedArguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    /// Every value given to each option, in order (an option given twice keeps both here, the last in `values`).
    private(set) var repeated: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name] }
    func allValues(_ name: String) -> [String] { repeated[name] ?? [] }

    /// Parses `args` against `specs`; `--name=value` and `--name value` are both accepted.
    static func parse(_ args: [String], specs: [OptionSpec], maxPositionals: Int) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < args.count {
            let arg = args[index]
            index += 1
            guard arg.hasPrefix("-"), arg != "-" else {
                guard parsed.positionals.count < maxPositionals else {
                    throw UsageError("unexpected argument '\(arg)'")
                }
                parsed.positionals.append(arg)
                continue
            }
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            switch spec.kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                parsed.flags.insert(name)
            case .value(let placeholder):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < args.count, !args[index].hasPrefix("--") else {
                        throw UsageError("option '\(name)' needs a value \(placeholder)")
                    }
                    value = args[index]
                    index += 1
                }
                guard !value.isEmpty else { throw UsageError("option '\(name)' needs a value \(placeholder)") }
                parsed.values[name] = value
                parsed.repeated[name, default: []].append(value)
            }
        }
        return parsed
    }
}

// Typed readers: each names the option and the bad value in its error.
extension ParsedArguments {
    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '\(name)': '\(text)' is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    func double(_ name: String, default fallback: Double, range: ClosedRange<Double>) throws -> Double {
        guard let text = value(name) else { return fallback }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("option '\(name)': '\(text)' is not a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    func intList(_ name: String, range: ClosedRange<Int>) throws -> [Int]? {
        guard let text = value(name) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), range.contains(number) else {
                throw UsageError("option '\(name)': '\(part)' is not a size in \(range.lowerBound)...\(range.upperBound)")
            }
            if !numbers.contains(number) { numbers.append(number) }
        }
        return numbers.sorted()
    }

    func choice<T: RawRepresentable & Equatable>(_ name: String, default fallback: T) throws -> T where T.RawValue == String, T: CaseIterable {
        try choice(name, default: fallback, among: Array(T.allCases))
    }

    /// The value of `name` among `allowed` (default `fallback`); anything else is a usage error listing them.
    func choice<T: RawRepresentable & Equatable>(_ name: String, default fallback: T, among allowed: [T]) throws -> T
    where T.RawValue == String {
        guard let text = value(name) else { return fallback }
        guard let choice = T(rawValue: text), allowed.contains(choice) else {
            throw UsageError("option '\(name)': '\(text)' is not one of \(allowed.map(\.rawValue).joined(separator: "|"))")
        }
        return choice
    }
}

extension ParsedArguments {
    /// The options of `specs` given on this command line, as arguments again (to pass them on to another process).
    func forwarding(_ specs: [OptionSpec]) -> [String] {
        specs.flatMap { spec -> [String] in
            switch spec.kind {
            case .flag: return has(spec.name) ? [spec.name] : []
            case .value: return value(spec.name).map { [spec.name, $0] } ?? []
            }
        }
    }
}
