import AppContract
import Foundation
import NetTools
import Platform
import ScanKit
import Synchronization
import Wire
import AppInputs

/// One app, one process: the discovery scan and the tool services of NetMonitor's app
/// running side by side on one connection budget, one thermal state, one Swift concurrency pool
/// and one main actor, driven by a `SessionScript`.
///
/// The scan runs as `ScanRunner` does for `scanbench scan` (same phases, same publishing model);
/// the tools are `PingService` and `PortScannerService` with the strategy's `tools` section, and
/// `TraceService`, `DNSService` and `WhoisService` with NetMonitor's settings (spec §5.3–§5.6). A
/// scan that has not finished by `deadline` is a hang: the session reports the phases still
/// open and the budget's counters, and returns without it (a shipped budget's waiters cannot
/// be cancelled, so the caller should exit the process).
///
/// Once every action is over, the strategy's classify step runs on the last scan's devices
/// (`ClassifyService`: `deep_probe: own` or `none`), on the same budget; the report's `classify`.
///
/// A script may scan again after a `cancel: scan` (leaving and re-opening the network screen). The
/// cancelled scan unwinds while the next one starts, and both use the app's one Bonjour browser
/// service, whose callbacks from the old session are discarded or applied by generation (ADR-007,
/// `bonjour.generation_check`). The report's `scan` is the last scan's.
public struct AppSession: Sendable {
    public var strategy: Strategy
    public var script: SessionScript
    /// The scanning interface.
    public var interface: String
    /// `$name` → address, for the script's targets.
    public var targets: [String: IPv4Address]
    /// `$name` → text, for the script's DNS names, WHOIS queries and servers (every binding,
    /// addresses included).
    public var names: [String: String] = [:]
    public var events: (any EventSink)?
    public var seed: UInt64
    /// Seconds after the session's start when an unfinished scan is declared hung.
    public var deadline: Double
    /// Whether the strategy's classify step runs after the session (`ClassifyService`).
    public var classifies = true
    /// Seconds the app keeps running after a `background` action before it is suspended (the
    /// platform profile's `background_time_s`); nil: never suspended.
    public var backgroundWindowS: Double?
    /// How long a suspension waits for the cancelled scan to hand back its report.
    static let unwindGraceS = 5.0

    public init(
        strategy: Strategy,
        script: SessionScript,
        interface: String,
        targets: [String: IPv4Address],
        events: (any EventSink)?,
        seed: UInt64,
        deadline: Double
    ) {
        self.strategy = strategy
        self.script = script
        self.interface = interface
        self.targets = targets
        self.events = events
        self.seed = seed
        self.deadline = deadline
    }

    /// The address a script target names.
    /// - Throws: `SessionError` for an unbound `$name`.
    public func address(of target: String) throws -> IPv4Address {
        if target.hasPrefix("$") {
            let name = String(target.dropFirst())
            guard let bound = targets[name] else {
                throw SessionError(
                    "the script's target $\(name) is not bound",
                    fix: "run with --target \(name)=ADDRESS"
                )
            }
            return bound
        }
        guard let literal = IPv4Address(target) else {
            throw SessionError("'\(target)' is not an IPv4 address", fix: "write an address or a $name")
        }
        return literal
    }

    /// The text a script name or query names: a `$name`'s binding, or itself.
    /// - Throws: `SessionError` for an unbound `$name`.
    public func text(of value: String) throws -> String {
        guard value.hasPrefix("$") else { return value }
        let name = String(value.dropFirst())
        if let bound = names[name] ?? targets[name]?.description { return bound }
        throw SessionError("the script's name $\(name) is not bound", fix: "run with --target \(name)=VALUE")
    }

    /// The MAC a Wake-on-LAN target names.
    /// - Throws: `SessionError` for an unbound `$name` or a malformed MAC.
    public func mac(of target: String) throws -> MACAddress {
        let text = try text(of: target)
        do { return try MagicPacket.parseMAC(text) } catch {
            throw SessionError(
                "'\(text)' (the Wake-on-LAN target \(target)) is not a MAC address",
                fix: "write 12 hex digits such as 00:00:5e:00:53:01, or a $name bound with --target name=MAC"
            )
        }
    }

