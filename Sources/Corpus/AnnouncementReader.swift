import CaptureAnalysis
import CaptureFiles
import NetTools
import ScanKit
import Wire

/// Reads what one device announced from capture files: every frame whose link-layer source is
/// its MAC, decoded by the repository's own parsers — mDNS responses (`DNSMessage`, folded by
/// `BonjourCache` as the app's browse folds them), SSDP (`SSDPMessage`), DHCP requests
/// (`DHCPRequestNames`), HTTP it sent (`HTTPProbe.parseHead`, `DeviceProber.readUPnPDescription`
/// on the segments of each TCP flow put back in sequence order) and its SYN/ACKs.
public struct AnnouncementReader {
    public private(set) var announcements: DeviceAnnouncements
    private let mac: MACAddress
    private var mdnsMessages: [DNSMessage] = []
    /// TCP payloads the device sent, by flow (its port, peer, peer port), by sequence number.
    private var flows: [String: [UInt32: [UInt8]]] = [:]
    private var flowOrder: [String] = []

    /// - Throws: `CorpusError` when `mac` is no MAC address.
    public init(mac: String) throws(CorpusError) {
        guard let parsed = MACAddress(mac) else {
            throw CorpusError("'\(mac)' is not a MAC address", fix: "write it as aa:bb:cc:dd:ee:ff")
        }
        self.mac = parsed
        announcements = DeviceAnnouncements(mac: parsed.description)
    }

    /// Reads one capture file (pcap or pcapng, any link type `analyze` reads).
    ///
    /// - Throws: `CorpusError` naming the file when it cannot be opened; a damaged tail keeps
    ///   what came before it.
    public mutating func read(path: String) throws(CorpusError) {
        let file: CaptureFile
        do { file = try CaptureFile(path: path) } catch {
            throw CorpusError("cannot read \(path): \(error)", fix: "give a pcap or pcapng capture file")
        }
        announcements.captures += 1
        var buffer: [UInt8] = []
        do {
            try file.forEach { record in
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: record.bytes)
                add(buffer[...], linkType: record.linkType)
            }
        } catch {
            // A damaged tail still leaves everything before it, as in `analyze`.
        }
    }

    /// Folds what was read into the announcements: the mDNS services resolved, the HTTP flows parsed.
    public func finished() -> DeviceAnnouncements {
        var result = announcements
        var cache = BonjourCache()
        var types: [String] = []
        for message in mdnsMessages {
            for record in message.answers + message.additionals {
                let labels = record.name.labels
                if case .ptr = record.data, labels.count == 3, labels[0].hasPrefix("_"), labels[0] != "_services" {
                    append("\(labels[0]).\(labels[1])", to: &types)
                }
                if case .a = record.data, labels.count == 2, labels[1].lowercased() == "local" {
                    append(labels[0], to: &result.mdnsHostNames)
                }
            }
        }
        cache.browse(types: types)
        for message in mdnsMessages { cache.apply(message, receivedNs: 0) }
        let responder = result.ip.flatMap(IPv4Address.init)
        let responders = Dictionary(
            cache.services.map { ($0.instanceName, responder ?? IPv4Address(0, 0, 0, 0)) },
            uniquingKeysWith: { first, _ in first }
        )
        result.mdnsServices = BonjourToolBrowser.resolved(cache, responders: responder == nil ? [:] : responders)
        for key in flowOrder {
            guard let segments = flows[key] else { continue }
            let bytes = segments.keys.sorted().flatMap { segments[$0] ?? [] }
            let text = String(decoding: bytes, as: UTF8.self)
            let head = HTTPProbe.parseHead(text)
            if text.hasPrefix("HTTP/") {
                if let server = head.headers["server"] { append(server, to: &result.httpServers) }
                if let title = HTTPProbe.title(head.body) { append(title, to: &result.httpTitles) }
                var described = DeviceSignals(ip: result.ip ?? "0.0.0.0")
                DeviceProber.readUPnPDescription(head, into: &described)
                if result.upnpDeviceType == nil, described.upnpDeviceType != nil {
                    result.upnpDeviceType = described.upnpDeviceType
                    result.upnpFriendlyName = described.upnpFriendlyName
                    result.upnpManufacturer = described.upnpManufacturer
                    result.upnpModel = described.upnpModel
                }
            } else if let agent = head.headers["user-agent"] {
                append(agent, to: &result.httpUserAgents)
            }
        }
        result.openPorts.sort()
        return result
    }

    private mutating func add(_ bytes: ArraySlice<UInt8>, linkType: LinkType) {
        guard LinkDecoder.sourceMAC(of: bytes, linkType: linkType) == mac else { return }
        announcements.frames += 1
        guard let (type, payload) = try? LinkDecoder.networkPayload(of: bytes, linkType: linkType), type == .ipv4,
            let ip = try? IPv4Packet(decoding: payload), !ip.isFragment
        else { return }
        if ip.source != IPv4Address(0, 0, 0, 0) { announcements.ip = ip.source.description }
        if ip.protocol == .udp, let udp = try? UDPDatagram(decoding: ip.payload) {
            addUDP(udp)
        } else if ip.protocol == .tcp, let tcp = try? TCPSegment(decoding: ip.payload) {
            if tcp.isSYNACK, !announcements.openPorts.contains(tcp.sourcePort) {
                announcements.openPorts.append(tcp.sourcePort)
            }
            guard !tcp.payload.isEmpty else { return }
            let key = "\(tcp.sourcePort) \(ip.destination):\(tcp.destinationPort)"
            if flows[key] == nil { flowOrder.append(key) }
            flows[key, default: [:]][tcp.sequenceNumber] = Array(tcp.payload)
        }
    }

    private mutating func addUDP(_ udp: UDPDatagram) {
        if udp.sourcePort == 5353 {
            if let message = try? DNSMessage(bytes: udp.payload), message.isResponse { mdnsMessages.append(message) }
        } else if udp.sourcePort == 68, udp.destinationPort == 67 {
            guard let names = DHCPRequestNames(payload: udp.payload) else { return }
            if let name = names.hostName { append(name, to: &announcements.dhcpHostNames) }
            if let vendor = names.vendorClass { append(vendor, to: &announcements.dhcpVendorClasses) }
        } else if udp.destinationPort == 1900 || udp.sourcePort == 1900 {
            guard let message = try? SSDPMessage(decoding: udp.payload), message.kind != .search else { return }
            if let server = message.header("SERVER") { append(server, to: &announcements.ssdpServers) }
            if let location = message.header("LOCATION") { append(location, to: &announcements.ssdpLocations) }
            for name in ["NT", "ST"] {
                if let type = message.header(name), type.lowercased().contains(":device:") {
                    append(type, to: &announcements.ssdpDeviceTypes)
                }
            }
        }
    }

    private func append(_ value: String, to list: inout [String]) {
        if !list.contains(value) { list.append(value) }
    }
}
