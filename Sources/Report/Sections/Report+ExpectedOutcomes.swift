import Results
import Statistics

extension Report {
    /// One row of the architecture review's "Expected Outcomes" table (2026-02-13, §5), measured by
    /// the mechanism the review blamed. Its numbers, restated: peak simultaneous connections about
    /// 80 → about 30; connections per /24 scan about 3,149 → about 1,100; main-actor mutations per
    /// scan 500 or more → 30 to 50; devices found on a /24 with 25 or more 14–20 → 22–25 or more;
    /// heat severe → warm; UI unusable → normal; ping during a scan poor → accurate; port scans
    /// intermittent → consistent.
    struct ReviewClaim: Sendable {
        var outcome: String
        var before: String
        var after: String
        /// The catalogue's metric that measures it (docs/METRICS.md).
        var metric: Metric
        /// "scan" for the scan alone, "during-scan" for a tool in the app during a scan.
        var during: Bool = false
        /// Whether the phase-2 value meets the claim: a number the review gave ("~" read as within
        /// 10 %), or for a qualitative claim a stated bar; nil compares direction only (phase 2
        /// better than the baseline by more than 10 %).
        /// For a count out of a whole ("3/20"), the value and the whole.
        var holds: (@Sendable (_ value: Double, _ whole: Double?) -> Bool)?
        /// The bar in words, for the table.
        var bar: String
        /// What moves the metric, in the app: the mechanism the per-platform table names.
        var mechanism: String
        /// The platform profile's parameters that act on that mechanism (docs/PLATFORMS.md); a
        /// platform can only move the row through these.
        var platformKeys: [String] = []
    }

    static let reviewBefore = "review-baseline"
    static let reviewAfter = "review-phase2"
    /// NetMonitor today and ours: `scanbench-best` must be at least as good as `netmonitor-2.0` on every row.
    static let reviewCurrent = "netmonitor-2.0"
    static let reviewBest = "scanbench-best"

    /// The median of a strategy's metric: for scan rows over the group of the review comparison
    /// (preferring the scenario `scan`, else any group where both review strategies ran); for
    /// tool rows over the strategy's runs in the "during-scan" scenarios when any measured it, else
    /// over every run that did.
    /// - Parameter platform: in a file of several platforms, only that platform's runs (`RunResult.platform`).
    func reviewMedian(
        _ strategy: String,
        _ claim: ReviewClaim,
        platform: String? = nil
    ) -> (value: Double, whole: Double?)? {
        let runs: [RunResult]
        if claim.during {
            let all = document.runs.filter {
                $0.strategy == strategy && $0.status == .ok && $0.platform == platform
                    && claim.metric.value(in: $0.metrics) != nil
            }
            let during = all.filter { $0.scenario.contains("during-scan") }
            runs = during.isEmpty ? all : during
        } else {
            let candidates = groups.filter {
                $0.platform == platform && $0.runs[Self.reviewBefore] != nil && $0.runs[Self.reviewAfter] != nil
            }
            guard let group = candidates.first(where: { $0.scenario == "scan" }) ?? candidates.first else { return nil }
            runs = group.ok(strategy)
        }
        guard let value = SampleSummary(runs.compactMap { claim.metric.value(in: $0.metrics) })?.median else {
            return nil
        }
        return (value, SampleSummary(runs.compactMap { claim.metric.total(in: $0.metrics) })?.median)
    }

