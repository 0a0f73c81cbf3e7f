import Foundation
import Testing

/// Issue 47: every preset scans `fault-hostile` (the gateway's SSDP and HTTP, the Mac's and the
/// printer's mDNS answering malformed, truncated or oversized) and the app survives it: each run
/// is `ok` (the app ended its session by its own deadline: not hung, not killed, not crashed), its
/// peak memory stays under a bound, and each missed device's reason quotes the fault. 160 s on two
/// lanes (measured 2026-12-07 on the shared 2-core VM), so a long test.
@Suite(
    "every preset survives hostile answers",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct FaultHostileRunIntegrationTests {
    /// The app's peak resident memory allowed on a five-device LAN: the faults suite's runs
    /// without a fault peaked at 35-38 MB (reports/faults, 2026-12-07); twice that is a leak or a
    /// buffer grown by an oversized answer, not noise.
    static let peakRSSBoundMB = 80.0

    @Test("seven presets on fault-hostile: all ok, memory bounded, missed reasons name the fault")
    func presetsSurviveHostileAnswers() throws {
        let root = NSTemporaryDirectory() + "hostile-\(UUID().uuidString.prefix(8))"
        let out = root + "/out", state = root + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer {
            _ = try? ScanBenchCLI.scanbench(["testbed", "down"], stateRoot: state)
            try? FileManager.default.removeItem(atPath: root)
        }
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "fault-hostile", "--scenario", "scan", "--repeat", "1", "--seed", "1",
                "--no-classify", "--lanes", "2", "--out", out,
            ],
            stateRoot: state,
            timeout: 900
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(Set(runs.compactMap { $0["strategy"] as? String }).count == 7)
        for entry in runs {
            let strategy = entry["strategy"] as? String ?? "?"
            #expect(entry["status"] as? String == "ok", "\(strategy): \(entry["status"] ?? "") \(entry["error"] ?? "")")
            let metrics = entry["metrics"] as? [String: Any] ?? [:]
            let rss = try #require(metrics["peak_rss_mb"] as? Double, "\(strategy): no peak_rss_mb")
            #expect(rss < Self.peakRSSBoundMB, "\(strategy): peak RSS \(rss) MB")
            for device in entry["devices"] as? [[String: Any]] ?? [] {
                guard device["discoverable"] as? Bool == true, device["found"] as? Bool == false else { continue }
                let reason = device["missed_because"] as? String ?? ""
                #expect(reason.contains("hostile: "), "\(strategy) missed \(device["name"] ?? ""): \(reason)")
            }
        }
    }
}
