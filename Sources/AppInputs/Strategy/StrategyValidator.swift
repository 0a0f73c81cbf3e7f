import StrictYAML

/// The checks a strategy must pass beyond its schema: numbers in the ranges their knobs declare
/// (`Knob`, read off the sections' tables), and the rules written out here: ports valid, service
/// types well-formed, bounds in order, and a pipeline that agrees with the phases' `enabled` flags
/// and SSDP's placement. Errors point at the offending line.
struct StrategyValidator {
    let strategy: Strategy
    let document: YAMLDocument

    func validate() throws {
        let s = strategy
        for check in s.rangeChecks() {
            try range(
                check.value,
                check.valid,
                YAMLPath(check.path.map { .key($0) }),
                unit: check.unit,
                orNone: check.orNone
            )
        }
        for (i, step) in s.budget.thermalScript.enumerated() where !(0...3600).contains(step.atSeconds) {
            throw document.error(
                at: ["budget", "thermal_script", .index(i), "at_s"],
                "at_s \(step.atSeconds) is out of range",
                fix: "write 0 to 3600 seconds after scan start"
            )
        }
        try checkPipeline()

        try port(s.arp.pokePort, ["arp", "poke_port"])

        try checkBonjour()
        try checkTCP()
        try checkEnrichment()
        try checkConnectionAPI()

        if s.ssdp.st.isEmpty || s.ssdp.st.contains(where: \.isNewline) {
            throw document.error(
                at: ["ssdp", "st"],
                "the search target must be one non-empty line",
                fix: "write ssdp:all, upnp:rootdevice or a URN"
            )
        }

        if !(0.1...100).contains(s.publishing.percent) {
            throw document.error(
                at: ["publishing", "percent"],
                "percent \(s.publishing.percent) is out of range",
                fix: "write a progress step from 0.1 to 100"
            )
        }
        try checkTools()
        try checkClassify()
    }

    private func checkTools() throws {
        let s = strategy
        if s.budget.resetAtScanStart && s.budget.style == .structured {
            throw document.error(
                at: ["budget", "reset_at_scan_start"],
                "the structured budget has no reset()",
                fix: "write false, or use style shipped / shipped_conditional_wake"
            )
        }
        let ping: YAMLPath = ["tools", "ping"]
        if s.tools.ping.tcpPorts.isEmpty {
            throw document.error(
                at: ping.appending(key: "tcp_ports"),
                "the TCP ping needs at least one port",
                fix: "write e.g. [443, 80, 22]"
            )
        }
        for (i, p) in s.tools.ping.tcpPorts.enumerated() {
            try port(p, ping.appending(key: "tcp_ports").appending(index: i))
        }
    }

    private func checkClassify() throws {
        let c = strategy.classify
        let path: YAMLPath = ["classify"]
        for (i, p) in c.ports.enumerated() { try port(p, path.appending(key: "ports").appending(index: i)) }
        if c.deepProbe == .own && c.topPorts == 0 && c.ports.isEmpty && c.bonjourWindowMs == 0 && c.ssdpWindowMs == 0 {
            throw document.error(
                at: path.appending(key: "deep_probe"),
                "deep_probe own, but the probe has no port, browse or search to run",
                fix: "set top_ports, ports, bonjour_window_ms or ssdp_window_ms, or write deep_probe: none"
            )
        }
        if c.ssdpWindowMs != 0 {
            try range(
                c.ssdpWindowMs,
                1000...6000,
                path.appending(key: "ssdp_window_ms"),
                unit: "milliseconds, or 0 for no search"
            )
        }
    }

    private func checkPipeline() throws {
        let s = strategy
        guard let steps = s.pipeline.steps else { return }
        var seen: [PhaseKind: Int] = [:]
        for (i, step) in steps.enumerated() {
            let path: YAMLPath = ["pipeline", "steps", .index(i), "phases"]
            if step.phases.isEmpty {
                throw document.error(
                    at: path,
                    "a step needs at least one phase",
                    fix: "list phases here or remove the step"
                )
            }
            for (j, phase) in step.phases.enumerated() {
                if let other = seen[phase] {
                    throw document.error(
                        at: path.appending(index: j),
                        "\(phase.rawValue) is already in step \(other)",
                        fix: "list each phase once"
                    )
                }
                seen[phase] = i
                if !s.isEnabled(phase) {
                    let section = Self.section(of: phase)
                    throw document.error(
                        at: path.appending(index: j),
                        "\(phase.rawValue) is listed but \(section).enabled is false",
                        fix: "remove it from the pipeline, or set \(section).enabled: true"
                    )
                }
            }
        }
        for phase in PhaseKind.allCases where s.isEnabled(phase) && seen[phase] == nil {
            let section = Self.section(of: phase)
            throw document.error(
                at: ["pipeline", "steps"],
                "\(phase.rawValue) is enabled but in no step",
                fix: "add \(phase.rawValue) to a step, or set \(section).enabled: false"
            )
        }
        // SSDP's placement must describe the layout, so reports can quote either.
        guard let ssdpStep = seen[.ssdp] else { return }
        let placementPath: YAMLPath = ["ssdp", "placement"]
        switch s.ssdp.placement {
        case .withTCP:
            if let tcp = seen[.tcpProbe], tcp != ssdpStep || !steps[tcp].concurrent {
                throw document.error(
                    at: placementPath,
                    "placement with_tcp, but ssdp is not in tcp_probe's concurrent step",
                    fix: "put ssdp in the same concurrent step as tcp_probe, or change placement"
                )
            }
        case .afterTCP:
            if let tcp = seen[.tcpProbe], ssdpStep <= tcp {
                throw document.error(
                    at: placementPath,
                    "placement after_tcp, but ssdp runs in or before tcp_probe's step",
                    fix: "move ssdp to a later step than tcp_probe, or change placement"
                )
            }
        case .withBonjour:
            if let bonjour = seen[.bonjour], bonjour != ssdpStep || !steps[bonjour].concurrent {
                throw document.error(
                    at: placementPath,
                    "placement with_bonjour, but ssdp is not in bonjour's concurrent step",
                    fix: "put ssdp in the same concurrent step as bonjour, or change placement"
                )
            }
        }
    }

