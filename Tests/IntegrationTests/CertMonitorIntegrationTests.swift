import Foundation
import Spawn
import Testbed
import Testing

/// `scanbench cert` against openssl on the same TLS endpoint, and `scanbench monitor` reporting
/// exactly the transitions a device really went through.
@Suite("cert and monitor on the home testbed", .tags(.integration), .serialized)
final class CertMonitorIntegrationTests {
    let testbed: LiveTestbed
    init() throws { testbed = try LiveTestbed.up("home") }
    deinit { testbed.down() }

    @Test("cert reads the same subject, issuer and expiry as openssl s_client | openssl x509")
    func cert() throws {
        let ours = try testbed.exec([ScanBenchCLI.binary, "cert", "198.18.0.61:5001", "--json"])
        #expect(ours.status == 0, "\(ours.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [String: Any])
        let reference = try testbed.shell(
            "openssl s_client -connect 198.18.0.61:5001 </dev/null 2>/dev/null | openssl x509 -noout -subject -issuer -enddate"
        ).stdout
        // openssl: "subject=CN = family-nas", "notAfter=Nov 18 11:24:03 2036 GMT".
        let fields = Dictionary(
            reference.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let equals = line.firstIndex(of: "=") else { return nil }
                return (
                    String(line[..<equals]),
                    String(line[line.index(after: equals)...]).replacingOccurrences(of: " = ", with: "=")
                )
            },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(object["subject"] as? String == fields["subject"])
        #expect(object["issuer"] as? String == fields["issuer"])
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        let expiry = try #require(
            fields["notAfter"].flatMap { formatter.date(from: $0.replacingOccurrences(of: "  ", with: " ")) }
        )
        let ourExpiry = try #require((object["not_after"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(abs(expiry.timeIntervalSince(ourExpiry)) < 1)
        #expect(object["self_signed"] as? Bool == true)
        let missing = try testbed.exec([ScanBenchCLI.binary, "cert", "198.18.0.61:4443", "--timeout", "3"])
        #expect(missing.status != 0, "no TLS on a closed port")
    }

    @Test("monitor reports up, then exactly one up→down and one down→up for a device taken off the link")
    func monitor() throws {
        let toggle = try ChildProcess.spawn([
            "sh", "-c",
            """
            sleep 1.2; \(ScanBenchCLI.binary) testbed exec --id \(testbed.id) --in raspberry-pi -- ip link set eth0 down; \
            sleep 1.5; \(ScanBenchCLI.binary) testbed exec --id \(testbed.id) --in raspberry-pi -- ip link set eth0 up
            """,
        ])
        let output = try testbed.exec(
            [
                ScanBenchCLI.binary, "monitor", "198.18.0.62", "198.18.0.1", "--interval", "0.5",
                "--rounds", "10", "--timeout", "0.4", "--json",
            ],
            timeout: 30
        )
        toggle.wait()
        let events = output.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let pi = events.filter { $0["host"] as? String == "198.18.0.62" }.map {
            "\($0["from"] as? String ?? "-")→\($0["to"] as? String ?? "?")"
        }
        #expect(pi == ["-→up", "up→down", "down→up"], "\(output.stdout)")
        let gateway = events.filter { $0["host"] as? String == "198.18.0.1" }.map { $0["to"] as? String ?? "?" }
        #expect(gateway == ["up"], "a device that stays up reports no transition after the first state")
    }
}
