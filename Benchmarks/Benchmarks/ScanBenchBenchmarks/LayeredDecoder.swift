import Wire

/// Decodes a frame through every layer the Wire decoders know, as far as it goes: Ethernet,
/// then ARP or IPv4, then ICMP (with the quoted datagram of errors), TCP or UDP, then DNS/mDNS
/// (ports 53, 5353) or SSDP (port 1900).
///
/// What the analysis does per frame, without its bookkeeping: the benchmark of the decoders.
enum LayeredDecoder {
    /// Decodes `frame` and returns the number of layers decoded (malformed layers stop the descent).
    static func decode(_ frame: [UInt8]) -> Int {
        guard let ethernet = try? EthernetFrame(decoding: frame[...]) else { return 0 }
        switch ethernet.etherType {
        case .arp:
            return (try? ARPPacket(decoding: ethernet.payload)) == nil ? 1 : 2
        case .ipv4:
            guard let ip = try? IPv4Packet(decoding: ethernet.payload) else { return 1 }
            return 2 + transport(ip)
        default:
            return 1
        }
    }

    private static func transport(_ ip: IPv4Packet) -> Int {
        switch ip.protocol {
        case .tcp:
            return (try? TCPSegment(decoding: ip.payload)) == nil ? 0 : 1
        case .icmp:
            guard let icmp = try? ICMPMessage(decoding: ip.payload) else { return 0 }
            return icmp.quoted == nil ? 1 : 2
        case .udp:
            guard let udp = try? UDPDatagram(decoding: ip.payload) else { return 0 }
            if udp.involves(port: 5353) || udp.involves(port: 53) {
                return (try? DNSMessage(bytes: udp.payload)) == nil ? 1 : 2
            }
            if udp.involves(port: 1900) {
                return (try? SSDPMessage(decoding: udp.payload)) == nil ? 1 : 2
            }
            return 1
        default:
            return 0
        }
    }
}
