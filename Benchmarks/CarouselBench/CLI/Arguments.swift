import Foundation

/// Typed command lines. Each command declares its arguments once, as a struct conforming to `CommandArguments`:
/// its stored properties hold the values (their initial values are the defaults) and `options` declares, per
/// option, its name, value form, help and checks. Parsing, `--help`, the defaults and the arguments a child
/// process is given (`encoded`) all come from that one declaration. Options shared by several commands are a
/// struct of their own, included by composition (`including`).
///
///     struct Example: CommandArguments {
///         var rounds = 3
///         static var rounds: Option<Self> { .value("--rounds", \.rounds, .int("N", 1...9), "rounds to take") }
///         static var options: [Option<Self>] { [rounds] }
///     }
///     try Example.parse(["--rounds", "5"]).rounds     // 5
///     Example(rounds: 5).encoded                      // ["--rounds", "5"]
protocol CommandArguments {
    /// Every option at its default.
    init()
    /// The options, in the order of the help and of `encoded`.
    static var options: [Option<Self>] { get }
    /// Where the positional arguments go, and how many are accepted (none unless a command says so).
    static var positionals: Positionals<Self>? { get }
}

/// The positional arguments of a command: where they go and how many it accepts at most. How many it needs is
/// the command's own check (its message names them).
struct Positionals<Root> {
    let path: WritableKeyPath<Root, [String]>
    let most: Int
}

/// A usage error: one line naming the bad option or value, exit 64.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    /// The option was not one the command knows: the line ends pointing to the command's `--help`.
    var pointsToHelp = false
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// How an option's value is written: its placeholder in the help, the form it accepts (which the one-line error
/// for a malformed value names), how it is read and how it is written back (for a child process).
struct ValueForm<Value> {
    let placeholder: String
    /// What a malformed value is not: "a whole number in 1...8", "one of apple|native".
    let accepted: String
    /// The value `text` gives; nil when it is malformed, or a throw whose description is the reason.
    let read: (String) throws -> Value?
    let write: (Value) -> String

    /// The value of `text` for option `name`; a malformed one is a usage error naming both and the accepted form.
    func value(_ text: String, option name: String) throws -> Value {
        let value: Value?
        do {
            value = try read(text)
        } catch {
            throw UsageError("option '\(name)': \(error)")
        }
        guard let value else { throw UsageError("option '\(name)': '\(text)' is not \(accepted)") }
        return value
    }
}

extension ValueForm where Value == Int {
    static func int(_ placeholder: String, _ range: ClosedRange<Int>, noun: String = "a whole number") -> ValueForm {
        ValueForm(placeholder: placeholder, accepted: "\(noun) in \(range.lowerBound)...\(range.upperBound)",
                  read: { Int($0).flatMap { range.contains($0) ? $0 : nil } }, write: { String($0) })
    }
}

extension ValueForm where Value == UInt64 {
    static func unsigned(_ placeholder: String) -> ValueForm {
        ValueForm(placeholder: placeholder, accepted: "a whole number", read: { UInt64($0) }, write: { String($0) })
    }
}

extension ValueForm where Value == Double {
    static func number(_ placeholder: String, _ range: ClosedRange<Double>) -> ValueForm {
        ValueForm(placeholder: placeholder,
                  accepted: "a number in \(ReportNumber.text(range.lowerBound))...\(ReportNumber.text(range.upperBound))",
                  read: { Double($0).flatMap { $0.isFinite && range.contains($0) ? $0 : nil } },
                  write: { ReportNumber.text($0) })
    }

    /// A percentage given as its number (`5` for 5%), held as a fraction (0.05).
    static func percent(_ placeholder: String, _ range: ClosedRange<Double>) -> ValueForm {
        let number = ValueForm.number(placeholder, range)
        return ValueForm(placeholder: placeholder, accepted: number.accepted,
                         read: { try number.read($0).map { $0 / 100 } }, write: { ReportNumber.percent($0 * 100) })
    }
}

