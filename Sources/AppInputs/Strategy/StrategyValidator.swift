import StrictYAML

/// The checks a strategy must pass beyond its schema: numbers in range, ports valid, service
/// types well-formed, and a pipeline that agrees with the phases' `enabled` flags and SSDP's
/// placement. Errors point at the offending line.
struct StrategyValidator {
    let strategy: Strategy
    let document: YAMLDocument

    func validate() throws {
        let s = strategy
        try range(s.subnet.maxHosts, 1...65534, ["subnet", "max_hosts"], unit: "hosts")
        if case .limited(let n) = s.budget.limit { try range(n, 1...10_000, ["budget", "limit"], unit: "slots", orNone: true) }
        for (i, step) in s.budget.thermalScript.enumerated() where !(0...3600).contains(step.atSeconds) {
            throw document.error(at: ["budget", "thermal_script", .index(i), "at_s"], "at_s \(step.atSeconds) is out of range",
                                 fix: "write 0 to 3600 seconds after scan start")
        }
        if case .limited(let ms) = s.pipeline.phaseDeadlineMs {
            try range(ms, 1...600_000, ["pipeline", "phase_deadline_ms"], unit: "milliseconds", orNone: true)
        }
        try checkPipeline()

        let arp: YAMLPath = ["arp"]
        try port(s.arp.pokePort, arp.appending(key: "poke_port"))
        try range(s.arp.paceEvery, 0...100_000, arp.appending(key: "pace_every"), unit: "packets (0 = no pacing)")
        try range(s.arp.paceSleepMs, 0...10_000, arp.appending(key: "pace_sleep_ms"), unit: "milliseconds")
        try range(s.arp.settleMs, 0...30_000, arp.appending(key: "settle_ms"), unit: "milliseconds")
        try range(s.arp.readEveryMs, 0...30_000, arp.appending(key: "read_every_ms"), unit: "milliseconds (0 = once, after the settle)")
        try range(s.arp.retryRounds, 0...5, arp.appending(key: "retry_rounds"), unit: "rounds")

        try checkBonjour()
        try checkTCP()
        try checkEnrichment()

        let ssdp: YAMLPath = ["ssdp"]
        try range(s.ssdp.mx, 1...5, ssdp.appending(key: "mx"), unit: "seconds (UPnP allows 1-5)")
        try range(s.ssdp.windowMs, 100...60_000, ssdp.appending(key: "window_ms"), unit: "milliseconds")
        try range(s.ssdp.readyTimeoutMs, 1...60_000, ssdp.appending(key: "ready_timeout_ms"), unit: "milliseconds")
        if s.ssdp.st.isEmpty || s.ssdp.st.contains(where: \.isNewline) {
            throw document.error(at: ssdp.appending(key: "st"), "the search target must be one non-empty line",
                                 fix: "write ssdp:all, upnp:rootdevice or a URN")
        }

        try range(s.icmp.timeoutMs, 1...60_000, ["icmp", "timeout_ms"], unit: "milliseconds")
        try range(s.ptr.concurrency, 1...256, ["ptr", "concurrency"], unit: "lookups")
        try range(s.ptr.timeoutMs, 1...60_000, ["ptr", "timeout_ms"], unit: "milliseconds")
        if !(0.1...100).contains(s.publishing.percent) {
            throw document.error(at: ["publishing", "percent"], "percent \(s.publishing.percent) is out of range",
                                 fix: "write a progress step from 0.1 to 100")
        }
        try range(s.publishing.intervalMs, 1...60_000, ["publishing", "interval_ms"], unit: "milliseconds")
        try range(s.publishing.deviceFlushMs, 0...60_000, ["publishing", "device_flush_ms"],
                  unit: "milliseconds (0 = the list goes with every publish)")
        try checkTools()
        try checkClassify()
    }

    private func checkTools() throws {
        let s = strategy
        if s.budget.resetAtScanStart && s.budget.style == .structured {
            throw document.error(at: ["budget", "reset_at_scan_start"], "the structured budget has no reset()",
                                 fix: "write false, or use style shipped / shipped_conditional_wake")
        }
        let ping: YAMLPath = ["tools", "ping"]
        try range(s.tools.ping.timeoutMs, 1...60_000, ping.appending(key: "timeout_ms"), unit: "milliseconds")
        if s.tools.ping.tcpPorts.isEmpty {
            throw document.error(at: ping.appending(key: "tcp_ports"), "the TCP ping needs at least one port", fix: "write e.g. [443, 80, 22]")
        }
        for (i, p) in s.tools.ping.tcpPorts.enumerated() { try port(p, ping.appending(key: "tcp_ports").appending(index: i)) }
        let scanner: YAMLPath = ["tools", "port_scanner"]
        try range(s.tools.portScanner.maxConcurrent, 1...1000, scanner.appending(key: "max_concurrent"), unit: "ports in flight")
        try range(s.tools.portScanner.timeoutMs, 1...60_000, scanner.appending(key: "timeout_ms"), unit: "milliseconds")
    }

