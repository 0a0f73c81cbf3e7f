import Foundation

/// What `scanbench tune` searched and what it found, kept in results.json (`tune`): the settings
/// that make a search replayable (a resumed tune draws the same candidates and promotes the same
/// ones), every candidate with the knobs it changes, the time spent and, once the budget is spent,
/// the Pareto front.
///
/// A candidate's number for an objective is the mean over the fixtures it ran on of that metric
/// (one run per fixture); timings are compared as a report prints them, so a difference of
/// milliseconds nobody can see does not decide. Optional in results.json (schema 3).
public struct TuneRecord: Codable, Sendable, Equatable {
    /// One strategy the search measured.
    public struct Candidate: Codable, Sendable, Equatable {
        public var name: String
        /// `base`, `reference`, or `bracket N` for a drawn candidate.
        public var origin: String
        /// The knobs it changes from the base: key path → YAML value.
        public var overrides: [String: String]

        public init(name: String, origin: String, overrides: [String: String] = [:]) {
            self.name = name
            self.origin = origin
            self.overrides = overrides
        }
    }

    /// One knob of the search space and the values it may take (`KnobRange.summary`).
    public struct Knob: Codable, Sendable, Equatable {
        public var key: String
        public var values: String

        public init(key: String, values: String) {
            self.key = key
            self.values = values
        }
    }

    /// The suite's name, nil when fixtures were given one by one.
    public var suite: String?
    /// The fixtures in promotion order: a rung of n fixtures runs the first n.
    public var fixtures: [String]
    /// The strategy candidates start from (a preset or a file).
    public var base: String
    /// The strategy the found ones are held against (`scanbench-best` by default).
    public var reference: String
    /// Metric ids (`Metric.id`).
    public var objectives: [String]
    /// Draws the candidates and is every run's seed.
    public var seed: UInt64
    /// Promotion factor: a rung keeps the best 1/eta.
    public var eta: Int
    /// Knobs a candidate changes from the base, on average.
    public var changes: Double
    public var budgetMinutes: Double
    /// The platform profile the runs use (`--platform`; nil: `linux`, files before it had none).
    /// A candidate its flow limit cannot hold is not run (`FlowLimitCheck`).
    public var platform: String?
    /// Wall time spent so far, over every session of this search.
    public var spentS: Double
    public var space: [Knob]
    public var candidates: [Candidate]
    /// The names on the Pareto front over every fixture, once the budget is spent; empty before.
    public var front: [String]
    public var finished: Bool

    public init(
        suite: String?,
        fixtures: [String],
        base: String,
        reference: String,
        objectives: [String],
        seed: UInt64,
        eta: Int,
        changes: Double,
        budgetMinutes: Double,
        space: [Knob],
        platform: String? = nil
    ) {
        self.suite = suite
        self.fixtures = fixtures
        self.base = base
        self.reference = reference
        self.objectives = objectives
        self.seed = seed
        self.eta = eta
        self.changes = changes
        self.budgetMinutes = budgetMinutes
        self.platform = platform
        spentS = 0
        self.space = space
        candidates = []
        front = []
        finished = false
    }

    enum CodingKeys: String, CodingKey {
        case suite, fixtures, base, reference, objectives, seed, eta, changes, space, candidates, front, finished,
            platform
        case budgetMinutes = "budget_minutes"
        case spentS = "spent_s"
    }

    /// The first setting that differs from `other` in a way that would change which candidates are
    /// drawn or promoted ("seed 3 vs 7"), nil when `other` continues this search. The budget may differ.
    public func conflict(with other: TuneRecord) -> String? {
        let settings: [(String, String, String)] = [
            ("fixtures", fixtures.joined(separator: ","), other.fixtures.joined(separator: ",")),
            ("base", base, other.base), ("reference", reference, other.reference),
            ("objectives", objectives.joined(separator: ","), other.objectives.joined(separator: ",")),
            ("seed", String(seed), String(other.seed)), ("eta", String(eta), String(other.eta)),
            ("changes", String(changes), String(other.changes)),
            ("platform", platform ?? "linux", other.platform ?? "linux"),
            ("search space", space.map(\.key).joined(separator: ","), other.space.map(\.key).joined(separator: ",")),
        ]
        return settings.first { $0.1 != $0.2 }.map { "\($0.0): \($0.1) here, \($0.2) asked" }
    }

    /// The base's name in `runs[].strategy` (`base` is the preset or path as given).
    public var baseName: String { candidates.first { $0.origin == "base" }?.name ?? base }

    /// The reference's name in `runs[].strategy`: the base's when they are the same strategy.
    public var referenceName: String { candidates.first { $0.origin == "reference" }?.name ?? baseName }

    /// The objectives, as declared metrics (an unknown id is left out).
    public var metrics: [Metric] { objectives.compactMap(Metric.named) }

    /// `name`'s number per objective over `fixtures`: the mean of its runs' values, one run per
    /// fixture (the first, in `runs` order); timings rounded as printed. Nil when a run is missing,
    /// did not finish ok, or lacks an objective: a failed candidate.
    public func values(of name: String, on fixtures: [String], in runs: [RunResult]) -> [String: Double]? {
        var sums: [String: Double] = [:]
        for fixture in fixtures {
            guard let run = runs.first(where: { $0.strategy == name && $0.fixture == fixture }), run.status == .ok
            else { return nil }
            for metric in metrics {
                guard let value = metric.value(in: run.metrics) else { return nil }
                sums[metric.id, default: 0] += value
            }
        }
        guard !fixtures.isEmpty else { return nil }
        return Dictionary(
            uniqueKeysWithValues: metrics.map { metric in
                let mean = sums[metric.id, default: 0] / Double(fixtures.count)
                return (metric.id, metric.kind == .timing ? metric.printed(mean) : mean)
            }
        )
    }

    /// The fixtures `name` ran on (whatever the outcome), in promotion order.
    public func fixturesRun(by name: String, in runs: [RunResult]) -> [String] {
        let ran = Set(runs.filter { $0.strategy == name }.map(\.fixture))
        return fixtures.filter(ran.contains)
    }

    /// The Pareto front over every fixture, of the candidates that ran on all of them.
    public func paretoFront(in runs: [RunResult]) -> ParetoFront {
        let complete = candidates.map(\.name).filter { fixturesRun(by: $0, in: runs).count == fixtures.count }
        let inputs = paretoInputs(complete, on: fixtures, in: runs)
        return ParetoFront(objectives: inputs.objectives, candidates: inputs.candidates)
    }

    /// Candidate and objective list for `ParetoFront`/`ParetoRanking` over `fixtures`.
    public func paretoInputs(
        _ names: [String],
        on fixtures: [String],
        in runs: [RunResult]
    )
        -> (objectives: [ParetoFront.Objective], candidates: [ParetoFront.Candidate])
    {
        (
            metrics.map { ParetoFront.Objective($0) },
            names.map { ParetoFront.Candidate($0, values(of: $0, on: fixtures, in: runs)) }
        )
    }
}
