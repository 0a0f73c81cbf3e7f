import Results
import Statistics

/// The fixtures that ran one scenario, taken together: a suite (`scanbench run --suite`).
///
/// A strategy's suite number for a metric is the median across the suite's fixtures of its
/// per-fixture median (over that fixture's successful repetitions): every fixture counts once,
/// however many repetitions it had; with an even number of fixtures, the mean of the middle two;
/// fixtures where the metric was not measured are left out. A strategy that failed, or did not
/// run, on any fixture of the suite counts as failed over the suite (the worst case).
struct SuiteMedians: Sendable, StrategyMedians {
    let scenario: String
    /// The platform of its groups, in a file joined across platforms (`RunGroup.platform`).
    var platform: String? = nil
    /// One group per fixture, in order of first appearance in the schedule.
    let groups: [RunGroup]
    let strategies: [String]

    var title: String { "suite · \(scenario)" + (platform.map { " · \($0)" } ?? "") }
    var slug: String { Inline.slug("suite-medians-\(scenario)" + (platform.map { "-\($0)" } ?? "")) }
    var fixtures: [String] { groups.map(\.fixture) }

    /// The per-fixture medians of `metric` for `strategy`, in fixture order; fixtures without one
    /// are left out.
    func fixtureMedians(_ metric: Metric, _ strategy: String) -> [(fixture: String, value: Double)] {
        groups.compactMap { group in group.median(metric, strategy).map { (group.fixture, $0) } }
    }

    func median(_ metric: Metric, _ strategy: String) -> Double? {
        SampleSummary(fixtureMedians(metric, strategy).map(\.value))?.median
    }

    func unreached(_ metric: Metric, _ strategy: String) -> String? {
        let fixtures = fixtureMedians(metric, strategy).filter { $0.value == .infinity }.map { Inline.code($0.fixture) }
        return fixtures.isEmpty ? nil : "median on \(fixtures.joined(separator: ", "))"
    }

    /// "`gen-3`: 1 of 1 run timed out; not run on `office`", nil when the strategy ran cleanly on
    /// every fixture.
    func failure(_ strategy: String) -> String? {
        let problems = groups.compactMap { group -> String? in
            guard group.runs[strategy] != nil else { return "not run on \(Inline.code(group.fixture))" }
            return group.failure(strategy).map { "\(Inline.code(group.fixture)): \($0)" }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Per scenario (and platform), in order of first appearance, the suite of its fixtures — only
    /// where at least two fixtures ran it.
    static func suites(of groups: [RunGroup]) -> [SuiteMedians] {
        var keys: [[String?]] = []
        for group in groups where !keys.contains([group.scenario, group.platform]) {
            keys.append([group.scenario, group.platform])
        }
        return keys.compactMap { key in
            let members = groups.filter { [$0.scenario, $0.platform] == key }
            guard members.count >= 2 else { return nil }
            var seen: [String] = []
            for strategy in members.flatMap(\.strategies) where !seen.contains(strategy) { seen.append(strategy) }
            return SuiteMedians(
                scenario: members[0].scenario,
                platform: members[0].platform,
                groups: members,
                strategies: RunGroup.reportOrder(seen)
            )
        }
    }
}
