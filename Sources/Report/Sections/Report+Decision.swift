import Results

extension Report {
    /// report.md's first screen: per fixture and scenario and per suite, the recommended strategy,
    /// its yield and whole-session cost against the reference strategy, and the rest of the Pareto
    /// front as the trade-off; then the rule, a few sentences where the rows differ, and the suite's
    /// chart. The recommendation is the verdict's (`standings`): the front's best finder, ties on
    /// recall broken by the fewest connections.
    func decisionSection() -> String {
        guard !groups.isEmpty else { return "**Decision:** no runs in these results; nothing to compare.\n" }
        let costs = [Metric.sessionConnections, .sessionPackets, .sessionTCPAttempts].compactMap(cost)
        let reference = document.referenceStrategy
        let columns: [(String, MarkdownTable.Alignment)] =
            [("LAN · scenario", .left), ("Recommended", .left), ("Found vs ref.", .right)]
            + costs.map {
                (Self.costWords($0).prefix(1).uppercased() + Self.costWords($0).dropFirst() + " vs ref.", .right)
            }
            + [("Trade-off on the front", .left)]
        var table = MarkdownTable(columns)
        var decided: [(title: String, standings: Standings)] = []
        for group in groups {
            let standings = standings(group)
            decided.append((group.title, standings))
            table.add(
                decisionRow(group, standings, link: "[\(group.title)](\(detailName(group)))", costs: costs) {
                    strategy in
                    self.yieldText(
                        found: group.median(.found, strategy) ?? 0,
                        discoverable: group.discoverable(strategy)
                    )
                }
            )
        }
        for suite in suites {
            let standings = standings(suite)
            table.add(
                decisionRow(
                    suite,
                    standings,
                    link: "**[\(suite.title)](\(Self.suiteDetailName))** (\(suite.groups.count) LANs)",
                    costs: costs
                ) { strategy in
                    Metric.recall.format(suite.median(.recall, strategy) ?? 0)
                }
            )
        }
        var text = "## Decision\n\n" + table.render() + "\n"
        text +=
            "**Recommended:** the strategy on the Pareto front with the highest median recall; among equals, the fewest "
        text +=
            measuresSession
            ? "connections over the session. Costs are the **whole session's** (scan, tools, classify step)"
            : "connections. Costs are **the scan's alone**: these results predate the session's cost, so the classify step is not in them"
        text += ", medians over repetitions (over a suite: the median across its LANs); found: devices found of the "
        text +=
            "discoverable (over a suite: recall). Each is beside the reference (ref.) \(Inline.code(reference))'s: −41 % is 41 % fewer, "
        text += "×8.1 is 8.1 times as many. **Trade-off:** every other strategy on "
        text +=
            "the front, with its yield and the costs on which it beats the recommended one (\"tie\": within the runs' spread). "
        text += "The front and its objectives: [Pareto front](\(Self.methodologyDetailName)#pareto-front).\n"
        let sentences = decisionSentences(decided)
        if !sentences.isEmpty { text += "\n" + sentences.map { "- " + $0 }.joined(separator: "\n") + "\n" }
        let charted: [any StrategyMedians] = suites.isEmpty ? Array(groups.prefix(1)) : suites
        for set in charted { text += "\n" + paretoChartLink(set) }
        return text
    }

    /// One row: the set, its recommendation, yield and costs against the reference, and the trade-off.
    private func decisionRow(
        _ set: any StrategyMedians,
        _ standings: Standings,
        link: String,
        costs: [Metric],
        yield: (String) -> String
    ) -> [String] {
        guard let winner = standings.winner else {
            let why =
                standings.rows.isEmpty && !standings.failed.isEmpty
                ? "every strategy had a failed or timed-out run (\(Self.list(standings.failed)))"
                : "no strategy without a failure has its cost measured"
            return [link, "none"] + Array(repeating: "—", count: costs.count + 1) + [why]
        }
        let reference = standings.reference
        var name = Inline.code(winner.strategy)
        if winner.strategy == document.referenceStrategy { name += " (the reference)" }
        var found = yield(winner.strategy)
        if let reference, reference.strategy != winner.strategy {
            found += " vs " + yield(reference.strategy)
            if reference.recall != winner.recall,
                standings.front.tiedBySpread(winner.strategy, reference.strategy, on: Metric.recall.id)
            {
                found += " (tie)"
            }
        }
        var cells = [link, "**\(name)**", found]
        for metric in costs {
            let value = set.median(metric, winner.strategy) ?? 0
            var cell = metric.format(value)
            if let reference, reference.strategy != winner.strategy, let base = set.median(metric, reference.strategy) {
                cell += " vs \(metric.format(base)) (\(Self.ratio(value, base)))"
            }
            cells.append(cell)
        }
        var tradeOff = tradeOffs(set, standings, winner: winner, costs: costs, yield: yield)
        if reference == nil {
            tradeOff +=
                (tradeOff.isEmpty ? "" : "; ") + "the reference \(Inline.code(document.referenceStrategy)) "
                + (standings.failed.contains(document.referenceStrategy) ? "failed here" : "did not run here")
        }
        return cells + [tradeOff]
    }

