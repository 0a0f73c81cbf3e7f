import Foundation
import Wire

/// Deep-probes many hosts at once — one thread per host, since the probes wait on the network,
/// not the CPU — while one shared Bonjour browse runs beside them, and attaches each host's
/// announced services to its signals. What `scanbench probe` and `scanbench scan --probe` run.
public struct ProbeSweep: Sendable {
    /// The per-host probe.
    public var prober: DeviceProber
    /// Seconds of the shared Bonjour browse; 0 for none.
    public var bonjourWindow: Double

    public init(prober: DeviceProber = DeviceProber(), bonjourWindow: Double = 9) {
        self.prober = prober
        self.bonjourWindow = bonjourWindow
    }

    /// Probes `ips` and browses; blocks until every probe and the browse are done.
    /// - Returns: one `DeviceSignals` per address, in the order given, services attached.
    public func run(_ ips: [IPv4Address], gateway: IPv4Address? = LinuxNetworkInfo.defaultGateway()) -> [DeviceSignals] {
        let results = SignalSlots(count: ips.count)
        let services = ServiceSlot()
        let browse = DispatchGroup()
        if bonjourWindow > 0 {
            let window = bonjourWindow
            DispatchQueue.global().async(group: browse) { services.set((try? BonjourBrowser(window: window).browse()) ?? []) }
        }
        let probes = DispatchGroup()
        let prober = self.prober
        for (index, ip) in ips.enumerated() {
            probes.enter()
            Thread { results.set(index, prober.probe(ip, gateway: gateway)); probes.leave() }.start()
        }
        probes.wait()
        browse.wait()
        let found = services.get()
        return results.all().map { device in
            var device = device
            DeviceProber.attach(found, to: &device)
            return device
        }
    }

    /// `run` from async code: the blocking work happens on its own thread, never on a
    /// concurrency worker or the main actor.
    public func run(_ ips: [IPv4Address], gateway: IPv4Address? = LinuxNetworkInfo.defaultGateway()) async -> [DeviceSignals] {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.run(ips, gateway: gateway)) }.start()
        }
    }

    private final class SignalSlots: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var values: [DeviceSignals?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: DeviceSignals) { lock.lock(); values[index] = value; lock.unlock() }
        func all() -> [DeviceSignals] { lock.lock(); defer { lock.unlock() }; return values.compactMap { $0 } }
    }

    private final class ServiceSlot: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var value: [BonjourService] = []
        func set(_ services: [BonjourService]) { lock.lock(); value = services; lock.unlock() }
        func get() -> [BonjourService] { lock.lock(); defer { lock.unlock() }; return value }
    }
}
