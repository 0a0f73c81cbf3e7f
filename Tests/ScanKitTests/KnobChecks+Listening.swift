import AppContract
import Platform

import Synchronization
import Testing
import Wire
@testable import ScanKit

/// `bonjour` and `ssdp`: the phases the runner builds, bound to `lo`, against an mDNS responder
/// and a UPnP device that answer on loopback (`LoopbackMDNSResponder`, `LoopbackSSDPResponder`).
extension KnobChecks {
    static let bonjour: [String: @Sendable () async throws -> Void] = [
        "bonjour.tiers": tiers,
        "bonjour.tier_delay_ms": tierDelay,
        "bonjour.browse_from": browseFrom,
        "bonjour.window.mode": windowMode,
        "bonjour.window.fixed_ms": fixedWindow,
        "bonjour.window.poll_ms": pollInterval,
        "bonjour.window.quiet_ms": quietPeriod,
        "bonjour.window.min_ms": minWindow,
        "bonjour.window.max_ms": maxWindow,
        "bonjour.max_services": maxServices,
        "bonjour.resolve_method": resolveMethod,
        "bonjour.resolve_concurrency": resolveConcurrency,
        "bonjour.resolve_timeout_ms": resolveTimeout,
        "bonjour.resolve_waiting_policy": resolveWaitingPolicy,
        "bonjour.requery": requery,
        "bonjour.known_answers": knownAnswers,
        "bonjour.hostname_from": hostnameFrom,
        "bonjour.callback_debounce_ms": callbackDebounce,
    ]

    static let ssdp: [String: @Sendable () async throws -> Void] = [
        "ssdp.mx": mx,
        "ssdp.st": st,
        "ssdp.window_ms": ssdpWindow,
        "ssdp.ready_timeout_ms": readyTimeout,
        "ssdp.placement": placement,
        "ssdp.address_from": addressFrom,
    ]

