import AppContract
import NetTools
import Platform
import ScanKit
import Wire

/// NetMonitor's `DNSLookupService` (spec §5.5) inside the app: one query to the system's
/// resolver (its "custom server" setting is only a label), a hard 5 s timeout, and the result
/// delivered on the main actor, where the service lives (spec line 383) — behind whatever the
/// scan's publishing has queued there.
///
/// Not modelled: A/AAAA go through getaddrinfo in NetMonitor (TTL shown as 300); here every type
/// is a UDP query, which returns the same addresses.
struct DNSService: Sendable {
    var callbacks: CallbackQueue
    /// The resolver's configuration (`/etc/resolv.conf` of the app's namespace).
    var resolv: ResolvConf = .system()

    /// NetMonitor's hard timeout (spec §5.5), one attempt.
    static let timeoutS = 5.0

    func run(_ name: String, type: String, startedS: Double) async -> SessionReport.DNSLookupRun {
        let started = MonotonicClock.now()
        var run = SessionReport.DNSLookupRun(name: name, type: type.uppercased(), startedS: startedS)
        guard let server = resolv.nameservers.first else {
            run.error = "no IPv4 name server in /etc/resolv.conf"
            return run
        }
        let lookup = DNSLookup(server: server, timeout: Self.timeoutS, attempts: 1)
        let (outcome, _) = await BlockingTool.run(on: callbacks) { () -> Result<DNSLookup.Result, NetToolError> in
            do throws(NetToolError) {
                return .success(try lookup.query(name, type: try DNSLookup.recordType(type)))
            } catch { return .failure(error) }
        }
        // The service is @MainActor: its result is seen when the main actor runs it.
        await MainActor.run {}
        run.durationMs = Double(MonotonicClock.now() - started) / 1e6
        run.server = "\(server):53"
        switch outcome {
        case .success(let result):
            run.status = result.status
            run.answers = result.answers.map(\.data)
        case .failure(let error):
            run.error = "\(error)"
        }
        return run
    }
}
