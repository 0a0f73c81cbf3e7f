import Testing
@testable import Report
import Results

@Suite("Pareto front")
struct ParetoFrontTests {
    static let recall = ParetoFront.Objective("recall", .higherIsBetter)
    static let attempts = ParetoFront.Objective("attempts", .lowerIsBetter)
    static let time = ParetoFront.Objective("time", .lowerIsBetter)
    static let objectives = [recall, attempts, time]

    private func front(
        _ candidates: [(String, [String: Double]?)],
        _ objectives: [ParetoFront.Objective] = Self.objectives
    ) -> ParetoFront {
        ParetoFront(objectives: objectives, candidates: candidates.map { ParetoFront.Candidate($0.0, $0.1) })
    }

    @Test("at least as good everywhere and better once dominates; better on one and worse on another does not")
    func dominance() {
        let result = front([
            ("best", ["recall": 1.0, "attempts": 10, "time": 5]),
            ("worse", ["recall": 0.9, "attempts": 10, "time": 6]),  // equal attempts, worse elsewhere
            ("cheap", ["recall": 0.8, "attempts": 2, "time": 9]),  // fewest attempts: a trade-off
            ("poor", ["recall": 0.8, "attempts": 20, "time": 9]),
        ])
        #expect(result.front == ["best", "cheap"])
        #expect(result.standing(of: "worse") == .dominated(by: ["best"]))
        #expect(result.standing(of: "poor") == .dominated(by: ["best", "worse", "cheap"]))
        #expect(result.standing(of: "cheap") == .front)
        #expect(result.compared == Self.objectives && result.excluded.isEmpty)
    }

