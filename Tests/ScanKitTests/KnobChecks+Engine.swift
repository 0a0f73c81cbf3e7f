import AppContract
import Testing
import Wire
@testable import ScanKit
@testable import AppInputs

/// Top level, `subnet`, `budget`, `pipeline` and every phase's `enabled`: through `ScanRunner` on
/// `lo`, with stub phases where the phase's own work does not matter.
extension KnobChecks {
    static let engine: [String: @Sendable () async throws -> Void] = [
        "name": name,
        "description": description,
        "bind_to_interface": bindToInterface,
        "subnet.policy": subnetPolicy,
        "subnet.max_hosts": maxHosts,
        "budget.limit": budgetLimit,
        "budget.style": budgetStyle,
        "budget.thermal_script[].state": thermalState,
        "budget.thermal_script[].at_s": thermalAt,
        "pipeline.steps[].phases": stepPhases,
        "pipeline.steps[].concurrent": stepConcurrent,
        "pipeline.phase_deadline_ms": phaseDeadline,
        "pipeline.deadline_mode": deadlineMode,
        "arp.enabled": { try await enabled(.arp) },
        "bonjour.enabled": { try await enabled(.bonjour) },
        "tcp.enabled": { try await enabled(.tcpProbe) },
        "ssdp.enabled": { try await enabled(.ssdp) },
        "icmp.enabled": { try await enabled(.icmpLatency) },
        "ptr.enabled": { try await enabled(.reverseDNS) },
    ]

    /// `name` is what the log and the report call the run.
    static func name() async throws {
        for name in ["knob-a", "knob-b"] {
            let (report, events) = try await Knob.scan(
                try Knob.strategy(["name": name, "subnet.policy": "assume_24"], phases: [])
            )
            #expect(report.summary.strategy == name)
            #expect(events.all { if case .scanStart(let s) = $0 { s.strategy } else { nil } } == [name])
        }
    }

    /// `description` is an annotation: nothing in the scanner (or the reports) reads it, which is
    /// all the schema promises now. The check pins that down: two strategies differing only in it
    /// run the same scan.
    static func description() async throws {
        let plain = try Knob.strategy(["subnet.policy": "assume_24", "arp.settle_ms": "0"], phases: [.arp])
        let described = try Knob.strategy(
            ["subnet.policy": "assume_24", "arp.settle_ms": "0", "description": "a note for people"],
            phases: [.arp]
        )
        #expect(plain != described && described.description == "a note for people")
        let registry = PhaseRegistry.standard
        let a = try await Knob.scan(plain, registry: registry)
        let b = try await Knob.scan(described, registry: registry)
        #expect(a.events.map(\.event.type) == b.events.map(\.event.type))
        #expect(a.report.summary.hostsPlanned == b.report.summary.hostsPlanned)
    }

    /// `bind_to_interface`: bound, the ARP phase reads only the scanning interface's neighbours
    /// (and every socket gets `SO_BINDTODEVICE`); unbound, every interface's.
    static func bindToInterface() async throws {
        let table = [
            NeighbourTable.Entry(ip: Loopback.ip(5), mac: MACAddress("02:00:00:00:00:05")!, device: "lo"),
            NeighbourTable.Entry(ip: Loopback.ip(6), mac: MACAddress("02:00:00:00:00:06")!, device: "sb-other0"),
        ]
        let reader: ARPPhase.NeighbourReader = { device in table.filter { device == nil || $0.device == device } }
        let registry = Knob.stubs([.arp: { ARPPhase(settings: $0.strategy.arp, neighbours: reader) }])
        var found: [Bool: [String]] = [:]
        for bind in [true, false] {
            let strategy = try Knob.strategy(
                [
                    "bind_to_interface": "\(bind)", "subnet.policy": "assume_24", "arp.settle_ms": "0",
                    "arp.pace_every": "0",
                ],
                phases: [.arp]
            )
            found[bind] = try await Knob.scan(strategy, registry: registry).report.devices.map(\.ip)
        }
        #expect(found[true] == ["127.0.0.5"])
        #expect(found[false] == ["127.0.0.5", "127.0.0.6"])
    }

    /// `subnet.policy`: the interface's /8 (capped at `max_hosts`) or the /24 of our address.
    static func subnetPolicy() async throws {
        let netmask = try await Knob.scan(
            try Knob.strategy(["subnet.policy": "netmask", "subnet.max_hosts": "300"], phases: [])
        )
        let assume24 = try await Knob.scan(
            try Knob.strategy(["subnet.policy": "assume_24", "subnet.max_hosts": "300"], phases: [])
        )
        #expect(netmask.report.summary.network == "127.0.0.0/8" && netmask.report.summary.hostsPlanned == 300)
        #expect(assume24.report.summary.network == "127.0.0.0/24" && assume24.report.summary.hostsPlanned == 253)
    }

