import AppContract
import Platform

import Foundation
import Wire

/// One device the scan found: NetMonitor's record, plus the finer attribution this port keeps.
///
/// Merging follows NetMonitor (spec §1.6, `ScanAccumulator`): the first discoverer keeps `id`,
/// `discoveredAtNs` and `source`; for `hostname`, `vendor`, `mac` and `latencyMs` an existing
/// value wins and a missing one is back-filled. `sources` and `openPorts` are this port's
/// additions and only ever grow.
public struct DiscoveredDevice: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The de-duplication key (NetMonitor keys on the literal IPv4 string; same thing here).
    public var ip: IPv4Address
    public var hostname: String?
    public var vendor: String?
    public var mac: MACAddress?
    /// Milliseconds; from a TCP handshake or refusal, or from ICMP (which overwrites).
    public var latencyMs: Double?
    /// Which technique measured `latencyMs`.
    public var latencySource: DeviceSource?
    /// `CLOCK_MONOTONIC` nanoseconds when the record was created by its first discoverer.
    public var discoveredAtNs: UInt64
    /// The first discoverer.
    public var source: DeviceSource
    /// What NetMonitor would show as the source (`local` for ARP/TCP/ICMP/PTR).
    public var netMonitorSource: NetMonitorSource
    /// Every source that ever saw the device, in the order they first did.
    public var sources: [DeviceSource]
    /// TCP ports seen open (handshake completed), ascending.
    public var openPorts: [Int]

    enum CodingKeys: String, CodingKey {
        case id, ip, hostname, vendor, mac, source, sources
        case latencyMs = "latency_ms"
        case latencySource = "latency_source"
        case discoveredAtNs = "discovered_at_ns"
        case netMonitorSource = "netmonitor_source"
        case openPorts = "open_ports"
    }

    /// A fresh record as a phase reports it.
    public init(
        ip: IPv4Address,
        source: DeviceSource,
        hostname: String? = nil,
        vendor: String? = nil,
        mac: MACAddress? = nil,
        latencyMs: Double? = nil,
        openPorts: [Int] = [],
        discoveredAtNs: UInt64 = MonotonicClock.now(),
        id: UUID = UUID()
    ) {
        self.id = id
        self.ip = ip
        self.hostname = hostname
        self.vendor = vendor
        self.mac = mac
        self.latencyMs = latencyMs
        self.latencySource = latencyMs == nil ? nil : source
        self.discoveredAtNs = discoveredAtNs
        self.source = source
        self.netMonitorSource = source.netMonitorSource
        self.sources = [source]
        self.openPorts = Array(Set(openPorts)).sorted()
    }

    /// Hostname, else the IP (NetMonitor's display name).
    public var displayName: String { hostname ?? ip.description }

    /// NetMonitor's latency text: "<1 ms" under 1 ms, else rounded whole ms; without latency
    /// "UPnP" for SSDP finds, "Bonjour" for Bonjour finds, otherwise "—".
    public var latencyText: String {
        if let latencyMs {
            return latencyMs < 1 ? "<1 ms" : "\(Int(latencyMs.rounded())) ms"
        }
        switch netMonitorSource {
        case .macCompanion: return "via Mac"
        case .ssdp: return "UPnP"
        case .bonjour: return "Bonjour"
        case .local: return "—"
        }
    }

    /// NetMonitor's merge of a later sighting into this record (spec §1.6).
    /// - Returns: true when `other.source` had not seen the device before.
    @discardableResult
    public mutating func merge(_ other: DiscoveredDevice) -> Bool {
        hostname = hostname ?? other.hostname
        vendor = vendor ?? other.vendor
        mac = mac ?? other.mac
        if latencyMs == nil, let latency = other.latencyMs {
            latencyMs = latency
            latencySource = other.latencySource
        }
        if !other.openPorts.isEmpty { openPorts = Array(Set(openPorts).union(other.openPorts)).sorted() }
        var added = false
        for source in other.sources where !sources.contains(source) {
            sources.append(source)
            added = true
        }
        return added
    }
}
