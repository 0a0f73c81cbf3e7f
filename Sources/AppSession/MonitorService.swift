import AppContract
import AppInputs
import NetTools
import Platform
import ScanKit
import Wire

/// NetDiag+'s host monitor (seed 003:111-134) inside the app: NetTools' `HostMonitor`, as
/// `scanbench monitor` runs it — each pass pings every target in parallel, once (003:131-132), and
/// reports only changes of state, never "still up" (003:132-134) — with the strategy's ping
/// (`tools.ping`: under `icmp_rcvtimeo` NetDiag+'s marked echo read under `SO_RCVTIMEO`).
///
/// Not modelled: `BGTaskScheduler`'s timing (a pass "once every 15+ minutes", 003:116: the script's
/// `interval_ms` stands for it), its ~30 s budget (003:113), the local notification; a TCP ping
/// here holds no budget slot (NetDiag+ has no shared budget of the scan's, 003:82-90).
struct MonitorService: Sendable {
    var callbacks: CallbackQueue
    var settings: Strategy.Ping

    /// The `HostMonitor` the strategy's ping settings make, with `timeoutMs` for each ping.
    static func monitor(_ settings: Strategy.Ping, intervalMs: Int, timeoutMs: Int) -> HostMonitor {
        let (mode, wait): (Pinger.Mode, ICMPReplyWait) =
            switch settings.method {
            case .icmp: (.icmp, .poll)
            case .icmpRcvtimeo: (.icmp, .receiveTimeout)
            case .tcp: (.tcp, .poll)
            }
        return HostMonitor(
            interval: Double(intervalMs) / 1000,
            attempts: 1,
            timeout: Double(timeoutMs) / 1000,
            mode: mode,
            replyWait: wait,
            tcpPorts: settings.tcpPorts.map { UInt16(truncatingIfNeeded: $0) }
        )
    }

    /// Runs `action`'s passes over `targets` (resolved, in the script's order).
    func run(
        _ targets: [IPv4Address],
        _ action: SessionScript.Monitor,
        origin: UInt64
    ) async
        -> SessionReport.MonitorRun
    {
        let startedS = MonotonicClock.seconds(since: origin)
        let monitor = Self.monitor(
            settings,
            intervalMs: action.intervalMs,
            timeoutMs: action.timeoutMs ?? settings.timeoutMs
        )
        let rounds = action.rounds
        let (outcome, ms) = await BlockingTool.run(on: callbacks) {
            () -> Result<[SessionReport.MonitorTransition], NetToolError> in
            var seen: [SessionReport.MonitorTransition] = []
            do throws(NetToolError) {
                try monitor.run(targets.map { ($0.description, $0) }, rounds: rounds) { change in
                    seen.append(
                        SessionReport.MonitorTransition(
                            host: change.host,
                            from: change.from,
                            to: change.to,
                            round: change.round,
                            rttMs: change.rttMs,
                            atS: (MonotonicClock.seconds(since: origin) * 1000).rounded() / 1000
                        )
                    )
                }
                return .success(seen)
            } catch {
                return .failure(error)
            }
        }
        var run = SessionReport.MonitorRun(
            targets: targets.map(\.description),
            method: settings.method.rawValue,
            rounds: rounds,
            intervalMs: action.intervalMs,
            startedS: (startedS * 1000).rounded() / 1000,
            durationMs: ms
        )
        switch outcome {
        case .success(let transitions): run.transitions = transitions
        case .failure(let error): run.error = "\(error)"
        }
        return run
    }
}
