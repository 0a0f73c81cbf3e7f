/// Hyperband's brackets (Li et al. 2018) with a suite's fixtures as the resource: a candidate first
/// runs on a few fixtures; the best of a rung (by `ParetoRanking`) go on to more, up to all of them.
///
/// Rungs grow by the factor `eta`: with 7 fixtures and eta 3, 1 → 3 → 7 fixtures. Bracket `s` starts
/// `s` rungs below the top with Hyperband's `ceil((sMax+1)/(s+1) · eta^s)` candidates and keeps the
/// best `1/eta` at each rung (at least two, so both lanes stay busy and the top rung is a choice):
/// 9 → 3 → 2, then 5 → 2, then 3 on all fixtures. Brackets are taken most exploratory first and
/// repeat until the budget is spent: many cheap looks and a few thorough ones, without knowing in
/// advance which kind the knob space rewards.
public struct TuneSchedule: Sendable, Equatable {
    /// One step of a bracket: how many candidates run on how many fixtures (the first ones).
    public struct Rung: Sendable, Equatable {
        public var fixtures: Int
        public var candidates: Int
    }

    public let fixtureCount: Int
    public let eta: Int
    /// Fixture counts of the rungs, smallest first.
    public let rungSizes: [Int]

    public init(fixtureCount: Int, eta: Int) {
        precondition(fixtureCount >= 1 && eta >= 2)
        self.fixtureCount = fixtureCount
        self.eta = eta
        var sizes: [Int] = []
        var divisor = 1
        while sizes.first != 1 {
            sizes.insert((fixtureCount + divisor - 1) / divisor, at: 0)
            divisor *= eta
        }
        rungSizes = sizes.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    /// Halvings of the most exploratory bracket.
    public var maxHalvings: Int { rungSizes.count - 1 }

    /// The rungs of the `index`-th bracket (0, 1, 2, …).
    public func bracket(_ index: Int) -> [Rung] {
        let s = maxHalvings - index % (maxHalvings + 1)
        var power = 1
        for _ in 0..<s { power *= eta }
        let first = max(2, ((maxHalvings + 1) * power + s) / (s + 1))
        var rungs: [Rung] = []
        var kept = first
        for step in 0...s {
            if step > 0 { kept = max(2, kept / eta) }
            rungs.append(
                Rung(fixtures: rungSizes[maxHalvings - s + step], candidates: min(kept, rungs.last?.candidates ?? kept))
            )
        }
        return rungs
    }
}