extension ValueForm where Value == String {
    static func text(_ placeholder: String) -> ValueForm {
        ValueForm(placeholder: placeholder, accepted: "a value", read: { $0 }, write: { $0 })
    }

    /// A regular expression, compiled once to check it.
    static var pattern: ValueForm {
        ValueForm(placeholder: "REGEX", accepted: "a valid regular expression",
                  read: { (try? NSRegularExpression(pattern: $0)) == nil ? nil : $0 }, write: { $0 })
    }

    /// One of `names`.
    static func oneOf(_ placeholder: String, _ names: [String]) -> ValueForm {
        ValueForm(placeholder: placeholder, accepted: "one of \(names.joined(separator: "|"))",
                  read: { names.contains($0) ? $0 : nil }, write: { $0 })
    }
}

extension ValueForm where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the cases, by raw value (the placeholder lists them unless given).
    static func choice(_ placeholder: String? = nil) -> ValueForm {
        let names = Value.allCases.map(\.rawValue).joined(separator: "|")
        return ValueForm(placeholder: placeholder ?? names, accepted: "one of \(names)", read: { Value(rawValue: $0) },
                         write: { $0.rawValue })
    }
}

extension ValueForm where Value == [Int] {
    /// Comma-separated whole numbers in `range`, kept sorted and once each.
    static func list(_ placeholder: String, _ range: ClosedRange<Int>, noun: String) -> ValueForm {
        ValueForm(placeholder: placeholder, accepted: "comma-separated \(noun)s in \(range.lowerBound)...\(range.upperBound)", read: { text in
            var numbers: [Int] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(part), range.contains(number) else {
                    throw UsageError("'\(part)' is not a \(noun) in \(range.lowerBound)...\(range.upperBound)")
                }
                if !numbers.contains(number) { numbers.append(number) }
            }
            return numbers.sorted()
        }, write: { $0.map(String.init).joined(separator: ",") })
    }
}

/// One option of the arguments `Root`: its name, its value's placeholder (none for a flag), its help, how an
/// occurrence is read into `Root`, how `Root`'s value is written back as arguments, and the checks run once every
/// option is read.
struct Option<Root: CommandArguments> {
    let name: String
    /// The placeholder of the value; nil for a flag.
    let placeholder: String?
    /// The accepted form of the value, for the error when it is missing.
    let accepted: String?
    let describe: () -> String
    /// The default shown in the help, if any.
    let shownDefault: () -> String?
    /// Reads one occurrence into `Root`: the value, or nil for a flag.
    let read: (inout Root, String?) throws -> Void
    /// The arguments that give `Root`'s value of this option back: none when it is the default.
    let write: (Root) -> [String]
    /// Run once every option is read: a range that depends on another option, options that exclude each other.
    let check: (Root) throws -> Void

    /// The one-line help, with the default: in the help's closing parenthesis when it has one.
    var help: String {
        let text = describe()
        guard let value = shownDefault() else { return text }
        return text.hasSuffix(")") ? text.dropLast() + "; default \(value))" : text + " (default \(value))"
    }

    /// `--name PLACEHOLDER`, as the help's left column shows it.
    var synopsis: String { name + (placeholder.map { " " + $0 } ?? "") }

    /// A flag: false unless given.
    static func flag(_ name: String, _ path: WritableKeyPath<Root, Bool>, _ help: @escaping @autoclosure () -> String,
                     check: @escaping (Root) throws -> Void = { _ in }) -> Option {
        Option(name: name, placeholder: nil, accepted: nil, describe: help, shownDefault: { nil },
               read: { root, _ in root[keyPath: path] = true },
               write: { root in root[keyPath: path] ? [name] : [] }, check: check)
    }