    /// `subnet.max_hosts`: how many addresses get probed (here: ARP pokes).
    static func maxHosts() async throws {
        for cap in [4, 9] {
            let strategy = try Knob.strategy(["subnet.max_hosts": "\(cap)", "arp.settle_ms": "0"], phases: [.arp])
            let (report, events) = try await Knob.scan(strategy, registry: PhaseRegistry.standard)
            #expect(report.summary.hostsPlanned == cap)
            #expect(events.packets("udp_poke").map(\.packet.ip) == (0..<cap).map { Loopback.ip(UInt8(2 + $0)) })
        }
    }

    /// Runs a `SlotHoldingPhase` as the TCP phase under a budget knob.
    static func budgetScan(_ knobs: [String: String], holders: Int = 6, delayMs: Int = 0) async throws -> [EventRecord]
    {
        var all = knobs
        all["subnet.policy"] = "assume_24"
        let registry = Knob.stubs([.tcpProbe: { _ in SlotHoldingPhase(holders: holders, delayMs: delayMs) }])
        return try await Knob.scan(try Knob.strategy(all, phases: [.tcpProbe]), registry: registry).events
    }

    /// `budget.limit`: six tasks wanting a slot queue behind a limit of 2, not behind none.
    static func budgetLimit() async throws {
        let two = try await budgetScan(["budget.limit": "2", "budget.style": "structured"])
        let none = try await budgetScan(["budget.limit": "none", "budget.style": "structured"])
        let twoAcquires = two.all { if case .budgetAcquire(let a) = $0 { a } else { nil } }
        #expect(twoAcquires.map(\.active).max() == 2 && twoAcquires.allSatisfy { $0.limit == 2 })
        #expect(two.all { if case .budgetWait(let w) = $0 { w } else { nil } }.count == 4)
        let noneAcquires = none.all { if case .budgetAcquire(let a) = $0 { a } else { nil } }
        #expect(noneAcquires.map(\.active).max() == 6 && noneAcquires.allSatisfy { $0.limit == nil })
        #expect(none.all { if case .budgetWait(let w) = $0 { w } else { nil } }.isEmpty)
    }

    /// `budget.style`: the shipped actor releases from a fire-and-forget task, the structured one in place.
    static func budgetStyle() async throws {
        let shipped = try await budgetScan(["budget.limit": "2", "budget.style": "shipped"])
        let structured = try await budgetScan(["budget.limit": "2", "budget.style": "structured"])
        let deferred = { (events: [EventRecord]) in
            events.all { if case .budgetRelease(let r) = $0 { r.deferred } else { nil } }
        }
        #expect(deferred(shipped).count == 6 && deferred(shipped).allSatisfy { $0 })
        #expect(deferred(structured).count == 6 && deferred(structured).allSatisfy { !$0 })
    }

