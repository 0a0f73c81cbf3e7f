import AppContract
import Testing
import Wire
@testable import ScanKit
import AppInputs

/// `tcp` and `enrichment`: the TCP phase the runner builds, probing loopback addresses.
///
/// A closed loopback port answers with an RST at once; under `waiting_policy: timer` that refusal
/// is left to the timer, so such a probe lasts exactly its timeout — a host that "does not
/// answer" without any packet leaving the machine. A listener gives a handshake (`ready`).
extension KnobChecks {
    static let tcp: [String: @Sendable () async throws -> Void] = [
        "tcp.host_concurrency": hostConcurrency,
        "tcp.batching": batching,
        "tcp.identify_concurrency": identifyConcurrency,
        "tcp.thermal_scaling": thermalScaling,
        "tcp.ports_in_flight": portsInFlight,
        "tcp.primary_ports": primaryPorts,
        "tcp.secondary_ports": secondaryPorts,
        "tcp.secondary_policy": secondaryPolicy,
        "tcp.timeouts.mode": timeoutMode,
        "tcp.timeouts.primary_ms": primaryTimeout,
        "tcp.timeouts.secondary_ms": secondaryTimeout,
        "tcp.timeouts.floor_ms": timeoutFloor,
        "tcp.timeouts.ceiling_ms": timeoutCeiling,
        "tcp.timeouts.min_samples": minSamples,
        "tcp.skip_known_hosts": skipKnownHosts,
        "tcp.waiting_policy": tcpWaitingPolicy,
        "tcp.connection_api": tcpConnectionAPI,
    ]

    static let enrichment: [String: @Sendable () async throws -> Void] = [
        "enrichment.enabled": enrichmentEnabled,
        "enrichment.ports": enrichmentPorts,
        "enrichment.random_port_range.min": { try await randomPortRange(bound: "min") },
        "enrichment.random_port_range.max": { try await randomPortRange(bound: "max") },
        "enrichment.base_timeout_ms": enrichmentTimeout,
        "enrichment.concurrency": enrichmentConcurrency,
        "enrichment.slot_per_connection": slotPerConnection,
        "enrichment.waiting_policy": enrichmentWaitingPolicy,
    ]