    private func checkClassify() throws {
        let c = strategy.classify
        let path: YAMLPath = ["classify"]
        try range(c.topPorts, 0...65535, path.appending(key: "top_ports"), unit: "of nmap's most frequently open ports (0 = none)")
        for (i, p) in c.ports.enumerated() { try port(p, path.appending(key: "ports").appending(index: i)) }
        if c.deepProbe == .own && c.topPorts == 0 && c.ports.isEmpty && c.bonjourWindowMs == 0 && c.ssdpWindowMs == 0 {
            throw document.error(at: path.appending(key: "deep_probe"), "deep_probe own, but the probe has no port, browse or search to run",
                                 fix: "set top_ports, ports, bonjour_window_ms or ssdp_window_ms, or write deep_probe: none")
        }
        try range(c.bonjourWindowMs, 0...120_000, path.appending(key: "bonjour_window_ms"), unit: "milliseconds (0 = no browse)")
        if c.ssdpWindowMs != 0 { try range(c.ssdpWindowMs, 1000...6000, path.appending(key: "ssdp_window_ms"), unit: "milliseconds, or 0 for no search") }
        try range(c.timeoutMs, 1...30_000, path.appending(key: "timeout_ms"), unit: "milliseconds")
        try range(c.hostConcurrency, 1...1024, path.appending(key: "host_concurrency"), unit: "devices")
    }

    private func checkPipeline() throws {
        let s = strategy
        guard let steps = s.pipeline.steps else { return }
        var seen: [PhaseKind: Int] = [:]
        for (i, step) in steps.enumerated() {
            let path: YAMLPath = ["pipeline", "steps", .index(i), "phases"]
            if step.phases.isEmpty {
                throw document.error(at: path, "a step needs at least one phase", fix: "list phases here or remove the step")
            }
            for (j, phase) in step.phases.enumerated() {
                if let other = seen[phase] {
                    throw document.error(at: path.appending(index: j), "\(phase.rawValue) is already in step \(other)",
                                         fix: "list each phase once")
                }
                seen[phase] = i
                if !s.isEnabled(phase) {
                    let section = Self.section(of: phase)
                    throw document.error(at: path.appending(index: j), "\(phase.rawValue) is listed but \(section).enabled is false",
                                         fix: "remove it from the pipeline, or set \(section).enabled: true")
                }
            }
        }
        for phase in PhaseKind.allCases where s.isEnabled(phase) && seen[phase] == nil {
            let section = Self.section(of: phase)
            throw document.error(at: ["pipeline", "steps"], "\(phase.rawValue) is enabled but in no step",
                                 fix: "add \(phase.rawValue) to a step, or set \(section).enabled: false")
        }
        // SSDP's placement must describe the layout, so reports can quote either.
        guard let ssdpStep = seen[.ssdp] else { return }
        let placementPath: YAMLPath = ["ssdp", "placement"]
        switch s.ssdp.placement {
        case .withTCP:
            if let tcp = seen[.tcpProbe], tcp != ssdpStep || !steps[tcp].concurrent {
                throw document.error(at: placementPath, "placement with_tcp, but ssdp is not in tcp_probe's concurrent step",
                                     fix: "put ssdp in the same concurrent step as tcp_probe, or change placement")
            }
        case .afterTCP:
            if let tcp = seen[.tcpProbe], ssdpStep <= tcp {
                throw document.error(at: placementPath, "placement after_tcp, but ssdp runs in or before tcp_probe's step",
                                     fix: "move ssdp to a later step than tcp_probe, or change placement")
            }
        case .withBonjour:
            if let bonjour = seen[.bonjour], bonjour != ssdpStep || !steps[bonjour].concurrent {
                throw document.error(at: placementPath, "placement with_bonjour, but ssdp is not in bonjour's concurrent step",
                                     fix: "put ssdp in the same concurrent step as bonjour, or change placement")
            }
        }
    }