    private func checkBonjour() throws {
        let b = strategy.bonjour
        let path: YAMLPath = ["bonjour"]
        if b.tiers.isEmpty || b.tiers.contains(where: \.isEmpty) {
            throw document.error(
                at: path.appending(key: "tiers"),
                "every tier needs at least one service type",
                fix: "write a list of lists, e.g. [[_http._tcp, _airplay._tcp], [_ipp._tcp]]"
            )
        }
        for (t, tier) in b.tiers.enumerated() {
            for (i, type) in tier.enumerated() {
                let parts = type.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].hasPrefix("_"), parts[0].count > 1,
                    ["_tcp", "_udp"].contains(parts[1])
                else {
                    throw document.error(
                        at: path.appending(key: "tiers").appending(index: t).appending(index: i),
                        "'\(type)' is not a DNS-SD service type",
                        fix: "write _name._tcp or _name._udp, e.g. _airplay._tcp"
                    )
                }
            }
        }
        let w = path.appending(key: "window")
        if b.window.minMs > b.window.maxMs {
            throw document.error(
                at: w.appending(key: "min_ms"),
                "min_ms \(b.window.minMs) is above max_ms \(b.window.maxMs)",
                fix: "make min_ms at most max_ms"
            )
        }
    }

    private func checkTCP() throws {
        let t = strategy.tcp
        let path: YAMLPath = ["tcp"]
        if t.enabled && t.primaryPorts.isEmpty {
            throw document.error(
                at: path.appending(key: "primary_ports"),
                "the TCP probe needs at least one primary port",
                fix: "list ports, e.g. [80, 443, 22, 445], or set tcp.enabled: false"
            )
        }
        for (key, ports) in [("primary_ports", t.primaryPorts), ("secondary_ports", t.secondaryPorts)] {
            for (i, p) in ports.enumerated() { try port(p, path.appending(key: key).appending(index: i)) }
        }
        let to = path.appending(key: "timeouts")
        if t.timeouts.floorMs > t.timeouts.ceilingMs {
            throw document.error(
                at: to.appending(key: "floor_ms"),
                "floor_ms \(t.timeouts.floorMs) is above ceiling_ms \(t.timeouts.ceilingMs)",
                fix: "make floor_ms at most ceiling_ms"
            )
        }
    }

    /// A `waiting_policy` written beside `connection_api: bsd_socket` is refused: a BSD socket
    /// reports a refusal as an error, never as NWConnection's `.waiting`, so the policy would
    /// never act while the file says it does (`tcp.connection_api` covers the enrichment race too).
    private func checkConnectionAPI() throws {
        let s = strategy
        let tcp: YAMLPath = ["tcp"]
        let scanner: YAMLPath = ["tools", "port_scanner"]
        let pairs: [(api: Strategy.ConnectionAPI, section: YAMLPath, policy: YAMLPath)] = [
            (s.tcp.connectionAPI, tcp, tcp.appending(key: "waiting_policy")),
            (s.tcp.connectionAPI, tcp, ["enrichment", "waiting_policy"]),
            (s.tools.portScanner.connectionAPI, scanner, scanner.appending(key: "waiting_policy")),
        ]
        for pair in pairs where !pair.api.hasWaiting && document.contains(pair.policy) {
            throw document.error(
                at: pair.policy,
                "has no effect under \(pair.section).connection_api: \(pair.api.rawValue) (a BSD socket reports "
                    + "ECONNREFUSED as an error at once; it has no .waiting for a policy to decide)",
                fix: "remove this waiting_policy line, or write \(pair.section).connection_api: nw_connection"
            )
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
                throw document.error(
                    at: rp.appending(key: "min"),
                    "min \(r.min) is above max \(r.max)",
                    fix: "make min at most max"
                )
            }
        }
        if e.enabled && e.ports.isEmpty && e.randomPortRange == nil {
            throw document.error(
                at: path.appending(key: "ports"),
                "enrichment has no port to race",
                fix: "list ports, set random_port_range, or set enrichment.enabled: false"
            )
        }
    }

    private func range(
        _ value: Int,
        _ allowed: ClosedRange<Int>,
        _ path: YAMLPath,
        unit: String,
        orNone: Bool = false
    ) throws {
        guard allowed.contains(value) else {
            let key = path.components.last.flatMap { if case .key(let k) = $0 { k } else { nil } } ?? "value"
            throw document.error(
                at: path,
                "\(key) \(value) is out of range",
                fix: "write \(allowed.lowerBound) to \(allowed.upperBound) \(unit)\(orNone ? ", or none" : "")"
            )
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
