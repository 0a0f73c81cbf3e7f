import AppContract
import Platform
import Wire

/// The iOS device-detail screen's service discovery (spec §5.8): browse for 10 s, de-duplicate by
/// name|type|domain, resolve at most 80 services 8 at a time, keep those whose resolved addresses
/// contain the device's IP, stored as "instance (type)".
struct DeviceDetailDiscovery: Sendable {
    var browsing: BonjourToolService

    /// NetMonitor's resolve cap.
    static let maxResolved = 80

    func run(_ target: IPv4Address, windowS: Double, origin: UInt64) async -> SessionReport.DetailDiscovery {
        let startedS = AppSession.seconds(since: origin)
        let start = MonotonicClock.now()
        let outcome = await browsing.browse(
            types: browsing.declaredTypes,
            windowS: windowS,
            limit: Self.maxResolved,
            phase: ScanEvent.toolPhase("detail")
        )
        let mine = outcome.services.filter { $0.addresses.contains(target.description) }.map {
            "\($0.instance) (\($0.type))"
        }
        return SessionReport.DetailDiscovery(
            target: target.description,
            startedS: startedS,
            durationMs: MonotonicClock.seconds(since: start) * 1000,
            service: browsing.strategy.tools.bonjourService.rawValue,
            generation: outcome.generation,
            types: browsing.declaredTypes,
            heard: outcome.services.count,
            services: mine,
            error: outcome.error
        )
    }
}
