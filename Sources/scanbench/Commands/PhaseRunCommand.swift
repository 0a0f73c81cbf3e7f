import AppContract
import Platform
import ArgumentParser
import Foundation
import ScanKit
import Wire
import AppInputs

/// `scanbench phase-run bonjour|ssdp`: runs one listening phase alone on an interface and prints
/// what it found. A diagnostic (and the integration tests' path) for the Bonjour and SSDP phases
/// before and beside `scanbench scan`; hidden from help.
struct PhaseRunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phase-run",
        abstract: "Run the Bonjour or SSDP phase alone and print what it found (diagnostic).",
        shouldDisplay: false
    )

    @Argument(help: "bonjour or ssdp.")
    var phase: String

    @Option(help: "Strategy name or path (default: netmonitor-2.0).")
    var strategy = "netmonitor-2.0"

    @Option(help: "Interface to use (required; e.g. eth0 inside the testbed).")
    var interface: String

    @Option(help: "Override: Bonjour fixed window or SSDP window, in ms.")
    var windowMs: Int?

    @Option(help: "Override: SSDP MX.")
    var mx: Int?

    @Option(help: "Override: Bonjour service types, comma-separated, one tier.")
    var types: String?

    @Option(help: "Write the event log (JSONL) here.")
    var events: String?

    mutating func run() async throws {
        var strategy = try StrategyLoader.load(self.strategy)
        guard let (address, prefix) = Self.ipv4(of: interface) else {
            throw ValidationError("interface '\(interface)' has no IPv4 address; run inside the testbed (testbed exec)")
        }
        let network = IPv4Network(address: address, prefixLength: prefix)
        let log: EventLog = try events.map { try EventLog(path: $0) } ?? EventLog()
        defer { log.close() }
        let context = ScanContext(network: network, hosts: [], localIP: address, interface: interface, events: log)
        let accumulator = ScanAccumulator(events: log)
        let start = MonotonicClock.now()
        var output: [String: Any] = [:]
        switch phase {
        case "bonjour":
            if let windowMs {
                strategy.bonjour.window.mode = .fixed
                strategy.bonjour.window.fixedMs = windowMs
            }
            if let types { strategy.bonjour.tiers = [types.split(separator: ",").map(String.init)] }
            strategy.bonjour.browseFrom = .phaseStart
            let phase = BonjourScanPhase(strategy: strategy, events: log)
            await phase.execute(context: context, accumulator: accumulator) { _ in }
            output["services"] = phase.browser.services.map { ["name": $0.name, "type": $0.type, "domain": $0.domain] }
            output["resolved"] = phase.resolvedServices.map {
                [
                    "instance": $0.service.name, "type": $0.service.type, "host": $0.hostName ?? "", "ip": "\($0.ip)",
                    "port": $0.port, "accepted": $0.accepted,
                ] as [String: Any]
            }
        case "ssdp":
            if let windowMs { strategy.ssdp.windowMs = windowMs }
            if let mx { strategy.ssdp.mx = mx }
            let phase = SSDPScanPhase(strategy: strategy, events: log)
            await phase.execute(context: context, accumulator: accumulator) { _ in }
            output["responses"] = phase.responses.map {
                ["sender": "\($0.sender)", "ip": $0.ip.map { "\($0)" } ?? "", "after_ms": $0.afterMs] as [String: Any]
            }
        default:
            throw ValidationError("unknown phase '\(phase)'; use bonjour or ssdp")
        }
        output["devices"] = await accumulator.sortedSnapshot().map {
            ["ip": "\($0.ip)", "hostname": $0.hostname ?? ""]
        }
        output["elapsed_ms"] = Int((MonotonicClock.now() - start) / 1_000_000)
        let data = try JSONSerialization.data(withJSONObject: output, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }

    /// The first IPv4 address and prefix length of `name`.
    static func ipv4(of name: String) -> (IPv4Address, Int)? {
        NetworkInterfaces.ipv4Address(of: name).map { ($0.address, $0.prefixLength) }
    }
}
