import AppContract
import Wire
import AppInputs

/// The entries of the tool actions that had no result when the session ended (its deadline
/// passed with a traceroute, lookup or browse still running, or before an action's time came).
/// Without them the report would have no entry for such an action, and the harness's scorers and
/// the report would show nothing for it: an absent tool reads as a tool not scripted, not as one
/// that failed. Each gets the entry its tool would have written, `finished: false`, its `error`
/// saying why, and `duration_ms` how long it had run by the end.
extension AppSession {
    /// The script's targets, texts and MACs as resolved before the session began.
    struct ResolvedScript {
        var targets: [String: IPv4Address]
        var texts: [String: String]
        var macs: [String: MACAddress]
    }

    /// True for the actions that leave one entry each in the report's tool lists (the ping and the
    /// port scanner are stopped by `cancel`, and the scan has its own hang report).
    static func isTool(_ what: SessionScript.Action.What) -> Bool {
        switch what {
        case .trace, .dns, .whois, .wol, .browse, .detail, .monitor, .cert: true
        case .scan, .ping, .ports, .cancel, .thermal, .background: false
        }
    }

    /// Adds the entry of `action`, started at `startedS` (nil: its time never came) and without a
    /// result at `endedS`, to `report`.
    func addUnfinished(
        _ action: SessionScript.Action,
        startedS: Double?,
        endedS: Double,
        resolved: ResolvedScript,
        to report: inout SessionReport
    ) {
        let error = startedS == nil ? SessionReport.didNotStart : SessionReport.didNotFinish
        let started = startedS ?? action.atSeconds
        let ms = startedS.map { ((endedS - $0) * 1000).rounded() } ?? 0
        let declared = BonjourToolService.declaredTypes(of: strategy)
        let service = strategy.tools.bonjourService.rawValue
        switch action.what {
        case .trace(let t):
            var run = SessionReport.TraceRun(
                target: resolved.targets[t.target]!.description,
                method: strategy.tools.trace.method.rawValue,
                startedS: started,
                durationMs: ms
            )
            (run.error, run.finished) = (error, false)
            report.traces.append(run)
        case .dns(let d):
            var run = SessionReport.DNSLookupRun(
                name: resolved.texts[d.name]!,
                type: d.type.uppercased(),
                startedS: started,
                durationMs: ms
            )
            (run.error, run.finished) = (error, false)
            report.dnsLookups.append(run)
        case .whois(let w):
            var run = SessionReport.WhoisLookupRun(query: resolved.texts[w.query]!, startedS: started, durationMs: ms)
            (run.error, run.finished) = (error, false)
            report.whoisLookups.append(run)
        case .wol(let w):
            var run = SessionReport.WakeOnLANRun(
                mac: resolved.macs[w.target]!.description,
                destination: w.broadcast,
                port: w.port,
                startedS: started,
                durationMs: ms,
                sentUnixNs: 0,
                packetHex: nil,
                error: error
            )
            run.finished = false
            report.wakeOnLAN.append(run)
        case .browse(let b):
            var run = SessionReport.BonjourBrowse(
                startedS: started,
                durationMs: ms,
                types: b.types ?? declared,
                service: service,
                generation: nil,
                services: [],
                error: error
            )
            run.finished = false
            report.bonjourBrowses.append(run)
        case .detail(let d):
            var run = SessionReport.DetailDiscovery(
                target: resolved.targets[d.target]!.description,
                startedS: started,
                durationMs: ms,
                service: service,
                generation: nil,
                types: declared,
                heard: 0,
                services: [],
                error: error
            )
            run.finished = false
            report.detailDiscoveries.append(run)
        case .monitor(let m):
            var run = SessionReport.MonitorRun(
                targets: m.targets.map { resolved.targets[$0]!.description },
                method: strategy.tools.ping.method.rawValue,
                rounds: m.rounds,
                intervalMs: m.intervalMs,
                startedS: started,
                durationMs: ms
            )
            (run.error, run.finished) = (error, false)
            report.monitors.append(run)
        case .cert(let e):
            var run = SessionReport.CertRun(endpoint: resolved.texts[e.endpoint]!, startedS: started, durationMs: ms)
            (run.error, run.finished) = (error, false)
            report.certs.append(run)
        case .scan, .ping, .ports, .cancel, .thermal, .background:
            break
        }
    }
}
