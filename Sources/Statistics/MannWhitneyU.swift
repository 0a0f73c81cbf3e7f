import Foundation

/// The two-sided Mann–Whitney U (Wilcoxon rank-sum) test of two independent samples.
///
/// It asks whether values from one sample tend to be larger than values from the other without
/// assuming a distribution — the test Google Benchmark's `compare.py` uses for timings.
///
/// - With no ties and `n1 + n2 ≤ 50` the p-value is exact: the null distribution of U is counted
///   over all rank assignments (the recurrence of Mann & Whitney, 1947).
/// - Otherwise it is the normal approximation with the tie correction of the variance and a
///   continuity correction of ½.
public struct MannWhitneyU: Sendable, Equatable {
    public enum Method: String, Sendable { case exact, normalApproximation = "normal approximation" }

    /// U of the first sample: the number of pairs (x, y) with x > y, ties counting ½.
    public let u1: Double
    /// U of the second sample (`n1·n2 − u1`).
    public let u2: Double
    /// Two-sided p-value.
    public let p: Double
    public let method: Method
    public let n1: Int
    public let n2: Int

    /// Largest total sample size for which the exact distribution is computed.
    public static let exactLimit = 50

    /// Tests `first` against `second`; nil when either sample is empty.
    public init?(_ first: [Double], _ second: [Double]) {
        n1 = first.count
        n2 = second.count
        guard n1 > 0, n2 > 0 else { return nil }
        let pooled = (first.map { ($0, 0) } + second.map { ($0, 1) }).sorted { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieGroups: [Int] = []
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end + 2) / 2
            for index in start...end { ranks[index] = rank }
            if end > start { tieGroups.append(end - start + 1) }
            start = end + 1
        }
        var rankSum1 = 0.0
        for (index, item) in pooled.enumerated() where item.1 == 0 { rankSum1 += ranks[index] }
        let product = Double(n1 * n2)
        u1 = rankSum1 - Double(n1 * (n1 + 1)) / 2
        u2 = product - u1
        if tieGroups.isEmpty, n1 + n2 <= Self.exactLimit {
            method = .exact
            let smaller = Int(Swift.min(u1, u2).rounded())
            let distribution = Self.exactDistribution(n1, n2)
            let total = distribution.reduce(0, +)
            let lowerTail = distribution[0...smaller].reduce(0, +) / total
            p = Swift.min(1, 2 * lowerTail)
        } else {
            method = .normalApproximation
            let n = Double(n1 + n2)
            let tieTerm = tieGroups.reduce(0.0) { sum, t in sum + Double(t * t * t - t) }
            let variance = product / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
            if variance <= 0 {
                p = 1  // every value equal: nothing to tell apart
            } else {
                let mean = product / 2
                let deviation = Swift.max(0, abs(u1 - mean) - 0.5)
                let z = deviation / variance.squareRoot()
                p = Swift.min(1, erfc(z / 2.0.squareRoot()))
            }
        }
    }

    /// The smallest two-sided p-value any outcome could give for these sample sizes without ties
    /// (complete separation): `2 / C(n1 + n2, n1)`. When it is not below α, the test cannot flag
    /// anything, whatever the data — 3 against 3 repetitions gives 0.1.
    public static func smallestPossibleP(_ n1: Int, _ n2: Int) -> Double {
        guard n1 > 0, n2 > 0 else { return 1 }
        var combinations = 1.0
        for i in 0..<Swift.min(n1, n2) { combinations = combinations * Double(n1 + n2 - i) / Double(i + 1) }
        return Swift.min(1, 2 / combinations)
    }

    /// Counts of rank assignments giving U = 0…n1·n2 (the frequency of each U under the null),
    /// by the recurrence f(n1, n2, u) = f(n1 − 1, n2, u − n2) + f(n1, n2 − 1, u).
    static func exactDistribution(_ n1: Int, _ n2: Int) -> [Double] {
        // table[j][u] holds f(i, j, u) for the current i.
        let maxU = n1 * n2
        var table = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
        for j in 0...n2 { table[j][0] = 1 }  // i = 0: only U = 0
        if n1 == 0 { return table[n2] }
        for _ in 1...n1 {
            var next = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
            next[0][0] = 1  // j = 0: only U = 0
            if n2 >= 1 {
                for j in 1...n2 {
                    for u in 0...maxU {
                        let fromSmallerFirst = u >= j ? table[j][u - j] : 0
                        next[j][u] = fromSmallerFirst + next[j - 1][u]
                    }
                }
            }
            table = next
        }
        return table[n2]
    }
}