    /// "`netmonitor-2.0` 28/30 at −45 % packets, −88 % TCP attempts", one per other strategy on the
    /// front; "none: it dominates every other strategy" when it is alone there.
    private func tradeOffs(
        _ set: any StrategyMedians,
        _ standings: Standings,
        winner: VerdictRow,
        costs: [Metric],
        yield: (String) -> String
    ) -> String {
        let others = standings.onFront.filter { $0.strategy != winner.strategy }
        var parts: [String] = []
        if others.isEmpty {
            parts.append(
                standings.rows.count == 1
                    ? "none: the only strategy without a failure" : "none: it dominates every other strategy"
            )
        }
        let values = Dictionary(uniqueKeysWithValues: standings.front.candidates.map { ($0.name, $0.values ?? [:]) })
        for other in others {
            var part = "\(Inline.code(other.strategy)) \(yield(other.strategy))"
            if other.recall != winner.recall,
                standings.front.tiedBySpread(other.strategy, winner.strategy, on: Metric.recall.id)
            {
                part += " (tie)"
            }
            // The objectives on which it beats the recommended one, as the front compared them.
            let better = standings.front.compared.filter { objective in
                guard let mine = values[other.strategy]?[objective.id],
                    let theirs = values[winner.strategy]?[objective.id]
                else { return false }
                return objective.prefers(mine, over: theirs)
                    && !standings.front.tiedBySpread(other.strategy, winner.strategy, on: objective.id)
            }
            let cheaper = costs.filter { metric in better.contains { $0.id == metric.id } }.compactMap {
                metric -> String? in
                guard let mine = set.median(metric, other.strategy), let theirs = set.median(metric, winner.strategy)
                else { return nil }
                return "\(Self.ratio(mine, theirs)) \(Self.costWords(metric))"
            }
            if !cheaper.isEmpty {
                part += " at " + cheaper.joined(separator: ", ")
            } else {
                let elsewhere = better.compactMap { Metric.named($0.id)?.title.lowercased() }
                let shown =
                    elsewhere.prefix(2).joined(separator: ", ")
                    + (elsewhere.count > 2 ? " +\(elsewhere.count - 2) more" : "")
                part += elsewhere.isEmpty ? ", equal on every objective" : ", better only on \(shown)"
            }
            parts.append(part)
        }
        if !standings.failed.isEmpty { parts.append("failed: \(Self.list(standings.failed))") }
        return parts.joined(separator: "<br>")
    }

    /// Short sentences on what differs between rows: which strategy is recommended where, and where
    /// the reference finds as many within the runs' spread (its lower cost is then the trade-off).
    private func decisionSentences(_ decided: [(title: String, standings: Standings)]) -> [String] {
        let groupRows = decided.compactMap { row in row.standings.winner.map { (title: row.title, winner: $0.strategy) }
        }
        guard !groupRows.isEmpty else { return [] }
        var sentences: [String] = []
        var counts: [String: Int] = [:]
        for row in groupRows { counts[row.winner, default: 0] += 1 }
        let ranked = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
        if ranked.count == 1 {
            if groupRows.count > 1 {
                sentences.append(
                    "\(Inline.code(ranked[0])) is recommended on every LAN and scenario here (\(groupRows.count))."
                )
            }
        } else {
            let main = ranked[0]
            let elsewhere = ranked.dropFirst().map { name in
                "\(Inline.code(name)) on " + groupRows.filter { $0.winner == name }.map(\.title).joined(separator: ", ")
            }
            sentences.append(
                "\(Inline.code(main)) is recommended on \(counts[main]!) of \(groupRows.count); "
                    + elsewhere.joined(separator: "; ") + "."
            )
        }
        let reference = document.referenceStrategy
        let ties = decided.filter { row in
            guard let winner = row.standings.winner, winner.strategy != reference, let base = row.standings.reference
            else { return false }
            return base.recall == winner.recall
                || row.standings.front.tiedBySpread(winner.strategy, reference, on: Metric.recall.id)
        }.map(\.title)
        if !ties.isEmpty {
            sentences.append(
                "On \(ties.joined(separator: ", ")) the reference \(Inline.code(reference)) finds as many devices, or as many "
                    + "within the runs' spread: there the choice between them rests on the costs beside it."
            )
        }
        return sentences
    }

    /// "connections", "packets", "TCP attempts": a cost's name in a trade-off.
    private static func costWords(_ metric: Metric) -> String {
        switch metric.id {
        case Metric.sessionConnections.id, Metric.connectionsCreated.id: "connections"
        case Metric.sessionPackets.id, Metric.packets.id: "packets"
        case Metric.sessionTCPAttempts.id, Metric.tcpAttempts.id: "TCP attempts"
        default: metric.title
        }
    }

    /// "−41 %", "+72 %", "×8.1", "×155", "=": `value` against `reference`, for a table cell.
    static func ratio(_ value: Double, _ reference: Double) -> String {
        if value == reference { return "=" }
        guard reference > 0 else { return "+\(NumberFormat.decimal(value, digits: 0))" }
        let factor = value / reference
        if factor >= 2 { return "×" + NumberFormat.decimal(factor, digits: factor >= 10 ? 0 : 1) }
        let percent = (factor - 1) * 100
        // A no-break space, so a narrow cell never breaks "−41" from its "%".
        return (percent < 0 ? "−" : "+") + NumberFormat.decimal(abs(percent), digits: 0) + "\u{00A0}%"
    }
}
