import Foundation
import Testing

/// The app's Wake-on-LAN, Bonjour browser tool and device-detail service discovery during a scan
/// on home, through `scanbench run`: the harness binds `$wol_target` (thinkpad-linux's MAC) and
/// `$detail_target` from the ground truth and scores them against the listener's log,
/// avahi-browse in the scanner namespace after the session, and the fixture.
@Suite("discovery tools in a session", .tags(.integration), .serialized)
struct SessionDiscoveryToolsIntegrationTests {
    @Test("during a scan on home: WoL received byte for byte, the Bonjour tool = avahi-browse = fixture, detail = the device's fixture services")
    func discoveryToolsDuringScan() throws {
        let out = NSTemporaryDirectory() + "discovery-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        // NetMonitor's 10 s windows (spec §5.8): in 6 s the tool misses home's slow responders (Aqara, Chromecast …).
        let script = "\(out)/discovery.yaml"
        try """
            name: discovery-during-scan
            actions:
              - {at_s: 0, scan: {}}
              - {at_s: 1, wol: {target: $wol_target}}
              - {at_s: 1, browse: {window_s: 10}}
              - {at_s: 2, detail: {target: $detail_target, window_s: 10}}
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(["run", "--fixture", "home", "--strategy", "scanbench-best", "--scenario", script,
                                              "--repeat", "1", "--no-categories", "--seed", "7", "--out", out], timeout: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let runs = try AppSessionIntegrationTests.runs(out)
        let metrics = try AppSessionIntegrationTests.metrics(runs, strategy: "scanbench-best", scenario: "discovery-during-scan")

        let wol = try #require(metrics["wake_on_lan"] as? [String: Any], "\(metrics.keys.sorted())")
        #expect(wol["target"] as? String == "thinkpad-linux")
        #expect(wol["sent"] as? Int == 1 && wol["received"] as? Int == 1 && wol["agrees"] as? Bool == true, "\(wol)")
        let latency = wol["latency_ms"] as? Double ?? -1
        #expect(latency >= 0 && latency < 1000, "WoL latency \(latency) ms")

        let browse = try #require(metrics["bonjour_browse"] as? [String: Any])
        let found = browse["found"] as? Int ?? 0
        #expect(found > 20, "\(browse)")
        // Every service avahi-browse resolved, the tool resolved too (⊇), and the tool's are the fixture's.
        #expect(browse["avahi_error"] == nil && browse["matched_avahi"] as? Int == browse["avahi"] as? Int, "\(browse)")
        #expect(browse["agrees_fixture"] as? Bool == true, "\(browse)")

        let detail = try #require(metrics["detail_services"] as? [String: Any])
        #expect(detail["agrees_fixture"] as? Bool == true && (detail["found"] as? Int ?? 0) > 0, "\(detail)")
        let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        #expect(report.contains("## Tools in the session") && report.contains("device detail (fixture)"))
    }
}
