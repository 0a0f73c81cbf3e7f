import Foundation
import Wire
import Spawn

/// TLS certificate check through the `openssl` command-line tool (s_client, then x509).
public struct CertificateChecker: Sendable {
    public var timeout: Double = 10

    public init(timeout: Double = 10) { self.timeout = timeout }

    /// Splits "host[:port]" (default port 443).
    /// - Throws: ``NetToolError/invalidArgument(_:)`` for a bad port.
    public static func endpoint(_ text: String) throws(NetToolError) -> (host: String, port: UInt16) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty else {
            throw .invalidArgument("expected HOST or HOST:PORT, got '\(text)'")
        }
        guard parts.count == 2 else { return (String(parts[0]), 443) }
        guard let port = UInt16(parts[1]), port > 0 else {
            throw .invalidArgument("port '\(parts[1])' in '\(text)' is not 1-65535")
        }
        return (String(parts[0]), port)
    }

    /// Connects, completes a TLS handshake and reports the leaf certificate.
    /// - Throws: ``NetToolError`` when the host does not resolve, refuses, or does not speak TLS.
    public func check(host: String, port: UInt16) throws(NetToolError) -> CertificateReport {
        let ip = try HostResolver.resolve(host)
        let probe = TCPConnector.connect(ip, port: port, timeout: min(timeout, 5))
        guard let socket = probe.socket else {
            throw .system("cannot connect to \(host) (\(ip)):\(port): \(WhoisClient.describe(probe.outcome))")
        }
        socket.close()
        var arguments = ["openssl", "s_client", "-connect", "\(ip):\(port)", "-showcerts"]
        if IPv4Address(host) == nil { arguments += ["-servername", host] }
        let client: ChildProcess.Monitored
        do { client = try ChildProcess.runMonitored(arguments, input: Data(), timeout: timeout) } catch {
            throw error.toolError(running: arguments)
        }
        guard let begin = client.stdout.range(of: "-----BEGIN CERTIFICATE-----"),
            let end = client.stdout.range(
                of: "-----END CERTIFICATE-----",
                range: begin.upperBound..<client.stdout.endIndex
            )
        else {
            throw .badResponse(
                "\(host):\(port) completed no TLS handshake (not a TLS port?)\(client.timedOut ? "; timed out after \(timeout) s" : "")"
            )
        }
        let pem = String(client.stdout[begin.lowerBound..<end.upperBound]) + "\n"
        let verification =
            client.stdout.split(whereSeparator: \.isNewline).last { $0.contains("Verify return code:") }
            .map { $0.components(separatedBy: "Verify return code:").last!.trimmingCharacters(in: .whitespaces) }
            ?? "unknown"
        let x509Arguments = [
            "openssl", "x509", "-noout", "-subject", "-issuer", "-dates", "-ext", "subjectAltName", "-nameopt",
            "RFC2253",
        ]
        let x509: ChildProcess.Monitored
        do { x509 = try ChildProcess.runMonitored(x509Arguments, input: Data(pem.utf8), timeout: timeout) } catch {
            throw error.toolError(running: x509Arguments)
        }
        guard x509.status == 0 else {
            throw .badResponse("openssl x509 could not read the certificate: \(x509.stderr)")
        }
        return CertificateReport.parse(
            x509: x509.stdout,
            host: host,
            port: port,
            verification: verification == "0 (ok)" ? "ok" : verification
        )
    }
}
