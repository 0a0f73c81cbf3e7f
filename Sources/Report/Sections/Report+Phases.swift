import Results
import Statistics

extension Report {
    /// Where each strategy's scan spent its time, phase by phase (`phases_s`, from the engine's
    /// `phase_end` events), beside two costs no headline column shows: the mDNS packets on the link
    /// (`wire.mdns_packets`) and the scanner's peak thread count (`peak_threads`), and — when a run
    /// of the group had any — the connections left in `waiting(ENOMEM)` past the platform's flow
    /// limit (`stack.waiting_by_error.ENOMEM`). Medians over the successful repetitions; a phase a
    /// strategy does not run is "—".
    func phaseTable(_ group: RunGroup) -> String {
        let runs = group.strategies.flatMap(group.ok)
        let phases = Set(runs.flatMap { $0.metrics.phasesS.keys }).sorted()
        guard !runs.isEmpty else { return "" }
        let flowLimited = runs.contains { (Metric.flowLimitWaits.value(in: $0.metrics) ?? 0) > 0 }
        let counted = [Metric.mdnsPackets, Metric.peakThreads] + (flowLimited ? [Metric.flowLimitWaits] : [])
        var text = "### Phases, mDNS and threads\n\n"
        text += "Seconds per phase (phases of one pipeline step overlap, so they do not add up to the duration), "
        text += "the mDNS packets on the link and the scanner's peak threads"
        text +=
            flowLimited
            ? ", and the connections left in `waiting(ENOMEM)` past the platform's flow limit (docs/PLATFORMS.md)"
            : ""
        text += ": medians over successful repetitions.\n\n"
        var table = MarkdownTable(
            [("Strategy", .left)] + phases.map { ("\(Inline.code($0)) [s]", .right) }
                + counted.map { ($0.header, .right) }
        )
        for strategy in group.strategies {
            let ok = group.ok(strategy)
            guard !ok.isEmpty else { continue }
            let phaseCells = phases.map { phase in
                SampleSummary(ok.compactMap { $0.metrics.phasesS[phase] }).map {
                    NumberFormat.decimal($0.median, digits: 2)
                } ?? "—"
            }
            let counts = counted.map { metric in
                group.summary(metric, strategy).map { metric.format($0.median) } ?? "not measured"
            }
            table.add([Inline.code(strategy)] + phaseCells + counts)
        }
        return text + table.render()
    }
}
