import Foundation
import StrictYAML
import Testing
@testable import AppInputs

/// How the strategy schema refuses, frozen: the error (file, line, message, fix with its unit) for
/// each out-of-range number and a few misspelt keys, taken from the hand-written schema before its
/// knobs became declarations (issue 42). Until that change landed the file also held every preset as
/// loaded, the search space and the known keys, which the declarations reproduced exactly; those
/// change with every new knob, so they are not kept. `SCANBENCH_WRITE_SNAPSHOT=1` prints the text to paste
/// into `frozen` after an intended change.
@Suite("Strategy snapshot: the schema refuses as frozen")
struct StrategySnapshotTests {
    /// Dotted key → a value out of range, one per number the validator checks.
    static let outOfRange: [(String, String)] = [
        ("subnet.max_hosts", "0"), ("budget.limit", "0"), ("pipeline.phase_deadline_ms", "700000"),
        ("arp.pace_every", "-1"), ("arp.pace_sleep_ms", "10001"), ("arp.settle_ms", "30001"),
        ("arp.read_every_ms", "-1"),
        ("arp.retry_rounds", "6"), ("arp.poke_port", "0"),
        ("bonjour.tier_delay_ms", "-1"), ("bonjour.window.fixed_ms", "0"), ("bonjour.window.poll_ms", "9"),
        ("bonjour.window.quiet_ms", "0"), ("bonjour.window.min_ms", "-1"), ("bonjour.window.max_ms", "120001"),
        ("bonjour.max_services", "0"), ("bonjour.resolve_concurrency", "257"), ("bonjour.resolve_timeout_ms", "0"),
        ("bonjour.callback_debounce_ms", "-1"),
        ("tcp.host_concurrency", "0"), ("tcp.ports_in_flight", "65"), ("tcp.timeouts.primary_ms", "0"),
        ("tcp.timeouts.secondary_ms", "60001"), ("tcp.timeouts.floor_ms", "0"), ("tcp.timeouts.ceiling_ms", "60001"),
        ("tcp.timeouts.min_samples", "0"),
        ("enrichment.base_timeout_ms", "0"), ("enrichment.concurrency", "1025"),
        ("ssdp.mx", "6"), ("ssdp.window_ms", "99"), ("ssdp.ready_timeout_ms", "0"),
        ("icmp.timeout_ms", "0"), ("ptr.concurrency", "0"), ("ptr.timeout_ms", "60001"),
        ("publishing.percent", "0"), ("publishing.interval_ms", "0"), ("publishing.device_flush_ms", "-1"),
        ("tools.ping.timeout_ms", "0"), ("tools.port_scanner.max_concurrent", "1001"),
        ("tools.port_scanner.timeout_ms", "0"),
        ("classify.top_ports", "65536"), ("classify.bonjour_window_ms", "-1"), ("classify.ssdp_window_ms", "999"),
        ("classify.timeout_ms", "0"), ("classify.host_concurrency", "1025"),
        ("tcp.host_concurency", "3"), ("bonjour.window.quiet", "3"), ("arp.setle_ms", "3"), ("bind_to_iface", "true"),
        ("tcp.concurrency", "3"), ("tcp.timeouts", "3"),
    ]

    /// `section.sub.key: value` as a strategy file.
    static func yaml(_ path: String, _ value: String) -> String {
        let parts = path.split(separator: ".")
        var text = "name: snapshot\n"
        for (depth, part) in parts.enumerated() {
            text +=
                String(repeating: "  ", count: depth) + part + ":" + (depth == parts.count - 1 ? " \(value)\n" : "\n")
        }
        return text
    }

    static func render() -> String {
        var out = "# errors\n"
        for (path, value) in outOfRange {
            do {
                _ = try StrategyLoader.load(text: yaml(path, value), file: "s.yaml")
                out += "\(path)=\(value): loads\n"
            } catch {
                out += "\(path)=\(value): \(error)\n"
            }
        }
        return out
    }

