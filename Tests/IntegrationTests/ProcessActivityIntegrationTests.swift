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
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", strategy, "--repeat", "1", "--seed", "1",
                "--no-classify", "--out", "\(out)/run",
            ],
            timeout: 120
        )
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
        #expect(
            Double(abs(wakeups - voluntary)) <= 0.05 * Double(voluntary) + 20,
            "\(wakeups) wakeups, \(voluntary) voluntary switches"
        )
        let wire = try #require(metrics["wire"] as? [String: Any])
        let radio = try #require(wire["radio_active_s"] as? Double)
        let promotions = try #require(wire["radio_promotions"] as? Int)
        let duration = try #require(metrics["duration_s"] as? Double)
        #expect(promotions >= 1)
        // At least one promotion and tail; at most the scan plus the capture's margins and one tail per promotion.
        #expect(
            radio >= 0.3172 && radio <= duration + 5 + Double(promotions) * 0.3172,
            "\(radio) s radio for a \(duration) s scan"
        )
        try Self.expectAirtime(wire, radioActive: radio, out: "\(out)/run")
    }

    /// Issue 34: the airtime estimate (`AirtimeModel.standard`) is in results.json and the report.
    /// On the testbed every frame of the scanner's link is its own, to it, or group-addressed, so
    /// each costs at least the cheapest exchange (198.5 µs: a 42-byte frame acknowledged at VHT
    /// MCS 7) and at most a full-size frame sent up and broadcast back down at 6 Mb/s (2.45 ms); the radio is on no
    /// longer than the Huang model says it is active (no promotion, a 200 ms timeout below its 238.1 ms tail).
    static func expectAirtime(_ wire: [String: Any], radioActive: Double, out: String) throws {
        let packets = try #require(wire["packets"] as? Int)
        let airtime = try #require(wire["airtime_ms_est"] as? Double)
        let sent = try #require(wire["airtime_sent_ms_est"] as? Double)
        let radioOn = try #require(wire["radio_on_s_est"] as? Double)
        #expect(wire["airtime_model"] as? String == "vht-mcs7-1ss-80mhz")
        #expect(
            airtime >= 0.1985 * Double(packets) && airtime <= 2.5 * Double(packets),
            "\(airtime) ms for \(packets) frames"
        )
        #expect(sent > 0 && sent < airtime)
        #expect(radioOn >= 0.2 && radioOn <= radioActive, "\(radioOn) s on, \(radioActive) s active")
        let report = try ReportText.all(in: out)
        #expect(report.contains("Airtime (est.) [ms]") && report.contains("Radio on (est.) [s]"))
        #expect(report.contains("| Device heat: airtime (est.) |") && report.contains("`wire.radio_on_s_est`"))
    }
}
