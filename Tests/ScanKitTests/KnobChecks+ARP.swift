import AppContract
import Synchronization
import Testing
import Wire
@testable import ScanKit

/// `arp`: the phase the runner builds, poking loopback addresses; the neighbour table is this
/// machine's (nothing on `lo`) except where a check needs entries.
extension KnobChecks {
    static let arp: [String: @Sendable () async throws -> Void] = [
        "arp.poke_port": pokePort,
        "arp.pace_every": paceEvery,
        "arp.pace_sleep_ms": paceSleep,
        "arp.settle_ms": settle,
        "arp.read_every_ms": readEvery,
        "arp.retry_rounds": retryRounds,
        "arp.subnet_filter": subnetFilter,
    ]

    /// Runs the ARP phase over `hosts`; returns the log and the phase's duration.
    static func arpRun(
        _ knobs: [String: String],
        hosts: [IPv4Address],
        neighbours: ARPPhase.NeighbourReader? = nil
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])
    {
        let strategy = try Knob.strategy(knobs, phases: [.arp])
        let log = EventLog()
        let phase =
            neighbours.map { ARPPhase(settings: strategy.arp, neighbours: $0) } ?? Knob.phase(.arp, strategy, log: log)
        let accumulator = ScanAccumulator()
        let ms = await Knob.run(phase, Knob.context(strategy, hosts: hosts, log: log), accumulator)
        return (log.records(), ms, await accumulator.snapshot())
    }

    /// `poke_port`: the UDP port the pokes arrive on.
    static func pokePort() async throws {
        let first = try UDPCapture(ip: Loopback.ip(2)), second = try UDPCapture(ip: Loopback.ip(2))
        let run = try await arpRun(["arp.poke_port": "\(first.port)", "arp.settle_ms": "0"], hosts: [Loopback.ip(2)])
        #expect(run.events.packets("udp_poke").map(\.packet.port) == [first.port])
        #expect(first.datagrams == [[0]] && second.datagrams.isEmpty)
        _ = try await arpRun(["arp.poke_port": "\(second.port)", "arp.settle_ms": "0"], hosts: [Loopback.ip(2)])
        #expect(second.datagrams == [[0]] && first.datagrams.count == 1)
    }

    /// Time from the first poke to the last.
    static func pokeSpanMs(_ events: [EventRecord]) -> Double {
        let times = events.packets("udp_poke").map(\.ns)
        return Knob.ms((times.last ?? 0) - (times.first ?? 0))
    }

    static let sixHosts = (2...7).map { Loopback.ip(UInt8($0)) }

    /// `pace_every`: a pause after every N pokes (6 pokes, 100 ms pauses: after the 2nd and 4th).
    static func paceEvery() async throws {
        let paced = try await arpRun(
            ["arp.pace_every": "2", "arp.pace_sleep_ms": "100", "arp.settle_ms": "0"],
            hosts: sixHosts
        )
        let unpaced = try await arpRun(
            ["arp.pace_every": "0", "arp.pace_sleep_ms": "100", "arp.settle_ms": "0"],
            hosts: sixHosts
        )
        #expect(pokeSpanMs(paced.events) >= 200, "paced every 2: \(pokeSpanMs(paced.events)) ms")
        #expect(pokeSpanMs(unpaced.events) < 100, "unpaced: \(pokeSpanMs(unpaced.events)) ms")
    }

    /// `pace_sleep_ms`: the length of those pauses.
    static func paceSleep() async throws {
        let long = try await arpRun(
            ["arp.pace_every": "2", "arp.pace_sleep_ms": "100", "arp.settle_ms": "0"],
            hosts: sixHosts
        )
        let short = try await arpRun(
            ["arp.pace_every": "2", "arp.pace_sleep_ms": "0", "arp.settle_ms": "0"],
            hosts: sixHosts
        )
        #expect(
            pokeSpanMs(long.events) >= 200 && pokeSpanMs(short.events) < 100,
            "100 ms pauses: \(pokeSpanMs(long.events)) ms, 0 ms pauses: \(pokeSpanMs(short.events)) ms"
        )
    }

    /// `settle_ms`: the wait between the pokes and reading the table.
    static func settle() async throws {
        let quick = try await arpRun(["arp.settle_ms": "0"], hosts: [Loopback.ip(2)])
        let slow = try await arpRun(["arp.settle_ms": "350"], hosts: [Loopback.ip(2)])
        #expect(quick.ms < 150 && slow.ms >= 350, "settle 0: \(quick.ms) ms, settle 350: \(slow.ms) ms")
    }

    /// `read_every_ms`: the table is also read during the settle wait, and what it holds is
    /// published then rather than after the wait.
    static func readEvery() async throws {
        let entry = NeighbourTable.Entry(ip: Loopback.ip(2), mac: MACAddress("02:00:00:00:00:02")!, device: "lo")
        let reader: ARPPhase.NeighbourReader = { _ in [entry] }
        func reads(_ events: [EventRecord]) -> Int {
            events.filter { if case .neighbourTableRead = $0.event { true } else { false } }.count
        }
        let once = try await arpRun(
            ["arp.read_every_ms": "0", "arp.settle_ms": "400"],
            hosts: [Loopback.ip(2)],
            neighbours: reader
        )
        let often = try await arpRun(
            ["arp.read_every_ms": "100", "arp.settle_ms": "400"],
            hosts: [Loopback.ip(2)],
            neighbours: reader
        )
        #expect(
            reads(once.events) == 1 && reads(often.events) == 4,
            "reads: \(reads(once.events)), \(reads(often.events))"
        )
        let poked = { (run: (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])) in
            run.events.packets("udp_poke").first?.ns ?? 0
        }
        let onceAfter = Knob.ms((once.devices.first?.discoveredAtNs ?? 0) - poked(once))
        let oftenAfter = Knob.ms((often.devices.first?.discoveredAtNs ?? 0) - poked(often))
        #expect(onceAfter >= 390 && oftenAfter < 300, "published \(onceAfter) ms vs \(oftenAfter) ms after the poke")
    }

    /// `retry_rounds`: hosts still missing from the table are poked again each round.
    static func retryRounds() async throws {
        let hosts = [Loopback.ip(2), Loopback.ip(3)]
        let none = try await arpRun(["arp.retry_rounds": "0", "arp.settle_ms": "0"], hosts: hosts)
        let two = try await arpRun(["arp.retry_rounds": "2", "arp.settle_ms": "0"], hosts: hosts)
        #expect(none.events.packets("udp_poke").count == 2)
        #expect(two.events.packets("udp_poke").count == 6)
        // A host in the table after the first round is published then, before the retry round
        // pokes the one still missing.
        let reads = Mutex(0)
        let reader: ARPPhase.NeighbourReader = { _ in
            let read = reads.withLock {
                $0 += 1; return $0
            }
            let early = NeighbourTable.Entry(ip: hosts[0], mac: MACAddress("02:00:00:00:00:02")!, device: "lo")
            let late = NeighbourTable.Entry(ip: hosts[1], mac: MACAddress("02:00:00:00:00:03")!, device: "lo")
            return read == 1 ? [early] : [early, late]
        }
        let staged = try await arpRun(
            ["arp.retry_rounds": "1", "arp.settle_ms": "100"],
            hosts: hosts,
            neighbours: reader
        )
        let retryPoke = try #require(staged.events.packets("udp_poke").last?.ns)
        let early = try #require(staged.devices.first { $0.ip == hosts[0] })
        #expect(early.discoveredAtNs < retryPoke, "the first round's find waits for no retry round")
        #expect(staged.devices.count == 2)
    }

    /// `subnet_filter`: a neighbour outside the target network is dropped, or kept.
    static func subnetFilter() async throws {
        let outside = NeighbourTable.Entry(
            ip: IPv4Address(10, 9, 9, 9),
            mac: MACAddress("02:00:00:00:09:09")!,
            device: "lo"
        )
        let reader: ARPPhase.NeighbourReader = { _ in [outside] }
        let filtered = try await arpRun(
            ["arp.subnet_filter": "true", "arp.settle_ms": "0"],
            hosts: [Loopback.ip(2)],
            neighbours: reader
        )
        let unfiltered = try await arpRun(
            ["arp.subnet_filter": "false", "arp.settle_ms": "0"],
            hosts: [Loopback.ip(2)],
            neighbours: reader
        )
        #expect(filtered.devices.isEmpty)
        #expect(unfiltered.devices.map(\.ip) == [outside.ip])
    }
}
