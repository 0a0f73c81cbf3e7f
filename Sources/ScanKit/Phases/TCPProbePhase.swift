import Wire
import AppInputs

/// The TCP probe phase (`tcp_probe`, spec §2.4): primary then secondary port groups per host in
/// a sliding window of hosts, fixed or RTT-adaptive timeouts, and the latency enrichment race
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
        let total = max(targets.count, 1)
        var done = 0
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            func startNext() {
                guard next < targets.count else { return }
                let ip = targets[next]
                next += 1
                group.addTask { await probeHost(ip, context: context, accumulator: accumulator, tracker: tracker) }
            }
            for _ in 0..<min(concurrency, targets.count) { startNext() }
            while await group.next() != nil {
                done += 1
                progress(Double(done) / Double(total) * (enrichment.enabled ? 0.9 : 1))
                if !Task.isCancelled { startNext() }
            }
        }
        if enrichment.enabled && !Task.isCancelled {
            await enrich(context: context, accumulator: accumulator, tracker: tracker)
        }
        progress(1)
    }

    /// Primary group, then (per policy) the secondary group; upserts the host on an answer.
    private func probeHost(
        _ ip: IPv4Address,
        context: ScanContext,
        accumulator: ScanAccumulator,
        tracker: RTTTracker
    ) async {
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
        guard let (port, outcome) = result.answer, let ms = outcome.elapsedMs else { return }
        tracker.record(ms)
        let open: [Int] = if case .reachable = outcome { [port] } else { [] }
        await accumulator.upsert(DiscoveredDevice(ip: ip, source: .tcp, latencyMs: ms, openPorts: open))
    }

    private func probeGroup(
        _ ip: IPv4Address,
        ports: [Int],
        timeoutMs: Double,
        context: ScanContext
    ) async -> PortGroupResult {
        let (policy, api) = (settings.waitingPolicy, settings.connectionAPI)
        return await PortGroupRunner.run(ports: ports, inFlight: settings.portsInFlight) { port in
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
