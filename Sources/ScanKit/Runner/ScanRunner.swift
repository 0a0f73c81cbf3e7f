import AppContract
import Fixable
import Platform
import Foundation
import Wire
import AppInputs

/// Runs one scan of a strategy: plans targets from the interface, builds the budget, thermal
/// script, engine deadline and pipeline (phases from a `PhaseRegistry`), runs it and returns a
/// `ScanReport`. Never probes anything but the planned subnet.
public struct ScanRunner: Sendable {
    public var strategy: Strategy
    /// The scanning interface (address and netmask come from it).
    public var interface: String
    public var registry: PhaseRegistry
    /// The JSONL log (or any sink), if the caller wants events.
    public var events: (any EventSink)?
    /// Seed of the run's own random choices (today: the enrichment race's random high port), so
    /// that a run can be replayed; the harness passes each run's seed.
    public var seed: UInt64 = UInt64.random(in: 0...UInt64.max)
    /// Makes the publishing/UI model for the run; nil for none.
    public var observerFactory: ObserverFactory?
    /// The budget and thermal state of the app the scan runs in; nil: the scan makes its own.
    public var shared: SharedResources?

    /// Makes a run's observer from the strategy, the accumulator and the event sink.
    public typealias ObserverFactory = @Sendable (Strategy, ScanAccumulator, any EventSink) -> any ScanObserver

    /// The publishing model (`PublishingObserver`), the default observer.
    public static let publishing: ObserverFactory = { PublishingObserver(strategy: $0, accumulator: $1, events: $2) }

    public init(
        strategy: Strategy,
        interface: String,
        registry: PhaseRegistry = .standard,
        events: (any EventSink)? = nil,
        observerFactory: ObserverFactory? = ScanRunner.publishing
    ) {
        self.strategy = strategy
        self.interface = interface
        self.registry = registry
        self.events = events
        self.observerFactory = observerFactory
    }