    static let reviewClaims: [ReviewClaim] = [
        ReviewClaim(
            outcome: "Peak connections",
            before: "~80",
            after: "~30",
            metric: .stackPeak,
            holds: { v, _ in v <= 30 * 1.1 },
            bar: "≤ 33",
            mechanism: "connections in flight at once: the scan's caps (`tcp.host_concurrency`, the budget's limit)",
            platformKeys: ["connection_setup_us"]
        ),
        ReviewClaim(
            outcome: "Total connections per scan",
            before: "~3,149",
            after: "~1,100",
            metric: .connectionsCreated,
            holds: { v, _ in v <= 1_100 * 1.1 },
            bar: "≤ 1,210",
            mechanism: "probes per host × hosts probed (ARP first skips absent hosts)"
        ),
        ReviewClaim(
            outcome: "Main-thread mutations per scan",
            before: "500+",
            after: "30–50",
            metric: .publishes,
            holds: { v, _ in v <= 50 },
            bar: "≤ 50",
            mechanism: "publishes per found device (`ui.batch_interval`)"
        ),
        ReviewClaim(
            outcome: "Devices discovered (25+ on the /24)",
            before: "14–20",
            after: "22–25+",
            metric: .found,
            holds: { v, _ in v >= 22 },
            bar: "≥ 22",
            mechanism: "a probe that reaches each device before its deadline",
            platformKeys: ["connection_setup_us", "callback_us"]
        ),
        ReviewClaim(
            outcome: "Device heat: CPU",
            before: "severe",
            after: "warm",
            metric: .cpu,
            bar: "10 % below baseline",
            mechanism: "work per probe, callback and publish",
            platformKeys: ["callback_us", "connection_setup_us", "publish_us"]
        ),
        ReviewClaim(
            outcome: "Device heat: wakeups",
            before: "severe",
            after: "warm",
            metric: .wakeups,
            bar: "10 % below baseline",
            mechanism: "timers and callbacks per second",
            platformKeys: ["callback_us", "callback_pool_width"]
        ),
        ReviewClaim(
            outcome: "Device heat: radio active (est.)",
            before: "severe",
            after: "warm",
            metric: .radioActive,
            bar: "10 % below baseline",
            mechanism: "frames' bursts × a 2012 phone's Wi-Fi tail, from the capture"
        ),
        ReviewClaim(
            outcome: "Device heat: airtime (est.)",
            before: "severe",
            after: "warm",
            metric: .airtime,
            bar: "10 % below baseline",
            mechanism: "the scanner's frames as 802.11 exchanges under a stated PHY model"
        ),
        ReviewClaim(
            outcome: "Device heat, battery: radio on (est.)",
            before: "severe",
            after: "warm",
            metric: .radioOn,
            bar: "10 % below baseline",
            mechanism: "bursts of the scanner's frames + the power-save timeout"
        ),
        ReviewClaim(
            outcome: "UI responsiveness: late frames",
            before: "unusable",
            after: "normal",
            metric: .lateFrames,
            holds: { v, _ in v == 0 },
            bar: "no late frame",
            mechanism: "main-actor work per publish × publishes",
            platformKeys: ["publish_us"]
        ),
        ReviewClaim(
            outcome: "UI responsiveness: main-actor time",
            before: "unusable",
            after: "normal",
            metric: .mainBusy,
            bar: "10 % below baseline",
            mechanism: "main-actor work per publish × publishes",
            platformKeys: ["publish_us"]
        ),
        ReviewClaim(
            outcome: "Ping accuracy during scan",
            before: "poor",
            after: "accurate",
            metric: .pingVsWireP95,
            during: true,
            holds: { v, _ in v <= 1 },
            bar: "≤ 1 ms p95 vs the wire",
            mechanism: "the ping's timestamps wait behind the scan's callbacks on a shared queue",
            platformKeys: ["callback_us", "callback_pool_width"]
        ),
        ReviewClaim(
            outcome: "Ping answered during scan",
            before: "timeouts",
            after: "accurate",
            metric: .pingLost,
            during: true,
            holds: { v, _ in v == 0 },
            bar: "none lost",
            mechanism: "an echo reply handled after the ping's timeout",
            platformKeys: ["callback_us", "callback_pool_width"]
        ),
        ReviewClaim(
            outcome: "Port scan reliability",
            before: "intermittent",
            after: "consistent",
            metric: .portsCorrect,
            during: true,
            holds: { v, whole in whole.map { v >= $0 * 0.95 } ?? false },
            bar: "≥ 95 % of states right",
            mechanism: "the port scan's connections behind the scan's on shared queues and budget",
            platformKeys: ["callback_us", "callback_pool_width", "connection_setup_us"]
        ),
    ]

