import AppContract
import Platform

import Foundation
import Synchronization
import Wire
@testable import ScanKit
@testable import AppInputs

/// Builds what a knob check needs: a strategy from YAML with the knob set by its path, the phase
/// the runner would build from it, a loopback context, and the event log to read the result from.
enum Knob {
    /// A strategy loaded (decoded and validated) from YAML assembled from dotted knob paths.
    /// - Parameters:
    ///   - knobs: path → YAML value, e.g. `["tcp.timeouts.mode": "fixed", "budget.limit": "none"]`.
    ///   - phases: the phases left enabled; the others get `<section>.enabled: false` unless `knobs` sets it.
    static func strategy(_ knobs: [String: String], phases: Set<PhaseKind> = Set(PhaseKind.allCases)) throws -> Strategy
    {
        var all = knobs
        if all["name"] == nil { all["name"] = "knob-test" }
        for kind in PhaseKind.allCases where !phases.contains(kind) {
            let key = "\(StrategyValidator.section(of: kind)).enabled"
            if all[key] == nil { all[key] = "false" }
        }
        return try StrategyLoader.load(text: yaml(all), file: "knob-test.yaml")
    }

    /// Block YAML for dotted paths (`a.b.c: v` → `a:\n  b:\n    c: v`).
    static func yaml(_ knobs: [String: String]) -> String {
        final class Node {
            var value: String?
            var children: [(String, Node)] = []
            func child(_ key: String) -> Node {
                if let found = children.first(where: { $0.0 == key }) { return found.1 }
                let node = Node()
                children.append((key, node))
                return node
            }
        }
        let root = Node()
        for (path, value) in knobs.sorted(by: { $0.key < $1.key }) {
            var node = root
            for key in path.split(separator: ".") { node = node.child(String(key)) }
            node.value = value
        }
        func render(_ node: Node, indent: String) -> String {
            node.children.map { key, child in
                if let value = child.value { return "\(indent)\(key): \(value)\n" }
                return "\(indent)\(key):\n" + render(child, indent: indent + "  ")
            }.joined()
        }
        return render(root, indent: "")
    }

    /// The phase the standard registry builds for `kind`, as the runner would at scan start.
    static func phase(
        _ kind: PhaseKind,
        _ strategy: Strategy,
        log: EventLog,
        randomPort: Int? = nil,
        interface: String = "lo"
    ) -> any ScanPhase {
        PhaseRegistry.standard.make(
            kind,
            input: PhaseBuildInput(
                strategy: strategy,
                scanStartNs: MonotonicClock.now(),
                randomEnrichmentPort: randomPort,
                events: log,
                interface: interface,
                localIP: Loopback.scanner
            )
        )
    }

    /// A context on loopback as the runner makes it: 127.0.0.0/8, our address 127.0.0.1, sockets
    /// bound to `interface` when the strategy binds.
    static func context(
        _ strategy: Strategy,
        hosts: [IPv4Address] = [],
        log: EventLog,
        interface: String = "lo",
        gateway: IPv4Address? = nil,
        thermal: ThermalThrottle = ThermalThrottle()
    ) -> ScanContext {
        ScanContext(
            network: Loopback.network,
            hosts: hosts,
            localIP: Loopback.scanner,
            gateway: gateway,
            interface: strategy.bindToInterface ? interface : nil,
            budget: StructuredConnectionBudget(limit: nil, events: log),
            thermal: thermal,
            events: log
        )
    }

    /// Runs a phase to its end; returns the milliseconds it took.
    @discardableResult
    static func run(
        _ phase: any ScanPhase,
        _ context: ScanContext,
        _ accumulator: ScanAccumulator = ScanAccumulator()
    ) async -> Double {
        let start = MonotonicClock.now()
        await phase.execute(context: context, accumulator: accumulator, progress: { _ in })
        return ms(MonotonicClock.now() - start)
    }

    /// A whole scan through `ScanRunner` on `lo` with `registry`.
    static func scan(
        _ strategy: Strategy,
        registry: PhaseRegistry = stubs(),
        seed: UInt64 = 1
    ) async throws
        -> (report: ScanReport, events: [EventRecord])
    {
        let log = EventLog()
        var runner = ScanRunner(
            strategy: strategy,
            interface: "lo",
            registry: registry,
            events: log,
            observerFactory: nil
        )
        runner.seed = seed
        let report = try await runner.run()
        return (report, log.records())
    }

