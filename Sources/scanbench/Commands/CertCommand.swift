import ArgumentParser
import Foundation
import NetTools

/// `scanbench cert`.
struct CertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cert",
        abstract: "Check a server's TLS certificate: subject, SANs, issuer, validity, days left.",
        discussion: """
            Connects to HOST:PORT (default 443), completes a TLS handshake with the openssl tool \
            (SNI set to HOST when it is a name) and reports the leaf certificate, whether it is \
            self-signed, and OpenSSL's verification verdict against the system trust store. \
            Exits with status 2 when the certificate has expired.

            Examples:
              scanbench cert 198.18.0.61:5001
              scanbench cert fritz-box.home.arpa --json
            """
    )

    @Argument(help: "HOST or HOST:PORT.")
    var endpoint: String

    @Option(help: "Seconds for the handshake.")
    var timeout = 10.0

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        var expired = false
        ToolRunner.run {
            let (host, port) = try CertificateChecker.endpoint(endpoint)
            guard timeout > 0 && timeout <= 120 else {
                throw NetToolError.invalidArgument("--timeout must be above 0 and at most 120 s")
            }
            let report = try CertificateChecker(timeout: timeout).check(host: host, port: port)
            expired = report.expired
            if json { Terminal.printJSON(report); return }
            print("certificate of \(host):\(port)")
            print("  subject:  \(report.subject)")
            print(
                "  SANs:     \(report.subjectAltNames.isEmpty ? "(none)" : report.subjectAltNames.joined(separator: ", "))"
            )
            print("  issuer:   \(report.issuer)\(report.selfSigned ? " (self-signed)" : "")")
            print("  valid:    \(report.notBefore.map { "\($0)" } ?? "?") → \(report.notAfter.map { "\($0)" } ?? "?")")
            print("  days left: \(report.daysLeft.map(String.init) ?? "?")\(report.expired ? " (EXPIRED)" : "")")
            print("  verify:   \(report.verification)")
        }
        if expired { throw ExitCode(2) }
    }
}