    private func checkBonjour() throws {
        let b = strategy.bonjour
        let path: YAMLPath = ["bonjour"]
        if b.tiers.isEmpty || b.tiers.contains(where: \.isEmpty) {
            throw document.error(at: path.appending(key: "tiers"), "every tier needs at least one service type",
                                 fix: "write a list of lists, e.g. [[_http._tcp, _airplay._tcp], [_ipp._tcp]]")
        }
        for (t, tier) in b.tiers.enumerated() {
            for (i, type) in tier.enumerated() {
                let parts = type.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].hasPrefix("_"), parts[0].count > 1, ["_tcp", "_udp"].contains(parts[1]) else {
                    throw document.error(at: path.appending(key: "tiers").appending(index: t).appending(index: i),
                                         "'\(type)' is not a DNS-SD service type", fix: "write _name._tcp or _name._udp, e.g. _airplay._tcp")
                }
            }
        }
        try range(b.tierDelayMs, 0...60_000, path.appending(key: "tier_delay_ms"), unit: "milliseconds")
        let w = path.appending(key: "window")
        try range(b.window.fixedMs, 1...120_000, w.appending(key: "fixed_ms"), unit: "milliseconds")
        try range(b.window.pollMs, 10...10_000, w.appending(key: "poll_ms"), unit: "milliseconds")
        try range(b.window.quietMs, 1...60_000, w.appending(key: "quiet_ms"), unit: "milliseconds")
        try range(b.window.minMs, 0...120_000, w.appending(key: "min_ms"), unit: "milliseconds")
        try range(b.window.maxMs, 1...120_000, w.appending(key: "max_ms"), unit: "milliseconds")
        if b.window.minMs > b.window.maxMs {
            throw document.error(at: w.appending(key: "min_ms"), "min_ms \(b.window.minMs) is above max_ms \(b.window.maxMs)",
                                 fix: "make min_ms at most max_ms")
        }
        try range(b.maxServices, 1...10_000, path.appending(key: "max_services"), unit: "services")
        try range(b.resolveConcurrency, 1...256, path.appending(key: "resolve_concurrency"), unit: "resolves")
        try range(b.resolveTimeoutMs, 1...60_000, path.appending(key: "resolve_timeout_ms"), unit: "milliseconds")
        try range(b.callbackDebounceMs, 0...60_000, path.appending(key: "callback_debounce_ms"),
                  unit: "milliseconds (0 = hand each result over at once)")
    }

    private func checkTCP() throws {
        let t = strategy.tcp
        let path: YAMLPath = ["tcp"]
        try range(t.hostConcurrency, 1...1024, path.appending(key: "host_concurrency"), unit: "hosts")
        try range(t.portsInFlight, 1...64, path.appending(key: "ports_in_flight"), unit: "probes")
        if t.enabled && t.primaryPorts.isEmpty {
            throw document.error(at: path.appending(key: "primary_ports"), "the TCP probe needs at least one primary port",
                                 fix: "list ports, e.g. [80, 443, 22, 445], or set tcp.enabled: false")
        }
        for (key, ports) in [("primary_ports", t.primaryPorts), ("secondary_ports", t.secondaryPorts)] {
            for (i, p) in ports.enumerated() { try port(p, path.appending(key: key).appending(index: i)) }
        }
        let to = path.appending(key: "timeouts")
        try range(t.timeouts.primaryMs, 1...60_000, to.appending(key: "primary_ms"), unit: "milliseconds")
        try range(t.timeouts.secondaryMs, 1...60_000, to.appending(key: "secondary_ms"), unit: "milliseconds")
        try range(t.timeouts.floorMs, 1...60_000, to.appending(key: "floor_ms"), unit: "milliseconds")
        try range(t.timeouts.ceilingMs, 1...60_000, to.appending(key: "ceiling_ms"), unit: "milliseconds")
        try range(t.timeouts.minSamples, 1...1000, to.appending(key: "min_samples"), unit: "samples")
        if t.timeouts.floorMs > t.timeouts.ceilingMs {
            throw document.error(at: to.appending(key: "floor_ms"), "floor_ms \(t.timeouts.floorMs) is above ceiling_ms \(t.timeouts.ceilingMs)",
                                 fix: "make floor_ms at most ceiling_ms")
        }
    }

    private func checkEnrichment() throws {
        let e = strategy.enrichment
        let path: YAMLPath = ["enrichment"]
        for (i, p) in e.ports.enumerated() { try port(p, path.appending(key: "ports").appending(index: i)) }
        if let r = e.randomPortRange {
            let rp = path.appending(key: "random_port_range")
            try port(r.min, rp.appending(key: "min"))
            try port(r.max, rp.appending(key: "max"))
            if r.min > r.max {
                throw document.error(at: rp.appending(key: "min"), "min \(r.min) is above max \(r.max)", fix: "make min at most max")
            }
        }
        if e.enabled && e.ports.isEmpty && e.randomPortRange == nil {
            throw document.error(at: path.appending(key: "ports"), "enrichment has no port to race",
                                 fix: "list ports, set random_port_range, or set enrichment.enabled: false")
        }
        try range(e.baseTimeoutMs, 1...60_000, path.appending(key: "base_timeout_ms"), unit: "milliseconds")
        try range(e.concurrency, 1...1024, path.appending(key: "concurrency"), unit: "devices")
    }

    private func range(_ value: Int, _ allowed: ClosedRange<Int>, _ path: YAMLPath, unit: String, orNone: Bool = false) throws {
        guard allowed.contains(value) else {
            let key = path.components.last.flatMap { if case .key(let k) = $0 { k } else { nil } } ?? "value"
            throw document.error(at: path, "\(key) \(value) is out of range",
                                 fix: "write \(allowed.lowerBound) to \(allowed.upperBound) \(unit)\(orNone ? ", or none" : "")")
        }
    }

    private func port(_ value: Int, _ path: YAMLPath) throws {
        guard (1...65535).contains(value) else {
            throw document.error(at: path, "port \(value) is out of range", fix: "write a port from 1 to 65535")
        }
    }

    static func section(of phase: PhaseKind) -> String {
        switch phase {
        case .arp: "arp"
        case .bonjour: "bonjour"
        case .tcpProbe: "tcp"
        case .ssdp: "ssdp"
        case .icmpLatency: "icmp"
        case .reverseDNS: "ptr"
        }
    }
}
