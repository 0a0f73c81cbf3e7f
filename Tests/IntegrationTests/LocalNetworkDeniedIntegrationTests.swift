import Foundation
import Testing

/// Issue 43, item 4: Local Network permission denied. The harness blocks the app's local traffic
/// in the scanner's namespace (`LocalNetworkDenial`); the app is not told. On the tiny LAN the
/// capture must show no SYN and no echo request leaving the scanner, the scan must still end and
/// report (blind: it cannot know why it found nothing), and under `denied_unreachable` the app's
/// connects must fail at once with EHOSTUNREACH while under `denied` none does (review-baseline:
/// its TCP sweep connects to every address, with or without a neighbour found first).
@Suite(
    "local network permission denied",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct LocalNetworkDeniedIntegrationTests {
    @Test("denied: nothing leaves, the scan ends blind; unreachable: connects fail with EHOSTUNREACH")
    func denied() throws {
        let out = NSTemporaryDirectory() + "lnp-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "review-baseline", "--scenario", "local-network-denied",
                "--scenario", "local-network-unreachable", "--repeat", "1", "--seed", "1", "--no-classify",
                "--lanes", "2", "--out", out,
            ],
            timeout: 300
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 2)
        for entry in runs {
            let scenario = try #require(entry["scenario"] as? String)
            #expect(entry["status"] as? String == "ok", "\(scenario): \(entry["error"] ?? "")")
            let metrics = try #require(entry["metrics"] as? [String: Any])
            let wire = try #require(metrics["wire"] as? [String: Any])
            let yield = try #require(metrics["yield"] as? [String: Any])
            let waiting = (metrics["stack"] as? [String: Any])?["waiting_by_error"] as? [String: Int] ?? [:]
            print(
                "\(scenario): found \(yield["found"] ?? "-") of \(yield["discoverable"] ?? "-"), by source \(yield["by_source"] ?? "-"), duration_s \(metrics["duration_s"] ?? "-"), waiting \(waiting), wire tcp_syn \(wire["tcp_syn"] ?? "-"), echo requests \(wire["icmp_echo_requests"] ?? "-"), mdns \(wire["mdns_packets"] ?? "-"), ssdp \(wire["ssdp_packets"] ?? "-")"
            )
            #expect(wire["tcp_syn"] as? Int == 0, "\(scenario): SYNs left the scanner: \(wire)")
            #expect(wire["icmp_echo_requests"] as? Int == 0, "\(scenario): echo requests left: \(wire)")
            let found = try #require(yield["found"] as? Int)
            let discoverable = try #require(yield["discoverable"] as? Int)
            #expect(found < discoverable, "\(scenario): found every device while denied")
            if scenario == "local-network-unreachable" {
                #expect((waiting["EHOSTUNREACH"] ?? 0) > 0, "\(scenario): \(waiting)")
            } else {
                #expect(waiting["EHOSTUNREACH"] == nil, "\(scenario): \(waiting)")
            }
        }
    }
}