    /// The review's "Expected Outcomes" next to what the baseline, phase 2, NetMonitor today and
    /// ours measured, each row by the mechanism the review blamed.
    func expectedOutcomesSection() -> String {
        let platforms = runPlatforms
        if platforms.count > 1 { return platformOutcomesSection(platforms) }
        var text = "## The review's expected outcomes, measured\n\n"
        text +=
            "The architecture review (2026-02-13, §5 \"Expected Outcomes\") predicted these changes from its phases 1 + 2. "
        text +=
            "Here \(Inline.code(Self.reviewBefore)) stands for the code it reviewed and \(Inline.code(Self.reviewAfter)) for "
        text += "phases 1 + 2 (docs/STRATEGIES.md); \(Inline.code(Self.reviewCurrent)) is NetMonitor today and "
        text +=
            "\(Inline.code(Self.reviewBest)) ours. Medians over repetitions; the tool rows come from the scenarios whose name "
        text +=
            "says \"during-scan\", in one app with the scan (docs/METRICS.md, \"Tools in the app\"). \"Claim holds\" checks "
        text +=
            "phase 2 against the review's number, or for a qualitative claim against the stated bar; \"best ≥ 2.0\" checks "
        text += "that ours is at least as good as NetMonitor today (a timing within 10 % counts as a tie).\n\n"
        let strategies = [Self.reviewBefore, Self.reviewAfter, Self.reviewCurrent, Self.reviewBest]
        var table = MarkdownTable(
            [("Outcome", .left), ("Review: before → after", .left)]
                + strategies.map { ("Measured: \($0)", .right) }
                + [("Claim holds (phase 2)", .left), ("best ≥ 2.0", .left), ("Measured as", .left)]
        )
        for claim in Self.reviewClaims {
            let values = strategies.map { reviewMedian($0, claim) }
            table.add(
                [claim.outcome, "\(claim.before) → \(claim.after)"]
                    + values.map { $0.map { cell(claim.metric, $0) } ?? "not measured" }
                    + [
                        holdsText(claim, before: values[0], after: values[1]),
                        bestText(claim, current: values[2]?.value, best: values[3]?.value),
                        "\(claim.metric.title) (\(Inline.code(claim.metric.id))); bar: \(claim.bar)",
                    ]
            )
        }
        let presets = presetOutcomesTables([nil])
        return text + table.render() + (presets.isEmpty ? "" : "\n" + presets)
    }

    func cell(_ metric: Metric, _ measured: (value: Double, whole: Double?)) -> String {
        if let whole = measured.whole { return "\(metric.format(measured.value))/\(metric.format(whole))" }
        return metric.format(measured.value) + (metric.unit.isEmpty ? "" : " \(metric.unit)")
    }

    private func holdsText(
        _ claim: ReviewClaim,
        before: (value: Double, whole: Double?)?,
        after: (value: Double, whole: Double?)?
    ) -> String {
        guard let after, let holds = Self.judge(claim, before: before, after: after) else { return "not measured" }
        return holds ? "yes" : "**no**"
    }

    /// Whether phase 2's value meets the claim: its number or bar, else better than the baseline by
    /// more than 10 %; nil when that needs a baseline that was not measured.
    static func judge(
        _ claim: ReviewClaim,
        before: (value: Double, whole: Double?)?,
        after: (value: Double, whole: Double?)
    ) -> Bool? {
        if let holds = claim.holds { return holds(after.value, after.whole) }
        guard let before = before?.value else { return nil }
        return claim.metric.isBetter(after.value, than: before) && abs(after.value - before) > abs(before) * 0.1
    }

    private func bestText(_ claim: ReviewClaim, current: Double?, best: Double?) -> String {
        guard let current, let best else { return "not measured" }
        if !claim.metric.isBetter(current, than: best) || claim.metric.printed(current) == claim.metric.printed(best) {
            return "yes"
        }
        if claim.metric.kind == .timing && abs(best - current) <= abs(current) * 0.1 { return "yes (within 10 %)" }
        return "**no**"
    }
}
