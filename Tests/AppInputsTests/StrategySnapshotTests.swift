import Foundation
import StrictYAML
import Testing
@testable import AppInputs

/// What the strategy schema does, frozen: every preset as it loads, `tune`'s search space, the keys
/// the loader knows, and the error for each out-of-range number and each misspelt key. Taken from the
/// hand-written schema before its knobs became declarations (issue 42), so the declarations must
/// load, refuse and tune exactly as it did. `SCANBENCH_WRITE_SNAPSHOT=1` rewrites the file.
@Suite("Strategy snapshot: the schema loads, refuses and tunes as frozen")
struct StrategySnapshotTests {
    static let file: URL = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/strategy-schema.txt")
    }()

    /// Dotted key → a value out of range, one per number the validator checks.
    static let outOfRange: [(String, String)] = [
        ("subnet.max_hosts", "0"), ("budget.limit", "0"), ("pipeline.phase_deadline_ms", "700000"),
        ("arp.pace_every", "-1"), ("arp.pace_sleep_ms", "10001"), ("arp.settle_ms", "30001"), ("arp.read_every_ms", "-1"),
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
        ("tools.ping.timeout_ms", "0"), ("tools.port_scanner.max_concurrent", "1001"), ("tools.port_scanner.timeout_ms", "0"),
        ("classify.top_ports", "65536"), ("classify.bonjour_window_ms", "-1"), ("classify.ssdp_window_ms", "999"),
        ("classify.timeout_ms", "0"), ("classify.host_concurrency", "1025"),
        ("tcp.host_concurency", "3"), ("bonjour.window.quiet", "3"), ("arp.setle_ms", "3"), ("bind_to_iface", "true"),
        ("tcp.concurrency", "3"), ("tcp.timeouts", "3"), ("classify.deep_probe", "own\nclassify:\n  top_ports: 0"),
    ]

    /// `section.sub.key: value` as a strategy file.
    static func yaml(_ path: String, _ value: String) -> String {
        let parts = path.split(separator: ".")
        var text = "name: snapshot\n"
        for (depth, part) in parts.enumerated() {
            text += String(repeating: "  ", count: depth) + part + ":" + (depth == parts.count - 1 ? " \(value)\n" : "\n")
        }
        return text
    }

    static func render() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var out = "# presets\n"
        for name in StrategyLoader.builtinNames().sorted() {
            let strategy = try StrategyLoader.load(name)
            out += "## \(name)\n" + String(decoding: try encoder.encode(strategy), as: UTF8.self) + "\n"
        }
        out += "## default\n" + String(decoding: try encoder.encode(Strategy()), as: UTF8.self) + "\n"
        out += "# search space\n" + Strategy.searchSpace.map { "\($0.key): \($0.summary)" }.joined(separator: "\n") + "\n"
        out += "# known keys\n" + StrategyLoader.knownKeys.sorted().joined(separator: " ") + "\n"
        out += "# errors\n"
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

    @Test("presets, search space, known keys and errors are as frozen")
    func matchesTheSnapshot() throws {
        let now = try Self.render()
        if ProcessInfo.processInfo.environment["SCANBENCH_WRITE_SNAPSHOT"] != nil {
            try FileManager.default.createDirectory(at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try now.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let frozen = try String(contentsOf: Self.file, encoding: .utf8)
        let (a, b) = (frozen.split(separator: "\n", omittingEmptySubsequences: false), now.split(separator: "\n", omittingEmptySubsequences: false))
        let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(frozen == now, "differs from \(Self.file.path) at line \((first?.offset ?? min(a.count, b.count)) + 1): \(first.map { "\($0.element.0) → \($0.element.1)" } ?? "length")")
    }
}
