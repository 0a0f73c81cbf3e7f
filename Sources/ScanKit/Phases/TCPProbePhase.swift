import Wire
import AppInputs

/// The TCP probe phase (`tcp_probe`, spec §2.4): primary then secondary port groups per host in
/// a sliding window or barrier batches of hosts (`tcp.batching`), the found hosts' secondary ports
/// under `on_found_hosts`, fixed or RTT-adaptive timeouts, and the latency enrichment race
/// for devices found by other phases.
public struct TCPProbePhase: ScanPhase {
    public let id = PhaseKind.tcpProbe.rawValue
    public let displayName = PhaseKind.tcpProbe.displayName
    public let weight = PhaseKind.tcpProbe.weight
    public var settings: Strategy.TCP
    public var enrichment: Strategy.Enrichment
    /// The enrichment race's random high port, chosen once per run; nil for none.
    public var randomPort: Int?

    /// - Parameters:
    ///   - settings: the strategy's `tcp` section.
    ///   - enrichment: the strategy's `enrichment` section.
    ///   - randomPort: the run's random enrichment port (see `Strategy.Enrichment.randomPortRange`).
    public init(settings: Strategy.TCP, enrichment: Strategy.Enrichment, randomPort: Int?) {
        self.settings = settings
        self.enrichment = enrichment
        self.randomPort = randomPort
    }

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        let timeouts = settings.timeouts
        let tracker = RTTTracker(
            floorMs: Double(timeouts.floorMs),
            ceilingMs: Double(timeouts.ceilingMs),
            minimumSamples: timeouts.minSamples
        )
        let known = settings.skipKnownHosts ? await accumulator.knownIPs : []
        let targets = context.hosts.filter { !known.contains($0) }
        let concurrency = SecondaryProbeRule.hostConcurrency(
            base: settings.hostConcurrency,
            thermalScaling: settings.thermalScaling,
            thermal: context.thermal
        )
        let identifies = settings.secondaryPolicy == .onFoundHosts
        let total = max(targets.count, 1)
        let share = (enrichment.enabled ? 0.9 : 1) * (identifies ? 0.5 : 1)
        var done = 0
        var found: Set<IPv4Address> = []
        await HostSchedule.run(targets, width: concurrency, batching: settings.batching) { ip in
            await probeHost(ip, context: context, accumulator: accumulator, tracker: tracker) ? ip : nil
        } ended: { ip in
            if let ip { found.insert(ip) }
            done += 1
            progress(Double(done) / Double(total) * share)
        }
        if identifies && !Task.isCancelled {
            let hosts = targets.filter { found.contains($0) }
            var identified = 0
            await HostSchedule.run(hosts, width: settings.identifyConcurrency, batching: settings.batching) { ip in
                await identify(ip, context: context, accumulator: accumulator, tracker: tracker)
            } ended: { _ in
                identified += 1
                progress(share + Double(identified) / Double(max(hosts.count, 1)) * share)
            }
        }
        if enrichment.enabled && !Task.isCancelled {
            await enrich(context: context, accumulator: accumulator, tracker: tracker)
        }
        progress(1)
    }

    /// Primary group, then (per policy) the secondary group; upserts the host on an answer.
    /// - Returns: whether the host answered.
    private func probeHost(
        _ ip: IPv4Address,
        context: ScanContext,
        accumulator: ScanAccumulator,
        tracker: RTTTracker
    ) async -> Bool {
        let primaryTimeout = SecondaryProbeRule.timeoutMs(
            baseMs: settings.timeouts.primaryMs,
            mode: settings.timeouts.mode,
            tracker: tracker
        )
        var result = await probeGroup(ip, ports: settings.primaryPorts, timeoutMs: primaryTimeout, context: context)
        if result.answer == nil,
            SecondaryProbeRule.shouldProbeSecondary(
                primary: Array(result.outcomes.values),
                policy: settings.secondaryPolicy
            ),
            !Task.isCancelled
        {
            let secondaryTimeout = SecondaryProbeRule.timeoutMs(
                baseMs: settings.timeouts.secondaryMs,
                mode: settings.timeouts.mode,
                tracker: tracker
            )
            result = await probeGroup(ip, ports: settings.secondaryPorts, timeoutMs: secondaryTimeout, context: context)
        }
        guard let (port, outcome) = result.answer, let ms = outcome.elapsedMs else { return false }
        tracker.record(ms)
        let open: [Int] = if case .reachable = outcome { [port] } else { [] }
        await accumulator.upsert(DiscoveredDevice(ip: ip, source: .tcp, latencyMs: ms, openPorts: open))
        return true
    }

    /// `on_found_hosts`: probes every secondary port of a found host and records the open ones.
    private func identify(
        _ ip: IPv4Address,
        context: ScanContext,
        accumulator: ScanAccumulator,
        tracker: RTTTracker
    ) async {
        let timeout = SecondaryProbeRule.timeoutMs(
            baseMs: settings.timeouts.secondaryMs,
            mode: settings.timeouts.mode,
            tracker: tracker
        )
        let result = await probeGroup(
            ip,
            ports: settings.secondaryPorts,
            timeoutMs: timeout,
            context: context,
            untilFirstAnswer: false
        )
        let open = settings.secondaryPorts.filter {
            if case .reachable = result.outcomes[$0] { true } else { false }
        }
        guard !open.isEmpty else { return }
        await accumulator.upsert(DiscoveredDevice(ip: ip, source: .tcp, openPorts: open))
    }

    private func probeGroup(
        _ ip: IPv4Address,
        ports: [Int],
        timeoutMs: Double,
        context: ScanContext,
        untilFirstAnswer: Bool = true
    ) async -> PortGroupResult {
        let (policy, api) = (settings.waitingPolicy, settings.connectionAPI)
        return await PortGroupRunner.run(
            ports: ports,
            inFlight: settings.portsInFlight,
            untilFirstAnswer: untilFirstAnswer
        ) { port in
            let probe = PortProbe(
                ip: ip,
                port: port,
                timeoutMs: timeoutMs,
                waitingPolicy: policy,
                interface: context.interface,
                phase: id,
                events: context.events,
                connectionAPI: api
            )
            return await Self.withSlot(context.budget) { await probe.run() }
        }
    }

    /// The enrichment race (spec §2.4 step 4) for every device still without latency.
    private func enrich(context: ScanContext, accumulator: ScanAccumulator, tracker: RTTTracker) async {
        let ips = await accumulator.ipsWithoutLatency
        guard !ips.isEmpty else { return }
        let concurrency = SecondaryProbeRule.hostConcurrency(
            base: enrichment.concurrency,
            thermalScaling: settings.thermalScaling,
            thermal: context.thermal
        )
        let ports = enrichment.ports + (randomPort.map { [$0] } ?? [])
        let settings = enrichment
        let api = self.settings.connectionAPI
        let phaseID = id
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            func startNext() {
                guard next < ips.count else { return }
                let ip = ips[next]
                next += 1
                group.addTask {
                    let timeout = tracker.adaptiveTimeout(baseMs: Double(settings.baseTimeoutMs))
                    let race: @Sendable () async -> PortGroupResult = {
                        await PortGroupRunner.run(ports: ports, inFlight: ports.count) { port in
                            let probe = PortProbe(
                                ip: ip,
                                port: port,
                                timeoutMs: timeout,
                                waitingPolicy: settings.waitingPolicy,
                                interface: context.interface,
                                phase: phaseID,
                                events: context.events,
                                connectionAPI: api
                            )
                            if settings.slotPerConnection {
                                return await Self.withSlot(context.budget) { await probe.run() }
                            }
                            return await probe.run()
                        }
                    }
                    let result: PortGroupResult
                    if settings.slotPerConnection {
                        result = await race()
                    } else {
                        // NetMonitor: one slot for the whole four-socket race.
                        do { result = try await context.budget.withConnectionSlot { await race() } } catch { return }
                    }
                    guard let (port, outcome) = result.answer, let ms = outcome.elapsedMs else { return }
                    tracker.record(ms)
                    await accumulator.updateLatency(ip, ms: ms, source: .tcp)
                    if case .reachable = outcome {
                        await accumulator.upsert(DiscoveredDevice(ip: ip, source: .tcp, openPorts: [port]))
                    }
                }
            }
            for _ in 0..<min(concurrency, ips.count) { startNext() }
            while await group.next() != nil {
                if !Task.isCancelled { startNext() }
            }
        }
    }

    /// Runs a probe holding one budget slot; a wait cancelled in the queue counts as cancelled.
    static func withSlot(
        _ budget: any ConnectionBudget,
        _ body: @escaping @Sendable () async -> PortProbeOutcome
    ) async -> PortProbeOutcome {
        do { return try await budget.withConnectionSlot { await body() } } catch { return .cancelled }
    }
}
