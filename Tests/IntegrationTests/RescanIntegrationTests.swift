import Foundation
import Testing

/// Issue 9, ADR-007: `rescan.yaml` (scan, cancel at 2 s, scan at 2.05 s) in one app on the tiny
/// LAN, with `bonjour.generation_check` off and on. The counters in the report must match the
/// `stale_callback` events, the check must never apply one, and the first scan's Bonjour phase must
/// end (its browser torn down) before the second starts. Measured so far: 0 stale callbacks either
/// way — the cancel reaches the window's sleep at once, `stop` follows within a millisecond and the
/// receive thread leaves within its 50 ms poll, before the new session's first answers (≈50 ms
/// after its start); see docs/STRATEGIES.md `generation_check`.
@Suite("scanbench app: rescan and stale Bonjour callbacks", .tags(.integration), .serialized)
struct RescanIntegrationTests {
    /// netmonitor-2.0 with ARP and Bonjour only, so that one session takes seconds.
    static func strategy(check: Bool) throws -> String {
        let path = NSTemporaryDirectory() + "rescan-\(check)-\(UUID().uuidString).yaml"
        try """
        name: rescan-\(check)
        bonjour: {generation_check: \(check)}
        tcp: {enabled: false}
        enrichment: {enabled: false}
        ssdp: {enabled: false}
        icmp: {enabled: false}
        ptr: {enabled: false}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("stale callbacks are counted as the log shows them; with the generation check none is applied")
    func rescan() throws {
        let testbed = try LiveTestbed.up("tiny")
        defer { testbed.down() }
        for check in [false, true] {
            let strategy = try Self.strategy(check: check)
            let events = NSTemporaryDirectory() + "rescan-\(check)-\(UUID().uuidString).jsonl"
            defer {
                try? FileManager.default.removeItem(atPath: strategy);
                try? FileManager.default.removeItem(atPath: events)
            }
            let run = try testbed.exec(
                [
                    ScanBenchCLI.binary, "app", "--script", "rescan", "--strategy", strategy,
                    "--events", events, "--json",
                ],
                timeout: 60
            )
            #expect(run.status == 0, "\(run.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(report["scans_started"] as? Int == 2)
            #expect((report["scan_started_s"] as? Double ?? 0) >= 2.05, "the report's scan is the last one")
            let scan = try #require(report["scan"] as? [String: Any])
            #expect(!(scan["devices"] as? [Any] ?? []).isEmpty, "the rescan found the LAN")
            let discarded = try #require(report["stale_callbacks_discarded"] as? Int)
            let applied = try #require(report["stale_callbacks_applied"] as? Int)

            let log = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
                .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            let stale = log.filter { $0["type"] as? String == "stale_callback" }
            #expect(stale.filter { $0["action"] as? String == "discarded" }.count == discarded)
            #expect(stale.filter { $0["action"] as? String == "applied" }.count == applied)
            if check { #expect(applied == 0) } else { #expect(discarded == 0) }
            // The teardown came before the rescan: the first scan's Bonjour phase ended cancelled
            // before the second scan_start.
            let time = { (e: [String: Any]) in (e["t_ns"] as? NSNumber)?.uint64Value ?? 0 }
            let starts = log.filter { $0["type"] as? String == "scan_start" }.map(time)
            let bonjourEnd = try #require(
                log.first { $0["type"] as? String == "phase_end" && $0["phase"] as? String == "bonjour" }
            )
            #expect(starts.count == 2)
            #expect(bonjourEnd["outcome"] as? String == "cancelled")
            #expect(time(bonjourEnd) < starts.last ?? 0)
            print(
                "rescan generation_check \(check): stale discarded \(discarded), applied \(applied); "
                    + "first Bonjour teardown \(Double((starts.last ?? 0) &- time(bonjourEnd)) / 1e6) ms before the rescan"
            )
        }
    }
}
