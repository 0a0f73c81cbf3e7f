import Results

extension Report {
    /// The connection budget against what was really in flight: the stack's own connection
    /// objects and the SYNs on the wire. Empty when no strategy of the group had a budget.
    func budgetTable(_ group: RunGroup) -> String {
        var table = MarkdownTable([
            ("Strategy", .left), ("Budget (slots)", .right), ("Peak slots in use", .right),
            ("Peak connections (stack)", .right), ("Peak SYNs in flight (wire)", .right), ("Held", .left),
        ])
        var any = false
        for strategy in group.strategies {
            let runs = group.ok(strategy)
            guard !runs.isEmpty else { continue }
            let limits = runs.compactMap(\.metrics.stack.budgetLimit)
            guard let limit = limits.max() else {
                table.add([
                    Inline.code(strategy), "none", "—", maxText(runs) { $0.stack.peakInFlight },
                    maxText(runs) { $0.wire.tcpPeakInFlight }, "no budget",
                ])
                continue
            }
            any = true
            let stackPeak = runs.map(\.metrics.stack.peakInFlight).max() ?? 0
            let wirePeak = runs.map(\.metrics.wire.tcpPeakInFlight).max() ?? 0
            let held: String
            if stackPeak <= limit && wirePeak <= limit {
                held = "yes"
            } else {
                held =
                    "**no**: "
                    + [
                        stackPeak > limit ? "\(stackPeak) connections alive" : nil,
                        wirePeak > limit ? "\(wirePeak) SYNs in flight" : nil,
                    ]
                    .compactMap { $0 }.joined(separator: ", ") + " > \(limit)"
            }
            table.add([
                Inline.code(strategy), "\(limit)", maxText(runs) { $0.stack.peakSlotsInUse }, "\(stackPeak)",
                "\(wirePeak)", held,
            ])
        }
        guard any else { return "" }
        return
            "### Connection budget\n\nThe budget's largest effective limit, and the highest peaks over all repetitions: slots granted, "
            + "connection objects alive at once (event log) and TCP attempts in flight (wire). NetMonitor's enrichment race opens four "
            + "connections per slot, so its budget does not cap sockets.\n\n" + table.render()
    }

    private func maxText(_ runs: [RunResult], _ value: (RunMetrics) -> Int) -> String {
        runs.map { value($0.metrics) }.max().map(String.init) ?? "—"
    }
}
