import Testing
@testable import Results
import OrderStatistics

@Suite("Pareto ranking (NSGA-II order)")
struct ParetoRankingTests {
    let objectives = [ParetoFront.Objective("recall", .higherIsBetter), ParetoFront.Objective("syn", .lowerIsBetter)]

    @Test("layer by layer; in a layer the extremes first, then the less crowded; failed last; ties keep input order")
    func order() {
        let candidates = [
            ParetoFront.Candidate("middle", ["recall": 0.8, "syn": 50]),
            ParetoFront.Candidate("crowded", ["recall": 0.79, "syn": 48]),
            ParetoFront.Candidate("failed", nil),
            ParetoFront.Candidate("most", ["recall": 1.0, "syn": 300]),
            ParetoFront.Candidate("fewest", ["recall": 0.5, "syn": 0]),
            ParetoFront.Candidate("worse", ["recall": 0.7, "syn": 60]),
        ]
        let ranking = ParetoRanking(objectives: objectives, candidates: candidates)
        #expect(ranking.layers == ["middle": 1, "crowded": 1, "most": 1, "fewest": 1, "worse": 2])
        // On the front: both extremes (infinite distance) in input order, then the member with the
        // larger gap between its neighbours.
        #expect(ranking.order == ["most", "fewest", "middle", "crowded", "worse", "failed"])
        #expect(ranking.best(2) == ["most", "fewest"])
    }

    @Test("crowding distance: the gap between a member's neighbours as a share of each objective's spread, summed")
    func crowding() {
        let members = [
            ParetoFront.Candidate("a", ["recall": 0.0, "syn": 0]),
            ParetoFront.Candidate("b", ["recall": 0.5, "syn": 10]),
            ParetoFront.Candidate("c", ["recall": 1.0, "syn": 100]),
        ]
        let distance = ParetoRanking.crowding(members, on: objectives)
        #expect(distance["a"] == .infinity && distance["c"] == .infinity)
        #expect(distance["b"] == 2.0)  // (1.0 - 0.0) / 1.0 + (100 - 0) / 100
    }

    @Test("a time never reached (+∞) ranks last on its objective and spaces nobody: no NaN distance")
    func infiniteValues() {
        let time = [ParetoFront.Objective("recall", .higherIsBetter), ParetoFront.Objective("time", .lowerIsBetter)]
        let members = [
            ParetoFront.Candidate("a", ["recall": 1.0, "time": 5]),
            ParetoFront.Candidate("b", ["recall": 0.9, "time": 3]),
            ParetoFront.Candidate("c", ["recall": 0.95, "time": .infinity]),
        ]
        let distance = ParetoRanking.crowding(members, on: time)
        #expect(distance.values.allSatisfy { !$0.isNaN }, "\(distance)")
        let ranking = ParetoRanking(objectives: time, candidates: members)
        #expect(ranking.layers == ["a": 1, "b": 1, "c": 2])
    }

    @Test("percentiles over values with +∞: the median of 5, 6, ∞ is 6; of 5, ∞ is ∞; never NaN")
    func percentilesWithInfinity() {
        #expect(Percentile.of([5, 6, .infinity], 50) == 6)
        #expect(Percentile.of([5, .infinity], 50) == .infinity)
        #expect(Percentile.of([.infinity, .infinity, 5], 50) == .infinity)
        #expect(Percentile.of([1, 2, 3, 4], 50) == 2.5 && Percentile.of([1, 2, 3, 4, 5], 95) == 4.8)
    }
}
