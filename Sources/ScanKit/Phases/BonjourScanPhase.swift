import AppContract
import Platform

import Foundation
import Synchronization
import Wire
import AppInputs

/// The Bonjour phase (`bonjour`, weight 0.13; spec §2.3): collect DNS-SD services from the mDNS
/// browser for a fixed or adaptive window, de-duplicate by `name|type|domain`, keep the first
/// `max_services`, resolve them (`resolve_concurrency` at a time, `resolve_timeout_ms` each) by
/// mDNS or by NetMonitor's TCP connection holding a budget slot, and upsert each address the
/// subnet filter accepts with source `bonjour`.
///
/// The hostname is the instance name (NetMonitor) or the SRV host label (`hostname_from`); both,
/// with the service, are kept in `resolvedServices` and logged as `service_resolved`.
///
/// Progress: 0.3 after the window, then 0.3 + 0.7 × resolved/total, 1.0 at the end. With
/// `callback_debounce_ms` > 0 results and progress are held and handed over in batches
/// (`BonjourResultBatch`).
public final class BonjourScanPhase: ScanPhase {
    public let id = PhaseKind.bonjour.rawValue
    public let displayName = PhaseKind.bonjour.displayName
    public let weight = PhaseKind.bonjour.weight

    /// The phase's settings.
    public let settings: Strategy.Bonjour
    /// Bind sockets to the scanner's interface (`bind_to_interface`).
    public let bindToInterface: Bool
    /// The browser; start it early with `startBrowsing` for `browse_from: scan_start`.
    public let browser: BonjourBrowser
    private let events: (any EventSink)?
    private let results = Mutex<[ResolvedService]>([])

    /// A resolved service as the phase upserted it.
    public struct ResolvedService: Sendable, Equatable {
        public var service: BonjourService
        /// The SRV target, e.g. `Living-Room.local`; nil when resolved by connection only.
        public var hostName: String?
        public var port: Int
        public var ip: IPv4Address
        /// False when the subnet filter rejected `ip`.
        public var accepted: Bool
    }

    /// - Parameters:
    ///   - strategy: the run's strategy (its `bonjour` section and `bind_to_interface`).
    ///   - events: where packets, connections and resolved services are logged.
    public convenience init(strategy: Strategy, events: (any EventSink)?) {
        self.init(settings: strategy.bonjour, bindToInterface: strategy.bindToInterface, events: events)
    }

    /// - Parameters:
    ///   - settings: the `bonjour` section.
    ///   - bindToInterface: `SO_BINDTODEVICE` on the phase's sockets.
    ///   - events: where packets, connections and resolved services are logged.
    ///   - browser: a session of the app's browser service; nil: a browser of its own.
    public init(
        settings: Strategy.Bonjour,
        bindToInterface: Bool,
        events: (any EventSink)?,
        browser: BonjourBrowser? = nil
    ) {
        self.settings = settings
        self.bindToInterface = bindToInterface
        self.events = events
        self.browser = browser ?? BonjourBrowser(settings: settings, events: events)
    }

    /// Starts the browser before the pipeline (NetMonitor's service, `browse_from: scan_start`):
    /// queries and answers then accumulate from this moment, while the collection window still
    /// counts from the phase start. Safe to call more than once.
    /// - Throws: `DiscoverySocketError` when the mDNS socket cannot be opened.
    public func startBrowsing(interface: String?, localIP: IPv4Address?) throws(DiscoverySocketError) {
        try browser.start(interface: interface, localIP: localIP, bindToInterface: bindToInterface)
    }

    /// Services resolved by the last `execute`, in resolve order.
    public var resolvedServices: [ResolvedService] { results.withLock { $0 } }

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        let phaseStart = MonotonicClock.now()
        do {
            try startBrowsing(interface: context.interface, localIP: context.localIP)
        } catch {
            FileHandle.standardError.write(Data("bonjour: \(error)\n".utf8))
            progress(1)
            return
        }
        defer { browser.stop() }
        // The window counts from the phase start in both modes: NetMonitor's browser ran since scan
        // start, and the phase then waited its window (the review's "3 extra seconds after TCP").
        await BonjourCollectionWindow(settings.window).run(
            originNs: phaseStart,
            now: MonotonicClock.now,
            sleep: { ms in try? await Task.sleep(for: .milliseconds(ms)) },
            count: { browser.serviceCount }
        )
        // NetMonitor stops its browser only after resolving (spec §2.3 step 5): queries go on meanwhile,
        // but services that appear after the window are not resolved.
        progress(0.3)

