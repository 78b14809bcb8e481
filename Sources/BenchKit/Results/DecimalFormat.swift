import Foundation

/// Numbers as the result files write them: `.` as decimal point, no exponent, trailing zeros trimmed.
enum DecimalFormat {
    /// `value` rounded to `decimals` places (`12.5`, `0.0312`, `3`).
    static func string(_ value: Double, decimals: Int) -> String {
        precondition(value.isFinite, "result files hold finite numbers only")
        // String(format:) without a locale always uses the POSIX `.` decimal point.
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// The shortest text that reads back as exactly `value` (raw samples).
    static func exact(_ value: Double) -> String {
        precondition(value.isFinite, "result files hold finite numbers only")
        return "\(value)"
    }
}