    /// An option with a value whose default is `Root()`'s, shown in the help unless `showsDefault` is false.
    static func value<Value: Equatable>(
        _ name: String, _ path: WritableKeyPath<Root, Value>, _ form: ValueForm<Value>,
        _ help: @escaping @autoclosure () -> String, showsDefault: Bool = true, check: @escaping (Root) throws -> Void = { _ in }
    ) -> Option {
        Option(name: name, placeholder: form.placeholder, accepted: form.accepted, describe: help,
               shownDefault: { showsDefault ? form.write(Root()[keyPath: path]) : nil },
               read: { root, text in root[keyPath: path] = try form.value(text ?? "", option: name) },
               write: { root in
                   root[keyPath: path] == Root()[keyPath: path] ? [] : [name, form.write(root[keyPath: path])]
               }, check: check)
    }

    /// An option with a value whose absence means something of its own (nil), which its help says.
    static func value<Value>(
        _ name: String, _ path: WritableKeyPath<Root, Value?>, _ form: ValueForm<Value>,
        _ help: @escaping @autoclosure () -> String, check: @escaping (Root) throws -> Void = { _ in }
    ) -> Option {
        Option(name: name, placeholder: form.placeholder, accepted: form.accepted, describe: help, shownDefault: { nil },
               read: { root, text in root[keyPath: path] = try form.value(text ?? "", option: name) },
               write: { root in root[keyPath: path].map { [name, form.write($0)] } ?? [] }, check: check)
    }

    /// An option that may be given several times, each value adding to the list (written back as one).
    static func values<Element>(
        _ name: String, _ path: WritableKeyPath<Root, [Element]>, _ form: ValueForm<[Element]>,
        _ help: @escaping @autoclosure () -> String
    ) -> Option {
        Option(name: name, placeholder: form.placeholder, accepted: form.accepted, describe: help, shownDefault: { nil },
               read: { root, text in root[keyPath: path] += try form.value(text ?? "", option: name) },
               write: { root in root[keyPath: path].isEmpty ? [] : [name, form.write(root[keyPath: path])] }, check: { _ in })
    }

    /// This option of a group included in `Outer` at `path`.
    func lifted<Outer: CommandArguments>(_ path: WritableKeyPath<Outer, Root>) -> Option<Outer> {
        let (read, write, check) = (self.read, self.write, self.check)
        return Option<Outer>(
            name: name, placeholder: placeholder, accepted: accepted, describe: describe, shownDefault: shownDefault,
            read: { outer, text in try read(&outer[keyPath: path], text) },
            write: { outer in write(outer[keyPath: path]) },
            check: { outer in try check(outer[keyPath: path]) })
    }
}

extension CommandArguments {
    static var positionals: Positionals<Self>? { nil }

    /// The options of the group at `path`, as options of these arguments.
    static func including<Group: CommandArguments>(_ path: WritableKeyPath<Self, Group>) -> [Option<Self>] {
        Group.options.map { $0.lifted(path) }
    }

    /// Parses `arguments`: `--name value`, `--name=value` or a flag `--name`, and positionals where the command
    /// takes them. Anything else is a `UsageError` of one line naming the option.
    static func parse(_ arguments: [String]) throws -> Self {
        let options = Self.options
        var parsed = Self()
        var positionals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                guard positionals.count < (Self.positionals?.most ?? 0) else {
                    throw UsageError("unexpected argument '\(argument)'")
                }
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                var error = UsageError("unknown option '\(name)'")
                error.pointsToHelp = true
                throw error
            }
            guard option.placeholder != nil else {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                try option.read(&parsed, nil)
                continue
            }
            let missing = UsageError("option '\(name)' needs a value: \(option.synopsis), \(option.accepted ?? "")")
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw missing }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty else { throw missing }
            try option.read(&parsed, value)
        }
        if let path = Self.positionals?.path { parsed[keyPath: path] = positionals }
        for option in options { try option.check(parsed) }
        return parsed
    }

    /// The arguments that give these values back, in the declaration's order: each option not at its default.
    /// What a child process is given (it parses them with the same declaration).
    var encoded: [String] { Self.options.flatMap { $0.write(self) } }

    /// `encoded` as a shell would take it: an argument with a character the shell reads specially in single quotes.
    var shellWords: String {
        encoded.map { word in
            word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@%+".contains($0) } ? word : "'" + word + "'"
        }.joined(separator: " ")
    }
}