        let services = Array(browser.services.prefix(settings.maxServices))
        guard !services.isEmpty, !Task.isCancelled else {
            progress(1)
            return
        }
        let total = services.count
        // NetMonitor 2.0 hands each result over as it comes; a81cc6f held them for 300 ms.
        let batch =
            settings.callbackDebounceMs > 0
            ? BonjourResultBatch(intervalMs: settings.callbackDebounceMs, accumulator: accumulator, progress: progress)
            : nil
        await withTaskGroup(of: DiscoveredDevice?.self) { group in
            var next = 0
            func add() {
                guard next < services.count else { return }
                let service = services[next]
                next += 1
                group.addTask {
                    await self.resolve(service, context: context)
                }
            }
            for _ in 0..<max(1, settings.resolveConcurrency) { add() }
            var finished = 0
            while let device = await group.next() {
                finished += 1
                let fraction = 0.3 + 0.7 * Double(finished) / Double(total)
                if let batch {
                    await batch.hold(.init(device: device, fraction: fraction))
                } else {
                    if let device { await accumulator.upsert(device) }
                    progress(fraction)
                }
                add()
            }
        }
        await batch?.finish()
        progress(1)
    }

    /// Resolves `service`; logs `service_resolved` and returns the device to upsert when the
    /// subnet filter accepts its address.
    private func resolve(_ service: BonjourService, context: ScanContext) async -> DiscoveredDevice? {
        let timeout = settings.resolveTimeoutMs
        let resolved: (host: DNSName?, port: UInt16, ip: IPv4Address)?
        switch settings.resolveMethod {
        case .mdns:
            guard let answer = await browser.resolve(service, timeoutMs: timeout),
                let ip = answer.addresses.first(where: context.subnetFilter) ?? answer.addresses.first
            else { return nil }
            resolved = (answer.host, answer.port, ip)
        case .tcpConnect:
            // NetMonitor: a budget slot, an NWConnection to the service endpoint (which resolves
            // it through mDNS first), the remote address once ready; one timeout for all of it.
            let start = MonotonicClock.now()
            resolved =
                try? await context.budget.withConnectionSlot {
                    () async -> (host: DNSName?, port: UInt16, ip: IPv4Address)? in
                    guard let answer = await browser.resolve(service, timeoutMs: timeout),
                        let ip = answer.addresses.first(where: context.subnetFilter) ?? answer.addresses.first
                    else { return nil }
                    let elapsedMs = Int((MonotonicClock.now() - start) / 1_000_000)
                    // The run's connection model: same connection numbering and states as the TCP probe.
                    let probe = PortProbe(
                        ip: ip,
                        port: Int(answer.port),
                        timeoutMs: Double(max(1, timeout - elapsedMs)),
                        waitingPolicy: settings.resolveWaitingPolicy,
                        interface: bindToInterface ? context.interface : nil,
                        phase: id,
                        events: events
                    )
                    // Ready gives the address; a refusal counts only when the policy says it proves life.
                    switch await probe.run() {
                    case .reachable: return (answer.host, answer.port, ip)
                    case .refused where settings.resolveWaitingPolicy == .inspectError:
                        return (answer.host, answer.port, ip)
                    default: return nil
                    }
                } ?? nil
        }
        guard let resolved else { return nil }
        let hostLabel = resolved.host?.labels.first
        let accepted = context.subnetFilter(resolved.ip)
        let record = ResolvedService(
            service: service,
            hostName: resolved.host?.description,
            port: Int(resolved.port),
            ip: resolved.ip,
            accepted: accepted
        )
        results.withLock { $0.append(record) }
        // The TXT the mDNS resolve asked for (NetMonitor's TCP-connect resolve reads none).
        let txt = settings.resolveMethod == .mdns ? browser.text(of: service) : nil
        events?.record(
            .serviceResolved(
                .init(
                    instance: service.name,
                    serviceType: service.type,
                    domain: service.domain,
                    host: record.hostName,
                    ip: resolved.ip,
                    port: record.port,
                    accepted: accepted,
                    txt: txt
                )
            )
        )
        guard accepted else { return nil }
        let hostname = settings.hostnameFrom == .instanceName ? service.name : (hostLabel ?? service.name)
        return DiscoveredDevice(ip: resolved.ip, source: .bonjour, hostname: hostname)
    }
}
