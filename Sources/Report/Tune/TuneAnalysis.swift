import Results

/// The numbers of `scanbench tune`: every candidate with the fixtures it reached, its objective
/// means there, and — for those measured on every fixture — where it stands on the front and
/// against the reference. A pure function of a results document with a `tune` record; the report's
/// section and `tune --json` print it.
public struct TuneAnalysis: Sendable, Encodable {
    /// One strategy the search measured.
    public struct Row: Sendable, Encodable {
        public let name: String
        public let origin: String
        /// Fixtures it ran on (the rung it reached), of `fixtures`.
        public let fixtures: Int
        /// Objective means over those fixtures; nil when a run failed.
        public let values: [String: Double]?
        /// `front`, `dominated` or `failed` over every fixture; `stopped` when it did not reach them all.
        public let standing: String
        public let dominatedBy: [String]
        /// Whether the reference dominates it (over every fixture); nil when not measured on all.
        public let dominatedByReference: Bool?
        public let overrides: [String: String]

        enum CodingKeys: String, CodingKey {
            case name, origin, fixtures, values, standing, overrides
            case dominatedBy = "dominated_by"
            case dominatedByReference = "dominated_by_reference"
        }
    }

    public let objectives: [String]
    public let fixtures: [String]
    public let reference: String
    public let base: String
    public let budgetMinutes: Double
    public let spentS: Double
    public let finished: Bool
    public let rows: [Row]
    public let front: [String]
    /// Drawn candidates measured on every fixture that the reference does not dominate (and that
    /// are not equal to it on every objective).
    public let notDominatedByReference: [String]
    /// Of those, the ones that dominate the reference.
    public let dominateReference: [String]

    enum CodingKeys: String, CodingKey {
        case objectives, fixtures, reference, base, finished, rows, front
        case budgetMinutes = "budget_minutes"
        case spentS = "spent_s"
        case notDominatedByReference = "not_dominated_by_reference"
        case dominateReference = "dominate_reference"
    }

    /// Nil for a results document without a `tune` record.
    public init?(document: ResultsDocument) {
        guard let tune = document.tune else { return nil }
        let runs = document.runs
        let front = tune.paretoFront(in: runs)
        let reference = tune.values(of: tune.referenceName, on: tune.fixtures, in: runs)
        func dominatedByReference(_ values: [String: Double]?) -> Bool? {
            guard let reference else { return nil }
            guard let values else { return true }
            return ParetoFront.dominates(reference, values, on: front.compared)
        }
        rows = tune.candidates.map { candidate in
            let reached = tune.fixturesRun(by: candidate.name, in: runs)
            let values = tune.values(of: candidate.name, on: reached, in: runs)
            var standing = "stopped", by: [String] = [], versus: Bool?
            if reached.count == tune.fixtures.count {
                versus = dominatedByReference(values)
                switch front.standing(of: candidate.name) {
                case .front: standing = "front"
                case .dominated(let who): standing = "dominated"; by = who
                case .failed, nil: standing = "failed"
                }
            }
            return Row(
                name: candidate.name,
                origin: candidate.origin,
                fixtures: reached.count,
                values: values,
                standing: standing,
                dominatedBy: by,
                dominatedByReference: versus,
                overrides: candidate.overrides
            )
        }
        // A candidate equal to the reference on every objective is not dominated, but found nothing either.
        let drawn = rows.filter { row in
            row.origin.hasPrefix("bracket") && row.dominatedByReference == false
                && !(row.values.map { values in front.compared.allSatisfy { values[$0.id] == reference?[$0.id] } }
                    ?? false)
        }
        notDominatedByReference = drawn.map(\.name)
        dominateReference = drawn.filter { row in
            guard let reference, let values = row.values else { return false }
            return ParetoFront.dominates(values, reference, on: front.compared)
        }.map(\.name)
        objectives = tune.objectives
        fixtures = tune.fixtures
        self.reference = tune.referenceName
        base = tune.baseName
        budgetMinutes = tune.budgetMinutes
        spentS = tune.spentS
        finished = tune.finished
        self.front = front.front
    }
}
