import Results

extension Report {
    /// The prefix of the fault LANs' names (`fixtures/lans/faults/`, the `faults` suite).
    static let faultFixturePrefix = "fault-"

    /// Issue 47's check, from results.json alone: per run on a fault LAN (`fault-*`), its status,
    /// whether the app ended its session by its own deadline, the scan's duration, the app's peak
    /// memory, the phases cut at their deadlines, and each missed device with the part of its
    /// reason that names a fault (a `leave`, the scanner's burst loss, an mDNS storm, hostile answers) or, without one, its
    /// inferred cause. Empty when no run is on a fault LAN.
    func faultsSection() -> String {
        let runs = document.runs.filter { $0.fixture.hasPrefix(Self.faultFixturePrefix) }
        guard !runs.isEmpty else { return "" }
        var table = MarkdownTable([
            ("Fixture", .left), ("Strategy", .left), ("Status", .left), ("Ended by its deadline", .left),
            ("Scan [s]", .right), ("Peak RSS [MB]", .right), ("Phases cut", .left),
            ("Missed: what the reason names", .left),
        ])
        for run in runs.sorted(by: { ($0.fixture, $0.sequence) < ($1.fixture, $1.sequence) }) {
            let ended: String
            switch run.status {
            case .ok: ended = "yes"
            case .hung: ended = "no: hung"
            case .timedOut: ended = "no: killed"
            case .failed: ended = "— (failed: \(run.error ?? "no error text"))"
            }
            let missed = run.devices.filter { $0.discoverable && !$0.found }.map { device in
                "\(Inline.code(device.name)): \(Self.faultPart(of: device.missedBecause))"
            }
            table.add([
                Inline.code(run.fixture), Inline.code(run.strategy), run.status.rawValue, ended,
                NumberFormat.decimal(run.metrics.durationS, digits: 1),
                NumberFormat.decimal(run.metrics.peakRssMb, digits: 1),
                (run.metrics.phasesCutAtDeadline ?? []).isEmpty
                    ? "—" : (run.metrics.phasesCutAtDeadline ?? []).map(Inline.code).joined(separator: ", "),
                missed.isEmpty ? "none" : missed.joined(separator: "; "),
            ])
        }
        let problems = runs.filter { $0.status != .ok }.count
        var text = "## Faults (issue 47)\n\n"
        text += "Every run on a LAN with one fault (`fixtures/lans/faults/`, docs/FIXTURES.md \"Faults\"): "
        text +=
            "\(runs.count) runs, \(problems == 0 ? "every one ok and ended by its deadline" : "\(problems) not ok"). "
        text += "\"Ended by its deadline\": the app ended its session before its own hang deadline (`hung` otherwise; "
        text += "`killed` when the harness had to). The last column gives, per missed device, the part of its "
        text += "reason that names the fault, else what the reason infers (results.json has the whole reason).\n\n"
        return text + table.render()
    }

    /// The fault a missed reason names (`leave`, burst loss on the scanner's link, an mDNS storm,
    /// hostile answers), else its inferred part, else "no reason recorded".
    static func faultPart(of reason: String?) -> String {
        guard let reason else { return "no reason recorded" }
        let parts = reason.components(separatedBy: " — inferred: ")
        let inferred = parts.count > 1 ? parts[1].components(separatedBy: "; ") : []
        let observed = parts[0].components(separatedBy: "; ")
        let faults =
            inferred.filter { $0.contains("leave fault") || $0.contains("burst loss") || $0.contains("were hostile") }
            + observed.filter {
                $0.hasPrefix("leave:") || $0.hasPrefix("new_address:")
                    || $0.hasPrefix("burst loss on the scanner's link")
                    || $0.hasPrefix("mdns_storm:") || $0.hasPrefix("hostile:")
            }
        if !faults.isEmpty { return faults.joined(separator: "; ") }
        return inferred.isEmpty
            ? "no fault named (\(parts[0]))" : "no fault named; inferred: \(inferred.joined(separator: "; "))"
    }
}