    /// Plays the script and returns what happened. A scan whose setup fails (no IPv4 address on
    /// the interface …) is the report's `scan_error`, not a scan that silently never ran.
    /// - Throws: `SessionError` for an unbound target (before anything runs).
    public func run() async throws -> SessionReport {
        let resolved = try resolvedTargets()
        let texts = try resolvedTexts()
        let resolvedMACs = try resolvedMACTargets()
        let learned = FindingsLog(forwardingTo: events)
        let tracker = PhaseTracker(forwardingTo: learned)
        let shared = SharedResources(strategy: strategy, log: tracker)
        let callbacks = CallbackQueue(strategy.tools.executor, name: "app-tools")
        let bind = strategy.bindToInterface ? interface : nil
        let ping = PingService(
            settings: strategy.tools.ping,
            callbacks: callbacks,
            budget: shared.budget,
            interface: bind,
            events: tracker
        )
        let scanner = PortScannerService(
            settings: strategy.tools.portScanner,
            callbacks: callbacks,
            budget: shared.budget,
            interface: bind,
            events: tracker
        )
        let tracer = TraceService(callbacks: callbacks, settings: strategy.tools.trace)
        let dns = DNSService(callbacks: callbacks)
        let whois = WhoisService(callbacks: callbacks)
        let monitoring = MonitorService(callbacks: callbacks, settings: strategy.tools.ping)
        let certs = CertService(callbacks: callbacks)
        let browsing = BonjourToolService(strategy: strategy, shared: shared, interface: interface, events: tracker)
        var configured = ScanRunner(strategy: strategy, interface: interface, events: tracker)
        configured.seed = seed
        configured.shared = shared
        let runner = configured

        let state = SessionState.Box()
        let origin = MonotonicClock.now()
        var tasks: [Task<Void, Never>] = []
        let actions = script.actions.sorted(by: { $0.atSeconds < $1.atSeconds })
        let suspended = OneShotFlag()
        for (index, action) in actions.enumerated() {
            let due = origin + MonotonicClock.nanoseconds(action.atSeconds)
            tasks.append(
                Task {
                    try? await MonotonicClock.sleep(until: due)  // cancelled: the action runs at once, as before
                    if suspended.isSet { return }  // a suspended app starts nothing
                    if Self.isTool(action.what) {
                        let startedS = Self.seconds(since: origin)
                        state.lock.withLock { $0.toolsStarted[index] = startedS }
                    }
                    switch action.what {
                    case .scan:
                        let startedS = Self.seconds(since: origin)
                        let scan = Task { () -> Result<ScanReport, any Error> in
                            do { return .success(try await runner.run()) } catch { return .failure(error) }
                        }
                        let number = state.lock.withLock { s in
                            s.scansStarted += 1
                            s.scanStartedS = startedS
                            s.scan = scan
                            s.lastScanDone = false
                            return s.scansStarted
                        }
                        let outcome = await scan.value
                        // A cancelled scan that unwinds after the rescan began is not the one reported.
                        state.lock.withLock { s in
                            guard s.scansStarted == number else { return }
                            s.report = try? outcome.get()
                            s.scanError = Self.failure(of: outcome)
                            s.lastScanDone = true
                        }
                    case .ping(let p):
                        let ip = resolved[p.target]!  // every target was resolved before the session began
                        var service = ping
                        if let timeout = p.timeoutMs { service.settings.timeoutMs = timeout }
                        let run = Task { [service] in await service.run(ip, count: p.count, intervalMs: p.intervalMs) }
                        state.lock.withLock { $0.ping = run }
                        let result = await run.value
                        state.lock.withLock { $0.pings.append(result) }
                    case .ports(let p):
                        let ip = resolved[p.target]!
                        let timeout = p.timeoutMs ?? strategy.tools.portScanner.timeoutMs
                        let run = Task { await scanner.run(ip, ports: p.ports.ports, timeoutMs: timeout) }
                        state.lock.withLock { $0.ports = run }
                        let result = await run.value
                        state.lock.withLock { $0.portScans.append(result) }
                    case .trace(let t):
                        let result = await tracer.run(resolved[t.target]!, startedS: Self.seconds(since: origin))
                        state.lock.withLock {
                            $0.traces.append(result); $0.toolsDone.insert(index)
                        }
                    case .dns(let d):
                        let result = await dns.run(texts[d.name]!, type: d.type, startedS: Self.seconds(since: origin))
                        state.lock.withLock {
                            $0.dnsLookups.append(result); $0.toolsDone.insert(index)
                        }
                    case .whois(let w):
                        let result = await whois.run(
                            texts[w.query]!,
                            server: w.server.map { texts[$0]! },
                            startedS: Self.seconds(since: origin)
                        )
                        state.lock.withLock {
                            $0.whoisLookups.append(result); $0.toolsDone.insert(index)
                        }
                    case .cancel(let what):
                        state.lock.withLock { s in
                            switch what {
                            case .ping: s.ping?.cancel()
                            case .ports: s.ports?.cancel()
                            case .scan: s.scan?.cancel()
                            }
                        }
                    case .thermal(let thermal):
                        shared.thermal.set(thermal)
                    case .background:
                        let atS = Self.seconds(since: origin)
                        state.lock.withLock {
                            $0.background = SessionReport.Background(atS: atS, windowS: backgroundWindowS)
                        }
                    case .wol(let w):
                        let sent = WakeOnLANService().run(
                            mac: resolvedMACs[w.target]!,
                            destination: IPv4Address(w.broadcast)!,
                            port: w.port,
                            origin: origin
                        )
                        state.lock.withLock {
                            $0.wakeOnLAN.append(sent); $0.toolsDone.insert(index)
                        }
                    case .browse(let b):
                        let run = await browsing.run(b, origin: origin)
                        state.lock.withLock {
                            $0.bonjourBrowses.append(run); $0.toolsDone.insert(index)
                        }
                    case .detail(let d):
                        let run = await DeviceDetailDiscovery(browsing: browsing).run(
                            resolved[d.target]!,
                            windowS: d.windowS,
                            origin: origin
                        )
                        state.lock.withLock {
                            $0.detailDiscoveries.append(run); $0.toolsDone.insert(index)
                        }
                    case .monitor(let m):
                        let run = await monitoring.run(m.targets.map { resolved[$0]! }, m, origin: origin)
                        state.lock.withLock {
                            $0.monitors.append(run); $0.toolsDone.insert(index)
                        }
                    case .cert(let e):
                        let run = await certs.run(texts[e.endpoint]!, startedS: Self.seconds(since: origin))
                        state.lock.withLock {
                            $0.certs.append(run); $0.toolsDone.insert(index)
                        }
                    }
                }
            )
        }
        // Wait for everything, or for the deadline while the scan is still out, or for the end of
        // the background window.
        let all = Task { for task in tasks { await task.value } }
        let deadlineNs = origin + MonotonicClock.nanoseconds(deadline)
        let suspendNs = suspensionTime(origin: origin)
        var finished = await Self.race(all, until: min(deadlineNs, suspendNs ?? .max))
        if !finished, let suspendNs, suspendNs < deadlineNs {
            // The window ran out: the system suspends the app. Nothing it would do after this
            // instant counts: no later action starts, running work is stopped, no classify step.
            suspended.set()
            let cutS = Self.seconds(since: origin)
            state.lock.withLock { s in
                s.background?.suspendedAtS = cutS
                s.background?.scanCut = s.scan != nil && !s.lastScanDone
                s.scan?.cancel()
                s.ping?.cancel()
                s.ports?.cancel()
            }
            for task in tasks { task.cancel() }
            finished = await Self.race(all, until: MonotonicClock.now() + MonotonicClock.nanoseconds(Self.unwindGraceS))
        }
        let endedS = Self.seconds(since: origin)
        var snapshot = state.lock.withLock { $0 }
        if let cutS = snapshot.background?.suspendedAtS {
            Self.cut(&snapshot, atS: cutS)
        }
        var classified: SessionReport.Classify?
        if classifies, finished, !suspended.isSet, let scan = snapshot.report {
            let step = ClassifyService(classify: strategy.classify, budget: shared.budget, events: tracker)
            classified = await step.run(scan, findings: learned.findings(report: scan))
        }
        var report = SessionReport(
            script: script.name,
            strategy: strategy.name,
            budget: await shared.budget.diagnostics()
        )
        report.classify = classified
        report.scanStartedS = snapshot.scanStartedS
        report.scan = snapshot.report
        report.pings = snapshot.pings
        report.portScans = snapshot.portScans
        report.traces = snapshot.traces
        report.dnsLookups = snapshot.dnsLookups
        report.whoisLookups = snapshot.whoisLookups
        report.wakeOnLAN = snapshot.wakeOnLAN
        report.bonjourBrowses = snapshot.bonjourBrowses
        report.detailDiscoveries = snapshot.detailDiscoveries
        report.background = snapshot.background
        report.monitors = snapshot.monitors
        report.certs = snapshot.certs
        let resolvedScript = ResolvedScript(targets: resolved, texts: texts, macs: resolvedMACs)
        for (index, action) in actions.enumerated()
        where Self.isTool(action.what) && !snapshot.toolsDone.contains(index) {
            addUnfinished(
                action,
                startedS: snapshot.toolsStarted[index],
                endedS: endedS,
                resolved: resolvedScript,
                to: &report
            )
        }
        report.scansStarted = snapshot.scansStarted
        report.scanError = snapshot.scanError
        shared.bonjour.close()
        let stale = shared.bonjour.stale
        report.staleCallbacksDiscarded = stale.discarded
        report.staleCallbacksApplied = stale.applied
        if !finished && snapshot.scanStartedS != nil && !snapshot.lastScanDone && !suspended.isSet {
            report.hang = SessionReport.Hang(
                declaredAtS: Self.seconds(since: origin),
                openPhases: tracker.openPhases,
                budget: report.budget,
                effectiveLimit: shared.budget.baseLimit.map(shared.thermal.effectiveLimit),
                thermal: shared.thermal.current.rawValue
            )
        }
        return report
    }

