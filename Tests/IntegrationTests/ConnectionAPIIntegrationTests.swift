import Foundation
import Testing

/// Issue 43, item 1: a host that answers only with RST (`rst-only.yaml`: no ICMP, no open port,
/// ARP answered by its kernel), scanned with `scanbench run` by NetDiag+ and by NetMonitor.
///
/// NetDiag+ connects through BSD sockets (`tcp.connection_api: bsd_socket`): the RST on port 80
/// is `failed(ECONNREFUSED)` at once, which it counts as alive (seed 003:109). NetMonitor's TCP
/// probe (NWConnection, `waiting_policy: timer`) gets the same RST as `waiting(ECONNREFUSED)`,
/// leaves it to its timer and reports nothing. The full netmonitor-2.0 preset still lists the host,
/// but through ARP, before its TCP phase starts (and `skip_known_hosts` keeps TCP away from it):
/// its connection API is not what finds it. tshark shows the RSTs really came back in each run.
@Suite(
    "connection API on an RST-only host",
    .tags(.integration),
    .serialized,
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason))
)
struct ConnectionAPIIntegrationTests {
    static let fixture = "\(ScanBenchCLI.packageRoot)/Tests/IntegrationTests/Fixtures/rst-only.yaml"
    static let host = "198.18.0.40"

    /// The connection states the event log shows for the connections to `host`, e.g. `failed(ECONNREFUSED)`.
    static func hostStates(_ log: String) -> [String] {
        var connections = Set<Int>()
        var states: [String] = []
        for line in log.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                continue
            }
            let connection = object["connection"] as? Int ?? -1
            if object["type"] as? String == "connection_created", object["ip"] as? String == host,
                object["phase"] as? String == "tcp_probe"
            {
                connections.insert(connection)
            }
            if object["type"] as? String == "connection_state", connections.contains(connection),
                let state = object["state"] as? String
            {
                states.append(state + ((object["error"] as? String).map { "(\($0))" } ?? ""))
            }
        }
        return states
    }

    @Test("netdiag-plus reports the RST-only host alive through its BSD socket; NetMonitor's NWConnection does not")
    func rstOnlyHost() throws {
        let out = NSTemporaryDirectory() + "connection-api-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        // netmonitor-2.0's TCP probe alone: its ports, NWConnection, waiting_policy timer.
        let nwTCP = "\(out)/netmonitor-tcp.yaml"
        try TCPOnlyStrategy.yaml(
            name: "netmonitor-tcp",
            description: "netmonitor-2.0's TCP probe alone (NWConnection, waiting_policy timer)",
            ports: [80, 443, 22, 445],
            timeoutMs: 500,
            hostConcurrency: 20,
            waitingPolicy: "timer"
        ).write(toFile: nwTCP, atomically: true, encoding: .utf8)
        let run = try ScanBenchCLI.scanbench(
            [
                "run", "--fixture", Self.fixture, "--strategy", "netdiag-plus", "--strategy", nwTCP,
                "--strategy", "netmonitor-2.0", "--repeat", "1", "--seed", "1", "--no-classify", "--out", out,
            ],
            timeout: 400
        )
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        func entry(_ strategy: String) throws -> (device: [String: Any]?, states: [String], rsts: Int, synAcks: Int) {
            let entry = try #require(runs.first { $0["strategy"] as? String == strategy }, "no run of \(strategy)")
            let device = (entry["devices"] as? [[String: Any]] ?? []).first {
                $0["ip"] as? String == Self.host && $0["found"] as? Bool == true
            }
            let events = try String(
                contentsOfFile: "\(out)/\(try #require(entry["events"] as? String))",
                encoding: .utf8
            )
            let pcap = "\(out)/\(try #require(entry["pcap"] as? String))"
            let rsts = try Tshark.count(pcap, filter: "ip.src==\(Self.host) && tcp.flags.reset==1")
            let synAcks = try Tshark.count(pcap, filter: "ip.src==\(Self.host) && tcp.flags.syn==1 && tcp.flags.ack==1")
            let states = Self.hostStates(events)
            print(
                "connection api: \(strategy): rst-host \(device.map { "found by \($0["first_source"] ?? "?")" } ?? "not found"); "
                    + "its TCP connections: \(states.joined(separator: " → ")); tshark: \(rsts) RST, \(synAcks) SYN-ACK from it"
            )
            return (device, states, rsts, synAcks)
        }
        let netdiag = try entry("netdiag-plus")
        let netmonitorTCP = try entry("netmonitor-tcp")
        let netmonitor = try entry("netmonitor-2.0")
        // The RST really came back (and never a handshake) to both TCP scans.
        #expect(
            netdiag.rsts >= 1 && netdiag.synAcks == 0,
            "netdiag-plus: \(netdiag.rsts) RST, \(netdiag.synAcks) SYN-ACK"
        )
        #expect(
            netmonitorTCP.rsts >= 1 && netmonitorTCP.synAcks == 0,
            "netmonitor-tcp: \(netmonitorTCP.rsts) RST, \(netmonitorTCP.synAcks) SYN-ACK"
        )
        // NetDiag+: the BSD socket's refusal on port 80 is an answer: alive, found by TCP.
        #expect(netdiag.device?["first_source"] as? String == "tcp", "\(String(describing: netdiag.device))")
        #expect(netdiag.states.contains("failed(ECONNREFUSED)"), "\(netdiag.states)")
        #expect(!netdiag.states.contains { $0.hasPrefix("waiting") }, "\(netdiag.states)")
        // NetMonitor's TCP probe: the same RST is waiting(ECONNREFUSED), left to the timer: not found.
        #expect(netmonitorTCP.device == nil, "\(String(describing: netmonitorTCP.device))")
        #expect(netmonitorTCP.states.contains("waiting(ECONNREFUSED)"), "\(netmonitorTCP.states)")
        #expect(!netmonitorTCP.states.contains { $0.hasPrefix("failed") || $0 == "ready" }, "\(netmonitorTCP.states)")
        // The whole netmonitor-2.0 preset lists it, but by ARP; its TCP phase never connects to it.
        #expect(netmonitor.device?["first_source"] as? String == "arp", "\(String(describing: netmonitor.device))")
        #expect(netmonitor.states.isEmpty, "\(netmonitor.states)")
    }
}
