import Foundation
import Testing

/// Every tool of the app during a scan (`tools-during-scan` on home, through `scanbench run`): the
/// harness binds the tools' targets from the ground truth and scores each against its reference —
/// traceroute -n, dig and whois -h in the scanner namespace after the session, the Wake-on-LAN
/// listener's log, avahi-browse and the fixture. One run serves all six (each run is ~45 s).
@Suite("the tools in a session", .tags(.integration), .serialized)
struct SessionToolsIntegrationTests {
    @Test(
        "tools-during-scan on home: traceroute, DNS and WHOIS agree with traceroute, dig and whois; WoL received byte for byte; the Bonjour tool = avahi-browse = fixture; detail = the device's fixture services"
    )
    func toolsDuringScan() throws {
        let out = NSTemporaryDirectory() + "session-tools-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "home", "--strategy", "scanbench-best", "--scenario", "tools-during-scan",
                "--repeat", "1", "--no-classify", "--seed", "5", "--out", out,
            ],
            timeout: 300
        )
        #expect(run.status == 0, "\(run.stderr)")
        let runs = try AppSessionIntegrationTests.runs(out)
        let metrics = try AppSessionIntegrationTests.metrics(
            runs,
            strategy: "scanbench-best",
            scenario: "tools-during-scan"
        )

        let lookups = try #require(metrics["lookups"] as? [String: Any], "\(metrics.keys.sorted())")
        for tool in ["trace", "dns", "whois"] {
            let agreement = try #require(lookups[tool] as? [String: Any], "\(tool) missing: \(lookups)")
            #expect(agreement["agrees"] as? Bool == true, "\(tool): \(agreement)")
            let ms = agreement["duration_ms"] as? Double ?? -1
            #expect(ms > 0 && ms < 60_000, "\(tool): \(ms) ms")
        }
        // Not agreeing on nothing: the 4 hops to the routed server, the gateway's address, IANA's referral.
        #expect(
            (lookups["trace"] as? [String: Any])?["ours"] as? String
                == "198.18.0.1 198.19.254.2 198.19.254.6 198.19.200.10",
            "\(lookups)"
        )
        #expect((lookups["dns"] as? [String: Any])?["ours"] as? String == "198.18.0.1", "\(lookups)")
        #expect((lookups["whois"] as? [String: Any])?["ours"] as? String == "whois.iana.example", "\(lookups)")

        let wol = try #require(metrics["wake_on_lan"] as? [String: Any], "\(metrics.keys.sorted())")
        #expect(wol["target"] as? String == "thinkpad-linux")
        #expect(wol["sent"] as? Int == 1 && wol["received"] as? Int == 1 && wol["agrees"] as? Bool == true, "\(wol)")
        let latency = wol["latency_ms"] as? Double ?? -1
        #expect(latency >= 0 && latency < 1000, "WoL latency \(latency) ms")

        let browse = try #require(metrics["bonjour_browse"] as? [String: Any])
        #expect((browse["found"] as? Int ?? 0) > 20, "\(browse)")
        // Every service avahi-browse resolved, the tool resolved too (⊇), and the tool's are the fixture's.
        #expect(browse["avahi_error"] == nil && browse["matched_avahi"] as? Int == browse["avahi"] as? Int, "\(browse)")
        #expect(browse["agrees_fixture"] as? Bool == true, "\(browse)")
        let detail = try #require(metrics["detail_services"] as? [String: Any])
        #expect(detail["agrees_fixture"] as? Bool == true && (detail["found"] as? Int ?? 0) > 0, "\(detail)")

        // The session's ping and port scan ran beside them and were scored too.
        #expect(metrics["ping"] != nil && metrics["ports"] != nil)
        let report = try ReportText.all(in: out)
        #expect(report.contains("## Tools in the session") && report.contains("device detail (fixture)"))
    }
}
