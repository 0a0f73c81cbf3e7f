import Results

extension Report {
    /// "Tools in the session": per strategy, each lookup tool's agreement with its reference tool
    /// (runs agreeing of runs) and its median duration in the app, for scenarios that ran them.
    func lookupToolsSection() -> String {
        var table = MarkdownTable([("Fixture · scenario", .left), ("Strategy", .left), ("Tool", .left), ("Agrees with reference", .right),
                                   ("Duration, median [ms]", .right), ("First disagreement (ours / reference)", .left)])
        for group in groups {
            for strategy in group.strategies {
                let runs = group.ok(strategy).map(\.metrics)
                for (tool, agreesMetric, durationMetric) in Metric.sessionTools {
                    let agrees = runs.compactMap { agreesMetric.value(in: $0) }
                    guard !agrees.isEmpty else { continue }
                    let durations = runs.compactMap { durationMetric.value(in: $0) }
                    let differing = runs.lazy.compactMap { self.disagreement(of: agreesMetric, in: $0) }.first
                    table.add([group.title, Inline.code(strategy), tool, "\(Int(agrees.reduce(0, +)))/\(agrees.count)",
                               SampleSummary(durations).map { NumberFormat.decimal($0.median, digits: durationMetric.digits) } ?? "not measured",
                               differing.map { String($0.prefix(160)) } ?? "—"])
                }
            }
        }
        guard !table.isEmpty else { return "" }
        var text = "## Tools in the session\n\n"
        text += "The app's traceroute, DNS and WHOIS tools, run during the session, against `traceroute -n`, `dig +short` and "
        text += "`whois -h` run in the scanner's namespace right after it: hops equal, answer sets equal, each server's raw "
        text += "answer equal; the Wake-on-LAN packet against the target's listener log, byte for byte; the Bonjour browser "
        text += "tool's and the device-detail screen's services against `avahi-browse -arpk` run there right after it and against "
        text += "the fixture, over the types the app browses (docs/METRICS.md, \"Tools in the app\"). Duration is the tool's, in "
        text += "the app, start to result.\n\n"
        return text + table.render()
    }

    /// What one run's tool, named by its agreement metric, said against its reference when they
    /// differ, "ours / reference"; nil when they agree. Keyed by the catalogue's metric, not the
    /// row's label, so renaming a row cannot lose its disagreements.
    private func disagreement(of agrees: Metric, in metrics: RunMetrics) -> String? {
        if let text = discoveryDisagreement(of: agrees, in: metrics) { return text }
        let agreement: RunMetrics.Agreement? = switch agrees.id {
        case Metric.traceAgrees.id: metrics.lookups?.trace
        case Metric.dnsAgrees.id: metrics.lookups?.dns
        case Metric.whoisAgrees.id: metrics.lookups?.whois
        default: nil
        }
        guard let agreement, !agreement.agrees else { return nil }
        return "\(agreement.ours ?? "—") / \(agreement.reference ?? "—")"
    }
}
