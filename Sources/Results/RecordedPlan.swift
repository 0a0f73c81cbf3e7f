/// The plan a `scanbench run` executed, kept in results.json (`plan`) in a form that runs again:
/// `scanbench run --plan results.json` runs it, and `scanbench gate BASELINE.json` without run
/// arguments runs the baseline's plan (docs/CI.md).
///
/// The plan is the whole job, not a shard's part of it: every shard of one plan records the same
/// plan. Strategies and scenarios given as files are recorded by their path (as given, relative to
/// the directory `scanbench run` started in), not by their content: run again, the plan reads the
/// file as it is then — when a strategy file is the change under test, the gate must run the edited
/// file, not the baseline's copy (`environment.strategy_hashes` tells whether it changed). A file
/// that is gone is refused when the plan is run again, naming it.
public struct RecordedPlan: Codable, Sendable, Equatable {
    /// A strategy or a scenario: the name runs carry (`runs[].strategy`, `runs[].scenario`), and
    /// the file it was read from when it was given as a path; nil for a built-in of that name
    /// (`fixtures/strategies/NAME.yaml`, `fixtures/sessions/NAME.yaml` of the checkout that runs it).
    public struct Input: Codable, Sendable, Hashable {
        public var name: String
        public var path: String?

        public init(name: String, path: String? = nil) {
            self.name = name
            self.path = path
        }

        /// What `scanbench run --strategy` / `--scenario` is given to run it again.
        public var argument: String { path ?? name }
    }

    /// Every fixture × strategy × scenario of the lists, `repetitions` times.
    public struct Matrix: Codable, Sendable, Equatable {
        /// Fixture names or paths as given (the runs' `fixture`).
        public var fixtures: [String]
        /// The base strategies, in schedule order (a sweep's variants come from `sweep`).
        public var strategies: [Input]
        public var scenarios: [Input]

        public init(fixtures: [String], strategies: [Input], scenarios: [Input]) {
            self.fixtures = fixtures
            self.strategies = strategies
            self.scenarios = scenarios
        }
    }

    /// The first matrix: fixtures (a suite's, expanded), base strategies and scenarios.
    public var fixtures: [String]
    public var strategies: [Input]
    public var scenarios: [Input]
    /// Matrices run after the first with the same repetitions: `scanbench run` without
    /// `--strategy`, `--scenario` and `--sweep` adds the review's ping and port-scan scenarios on
    /// the first fixture. Empty (and absent from the file) otherwise.
    public var also: [Matrix]
    /// Repetitions of every strategy in every matrix.
    public var repetitions: Int
    /// The base seed (`--seed`); nil when every run drew its own.
    public var seed: UInt64?
    /// The `--sweep` knobs, in order (each variant's name depends on it); nil without a sweep.
    public var sweep: [SweepDescription.Knob]?
    /// `--peers`: the reference tools ran too.
    public var peers: Bool
    /// `--peer-os`: nmap -O -sV ran among the peers too (minutes per LAN, so asked for apart).
    public var peerOS = false
    /// The category probe after each scan; nil with `--no-classify`.
    public var categoryProbe: CategoryProbeSettings?
    /// `--platform`: the profile the app ran on, by name (and path for a file); nil for `linux`.
    public var platform: Input?

    public init(
        fixtures: [String],
        strategies: [Input],
        scenarios: [Input],
        also: [Matrix] = [],
        repetitions: Int,
        seed: UInt64? = nil,
        sweep: [SweepDescription.Knob]? = nil,
        peers: Bool = false,
        categoryProbe: CategoryProbeSettings? = nil
    ) {
        self.fixtures = fixtures
        self.strategies = strategies
        self.scenarios = scenarios
        self.also = also
        self.repetitions = repetitions
        self.seed = seed
        self.sweep = sweep
        self.peers = peers
        self.categoryProbe = categoryProbe
    }

