import Results

extension Report {
    // One sentence per fixture and scenario, and one per suite, opening its detail file. Each names
    // the Pareto front — or the one strategy that dominates all others — and what the front's best
    // finder finds at what cost. Cost is the whole session's (scan, tools and classify step), named
    // three ways — connections, every packet on the link and SYN attempts on the wire — with the
    // scan's share beside it, so no strategy wins by turning SYNs into ARP or by moving its cost
    // into the step after the scan.

    /// The sentence for a group, nil when it has no strategies.
    func verdict(_ group: RunGroup) -> String? {
        let prefix = groups.count > 1 ? "on \(group.title): " : "on \(Inline.code(group.fixture)): "
        return verdictSentence(group, prefix: prefix, most: "finds the most devices") { strategy in
            let found = group.median(.found, strategy) ?? 0
            return
                "\(yieldText(found: found, discoverable: group.discoverable(strategy))), recall \(Metric.recall.format(group.median(.recall, strategy) ?? 0))"
        } basis: { strategy in
            let n = group.ok(strategy).count
            return n == 1 ? "one run, so no run-to-run spread is known to call a tie" : "medians of \(n) runs"
        }
    }

    /// The sentence for a suite, nil when it has no strategies.
    func verdict(_ suite: SuiteMedians) -> String? {
        let count = suite.groups.count
        return verdictSentence(
            suite,
            prefix: "over the suite of \(count) fixtures, scenario \(Inline.code(suite.scenario)): ",
            most: "has the highest median recall"
        ) { strategy in
            "recall \(Metric.recall.format(suite.median(.recall, strategy) ?? 0))"
        } basis: { _ in
            "medians across the \(count) fixtures of each fixture's medians"
        }
    }

    /// A strategy's numbers in a verdict: the whole session's cost, and the scan's share of it.
    struct VerdictRow {
        var strategy: String
        var recall: Double
        var attempts: Double
        var packets: Double
        var connections: Double
        var scanConnections: Double?
        var scanPackets: Double?
        /// The figures are the scan's alone (results from before the session was recorded).
        var scanOnly = false

        /// "5,265 connections, 9,681 packets, 5,120 TCP attempts as a session (the scan alone: 1,225
        /// connections, 4,693 packets)".
        var cost: String {
            var text =
                "\(Metric.sessionConnections.format(connections)) connections, \(Metric.sessionPackets.format(packets)) packets, "
                + "\(Metric.sessionTCPAttempts.format(attempts)) TCP attempts"
            if scanOnly {
                return text + " in the scan (these results predate the session's cost: the classify step is not in it)"
            }
            text += " over the session"
            if let scanConnections, let scanPackets, scanConnections != connections || scanPackets != packets {
                text +=
                    "; the scan alone: \(Metric.connectionsCreated.format(scanConnections)) connections, "
                    + "\(Metric.packets.format(scanPackets)) packets"
            }
            return text
        }
    }

    /// The front (or the dominating strategy), its best finder with its session's cost, the cheapest
    /// by connections when that is another strategy, ties within the run-to-run spread, and the
    /// change against the reference.
    /// - Parameters:
    ///   - most: what the best finder does ("finds the most devices").
    ///   - yield: a strategy's yield in words ("28/28, recall 1.00").
    ///   - basis: what the numbers are ("medians of 3 runs").
    /// The front of a set and who the verdict and the decision table name from it.
    struct Standings {
        var front: ParetoFront
        /// Strategies with a failed or timed-out run.
        var failed: [String]
        /// The strategies without a failure whose recall and cost were measured, in report order.
        var rows: [VerdictRow]
        var onFront: [VerdictRow]
        /// The recommended strategy: the front's best finder (highest median recall); among equals
        /// the one with the fewest connections, then the first in report order. Nil when no
        /// strategy without a failure has its cost measured.
        var winner: VerdictRow?
        /// The reference strategy's row, when it ran here without a failure.
        var reference: VerdictRow?
    }

