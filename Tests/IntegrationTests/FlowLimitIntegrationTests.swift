import Foundation
import Testing

/// Issue 43, item 4: the iPhone's per-process flow limit (`max_flows` 512, Apple Developer Forums
/// threads 803846 and 832004). A TCP sweep of the tiny LAN's /24 with 254 hosts × 3 ports in
/// flight and no budget asks for up to 762 connections at once: on `iphone-a16` the connections
/// started past 512 must sit in `waiting(ENOMEM)` (counted in the event log and in results.json's
/// `stack.waiting_by_error`), on `linux` none may.
@Suite(
    "platform flow limit",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct FlowLimitIntegrationTests {
    /// Every address, three ports in flight each, no budget, a 1.5 s timer (connects to empty
    /// addresses wait for ARP, ~3 s on Linux, so they hold their flow until the timer).
    static let strategy = """
        name: wide-sweep
        description: 254 hosts x 3 ports in flight, no budget (integration test of the flow limit)
        budget: {limit: none}
        pipeline:
          steps:
            - {phases: [tcp_probe], concurrent: false}
        arp: {enabled: false}
        bonjour: {enabled: false}
        tcp:
          enabled: true
          host_concurrency: 254
          ports_in_flight: 3
          primary_ports: [80, 443, 22]
          secondary_ports: []
          skip_known_hosts: false
          timeouts: {mode: fixed, primary_ms: 1500, secondary_ms: 1500}
        enrichment: {enabled: false}
        ssdp: {enabled: false}
        icmp: {enabled: false}
        ptr: {enabled: false}
        """

    /// One run of the sweep on `platform`: the run's `stack.waiting_by_error`, and the
    /// `waiting(ENOMEM)` states and the most connections open at once counted from its event log.
    static func sweep(
        on platform: String
    ) throws -> (waiting: [String: Int], enomem: Int, peak: Int, found: Int, warned: Bool) {
        let out = NSTemporaryDirectory() + "flows-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        try strategy.write(toFile: "\(out)/wide-sweep.yaml", atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", "tiny", "--strategy", "\(out)/wide-sweep.yaml", "--platform", platform,
                "--repeat", "1", "--seed", "1", "--no-classify", "--out", "\(out)/run",
            ],
            timeout: 300
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/run/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((document["runs"] as? [[String: Any]])?.first)
        #expect(entry["status"] as? String == "ok", "\(entry["error"] ?? "")")
        let metrics = try #require(entry["metrics"] as? [String: Any])
        let stack = try #require(metrics["stack"] as? [String: Any])
        let waiting = try #require(stack["waiting_by_error"] as? [String: Int], "\(stack)")
        let found = try #require((metrics["yield"] as? [String: Any])?["found"] as? Int)
        // The event log, read directly: the connections that got no flow (`waiting` with error
        // ENOMEM straight after `preparing`), and the others started (`preparing`) and not yet
        // failed or cancelled — those holding a flow.
        let log = try String(contentsOfFile: "\(out)/run/\(try #require(entry["events"] as? String))", encoding: .utf8)
        var changes: [(connection: Int, state: String, error: String?)] = []
        for line in log.split(separator: "\n") where line.contains("\"type\":\"connection_state\"") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            changes.append(
                (try #require(event["connection"] as? Int), event["state"] as? String ?? "", event["error"] as? String)
            )
        }
        let flowless = Set(changes.filter { $0.state == "waiting" && $0.error == "ENOMEM" }.map(\.connection))
        var open = Set<Int>()
        var peak = 0
        for change in changes where !flowless.contains(change.connection) {
            switch change.state {
            case "preparing": open.insert(change.connection)
            case "failed", "cancelled": open.remove(change.connection)
            default: break
            }
            peak = max(peak, open.count)
        }
        let enomem = changes.filter { $0.state == "waiting" && $0.error == "ENOMEM" }.count
        let warned = run.stderr.contains("wide-sweep can hold up to 762 connections at once on \(platform)")
        return (waiting, enomem, peak, found, warned)
    }

    @Test(
        "tune --platform iphone-a16 around the wide sweep: candidates over 512 flows are redrawn, the base warned about"
    )
    func tuneRefusesOverLimit() throws {
        let out = NSTemporaryDirectory() + "flows-tune-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let base = "\(out)/wide-sweep.yaml"
        try Self.strategy.write(toFile: base, atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(
            [
                "tune", "--fixture", "tiny", "--base", base, "--reference", base, "--platform", "iphone-a16",
                "--max-candidates", "2", "--budget-minutes", "10", "--seed", "3", "--out", "\(out)/tune",
            ],
            timeout: 600
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("tune: warning: the base wide-sweep can hold up to 762 connections"),
            "\(run.stderr)"
        )
        #expect(run.stderr.contains("over iphone-a16's flow limit and drew again"), "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/tune/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let record = try #require(document["tune"] as? [String: Any])
        #expect(record["platform"] as? String == "iphone-a16")
        // Every candidate that ran changes what bounds its flows: fewer hosts or ports at once, or a budget.
        let candidates = try #require(record["candidates"] as? [[String: Any]]).filter {
            ($0["origin"] as? String)?.hasPrefix("bracket") == true
        }
        #expect(!candidates.isEmpty)
        for candidate in candidates {
            let overrides = try #require(candidate["overrides"] as? [String: String])
            let hosts = overrides["tcp.host_concurrency"].flatMap { Int($0) } ?? 254
            let ports = overrides["tcp.ports_in_flight"].flatMap { Int($0) } ?? 3
            let slots = overrides["budget.limit"].flatMap { Int($0) } ?? Int.max
            #expect(min(hosts * ports, slots) <= 512, "\(candidate)")
        }
        print("tune: \(candidates.count) candidates ran: \(candidates.map { $0["overrides"] ?? "" })")
        for line in run.stderr.split(separator: "\n") where line.contains("refused") { print(line) }
    }

    @Test("254 hosts × 3 ports: waiting(ENOMEM) past 512 flows on iphone-a16, none on linux")
    func flowLimit() throws {
        let iphone = try Self.sweep(on: "iphone-a16")
        print(
            "iphone-a16: waiting \(iphone.waiting), ENOMEM in log \(iphone.enomem), peak holding flows \(iphone.peak), found \(iphone.found)"
        )
        #expect(iphone.enomem > 0, "no connection waited for a flow: \(iphone)")
        #expect(iphone.waiting["ENOMEM"] == iphone.enomem, "results.json and the log disagree: \(iphone)")
        #expect(iphone.peak <= 512, "more than 512 connections held flows at once: \(iphone.peak)")
        #expect(iphone.warned, "scanbench run did not say the strategy exceeds the flow limit")
        let linux = try Self.sweep(on: "linux")
        print(
            "linux: waiting \(linux.waiting), ENOMEM in log \(linux.enomem), peak in flight \(linux.peak), found \(linux.found)"
        )
        #expect(linux.enomem == 0 && (linux.waiting["ENOMEM"] ?? 0) == 0, "\(linux)")
        #expect(linux.peak > 512, "the sweep never had more than 512 connections in flight on linux: \(linux.peak)")
        #expect(!linux.warned)
    }
}