    /// When the app is suspended: the background action's time plus the window; nil when the
    /// script never backgrounds it or the platform lets it run for ever.
    func suspensionTime(origin: UInt64) -> UInt64? {
        guard let window = backgroundWindowS,
            let at = script.actions.first(where: { $0.what == .background })?.atSeconds
        else { return nil }
        return origin + MonotonicClock.nanoseconds(at + window)
    }

    /// Keeps of the last scan only what the app had found when it was suspended at `cutS`: a
    /// suspended process runs no code, so a device the cancelled scan recorded while unwinding
    /// (after the cut) was never found on the phone.
    static func cut(_ snapshot: inout SessionState, atS cutS: Double) {
        guard let started = snapshot.scanStartedS, var scan = snapshot.report else { return }
        if snapshot.background?.scanCut == true {
            let limitMs = (cutS - started) * 1000
            scan.devices.removeAll { $0.firstSeenMs > limitMs }
            snapshot.report = scan
        }
        snapshot.background?.devicesAtCut = scan.devices.count
    }

    /// Each DNS name, WHOIS query and server of the script, resolved once before anything runs.
    /// - Throws: `SessionError` for the first unbound `$name`.
    func resolvedTexts() throws -> [String: String] {
        var resolved: [String: String] = [:]
        for action in script.actions {
            switch action.what {
            case .dns(let d): resolved[d.name] = try text(of: d.name)
            case .whois(let w):
                resolved[w.query] = try text(of: w.query)
                if let server = w.server { resolved[server] = try text(of: server) }
            case .cert(let e): resolved[e.endpoint] = try text(of: e.endpoint)
            default: break
            }
        }
        return resolved
    }

