import Foundation
import Testing

/// Issue 31: a platform profile's costs are real work inside the app, measured from outside. Two
/// sessions of one TCP sweep of the tiny LAN on one profile, the second with a per-callback cost
/// (`--sweep platform.callback_us=…`): the app's CPU (wait4, `cpu_s`) must rise by about that
/// cost times the state callbacks its event log shows — a number the app cannot fake afterwards.
@Suite("platform costs", .tags(.integration), .serialized)
struct PlatformCostIntegrationTests {
    /// A TCP probe of every address only, three ports, short fixed timeouts: ~750 connections in
    /// a few seconds, each with three or four state callbacks.
    static let strategy = TCPOnlyStrategy.yaml(
        name: "tcp-only",
        description: "TCP sweep only (integration test of platform costs)",
        ports: [80, 443, 22],
        timeoutMs: 300,
        hostConcurrency: 40
    )

    /// Nothing but the callback cost (0 here, swept) and a one-thread callback pool.
    static let profile = """
        name: cost-test
        device: the integration test's emulated device
        callback_us: {value: 0, assumption: the test sweeps it, sweep: [0, 2000]}
        connection_setup_us: {value: 0, source: none added}
        publish_us: {value: 0, source: none added}
        callback_pool_width: {value: 1, source: the test's choice}
        """

    @Test("a callback cost of 1 ms costs the app about 1 ms of CPU per state callback it delivered")
    func callbackCostIsCPU() throws {
        let out = NSTemporaryDirectory() + "platform-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        try Self.strategy.write(toFile: "\(out)/tcp-only.yaml", atomically: true, encoding: .utf8)
        try Self.profile.write(toFile: "\(out)/cost-test.yaml", atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "\(out)/tcp-only.yaml", "--platform", "\(out)/cost-test.yaml",
                "--sweep", "platform.callback_us=1000", "--repeat", "1", "--seed", "1", "--lanes", "2",
                "--no-classify", "--out", "\(out)/run",
            ],
            timeout: 240
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/run/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let platform = try #require((document["environment"] as? [String: Any])?["platform"] as? [String: Any])
        #expect(platform["name"] as? String == "cost-test" && platform["neutral"] as? Bool == false, "\(platform)")
        let runs = try #require(document["runs"] as? [[String: Any]])
        func cpu(_ name: String) throws -> (cpu: Double, events: String) {
            let entry = try #require(runs.first { $0["strategy"] as? String == name }, "\(name) ran")
            #expect(entry["status"] as? String == "ok", "\(name): \(entry["error"] ?? "")")
            let metrics = try #require(entry["metrics"] as? [String: Any])
            let seconds = try #require(metrics["cpu_s"] as? Double, "\(metrics.keys)")
            return (seconds, "\(out)/run/\(try #require(entry["events"] as? String))")
        }
        let control = try cpu("tcp-only")
        let costly = try cpu("tcp-only[platform.callback_us=1000]")
        // Every state change after `setup` is handed to the probe's callback (docs/SCANKIT.md).
        let log = try String(contentsOfFile: costly.events, encoding: .utf8)
        let callbacks = log.split(separator: "\n").filter {
            $0.contains("\"type\":\"connection_state\"") && !$0.contains("\"state\":\"setup\"")
        }.count
        #expect(callbacks > 1000, "the sweep delivered \(callbacks) callbacks")
        let expected = Double(callbacks) * 0.001
        #expect(
            costly.cpu - control.cpu >= 0.8 * expected,
            "cpu_s \(control.cpu) → \(costly.cpu) for \(callbacks) callbacks at 1 ms: at least \(0.8 * expected) s more expected"
        )
    }
}
