import AppContract
import NetTools
import ScanKit

/// NetMonitor's `WHOISService` (spec §5.6) inside the app: query + CRLF to port 43 of the server
/// its map picks by the query's last label (IANA for anything else), read until the server
/// closes. **No referral following**: IANA's referral is the answer. No budget slot (none named).
struct WhoisService: Sendable {
    var callbacks: CallbackQueue

    /// NetMonitor sets no timeout of its own (spec §5.6); an assumption standing in for the
    /// system's TCP timeouts, so that a silent server cannot hold the session (sweep 10–120 s).
    static let timeoutS = 60.0

    func run(_ query: String, server: String?, startedS: Double) async -> SessionReport.WhoisLookupRun {
        let client = WhoisClient(map: .builtIn, timeout: Self.timeoutS, follow: false)
        let (outcome, ms) = await BlockingTool.run(on: callbacks) { () -> Result<WhoisClient.Result, NetToolError> in
            do throws(NetToolError) { return .success(try client.lookup(query, server: server)) } catch {
                return .failure(error)
            }
        }
        var run = SessionReport.WhoisLookupRun(query: query, startedS: startedS, durationMs: ms)
        switch outcome {
        case .success(let result):
            run.chain = result.chain.map { SessionReport.WhoisAnswer(server: $0.server, raw: $0.text) }
        case .failure(let error): run.error = "\(error)"
        }
        return run
    }
}
