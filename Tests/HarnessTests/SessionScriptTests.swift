import AppContract
import AppSession
import CaptureFiles
import CaptureAnalysis
import Fixture
import Foundation
import StrictYAML
import Testbed
import Testing
import Wire
@testable import Harness
import AppInputs

@Suite("Session scripts")
struct SessionScriptTests {
    /// The error `text` is refused with.
    static func refusal(_ text: String) throws -> YAMLInputError {
        do {
            _ = try SessionScriptLoader.load(text: text, file: "s.yaml")
        } catch let error as YAMLInputError {
            return error
        }
        throw LoadedAnyway()
    }
    struct LoadedAnyway: Error {}

    @Test("the built-in scenarios are scripts that load, and name only targets the harness binds")
    func builtins() throws {
        let names = SessionScriptLoader.builtinNames()
        for name in [
            "scan", "ping-during-scan", "ports-during-scan", "tools-then-scan", "thermal-mid-scan", "adr-016", "rescan",
            "tools-during-scan", "background", "local-network-denied", "local-network-unreachable", "netdiag-tools",
        ] {
            #expect(names.contains(name))
            let script = try SessionScriptLoader.load(name)
            #expect(script.name == name)
            #expect(
                SessionScriptLoader.variables(in: script).isSubset(
                    of: Set(SessionTargets.names + SessionLookupTargets.names)
                )
            )
            #expect(try Scenario.parse(name) == Scenario.builtin(name))
        }
        let adr = try SessionScriptLoader.load("adr-016")
        #expect(adr.actions.map(\.atSeconds) == [3, 4, 5, 8])
        #expect(adr.actions[1].what == .cancel(.ports))
        #expect(adr.actions[3].what == .thermal(.serious))
    }

    @Test("mistakes are refused with the line that holds them and a fix")
    func mistakes() throws {
        let two = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scan: {}, thermal: serious}\n")
        #expect(two.line == 3 && "\(two)".contains("exactly one"), "\(two)")
        let typo = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scna: {}}\n")
        #expect(typo.line == 3 && typo.fix.contains("scan"))
        let target = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    ping: {target: router}\n")
        #expect(target.line == 4 && target.fix.contains("--target"))
        let twice = try Self.refusal("name: x\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 9, scan: {}}\n")
        #expect(
            twice.line == 4 && twice.message.contains("overlap") && twice.fix.contains("{at_s: 4.5, cancel: scan}"),
            "\(twice)"
        )
        // Listed out of order, the overlap is still found at the later scan's line.
        let unsorted = try Self.refusal("name: x\nactions:\n  - {at_s: 9, scan: {}}\n  - {at_s: 0, scan: {}}\n")
        #expect(unsorted.line == 3 && unsorted.message.contains("started at 0 s"), "\(unsorted)")
        let sameSecond = try Self.refusal(
            "name: x\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 2, cancel: scan}\n  - {at_s: 2, scan: {}}\n"
        )
        #expect(sameSecond.line == 5 && sameSecond.fix.contains("2.05"), "\(sameSecond)")
        let late = try Self.refusal("name: x\nactions:\n  - {at_s: 5000, scan: {}}\n")
        #expect(late.line == 3)
        let state = try Self.refusal("name: x\nactions:\n  - {at_s: 1, scan: {}}\n  - {at_s: 2, thermal: hot}\n")
        #expect(state.line == 4 && state.fix.contains("serious"))
        #expect(throws: HarnessError.self) { try Scenario.parse("surf") }
    }

    @Test("the monitor and cert actions: defaults, variables, and mistakes refused at their line")
    func monitorAction() throws {
        let script = try SessionScriptLoader.load(
            text: """
                name: x
                actions:
                  - {at_s: 0, monitor: {targets: [$ping_target, $down_target, 198.18.0.1]}}
                """,
            file: "x.yaml"
        )
        #expect(
            script.actions[0].what
                == .monitor(
                    .init(targets: ["$ping_target", "$down_target", "198.18.0.1"], rounds: 3, intervalMs: 1000)
                )
        )
        #expect(SessionScriptLoader.variables(in: script) == ["ping_target", "down_target"])
        let host = try Self.refusal(
            "name: x\nactions:\n  - at_s: 1\n    monitor:\n      targets: [198.18.0.1, router]\n"
        )
        #expect(host.line == 5 && host.fix.contains("--target"), "\(host)")
        let none = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    monitor: {targets: []}\n")
        #expect(none.line == 4 && none.fix.contains("1 to 50"), "\(none)")
        let cert = try SessionScriptLoader.load(
            text: "name: x\nactions:\n  - {at_s: 0, cert: {endpoint: $tls_endpoint}}\n",
            file: "x.yaml"
        )
        #expect(cert.actions[0].what == .cert(.init(endpoint: "$tls_endpoint")))
        #expect(SessionScriptLoader.variables(in: cert) == ["tls_endpoint"])
        let spaced = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    cert: {endpoint: 'nas 443'}\n")
        #expect(spaced.line == 4 && spaced.fix.contains("$tls_endpoint"), "\(spaced)")
        let fast = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    monitor: {targets: [$a], interval_ms: 5}\n")
        #expect(fast.line == 4 && fast.message.contains("interval_ms 5"), "\(fast)")
    }

    @Test("trace, dns and whois actions: defaults, variables, and mistakes refused at their line")
    func lookupActions() throws {
        let script = try SessionScriptLoader.load(
            text: """
                name: x
                actions:
                  - {at_s: 0, trace: {target: $trace_target}}
                  - {at_s: 1, dns: {name: $dns_name}}
                  - {at_s: 2, dns: {name: 198.18.0.10, type: ptr}}
                  - {at_s: 3, whois: {query: $whois_query, server: $whois_server}}
                  - {at_s: 4, whois: {query: netmonitor.example}}
                """,
            file: "x.yaml"
        )
        #expect(script.actions[0].what == .trace(.init(target: "$trace_target")))
        #expect(script.actions[1].what == .dns(.init(name: "$dns_name", type: "A")))
        #expect(script.actions[3].what == .whois(.init(query: "$whois_query", server: "$whois_server")))
        #expect(script.actions[4].what == .whois(.init(query: "netmonitor.example", server: nil)))
        #expect(
            SessionScriptLoader.variables(in: script) == ["trace_target", "dns_name", "whois_query", "whois_server"]
        )
        let host = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    trace: {target: router}\n")
        #expect(host.line == 4 && host.fix.contains("--target"), "\(host)")
        let type = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    dns: {name: gw.home.arpa, type: AXFR}\n")
        #expect(type.line == 4 && type.message.contains("AXFR") && type.fix.contains("SOA"), "\(type)")
        let spaced = try Self.refusal("name: x\nactions:\n  - at_s: 1\n    whois: {query: 'two words'}\n")
        #expect(spaced.line == 4 && spaced.fix.contains("netmonitor.example"), "\(spaced)")
        let unknown = try Self.refusal(
            "name: x\nactions:\n  - {at_s: 1, whois: {query: a.example, sever: whois.iana.example}}\n"
        )
        #expect(unknown.line == 3 && unknown.fix.contains("server"), "\(unknown)")
        let missing = try Self.refusal("name: x\nactions:\n  - {at_s: 1, dns: {type: A}}\n")
        #expect(missing.line == 3, "\(missing)")
    }

    @Test(
        "on home the harness binds the lookup tools to the routed server, the gateway's name and the WHOIS chain's start"
    )
    func lookupBindings() throws {
        let fixture = try FixtureLoader.load(try FixtureLoader.resolve("home"))
        let truth = GroundTruth(
            fixture: fixture,
            fixturePath: "fixtures/lans/home.yaml",
            plan: TestbedPlan(fixture: fixture, names: TestbedNames(id: "x"))
        )
        let lookups = SessionLookupTargets(truth: truth)
        #expect(lookups.value(named: "trace_target") == "198.19.200.10")
        #expect(lookups.value(named: "dns_name") == "fritz-box.home.arpa")
        #expect(lookups.value(named: "whois_query") == "netmonitor.example")
        #expect(lookups.value(named: "whois_server") == "whois.iana.example")
        #expect(lookups.value(named: "ping_target") == nil)
        #expect(
            SessionLookupScorer.traceHops(
                "traceroute to 198.19.200.10 (198.19.200.10), 30 hops max, 60 byte packets\n 1  198.18.0.1  0.1 ms\n 2  *\n 3  198.19.200.10  1.0 ms\n"
            )
                == ["198.18.0.1", "*", "198.19.200.10"]
        )
    }

    @Test("a rescan after cancel: scan is accepted (rescan.yaml)")
    func rescan() throws {
        let script = try SessionScriptLoader.load("rescan")
        #expect(script.actions.filter { $0.what == .scan }.count == 2)
        _ = try SessionScriptLoader.load(
            text:
                "name: x\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 30, cancel: scan}\n  - {at_s: 31, scan: {}}\n",
            file: "x.yaml"
        )
    }

    @Test("a user's script by path is named by its name: field")
    func userScript() throws {
        let path = NSTemporaryDirectory() + "session-\(UUID().uuidString).yaml"
        try "name: mine\nactions:\n  - {at_s: 0, ping: {target: $ping_target, count: 3}}\n  - {at_s: 1, scan: {}}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scenario = try Scenario.parse(path)
        #expect(scenario.name == "mine" && scenario.script == path)
    }

    @Test("ping attempts are matched to the same attempt on the wire: echo by time, TCP by the port that answered")
    func wireMatching() {
        let target = IPv4Address("198.18.0.20")!
        let prober = IPv4Address("198.18.0.50")!
        let samples = [
            RTTSample(
                kind: .icmpEcho,
                prober: prober,
                target: target,
                sentAt: 1_000_000_000,
                rtt: 2_000_000,
                detail: 1
            ),
            RTTSample(
                kind: .icmpEcho,
                prober: prober,
                target: target,
                sentAt: 1_200_000_000,
                rtt: 3_000_000,
                detail: 2
            ),
            RTTSample(kind: .tcpSyn, prober: prober, target: target, sentAt: 1_200_000_500, rtt: 4_000_000, detail: 80),
        ]
        let echo = SessionReport.PingReply(sequence: 2, sentUnixNs: 1_199_999_000, method: "icmp")
        #expect(SessionTargets.wireSample(for: echo, in: samples)?.rtt == 3_000_000)
        let tcp = SessionReport.PingReply(sequence: 2, sentUnixNs: 1_199_999_000, method: "tcp:80")
        #expect(SessionTargets.wireSample(for: tcp, in: samples)?.rtt == 4_000_000)
        let early = SessionReport.PingReply(sequence: 9, sentUnixNs: 5_000_000_000, method: "icmp")
        #expect(SessionTargets.wireSample(for: early, in: samples) == nil)
    }

    @Test("background: {} parses, does nothing by itself, and may come once")
    func background() throws {
        let script = try SessionScriptLoader.load(
            text: "name: b\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 2, background: {}}\n",
            file: "s.yaml"
        )
        #expect(script.actions.map(\.what) == [.scan, .background])
        let alone = try Self.refusal("name: b\nactions:\n  - {at_s: 2, background: {}}\n")
        #expect(alone.message.contains("does nothing"), "\(alone)")
        let twice = try Self.refusal(
            "name: b\nactions:\n  - {at_s: 0, scan: {}}\n  - {at_s: 2, background: {}}\n  - {at_s: 3, background: {}}\n"
        )
        #expect(twice.message.contains("already in the background") && twice.line == 5, "\(twice)")
    }

    @Test(
        "local_network: absent is allowed; denied drops the LAN, multicast and broadcast below the app; unreachable rejects unicast"
    )
    func localNetwork() throws {
        #expect(try SessionScriptLoader.load("scan").localNetwork == nil)
        #expect(try SessionScriptLoader.load("local-network-denied").localNetwork == .denied)
        #expect(try SessionScriptLoader.load("local-network-unreachable").localNetwork == .deniedUnreachable)
        let wrong = try Self.refusal("name: l\nlocal_network: maybe\nactions:\n  - {at_s: 0, scan: {}}\n")
        #expect(wrong.line == 2, "\(wrong)")
        let subnet = try #require(IPv4Network("198.18.0.0/24"))
        let own = try #require(IPv4Address("198.18.0.10"))
        #expect(LocalNetworkDenial.ruleset(.allowed, subnet: subnet, own: own) == nil)
        let denied = try #require(LocalNetworkDenial.ruleset(.denied, subnet: subnet, own: own))
        #expect(denied.contains("ip daddr 198.18.0.10 accept"))
        #expect(denied.contains("ip daddr 198.18.0.0/24 drop"))
        #expect(denied.contains("ip daddr { 224.0.0.0/4, 255.255.255.255 } drop"))
        #expect(denied.contains("hook input") && denied.contains("198.18.0.255 } drop"))
        let unreachable = try #require(LocalNetworkDenial.ruleset(.deniedUnreachable, subnet: subnet, own: own))
        #expect(unreachable.contains("ip daddr 198.18.0.0/24 reject with icmp type host-unreachable"))
        // The own address is accepted before the subnet's rule, or the rejection's answer is dropped too.
        let ownAt = try #require(unreachable.range(of: "198.18.0.10 accept")).lowerBound
        let subnetAt = try #require(unreachable.range(of: "198.18.0.0/24 reject")).lowerBound
        #expect(ownAt < subnetAt)
    }
}