    /// Runs the Bonjour phase built from `knobs` (browsing from the phase start unless set);
    /// `beforePhase` runs between building the phase (where `browse_from: scan_start` starts the
    /// browser) and running it.
    static func bonjourRun(
        _ knobs: [String: String],
        beforePhase: () async throws -> Void = {}
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice], phaseStartNs: UInt64)
    {
        var all = knobs
        if all["bonjour.browse_from"] == nil { all["bonjour.browse_from"] = "phase_start" }
        if all["bonjour.window.mode"] == nil { all["bonjour.window.mode"] = "fixed" }
        if all["bonjour.resolve_method"] == nil { all["bonjour.resolve_method"] = "mdns" }
        let strategy = try Knob.strategy(all, phases: [.bonjour])
        let log = EventLog()
        let phase = Knob.phase(.bonjour, strategy, log: log)
        try await beforePhase()
        let accumulator = ScanAccumulator(events: log)
        let phaseStart = MonotonicClock.now()
        let ms = await Knob.run(phase, Knob.context(strategy, log: log), accumulator)
        return (log.records(), ms, await accumulator.snapshot(), phaseStart)
    }

    static func service(_ n: Int, type: String = "_http._tcp", port: Int = 80) -> LoopbackMDNSResponder.Service {
        .init(
            instance: "Knob Device \(n)",
            type: type,
            host: "knob-device-\(n)",
            ip: Loopback.ip(UInt8(20 + n)),
            port: UInt16(port)
        )
    }

    /// Browse queries heard for a type, by time.
    static func browses(_ responder: LoopbackMDNSResponder, _ type: String) -> [LoopbackMDNSResponder.Query] {
        responder.heard.filter {
            $0.questions.contains { $0.type == .ptr && $0.name == BonjourQueryBuilder.browseName(type: type) }
        }
    }

    /// `tiers`: the service types asked for.
    static func tiers() async throws {
        for (tier, other) in [("_http._tcp", "_ipp._tcp"), ("_ipp._tcp", "_http._tcp")] {
            let responder = try LoopbackMDNSResponder(services: [])
            _ = try await bonjourRun(["bonjour.tiers": "[[\(tier)]]", "bonjour.window.fixed_ms": "300"])
            #expect(!browses(responder, tier).isEmpty && browses(responder, other).isEmpty, "tiers [[\(tier)]]")
            responder.stop()
        }
    }

    /// `tier_delay_ms`: how long after tier 1 tier 2 starts (each tier's first query has 20–120 ms jitter).
    static func tierDelay() async throws {
        var gap: [Int: Double] = [:]
        for delay in [0, 500] {
            let responder = try LoopbackMDNSResponder(services: [])
            _ = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp], [_ipp._tcp]]", "bonjour.tier_delay_ms": "\(delay)",
                "bonjour.window.fixed_ms": "900",
            ])
            let first = try #require(browses(responder, "_http._tcp").first),
                second = try #require(browses(responder, "_ipp._tcp").first)
            gap[delay] = (Double(second.atNs) - Double(first.atNs)) / 1e6
            responder.stop()
        }
        #expect(
            abs(gap[0] ?? 999) < 150 && (gap[500] ?? 0) > 350,
            "tier 2 after tier 1: delay 0 → \(gap[0] ?? -1) ms, 500 → \(gap[500] ?? -1) ms"
        )
    }

    /// `browse_from`: `scan_start` starts the browser when the runner builds the phase, before
    /// the pipeline reaches it; `phase_start` when the phase runs.
    ///
    /// Between building and running the phase the check waits for our browse query to be heard:
    /// under `scan_start` it must come (its first query is due 20–120 ms after the build; the wait
    /// allows 3 s because a loaded machine — load 26 on 2 cores — delayed it past a fixed 400 ms
    /// pause, which is what made this check flaky), under `phase_start` it must not (nothing is
    /// sent before the phase starts; 400 ms is 3× the latest the first query is due, so an early
    /// browser shows itself on a quiet machine). Under `phase_start` the phase's window is 1 s, not
    /// 200 ms: the first query must go out before the window's end stops the browser, and under
    /// load it once had not. Only queries for the check's own service type count: another
    /// process's mDNS on `lo` (another test run) is not this browser.
    static func browseFrom() async throws {
        let type = "_knob-browse-from._tcp"
        for from in ["scan_start", "phase_start"] {
            let responder = try LoopbackMDNSResponder(services: [])
            let (waitMs, windowMs) = from == "scan_start" ? (3_000, 200) : (400, 1_000)
            let knobs = [
                "bonjour.browse_from": from, "bonjour.tiers": "[[\(type)]]", "bonjour.window.fixed_ms": "\(windowMs)",
            ]
            let run = try await bonjourRun(knobs) {
                let until = MonotonicClock.now() + UInt64(waitMs) * 1_000_000
                while browses(responder, type).isEmpty && MonotonicClock.now() < until {
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            let first = try #require(browses(responder, type).first, "\(from): no browse query heard").atNs
            responder.stop()
            #expect(
                (first < run.phaseStartNs) == (from == "scan_start"),
                "\(from): first query \((Double(first) - Double(run.phaseStartNs)) / 1e6) ms after the phase start"
            )
        }
    }

    /// Collection time with no service answering.
    static func windowMs(_ knobs: [String: String]) async throws -> Double {
        try await bonjourRun(knobs.merging(["bonjour.tiers": "[[_knob-silent._tcp]]"]) { $1 }).ms
    }

    /// `window.mode`: a fixed wait, or polling until quiet past the minimum.
    static func windowMode() async throws {
        let knobs = [
            "bonjour.window.fixed_ms": "250", "bonjour.window.poll_ms": "50", "bonjour.window.quiet_ms": "100",
            "bonjour.window.min_ms": "700", "bonjour.window.max_ms": "900",
        ]
        let fixed = try await windowMs(knobs.merging(["bonjour.window.mode": "fixed"]) { $1 })
        let adaptive = try await windowMs(knobs.merging(["bonjour.window.mode": "adaptive"]) { $1 })
        #expect(fixed >= 250 && fixed < 600 && adaptive >= 700, "fixed: \(fixed) ms, adaptive: \(adaptive) ms")
    }

    /// `window.fixed_ms`: the fixed window's length.
    static func fixedWindow() async throws {
        let short = try await windowMs(["bonjour.window.fixed_ms": "150"])
        let long = try await windowMs(["bonjour.window.fixed_ms": "550"])
        #expect(short >= 150 && short < 450 && long >= 550, "150: \(short) ms, 550: \(long) ms")
    }

    static let adaptive = ["bonjour.window.mode": "adaptive", "bonjour.window.max_ms": "5000"]

    /// `window.poll_ms`: the quiet period is judged only at polls. With no service, no minimum and
    /// a 300 ms quiet period, the window ends at the first poll at or past 300 ms: about 300 ms
    /// when polling every 50 ms, at the second poll (≥ 700 ms) when polling every 700 ms.
    ///
    /// The quiet period must outlast the time from the phase start to the first poll (opening the
    /// browser's socket): were the first poll already past it, the window would end there whatever
    /// the interval. A 1 ms quiet period did not: at load 26 on 2 cores the first poll came 26–68 ms
    /// in, and both windows ended at it. 300 ms leaves room for that; the 700 ms interval is above
    /// the 500 ms default, so a phase ignoring the knob still fails `slow >= 700`.
    static func pollInterval() async throws {
        let knobs = adaptive.merging(["bonjour.window.min_ms": "0", "bonjour.window.quiet_ms": "300"]) { $1 }
        let fast = try await windowMs(knobs.merging(["bonjour.window.poll_ms": "50"]) { $1 })
        let slow = try await windowMs(knobs.merging(["bonjour.window.poll_ms": "700"]) { $1 })
        // `fast < 1000`: before the second poll of a 700 ms interval could come; generous, for a
        // loaded machine (a 50 ms poll normally ends it by ~350 ms).
        #expect(fast >= 300 && fast < 1_000 && slow >= 700, "poll 50: \(fast) ms, poll 700: \(slow) ms")
    }

    /// `window.quiet_ms`: with no minimum, the window ends after this long without a new service.
    static func quietPeriod() async throws {
        let knobs = adaptive.merging(["bonjour.window.min_ms": "0", "bonjour.window.poll_ms": "20"]) { $1 }
        let short = try await windowMs(knobs.merging(["bonjour.window.quiet_ms": "100"]) { $1 })
        let long = try await windowMs(knobs.merging(["bonjour.window.quiet_ms": "500"]) { $1 })
        #expect(short >= 100 && short < 400 && long >= 500, "quiet 100: \(short) ms, quiet 500: \(long) ms")
    }

    /// `window.min_ms`: a quiet window still lasts at least this long.
    static func minWindow() async throws {
        let knobs = adaptive.merging(["bonjour.window.quiet_ms": "20", "bonjour.window.poll_ms": "20"]) { $1 }
        let short = try await windowMs(knobs.merging(["bonjour.window.min_ms": "100"]) { $1 })
        let long = try await windowMs(knobs.merging(["bonjour.window.min_ms": "500"]) { $1 })
        #expect(short >= 100 && short < 400 && long >= 500, "min 100: \(short) ms, min 500: \(long) ms")
    }

    /// `window.max_ms`: the window never lasts longer.
    static func maxWindow() async throws {
        let knobs = [
            "bonjour.window.mode": "adaptive", "bonjour.window.quiet_ms": "5000", "bonjour.window.poll_ms": "20",
            "bonjour.window.min_ms": "0",
        ]
        let short = try await windowMs(knobs.merging(["bonjour.window.max_ms": "150"]) { $1 })
        let long = try await windowMs(knobs.merging(["bonjour.window.max_ms": "550"]) { $1 })
        #expect(short >= 150 && short < 450 && long >= 550 && long < 1000, "max 150: \(short) ms, max 550: \(long) ms")
    }

    /// Resolved services in the log.
    static func resolved(_ events: [EventRecord]) -> [ScanEvent.ServiceResolved] {
        events.all { if case .serviceResolved(let r) = $0 { r } else { nil } }
    }

    /// `max_services`: services kept for resolving.
    static func maxServices() async throws {
        let responder = try LoopbackMDNSResponder(services: (1...3).map { service($0) })
        for cap in [1, 3] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "400",
                "bonjour.max_services": "\(cap)",
            ])
            #expect(resolved(run.events).count == cap && run.devices.count == cap)
        }
        responder.stop()
    }

    /// `resolve_method`: `tcp_connect` connects to the service (NetMonitor), `mdns` does not.
    static func resolveMethod() async throws {
        let listener = try PeerListener(ip: Loopback.ip(21))
        let responder = try LoopbackMDNSResponder(services: [service(1, port: listener.port)])
        for method in ["tcp_connect", "mdns"] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "300",
                "bonjour.resolve_method": method,
            ])
            let connections = run.events.connections.filter { $0.phase == "bonjour" && $0.port == listener.port }
            #expect(connections.count == (method == "tcp_connect" ? 1 : 0), "\(method)")
            #expect(resolved(run.events).map(\.ip) == [Loopback.ip(21)], "\(method)")
            // The mDNS resolve logs the TXT it heard (the classify step reuses it); NetMonitor's reads none.
            let txt = resolved(run.events).first?.txt
            #expect(
                txt == (method == "mdns" ? ["model=Loopback\(listener.port)"] : nil),
                "\(method): \(String(describing: txt))"
            )
        }
        responder.stop()
    }

    /// Services whose browse answer carries no SRV and whose responder ignores resolves: each
    /// resolve runs to its timeout.
    static func unresolvable(_ count: Int) throws -> LoopbackMDNSResponder {
        try LoopbackMDNSResponder(services: (1...count).map { service($0) }, additionals: false, answersResolves: false)
    }

    /// `resolve_concurrency`: four resolves that each time out after 200 ms, one or four at a time.
    static func resolveConcurrency() async throws {
        let responder = try unresolvable(4)
        var resolving: [Int: Double] = [:]
        for concurrency in [1, 4] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "200",
                "bonjour.resolve_timeout_ms": "200", "bonjour.resolve_concurrency": "\(concurrency)",
            ])
            resolving[concurrency] = run.ms - 200
        }
        #expect(
            (resolving[1] ?? 0) >= 800 && (resolving[4] ?? 999) < 600,
            "one at a time: \(resolving[1] ?? -1) ms, four: \(resolving[4] ?? -1) ms"
        )
        responder.stop()
    }

    /// `resolve_timeout_ms`: how long an unanswered resolve waits.
    static func resolveTimeout() async throws {
        let responder = try unresolvable(1)
        var resolving: [Int: Double] = [:]
        for timeout in [150, 600] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "200",
                "bonjour.resolve_timeout_ms": "\(timeout)",
            ])
            resolving[timeout] = run.ms - 200
            #expect(resolved(run.events).isEmpty)
        }
        #expect(
            (resolving[150] ?? 0) >= 150 && (resolving[150] ?? 999) < 450 && (resolving[600] ?? 0) >= 600,
            "150: \(resolving[150] ?? -1) ms, 600: \(resolving[600] ?? -1) ms"
        )
        responder.stop()
    }

    /// `resolve_waiting_policy`: a `tcp_connect` resolve to a refusing port counts only under `inspect_error`.
    static func resolveWaitingPolicy() async throws {
        let closed = try Loopback.closedPort(on: [Loopback.ip(21)])
        let responder = try LoopbackMDNSResponder(services: [service(1, port: closed)])
        for (policy, counts) in [("inspect_error", true), ("timer", false), ("fail", false)] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "300",
                "bonjour.resolve_method": "tcp_connect", "bonjour.resolve_timeout_ms": "300",
                "bonjour.resolve_waiting_policy": policy,
            ])
            #expect(!resolved(run.events).isEmpty == counts, "\(policy)")
        }
        responder.stop()
    }

    /// `requery`: RFC 6762 repeats the browse after 1 s; `once` asks once.
    static func requery() async throws {
        for (mode, queries) in [("rfc6762", 2), ("once", 1)] {
            let responder = try LoopbackMDNSResponder(services: [])
            _ = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "1400", "bonjour.requery": mode,
            ])
            #expect(browses(responder, "_http._tcp").count == queries, "\(mode)")
            responder.stop()
        }
    }

    /// `known_answers`: the re-query lists the service already held, or does not.
    static func knownAnswers() async throws {
        let responder = try LoopbackMDNSResponder(services: [service(1)])
        for listed in [true, false] {
            let before = browses(responder, "_http._tcp").count
            _ = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "1400",
                "bonjour.known_answers": "\(listed)",
            ])
            let queries = browses(responder, "_http._tcp").dropFirst(before)
            #expect(queries.count == 2 && queries.first?.knownAnswers == 0)
            #expect(
                (queries.last?.knownAnswers ?? 0 > 0) == listed,
                "known_answers \(listed): \(queries.last?.knownAnswers ?? -1) listed"
            )
        }
        responder.stop()
    }

    /// `callback_debounce_ms`: resolved services reach the accumulator at once, or together one
    /// interval after the first resolve. A fourth service whose resolve times out after 1 s keeps
    /// the phase (whose end hands over whatever is held) running past the interval.
    static func callbackDebounce() async throws {
        let responder = try LoopbackMDNSResponder(services: (1...3).map { service($0) })
        let silent = try LoopbackMDNSResponder(services: [service(4)], additionals: false, answersResolves: false)
        for debounce in [0, 400] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "300",
                "bonjour.resolve_timeout_ms": "1000", "bonjour.callback_debounce_ms": "\(debounce)",
            ])
            let resolvedAt = run.events.compactMap { if case .serviceResolved = $0.event { $0.timeNs } else { nil } }
            let seenAt = run.events.compactMap { if case .deviceFirstSeen = $0.event { $0.timeNs } else { nil } }
            let first = try #require(resolvedAt.min())
            #expect(seenAt.count == 3, "debounce \(debounce): \(seenAt.count) devices")
            let delays = seenAt.map { (Double($0) - Double(first)) / 1_000_000 }
            if debounce == 0 {
                #expect(delays.allSatisfy { $0 < 200 }, "immediate: \(delays) ms after the first resolve")
            } else {
                #expect(delays.allSatisfy { $0 >= 390 }, "held 400 ms: \(delays) ms after the first resolve")
                #expect(
                    (delays.max() ?? 0) - (delays.min() ?? 0) < 50 && (delays.max() ?? 999) < 800,
                    "one batch, before the phase's end: \(delays)"
                )
            }
        }
        responder.stop()
        silent.stop()
    }

    /// `hostname_from`: the instance name (NetMonitor) or the SRV host's first label.
    static func hostnameFrom() async throws {
        let responder = try LoopbackMDNSResponder(services: [
            .init(
                instance: "Living Room",
                type: "_http._tcp",
                host: "Living-Room",
                ip: Loopback.ip(23),
                port: 80
            )
        ])
        for (from, name) in [("instance_name", "Living Room"), ("host_name", "Living-Room")] {
            let run = try await bonjourRun([
                "bonjour.tiers": "[[_http._tcp]]", "bonjour.window.fixed_ms": "300", "bonjour.hostname_from": from,
            ])
            #expect(run.devices.map(\.hostname) == [name])
        }
        responder.stop()
    }

    // MARK: SSDP

    /// Runs the SSDP phase built from `knobs` on `interface`.
    static func ssdpRun(
        _ knobs: [String: String],
        interface: String = "lo"
    )
        async throws -> (events: [EventRecord], ms: Double, devices: [DiscoveredDevice])
    {
        let strategy = try Knob.strategy(knobs, phases: [.ssdp])
        let log = EventLog()
        let accumulator = ScanAccumulator()
        let ms = await Knob.run(
            Knob.phase(.ssdp, strategy, log: log, interface: interface),
            Knob.context(strategy, log: log, interface: interface),
            accumulator
        )
        return (log.records(), ms, await accumulator.snapshot())
    }

    static let upnpResponse =
        "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=1800\r\nLOCATION: http://127.0.0.9:49152/description.xml\r\n"
        + "ST: upnp:rootdevice\r\nUSN: uuid:knob::upnp:rootdevice\r\n\r\n"

    /// `mx`: the MX header of the M-SEARCH.
    static func mx() async throws {
        let responder = try LoopbackSSDPResponder(response: upnpResponse, delayMs: 0)
        for mx in [1, 4] {
            _ = try await ssdpRun(["ssdp.mx": "\(mx)", "ssdp.window_ms": "150"])
            #expect(responder.heard.last?.header("MX") == "\(mx)")
        }
        responder.stop()
    }

    /// `st`: the search target.
    static func st() async throws {
        let responder = try LoopbackSSDPResponder(response: upnpResponse, delayMs: 0)
        for st in ["ssdp:all", "upnp:rootdevice"] {
            _ = try await ssdpRun(["ssdp.st": st, "ssdp.window_ms": "150"])
            #expect(responder.heard.last?.header("ST") == st)
        }
        responder.stop()
    }

    /// `window_ms`: a device answering after 300 ms is heard by a 700 ms window, not a 120 ms one.
    static func ssdpWindow() async throws {
        let responder = try LoopbackSSDPResponder(response: upnpResponse, delayMs: 300)
        let short = try await ssdpRun(["ssdp.window_ms": "120"])
        let long = try await ssdpRun(["ssdp.window_ms": "700"])
        #expect(short.devices.isEmpty && short.ms < 300, "120 ms window: \(short.devices.map(\.ip)), \(short.ms) ms")
        #expect(long.devices.map(\.ip) == [Loopback.ip(9)] && long.ms >= 700)
        responder.stop()
    }

    /// `ready_timeout_ms`: with the interface missing, the phase waits this long, then gives up.
    ///
    /// How long is counted as well as timed: the phase looks at the path every `pathPollMs` and
    /// sleeps at least that long between looks, so it gives up after at most
    /// timeout / pathPollMs + 2 looks (the 2 s default takes ~100 on a quiet machine), however loaded the
    /// machine. The clock's upper bound is only for a phase that never gives up: at load 26 on
    /// 2 cores a 100 ms timeout ran 835 ms, at load 30-80 waits overran by up to 2.9 s. The phase
    /// is the runner's (`SSDPScanPhase(strategy:)`'s settings) with a path check that counts.
    static func readyTimeout() async throws {
        for timeout in [100, 450] {
            let strategy = try Knob.strategy(["ssdp.ready_timeout_ms": "\(timeout)"], phases: [.ssdp])
            let log = EventLog()
            let looks = Atomic<Int>(0)
            let phase = SSDPScanPhase(settings: strategy.ssdp, bindToInterface: strategy.bindToInterface, events: log) {
                interface,
                localIP in
                looks.add(1, ordering: .relaxed)
                return PathReadiness.current(interface, localIP)
            }
            let ms = await Knob.run(phase, Knob.context(strategy, log: log, interface: "sb-absent0"))
            let run = (events: log.records(), ms: ms)
            let most = timeout / SSDPScanPhase.pathPollMs + 2
            #expect(
                looks.load(ordering: .relaxed) <= most,
                "\(timeout) ms timeout: \(looks.load(ordering: .relaxed)) looks, at most \(most)"
            )
            #expect(
                run.ms >= Double(timeout) && run.ms < Double(timeout) + 10_000,
                "\(timeout) ms timeout: \(run.ms) ms"
            )
            #expect(run.events.all { if case .readyTimeout(let r) = $0 { r.timeoutMs } else { nil } } == [timeout])
            #expect(run.events.packets("ssdp_msearch").isEmpty)
        }
    }

    /// `placement`: the step SSDP runs in — with TCP, with Bonjour, or after TCP.
    static func placement() async throws {
        for placement in ["with_tcp", "with_bonjour", "after_tcp"] {
            let strategy = try Knob.strategy(["ssdp.placement": placement, "subnet.policy": "assume_24"])
            let steps = try await Knob.scan(strategy).events.phaseStarts.reduce(into: [String: Int]()) {
                $0[$1.start.phase] = $1.start.step
            }
            let ssdp = try #require(steps["ssdp"]), tcp = try #require(steps["tcp_probe"]),
                bonjour = try #require(steps["bonjour"])
            switch placement {
            case "with_tcp": #expect(ssdp == tcp)
            case "with_bonjour": #expect(ssdp == bonjour && ssdp != tcp)
            default: #expect(ssdp == tcp + 1 && !steps.contains { $0.key != "ssdp" && $0.value == ssdp })
            }
        }
    }

    /// `address_from`: the device is the LOCATION host (127.0.0.9) or the response's sender (127.0.0.1).
    static func addressFrom() async throws {
        let responder = try LoopbackSSDPResponder(response: upnpResponse, delayMs: 0)
        for (from, ip) in [("location", Loopback.ip(9)), ("sender", Loopback.scanner)] {
            let run = try await ssdpRun(["ssdp.address_from": from, "ssdp.window_ms": "200"])
            #expect(run.devices.map(\.ip) == [ip], "\(from)")
        }
        responder.stop()
    }
}
