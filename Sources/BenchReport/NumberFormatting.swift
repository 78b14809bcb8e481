#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Number formatting for tables, reports and chart labels, locale-free (always `.` as decimal point).
///
///     ReportFormat.nanoseconds(12.34)     // "12.3 ns"
///     ReportFormat.nanoseconds(4_560)     // "4.56 µs"
///     ReportFormat.percent(0.4213)        // "0.421%"
///     ReportFormat.ratio(1.234)           // "1.23x"
///     ReportFormat.size(10_000)           // "10k"
public enum ReportFormat {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero.
    ///
    /// - Complexity: O(1).
    public static func fixed(_ value: Double, decimals: Int) -> String {
        precondition(decimals >= 0 && decimals <= 12, "decimals must be in 0...12")
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let scale = power10(decimals)
        let scaled = (Swift.abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return "\(value)" }
        let digits = UInt64(scaled)
        let unit = UInt64(scale)
        var text = (value < 0 && digits != 0 ? "-" : "") + String(digits / unit)
        if decimals > 0 {
            let fraction = String(digits % unit)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// `value` rounded to `digits` significant digits, keeping trailing zeros (`1.20`), never exponent notation.
    ///
    /// - Complexity: O(1).
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        fixed(value, decimals: significantDecimals(value, digits: digits))
    }

    /// Nanoseconds with 3 significant digits in the largest fitting unit: `12.3 ns`, `4.56 µs`, `1.23 ms`, `2.00 s`.
    /// With `compact`, trailing zeros go (`10 ns`, `1 µs`, `1.5 ms`): the form for axis ticks.
    ///
    /// - Complexity: O(1).
    public static func nanoseconds(_ value: Double, compact: Bool = false) -> String {
        guard value.isFinite else { return "n/a" }
        let units: [(scale: Double, name: String)] = [(1, "ns"), (1e3, "µs"), (1e6, "ms"), (1e9, "s")]
        var index = 0
        while index + 1 < units.count, Swift.abs(value) >= units[index + 1].scale { index += 1 }
        var scaled = value / units[index].scale
        // 999.96 ns rounds to 1000 ns: say 1.00 µs instead.
        if index + 1 < units.count, roundedToSignificant(scaled, digits: 3) >= 1000 {
            index += 1
            scaled = value / units[index].scale
        }
        let number = significant(scaled, digits: 3)
        return (compact ? trimmingZeros(number) : number) + " " + units[index].name
    }

    /// A percentage given in percent (`0.42` → `"0.42%"`), 3 significant digits.
    ///
    /// - Complexity: O(1).
    public static func percent(_ percent: Double) -> String {
        guard percent.isFinite else { return "n/a" }
        return significant(percent, digits: 3) + "%"
    }

    /// A ratio with 3 significant digits: `1.23x`, `12.3x`, `0.456x`.
    ///
    /// - Complexity: O(1).
    public static func ratio(_ ratio: Double) -> String {
        guard ratio.isFinite else { return "n/a" }
        return significant(ratio, digits: 3) + "x"
    }

    /// A size or count for axis ticks: `1`, `30`, `1k`, `10k`, `1.5M`.
    ///
    /// - Complexity: O(1).
    public static func size(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = Swift.abs(value)
        if magnitude >= 1e9 { return trimmingZeros(significant(value / 1e9, digits: 3)) + "G" }
        if magnitude >= 1e6 { return trimmingZeros(significant(value / 1e6, digits: 3)) + "M" }
        if magnitude >= 1e3 { return trimmingZeros(significant(value / 1e3, digits: 3)) + "k" }
        return trimmingZeros(significant(value, digits: 3))
    }

    static func power10(_ exponent: Int) -> Double { pow(10, Double(exponent)) }

    private static func significantDecimals(_ value: Double, digits: Int) -> Int {
        guard value != 0, value.isFinite else { return 0 }
        let exponent = Int(floor(log10(Swift.abs(value))))
        var decimals = Swift.max(0, digits - 1 - exponent)
        let rounded = (Swift.abs(value) * power10(decimals)).rounded(.toNearestOrAwayFromZero) / power10(decimals)
        if rounded >= power10(exponent + 1) { decimals = Swift.max(0, decimals - 1) }
        return decimals
    }

    private static func roundedToSignificant(_ value: Double, digits: Int) -> Double {
        let decimals = significantDecimals(value, digits: digits)
        return (Swift.abs(value) * power10(decimals)).rounded(.toNearestOrAwayFromZero) / power10(decimals)
    }

    static func trimmingZeros(_ number: String) -> String {
        guard number.contains(".") else { return number }
        var trimmed = Substring(number)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
