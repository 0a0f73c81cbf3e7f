import Wire
import AppInputs

/// Draws `scanbench tune`'s candidates: Latin-hypercube samples of the knob space (McKay et al.
/// 1979), each applied to the base for a random few of its knobs.
///
/// For a bracket of n candidates every knob's range is cut into n equal strata and each candidate
/// gets a different one, so n candidates cover every knob's range evenly instead of clumping, as n
/// independent draws would. A candidate then takes its drawn value for each knob with probability
/// `changes / knobs` and keeps the base's value for the others: nearly every point of the whole
/// 49-dimensional space is worse than a tuned base on some objective, so the search looks around the
/// base. Everything comes from the seed, the bracket and the attempt, so a resumed search draws the
/// same candidates.
struct TuneSampler: Sendable {
    let space: [KnobRange]
    /// Knobs changed per candidate, on average.
    let changes: Double
    let seed: UInt64

    /// The knob settings of `count` candidates; a candidate that changes nothing gets one knob
    /// changed. `attempt` > 0 redraws (for candidates the loader refused or that repeat another).
    func draw(_ count: Int, bracket: Int, attempt: Int = 0) -> [[StrategyVariant.Override]] {
        guard count > 0, !space.isEmpty else { return [] }
        // Seeds are mixed through the generator: seeds that differ by a multiple of its step
        // would give the same stream shifted.
        var mixer = RandomSource(seed: seed ^ (UInt64(bracket) << 32) ^ UInt64(attempt))
        var random = RandomSource(seed: mixer.next())
        let columns = space.map { _ in Array(0..<count).shuffled(using: &random) }
        let chance = min(1, changes / Double(space.count))
        return (0..<count).map { row in
            var chosen = space.indices.filter { _ in random.unit() < chance }
            if chosen.isEmpty { chosen = [Int(random.unit() * Double(space.count))] }
            return chosen.map { knob in
                let position = (Double(columns[knob][row]) + random.unit()) / Double(count)
                return StrategyVariant.Override(space[knob].key, space[knob].value(at: position))
            }
        }
    }
}
