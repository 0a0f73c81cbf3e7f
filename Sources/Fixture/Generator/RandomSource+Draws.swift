import Wire

/// The draws the LAN generator makes, written out so that a seed gives the same fixture on any
/// machine and toolchain: only integer arithmetic and `+ - × ÷` on doubles (no `log`/`exp`, whose
/// last bit may differ between C libraries), and none of the standard library's
/// `random(in:using:)`/`shuffled(using:)`, whose algorithms are not promised to stay the same.
extension RandomSource {
    /// An independent stream for one purpose (`stream` 0 for the LAN, 1 + index for a device):
    /// the seed and the stream number are mixed through one SplitMix64 step, so neighbouring
    /// streams share no state.
    static func stream(seed: UInt64, _ stream: UInt64) -> RandomSource {
        var mixer = RandomSource(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return RandomSource(seed: mixer.next())
    }

    /// Uniform in `0..<count` (modulo of 64 bits: the bias is below 2⁻⁵⁰ for any count used here).
    mutating func below(_ count: Int) -> Int {
        precondition(count > 0)
        return Int(next() % UInt64(count))
    }

    /// Uniform over the integers of `range`.
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// Uniform over `numerator / denominator` for the integers `numerator` in `low...high`:
    /// `fraction(10...80, over: 10)` is one of 1.0, 1.1, …, 8.0. Dividing by an integer gives the
    /// double nearest the decimal, the same one reading its printed form back gives.
    mutating func fraction(_ numerators: ClosedRange<Int>, over denominator: Int) -> Double {
        Double(integer(in: numerators)) / Double(denominator)
    }

    /// True with probability `share` (0…1).
    mutating func chance(_ share: Double) -> Bool { share > 0 && unit() < share }

    /// One element, uniformly.
    mutating func element<T>(of items: [T]) -> T { items[below(items.count)] }

    /// One element, with probability proportional to its weight (weights ≥ 0, not all 0).
    mutating func weighted<T>(_ items: [(T, Double)]) -> T {
        let total = items.reduce(0) { $0 + $1.1 }
        precondition(total > 0, "no weight to draw from")
        var remaining = unit() * total
        for (item, weight) in items where weight > 0 {
            if remaining < weight { return item }
            remaining -= weight
        }
        return items.last { $0.1 > 0 }!.0
    }

    /// `count` lower-case hexadecimal digits.
    mutating func hex(_ count: Int) -> String {
        String((0..<count).map { _ in Array("0123456789abcdef")[below(16)] })
    }
}