    /// The first matrix, then `also`.
    public var matrices: [Matrix] {
        [Matrix(fixtures: fixtures, strategies: strategies, scenarios: scenarios)] + also
    }

    enum CodingKeys: String, CodingKey {
        case fixtures, strategies, scenarios, also, repetitions, seed, sweep, peers, peerOS = "peer_os"
        case platform
        case categoryProbe = "category_probe"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fixtures = try container.decode([String].self, forKey: .fixtures)
        strategies = try container.decode([Input].self, forKey: .strategies)
        scenarios = try container.decode([Input].self, forKey: .scenarios)
        also = try container.decodeIfPresent([Matrix].self, forKey: .also) ?? []
        repetitions = try container.decode(Int.self, forKey: .repetitions)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        sweep = try container.decodeIfPresent([SweepDescription.Knob].self, forKey: .sweep)
        peers = try container.decodeIfPresent(Bool.self, forKey: .peers) ?? false
        peerOS = try container.decodeIfPresent(Bool.self, forKey: .peerOS) ?? false
        categoryProbe = try container.decodeIfPresent(CategoryProbeSettings.self, forKey: .categoryProbe)
        platform = try container.decodeIfPresent(Input.self, forKey: .platform)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fixtures, forKey: .fixtures)
        try container.encode(strategies, forKey: .strategies)
        try container.encode(scenarios, forKey: .scenarios)
        if !also.isEmpty { try container.encode(also, forKey: .also) }
        try container.encode(repetitions, forKey: .repetitions)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(sweep, forKey: .sweep)
        try container.encode(peers, forKey: .peers)
        if peerOS { try container.encode(peerOS, forKey: .peerOS) }
        try container.encodeIfPresent(categoryProbe, forKey: .categoryProbe)
        try container.encodeIfPresent(platform, forKey: .platform)
    }
}

// MARK: - Differences

extension RecordedPlan {
    /// One cell of the plan, by the names runs pair by in `scanbench compare`.
    public struct Cell: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var fixture: String
        public var strategy: String
        public var scenario: String

        public static func < (a: Cell, b: Cell) -> Bool {
            (a.fixture, a.strategy, a.scenario) < (b.fixture, b.strategy, b.scenario)
        }