    /// A registry whose every phase is a do-nothing stub with the right id; `overrides` replace some.
    static func stubs(_ overrides: [PhaseKind: PhaseRegistry.Factory] = [:]) -> PhaseRegistry {
        var registry = PhaseRegistry()
        for kind in PhaseKind.allCases {
            registry.register(kind, overrides[kind] ?? { _ in StubPhase(id: kind.rawValue, weight: kind.weight) })
        }
        return registry
    }

    static func ms(_ ns: UInt64) -> Double { Double(ns) / 1_000_000 }
}

/// A phase with a phase kind's id that sleeps, optionally ignoring cancellation.
struct SleepingPhase: ScanPhase {
    var id: String
    var displayName = "Sleeping…"
    var weight = 1.0
    var ms: Int
    var ignoresCancellation = false

    func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        if ignoresCancellation {
            let ms = ms
            await Task.detached { try? await Task.sleep(for: .milliseconds(ms)) }.value
        } else {
            try? await Task.sleep(for: .milliseconds(ms))
        }
    }
}

/// A phase that, after `delayMs`, has `holders` tasks each hold a budget slot for `holdMs`.
struct SlotHoldingPhase: ScanPhase {
    var id = PhaseKind.tcpProbe.rawValue
    var displayName = "Holding slots…"
    var weight = 1.0
    var holders: Int
    var holdMs = 30
    var delayMs = 0

    func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        try? await Task.sleep(for: .milliseconds(delayMs))
        let holdMs = holdMs
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<holders {
                group.addTask {
                    _ = try? await context.budget.withConnectionSlot {
                        try? await Task.sleep(for: .milliseconds(holdMs))
                    }
                }
            }
        }
    }
}

/// Readings from an event log.
extension Array where Element == EventRecord {
    /// One connection: when it was made and when it ended (`cancelled`/`failed`).
    struct Connection {
        var id: UInt64
        var ip: IPv4Address
        var port: Int
        var phase: String
        var createdNs: UInt64
        var endedNs: UInt64?
        var states: [String] = []
        /// Milliseconds from creation to the end.
        var ms: Double? { endedNs.map { Knob.ms($0 - createdNs) } }
    }

    var connections: [Connection] {
        var list: [Connection] = []
        var index: [UInt64: Int] = [:]
        for record in self {
            switch record.event {
            case .connectionCreated(let c):
                index[c.connection] = list.count
                list.append(
                    Connection(id: c.connection, ip: c.ip, port: c.port, phase: c.phase, createdNs: record.timeNs)
                )
            case .connectionState(let s):
                guard let i = index[s.connection] else { continue }
                list[i].states.append(s.state.rawValue + (s.error.map { " \($0)" } ?? ""))
                if (s.state == .cancelled || s.state == .failed) && list[i].endedNs == nil {
                    list[i].endedNs = record.timeNs
                }
            default:
                continue
            }
        }
        return list
    }

    /// The most connections alive at once (created, not yet cancelled or failed), as docs/METRICS.md counts.
    var peakInFlight: Int {
        var open = Set<UInt64>()
        var peak = 0
        for record in self {
            switch record.event {
            case .connectionCreated(let c):
                open.insert(c.connection)
                peak = Swift.max(peak, open.count)
            case .connectionState(let s) where s.state == .cancelled || s.state == .failed:
                open.remove(s.connection)
            default:
                continue
            }
        }
        return peak
    }

    /// `packet_sent` of one kind, with times.
    func packets(_ kind: String) -> [(ns: UInt64, packet: ScanEvent.PacketSent)] {
        compactMap { if case .packetSent(let p) = $0.event, p.kind.rawValue == kind { ($0.timeNs, p) } else { nil } }
    }

    var phaseStarts: [(ns: UInt64, start: ScanEvent.PhaseStart)] {
        compactMap { if case .phaseStart(let p) = $0.event { ($0.timeNs, p) } else { nil } }
    }

    var phaseEnds: [(ns: UInt64, end: ScanEvent.PhaseEnd)] {
        compactMap { if case .phaseEnd(let p) = $0.event { ($0.timeNs, p) } else { nil } }
    }

    var scanStartNs: UInt64? { first { if case .scanStart = $0.event { true } else { false } }?.timeNs }

    func all<T>(_ pick: (ScanEvent) -> T?) -> [T] { compactMap { pick($0.event) } }
}
