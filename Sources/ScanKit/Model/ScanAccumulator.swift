import AppContract
import Wire

/// The de-duplicated device store of one scan, keyed by IP, with NetMonitor's merge rules.
///
/// Insertion order is kept for `snapshot()`; `sortedSnapshot()` orders by numeric IPv4 value.
/// Every first sighting is logged as `device_first_seen`, and every later sighting by a new
/// source as `device_source_added`.
public actor ScanAccumulator {
    private var devices: [DiscoveredDevice] = []
    private var index: [IPv4Address: Int] = [:]
    private let events: (any EventSink)?

    /// - Parameter events: where first sightings are logged.
    public init(events: (any EventSink)? = nil) {
        self.events = events
    }

    /// Adds a new device or merges into the known one (first discoverer keeps `source`,
    /// `discoveredAtNs` and `id`; existing non-nil fields win).
    /// - Returns: true when the IP was new.
    @discardableResult
    public func upsert(_ device: DiscoveredDevice) -> Bool {
        if let i = index[device.ip] {
            let before = devices[i].sources
            if devices[i].merge(device) {
                for source in devices[i].sources where !before.contains(source) {
                    events?.record(.deviceSourceAdded(.init(ip: device.ip, source: source)))
                }
            }
            return false
        }
        index[device.ip] = devices.count
        devices.append(device)
        events?.record(.deviceFirstSeen(.init(ip: device.ip, source: device.source)))
        return true
    }

    /// Upserts `devices` in order in one call: a batch handed over at once
    /// (`bonjour.callback_debounce_ms`).
    public func upsert(contentsOf devices: [DiscoveredDevice]) {
        for device in devices { upsert(device) }
    }

    /// Sets the latency only if the device exists and has none yet (TCP enrichment).
    /// `source` is recorded as having seen the device either way.
    /// - Returns: true when the latency was stored.
    @discardableResult
    public func updateLatency(_ ip: IPv4Address, ms: Double, source: DeviceSource = .tcp) -> Bool {
        guard let i = index[ip] else { return false }
        noteSource(source, at: i)
        guard devices[i].latencyMs == nil else { return false }
        devices[i].latencyMs = ms
        devices[i].latencySource = source
        return true
    }

    /// Overwrites the latency of a known device unconditionally (ICMP sweep).
    /// - Returns: false when the IP is unknown.
    @discardableResult
    public func replaceLatency(_ ip: IPv4Address, ms: Double, source: DeviceSource = .icmp) -> Bool {
        guard let i = index[ip] else { return false }
        noteSource(source, at: i)
        devices[i].latencyMs = ms
        devices[i].latencySource = source
        return true
    }

    /// Every IP known so far.
    public var knownIPs: Set<IPv4Address> { Set(index.keys) }

    public func contains(_ ip: IPv4Address) -> Bool { index[ip] != nil }

    /// IPs of devices still without latency, in insertion order.
    public var ipsWithoutLatency: [IPv4Address] { devices.filter { $0.latencyMs == nil }.map(\.ip) }

    /// IPs of every device, in insertion order.
    public var allDeviceIPs: [IPv4Address] { devices.map(\.ip) }

    public var count: Int { devices.count }

    public var isEmpty: Bool { devices.isEmpty }

    /// The device with this IP, if known.
    public func device(_ ip: IPv4Address) -> DiscoveredDevice? { index[ip].map { devices[$0] } }

    /// Devices in insertion order.
    public func snapshot() -> [DiscoveredDevice] { devices }

    /// Devices in numeric IPv4 order.
    public func sortedSnapshot() -> [DiscoveredDevice] { devices.sorted { $0.ip < $1.ip } }

    /// Forgets everything (NetMonitor calls this at the start of every scan).
    public func reset() {
        devices.removeAll()
        index.removeAll()
    }

    private func noteSource(_ source: DeviceSource, at i: Int) {
        guard !devices[i].sources.contains(source) else { return }
        devices[i].sources.append(source)
        events?.record(.deviceSourceAdded(.init(ip: devices[i].ip, source: source)))
    }
}
