import AppContract
import Foundation
import NetTools
import ScanKit

/// NetDiag+'s SSL certificate check (seed 003:1) inside the app: NetTools' `CertificateChecker`,
/// as `scanbench cert` runs it (a TCP connect, then `openssl s_client` and `openssl x509`), on a
/// thread of its own with its result handed to the tools' executor. Seed 003 says nothing of how
/// it is built; the checker's 10 s timeout is an assumption (sweep 5–30 s). No budget slot.
struct CertService: Sendable {
    var callbacks: CallbackQueue

    func run(_ endpoint: String, startedS: Double) async -> SessionReport.CertRun {
        let checker = CertificateChecker(timeout: 10)
        let (outcome, ms) = await BlockingTool.run(on: callbacks) { () -> Result<CertificateReport, NetToolError> in
            do throws(NetToolError) {
                let (host, port) = try CertificateChecker.endpoint(endpoint)
                return .success(try checker.check(host: host, port: port))
            } catch {
                return .failure(error)
            }
        }
        var run = SessionReport.CertRun(endpoint: endpoint, startedS: startedS, durationMs: ms)
        switch outcome {
        case .success(let certificate):
            run.endpoint = "\(certificate.host):\(certificate.port)"
            run.subject = certificate.subject
            run.issuer = certificate.issuer
            run.notAfter = certificate.notAfter.map { ISO8601DateFormatter().string(from: $0) }
            run.selfSigned = certificate.selfSigned
            run.verification = certificate.verification
        case .failure(let error): run.error = "\(error)"
        }
        return run
    }
}
