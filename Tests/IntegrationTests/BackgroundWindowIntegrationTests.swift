import Foundation
import Testing

/// Issue 43, item 4: the phone's background window. The built-in `background` scenario starts a
/// scan and leaves the app 2 s later; on a profile with a 2 s window (`background_time_s`) the
/// app is suspended at ~4 s: the run records the suspension, the scan cut there, `yield` counts
/// only what it had by then, and the app starts no connection after the cut (from its event log).
@Suite("platform background window", .tags(.integration), .serialized)
struct BackgroundWindowIntegrationTests {
    /// `linux` (nothing added) with a 2 s window, so the run is short and nothing else changes.
    static let profile = """
        name: linux-2s-background
        device: "this machine, suspended 2 s after leaving the app (integration test)"
        callback_us: {value: 0, source: "none added"}
        connection_setup_us: {value: 0, source: "none added"}
        publish_us: {value: 0, source: "none added"}
        callback_pool_width: {value: 0, source: "no emulated pool"}
        background_time_s: {value: 2, assumption: "short, so the test is quick", sweep: [1, 30]}
        """

    @Test("background at 2 s with a 2 s window: suspended at ~4 s, the scan cut, nothing started after")
    func suspendedScan() throws {
        let out = NSTemporaryDirectory() + "background-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Self.profile.write(toFile: "\(out)/profile.yaml", atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "netmonitor-2.0", "--scenario", "background",
                "--platform", "\(out)/profile.yaml", "--repeat", "1", "--seed", "1", "--no-classify",
                "--out", "\(out)/run",
            ],
            timeout: 300
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/run/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((document["runs"] as? [[String: Any]])?.first)
        #expect(entry["status"] as? String == "ok", "\(entry["error"] ?? "")")
        let metrics = try #require(entry["metrics"] as? [String: Any])
        let background = try #require(metrics["background"] as? [String: Any], "\(metrics.keys)")
        print("background: \(background); duration_s \(metrics["duration_s"] ?? "-")")
        #expect(background["window_s"] as? Double == 2)
        let suspended = try #require(background["suspended_at_s"] as? Double, "\(background)")
        #expect(suspended >= 3.9 && suspended < 5, "\(background)")
        #expect(background["scan_cut"] as? Bool == true, "\(background)")
        let found = try #require((metrics["yield"] as? [String: Any])?["found"] as? Int)
        #expect(background["devices_at_cut"] as? Int == found, "\(background) vs found \(found)")
        // Nothing started after the cut: no connection enters `preparing` later than 250 ms after
        // it (the cancel's unwinding), counted from the scan's start (the session's 0 s).
        let log = try String(contentsOfFile: "\(out)/run/\(try #require(entry["events"] as? String))", encoding: .utf8)
        var start: Int64?
        var late = 0
        for line in log.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require((event["t_ns"] as? NSNumber)?.int64Value)
            if event["type"] as? String == "scan_start", start == nil { start = t }
            guard let start, event["type"] as? String == "connection_state", event["state"] as? String == "preparing"
            else { continue }
            if Double(t - start) / 1e9 > suspended + 0.25 { late += 1 }
        }
        #expect(start != nil)
        #expect(late == 0, "\(late) connections started after the app was suspended at \(suspended) s")
    }
}