    /// `thermal_script[].state`: the scripted state sets the multiplier and so the budget's limit.
    static func thermalState() async throws {
        for (state, limit) in [("serious", 4), ("critical", 2)] {
            let events = try await budgetScan(
                [
                    "budget.limit": "8", "budget.style": "structured",
                    "budget.thermal_script": "[{at_s: 0, state: \(state)}]",
                ],
                holders: 8,
                delayMs: 100
            )
            #expect(events.all { if case .thermalChange(let t) = $0 { t.state.rawValue } else { nil } } == [state])
            #expect(
                events.all { if case .budgetAcquire(let a) = $0 { a.limit } else { nil } }.allSatisfy { $0 == limit }
            )
        }
    }

    /// `thermal_script[].at_s`: when the change happens, from scan start.
    static func thermalAt() async throws {
        var at: [Double: Double] = [:]
        for seconds in [0.05, 0.4] {
            let events = try await budgetScan(
                ["budget.thermal_script": "[{at_s: \(seconds), state: serious}]"],
                holders: 0,
                delayMs: 700
            )
            let start = try #require(events.scanStartNs)
            let change = try #require(events.first { if case .thermalChange = $0.event { true } else { false } })
            at[seconds] = Knob.ms(change.timeNs - start)
        }
        #expect((at[0.05] ?? .infinity) < 250, "at_s 0.05 changed at \(at[0.05] ?? -1) ms")
        #expect((at[0.4] ?? 0) >= 400, "at_s 0.4 changed at \(at[0.4] ?? -1) ms")
    }

    /// `pipeline.steps[].phases`: which phases run in which order.
    static func stepPhases() async throws {
        let first = try Knob.strategy(
            ["pipeline.steps": "[{phases: [arp]}, {phases: [tcp_probe]}]", "subnet.policy": "assume_24"],
            phases: [.arp, .tcpProbe]
        )
        let second = try Knob.strategy(
            ["pipeline.steps": "[{phases: [tcp_probe]}, {phases: [arp]}]", "subnet.policy": "assume_24"],
            phases: [.arp, .tcpProbe]
        )
        #expect(try await Knob.scan(first).events.phaseStarts.map(\.start.phase) == ["arp", "tcp_probe"])
        #expect(try await Knob.scan(second).events.phaseStarts.map(\.start.phase) == ["tcp_probe", "arp"])
    }

    /// `pipeline.steps[].concurrent`: phases of one step overlap or follow each other.
    static func stepConcurrent() async throws {
        let registry = Knob.stubs([
            .arp: { _ in SleepingPhase(id: "arp", ms: 150) },
            .tcpProbe: { _ in SleepingPhase(id: "tcp_probe", ms: 150) },
        ])
        for concurrent in [true, false] {
            let strategy = try Knob.strategy(
                [
                    "pipeline.steps": "[{phases: [arp, tcp_probe], concurrent: \(concurrent)}]",
                    "subnet.policy": "assume_24",
                ],
                phases: [.arp, .tcpProbe]
            )
            let events = try await Knob.scan(strategy, registry: registry).events
            let tcpStart = try #require(events.phaseStarts.first { $0.start.phase == "tcp_probe" }?.ns)
            let arpEnd = try #require(events.phaseEnds.first { $0.end.phase == "arp" }?.ns)
            #expect(
                (tcpStart < arpEnd) == concurrent,
                "concurrent: \(concurrent), but tcp_probe started \(Knob.ms(arpEnd &- tcpStart)) ms before arp ended"
            )
        }
    }

    /// `pipeline.phase_deadline_ms`: a phase past its deadline is abandoned; `none` lets it finish.
    static func phaseDeadline() async throws {
        let registry = Knob.stubs([.arp: { _ in SleepingPhase(id: "arp", ms: 400) }])
        let limited = try Knob.strategy(
            ["pipeline.phase_deadline_ms": "100", "subnet.policy": "assume_24"],
            phases: [.arp]
        )
        let unlimited = try Knob.strategy(
            ["pipeline.phase_deadline_ms": "none", "subnet.policy": "assume_24"],
            phases: [.arp]
        )
        #expect(try await Knob.scan(limited, registry: registry).report.summary.phases.map(\.outcome) == ["abandoned"])
        #expect(
            try await Knob.scan(unlimited, registry: registry).report.summary.phases.map(\.outcome) == ["completed"]
        )
    }

    /// `pipeline.deadline_mode`: at the deadline `hard` moves on, `cooperative` waits for a phase
    /// that ignores cancellation.
    static func deadlineMode() async throws {
        let registry = Knob.stubs([.arp: { _ in SleepingPhase(id: "arp", ms: 500, ignoresCancellation: true) }])
        var nextStartMs: [String: Double] = [:]
        for mode in ["hard", "cooperative"] {
            let strategy = try Knob.strategy(
                [
                    "pipeline.phase_deadline_ms": "100", "pipeline.deadline_mode": mode,
                    "pipeline.steps": "[{phases: [arp]}, {phases: [tcp_probe]}]", "subnet.policy": "assume_24",
                ],
                phases: [.arp, .tcpProbe]
            )
            let events = try await Knob.scan(strategy, registry: registry).events
            let arpStart = try #require(events.phaseStarts.first { $0.start.phase == "arp" }?.ns)
            let tcpStart = try #require(events.phaseStarts.first { $0.start.phase == "tcp_probe" }?.ns)
            nextStartMs[mode] = Knob.ms(tcpStart - arpStart)
        }
        #expect((nextStartMs["hard"] ?? .infinity) < 400, "hard: next step after \(nextStartMs["hard"] ?? -1) ms")
        #expect(
            (nextStartMs["cooperative"] ?? 0) >= 500,
            "cooperative: next step after \(nextStartMs["cooperative"] ?? -1) ms"
        )
    }

    /// `<phase>.enabled`: the phase runs or is left out of the pipeline.
    static func enabled(_ kind: PhaseKind) async throws {
        let section = StrategyValidator.section(of: kind)
        let on = try Knob.strategy(["subnet.policy": "assume_24"])
        let off = try Knob.strategy(
            ["subnet.policy": "assume_24", "\(section).enabled": "false"],
            phases: Set(PhaseKind.allCases).subtracting([kind])
        )
        #expect(try await Knob.scan(on).events.phaseStarts.map(\.start.phase).contains(kind.rawValue))
        #expect(try await !Knob.scan(off).events.phaseStarts.map(\.start.phase).contains(kind.rawValue))
    }
}
