/// Fixed formatting for the numbers a generated fixture prints: at most three decimals, trailing
/// zeros dropped (`5`, `0.3`, `102.4`), computed with integers so that no locale, C library or
/// shortest-representation algorithm can change a byte.
enum NumberText {
    static func decimal(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = abs(thousandths)
        var fraction = zeroPadded(String(magnitude % 1000), to: 3)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / 1000) + (fraction.isEmpty ? "" : ".\(fraction)")
    }

    /// `digits` with leading zeros up to `width` characters (`7` → `007`).
    static func zeroPadded(_ digits: String, to width: Int) -> String {
        String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
