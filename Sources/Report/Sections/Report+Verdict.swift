import Results

extension Report {
    /// The opening lines: per fixture and scenario, which strategy finds the most devices and at
    /// what cost, with the numbers. Cost is always named twice — SYN attempts on the wire and
    /// connections the stack created — so no strategy wins by turning SYNs into ARP (a connect to
    /// an empty address costs a connection and ARP requests, never a SYN).
    func verdictSection() -> String {
        let lines = groups.compactMap(verdict)
        guard !lines.isEmpty else { return "**Verdict:** no successful runs in these results; nothing to compare.\n" }
        if lines.count == 1 { return "**Verdict:** " + lines[0] + "\n" }
        return "**Verdict:**\n\n" + lines.map { "- " + $0 }.joined(separator: "\n") + "\n"
    }

    /// One sentence for a group, nil when it has no successful runs.
    func verdict(_ group: RunGroup) -> String? {
        struct Row {
            var strategy: String; var recall: Double; var found: Double; var discoverable: Double; var attempts: Double; var connections: Double
            /// "38 TCP attempts, 2,938 connections created".
            var cost: String {
                "\(Metric.tcpAttempts.format(attempts)) TCP attempts, \(Metric.connectionsCreated.format(connections)) connections created"
            }
        }
        let rows: [Row] = group.strategies.compactMap { strategy in
            guard let recall = group.summary(.recall, strategy), let found = group.summary(.found, strategy),
                  let attempts = group.summary(.tcpAttempts, strategy) else { return nil }
            let discoverable = Summary(group.ok(strategy).map { Double($0.metrics.yield.discoverable) })?.median ?? 0
            let connections = group.summary(.connectionsCreated, strategy)?.median ?? 0
            return Row(strategy: strategy, recall: recall.median, found: found.median, discoverable: discoverable,
                       attempts: attempts.median, connections: connections)
        }
        guard !rows.isEmpty else { return nil }
        let bestRecall = rows.map(\.recall).max() ?? 0
        let fewest = rows.map(\.attempts).min() ?? 0
        let leaders = rows.filter { $0.recall == bestRecall }.sorted { $0.attempts < $1.attempts }
        let winner = leaders[0]
        let prefix = groups.count > 1 ? "on \(group.title): " : "on \(Inline.code(group.fixture)): "
        let n = group.ok(winner.strategy).count
        var sentence = prefix + "\(Inline.code(winner.strategy)) finds the most devices "
        sentence += "(\(yieldText(found: winner.found, discoverable: winner.discoverable)), recall \(Metric.recall.format(winner.recall)))"
        if winner.attempts == fewest {
            let others = rows.filter { $0.strategy != winner.strategy && $0.attempts == fewest }
            sentence += others.isEmpty ? " with the fewest TCP attempts" : " with the fewest TCP attempts (tied)"
            sentence += " (\(winner.cost))"
        } else {
            let cheapest = rows.filter { $0.attempts == fewest }[0]
            sentence += " with \(winner.cost); \(Inline.code(cheapest.strategy)) uses fewer TCP attempts "
            sentence += "(\(cheapest.cost)) but finds \(yieldText(found: cheapest.found, discoverable: cheapest.discoverable))"
        }
        let reference = document.referenceStrategy
        if reference != winner.strategy, let ref = rows.first(where: { $0.strategy == reference }) {
            sentence += " — against the reference \(Inline.code(reference)) (\(ref.cost), \(yieldText(found: ref.found, discoverable: ref.discoverable))): "
            sentence += "\(Self.change(winner.attempts, ref.attempts)) TCP attempts, \(Self.change(winner.connections, ref.connections)) connections created"
        }
        sentence += "; medians of \(n) \(n == 1 ? "run" : "runs")."
        return sentence
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
