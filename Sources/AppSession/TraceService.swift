import AppContract
import AppInputs
import NetTools
import ScanKit
import Wire

/// NetMonitor's `TracerouteService` (spec §5.3) inside the app: ICMP echo with rising TTL on a
/// datagram socket (`ICMPSocket`, §5.2), probes answered by `IP_RECVERR`, hop names by PTR. No
/// connection objects, so no budget slot (§5.3 names none; §5.4 does for the port scanner).
///
/// `tools.trace` chooses the probe: NetMonitor's ICMP echo, or NetDiag+'s UDP to 33434 upward
/// (seed 003:52-72), both NetTools' `Tracer` as `scanbench traceroute` runs it.
///
/// Not modelled: the sanity probe and the HTTP (check-host.net) and TCP fallbacks, which only run
/// when the OS ignores the TTL or ICMP sockets cannot be opened (neither happens on Linux).
struct TraceService: Sendable {
    var callbacks: CallbackQueue
    var settings: Strategy.Trace

    /// The tracer `settings` choose, with NetMonitor's other defaults (spec §5.3): 30 hops, 2.0 s
    /// per hop, names by PTR (NetDiag+ states none of them: assumption).
    static func tracer(_ settings: Strategy.Trace) -> Tracer {
        let method: Tracer.Method =
            switch settings.method {
            case .icmp: .icmp
            case .udp: .udp
            }
        return Tracer(
            method: method,
            maxHops: 30,
            probesPerHop: settings.probesPerHop,
            timeout: 2.0,
            resolveNames: true
        )
    }

    func run(_ target: IPv4Address, startedS: Double) async -> SessionReport.TraceRun {
        let tracer = Self.tracer(settings)
        let (outcome, ms) = await BlockingTool.run(on: callbacks) { () -> Result<[TraceHop], NetToolError> in
            do throws(NetToolError) { return .success(try tracer.run(target)) } catch { return .failure(error) }
        }
        var run = SessionReport.TraceRun(
            target: target.description,
            method: tracer.method.rawValue,
            startedS: startedS,
            durationMs: ms
        )
        switch outcome {
        case .success(let hops): run.hops = hops.map(Self.hop)
        case .failure(let error): run.error = "\(error)"
        }
        return run
    }

    /// A hop as NetMonitor shows it: the first responder, and the mean of the answered probes.
    static func hop(_ hop: TraceHop) -> SessionReport.Hop {
        let rtts = hop.probes.compactMap(\.rttMs)
        return SessionReport.Hop(
            ttl: hop.ttl,
            address: hop.address,
            name: hop.name,
            rttMs: rtts.isEmpty ? nil : rtts.reduce(0, +) / Double(rtts.count),
            reachedDestination: hop.reachedDestination
        )
    }
}
