import Results

extension Report {
    /// The architecture review (2026-02-13) predicted, for its phases 1 + 2, these changes from the
    /// code it reviewed. Its numbers, restated: peak simultaneous connections about 80 → about 30;
    /// connections per /24 scan about 3,149 → about 1,100; main-actor mutations per scan 500 or
    /// more → 30 to 50; devices found on a /24 with 25 or more 14–20 → 22–25 or more; heat severe →
    /// warm; UI unusable → normal; ping during a scan poor → accurate; port scans intermittent →
    /// consistent.
    struct ReviewClaim: Sendable {
        var outcome: String
        var before: String
        var after: String
        var measure: String
        /// The measured value for a strategy's runs (all fixtures' groups), nil when not measured.
        var value: @Sendable (Report, String) -> Double?
        var format: @Sendable (Double) -> String
        /// Whether the measured phase-2 value meets the claimed "after", when the claim is a number.
        var holds: (@Sendable (Double) -> Bool)?
    }

    static let reviewBefore = "review-baseline"
    static let reviewAfter = "review-phase2"

    /// Medians of one strategy's metric over the group of the review comparison (preferring the
    /// scenario `scan`).
    func reviewMedian(_ strategy: String, _ extract: (RunMetrics) -> Double?) -> Double? {
        let candidates = groups.filter { $0.runs[Self.reviewBefore] != nil && $0.runs[Self.reviewAfter] != nil }
        let group = candidates.first { $0.scenario == "scan" } ?? candidates.first
        guard let group else { return nil }
        return Summary(group.ok(strategy).compactMap { extract($0.metrics) })?.median
    }

    /// A tool metric of the strategy's runs during a scan: from the scenarios whose name says
    /// "during-scan" (`ping-during-scan`, `ports-during-scan`) when any measured it, else from every
    /// scenario that did.
    func duringScanMedian(_ strategy: String, _ extract: (RunMetrics) -> Double?) -> Double? {
        let runs = document.runs.filter { $0.strategy == strategy && $0.status == .ok }
        let during = runs.filter { $0.scenario.contains("during-scan") }.compactMap { extract($0.metrics) }
        return Summary(during.isEmpty ? runs.compactMap { extract($0.metrics) } : during)?.median
    }

    static let reviewClaims: [ReviewClaim] = [
        ReviewClaim(outcome: "Peak connections", before: "~80", after: "~30",
                    measure: "connection objects alive at once in the stack, peak (event log)",
                    value: { $0.reviewMedian($1) { Double($0.stack.peakInFlight) } },
                    format: { NumberFormat.decimal($0, digits: 0) }, holds: { $0 <= 30 * 1.1 }),
        ReviewClaim(outcome: "Total connections per scan", before: "~3,149", after: "~1,100",
                    measure: "connections the stack created (event log)",
                    value: { $0.reviewMedian($1) { Double($0.stack.connectionsCreated) } },
                    format: { NumberFormat.decimal($0, digits: 0) }, holds: { $0 <= 1_100 * 1.1 }),
        ReviewClaim(outcome: "Main-thread mutations per scan", before: "500+", after: "30–50",
                    measure: "publishes to the main-actor UI model",
                    value: { $0.reviewMedian($1) { Double($0.ui.publishes) } },
                    format: { NumberFormat.decimal($0, digits: 0) }, holds: { $0 <= 50 }),
        ReviewClaim(outcome: "Devices discovered (25+ on the /24)", before: "14–20", after: "22–25+",
                    measure: "devices found",
                    value: { $0.reviewMedian($1) { Double($0.yield.found) } },
                    format: { NumberFormat.decimal($0, digits: 0) }, holds: { $0 >= 22 }),
        ReviewClaim(outcome: "Device heat during scan", before: "severe", after: "warm",
                    measure: "proxy: CPU seconds of the scanner process",
                    value: { $0.reviewMedian($1) { $0.cpuS } },
                    format: { NumberFormat.decimal($0, digits: 2) + " s" }, holds: nil),
        ReviewClaim(outcome: "UI responsiveness during scan", before: "unusable", after: "normal",
                    measure: "proxy: worst main-thread hitch",
                    value: { $0.reviewMedian($1) { $0.ui.worstHitchMs } },
                    format: { NumberFormat.decimal($0, digits: 1) + " ms" }, holds: nil),
        ReviewClaim(outcome: "Ping accuracy during scan", before: "poor", after: "accurate",
                    measure: "ping RTT vs configured RTT, median abs error (ping-during-scan)",
                    value: { $0.duringScanMedian($1) { $0.ping?.vsTruthAbsMsMedian } },
                    format: { NumberFormat.decimal($0, digits: 2) + " ms" }, holds: nil),
        ReviewClaim(outcome: "Port scan reliability", before: "intermittent", after: "consistent",
                    measure: "port states correct vs the fixture (ports-during-scan)",
                    value: { $0.duringScanMedian($1) { $0.ports.map { $0.checked > 0 ? Double($0.correct) / Double($0.checked) * 100 : 0 } } },
                    format: { NumberFormat.decimal($0, digits: 1) + " %" }, holds: nil),
    ]

    /// The review's "Expected Outcomes" next to what `review-baseline` and `review-phase2` measured.
    func expectedOutcomesSection() -> String {
        var text = "## The review's expected outcomes, measured\n\n"
        text += "The architecture review (2026-02-13, §5 \"Expected Outcomes\") predicted these changes from its phases 1 + 2. "
        text += "Here \(Inline.code(Self.reviewBefore)) stands for the code it reviewed and \(Inline.code(Self.reviewAfter)) for "
        text += "phases 1 + 2 (docs/STRATEGIES.md); medians over repetitions. \"Claim met\" checks the measured phase-2 value against "
        text += "the review's number where it gave one (\"~\" read as within 10 %).\n\n"
        var table = MarkdownTable([("Outcome", .left), ("Review: before", .right), ("Review: after (phase 1+2)", .right),
                                   ("Measured: \(Self.reviewBefore)", .right), ("Measured: \(Self.reviewAfter)", .right),
                                   ("Change", .right), ("Claim met", .left), ("Measured as", .left)])
        for claim in Self.reviewClaims {
            let before = claim.value(self, Self.reviewBefore)
            let after = claim.value(self, Self.reviewAfter)
            var change = "not measured"
            if let before, let after {
                change = before != 0 ? NumberFormat.percent((after - before) / abs(before) * 100) : NumberFormat.signed(after - before, digits: 2)
            }
            var met = "qualitative claim; compare the numbers"
            if let holds = claim.holds {
                met = after.map { holds($0) ? "yes" : "no" } ?? "not measured"
            }
            table.add([claim.outcome, claim.before, claim.after, before.map(claim.format) ?? "not measured",
                       after.map(claim.format) ?? "not measured", change, met, claim.measure])
        }
        return text + table.render()
    }
}