    func standings(_ set: any StrategyMedians) -> Standings {
        let front = paretoFront(set)
        let failed = set.strategies.filter { set.failure($0) != nil }
        let rows: [VerdictRow] = set.strategies.filter { set.failure($0) == nil }.compactMap { strategy in
            guard let recall = set.median(.recall, strategy),
                let attempts = cost(.sessionTCPAttempts).flatMap({ set.median($0, strategy) }),
                let packets = cost(.sessionPackets).flatMap({ set.median($0, strategy) }),
                let connections = cost(.sessionConnections).flatMap({ set.median($0, strategy) })
            else { return nil }
            return VerdictRow(
                strategy: strategy,
                recall: recall,
                attempts: attempts,
                packets: packets,
                connections: connections,
                scanConnections: set.median(.connectionsCreated, strategy),
                scanPackets: set.median(.packets, strategy),
                scanOnly: !measuresSession
            )
        }
        let onFront = rows.filter { front.front.contains($0.strategy) }
        let leaders = onFront.filter { $0.recall == onFront.map(\.recall).max() }
        let winner = leaders.first(where: { $0.connections == leaders.map(\.connections).min() })
        return Standings(
            front: front,
            failed: failed,
            rows: rows,
            onFront: onFront,
            winner: winner,
            reference: rows.first { $0.strategy == document.referenceStrategy }
        )
    }

    private func verdictSentence(
        _ set: any StrategyMedians,
        prefix: String,
        most: String,
        yield: (String) -> String,
        basis: (String) -> String
    ) -> String? {
        guard !set.strategies.isEmpty else { return nil }
        let standings = standings(set)
        let (front, failed, rows, onFront) = (standings.front, standings.failed, standings.rows, standings.onFront)
        guard let winner = standings.winner else {
            if rows.isEmpty && !failed.isEmpty {
                return prefix
                    + "every strategy had a failed or timed-out run (\(Self.list(failed))), so none is on the Pareto front."
            }
            return prefix + "no strategy without a failure has its cost measured; the Pareto table below has what was."
        }
        var sentence = prefix + standingClause(front, rows: rows, onFront: onFront, failed: failed)
        var referenceShown = false
        if rows.count == 1 {
            sentence += ": it reaches \(yield(winner.strategy)) with \(winner.cost)"
        } else {
            let tiedOnYield = rows.filter {
                $0.strategy != winner.strategy && front.tiedBySpread($0.strategy, winner.strategy, on: Metric.recall.id)
            }
            sentence +=
                ": \(onFront.count == 1 ? "it" : Inline.code(winner.strategy)) \(most) (\(yield(winner.strategy)))"
            if !tiedOnYield.isEmpty {
                sentence += " — a tie with \(Self.list(tiedOnYield.map(\.strategy))) within their runs' spread"
            }
            let fewest = rows.map(\.connections).min() ?? 0
            if winner.connections == fewest {
                let tied = rows.contains { $0.strategy != winner.strategy && $0.connections == fewest }
                sentence += " with the fewest connections\(tied ? " (tied)" : "") (\(winner.cost))"
            } else if let cheapest = rows.first(where: { $0.connections == fewest }) {
                let isReference = cheapest.strategy == document.referenceStrategy
                sentence +=
                    " with \(winner.cost); \(Inline.code(cheapest.strategy))\(isReference ? ", the reference," : "") costs less "
                sentence +=
                    "(\(cheapest.cost))\(cheapest.recall < winner.recall ? " with lower recall (\(yield(cheapest.strategy)))" : "")"
                referenceShown = isReference
            }
        }
        let reference = document.referenceStrategy
        if reference != winner.strategy, let ref = rows.first(where: { $0.strategy == reference }) {
            sentence +=
                " — against the reference \(Inline.code(reference))"
                + (referenceShown ? ": " : " (\(ref.cost), \(yield(reference))): ")
            sentence +=
                "\(Self.change(winner.connections, ref.connections)) connections, \(Self.change(winner.packets, ref.packets)) packets, "
            sentence +=
                "\(Self.change(winner.attempts, ref.attempts)) TCP attempts"
                + (measuresSession ? " over the session" : "")
        } else if failed.contains(reference) {
            sentence += " — the reference \(Inline.code(reference)) failed here"
        }
        return sentence + "; \(basis(winner.strategy))."
    }

    /// "`a` is the only strategy here", "`a` dominates every other strategy on the Pareto objectives",
    /// "the Pareto front is `a` and `b` (`a` and `b` equal on every objective; 3 dominated; `c` failed,
    /// counted as dominated)".
    private func standingClause(
        _ front: ParetoFront,
        rows: [VerdictRow],
        onFront: [VerdictRow],
        failed: [String]
    ) -> String {
        var clause: String
        var notes: [String] = []
        if rows.count == 1 {
            clause =
                "\(Inline.code(onFront[0].strategy)) is the only strategy\(failed.isEmpty ? "" : " without a failure") here"
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
                notes.append("\(Self.list([name] + ties)) tie on every objective")
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
