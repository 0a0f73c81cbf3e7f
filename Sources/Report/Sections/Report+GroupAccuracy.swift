import Results
import Statistics

extension Report {
    /// Stack latency against the wire and against the fixture's configured RTTs.
    func latencyTable(_ group: RunGroup) -> String {
        let columns: [(String, @Sendable (RunMetrics) -> Double?)] = [
            ("Stack vs wire, median [ms]", { $0.latency.stackVsWireAbsMsMedian }),
            ("Stack vs wire, p95 [ms]", { $0.latency.stackVsWireAbsMsP95 }),
            ("Stack vs truth, median [ms]", { $0.latency.stackVsTruthAbsMsMedian }),
            ("Stack vs truth, p95 [ms]", { $0.latency.stackVsTruthAbsMsP95 }),
        ]
        var text = "### Latency accuracy\n\n"
        text +=
            "Absolute error of the latency the stack reported per device, against the wire RTT of the same probe and against "
        text +=
            "the RTT the fixture configures; the median over repetitions of each run's median and p95. Lower is better.\n\n"
        var table = MarkdownTable(
            [("Strategy", .left), ("Devices with latency", .right)] + columns.map { ($0.0, .right) }
        )
        var best: [Int: Double] = [:]
        for (index, column) in columns.enumerated() {
            let medians = group.strategies.compactMap { strategy in
                SampleSummary(group.ok(strategy).compactMap { column.1($0.metrics) })?.median
            }
            if medians.count > 1, Set(medians).count > 1 { best[index] = medians.min() }
        }
        var measuredAny = false
        for strategy in group.strategies {
            let runs = group.ok(strategy)
            var cells = [Inline.code(strategy)]
            cells.append(
                SampleSummary(runs.map { Double($0.metrics.latency.devicesWithLatency) }).map {
                    NumberFormat.decimal($0.median, digits: 0)
                } ?? "no runs"
            )
            for (index, column) in columns.enumerated() {
                guard let summary = SampleSummary(runs.compactMap { column.1($0.metrics) }) else {
                    cells.append("not measured")
                    continue
                }
                measuredAny = true
                cells.append(
                    NumberFormat.decimal(summary.median, digits: 2) + (best[index] == summary.median ? " **best**" : "")
                )
            }
            table.add(cells)
        }
        if !measuredAny { text += "No strategy here reported latencies (no ICMP or TCP timing phase ran).\n\n" }
        return text + table.render()
    }