    @Test(
        "ranges over repetitions that overlap are a tie on that objective; apart, the better median ranks; without ranges, medians decide"
    )
    func spreadTies() {
        let a = ["recall": 0.97, "attempts": 10.0, "time": 5.0]
        let b = ["recall": 0.93, "attempts": 10.0, "time": 5.0]
        // a's runs found 0.95–0.98, b's 0.90–0.96: which finds more is within their run-to-run spread.
        let overlapping = ParetoFront(
            objectives: Self.objectives,
            candidates: [
                .init("a", a, spreads: ["recall": 0.95...0.98]), .init("b", b, spreads: ["recall": 0.90...0.96]),
            ]
        )
        #expect(
            overlapping.front == ["a", "b"] && overlapping.ties(of: "a") == ["b"]
                && overlapping.tiedBySpread("a", "b", on: "recall")
        )
        // Apart (b's best run below a's worst), a's higher recall dominates.
        let apart = ParetoFront(
            objectives: Self.objectives,
            candidates: [
                .init("a", a, spreads: ["recall": 0.95...0.98]), .init("b", b, spreads: ["recall": 0.90...0.94]),
            ]
        )
        #expect(
            apart.front == ["a"] && apart.standing(of: "b") == .dominated(by: ["a"])
                && !apart.tiedBySpread("a", "b", on: "recall")
        )
        // One repetition each (no spread): the medians decide, as before.
        #expect(front([("a", a), ("b", b)]).front == ["a"])
        // A spread on one side only is no tie.
        let one = ParetoFront(
            objectives: Self.objectives,
            candidates: [.init("a", a, spreads: ["recall": 0.90...0.98]), .init("b", b)]
        )
        #expect(one.front == ["a"])
    }

    @Test("each objective is read in its own direction")
    func directions() {
        let a = ["recall": 1.0, "attempts": 100.0]
        let b = ["recall": 0.5, "attempts": 10.0]
        #expect(!ParetoFront.dominates(a, b, on: [Self.recall, Self.attempts]))
        #expect(!ParetoFront.dominates(b, a, on: [Self.recall, Self.attempts]))
        // Had more attempts been better, a would win on both.
        #expect(ParetoFront.dominates(a, b, on: [Self.recall, .init("attempts", .higherIsBetter)]))
        // And had lower recall been better, b would.
        #expect(ParetoFront.dominates(b, a, on: [.init("recall", .lowerIsBetter), Self.attempts]))
        #expect(
            Metric.Direction.higherIsBetter.prefers(2, over: 1) && Metric.Direction.lowerIsBetter.prefers(1, over: 2)
        )
    }

    @Test("equal on every objective: neither dominates, both are on the front, and each names the other as a tie")
    func ties() {
        let same = ["recall": 1.0, "attempts": 10.0, "time": 5.0]
        let result = front([("a", same), ("b", same), ("c", ["recall": 1.0, "attempts": 11, "time": 5])])
        #expect(!ParetoFront.dominates(same, same, on: Self.objectives))
        #expect(result.front == ["a", "b"])
        #expect(result.ties(of: "a") == ["b"] && result.ties(of: "b") == ["a"] && result.ties(of: "c").isEmpty)
        #expect(result.standing(of: "c") == .dominated(by: ["a", "b"]))
    }

    @Test("an objective one strategy lacks is compared for nobody, and the exclusion names who lacks it")
    func missingObjective() {
        let result = front([
            ("fast", ["recall": 1.0, "attempts": 10, "time": 1]),
            ("slow", ["recall": 1.0, "attempts": 10, "time": 9]),
            ("unmeasured", ["recall": 0.5, "attempts": 10]),
        ])
        #expect(result.compared == [Self.recall, Self.attempts])
        #expect(result.excluded == [ParetoFront.Exclusion(objective: Self.time, missingFor: ["unmeasured"])])
        // Without time, fast and slow are equal: neither dominates.
        #expect(result.front == ["fast", "slow"])
        #expect(result.ties(of: "fast") == ["slow"])
        #expect(result.standing(of: "unmeasured") == .dominated(by: ["fast", "slow"]))
    }

    @Test("leaving an objective out for everyone keeps dominance a partial order: no circle, a non-empty front")
    func noCircles() {
        // Compared pair by pair on what both have, a > b (on y), b > c (on z), c > a (on x) would
        // leave nobody on the front.
        let x = ParetoFront.Objective("x", .higherIsBetter), y = ParetoFront.Objective("y", .higherIsBetter)
        let z = ParetoFront.Objective("z", .higherIsBetter)
        let result = front([("a", ["x": 0, "y": 2]), ("b", ["y": 1, "z": 2]), ("c", ["x": 1, "z": 1])], [x, y, z])
        #expect(result.compared.isEmpty && result.excluded.count == 3)
        #expect(result.front == ["a", "b", "c"])
    }

    @Test("a failed strategy is dominated by every strategy that did not fail; failed ones do not dominate each other")
    func failures() {
        let result = front([
            ("ok", ["recall": 0.1, "attempts": 999, "time": 99]),
            ("crashed", nil),
            ("good", ["recall": 1.0, "attempts": 1, "time": 1]),
            ("hung", nil),
        ])
        #expect(result.standing(of: "crashed") == .failed(dominatedBy: ["ok", "good"]))
        #expect(result.standing(of: "hung") == .failed(dominatedBy: ["ok", "good"]))
        #expect(result.front == ["good"])
        #expect(result.ties(of: "crashed").isEmpty)
        // A failure does not make an objective "missing" for the others.
        #expect(result.excluded.isEmpty)
        let allFailed = front([("a", nil), ("b", nil)])
        #expect(allFailed.front.isEmpty && allFailed.standing(of: "a") == .failed(dominatedBy: []))
    }

    @Test("with nothing to compare, or alone, a strategy is on the front")
    func degenerate() {
        #expect(front([("a", ["recall": 1]), ("b", ["recall": 0])], []).front == ["a", "b"])
        #expect(front([("only", ["recall": 0, "attempts": 1, "time": 1])]).front == ["only"])
        #expect(front([]).front.isEmpty && front([]).standing(of: "x") == nil)
    }

    @Test("+∞, a time never reached, is worse than any time and equal to another +∞; no NaN on the way")
    func infinity() {
        let result = front([
            ("complete", ["recall": 1.0, "attempts": 10, "time": 20]),
            ("quick but incomplete", ["recall": 0.97, "attempts": 10, "time": .infinity]),
            ("slow and incomplete", ["recall": 0.97, "attempts": 10, "time": .infinity]),
        ])
        #expect(result.front == ["complete"])
        #expect(result.standing(of: "quick but incomplete") == .dominated(by: ["complete"]))
        #expect(result.ties(of: "quick but incomplete") == ["slow and incomplete"])
        #expect(result.excluded.isEmpty, "never reached is a value, not a missing one")
    }

    @Test(
        "within an objective's tolerance two values are equal; beyond it the better one counts; infinity never is near"
    )
    func tolerance() {
        let packets = ParetoFront.Objective("packets", .lowerIsBetter, tolerance: 0.05)
        #expect(packets.equal(2_371, 2_353) && !packets.prefers(2_353, over: 2_371), "0.8 % apart: noise")
        #expect(packets.prefers(3_667, over: 4_693) && !packets.equal(3_667, 4_693), "22 % fewer: a cost saved")
        #expect(packets.equal(100, 105) && !packets.equal(100, 106), "5 % of the larger value, inclusive")
        #expect(!packets.equal(1_000, .infinity) && packets.prefers(1_000, over: .infinity))
        #expect(Self.attempts.prefers(30, over: 31), "no tolerance: exact")
        let cheap = ["attempts": 0.0, "packets": 4_693.0], quiet = ["attempts": 26.0, "packets": 3_667.0]
        #expect(
            !ParetoFront.dominates(cheap, quiet, on: [Self.attempts, packets])
                && !ParetoFront.dominates(quiet, cheap, on: [Self.attempts, packets])
        )
        let noisy = ["attempts": 26.0, "packets": 4_600.0]
        #expect(ParetoFront.dominates(cheap, noisy, on: [Self.attempts, packets]), "2 % fewer packets do not save it")
    }
}
