import Foundation

/// A linear axis with "nice" tick values (1, 2 or 5 × 10ⁿ apart) covering a data range.
struct AxisScale {
    let lower: Double
    let upper: Double
    let ticks: [Double]
    let step: Double

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
    }

    /// Position of `value` between `start` (at lower) and `end` (at upper).
    func position(_ value: Double, from start: Double, to end: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    /// Tick label with as many decimals as the step needs.
    func label(_ value: Double) -> String {
        let digits = step >= 1 ? 0 : Int((-log10(step)).rounded(.up))
        return NumberFormat.decimal(value, digits: digits)
    }
}