    /// Host names the stack reported and categories the probe after the scan gave, against the
    /// fixture: `CategoryScore`'s precision (right of those given a category), coverage (given of
    /// those found) and the fixture's identifiable devices, beside the old share of every device.
    func namesTable(_ group: RunGroup) -> String {
        var table = MarkdownTable(
            [
                ("Strategy", .left), ("Host names correct", .right), ("Precision", .right), ("Coverage", .right),
                ("Identifiable", .right), ("Correct of all", .right),
            ]
                + Self.probeCostColumns.map { ($0.metric.shortHeader, .right) }
        )
        for strategy in group.strategies {
            let runs = group.ok(strategy)
            guard !runs.isEmpty else { continue }
            let hostCorrect = SampleSummary(runs.map { Double($0.metrics.names.hostnameCorrect) })?.median ?? 0
            let hostTotal = SampleSummary(runs.map { Double($0.metrics.names.withHostname) })?.median ?? 0
            let probed = runs.filter { $0.metrics.names.categoryCorrect != nil }
            guard let correct = SampleSummary(probed.compactMap { Metric.categoriesCorrect.value(in: $0.metrics) }),
                let total = SampleSummary(probed.compactMap { Metric.categoriesCorrect.total(in: $0.metrics) })
            else {
                table.add([
                    Inline.code(strategy), ratio(hostCorrect, hostTotal), "not measured", "", "", "", "", "", "",
                ])
                continue
            }
            func median(_ value: (RunMetrics.Names) -> Int?) -> Double? {
                SampleSummary(probed.compactMap { value($0.metrics.names).map(Double.init) })?.median
            }
            let given = median(\.categoryGiven), found = median(\.categoryFound),
                identifiable = median(\.categoryIdentifiable)
            table.add(
                [
                    Inline.code(strategy), ratio(hostCorrect, hostTotal),
                    given.map { ratio(correct.median, $0) } ?? "—",
                    given.flatMap { given in found.map { ratio(given, $0) } } ?? "—",
                    identifiable.map { NumberFormat.decimal($0, digits: 0) } ?? "—",
                    ratio(correct.median, total.median),
                ]
                    + Self.probeCostColumns.map { column in
                        SampleSummary(probed.compactMap { column.metric.value(in: $0.metrics) }).map {
                            column.metric.format($0.median)
                        } ?? column.missing
                    }
            )
        }
        // Category-guessing peers (nmap -O -sV) on the same LAN, scored by the same CategoryScore.
        let peers = document.peers.filter { $0.fixture == group.fixture && $0.categories != nil }
        let tools = peers.map(\.tool).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for tool in tools {
            let rows = peers.filter { $0.tool == tool }
            func median(_ value: (CategoryScore) -> Int) -> Double {
                SampleSummary(rows.compactMap { $0.categories.map { Double(value($0)) } })?.median ?? 0
            }
            let right = median(\.right), given = median(\.given), found = median(\.found)
            let total = SampleSummary(rows.map { Double($0.discoverable) })?.median ?? 0
            table.add([
                Inline.code(tool) + " (peer)", "—", given > 0 ? ratio(right, given) : "—",
                found > 0 ? ratio(given, found) : "—",
                NumberFormat.decimal(median(\.identifiable), digits: 0), ratio(right, total),
                NumberFormat.decimal(SampleSummary(rows.map(\.durationS))?.median ?? 0, digits: 1), "—", "—",
            ])
        }
        var text =
            "### Host names and categories\n\nMedians over repetitions. Host names: of the found devices the fixture names. "
        text +=
            "Categories: what the strategy's classify step after the scan (blind to the fixture) made of the devices the "
        text +=
            "strategy found (`CategoryScore`, docs/METRICS.md \"Categories\"): precision — right of those given a category; coverage — "
        text +=
            "given a category of the discoverable devices found (unknown is neither right nor wrong); identifiable — discoverable "
        text +=
            "devices whose own signals determine their category by a public table, the ceiling for coverage of a classifier by "
        text +=
            "specification; correct of all — right of every discoverable device, found or not; probe: the strategy's classify step "
        text +=
            "(`classify`: none or its own probe reusing the scan's findings, both in the app on its one connection budget; or the "
        text +=
            "harness's `scanbench probe --from-scan`), its wall time, TCP connections and packets from its part of the capture (split "
        text += "at the step's start), not part of the scan's. "
        text +=
            "A peer row (`--peers`) scores nmap's own guesses, its device types mapped to ours; its time is the whole nmap run. On the "
        text +=
            "testbed every device is a Linux namespace: a fixture's `ip_stack` gives it its OS family's TTL and TCP options (a model), "
        text +=
            "the rest of what nmap's OS detection reads (option order, IP ID, ICMP) stays the testbed's Linux (docs/FIXTURES.md), so "
        text +=
            "nmap calls most devices \"general purpose\" (Linux): its coverage here is the testbed's kernel, not the devices'.\n\n"
        return text + table.render()
    }

    /// The classify step's cost columns of "Host names and categories", as the catalogue declares
    /// them, and what each prints when no run measured it.
    private static let probeCostColumns: [(metric: Metric, missing: String)] = [
        (.categoryProbeSeconds, ""), (.categoryProbeConnections, "—"), (.categoryProbePackets, "—"),
    ]

    /// "24/26 (92 %)".
    func ratio(_ part: Double, _ whole: Double) -> String {
        let fraction = whole > 0 ? " (\(NumberFormat.decimal(part / whole * 100, digits: 0)) %)" : ""
        return "\(NumberFormat.decimal(part, digits: 0))/\(NumberFormat.decimal(whole, digits: 0))\(fraction)"
    }
}
