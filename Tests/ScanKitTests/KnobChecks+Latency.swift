import AppContract
import Testing
import Wire
@testable import ScanKit

/// `icmp` and `ptr`. The ICMP sweep runs on the phase's own thread moved into a private network
/// namespace (`PrivateNetworkNamespace`), where ping sockets are allowed and loopback either
/// answers or (echo ignored) stays silent; PTR queries go to a DNS server on 127.0.0.77.
extension KnobChecks {
    static let latency: [String: @Sendable () async throws -> Void] = [
        "icmp.timeout_ms": icmpTimeout,
        "icmp.latency": icmpLatency,
        "ptr.concurrency": ptrConcurrency,
        "ptr.timeout_ms": ptrTimeout,
        "ptr.resolver": ptrResolver,
    ]

    /// Runs the ICMP phase built from `knobs` over `devices`, its sweep inside `namespace`.
    static func icmpRun(
        _ knobs: [String: String],
        devices: [DiscoveredDevice],
        namespace: PrivateNetworkNamespace
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])
    {
        let strategy = try Knob.strategy(knobs, phases: [.icmpLatency])
        let log = EventLog()
        let accumulator = ScanAccumulator()
        for device in devices { await accumulator.upsert(device) }
        let phase = ICMPLatencyPhase(settings: strategy.icmp) { targets, window, interface, events, id in
            namespace.enter()
                ? ICMPLatencyPhase.sweep(targets, windowMs: window, interface: interface, events: events, phase: id)
                : [:]
        }
        // No SO_BINDTODEVICE: the namespace's `lo` is not this machine's.
        var context = Knob.context(strategy, log: log)
        context.interface = nil
        let ms = await Knob.run(phase, context, accumulator)
        return (log.records(), ms, await accumulator.snapshot())
    }

    /// `icmp.timeout_ms`: the collect window for echoes nobody answers.
    static func icmpTimeout() async throws {
        let silent = try PrivateNetworkNamespace(echoReplies: false)
        var lasted: [Int: Double] = [:]
        for timeout in [150, 500] {
            let run = try await icmpRun(
                ["icmp.timeout_ms": "\(timeout)"],
                devices: [DiscoveredDevice(ip: Loopback.scanner, source: .arp)],
                namespace: silent
            )
            #expect(run.events.packets("icmp_echo").count == 1, "the echo must have been sent")
            #expect(run.devices.first?.latencyMs == nil)
            lasted[timeout] = run.ms
        }
        let (a, b) = (lasted[150] ?? -1, lasted[500] ?? -1)
        #expect(a >= 150 && a < 400 && b >= 500, "150: \(a) ms, 500: \(b) ms")
    }

    /// `icmp.latency`: `overwrite` pings every device and replaces TCP latencies; `only_missing`
    /// pings only devices without one.
    static func icmpLatency() async throws {
        let answering = try PrivateNetworkNamespace(echoReplies: true)
        let measured = DiscoveredDevice(ip: Loopback.scanner, source: .tcp, latencyMs: 99)
        let unmeasured = DiscoveredDevice(ip: Loopback.ip(2), source: .arp)
        for mode in ["overwrite", "only_missing"] {
            let run = try await icmpRun(
                ["icmp.latency": mode, "icmp.timeout_ms": "1000"],
                devices: [measured, unmeasured],
                namespace: answering
            )
            let pinged = Set(run.events.packets("icmp_echo").map(\.packet.ip))
            let first = run.devices.first { $0.ip == measured.ip }
            let second = run.devices.first { $0.ip == unmeasured.ip }
            #expect(second?.latencySource == .icmp, "\(mode): the device without latency is pinged")
            if mode == "overwrite" {
                #expect(
                    pinged == [measured.ip, unmeasured.ip] && first?.latencySource == .icmp && first?.latencyMs != 99
                )
            } else {
                #expect(pinged == [unmeasured.ip] && first?.latencySource == .tcp && first?.latencyMs == 99)
            }
        }
    }

    static let dnsServer = Loopback.ip(77)

    /// Runs the PTR phase built from `knobs` for `devices`, the gateway being 127.0.0.77.
    static func ptrRun(
        _ knobs: [String: String],
        devices: [IPv4Address]
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])
    {
        let strategy = try Knob.strategy(knobs, phases: [.reverseDNS])
        let log = EventLog()
        let accumulator = ScanAccumulator()
        for ip in devices { await accumulator.upsert(DiscoveredDevice(ip: ip, source: .arp)) }
        let ms = await Knob.run(
            Knob.phase(.reverseDNS, strategy, log: log),
            Knob.context(strategy, log: log, gateway: dnsServer),
            accumulator
        )
        return (log.records(), ms, await accumulator.snapshot())
    }

    /// `ptr.concurrency`: four lookups nobody answers, one or four at a time.
    static func ptrConcurrency() async throws {
        let server = try LoopbackDNSServer(ip: dnsServer, name: nil)
        var lasted: [Int: Double] = [:]
        for concurrency in [1, 4] {
            lasted[concurrency] = try await ptrRun(
                ["ptr.resolver": "gateway", "ptr.timeout_ms": "150", "ptr.concurrency": "\(concurrency)"],
                devices: (91...94).map { Loopback.ip($0) }
            ).ms
        }
        #expect(
            (lasted[1] ?? 0) >= 600 && (lasted[4] ?? 999) < 450,
            "one at a time: \(lasted[1] ?? -1) ms, four: \(lasted[4] ?? -1) ms"
        )
        server.shutdown()
    }

    /// `ptr.timeout_ms`: how long an unanswered lookup waits.
    static func ptrTimeout() async throws {
        let server = try LoopbackDNSServer(ip: dnsServer, name: nil)
        let short = try await ptrRun(["ptr.resolver": "gateway", "ptr.timeout_ms": "150"], devices: [Loopback.ip(91)])
            .ms
        let long = try await ptrRun(["ptr.resolver": "gateway", "ptr.timeout_ms": "500"], devices: [Loopback.ip(91)]).ms
        #expect(short >= 150 && short < 400 && long >= 500, "150: \(short) ms, 500: \(long) ms")
        server.shutdown()
    }

    /// `ptr.resolver`: `system` asks getnameinfo (127.0.0.1 is `localhost` in /etc/hosts, no
    /// packet); `gateway` sends a PTR query to the gateway and takes its answer.
    static func ptrResolver() async throws {
        let server = try LoopbackDNSServer(ip: dnsServer, name: "knob-ptr.example.")
        let system = try await ptrRun(["ptr.resolver": "system"], devices: [Loopback.scanner])
        let gateway = try await ptrRun(["ptr.resolver": "gateway"], devices: [Loopback.scanner])
        #expect(system.events.packets("dns_ptr").isEmpty && system.devices.first?.hostname == "localhost")
        #expect(
            gateway.events.packets("dns_ptr").map(\.packet.ip) == [dnsServer]
                && gateway.devices.first?.hostname == "knob-ptr.example"
        )
        server.shutdown()
    }
}