    /// Plans, runs and reports.
    /// - Throws: `ScanSetupError` when the interface has no IPv4 address.
    public func run() async throws -> ScanReport {
        guard let (address, prefix) = SocketSystem.ipv4Address(of: interface) else {
            throw ScanSetupError(
                "interface \(interface) has no IPv4 address",
                fix: "check `ip -4 addr show \(interface)`, or pass --interface with an interface that has one"
            )
        }
        let plan = TargetPlan(
            address: address,
            prefixLength: prefix,
            policy: strategy.subnet.policy,
            maxHosts: strategy.subnet.maxHosts
        )
        let gateway = Self.defaultGateway(interface: interface, network: plan.network)
        let statistics = RunStatistics(forwardingTo: events)
        shared?.events.route(to: statistics)
        defer { shared?.events.unroute(from: statistics) }
        let thermal = shared?.thermal ?? ThermalThrottle(events: statistics)
        let budget =
            shared?.budget
            ?? makeConnectionBudget(
                style: strategy.budget.style,
                limit: strategy.budget.limit,
                thermal: thermal,
                events: statistics
            )
        if strategy.budget.resetAtScanStart, let shipped = budget as? ShippedConnectionBudget {
            let before = await shipped.diagnostics()
            await shipped.reset()
            statistics.record(.budgetReset(.init(active: before.active, queued: before.queued)))
        }
        let accumulator = ScanAccumulator(events: statistics)
        let context = ScanContext(
            network: plan.network,
            hosts: plan.hosts,
            localIP: address,
            gateway: gateway,
            interface: strategy.bindToInterface ? interface : nil,
            budget: budget,
            thermal: thermal,
            events: statistics
        )
        var random = RandomSource(seed: seed)
        let randomPort = strategy.enrichment.randomPortRange.map { Int.random(in: $0.min...$0.max, using: &random) }
        let input = PhaseBuildInput(
            strategy: strategy,
            scanStartNs: statistics.originNs,
            randomEnrichmentPort: randomPort,
            events: statistics,
            interface: interface,
            localIP: address,
            bonjourService: shared?.bonjour
        )
        let steps = strategy.resolvedSteps
        let notBuilt = Set(steps.flatMap(\.phases).filter { !registry.isBuilt($0) }.map(\.rawValue))
        let built = steps.map { step in step.phases.map { registry.make($0, input: input) } }
        let pipeline = ScanPipeline(steps: zip(steps, built).map { ScanPipeline.Step($1, concurrent: $0.concurrent) })
        // The phase stops its browser when it ends; one that never ran (a cancelled scan) must too,
        // or a browser started at scan start would listen on for the rest of the app session.
        defer { for case let bonjour as BonjourScanPhase in built.joined() { bonjour.browser.stop() } }
        let deadline = strategy.pipeline.phaseDeadlineMs.value.map { Duration.milliseconds($0) }
        let engine = ScanEngine(
            accumulator: accumulator,
            phaseDeadline: deadline,
            deadlineMode: strategy.pipeline.deadlineMode,
            events: statistics
        )
        let observer = observerFactory?(strategy, accumulator, statistics)
        if let observer { statistics.onPhaseEnd { observer.phaseEnded($0) } }

        statistics.record(.scanStart(.init(strategy: strategy.name, hosts: plan.hosts.count)))
        await observer?.scanStarted(accumulator: accumulator)
        let script = strategy.budget.thermalScript
        let thermalTask = script.isEmpty ? nil : Task { await thermal.play(script) }
        let result = await engine.run(pipeline, context: context) { progress in
            observer?.progress(progress, accumulator: accumulator)
        }
        thermalTask?.cancel()
        let observed = await observer?.scanFinished(accumulator: accumulator)
        statistics.record(.scanEnd(.init(devices: result.devices.count)))
        let end = MonotonicClock.now()
        let counters = statistics.current

        let devices = result.devices.map { device in
            ScanReport.Device(
                ip: device.ip.description,
                mac: device.mac?.description,
                hostname: device.hostname,
                sources: device.sources.map(\.rawValue),
                firstSource: device.source.rawValue,
                latencyMs: device.latencyMs.map { ($0 * 1000).rounded() / 1000 },
                latencySource: device.latencySource?.rawValue,
                openPorts: device.openPorts,
                firstSeenMs: Self.ms(device.discoveredAtNs &- statistics.originNs)
            )
        }
        let phases = result.phases.map { record in
            let times = counters.phaseTimes[record.phaseID]
            return ScanReport.Phase(
                id: record.phaseID,
                startMs: Self.ms(times?.start ?? 0),
                endMs: Self.ms(times?.end ?? 0),
                outcome: notBuilt.contains(record.phaseID) ? "not_built" : record.outcome.rawValue
            )
        }.sorted { $0.startMs < $1.startMs }
        let summary = ScanReport.Totals(
            strategy: strategy.name,
            interface: interface,
            network: plan.network.description,
            hostsPlanned: plan.hosts.count,
            durationS: Self.ms(end &- statistics.originNs) / 1000,
            connectionsCreated: counters.connectionsCreated,
            peakConnectionsInFlight: counters.peakInFlight,
            budgetWaits: counters.budgetWaits,
            publishes: observed?.publishes,
            publishing: observed,
            waitingByError: counters.waitingByError,
            phases: phases
        )
        return ScanReport(devices: devices, summary: summary)
    }

    /// The default route's gateway on `interface` from `/proc/net/route`, else the network's first host.
    static func defaultGateway(interface: String, network: IPv4Network) -> IPv4Address? {
        if let gateway = RouteTable.defaultGateway(in: RouteTable.read() ?? [], interface: interface) { return gateway }
        return IPv4Address(network.address.value + 1)
    }

    static func ms(_ ns: UInt64) -> Double { (Double(ns) / 1000).rounded() / 1000 }
}

/// A scan could not be set up; says what to do.
public typealias ScanSetupError = FixableError
