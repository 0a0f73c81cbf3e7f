/// The matrix of one `scanbench run`: fixtures × strategies (and sweep variants) × scenarios ×
/// repetitions, in the order they will run.
///
/// Runs are interleaved — for each fixture, repetition 1 of every strategy, then repetition 2 of
/// every strategy, … (A B C A B C) — so slow drift of the machine hits every strategy alike.
public struct RunPlan: Sendable, Equatable {
    /// One cell of the matrix.
    public struct Entry: Sendable, Equatable {
        public var fixture: String
        public var strategy: StrategyVariant
        public var scenario: Scenario
        public var repetition: Int
        /// Position in the whole (unsharded) schedule.
        public var sequence: Int

        /// The seed this entry runs with: `base` + repetition − 1, so repetition k of every
        /// strategy and scenario meets the same draw of the LAN (runs are paired by seed), and
        /// `--seed S --repeat 1` with S = base + k − 1 replays repetition k alone.
        public func seed(base: UInt64) -> UInt64 {
            base &+ UInt64(repetition - 1)
        }
    }

    public var entries: [Entry]

    /// Builds the interleaved schedule.
    public init(fixtures: [String], strategies: [StrategyVariant], scenarios: [Scenario], repetitions: Int) {
        var entries: [Entry] = []
        for fixture in fixtures {
            for repetition in 1...max(1, repetitions) {
                for scenario in scenarios {
                    for strategy in strategies {
                        entries.append(
                            Entry(
                                fixture: fixture,
                                strategy: strategy,
                                scenario: scenario,
                                repetition: repetition,
                                sequence: entries.count
                            )
                        )
                    }
                }
            }
        }
        self.entries = entries
    }

    /// This plan followed by `other`'s entries (their sequence numbers continue this plan's).
    public func appending(_ other: RunPlan) -> RunPlan {
        var copy = self
        for var entry in other.entries {
            entry.sequence = copy.entries.count
            copy.entries.append(entry)
        }
        return copy
    }

    /// The part of the schedule shard `index` (1-based) of `count` runs: every fixture stays on
    /// one shard when there are enough fixtures (one testbed per fixture), otherwise entries are
    /// dealt round-robin.
    public func shard(_ index: Int, of count: Int) -> RunPlan {
        precondition((1...count).contains(index))
        var copy = self
        let fixtures = Array(Set(entries.map(\.fixture))).sorted()
        if fixtures.count >= count {
            let mine = Set(fixtures.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
            copy.entries = entries.filter { mine.contains($0.fixture) }
        } else {
            copy.entries = entries.filter { $0.sequence % count == index - 1 }
        }
        return copy
    }

    /// Fixtures in first-use order.
    public var fixtures: [String] {
        var seen: [String] = []
        for entry in entries where !seen.contains(entry.fixture) { seen.append(entry.fixture) }
        return seen
    }
}

/// Parses `I/N` shard specifications.
public struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// - Returns: nil unless the text is `I/N` with 1 ≤ I ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
}
