import Results

extension Report {
    /// The opening lines: one sentence per fixture and scenario, then one per suite. Each names the
    /// Pareto front of the Pareto section — or the one strategy that dominates all others — and
    /// what the front's best finder finds at what cost. Cost is always named three ways — SYN
    /// attempts on the wire, every packet on the link and connections the stack created — so no
    /// strategy wins by turning SYNs into ARP (a connect to an empty address costs a connection and
    /// ARP requests, never a SYN).
    func verdictSection() -> String {
        let lines = groups.compactMap(verdict) + suites.compactMap(verdict)
        guard !lines.isEmpty else { return "**Verdict:** no successful runs in these results; nothing to compare.\n" }
        if lines.count == 1 { return "**Verdict:** " + lines[0] + "\n" }
        return "**Verdict:**\n\n" + lines.map { "- " + $0 }.joined(separator: "\n") + "\n"
    }

    /// The sentence for a group, nil when it has no strategies.
    func verdict(_ group: RunGroup) -> String? {
        let prefix = groups.count > 1 ? "on \(group.title): " : "on \(Inline.code(group.fixture)): "
        return verdictSentence(group, prefix: prefix, most: "finds the most devices") { strategy in
            let found = group.median(.found, strategy) ?? 0
            return "\(yieldText(found: found, discoverable: group.discoverable(strategy))), recall \(Metric.recall.format(group.median(.recall, strategy) ?? 0))"
        } basis: { strategy in
            let n = group.ok(strategy).count
            return "medians of \(n) \(n == 1 ? "run" : "runs")"
        }
    }

    /// The sentence for a suite, nil when it has no strategies.
    func verdict(_ suite: SuiteMedians) -> String? {
        let count = suite.groups.count
        return verdictSentence(suite, prefix: "over the suite of \(count) fixtures, scenario \(Inline.code(suite.scenario)): ",
                               most: "has the highest median recall") { strategy in
            "recall \(Metric.recall.format(suite.median(.recall, strategy) ?? 0))"
        } basis: { _ in
            "medians across the \(count) fixtures of each fixture's medians"
        }
    }

    /// A strategy's numbers in a verdict.
    private struct VerdictRow {
        var strategy: String
        var recall: Double
        var attempts: Double
        var packets: Double
        var connections: Double

        /// "38 TCP attempts, 3,667 packets, 2,938 connections created".
        var cost: String {
            "\(Metric.tcpAttempts.format(attempts)) TCP attempts, \(Metric.packets.format(packets)) packets, "
                + "\(Metric.connectionsCreated.format(connections)) connections created"
        }
    }

