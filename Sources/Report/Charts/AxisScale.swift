import Foundation

/// An axis with "nice" tick values covering a data range: linear, ticks 1, 2 or 5 × 10ⁿ apart; or
/// logarithmic, from decade to decade.
struct AxisScale {
    let lower: Double
    let upper: Double
    let ticks: [Double]
    let step: Double
    /// Whether positions follow log₁₀ of the value.
    let logarithmic: Bool

    /// An axis covering `minimum…maximum` with about `count` ticks; a flat range is widened.
    init(minimum: Double, maximum: Double, count: Int = 5) {
        var low = minimum
        var high = maximum
        if !(high > low) { high = low + 1 }
        let rough = (high - low) / Double(Swift.max(count, 1))
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let fraction = rough / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        step = nice * magnitude
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        lower = low
        upper = high
        let first = Int((low / step).rounded())
        let last = Int((high / step).rounded())
        let spacing = step
        let values = (first...Swift.max(first, last)).map { Double($0) * spacing }
        ticks = values
        logarithmic = false
    }

    /// A logarithmic axis from the power of ten at or below `minimum` to the one at or above
    /// `maximum` (at least one decade), ticked at 1, 2 and 5 × 10ⁿ, or only at 10ⁿ when it spans
    /// more than three decades. Both ends must be positive.
    init(logarithmicFrom minimum: Double, to maximum: Double) {
        precondition(minimum > 0 && maximum > 0, "a logarithmic axis needs positive values")
        let first = Int(log10(minimum).rounded(.down))
        let last = Swift.max(Int(log10(maximum).rounded(.up)), first + 1)
        let top = pow(10, Double(last))
        lower = pow(10, Double(first))
        upper = top
        step = lower
        logarithmic = true
        let multipliers: [Double] = last - first > 3 ? [1] : [1, 2, 5]
        ticks = (first...last).flatMap { exponent in multipliers.map { $0 * pow(10, Double(exponent)) } }.filter {
            $0 <= top
        }
    }

    /// Logarithmic when every value is positive and the largest is more than 10 × the smallest,
    /// else linear from 0.
    static func fitting(_ values: [Double]) -> AxisScale {
        guard let low = values.min(), let high = values.max(), low > 0, high > 10 * low else {
            return AxisScale(minimum: 0, maximum: values.max() ?? 1)
        }
        return AxisScale(logarithmicFrom: low, to: high)
    }

    /// Position of `value` between `start` (at lower) and `end` (at upper).
    func position(_ value: Double, from start: Double, to end: Double) -> Double {
        guard logarithmic else { return start + (value - lower) / (upper - lower) * (end - start) }
        return start + (log10(value) - log10(lower)) / (log10(upper) - log10(lower)) * (end - start)
    }

    /// Tick label with as many decimals as the step (or, logarithmic, the value) needs.
    func label(_ value: Double) -> String {
        let smallest = logarithmic ? value : step
        let digits = smallest >= 1 ? 0 : Int((-log10(smallest)).rounded(.up))
        return NumberFormat.decimal(value, digits: digits)
    }
}
