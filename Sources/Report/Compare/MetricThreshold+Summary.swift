import Results

extension MetricThreshold {
    /// "±5 % or ±2", "0 (any worsening)", "off".
    var summary: String {
        guard gate else { return "off" }
        var parts: [String] = []
        if let relativePercent {
            parts.append(
                NumberFormat.decimal(relativePercent, digits: relativePercent.rounded() == relativePercent ? 0 : 1)
                    + " %"
            )
        }
        if let absolute { parts.append(NumberFormat.decimal(absolute, digits: absolute.rounded() == absolute ? 0 : 2)) }
        return parts.isEmpty ? "0" : parts.joined(separator: " or ")
    }
}
