import CaptureFiles
import Wire

/// Per-host facts of a capture that the protocol counters and the TCP tracker do not keep: who
/// sent packets to whom, who answered whom and how, which MAC addresses each IPv4 address used,
/// and which addresses mDNS answers named. `analyze --inventory` attributes them to the devices
/// of a LAN inventory.
///
/// `WireAnalyzer` feeds it one call per decoded packet (`add`) when
/// `AnalysisOptions.tracksHosts` is set; otherwise it stays empty and costs nothing. Memory grows
/// with the number of distinct address pairs, not with packets.
public struct HostActivity: Sendable {
    struct Pair: Hashable, Sendable {
        var from: UInt32
        var to: UInt32
    }

    /// Packets from → to: IPv4 by addresses, ARP by sender and target protocol address.
    private(set) var packets: [Pair: Int] = [:]
    /// Answers from → to (the answerer first).
    private(set) var answers: [Pair: HostAnswers] = [:]
    /// mDNS responses each host sent to a multicast group (heard by every asker), by host.
    private(set) var groupAnswers: [UInt32: HostAnswers] = [:]
    /// Per IPv4 address, the source MACs its packets came from and how often. Only addresses
    /// that look local (`isLocal`) are kept: a routed packet carries the router's MAC.
    private(set) var macs: [UInt32: [MACAddress: Int]] = [:]
    /// Addresses named by an A record in some mDNS response (a host may answer for another).
    private(set) var namedByMDNS: Set<UInt32> = []
    /// Addresses that sent an ARP packet (certainly on the capture's link).
    private(set) var arpSenders: Set<UInt32> = []

    public init() {}

    /// Records one decoded packet.
    ///
    /// - Parameters:
    ///   - record: the analyzer's summary of the packet (category, addresses, TCP flags).
    ///   - bytes: the captured frame, from the link-layer header (read again only for ARP and
    ///     mDNS responses, and for the source MAC).
    ///   - linkType: the frame's link type.
    mutating func add(_ record: PacketRecord, bytes: ArraySlice<UInt8>, linkType: LinkType) {
        guard record.source != 0 || record.destination != 0 else { return }
        let pair = Pair(from: record.source, to: record.destination)
        packets[pair, default: 0] += 1
        switch record.category {
        case .arpRequest, .arpReply, .arpOther:
            arpSenders.insert(record.source)
            if let (_, payload) = try? LinkDecoder.networkPayload(of: bytes, linkType: linkType),
                let arp = try? ARPPacket(decoding: payload), arp.senderIP.value != 0
            {
                macs[record.source, default: [:]][arp.senderMAC, default: 0] += 1
            }
            if record.category == .arpReply { answers[pair, default: []].insert(.arpReply) }
            return
        case .icmpEchoReply: answers[pair, default: []].insert(.echoReply)
        case .tcp:
            let flags = TCPFlags(rawValue: UInt16(record.tcpFlags))
            if flags.contains(.rst) { answers[pair, default: []].insert(.tcpReset) }
            if flags.contains(.syn) && flags.contains(.ack) { answers[pair, default: []].insert(.tcpSynAck) }
        case .ssdpResponse: answers[pair, default: []].insert(.ssdpResponse)
        case .mdnsResponse:
            if IPv4Address(record.destination).isMulticast {
                groupAnswers[record.source, default: []].insert(.mdnsResponse)
            } else {
                answers[pair, default: []].insert(.mdnsResponse)
            }
            nameAddresses(bytes: bytes, linkType: linkType)
        default: break
        }
        if Self.isLocal(record.source), let mac = LinkDecoder.sourceMAC(of: bytes, linkType: linkType) {
            macs[record.source, default: [:]][mac, default: 0] += 1
        }
    }

    private mutating func nameAddresses(bytes: ArraySlice<UInt8>, linkType: LinkType) {
        guard let (type, payload) = try? LinkDecoder.networkPayload(of: bytes, linkType: linkType), type == .ipv4,
            let ip = try? IPv4Packet(decoding: payload), let udp = try? UDPDatagram(decoding: ip.payload),
            let message = try? DNSMessage(bytes: udp.payload)
        else { return }
        for record in message.answers + message.additionals {
            if case .a(let address) = record.data { namedByMDNS.insert(address.value) }
        }
    }

    // MARK: - Questions about the capture

    /// Packets `from` sent to `to` (ARP: requests and replies about `to`).
    public func packets(from: IPv4Address, to: IPv4Address) -> Int {
        packets[Pair(from: from.value, to: to.value)] ?? 0
    }

    /// How `host` answered `asker`: answers addressed to it, plus mDNS responses the host sent
    /// to a multicast group (which the asker hears).
    public func answers(from host: IPv4Address, to asker: IPv4Address) -> HostAnswers {
        (answers[Pair(from: host.value, to: asker.value)] ?? []).union(groupAnswers[host.value] ?? [])
    }

    /// Whether any packet (ARP included) came from or went to `address`.
    public func isSeen(_ address: IPv4Address) -> Bool {
        packets.keys.contains { $0.from == address.value || $0.to == address.value }
    }

    /// Whether some mDNS response carried an A record for `address`.
    public func isNamedByMDNS(_ address: IPv4Address) -> Bool { namedByMDNS.contains(address.value) }

    /// The MAC addresses `address` sent from, most packets first.
    public func macs(of address: IPv4Address) -> [MACAddress] {
        (macs[address.value] ?? [:]).sorted { $0.value > $1.value }.map(\.key)
    }

    /// The IPv4 addresses whose packets came from `mac`, most packets first (DHCP can move a
    /// device; a device with two addresses lists both).
    public func addresses(of mac: MACAddress) -> [IPv4Address] {
        macs.compactMap { address, counts in counts[mac].map { (IPv4Address(address), $0) } }
            .sorted { ($0.1, $1.0) > ($1.1, $0.0) }.map(\.0)
    }

    /// The unicast addresses that sent anything on the link and look local: they sent ARP, or
    /// are private (RFC 1918), link-local, carrier-grade NAT or benchmarking (198.18/15)
    /// addresses. Internet hosts a phone talks to are left out.
    public func localSenders() -> [IPv4Address] {
        var senders = Set<UInt32>()
        for pair in packets.keys
        where pair.from != 0 && pair.from != UInt32.max && !IPv4Address(pair.from).isMulticast
            && (arpSenders.contains(pair.from) || Self.isLocal(pair.from))
        {
            senders.insert(pair.from)
        }
        return senders.sorted().map(IPv4Address.init)
    }

    /// RFC 1918, link-local, CGNAT (100.64/10) and benchmarking (198.18/15) addresses.
    static func isLocal(_ address: UInt32) -> Bool {
        address >> 24 == 10 || address >> 20 == 0xAC1 || address >> 16 == 0xC0A8 || address >> 16 == 0xA9FE
            || address >> 22 == 0x191 || address >> 17 == 0x6309
    }
}
