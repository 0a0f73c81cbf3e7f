import Foundation
import Testbed
import Testing

/// Issue 31's `.waiting` on a real path loss: the testbed's switch takes the scanner's carrier
/// away for a forced association-loss gap (`wifi-waiting.yaml`: 2.5 s at 6 s and at 12 s after
/// the switch starts), and four scans of the same LAN start together just before the second gap,
/// differing only in platform (`iphone-a16`, `linux`) and the TCP phase's `waiting_policy`
/// (`timer`, `fail`). `slow` answers after a 1.2 s round trip, so each scan's connect to it is
/// still waiting for its SYN-ACK when the gap begins.
///
/// On the iPhone profile the app hears the carrier go (rtnetlink) and its connect goes to
/// `waiting(ENETDOWN)`; `fail` ends the probe there, `timer` keeps it, and when the carrier comes
/// back the connection is retried and reaches `ready` within the 6 s timer. On `linux` nothing
/// follows the path: the kernel retransmits the SYN (1 s, 3 s, 7 s after the first), the first
/// one to get through answers after the timer, and both policies end the same way, with no
/// `waiting` at all.
@Suite("path waiting", .tags(.integration), .serialized)
struct PathWaitingIntegrationTests {
    static let fixture = "\(ScanBenchCLI.packageRoot)/Tests/IntegrationTests/Fixtures/wifi-waiting.yaml"
    static let slow = "198.18.0.2"

    static func strategy(_ policy: String) -> String {
        TCPOnlyStrategy.yaml(
            name: "tcp-\(policy)",
            description: "TCP probe of port 80 only, waiting_policy \(policy) (integration test of path waiting)",
            ports: [80],
            timeoutMs: 6000,
            hostConcurrency: 8,
            waitingPolicy: policy
        )
    }

    /// The states the event log shows for the connections to `slow`:80, in order.
    static func slowStates(_ log: String) -> [String] {
        var slowConnections = Set<Int>()
        var states: [String] = []
        for line in log.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                continue
            }
            let connection = object["connection"] as? Int ?? -1
            if object["type"] as? String == "connection_created", object["ip"] as? String == slow,
                object["port"] as? Int == 80
            {
                slowConnections.insert(connection)
            }
            if object["type"] as? String == "connection_state", slowConnections.contains(connection),
                let state = object["state"] as? String
            {
                states.append(state + ((object["error"] as? String).map { "(\($0))" } ?? ""))
            }
        }
        return states
    }

    @Test(
        "a connect in flight when the carrier goes: iPhone timer retries to ready, iPhone fail ends at waiting(ENETDOWN), linux the same under both"
    )
    func pathLossUnderPolicies() throws {
        let out = NSTemporaryDirectory() + "path-waiting-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        for policy in ["timer", "fail"] {
            try Self.strategy(policy).write(toFile: "\(out)/tcp-\(policy).yaml", atomically: true, encoding: .utf8)
        }
        let testbed = try LiveTestbed.up(Self.fixture, extra: ["--seed", "1"])
        defer { testbed.down() }
        // A permanent neighbour entry (kept when the carrier goes): no ARP before the SYN.
        try testbed.shell("ip neigh replace \(Self.slow) lladdr 02:5b:00:00:00:02 dev eth0 nud permanent")
        // The first gap gives the switch's start on the wall clock; the scans start 1 s before the second.
        var origin: Double?
        let deadline = Date().addingTimeInterval(20)
        while origin == nil && Date() < deadline {
            if let data = FileManager.default.contents(atPath: PathEventRecord.path(forTestbed: testbed.id)),
                let first = try? JSONDecoder().decode([PathEventRecord].self, from: data).first
            {
                origin = first.startUnix - first.startSeconds
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        let start = try #require(origin, "the first forced gap was never published")
        let wait = max(0, start + 11 - Date().timeIntervalSince1970)
        let runs = [("iphone-a16", "timer"), ("iphone-a16", "fail"), ("linux", "timer"), ("linux", "fail")]
        let launches = runs.map { platform, policy in
            "\(ScanBenchCLI.binary) scan --platform \(platform) --strategy \(out)/tcp-\(policy).yaml --json --events \(out)/\(platform)-\(policy).jsonl > \(out)/\(platform)-\(policy).json 2> \(out)/\(platform)-\(policy).err &"
        }.joined(separator: "\n")
        let scans = try testbed.shell("sleep \(String(format: "%.3f", wait))\n\(launches)\nwait", timeout: 60)
        #expect(scans.status == 0, "\(scans.stderr)")
        func result(_ platform: String, _ policy: String) throws -> (found: Bool, states: [String]) {
            let json = try String(contentsOfFile: "\(out)/\(platform)-\(policy).json", encoding: .utf8)
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                "\(platform) \(policy): \(json)"
            )
            let devices = report["devices"] as? [[String: Any]] ?? []
            let found = devices.contains {
                $0["ip"] as? String == Self.slow && ($0["open_ports"] as? [Int] ?? []).contains(80)
            }
            let states = Self.slowStates(
                try String(contentsOfFile: "\(out)/\(platform)-\(policy).jsonl", encoding: .utf8)
            )
            print(
                "path waiting: \(platform) \(policy): slow found \(found); its connection: \(states.joined(separator: " → "))"
            )
            return (found, states)
        }
        let iphoneTimer = try result("iphone-a16", "timer"), iphoneFail = try result("iphone-a16", "fail")
        let linuxTimer = try result("linux", "timer"), linuxFail = try result("linux", "fail")
        // iPhone, timer: waiting(ENETDOWN), retried when the carrier is back, ready before its timer.
        #expect(iphoneTimer.found, "\(iphoneTimer.states)")
        #expect(iphoneTimer.states.contains("waiting(ENETDOWN)"), "\(iphoneTimer.states)")
        if let waited = iphoneTimer.states.firstIndex(of: "waiting(ENETDOWN)") {
            #expect(
                iphoneTimer.states[waited...].contains("preparing")
                    && iphoneTimer.states.last(where: { $0 != "cancelled" }) == "ready",
                "\(iphoneTimer.states)"
            )
        }
        // iPhone, fail: the probe ends at waiting(ENETDOWN); the device is missed.
        #expect(!iphoneFail.found, "\(iphoneFail.states)")
        #expect(
            iphoneFail.states.contains("waiting(ENETDOWN)") && !iphoneFail.states.contains("ready"),
            "\(iphoneFail.states)"
        )
        // linux: no path observation, no waiting; both policies end alike.
        #expect(linuxTimer.found == linuxFail.found, "linux timer \(linuxTimer.states), fail \(linuxFail.states)")
        #expect(
            !(linuxTimer.states + linuxFail.states).contains { $0.hasPrefix("waiting") },
            "linux timer \(linuxTimer.states), fail \(linuxFail.states)"
        )
    }
}
