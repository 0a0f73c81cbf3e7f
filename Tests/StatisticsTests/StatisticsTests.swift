import Testing
@testable import Statistics

@Suite("statistics")
struct StatisticsTests {
    @Test("Mann–Whitney exact p matches SciPy on small samples without ties")
    func exactAgainstPublishedValues() throws {
        // SciPy's documentation example (mannwhitneyu, method="exact"): U1 = 17, p = 0.1111.
        let example = try #require(MannWhitneyU([19, 22, 16, 29, 24], [20, 11, 17, 12]))
        #expect(example.method == .exact)
        #expect(example.u1 == 17)
        #expect(abs(example.p - 0.111_111_111_1) < 1e-9)
        // Complete separation of 3 against 3: p = 2 / C(6, 3) = 0.1.
        let separated = try #require(MannWhitneyU([1, 2, 3], [4, 5, 6]))
        #expect(separated.u1 == 0 && separated.u2 == 9)
        #expect(abs(separated.p - 0.1) < 1e-12)
        // 10 against 10 (SciPy 1.17: U1 = 13, p = 0.003886206672584382).
        let ten = try #require(
            MannWhitneyU(
                [3.1, 4.7, 2.2, 5.9, 4.0, 3.6, 6.3, 2.8, 5.1, 4.4],
                [5.5, 6.8, 4.9, 7.2, 6.1, 5.8, 7.9, 4.2, 6.6, 7.0]
            )
        )
        #expect(ten.u1 == 13)
        #expect(abs(ten.p - 0.003_886_206_672_584_382) < 1e-12)
        // Overlapping samples: p capped at 1.
        let same = try #require(MannWhitneyU([31.2, 29.8, 30.5, 32.0, 30.1], [30.9, 31.5, 29.5, 30.3, 31.8]))
        #expect(same.u1 == 12 && same.p == 1)
    }

    @Test("with ties the normal approximation with tie and continuity corrections matches SciPy")
    func tiedSamplesUseTheNormalApproximation() throws {
        // SciPy: mannwhitneyu(x, y, method="asymptotic") → U1 = 6.5, p = 0.014107907274540636.
        let result = try #require(MannWhitneyU([1, 2, 2, 3, 4, 4, 5], [3, 4, 5, 5, 6, 7, 7, 8]))
        #expect(result.method == .normalApproximation)
        #expect(result.u1 == 6.5)
        #expect(abs(result.p - 0.014_107_907_274_540_636) < 1e-9)
        // 12 against 12 with one tie: p = 6.759868004484017e-05.
        let timings = try #require(
            MannWhitneyU(
                [10.2, 11.1, 9.8, 10.5, 10.9, 11.4, 10.1, 9.9, 10.7, 10.3, 11.0, 10.6],
                [11.9, 12.4, 11.0, 12.8, 12.1, 11.7, 12.5, 13.0, 11.8, 12.2, 12.6, 11.5]
            )
        )
        #expect(timings.u1 == 2.5)
        #expect(abs(timings.p - 6.759_868_004_484_017e-05) < 1e-10)
    }

    @Test("identical samples give p = 1, empty samples give no test")
    func degenerateSamples() throws {
        #expect(try #require(MannWhitneyU([5, 5, 5], [5, 5, 5])).p == 1)
        #expect(MannWhitneyU([], [1, 2]) == nil)
    }

    @Test("the smallest possible p tells when a test cannot reach α")
    func smallestPossibleP() {
        #expect(abs(MannWhitneyU.smallestPossibleP(3, 3) - 0.1) < 1e-12)
        #expect(abs(MannWhitneyU.smallestPossibleP(4, 4) - 2.0 / 70) < 1e-12)
    }

    @Test("the binomial tail matches the exact sum of C(n, j) qʲ (1 − q)ⁿ⁻ʲ")
    func binomialTail() {
        // Reference values: Python's math.comb, the sum over j = k…n in floating point.
        for (k, n, q, expected) in [
            (1, 5, 0.05, 0.22621906249999996), (3, 5, 0.05, 0.0011581250000000003),
            (5, 5, 0.05, 3.1250000000000013e-07),
            (4, 7, 0.05, 0.000193578125), (2, 20, 0.1, 0.6082530018748327),
            (10, 100, 0.05, 0.028188294163416),
        ] {
            #expect(
                abs(BinomialTail.atLeast(k, of: n, probability: q) - expected) < 1e-12 + 1e-9 * expected,
                "\(k) of \(n) at \(q)"
            )
        }
        #expect(BinomialTail.atLeast(0, of: 5, probability: 0.05) == 1)
        #expect(BinomialTail.atLeast(6, of: 5, probability: 0.05) == 0)
        // q³ = 1.25e-4 ≤ 0.01 / 64 = 1.56e-4: three draws; q² = 2.5e-3 is not.
        #expect(BinomialTail.drawsNeeded(probability: 0.05, level: 0.01 / 64) == 3)
        #expect(BinomialTail.drawsNeeded(probability: 0.05, level: 0.01 / 16) == 3)
        #expect(BinomialTail.drawsNeeded(probability: 0.05, level: 0.01) == 2)
    }

    @Test("Holm's procedure rejects in order of p while p ≤ α / (m − rank), and stops at the first that is not")
    func holm() {
        // m = 4, α = 0.05: levels 0.0125, 0.0167, 0.025, 0.05 by rank.
        let holm = HolmCorrection(pValues: [0.04, 0.001, 0.013, 0.03], alpha: 0.05)
        #expect(
            holm.rejected == [false, true, true, false],
            "0.013 ≤ 0.0167; 0.03 > 0.025 stops it, so 0.04 ≤ 0.05 is not rejected"
        )
        #expect(abs(holm.levels[1] - 0.0125) < 1e-12 && abs(holm.levels[2] - 0.05 / 3) < 1e-12)
        #expect(HolmCorrection(pValues: [], alpha: 0.05).rejected.isEmpty)
        #expect(HolmCorrection(pValues: [0.01, 0.01], alpha: 0.02).rejected == [true, true])
    }

    @Test("the exact null distribution sums to C(n1 + n2, n1) and is symmetric")
    func exactDistribution() {
        let distribution = MannWhitneyU.exactDistribution(4, 6)
        #expect(distribution.count == 25)
        #expect(distribution.reduce(0, +) == 210)
        #expect(distribution == distribution.reversed())
    }

    @Test("Cliff's delta counts dominance over all pairs")
    func cliffsDelta() {
        #expect(CliffsDelta.of([4, 5, 6], against: [1, 2, 3]) == 1)
        #expect(CliffsDelta.of([1, 2, 3], against: [4, 5, 6]) == -1)
        #expect(CliffsDelta.of([1, 2, 3], against: [1, 2, 3]) == 0)
        // pairs: 2>1, 2=2, 2<3, 4>1, 4>2, 4>3 → (4 − 1) / 6.
        #expect(CliffsDelta.of([2, 4], against: [1, 2, 3]) == 0.5)
        #expect(CliffsDelta.magnitude(0.5) == "large" && CliffsDelta.magnitude(0.2) == "small")
    }

    @Test("summaries use type-7 quantiles")
    func summary() throws {
        let summary = try #require(SampleSummary([7, 1, 3, 5]))
        #expect(summary.median == 4 && summary.min == 1 && summary.max == 7)
        #expect(summary.q1 == 2.5 && summary.q3 == 5.5)
        #expect(SampleSummary([]) == nil)
        #expect(try #require(SampleSummary([2, 2, 2])).hasSpread == false)
    }

    @Test("the Poisson-binomial tail: equal chances give the binomial tail, unequal ones the exact sum")
    func poissonBinomial() {
        for k in 0...6 {
            #expect(
                abs(
                    BinomialTail.atLeast(k, probabilities: Array(repeating: 0.05, count: 6))
                        - BinomialTail.atLeast(k, of: 6, probability: 0.05)
                ) < 1e-12
            )
        }
        // Two trials, 0.5 and 0.1: P(≥ 1) = 1 − 0.5 · 0.9, P(2) = 0.05.
        #expect(abs(BinomialTail.atLeast(1, probabilities: [0.5, 0.1]) - 0.55) < 1e-12)
        #expect(abs(BinomialTail.atLeast(2, probabilities: [0.5, 0.1]) - 0.05) < 1e-12)
        #expect(
            BinomialTail.atLeast(3, probabilities: [0.5, 0.1]) == 0 && BinomialTail.atLeast(0, probabilities: []) == 1
        )
    }
}