    /// Runs the TCP phase over `hosts` with enrichment off unless `knobs` turns it on.
    static func tcpRun(
        _ knobs: [String: String],
        hosts: [IPv4Address],
        known: [DiscoveredDevice] = [],
        thermal: ThermalThrottle = ThermalThrottle(),
        randomPort: Int? = nil
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])
    {
        var all = knobs
        if all["enrichment.enabled"] == nil { all["enrichment.enabled"] = "false" }
        let strategy = try Knob.strategy(all, phases: [.tcpProbe])
        let log = EventLog()
        let accumulator = ScanAccumulator()
        for device in known { await accumulator.upsert(device) }
        let phase = Knob.phase(.tcpProbe, strategy, log: log, randomPort: randomPort)
        let ms = await Knob.run(phase, Knob.context(strategy, hosts: hosts, log: log, thermal: thermal), accumulator)
        return (log.records(), ms, await accumulator.snapshot())
    }

    static func hosts(_ range: ClosedRange<UInt8>) -> [IPv4Address] { range.map { Loopback.ip($0) } }

    /// Knobs for probes that each last `timeoutMs`: closed primary ports left to a fixed timer, no secondary.
    static func silentProbes(_ ports: [Int], timeoutMs: Int = 150) -> [String: String] {
        [
            "tcp.primary_ports": "\(ports)", "tcp.secondary_policy": "never", "tcp.waiting_policy": "timer",
            "tcp.timeouts.mode": "fixed", "tcp.timeouts.primary_ms": "\(timeoutMs)",
        ]
    }

    /// `host_concurrency`: hosts probed at once.
    static func hostConcurrency() async throws {
        let port = try Loopback.closedPort()
        for concurrency in [2, 6] {
            var knobs = silentProbes([port])
            knobs["tcp.host_concurrency"] = "\(concurrency)"
            let run = try await tcpRun(knobs, hosts: hosts(31...36))
            #expect(run.events.peakInFlight == concurrency)
        }
    }

    /// `batching`, three hosts at a time over two batches, each with one slow host (a refused port
    /// left to a 400 ms timer) beside two that answer at once: under `barrier` the second batch's
    /// first connection is made only after the first batch's slow probe has ended; under `sliding`
    /// it is made as soon as a fast host ends, long before.
    static func batching() async throws {
        let first = try PeerListener(ip: Loopback.ip(31))
        let others = try [32, 34, 35].map { try PeerListener(ip: Loopback.ip($0), port: first.port) }
        var gap: [String: Double] = [:]
        for shape in ["barrier", "sliding"] {
            var knobs = silentProbes([first.port], timeoutMs: 400)
            knobs["tcp.host_concurrency"] = "3"
            knobs["tcp.batching"] = shape
            let run = try await tcpRun(knobs, hosts: hosts(31...36))
            let connections = run.events.connections
            #expect(Set(run.devices.map(\.ip)) == Set([first.ip] + others.map(\.ip)), "\(shape)")
            guard let slowEnd = connections.first(where: { $0.ip == Loopback.ip(33) })?.endedNs,
                let nextStart = connections.first(where: { $0.ip == Loopback.ip(34) })?.createdNs
            else {
                Issue.record("\(shape): no connection to 127.0.0.33 or 127.0.0.34")
                continue
            }
            gap[shape] = Knob.ms(nextStart) - Knob.ms(slowEnd)
        }
        let (barrier, sliding) = (gap["barrier"] ?? -1, gap["sliding"] ?? 1)
        #expect(
            barrier >= 0 && sliding < -200,
            "batch 2 starts after batch 1's slow probe ended: barrier \(barrier) ms, sliding \(sliding) ms"
        )
    }

    /// The most connections to `port` alive at once.
    static func peakInFlight(_ events: [EventRecord], port: Int) -> Int {
        let spans = events.connections.filter { $0.port == port }
        return spans.map { span in
            spans.filter { $0.createdNs <= span.createdNs && ($0.endedNs ?? .max) > span.createdNs }.count
        }.max() ?? 0
    }

    /// `identify_concurrency` under `on_found_hosts`: four found hosts, each a secondary probe
    /// left to a 150 ms timer; at most this many of those probes at once.
    static func identifyConcurrency() async throws {
        let first = try PeerListener(ip: Loopback.ip(41))
        let others = try [42, 43, 44].map { try PeerListener(ip: Loopback.ip($0), port: first.port) }
        let closed = try Loopback.closedPort()
        for width in [1, 2, 4] {
            var knobs = silentProbes([first.port], timeoutMs: 150)
            knobs["tcp.secondary_policy"] = "on_found_hosts"
            knobs["tcp.secondary_ports"] = "[\(closed)]"
            knobs["tcp.timeouts.secondary_ms"] = "150"
            knobs["tcp.identify_concurrency"] = "\(width)"
            let run = try await tcpRun(knobs, hosts: hosts(41...44))
            #expect(run.events.connections.filter { $0.port == closed }.count == 1 + others.count)
            #expect(peakInFlight(run.events, port: closed) == width, "identify_concurrency \(width)")
        }
    }

    /// `thermal_scaling`: host concurrency × the thermal multiplier (serious: ×0.5) at phase start.
    static func thermalScaling() async throws {
        let port = try Loopback.closedPort()
        for (scaling, peak) in [(true, 2), (false, 4)] {
            var knobs = silentProbes([port])
            knobs["tcp.host_concurrency"] = "4"
            knobs["tcp.thermal_scaling"] = "\(scaling)"
            let run = try await tcpRun(knobs, hosts: hosts(31...34), thermal: ThermalThrottle(.serious))
            #expect(run.events.peakInFlight == peak, "thermal_scaling \(scaling)")
        }
    }

    /// `ports_in_flight`: probes per host at once.
    static func portsInFlight() async throws {
        let ports = try Loopback.closedPorts(4)
        for inFlight in [1, 4] {
            var knobs = silentProbes(ports)
            knobs["tcp.ports_in_flight"] = "\(inFlight)"
            let run = try await tcpRun(knobs, hosts: [Loopback.ip(31)])
            #expect(run.events.peakInFlight == inFlight)
            #expect(run.events.connections.count == 4)
        }
    }

    /// `primary_ports`: the ports probed first.
    static func primaryPorts() async throws {
        let ports = try Loopback.closedPorts(3)
        for list in [[ports[0], ports[1]], [ports[2]]] {
            let run = try await tcpRun(silentProbes(list, timeoutMs: 50), hosts: [Loopback.ip(31)])
            #expect(run.events.connections.map(\.port).sorted() == list.sorted())
        }
    }

    /// `secondary_ports`: the ports probed when the primary group found nothing.
    static func secondaryPorts() async throws {
        let ports = try Loopback.closedPorts(3)
        for secondary in [[ports[1]], [ports[2]]] {
            var knobs = silentProbes([ports[0]], timeoutMs: 50)
            knobs["tcp.secondary_policy"] = "always"
            knobs["tcp.secondary_ports"] = "\(secondary)"
            knobs["tcp.timeouts.secondary_ms"] = "50"
            let run = try await tcpRun(knobs, hosts: [Loopback.ip(31)])
            #expect(run.events.connections.map(\.port) == [ports[0]] + secondary)
        }
    }

    /// `secondary_policy`: `always` probes the secondary group after all-timeout primaries,
    /// `skip_when_all_primary_timed_out` does not but does after a failure, `never` never does.
    static func secondaryPolicy() async throws {
        let ports = try Loopback.closedPorts(2)
        func secondaryProbed(_ policy: String, waiting: String) async throws -> Bool {
            var knobs = silentProbes([ports[0]], timeoutMs: 50)
            knobs["tcp.secondary_policy"] = policy
            knobs["tcp.secondary_ports"] = "[\(ports[1])]"
            knobs["tcp.waiting_policy"] = waiting
            knobs["tcp.timeouts.secondary_ms"] = "50"
            return try await tcpRun(knobs, hosts: [Loopback.ip(31)]).events.connections.contains { $0.port == ports[1] }
        }
        // Under `timer` the refusal ends as a timeout; under `fail` as a failure (ECONNREFUSED).
        #expect(try await secondaryProbed("always", waiting: "timer"))
        #expect(try await !secondaryProbed("skip_when_all_primary_timed_out", waiting: "timer"))
        #expect(try await secondaryProbed("skip_when_all_primary_timed_out", waiting: "fail"))
        #expect(try await !secondaryProbed("never", waiting: "fail"))
        #expect(try await !secondaryProbed("on_found_hosts", waiting: "fail"))

        // `on_found_hosts`: every secondary port of the host the primary group found, open ones
        // recorded; none of the unanswered host's.
        let found = try PeerListener(ip: Loopback.ip(33))
        let open = try PeerListener(ip: Loopback.ip(33))
        var knobs = silentProbes([found.port], timeoutMs: 50)
        knobs["tcp.secondary_policy"] = "on_found_hosts"
        knobs["tcp.secondary_ports"] = "[\(open.port), \(ports[1])]"
        knobs["tcp.timeouts.secondary_ms"] = "50"
        let run = try await tcpRun(knobs, hosts: [Loopback.ip(33), Loopback.ip(34)])
        let probed = { (ip: IPv4Address) in Set(run.events.connections.filter { $0.ip == ip }.map(\.port)) }
        #expect(probed(Loopback.ip(33)) == [found.port, open.port, ports[1]])
        #expect(probed(Loopback.ip(34)) == [found.port])
        #expect(run.devices.map(\.ip) == [Loopback.ip(33)])
        #expect(run.devices.first?.openPorts == [found.port, open.port].sorted())
    }

    /// How long the probe of `ip` lasted (the first connection to it).
    static func probeMs(_ events: [EventRecord], _ ip: IPv4Address) -> Double {
        events.connections.first { $0.ip == ip }?.ms ?? -1
    }

    /// A host that answers (a listener) followed by one that does not; host concurrency 1 so the
    /// second is probed after the first's RTT sample.
    static func sampleThenSilent(_ knobs: [String: String]) async throws -> Double {
        let answering = try PeerListener(ip: Loopback.ip(51))
        var all = knobs
        all["tcp.primary_ports"] = "[\(answering.port)]"
        all["tcp.secondary_policy"] = "never"
        all["tcp.waiting_policy"] = "timer"
        all["tcp.host_concurrency"] = "1"
        let run = try await tcpRun(all, hosts: [Loopback.ip(51), Loopback.ip(52)])
        #expect(run.devices.map(\.ip) == [Loopback.ip(51)])
        return probeMs(run.events, Loopback.ip(52))
    }

    /// `timeouts.mode`: `fixed` keeps `primary_ms`; `adaptive` moves to the tracker's value (here the floor).
    static func timeoutMode() async throws {
        let knobs = ["tcp.timeouts.primary_ms": "500", "tcp.timeouts.floor_ms": "50", "tcp.timeouts.min_samples": "1"]
        let fixed = try await sampleThenSilent(knobs.merging(["tcp.timeouts.mode": "fixed"]) { $1 })
        let adaptive = try await sampleThenSilent(knobs.merging(["tcp.timeouts.mode": "adaptive"]) { $1 })
        #expect(fixed >= 500 && adaptive < 250, "fixed: \(fixed) ms, adaptive: \(adaptive) ms")
    }

    /// `timeouts.primary_ms`: a silent host's primary probe lasts this long.
    static func primaryTimeout() async throws {
        let port = try Loopback.closedPort()
        let short = try await tcpRun(silentProbes([port], timeoutMs: 120), hosts: [Loopback.ip(31)])
        let long = try await tcpRun(silentProbes([port], timeoutMs: 450), hosts: [Loopback.ip(31)])
        let (a, b) = (probeMs(short.events, Loopback.ip(31)), probeMs(long.events, Loopback.ip(31)))
        #expect(a >= 120 && a < 350 && b >= 450, "120 ms: \(a), 450 ms: \(b)")
    }

    /// `timeouts.secondary_ms`: a silent host's secondary probe lasts this long.
    static func secondaryTimeout() async throws {
        let ports = try Loopback.closedPorts(2)
        var lasted: [Int: Double] = [:]
        for timeout in [120, 450] {
            var knobs = silentProbes([ports[0]], timeoutMs: 30)
            knobs["tcp.secondary_policy"] = "always"
            knobs["tcp.secondary_ports"] = "[\(ports[1])]"
            knobs["tcp.timeouts.secondary_ms"] = "\(timeout)"
            let run = try await tcpRun(knobs, hosts: [Loopback.ip(31)])
            lasted[timeout] = run.events.connections.first { $0.port == ports[1] }?.ms
        }
        let (a, b) = (lasted[120] ?? -1, lasted[450] ?? -1)
        #expect(a >= 120 && a < 350 && b >= 450, "120 ms: \(a), 450 ms: \(b)")
    }

    /// `timeouts.floor_ms`: the adaptive timeout after tiny loopback RTTs is the floor.
    static func timeoutFloor() async throws {
        let knobs = [
            "tcp.timeouts.mode": "adaptive", "tcp.timeouts.primary_ms": "1000", "tcp.timeouts.min_samples": "1",
        ]
        let low = try await sampleThenSilent(knobs.merging(["tcp.timeouts.floor_ms": "60"]) { $1 })
        let high = try await sampleThenSilent(knobs.merging(["tcp.timeouts.floor_ms": "350"]) { $1 })
        #expect(low >= 60 && low < 250 && high >= 350 && high < 900, "floor 60: \(low) ms, floor 350: \(high) ms")
    }

    /// `timeouts.ceiling_ms`: after a ~1 s RTT sample (a SYN dropped once, answered on its
    /// retransmission) the adaptive timeout, SRTT + 4·RTTVAR ≈ 3 s, is cut to the ceiling.
    static func timeoutCeiling() async throws {
        var lasted: [Int: Double] = [:]
        for ceiling in [200, 600] {
            let slow = try PeerListener(ip: Loopback.ip(55), silent: true)
            let release = Task {
                try? await Task.sleep(for: .milliseconds(150))
                slow.release()
            }
            let run = try await tcpRun(
                [
                    "tcp.primary_ports": "[\(slow.port)]", "tcp.secondary_policy": "never",
                    "tcp.waiting_policy": "timer",
                    "tcp.host_concurrency": "1", "tcp.timeouts.mode": "adaptive", "tcp.timeouts.primary_ms": "2500",
                    "tcp.timeouts.floor_ms": "10", "tcp.timeouts.ceiling_ms": "\(ceiling)",
                    "tcp.timeouts.min_samples": "1",
                ],
                hosts: [Loopback.ip(55), Loopback.ip(56)]
            )
            await release.value
            let sample = run.devices.first { $0.ip == Loopback.ip(55) }?.latencyMs ?? 0
            #expect(sample > 800, "the first host should answer on the retransmitted SYN, ~1 s; got \(sample) ms")
            lasted[ceiling] = probeMs(run.events, Loopback.ip(56))
        }
        let (a, b) = (lasted[200] ?? -1, lasted[600] ?? -1)
        #expect(a >= 200 && a < 450 && b >= 600 && b < 1200, "ceiling 200: \(a) ms, ceiling 600: \(b) ms")
    }

    /// `timeouts.min_samples`: below it the base (`primary_ms`) stays, from it the tracker decides.
    static func minSamples() async throws {
        let knobs = ["tcp.timeouts.mode": "adaptive", "tcp.timeouts.primary_ms": "450", "tcp.timeouts.floor_ms": "50"]
        let one = try await sampleThenSilent(knobs.merging(["tcp.timeouts.min_samples": "1"]) { $1 })
        let two = try await sampleThenSilent(knobs.merging(["tcp.timeouts.min_samples": "2"]) { $1 })
        #expect(one < 250 && two >= 450, "min_samples 1: \(one) ms, min_samples 2: \(two) ms")
    }

    /// `skip_known_hosts`: a host another phase already found is not probed.
    static func skipKnownHosts() async throws {
        let port = try Loopback.closedPort()
        let known = [DiscoveredDevice(ip: Loopback.ip(61), source: .arp)]
        for skip in [true, false] {
            var knobs = silentProbes([port], timeoutMs: 50)
            knobs["tcp.skip_known_hosts"] = "\(skip)"
            let run = try await tcpRun(knobs, hosts: [Loopback.ip(61), Loopback.ip(62)], known: known)
            #expect(
                Set(run.events.connections.map(\.ip))
                    == (skip ? [Loopback.ip(62)] : [Loopback.ip(61), Loopback.ip(62)])
            )
        }
    }

    /// `waiting_policy` on a refused port: `fail` ends at once with nothing found, `timer` waits
    /// for the timeout with nothing found, `inspect_error` finds the host (refused = alive).
    static func tcpWaitingPolicy() async throws {
        let port = try Loopback.closedPort()
        var outcome: [String: (found: Bool, ms: Double)] = [:]
        for policy in ["fail", "timer", "inspect_error"] {
            var knobs = silentProbes([port], timeoutMs: 300)
            knobs["tcp.waiting_policy"] = policy
            let run = try await tcpRun(knobs, hosts: [Loopback.ip(71)])
            outcome[policy] = (!run.devices.isEmpty, probeMs(run.events, Loopback.ip(71)))
        }
        #expect(outcome["fail"]?.found == false && (outcome["fail"]?.ms ?? 999) < 150)
        #expect(outcome["timer"]?.found == false && (outcome["timer"]?.ms ?? 0) >= 300)
        #expect(outcome["inspect_error"]?.found == true && (outcome["inspect_error"]?.ms ?? 999) < 150)
    }

    /// `connection_api` on a refused port, `waiting_policy` left at its default (`timer`):
    /// `nw_connection` logs `waiting(ECONNREFUSED)` and waits out the timeout with nothing found;
    /// `bsd_socket` logs `failed(ECONNREFUSED)` and finds the host at once (NetDiag+'s rule).
    static func tcpConnectionAPI() async throws {
        let port = try Loopback.closedPort()
        var outcome: [String: (found: Bool, ms: Double, states: [String])] = [:]
        for api in ["nw_connection", "bsd_socket"] {
            let knobs = [
                "tcp.primary_ports": "[\(port)]", "tcp.secondary_policy": "never", "tcp.timeouts.mode": "fixed",
                "tcp.timeouts.primary_ms": "300", "tcp.connection_api": api,
            ]
            let run = try await tcpRun(knobs, hosts: [Loopback.ip(72)])
            let states = run.events.compactMap { record -> String? in
                guard case .connectionState(let change) = record.event, let error = change.error else { return nil }
                return "\(change.state.rawValue)(\(error))"
            }
            outcome[api] = (!run.devices.isEmpty, probeMs(run.events, Loopback.ip(72)), states)
        }
        #expect(outcome["nw_connection"]?.found == false && (outcome["nw_connection"]?.ms ?? 0) >= 300)
        #expect(outcome["nw_connection"]?.states == ["waiting(ECONNREFUSED)"])
        #expect(outcome["bsd_socket"]?.found == true && (outcome["bsd_socket"]?.ms ?? 999) < 150)
        #expect(outcome["bsd_socket"]?.states == ["failed(ECONNREFUSED)"])
    }

    // MARK: enrichment

    /// The enrichment race for `devices` (found earlier, no latency); the TCP probe itself has no hosts.
    static func enrichRun(
        _ knobs: [String: String],
        devices: [IPv4Address],
        randomPort: Int? = nil
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])
    {
        var all = knobs
        all["enrichment.enabled"] = "true"
        if all["enrichment.random_port_range"] == nil && all["enrichment.random_port_range.min"] == nil {
            all["enrichment.random_port_range"] = "null"
        }
        return try await tcpRun(
            all,
            hosts: [],
            known: devices.map { DiscoveredDevice(ip: $0, source: .arp) },
            randomPort: randomPort
        )
    }

    /// `enrichment.enabled`: devices found without a latency are raced, or left alone.
    static func enrichmentEnabled() async throws {
        let port = try Loopback.closedPort()
        let on = try await enrichRun(["enrichment.ports": "[\(port)]"], devices: [Loopback.ip(89)])
        let off = try await tcpRun(
            ["enrichment.enabled": "false", "enrichment.ports": "[\(port)]"],
            hosts: [],
            known: [DiscoveredDevice(ip: Loopback.ip(89), source: .arp)]
        )
        #expect(on.events.connections.map(\.ip) == [Loopback.ip(89)] && on.devices.first?.latencyMs != nil)
        #expect(off.events.connections.isEmpty && off.devices.first?.latencyMs == nil)
    }

    /// `enrichment.ports`: the ports raced per device.
    static func enrichmentPorts() async throws {
        let ports = try Loopback.closedPorts(3)
        for list in [[ports[0], ports[1]], [ports[2]]] {
            let run = try await enrichRun(["enrichment.ports": "\(list)"], devices: [Loopback.ip(81)])
            #expect(run.events.connections.map(\.port).sorted() == list.sorted())
            #expect(run.devices.first?.latencySource == .tcp, "a refusal under inspect_error gives a latency")
        }
    }

    /// `enrichment.random_port_range.min`/`.max`: the run's random port, drawn from the range with
    /// the run's seed, joins the race (through `ScanRunner`, which draws it).
    static func randomPortRange(bound: String) async throws {
        // A stub ARP phase finds 127.0.0.2; the TCP phase skips it and races it.
        let registry = Knob.stubs([
            .arp: { _ in
                StubPhase(id: "arp", weight: 0.1) {
                    await $0.upsert(DiscoveredDevice(ip: Loopback.ip(2), source: .arp))
                }
            },
            .tcpProbe: PhaseRegistry.standard.factory(.tcpProbe),
        ])
        func ports(_ min: Int, _ max: Int) async throws -> Set<Int> {
            let strategy = try Knob.strategy(
                [
                    "subnet.max_hosts": "1", "enrichment.ports": "[]",
                    "enrichment.random_port_range": "{min: \(min), max: \(max)}", "tcp.primary_ports": "[1]",
                    "pipeline.steps": "[{phases: [arp]}, {phases: [tcp_probe]}]",
                ],
                phases: [.arp, .tcpProbe]
            )
            var seen: Set<Int> = []
            for seed in UInt64(1)...6 {
                let events = try await Knob.scan(strategy, registry: registry, seed: seed).events
                seen.formUnion(events.connections.filter { $0.ip == Loopback.ip(2) }.map(\.port))
            }
            return seen
        }
        let wide = try await ports(40_000, 40_009)
        #expect(wide.count > 1 && wide.allSatisfy { (40_000...40_009).contains($0) }, "six seeds drew \(wide.sorted())")
        if bound == "min" {
            #expect(try await ports(40_009, 40_009) == [40_009])
        } else {
            #expect(try await ports(40_000, 40_000) == [40_000])
        }
    }

    /// `enrichment.base_timeout_ms`: a race nobody answers lasts this long (no RTT samples yet).
    static func enrichmentTimeout() async throws {
        let port = try Loopback.closedPort()
        var lasted: [Int: Double] = [:]
        for timeout in [120, 450] {
            let run = try await enrichRun(
                [
                    "enrichment.ports": "[\(port)]", "enrichment.waiting_policy": "timer",
                    "enrichment.base_timeout_ms": "\(timeout)",
                ],
                devices: [Loopback.ip(82)]
            )
            lasted[timeout] = probeMs(run.events, Loopback.ip(82))
            #expect(run.devices.first?.latencyMs == nil)
        }
        let (a, b) = (lasted[120] ?? -1, lasted[450] ?? -1)
        #expect(a >= 120 && a < 350 && b >= 450, "120 ms: \(a), 450 ms: \(b)")
    }

    /// `enrichment.concurrency`: devices raced at once.
    static func enrichmentConcurrency() async throws {
        let port = try Loopback.closedPort()
        for concurrency in [1, 4] {
            let run = try await enrichRun(
                [
                    "enrichment.ports": "[\(port)]", "enrichment.waiting_policy": "timer",
                    "enrichment.base_timeout_ms": "100", "enrichment.concurrency": "\(concurrency)",
                ],
                devices: hosts(83...86)
            )
            #expect(run.events.peakInFlight == concurrency)
        }
    }

    /// `enrichment.slot_per_connection`: one budget slot per device (NetMonitor) or per socket.
    static func slotPerConnection() async throws {
        let ports = try Loopback.closedPorts(3)
        for (perConnection, slots) in [(false, 1), (true, 3)] {
            let run = try await enrichRun(
                ["enrichment.ports": "\(ports)", "enrichment.slot_per_connection": "\(perConnection)"],
                devices: [Loopback.ip(87)]
            )
            #expect(run.events.all { if case .budgetAcquire(let a) = $0 { a } else { nil } }.count == slots)
        }
    }

    /// `enrichment.waiting_policy`: a refusal gives a latency only under `inspect_error`.
    static func enrichmentWaitingPolicy() async throws {
        let port = try Loopback.closedPort()
        for (policy, measured) in [("inspect_error", true), ("fail", false), ("timer", false)] {
            let run = try await enrichRun(
                [
                    "enrichment.ports": "[\(port)]", "enrichment.waiting_policy": policy,
                    "enrichment.base_timeout_ms": "100",
                ],
                devices: [Loopback.ip(88)]
            )
            #expect((run.devices.first?.latencyMs != nil) == measured, "\(policy)")
        }
    }
}

extension PhaseRegistry {
    /// The factory registered for `kind`, for a registry that mixes real phases with stubs.
    func factory(_ kind: PhaseKind) -> Factory { { self.make(kind, input: $0) } }
}
