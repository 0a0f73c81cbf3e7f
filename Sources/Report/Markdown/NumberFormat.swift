import Foundation

/// Locale-independent number formatting, so the same results always render the same bytes.
enum NumberFormat {
    /// `value` with `digits` decimals and thousands separated by commas (1,204 / 0.93).
    static func decimal(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "n/a" : (value > 0 ? "∞" : "−∞") }
        let text = String(format: "%.\(digits)f", abs(value))
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        var integer = parts[0]
        var grouped = ""
        while integer.count > 3 {
            grouped = "," + integer.suffix(3) + grouped
            integer = String(integer.dropLast(3))
        }
        grouped = integer + grouped
        let body = parts.count > 1 ? grouped + "." + parts[1] : grouped
        let isZero = Double(text) == 0
        return (value < 0 && !isZero ? "−" : "") + body
    }

    /// A signed change: "+12", "−3.5", "±0".
    static func signed(_ value: Double, digits: Int) -> String {
        let body = decimal(abs(value), digits: digits)
        if Double(String(format: "%.\(digits)f", abs(value))) == 0 { return "±0" }
        return (value > 0 ? "+" : "−") + body
    }

    /// A signed percentage with one decimal below 10 % and none above: "+4.2 %", "−74 %".
    static func percent(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return signed(value, digits: abs(value) < 10 ? 1 : 0) + " %"
    }

    /// A compact coordinate for SVG (at most two decimals, no trailing zeros).
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
