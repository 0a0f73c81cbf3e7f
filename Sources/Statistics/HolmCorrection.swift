/// Holm's step-down correction (Holm 1979): which of m hypotheses to reject so that the chance of
/// rejecting any true one — the family-wise error rate — stays at most α, for any dependence
/// between the tests.
///
/// Sort the p-values ascending; reject the i-th smallest (from 0) while p ≤ α / (m − i); stop at the
/// first that is not. Uniformly more powerful than Bonferroni (α / m for every test).
public struct HolmCorrection: Sendable, Equatable {
    /// Per input index: rejected or not.
    public let rejected: [Bool]
    /// Per input index: the level its p-value was held against (α / (m − rank)); the first level
    /// not met for a test the procedure stopped before reaching.
    public let levels: [Double]

    public init(pValues: [Double], alpha: Double) {
        let m = pValues.count
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var rejected = Array(repeating: false, count: m)
        var levels = Array(repeating: alpha, count: m)
        var stopped = false
        for (rank, index) in order.enumerated() {
            levels[index] = alpha / Double(m - rank)
            if !stopped, pValues[index] <= levels[index] {
                rejected[index] = true
            } else {
                stopped = true
            }
        }
        self.rejected = rejected
        self.levels = levels
    }
}
