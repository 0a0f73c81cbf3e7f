import Foundation
import Testing

/// Issue 9, "heat, measured honestly": a real scan under `scanbench run` reports its process's
/// context switches, wakeups and syscalls, and a radio active time estimated from its capture.
@Suite("Process activity of a real scan", .tags(.integration), .serialized)
struct ProcessActivityIntegrationTests {
    /// An ARP sweep only, with a 1 s settle: the shortest scan that still finds the tiny LAN.
    static let strategy = """
        name: arp-only
        description: ARP sweep only (integration test)
        subnet: {policy: netmask, max_hosts: 1024}
        pipeline:
          steps:
            - {phases: [arp], concurrent: false}
        arp: {enabled: true, settle_ms: 1000}
        bonjour: {enabled: false}
        tcp: {enabled: false}
        ssdp: {enabled: false}
        icmp: {enabled: false}
        ptr: {enabled: false}
        """

    @Test("context switches, wakeups and syscalls are counted and the radio estimate fits inside the capture")
    func countedAndEstimated() throws {
        let out = NSTemporaryDirectory() + "activity-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let strategy = "\(out)/arp-only.yaml"
        try Self.strategy.write(toFile: strategy, atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(["run", "--fixture", "tiny", "--strategy", strategy, "--repeat", "1", "--seed", "1",
                                              "--no-categories", "--out", "\(out)/run"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/run/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((document["runs"] as? [[String: Any]])?.first)
        #expect(entry["status"] as? String == "ok")
        let metrics = try #require(entry["metrics"] as? [String: Any])
        let voluntary = try #require(metrics["context_switches_voluntary"] as? Int)
        let involuntary = try #require(metrics["context_switches_involuntary"] as? Int)
        let wakeups = try #require(metrics["wakeups"] as? Int, "null: \(run.stderr)")
        let syscalls = try #require(metrics["syscalls"] as? Int, "null: \(run.stderr)")
        #expect(voluntary > 0 && involuntary >= 0)
        #expect(wakeups > 0 && syscalls > 0)
        // Each block ends in a wakeup: the tracepoint count and wait4's count are two sources of one thing.
        #expect(Double(abs(wakeups - voluntary)) <= 0.05 * Double(voluntary) + 20, "\(wakeups) wakeups, \(voluntary) voluntary switches")
        let wire = try #require(metrics["wire"] as? [String: Any])
        let radio = try #require(wire["radio_active_s"] as? Double)
        let promotions = try #require(wire["radio_promotions"] as? Int)
        let duration = try #require(metrics["duration_s"] as? Double)
        #expect(promotions >= 1)
        // At least one promotion and tail; at most the scan plus the capture's margins and one tail per promotion.
        #expect(radio >= 0.3172 && radio <= duration + 5 + Double(promotions) * 0.3172, "\(radio) s radio for a \(duration) s scan")
    }
}
