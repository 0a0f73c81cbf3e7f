import Results
import Statistics

extension Report {
    /// Port-scan and ping accuracy, for the scenarios that ran those tools.
    func accuracySection() -> String {
        var ports = MarkdownTable([
            ("Fixture · scenario", .left), ("Strategy", .left), ("Ports checked", .right),
            ("Correct", .right), ("Accuracy", .right), ("Confusions (truth→reported, all runs)", .left),
        ])
        var ping = MarkdownTable([
            ("Fixture · scenario", .left), ("Strategy", .left), ("Target", .left), ("Method", .left),
            ("Echoes", .right), ("Lost", .right), ("vs wire, median [ms]", .right), ("vs wire, p95 [ms]", .right),
            ("vs truth, median [ms]", .right), ("vs truth, p95 [ms]", .right),
        ])
        for group in groups {
            for strategy in group.strategies {
                let runs = group.ok(strategy)
                let portRuns = runs.compactMap(\.metrics.ports)
                if !portRuns.isEmpty {
                    let checked = SampleSummary(portRuns.map { Double($0.checked) })?.median ?? 0
                    let correct = SampleSummary(portRuns.map { Double($0.correct) })?.median ?? 0
                    var confusions: [String: Int] = [:]
                    for item in portRuns { confusions.merge(item.confusions, uniquingKeysWith: +) }
                    let confusionText =
                        confusions.isEmpty
                        ? "none"
                        : confusions.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) ×\($0.value)" }
                            .joined(separator: ", ")
                    ports.add([
                        group.title, Inline.code(strategy), NumberFormat.decimal(checked, digits: 0),
                        NumberFormat.decimal(correct, digits: 0),
                        checked > 0 ? NumberFormat.decimal(correct / checked * 100, digits: 1) + " %" : "n/a",
                        confusionText,
                    ])
                }
                let pingRuns = runs.compactMap(\.metrics.ping)
                if !pingRuns.isEmpty {
                    func median(_ values: [Double?]) -> String {
                        SampleSummary(values.compactMap { $0 }).map { NumberFormat.decimal($0.median, digits: 2) }
                            ?? "not measured"
                    }
                    let targets = Array(Set(pingRuns.map(\.target))).sorted().joined(separator: ", ")
                    let methods = Array(Set(pingRuns.compactMap(\.method))).sorted().joined(separator: ", ")
                    ping.add([
                        group.title, Inline.code(strategy), targets, methods.isEmpty ? "—" : methods,
                        NumberFormat.decimal(SampleSummary(pingRuns.map { Double($0.echoes) })?.median ?? 0, digits: 0),
                        NumberFormat.decimal(SampleSummary(pingRuns.map { Double($0.lost) })?.median ?? 0, digits: 0),
                        median(pingRuns.map(\.vsWireAbsMsMedian)), median(pingRuns.map(\.vsWireAbsMsP95)),
                        median(pingRuns.map(\.vsTruthAbsMsMedian)),
                        median(pingRuns.map(\.vsTruthAbsMsP95)),
                    ])
                }
            }
        }
        var text = ""
        if !ports.isEmpty {
            text +=
                "## Port-scan accuracy\n\nThe port scanner's states against the fixture's truth (medians over repetitions).\n\n"
                + ports.render() + "\n"
        }
        if !ping.isEmpty {
            text +=
                "## Ping accuracy\n\nThe app's ping service against the same attempts on the wire (echo request → reply, or SYN → "
            text +=
                "SYN/ACK or RST for the TCP method) and against the fixture's RTT, during a scan or alone as the scenario says "
            text +=
                "(medians over repetitions; lower is better). Review problem 3 is the gap between the wire and the tool.\n\n"
                + ping.render()
        }
        return text
    }
}
