/// An order of candidates by how good they are on several objectives at once, for promoting the
/// best of a rung (`scanbench tune`): NSGA-II's order (Deb et al. 2002).
///
/// First by layer: the front (`ParetoFront`) is layer 1; without it, the next front is layer 2; and
/// so on; failed candidates come last. Within a layer, by crowding distance, larger first: a
/// candidate alone in its part of the front (the best on one objective, or far from its
/// neighbours) goes before one among many alike, so the survivors spread over the front rather
/// than crowd one corner. Ties keep the input order, so the same input gives the same order.
public struct ParetoRanking: Sendable, Equatable {
    /// The candidates' names, best first.
    public let order: [String]
    /// Each candidate's layer (1 = the front); failed candidates have none.
    public let layers: [String: Int]

    public init(objectives: [ParetoFront.Objective], candidates: [ParetoFront.Candidate]) {
        var remaining = candidates.filter { $0.values != nil }
        var layers: [String: Int] = [:]
        var order: [String] = []
        var layer = 0
        while !remaining.isEmpty {
            layer += 1
            let front = ParetoFront(objectives: objectives, candidates: remaining)
            let members = zip(remaining, front.standings).filter { $0.1 == .front }.map(\.0)
            guard !members.isEmpty else { break }  // only with values that compare with nothing (NaN)
            let distance = Self.crowding(members, on: front.compared)
            let sorted = members.enumerated().sorted { a, b in
                let (x, y) = (distance[a.element.name] ?? 0, distance[b.element.name] ?? 0)
                return x != y ? x > y : a.offset < b.offset
            }
            for member in sorted.map(\.element) {
                layers[member.name] = layer
                order.append(member.name)
            }
            let taken = Set(members.map(\.name))
            remaining.removeAll { taken.contains($0.name) }
        }
        let ranked = Set(order)
        self.order = order + candidates.map(\.name).filter { !ranked.contains($0) }
        self.layers = layers
    }

    /// The first `count` names.
    public func best(_ count: Int) -> [String] { Array(order.prefix(count)) }

    /// Per candidate, the sum over objectives of the gap between its two neighbours along that
    /// objective, as a share of the objective's spread; the extremes get infinity.
    static func crowding(_ members: [ParetoFront.Candidate], on objectives: [ParetoFront.Objective]) -> [String: Double]
    {
        var distance = Dictionary(uniqueKeysWithValues: members.map { ($0.name, 0.0) })
        guard members.count > 2 else { return distance.mapValues { _ in .infinity } }
        for objective in objectives {
            let sorted = members.compactMap { member in member.values?[objective.id].map { (member.name, $0) } }.sorted
            { $0.1 < $1.1 }
            guard let low = sorted.first?.1, let high = sorted.last?.1, sorted.count == members.count else { continue }
            distance[sorted.first!.0] = .infinity
            distance[sorted.last!.0] = .infinity
            // No spread, or an unbounded one (a time never reached is +∞): the extremes keep
            // their infinity and this objective spaces nobody else.
            guard high > low, (high - low).isFinite else { continue }
            for index in 1..<(sorted.count - 1) {
                distance[sorted[index].0, default: 0] += (sorted[index + 1].1 - sorted[index - 1].1) / (high - low)
            }
        }
        return distance
    }
}
