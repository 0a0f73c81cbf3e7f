import AppContract
import Foundation
import Wire

/// Deep-probes many hosts at once — one thread per host, since the probes wait on the network,
/// not the CPU — while one shared Bonjour browse and one SSDP search run beside them; then
/// follows up what the devices announced (the UPnP description at each SSDP `LOCATION`, AirPlay
/// `/info` on an `_airplay._tcp` port) and attaches each host's services to its signals. What
/// `scanbench probe` and `scanbench scan --probe` run.
public struct ProbeSweep: Sendable {
    /// The per-host probe.
    public var prober: DeviceProber
    /// Seconds of the shared Bonjour browse; 0 for none.
    public var bonjourWindow: Double
    /// The shared SSDP search (MX 3, 4 s); nil for none.
    public var ssdp: SSDPSearch?
    /// Hosts probed at once (HomeNet: 4, seed 002:123); by default every host at once.
    public var hostConcurrency = Int.max
    /// What the scan already learned (`ScanFindings`), reused: its tried ports are not probed
    /// again and its resolved services join each device's signals. Empty: nothing reused.
    public var findings = ScanFindings()

    public init(prober: DeviceProber = DeviceProber(), bonjourWindow: Double = 9, ssdp: SSDPSearch? = SSDPSearch()) {
        self.prober = prober
        self.bonjourWindow = bonjourWindow
        self.ssdp = ssdp
    }

    /// Probes `ips`, browses and searches; blocks until all of it and the follow-ups are done.
    /// - Returns: one `DeviceSignals` per address, in the order given, services attached.
    public func run(_ ips: [IPv4Address], gateway: IPv4Address? = LinuxNetworkInfo.defaultGateway()) -> [DeviceSignals]
    {
        let findings = self.findings
        let results = SignalSlots(count: ips.count)
        let services = Slot<[BonjourService]>([])
        let locations = Slot<[IPv4Address: SSDPSearch.Location]>([:])
        let browse = DispatchGroup()
        let search = DispatchGroup()
        if bonjourWindow > 0 {
            let window = bonjourWindow
            DispatchQueue.global().async(group: browse) {
                services.set((try? BonjourToolBrowser(window: window).browse()) ?? [])
            }
        }
        if let ssdp {
            DispatchQueue.global().async(group: search) { locations.set((try? ssdp.run()) ?? [:]) }
        }
        let prober = self.prober
        each(ips.indices) { index in
            let known = findings.devices[ips[index].description]
            let tried = Set((known?.triedPorts ?? []).compactMap { UInt16(exactly: $0) })
            let open = Set((known?.openPorts ?? []).compactMap { UInt16(exactly: $0) })
            results.set(index, prober.probe(ips[index], gateway: gateway, skipping: tried, knownOpen: open))
        }
        // The descriptions first, while a device that is reachable only because its SSDP answer
        // made it ARP for us still has a neighbour entry; the browse usually runs longer.
        search.wait()
        let described = locations.get()
        each(ips.indices) { index in
            var device = results.get(index)
            prober.followUp(&device, location: described[ips[index]])
            results.set(index, device)
        }
        browse.wait()
        let found = services.get()
        each(ips.indices) { index in
            var device = results.get(index)
            DeviceProber.attach(found, to: &device)
            Self.reuse(findings.devices[device.ip]?.services ?? [], into: &device)
            prober.followUp(&device, services: device.services)
            results.set(index, device)
        }
        return ips.indices.map(results.get)
    }

    /// Adds the services the scan resolved to a device that its own browse did not hear (by
    /// instance and type), with the TXT the scan heard (none after a TCP-connect resolve).
    public static func reuse(_ services: [ScanFindings.Service], into signals: inout DeviceSignals) {
        for service in services
        where !signals.services.contains(where: {
            $0.instance.lowercased() == service.instance.lowercased()
                && $0.type.lowercased() == service.type.lowercased()
        }) {
            signals.services.append(
                BonjourService(
                    instance: service.instance,
                    type: service.type,
                    domain: "local",
                    host: nil,
                    port: UInt16(exactly: service.port),
                    addresses: [signals.ip],
                    txt: service.txt
                )
            )
        }
    }

    /// Runs `body` for every index, each on its own thread (the work waits on the network), at
    /// most `hostConcurrency` at once, and returns when all are done.
    private func each(_ indices: Range<Int>, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: max(1, min(hostConcurrency, indices.count)))
        for index in indices {
            slots.wait()
            group.enter()
            Thread {
                body(index); slots.signal(); group.leave()
            }.start()
        }
        group.wait()
    }

    /// What the probe runs without on this system (no IEEE registry, no nmap-services, no
    /// nmap-os-db), with the package to install: for the commands to print once.
    public static var notices: [String] {
        [OUIRegistry.shared.notice, NmapServices.shared.notice, NmapDeviceTypes.shared.notice].compactMap { $0 }
    }

    /// `run` from async code: the blocking work happens on its own thread, never on a
    /// concurrency worker or the main actor.
    public func run(
        _ ips: [IPv4Address],
        gateway: IPv4Address? = LinuxNetworkInfo.defaultGateway()
    ) async -> [DeviceSignals] {
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
        /// The value set at `index` (every index is set by the first pass).
        func get(_ index: Int) -> DeviceSignals { lock.lock(); defer { lock.unlock() }; return values[index]! }
    }

    private final class Slot<Value: Sendable>: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func set(_ newValue: Value) { lock.lock(); value = newValue; lock.unlock() }
        func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    }
}