    /// The front (or the dominating strategy), its best finder with its cost, the cheapest by TCP
    /// attempts when that is another strategy, and the change against the reference.
    /// - Parameters:
    ///   - most: what the best finder does ("finds the most devices").
    ///   - yield: a strategy's yield in words ("28/28, recall 1.00").
    ///   - basis: what the numbers are ("medians of 3 runs").
    private func verdictSentence(_ set: any StrategyMedians, prefix: String, most: String, yield: (String) -> String,
                                 basis: (String) -> String) -> String? {
        guard !set.strategies.isEmpty else { return nil }
        let front = paretoFront(set)
        let failed = set.strategies.filter { set.failure($0) != nil }
        let rows: [VerdictRow] = set.strategies.filter { set.failure($0) == nil }.compactMap { strategy in
            guard let recall = set.median(.recall, strategy), let attempts = set.median(.tcpAttempts, strategy),
                  let packets = set.median(.packets, strategy), let connections = set.median(.connectionsCreated, strategy) else { return nil }
            return VerdictRow(strategy: strategy, recall: recall, attempts: attempts, packets: packets, connections: connections)
        }
        let onFront = rows.filter { front.front.contains($0.strategy) }
        // The front's best finder; among equals the one with the fewest TCP attempts, then the first in report order.
        let leaders = onFront.filter { $0.recall == onFront.map(\.recall).max() }
        guard let winner = leaders.first(where: { $0.attempts == leaders.map(\.attempts).min() }) else {
            return prefix + "every strategy had a failed or timed-out run (\(Self.list(failed))), so none is on the Pareto front."
        }
        var sentence = prefix + standingClause(front, rows: rows, onFront: onFront, failed: failed)
        if rows.count == 1 {
            sentence += ": it reaches \(yield(winner.strategy)) with \(winner.cost)"
        } else {
            sentence += ": \(onFront.count == 1 ? "it" : Inline.code(winner.strategy)) \(most) (\(yield(winner.strategy)))"
            let fewest = rows.map(\.attempts).min() ?? 0
            if winner.attempts == fewest {
                let tied = rows.contains { $0.strategy != winner.strategy && $0.attempts == fewest }
                sentence += " with the fewest TCP attempts\(tied ? " (tied)" : "") (\(winner.cost))"
            } else if let cheapest = rows.first(where: { $0.attempts == fewest }) {
                sentence += " with \(winner.cost); \(Inline.code(cheapest.strategy)) uses fewer TCP attempts "
                sentence += "(\(cheapest.cost)) with lower recall (\(yield(cheapest.strategy)))"
            }
        }
        let reference = document.referenceStrategy
        if reference != winner.strategy, let ref = rows.first(where: { $0.strategy == reference }) {
            sentence += " — against the reference \(Inline.code(reference)) (\(ref.cost), \(yield(reference))): "
            sentence += "\(Self.change(winner.attempts, ref.attempts)) TCP attempts, \(Self.change(winner.packets, ref.packets)) packets, "
            sentence += "\(Self.change(winner.connections, ref.connections)) connections created"
        } else if failed.contains(reference) {
            sentence += " — the reference \(Inline.code(reference)) failed here"
        }
        return sentence + "; \(basis(winner.strategy))."
    }

    /// "`a` is the only strategy here", "`a` dominates every other strategy on the Pareto objectives",
    /// "the Pareto front is `a` and `b` (`a` and `b` equal on every objective; 3 dominated; `c` failed,
    /// counted as dominated)".
    private func standingClause(_ front: ParetoFront, rows: [VerdictRow], onFront: [VerdictRow], failed: [String]) -> String {
        var clause: String
        var notes: [String] = []
        if rows.count == 1 {
            clause = "\(Inline.code(onFront[0].strategy)) is the only strategy\(failed.isEmpty ? "" : " without a failure") here"
        } else if onFront.count == 1 {
            clause = "\(Inline.code(onFront[0].strategy)) dominates every other strategy on the Pareto objectives"
        } else {
            clause = "the Pareto front is \(Self.list(onFront.map(\.strategy)))"
            let names = onFront.map(\.strategy)
            var tied: [String] = []
            for name in names where !tied.contains(name) {
                let ties = front.ties(of: name).filter(names.contains)
                guard !ties.isEmpty else { continue }
                tied += [name] + ties
                notes.append("\(Self.list([name] + ties)) equal on every objective")
            }
            if rows.count > onFront.count { notes.append("\(rows.count - onFront.count) dominated") }
        }
        if !failed.isEmpty { notes.append("\(Self.list(failed)) failed, counted as dominated") }
        return notes.isEmpty ? clause : clause + " (\(notes.joined(separator: "; ")))"
    }

    /// "`a`", "`a` and `b`", "`a`, `b` and `c`".
    static func list(_ names: [String]) -> String {
        let coded = names.map(Inline.code)
        guard coded.count > 1 else { return coded.first ?? "" }
        return coded.dropLast().joined(separator: ", ") + " and " + coded[coded.count - 1]
    }

    /// "77 % fewer", "12 % more", "as many"; absolute when the reference is 0.
    static func change(_ value: Double, _ reference: Double) -> String {
        if value == reference { return "as many" }
        guard reference > 0 else { return "\(NumberFormat.decimal(value, digits: 0)) more" }
        let percent = (value - reference) / reference * 100
        return "\(NumberFormat.decimal(abs(percent), digits: 0)) % \(percent < 0 ? "fewer" : "more")"
    }

    func yieldText(found: Double, discoverable: Double) -> String {
        "\(Metric.found.format(found))/\(Metric.found.format(discoverable))"
    }
}
