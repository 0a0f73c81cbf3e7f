import Foundation
import Testing

/// The app's traceroute, DNS and WHOIS tools during a scan (`tools-during-scan` on home, through
/// `scanbench run`): the harness binds their targets from the ground truth and scores each against
/// traceroute -n, dig and whois -h run in the scanner namespace after the session.
@Suite("lookup tools in a session", .tags(.integration), .serialized)
struct SessionLookupIntegrationTests {
    @Test("tools-during-scan on home: traceroute, DNS and WHOIS agree with traceroute, dig and whois")
    func toolsDuringScan() throws {
        let out = NSTemporaryDirectory() + "lookups-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(["run", "--fixture", "home", "--strategy", "scanbench-best", "--scenario", "tools-during-scan",
                                              "--repeat", "1", "--no-categories", "--seed", "5", "--out", out], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let runs = try AppSessionIntegrationTests.runs(out)
        let metrics = try AppSessionIntegrationTests.metrics(runs, strategy: "scanbench-best", scenario: "tools-during-scan")
        let lookups = try #require(metrics["lookups"] as? [String: Any], "\(metrics.keys.sorted())")
        for tool in ["trace", "dns", "whois"] {
            let agreement = try #require(lookups[tool] as? [String: Any], "\(tool) missing: \(lookups)")
            #expect(agreement["agrees"] as? Bool == true, "\(tool): \(agreement)")
            let ms = agreement["duration_ms"] as? Double ?? -1
            #expect(ms > 0 && ms < 60_000, "\(tool): \(ms) ms")
        }
        // Not agreeing on nothing: the 4 hops to the routed server, the gateway's address, IANA's referral.
        #expect((lookups["trace"] as? [String: Any])?["ours"] as? String == "198.18.0.1 198.19.254.2 198.19.254.6 198.19.200.10", "\(lookups)")
        #expect((lookups["dns"] as? [String: Any])?["ours"] as? String == "198.18.0.1", "\(lookups)")
        #expect((lookups["whois"] as? [String: Any])?["ours"] as? String == "whois.iana.example", "\(lookups)")
        // The session's ping and port scan ran beside them and were scored too.
        #expect(metrics["ping"] != nil && metrics["ports"] != nil)
        let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        #expect(report.contains("## Tools in the session"))
    }
}
