import AppContract
import Platform
import ScanKit
import Wire
import AppInputs

/// The browsing under NetMonitor's Bonjour tool and the device-detail screen's service discovery
/// (spec §5.8) inside the app: a `BonjourBrowser` for one window, then each service heard
/// resolved through mDNS, at most 8 at a time (the scan's resolve concurrency, spec §2.3).
///
/// Whose browser service it browses with is `tools.bonjour_service`: a fresh browser of its own
/// (ADR-008), or a new session of the scan's `SharedResources.bonjour` — which stops the scan's
/// browser of the session before and lets its late callbacks in or not by
/// `bonjour.generation_check` (ADR-007).
///
/// Resolving: NetMonitor opens an NWConnection to the Bonjour endpoint and reads the address;
/// here the browser asks SRV and A over mDNS (`BonjourBrowser.resolve`) with the standalone
/// resolve's 2 s timeout (spec §2.3), holding no budget slot (not modelled: the connection's slot).
struct BonjourToolService: Sendable {
    var strategy: Strategy
    var shared: SharedResources
    var interface: String
    var events: (any EventSink)?

    /// What one browse gave: every service heard, resolved where it could be.
    struct Outcome: Sendable {
        var services: [SessionReport.ResolvedService] = []
        var generation: Int?
        var error: String?
    }

    /// The types an unnarrowed browse asks for: those the app declares (the strategy's tiers).
    var declaredTypes: [String] { Self.declaredTypes(of: strategy) }

    static func declaredTypes(of strategy: Strategy) -> [String] { strategy.bonjour.tiers.flatMap { $0 } }

    /// The Bonjour browser tool: browse for the action's window (NetMonitor: stop after 10 s), list
    /// every service heard.
    func run(_ action: SessionScript.Browse, origin: UInt64) async -> SessionReport.BonjourBrowse {
        let startedS = AppSession.seconds(since: origin)
        let start = MonotonicClock.now()
        let types = action.types ?? declaredTypes
        let outcome = await browse(types: types, windowS: action.windowS, phase: ScanEvent.toolPhase("browse"))
        return SessionReport.BonjourBrowse(
            startedS: startedS,
            durationMs: MonotonicClock.seconds(since: start) * 1000,
            types: types,
            service: strategy.tools.bonjourService.rawValue,
            generation: outcome.generation,
            services: outcome.services,
            error: outcome.error
        )
    }

    /// Browses `types` for `windowS` seconds (cancellable), then resolves up to `limit` services.
    func browse(types: [String], windowS: Double, limit: Int = .max, phase: String) async -> Outcome {
        var settings = strategy.bonjour
        settings.tiers = [types]
        settings.window.mode = .fixed
        settings.window.fixedMs = Int(windowS * 1000)
        var outcome = Outcome()
        let browser: BonjourBrowser
        switch strategy.tools.bonjourService {
        case .own:
            browser = BonjourBrowser(settings: settings, events: events, phaseID: phase)
        case .sharedWithScan:
            browser = shared.bonjour.begin(settings: settings, events: events)
            outcome.generation = shared.bonjour.generation
        }
        defer { browser.stop() }
        do {
            try browser.start(
                interface: interface,
                localIP: NetworkInterfaces.ipv4Address(of: interface)?.address,
                bindToInterface: strategy.bindToInterface
            )
        } catch {
            outcome.error = "cannot browse mDNS on \(interface): \(error)"
            return outcome
        }
        try? await Task.sleep(for: .milliseconds(Int(windowS * 1000)))
        let heard = Array(browser.services.prefix(limit))
        outcome.services = await withTaskGroup(of: (Int, SessionReport.ResolvedService).self) { group in
            var next = heard.indices.makeIterator()
            func add(_ i: Int) {
                group.addTask {
                    let service = heard[i]
                    let found = await browser.resolve(service, timeoutMs: 2000)
                    let host = found.map { String($0.host.description.trimmingSuffix(".")) }
                    return (
                        i,
                        SessionReport.ResolvedService(
                            instance: service.name,
                            type: service.type,
                            host: host,
                            port: found.map { Int($0.port) },
                            addresses: (found?.addresses ?? []).map(\.description).sorted()
                        )
                    )
                }
            }
            for _ in 0..<8 { if let i = next.next() { add(i) } }
            var resolved: [(Int, SessionReport.ResolvedService)] = []
            for await result in group {
                resolved.append(result)
                if let i = next.next() { add(i) }
            }
            return resolved.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return outcome
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : Substring(self)
    }
}
