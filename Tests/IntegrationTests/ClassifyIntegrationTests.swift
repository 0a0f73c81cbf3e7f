import Foundation
import Spawn
import Testing

/// Issue 35 item 4: the classify step after the scan is the strategy's, so two strategies that
/// differ only in `classify.reuse_scan` differ in its cost on the wire and not in what it yields.
@Suite("classify per strategy", .tags(.integration), .serialized)
struct ClassifyIntegrationTests {
    /// A quick TCP-only scan of up to ten ports on every host (the six primary ones always), then an
    /// own deep probe of nmap's top ten plus four ports: the six primary ports are among the ten.
    static func strategy(_ name: String, reuse: Bool) -> String {
        """
        name: \(name)
        pipeline:
          steps:
            - {phases: [tcp_probe], concurrent: true}
        arp: {enabled: false}
        bonjour: {enabled: false}
        ssdp: {enabled: false}
        icmp: {enabled: false}
        ptr: {enabled: false}
        enrichment: {enabled: false}
        tcp:
          host_concurrency: 64
          thermal_scaling: false
          ports_in_flight: 10
          primary_ports: [80, 443, 22, 445, 21, 23]
          secondary_ports: [7000, 8080, 631, 9100]
          secondary_policy: always
          skip_known_hosts: false
          timeouts: {mode: fixed, primary_ms: 300, secondary_ms: 300}
        classify:
          deep_probe: own
          reuse_scan: \(reuse)
          gateway_flag: true
          top_ports: 10
          ports: [7000, 8080, 631, 9100]
          bonjour_window_ms: 1500
          ssdp_window_ms: 0
          timeout_ms: 500

        """
    }

    @Test("reusing the scan's findings: fewer probe connections, the same categories")
    func reuseCutsTheProbesConnections() throws {
        let out = NSTemporaryDirectory() + "classify-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        for (name, reuse) in [("reuse", true), ("fresh", false)] {
            try Self.strategy(name, reuse: reuse).write(
                toFile: "\(out)/\(name).yaml",
                atomically: true,
                encoding: .utf8
            )
        }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "\(out)/reuse.yaml", "--strategy", "\(out)/fresh.yaml",
                "--repeat", "1", "--seed", "1", "--out", "\(out)/run",
            ],
            timeout: 240
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/run/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        func names(_ strategy: String) throws -> [String: Any] {
            let entry = try #require(runs.first { $0["strategy"] as? String == strategy })
            return try #require((entry["metrics"] as? [String: Any])?["names"] as? [String: Any])
        }
        let reuse = try names("reuse"), fresh = try names("fresh")
        let reused = try #require(reuse["category_probe_connections"] as? Int)
        let unreused = try #require(fresh["category_probe_connections"] as? Int)
        let found = try #require(reuse["category_found"] as? Int)
        // Per found device the fresh probe tries 14 ports; the reusing one skips at least the six
        // primary ports the scan tried on it (more where it went on to the secondary ones).
        #expect(
            unreused >= reused + 6 * found,
            "probe connections: reuse \(reused), fresh \(unreused), \(found) devices found"
        )
        #expect(
            try #require(reuse["category_probe_packets"] as? Int)
                < (try #require(fresh["category_probe_packets"] as? Int))
        )
        let rightReuse = try #require(reuse["category_correct"] as? Int),
            rightFresh = try #require(fresh["category_correct"] as? Int)
        #expect(rightReuse >= rightFresh, "categories right: reuse \(rightReuse), fresh \(rightFresh)")
        #expect(reuse["category_found"] as? Int == fresh["category_found"] as? Int)
    }
}
