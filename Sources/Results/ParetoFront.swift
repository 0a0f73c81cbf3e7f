/// Which candidates no other candidate beats: the Pareto front of a set of strategies over several
/// objectives, each with its own direction.
///
/// `a` dominates `b` when `a` is at least as good as `b` on every compared objective and better on
/// at least one. The front is the candidates nobody dominates.
/// - Equal on every compared objective: neither dominates the other (they are *tied*; both are on
///   the front or both are dominated).
/// - An objective some candidate has no value for is compared for nobody, and is listed in
///   `excluded` with the candidates that lack it. Comparing it only between the candidates that
///   have it would make dominance depend on the pair (it could even go round in a circle).
/// - A failed candidate (no values at all) is the worst case: dominated by every candidate that did
///   not fail. Failed candidates do not dominate each other.
/// - An infinite value is a value: +∞ for a time never reached (`Metric.timeTo100` of a strategy
///   whose median run missed a device) is worse than every finite time, and equal to another +∞.
/// - An objective may declare a `tolerance`: two finite values that far apart or closer, relative to
///   the larger, are equal on it (a count that moves with timing, whose small differences are noise).
/// - A candidate may carry its *spread* per objective, the range its repetitions covered: two
///   candidates whose ranges overlap on an objective are equal on it, since which is better there is
///   within their run-to-run variation (a tie, not a ranking). Without spreads (one repetition) the
///   values are compared as they are.
public struct ParetoFront: Sendable, Equatable {
    /// One thing to optimise: a metric id, which way is better, and how close two values may be
    /// and still count as equal.
    public struct Objective: Sendable, Equatable {
        public let id: String
        public let direction: Metric.Direction
        /// Two finite values at most this far apart, relative to the larger magnitude, are equal
        /// (0.05: within 5 %); 0 compares exactly.
        public let tolerance: Double

        public init(_ id: String, _ direction: Metric.Direction, tolerance: Double = 0) {
            self.id = id
            self.direction = direction
            self.tolerance = tolerance
        }

        public init(_ metric: Metric, tolerance: Double = 0) {
            self.init(metric.id, metric.direction, tolerance: tolerance)
        }

        /// Whether `a` and `b` count as the same on this objective.
        public func equal(_ a: Double, _ b: Double) -> Bool {
            a == b || (tolerance > 0 && a.isFinite && b.isFinite && abs(a - b) <= tolerance * max(abs(a), abs(b)))
        }

        /// Whether `a` is better than `b` on this objective, beyond its tolerance.
        public func prefers(_ a: Double, over b: Double) -> Bool { direction.prefers(a, over: b) && !equal(a, b) }
    }

    /// A strategy with its value per objective id; `values` is nil when it failed. `spreads`: the
    /// range of its repetitions per objective id, where it had more than one.
    public struct Candidate: Sendable, Equatable {
        public let name: String
        public let values: [String: Double]?
        public let spreads: [String: ClosedRange<Double>]

        public init(_ name: String, _ values: [String: Double]?, spreads: [String: ClosedRange<Double>] = [:]) {
            self.name = name
            self.values = values
            self.spreads = spreads
        }
    }

    /// An objective left out of the comparison, and the candidates without a value for it.
    public struct Exclusion: Sendable, Equatable {
        public let objective: Objective
        public let missingFor: [String]

        public init(objective: Objective, missingFor: [String]) {
            self.objective = objective
            self.missingFor = missingFor
        }
    }

    /// Where one candidate stands.
    public enum Standing: Sendable, Equatable {
        /// Nobody dominates it.
        case front
        /// Dominated by these candidates, in input order.
        case dominated(by: [String])
        /// It failed: counted as dominated by every candidate that did not (in input order).
        case failed(dominatedBy: [String])
    }

    public let candidates: [Candidate]
    /// The objectives every candidate that did not fail has a value for, in the order given.
    public let compared: [Objective]
    /// The others, in the order given.
    public let excluded: [Exclusion]
    /// A standing per candidate, in input order.
    public let standings: [Standing]

    public init(objectives: [Objective], candidates: [Candidate]) {
        self.candidates = candidates
        var compared: [Objective] = []
        var excluded: [Exclusion] = []
        for objective in objectives {
            let missing = candidates.filter { $0.values != nil && $0.values?[objective.id] == nil }.map(\.name)
            if missing.isEmpty {
                compared.append(objective)
            } else {
                excluded.append(Exclusion(objective: objective, missingFor: missing))
            }
        }
        self.compared = compared
        self.excluded = excluded
        let succeeded = candidates.filter { $0.values != nil }.map(\.name)
        standings = candidates.map { candidate in
            guard let values = candidate.values else { return .failed(dominatedBy: succeeded) }
            let dominators = candidates.filter { other in
                other.values.map {
                    Self.dominates($0, values, on: compared, spreads: (other.spreads, candidate.spreads))
                } ?? false
            }
            return dominators.isEmpty ? .front : .dominated(by: dominators.map(\.name))
        }
    }

    /// Whether `a` is at least as good as `b` on every objective and better on one; both must
    /// have a value for every objective. An objective on which their `spreads` overlap is a tie.
    public static func dominates(
        _ a: [String: Double],
        _ b: [String: Double],
        on objectives: [Objective],
        spreads: ([String: ClosedRange<Double>], [String: ClosedRange<Double>]) = ([:], [:])
    ) -> Bool {
        var better = false
        for objective in objectives {
            guard let x = a[objective.id], let y = b[objective.id] else { return false }
            if overlap(spreads.0[objective.id], spreads.1[objective.id]) { continue }
            if objective.prefers(y, over: x) { return false }
            if objective.prefers(x, over: y) { better = true }
        }
        return better
    }

    /// Whether two repetition ranges share a value (nil: no spread measured, never a tie by spread).
    static func overlap(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> Bool {
        guard let a, let b else { return false }
        return a.overlaps(b)
    }

    /// Whether the candidates called `a` and `b` are tied on the objective `id` by their spreads: both
    /// have one and they overlap.
    public func tiedBySpread(_ a: String, _ b: String, on id: String) -> Bool {
        let spread = { (name: String) in candidates.first { $0.name == name }?.spreads[id] }
        return Self.overlap(spread(a), spread(b))
    }

    /// The candidates on the front, in input order.
    public var front: [String] {
        zip(candidates, standings).filter { $0.1 == .front }.map(\.0.name)
    }

    /// The standing of the candidate called `name`, nil when there is none.
    public func standing(of name: String) -> Standing? {
        candidates.firstIndex { $0.name == name }.map { standings[$0] }
    }

    /// The other candidates (that did not fail) with the same value as `name` on every compared
    /// objective (within its tolerance), in input order; empty for a failed candidate.
    public func ties(of name: String) -> [String] {
        guard let candidate = candidates.first(where: { $0.name == name }), let values = candidate.values else {
            return []
        }
        return candidates.filter { other in
            guard other.name != name, let theirs = other.values else { return false }
            return compared.allSatisfy { objective in
                guard let a = theirs[objective.id], let b = values[objective.id] else { return false }
                return objective.equal(a, b)
                    || Self.overlap(other.spreads[objective.id], candidate.spreads[objective.id])
            }
        }.map(\.name)
    }
}