        public var description: String { "\(fixture) × \(strategy) × \(scenario)" }
    }

    /// Every fixture × base strategy × scenario the plan runs.
    public var cells: Set<Cell> {
        Set(
            matrices.flatMap { matrix in
                matrix.fixtures.flatMap { fixture in
                    matrix.strategies.flatMap { strategy in
                        matrix.scenarios.map { Cell(fixture: fixture, strategy: strategy.name, scenario: $0.name) }
                    }
                }
            }
        )
    }

    /// How `other` runs differently from this plan, one line per difference (each naming both
    /// sides by `label` and `otherLabel`); empty when both run the same: the same fixture ×
    /// strategy × scenario cells by name (what `scanbench compare` pairs runs by), repetitions,
    /// sweep grid, peers and category probe.
    ///
    /// What does not count: the order of the lists (it changes the schedule, not which runs pair),
    /// where a strategy or scenario file lies (a strategy file edited or moved under the same name
    /// is the change a gate measures), and the seed (`scanbench run --seed` may override it; the
    /// caller warns).
    public func differences(from other: RecordedPlan, label: String, otherLabel: String) -> [String] {
        var lines: [String] = []
        func compare<T: Equatable>(_ what: String, _ mine: T, _ theirs: T, _ show: (T) -> String) {
            guard mine != theirs else { return }
            lines.append("\(what): \(show(mine)) in \(label); \(show(theirs)) in \(otherLabel)")
        }
        let mineFixtures = names(\.fixtures), theirFixtures = other.names(\.fixtures)
        if mineFixtures.set != theirFixtures.set {
            lines.append(listDifference("fixtures", mineFixtures.ordered, theirFixtures.ordered, label, otherLabel))
        }
        let mineStrategies = names { $0.strategies.map(\.name) },
            theirStrategies = other.names { $0.strategies.map(\.name) }
        if mineStrategies.set != theirStrategies.set {
            lines.append(
                listDifference("strategies", mineStrategies.ordered, theirStrategies.ordered, label, otherLabel)
            )
        }
        let mineScenarios = names { $0.scenarios.map(\.name) },
            theirScenarios = other.names { $0.scenarios.map(\.name) }
        if mineScenarios.set != theirScenarios.set {
            lines.append(listDifference("scenarios", mineScenarios.ordered, theirScenarios.ordered, label, otherLabel))
        }
        if lines.isEmpty && cells != other.cells {
            // The same names, combined otherwise (e.g. the default plan's review scenarios missing).
            let onlyMine = cells.subtracting(other.cells).sorted(), onlyTheirs = other.cells.subtracting(cells).sorted()
            lines.append(
                "runs: \(Self.some(onlyMine)) only in \(label); \(Self.some(onlyTheirs)) only in \(otherLabel)"
            )
        }
        compare("repetitions", repetitions, other.repetitions) { String($0) }
        compare("sweep", sweep ?? [], other.sweep ?? []) { knobs in
            knobs.isEmpty
                ? "none" : knobs.map { "--sweep \($0.key)=\($0.values.joined(separator: ","))" }.joined(separator: " ")
        }
        compare("peers", peers, other.peers) { $0 ? "--peers" : "no peers" }
        compare("nmap -O -sV peer", peerOS, other.peerOS) { $0 ? "--peer-os" : "no --peer-os" }
        compare(
            "platform",
            platform?.name ?? PlatformRecord.defaultName,
            other.platform?.name ?? PlatformRecord.defaultName
        ) { "--platform \($0)" }
        compare("category probe", categoryProbe, other.categoryProbe) { settings in
            guard let settings else { return "none (--no-classify)" }
            return
                "--classify-top-ports \(settings.topPorts) --classify-bonjour-window \(Self.number(settings.bonjourWindowS)) "
                + "--classify-ssdp-window \(Self.number(settings.ssdpWindowS)) --classify-timeout \(Self.number(settings.timeoutS))"
        }
        return lines
    }

    /// The names `pick` takes from every matrix, in first-use order and as a set.
    private func names(_ pick: (Matrix) -> [String]) -> (ordered: [String], set: Set<String>) {
        var ordered: [String] = []
        for matrix in matrices { for name in pick(matrix) where !ordered.contains(name) { ordered.append(name) } }
        return (ordered, Set(ordered))
    }

    /// "strategies: a, b in X; a, c in Y (b only in X; c only in Y)", the part in brackets only
    /// when the lists share a name.
    private func listDifference(
        _ what: String,
        _ mine: [String],
        _ theirs: [String],
        _ label: String,
        _ otherLabel: String
    ) -> String {
        let missing = mine.filter { !theirs.contains($0) }, added = theirs.filter { !mine.contains($0) }
        guard missing.count < mine.count else {
            return "\(what): \(Self.list(mine)) in \(label); \(Self.list(theirs)) in \(otherLabel)"
        }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("\(missing.joined(separator: ", ")) only in \(label)") }
        if !added.isEmpty { parts.append("\(added.joined(separator: ", ")) only in \(otherLabel)") }
        return
            "\(what): \(Self.list(mine)) in \(label); \(Self.list(theirs)) in \(otherLabel) (\(parts.joined(separator: "; ")))"
    }

    private static func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }

    /// At most four cells, then how many more.
    private static func some(_ cells: [Cell]) -> String {
        guard !cells.isEmpty else { return "none" }
        let shown = cells.prefix(4).map(\.description).joined(separator: ", ")
        return cells.count > 4 ? "\(shown) and \(cells.count - 4) more" : shown
    }

    /// 1.5 as "1.5", 2.0 as "2".
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
