import Results
import Statistics

extension Report {
    /// "Tools in the session": per strategy, each lookup tool's agreement with its reference tool
    /// (runs agreeing of runs) and its median duration in the app, for scenarios that ran them.
    func lookupToolsSection() -> String {
        var table = MarkdownTable([
            ("Fixture · scenario", .left), ("Strategy", .left), ("Tool", .left), ("Agrees with reference", .right),
            ("Duration, median [ms]", .right), ("First disagreement (ours / reference)", .left),
        ])
        for group in groups {
            for strategy in group.strategies {
                let runs = group.ok(strategy).map(\.metrics)
                for (tool, agreesMetric, durationMetric) in Metric.sessionTools {
                    let agrees = runs.compactMap { agreesMetric.value(in: $0) }
                    let failed = runs.compactMap { self.referenceFailure(of: agreesMetric, in: $0) }
                    guard !agrees.isEmpty || !failed.isEmpty else { continue }
                    let durations = runs.compactMap { durationMetric.value(in: $0) }
                    let differing = runs.lazy.compactMap { self.disagreement(of: agreesMetric, in: $0) }.first
                    // A failed reference is neither agreement nor disagreement: out of the count, named beside it.
                    let count =
                        (agrees.isEmpty ? "not measured" : "\(Int(agrees.reduce(0, +)))/\(agrees.count)")
                        + (failed.isEmpty
                            ? "" : " (reference failed in \(failed.count) of \(agrees.count + failed.count) runs)")
                    let notes = [
                        differing.map { String($0.prefix(160)) },
                        failed.first.map { "reference failed: \($0.prefix(160))" },
                    ].compactMap { $0 }
                    table.add([
                        group.title, Inline.code(strategy), tool, count,
                        SampleSummary(durations).map { NumberFormat.decimal($0.median, digits: durationMetric.digits) }
                            ?? "not measured",
                        notes.isEmpty ? "—" : notes.joined(separator: "; "),
                    ])
                }
            }
        }
        guard !table.isEmpty else { return "" }
        var text = "## Tools in the session\n\n"
        text +=
            "The app's traceroute, DNS and WHOIS tools, run during the session, against `traceroute -n`, `dig +short` and "
        text +=
            "`whois -h` run in the scanner's namespace right after it: hops equal, answer sets equal, each server's raw "
        text +=
            "answer equal; the Wake-on-LAN packet against the target's listener log, byte for byte; the Bonjour browser "
        text +=
            "tool's and the device-detail screen's services against `avahi-browse -arpk` run there right after it and against "
        text +=
            "the fixture, over the types the app browses (docs/METRICS.md, \"Tools in the app\"). Duration is the tool's, in "
        text +=
            "the app, start to result. A run whose reference tool failed (did not run, exited non-zero, avahi-browse or the "
        text +=
            "listener's log missing) is neither an agreement nor a disagreement: it is left out of the count and its reason shown.\n\n"
        return text + table.render()
    }

    /// Why one run's reference for the tool named by its agreement metric gave nothing to compare
    /// with; nil when it ran (or the run has no such tool).
    private func referenceFailure(of agrees: Metric, in metrics: RunMetrics) -> String? {
        switch agrees.id {
        case Metric.traceAgrees.id: metrics.lookups?.trace?.referenceError
        case Metric.dnsAgrees.id: metrics.lookups?.dns?.referenceError
        case Metric.whoisAgrees.id: metrics.lookups?.whois?.referenceError
        case Metric.monitorAgrees.id: metrics.lookups?.monitor?.referenceError
        case Metric.certAgrees.id: metrics.lookups?.cert?.referenceError
        case Metric.wolAgrees.id: metrics.wakeOnLAN?.referenceError
        case Metric.browseAgrees.id:
            metrics.bonjourBrowse.flatMap { $0.avahiFailed ? $0.avahiError ?? "avahi-browse did not run" : nil }
        case Metric.detailAgrees.id:
            metrics.detailServices.flatMap { $0.avahiFailed ? $0.avahiError ?? "avahi-browse did not run" : nil }
        default: nil
        }
    }

    /// What one run's tool, named by its agreement metric, said against its reference when they
    /// differ, "ours / reference"; nil when they agree. Keyed by the catalogue's metric, not the
    /// row's label, so renaming a row cannot lose its disagreements.
    private func disagreement(of agrees: Metric, in metrics: RunMetrics) -> String? {
        if let text = discoveryDisagreement(of: agrees, in: metrics) { return text }
        let agreement: RunMetrics.Agreement? =
            switch agrees.id {
            case Metric.traceAgrees.id: metrics.lookups?.trace
            case Metric.dnsAgrees.id: metrics.lookups?.dns
            case Metric.whoisAgrees.id: metrics.lookups?.whois
            case Metric.monitorAgrees.id: metrics.lookups?.monitor
            case Metric.certAgrees.id: metrics.lookups?.cert
            default: nil
            }
        guard let agreement, !agreement.agrees, agreement.referenceError == nil else { return nil }
        return "\(agreement.ours ?? "—") / \(agreement.reference ?? "—")"
    }
}