    @Test("each out-of-range number and misspelt key is refused as frozen")
    func matchesTheSnapshot() throws {
        let now = Self.render()
        if ProcessInfo.processInfo.environment["SCANBENCH_WRITE_SNAPSHOT"] != nil { print(now) }
        let lines = (
            frozen: Self.frozen.split(separator: "\n", omittingEmptySubsequences: false),
            now: now.split(separator: "\n", omittingEmptySubsequences: false)
        )
        let first = zip(lines.frozen, lines.now).enumerated().first { $0.element.0 != $0.element.1 }
        let place = (first?.offset ?? min(lines.frozen.count, lines.now.count)) + 1
        #expect(
            Self.frozen == now,
            "differs at line \(place): \(first.map { "\($0.element.0) → \($0.element.1)" } ?? "length")"
        )
    }

    /// `render()` on the hand-written schema (8287028), before the knobs became declarations.
    static let frozen = #"""
        # errors
        subnet.max_hosts=0: s.yaml:3:14: error: subnet.max_hosts: max_hosts 0 is out of range
          fix: write 1 to 65534 hosts
        budget.limit=0: s.yaml:3:10: error: budget.limit: limit 0 is out of range
          fix: write 1 to 10000 slots, or none
        pipeline.phase_deadline_ms=700000: s.yaml:3:22: error: pipeline.phase_deadline_ms: phase_deadline_ms 700000 is out of range
          fix: write 1 to 600000 milliseconds, or none
        arp.pace_every=-1: s.yaml:3:15: error: arp.pace_every: pace_every -1 is out of range
          fix: write 0 to 100000 packets (0 = no pacing)
        arp.pace_sleep_ms=10001: s.yaml:3:18: error: arp.pace_sleep_ms: pace_sleep_ms 10001 is out of range
          fix: write 0 to 10000 milliseconds
        arp.settle_ms=30001: s.yaml:3:14: error: arp.settle_ms: settle_ms 30001 is out of range
          fix: write 0 to 30000 milliseconds
        arp.read_every_ms=-1: s.yaml:3:18: error: arp.read_every_ms: read_every_ms -1 is out of range
          fix: write 0 to 30000 milliseconds (0 = once, after the settle)
        arp.retry_rounds=6: s.yaml:3:17: error: arp.retry_rounds: retry_rounds 6 is out of range
          fix: write 0 to 5 rounds
        arp.poke_port=0: s.yaml:3:14: error: arp.poke_port: port 0 is out of range
          fix: write a port from 1 to 65535
        bonjour.tier_delay_ms=-1: s.yaml:3:18: error: bonjour.tier_delay_ms: tier_delay_ms -1 is out of range
          fix: write 0 to 60000 milliseconds
        bonjour.window.fixed_ms=0: s.yaml:4:15: error: bonjour.window.fixed_ms: fixed_ms 0 is out of range
          fix: write 1 to 120000 milliseconds
        bonjour.window.poll_ms=9: s.yaml:4:14: error: bonjour.window.poll_ms: poll_ms 9 is out of range
          fix: write 10 to 10000 milliseconds
        bonjour.window.quiet_ms=0: s.yaml:4:15: error: bonjour.window.quiet_ms: quiet_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        bonjour.window.min_ms=-1: s.yaml:4:13: error: bonjour.window.min_ms: min_ms -1 is out of range
          fix: write 0 to 120000 milliseconds
        bonjour.window.max_ms=120001: s.yaml:4:13: error: bonjour.window.max_ms: max_ms 120001 is out of range
          fix: write 1 to 120000 milliseconds
        bonjour.max_services=0: s.yaml:3:17: error: bonjour.max_services: max_services 0 is out of range
          fix: write 1 to 10000 services
        bonjour.resolve_concurrency=257: s.yaml:3:24: error: bonjour.resolve_concurrency: resolve_concurrency 257 is out of range
          fix: write 1 to 256 resolves
        bonjour.resolve_timeout_ms=0: s.yaml:3:23: error: bonjour.resolve_timeout_ms: resolve_timeout_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        bonjour.callback_debounce_ms=-1: s.yaml:3:25: error: bonjour.callback_debounce_ms: callback_debounce_ms -1 is out of range
          fix: write 0 to 60000 milliseconds (0 = hand each result over at once)
        tcp.host_concurrency=0: s.yaml:3:21: error: tcp.host_concurrency: host_concurrency 0 is out of range
          fix: write 1 to 1024 hosts
        tcp.ports_in_flight=65: s.yaml:3:20: error: tcp.ports_in_flight: ports_in_flight 65 is out of range
          fix: write 1 to 64 probes
        tcp.timeouts.primary_ms=0: s.yaml:4:17: error: tcp.timeouts.primary_ms: primary_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        tcp.timeouts.secondary_ms=60001: s.yaml:4:19: error: tcp.timeouts.secondary_ms: secondary_ms 60001 is out of range
          fix: write 1 to 60000 milliseconds
        tcp.timeouts.floor_ms=0: s.yaml:4:15: error: tcp.timeouts.floor_ms: floor_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        tcp.timeouts.ceiling_ms=60001: s.yaml:4:17: error: tcp.timeouts.ceiling_ms: ceiling_ms 60001 is out of range
          fix: write 1 to 60000 milliseconds
        tcp.timeouts.min_samples=0: s.yaml:4:18: error: tcp.timeouts.min_samples: min_samples 0 is out of range
          fix: write 1 to 1000 samples
        enrichment.base_timeout_ms=0: s.yaml:3:20: error: enrichment.base_timeout_ms: base_timeout_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        enrichment.concurrency=1025: s.yaml:3:16: error: enrichment.concurrency: concurrency 1025 is out of range
          fix: write 1 to 1024 devices
        ssdp.mx=6: s.yaml:3:7: error: ssdp.mx: mx 6 is out of range
          fix: write 1 to 5 seconds (UPnP allows 1-5)
        ssdp.window_ms=99: s.yaml:3:14: error: ssdp.window_ms: window_ms 99 is out of range
          fix: write 100 to 60000 milliseconds
        ssdp.ready_timeout_ms=0: s.yaml:3:21: error: ssdp.ready_timeout_ms: ready_timeout_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        icmp.timeout_ms=0: s.yaml:3:15: error: icmp.timeout_ms: timeout_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        ptr.concurrency=0: s.yaml:3:16: error: ptr.concurrency: concurrency 0 is out of range
          fix: write 1 to 256 lookups
        ptr.timeout_ms=60001: s.yaml:3:15: error: ptr.timeout_ms: timeout_ms 60001 is out of range
          fix: write 1 to 60000 milliseconds
        publishing.percent=0: s.yaml:3:12: error: publishing.percent: percent 0.0 is out of range
          fix: write a progress step from 0.1 to 100
        publishing.interval_ms=0: s.yaml:3:16: error: publishing.interval_ms: interval_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        publishing.device_flush_ms=-1: s.yaml:3:20: error: publishing.device_flush_ms: device_flush_ms -1 is out of range
          fix: write 0 to 60000 milliseconds (0 = the list goes with every publish)
        tools.ping.timeout_ms=0: s.yaml:4:17: error: tools.ping.timeout_ms: timeout_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        tools.port_scanner.max_concurrent=1001: s.yaml:4:21: error: tools.port_scanner.max_concurrent: max_concurrent 1001 is out of range
          fix: write 1 to 1000 ports in flight
        tools.port_scanner.timeout_ms=0: s.yaml:4:17: error: tools.port_scanner.timeout_ms: timeout_ms 0 is out of range
          fix: write 1 to 60000 milliseconds
        classify.top_ports=65536: s.yaml:3:14: error: classify.top_ports: top_ports 65536 is out of range
          fix: write 0 to 65535 of nmap's most frequently open ports (0 = none)
        classify.bonjour_window_ms=-1: s.yaml:3:22: error: classify.bonjour_window_ms: bonjour_window_ms -1 is out of range
          fix: write 0 to 120000 milliseconds (0 = no browse)
        classify.ssdp_window_ms=999: s.yaml:3:19: error: classify.ssdp_window_ms: ssdp_window_ms 999 is out of range
          fix: write 1000 to 6000 milliseconds, or 0 for no search
        classify.timeout_ms=0: s.yaml:3:15: error: classify.timeout_ms: timeout_ms 0 is out of range
          fix: write 1 to 30000 milliseconds
        classify.host_concurrency=1025: s.yaml:3:21: error: classify.host_concurrency: host_concurrency 1025 is out of range
          fix: write 1 to 1024 devices
        tcp.host_concurency=3: s.yaml:3:3: error: unknown key 'host_concurency' in tcp
          fix: did you mean 'host_concurrency'? (keys are listed in docs/STRATEGIES.md)
        bonjour.window.quiet=3: s.yaml:4:5: error: unknown key 'quiet' in bonjour.window
          fix: remove it; the keys this file takes are listed in docs/STRATEGIES.md
        arp.setle_ms=3: s.yaml:3:3: error: unknown key 'setle_ms' in arp
          fix: did you mean 'settle_ms'? (keys are listed in docs/STRATEGIES.md)
        bind_to_iface=true: s.yaml:2:1: error: unknown key 'bind_to_iface' in (top level)
          fix: did you mean 'bind_to_interface'? (keys are listed in docs/STRATEGIES.md)
        tcp.concurrency=3: s.yaml:3:3: error: unknown key 'concurrency' in tcp
          fix: did you mean 'concurrency'? (keys are listed in docs/STRATEGIES.md)
        tcp.timeouts=3: s.yaml:3:13: error: tcp.timeouts: expected a mapping (key: value lines)
          fix: write a mapping (key: value lines) here (see docs/STRATEGIES.md)

        """#
}
