import Foundation

/// The upper tail of a binomial distribution, P(X ≥ k) for X ~ Binomial(n, q): the chance that at
/// least k of n independent draws each land beyond an allowance they pass with probability 1 − q.
///
/// `compare` uses it as an exact one-sided test: under unchanged code each draw of a LAN lands
/// beyond a metric's allowance, one way, with probability at most q (measured, docs/REPORTS.md), so
/// k such draws out of n is evidence of a change when this tail is small. Summed term by term in
/// log space (`lgamma`), which is exact enough for the n of a benchmark (hundreds at most).
public enum BinomialTail {
    /// P(X ≥ k) for X ~ Binomial(n, q); 1 for k ≤ 0, 0 for k > n.
    public static func atLeast(_ k: Int, of n: Int, probability q: Double) -> Double {
        precondition(n >= 0 && (0...1).contains(q))
        guard k > 0 else { return 1 }
        guard k <= n else { return 0 }
        if q == 0 { return 0 }
        if q == 1 { return 1 }
        var sum = 0.0
        for j in k...n {
            let logChoose = lgamma(Double(n + 1)) - lgamma(Double(j + 1)) - lgamma(Double(n - j + 1))
            sum += exp(logChoose + Double(j) * log(q) + Double(n - j) * log1p(-q))
        }
        return min(1, sum)
    }

    /// P(X ≥ k) for X the number of successes of independent trials with chances `probabilities`
    /// (a Poisson-binomial distribution), by dynamic programming over the trials; 1 for k ≤ 0.
    /// With equal chances it is `atLeast(_:of:probability:)`.
    public static func atLeast(_ k: Int, probabilities: [Double]) -> Double {
        guard k > 0 else { return 1 }
        guard k <= probabilities.count else { return 0 }
        // distribution[j]: P(exactly j successes so far).
        var distribution = [1.0] + Array(repeating: 0.0, count: probabilities.count)
        for (index, p) in probabilities.enumerated() {
            precondition((0...1).contains(p))
            for j in stride(from: index + 1, through: 1, by: -1) {
                distribution[j] = distribution[j] * (1 - p) + distribution[j - 1] * p
            }
            distribution[0] *= 1 - p
        }
        return min(1, distribution[k...].reduce(0, +))
    }

    /// The fewest draws n for which all n beyond the allowance (P = qⁿ) reaches `level`: how many
    /// draws a test needs before it can say anything at that level.
    public static func drawsNeeded(probability q: Double, level: Double) -> Int {
        guard q > 0, q < 1, level > 0 else { return 1 }
        return max(1, Int((log(level) / log(q)).rounded(.up)))
    }
}