    /// Each ping, port-scan, traceroute, detail and monitor target of the script, resolved once before anything runs, so an
    /// action can never be skipped for a target it cannot resolve.
    /// - Throws: `SessionError` for the first unbound `$name` or malformed address.
    func resolvedTargets() throws -> [String: IPv4Address] {
        var resolved: [String: IPv4Address] = [:]
        for action in script.actions {
            switch action.what {
            case .ping(let p): resolved[p.target] = try address(of: p.target)
            case .ports(let p): resolved[p.target] = try address(of: p.target)
            case .trace(let t): resolved[t.target] = try address(of: t.target)
            case .detail(let d): resolved[d.target] = try address(of: d.target)
            case .monitor(let m): for target in m.targets { resolved[target] = try address(of: target) }
            case .scan, .dns, .whois, .cancel, .thermal, .wol, .browse, .cert, .background: break
            }
        }
        return resolved
    }

    /// Each Wake-on-LAN target (and broadcast address) of the script, resolved before anything runs.
    /// - Throws: `SessionError` for an unbound `$name`, a malformed MAC or broadcast address.
    func resolvedMACTargets() throws -> [String: MACAddress] {
        var resolved: [String: MACAddress] = [:]
        for case .wol(let w) in script.actions.map(\.what) {
            resolved[w.target] = try mac(of: w.target)
            guard IPv4Address(w.broadcast) != nil else {
                throw SessionError("'\(w.broadcast)' is not an IPv4 address", fix: "write e.g. 255.255.255.255")
            }
        }
        return resolved
    }

    /// Why a scan did not return a report: its error's text (with its fix), or nil when it did or
    /// it was cancelled (a cancelled scan is the script's doing, not a failure).
    static func failure(of outcome: Result<ScanReport, any Error>) -> String? {
        guard case .failure(let error) = outcome, !(error is CancellationError) else { return nil }
        return "\(error)"
    }

    /// Waits for `task` until `deadline`; true when it finished first.
    static func race(_ task: Task<Void, Never>, until deadline: UInt64) async -> Bool {
        let flag = OneShotFlag()
        Task {
            await task.value; flag.set()
        }
        while !flag.isSet && MonotonicClock.now() < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        return flag.isSet
    }

    /// Seconds since `origin` (a `MonotonicClock` reading), to the millisecond.
    static func seconds(since origin: UInt64) -> Double {
        (MonotonicClock.seconds(since: origin) * 1000).rounded() / 1000
    }
}
