extension Strategy {
    /// The most connection objects (Network.framework flows) the scan can hold at once, read off
    /// the knobs: an upper bound to hold against a platform's flow limit (`max_flows`,
    /// docs/PLATFORMS.md) before running, by `scanbench tune` and `--sweep`.
    ///
    /// Only TCP probes are connection objects here (the TCP phase's probes and latency race, the
    /// Bonjour phase's `tcp_connect` resolves); ARP pokes, ICMP, mDNS, SSDP and PTR use sockets of
    /// their own. Per step of the pipeline, the phases that run together add up:
    /// - `tcp_probe`: `host_concurrency` × `ports_in_flight` probes, each holding a budget slot,
    ///   then (after them, in the same phase) the latency race: `enrichment.concurrency` devices
    ///   × its sockets (`ports` + the random port), one slot per device unless `slot_per_connection`;
    /// - `bonjour`: `resolve_concurrency` resolves, each holding a slot.
    ///
    /// The budget's `limit` caps what holds slots (a probe cancels its connection before it gives
    /// its slot back). Thermal scaling only lowers concurrency, so it is left out (the bound holds
    /// at `nominal`). Not counted: the session's tools (a scenario's port scan or TCP ping, which
    /// hold slots of the same budget) and connections of a phase abandoned at its deadline that
    /// are still being cancelled when the next step starts.
    public var maxFlowsInFlight: Int {
        let slots = budget.limit.value ?? Int.max
        let resolves = bonjour.enabled && bonjour.resolveMethod == .tcpConnect ? bonjour.resolveConcurrency : 0
        let probing = tcp.enabled ? tcp.hostConcurrency * tcp.portsInFlight : 0
        let raceSockets = enrichment.ports.count + (enrichment.randomPortRange == nil ? 0 : 1)
        let racing: Int
        if !(tcp.enabled && enrichment.enabled) {
            racing = 0
        } else if enrichment.slotPerConnection {
            racing = min(slots, enrichment.concurrency * raceSockets)
        } else {
            racing = min(slots, enrichment.concurrency) * raceSockets
        }
        return resolvedSteps.map { step -> Int in
            let phases = step.concurrent ? step.phases : []
            let alone = step.concurrent ? [] : step.phases
            func flows(_ phases: [PhaseKind]) -> Int {
                let tcpHere = phases.contains(.tcpProbe)
                let resolving = phases.contains(.bonjour) ? resolves : 0
                guard tcpHere else { return min(slots, resolving) }
                // Probing, then the race: the phase's two stages, each beside the resolves.
                return max(min(slots, probing + resolving), min(slots, resolving) + racing)
            }
            let together = flows(phases)
            let inTurn = alone.map { flows([$0]) }.max() ?? 0
            return max(together, inTurn)
        }
        .max() ?? 0
    }
}
