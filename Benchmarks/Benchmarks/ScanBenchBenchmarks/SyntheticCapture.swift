import CaptureFiles
import CaptureAnalysis
import Wire

/// A scanner's capture built in memory: what a sweep of a LAN looks like on the scanner's link.
///
/// Each target gets an ARP request and reply, an ICMP echo request and reply, and a TCP connect
/// probe on each of `ports`: most answered by RST (closed), one in eight by SYN/ACK, the
/// scanner's ACK and its RST (open, as nmap `-sT` closes), one in sixteen never answered
/// (filtered, with one SYN retransmission). Every 64 frames an mDNS query and response, an SSDP
/// M-SEARCH and response and a DNS query and answer are interleaved. Frames are 10 µs apart.
/// The mix is deterministic, so two runs analyse the same bytes.
///
/// Targets are addresses 198.18.x.y counted up from 198.18.0.1, wrapping after `targets`: the
/// default 65,000 sweeps a /16's worth of hosts, 10 µs apart (per-target state and attempts in
/// flight at their largest); `lan` sweeps one /24 again and again, 1 ms apart — an evening of
/// scans of one home LAN as the phone's capture holds it (NetMonitor's ~3,000 connects per /24
/// in ~30 s are a few hundred frames a second; 1,000 is the denser side).
struct SyntheticCapture: Sendable {
    /// Distinct targets of the default file.
    static let manyTargets = 65_000
    /// One /24's hosts.
    static let lanTargets = 254
    /// Frame spacing of the default file and of the LAN file, ns.
    static let denseSpacing: Int64 = 10_000
    static let lanSpacing: Int64 = 1_000_000

    static let scanner = IPv4Address(198, 18, 0, 50)
    static let scannerMAC = MACAddress(bytes: [0x02, 0x5B, 0, 0, 0, 0x32])!
    static let targetMAC = MACAddress(bytes: [0x3C, 0xD9, 0x2B, 0x7E, 0x41, 0xA6])!
    static let ports: [UInt16] = [22, 80, 443, 445, 548, 631, 7000, 8008, 8080, 9100, 62078, 5000]

    /// The frames, in capture order.
    private(set) var packets: [CapturedPacket] = []
    private var now: Int64 = 1_763_700_000_000_000_000
    /// Frames generated so far (kept or already written out).
    private var generated = 0

    private let targets: Int
    private let spacing: Int64

    private init(targets: Int, spacing: Int64) {
        self.targets = targets
        self.spacing = spacing
    }

    /// Generates at least `frameCount` frames and keeps exactly that many.
    init(frameCount: Int, targets: Int = manyTargets, spacing: Int64 = denseSpacing) {
        self.targets = targets
        self.spacing = spacing
        packets.reserveCapacity(frameCount + 64)
        var target = 0
        while packets.count < frameCount {
            sweep(address(of: target), index: target)
            target += 1
        }
        packets.removeLast(packets.count - frameCount)
    }

    /// Writes the first `frameCount` frames of the same sweep to a pcap file, one target at a
    /// time, so a 10 M-frame file costs no more memory than one target's frames.
    static func write(
        frameCount: Int,
        targets: Int = manyTargets,
        spacing: Int64 = denseSpacing,
        to path: String
    ) throws {
        let writer = try PcapFileWriter(path: path)
        var capture = SyntheticCapture(targets: targets, spacing: spacing)
        var target = 0, written = 0
        while written < frameCount {
            capture.sweep(capture.address(of: target), index: target)
            target += 1
            for packet in capture.packets.prefix(frameCount - written) { try writer.write(packet) }
            written += min(capture.packets.count, frameCount - written)
            capture.packets.removeAll(keepingCapacity: true)
        }
        try writer.close()
    }

    private func address(of target: Int) -> IPv4Address {
        IPv4Address(0xC612_0000 | UInt32(1 + target % targets))
    }

    private mutating func sweep(_ target: IPv4Address, index: Int) {
        let s = Self.scanner
        append(
            PacketBuilder.ethernet(
                destination: .broadcast,
                source: Self.scannerMAC,
                type: .arp,
                payload:
                    PacketBuilder.arp(
                        operation: .request,
                        senderMAC: Self.scannerMAC,
                        senderIP: s,
                        targetMAC: .zero,
                        targetIP: target
                    )
            )
        )
        append(
            PacketBuilder.ethernet(
                destination: Self.scannerMAC,
                source: Self.targetMAC,
                type: .arp,
                payload:
                    PacketBuilder.arp(
                        operation: .reply,
                        senderMAC: Self.targetMAC,
                        senderIP: target,
                        targetMAC: Self.scannerMAC,
                        targetIP: s
                    )
            )
        )
        let sequence = UInt16(truncatingIfNeeded: index)
        ip(
            s,
            target,
            .icmp,
            PacketBuilder.icmpEcho(
                reply: false,
                identifier: 0x5B,
                sequence: sequence,
                data: Array(repeating: 0x42, count: 56)
            )
        )
        ip(
            target,
            s,
            .icmp,
            PacketBuilder.icmpEcho(
                reply: true,
                identifier: 0x5B,
                sequence: sequence,
                data: Array(repeating: 0x42, count: 56)
            )
        )
        for (offset, port) in Self.ports.enumerated() {
            let source = UInt16(32_768 + (index * Self.ports.count + offset) % 28_000)
            let isn = UInt32(truncatingIfNeeded: index &* 7_919 &+ offset &* 104_729)
            tcp(s, source, target, port, seq: isn, flags: .syn)
            switch (index + offset) % 16 {
            case 0, 8:
                tcp(target, port, s, source, seq: ~isn, ack: isn &+ 1, flags: [.syn, .ack])
                tcp(s, source, target, port, seq: isn &+ 1, ack: ~isn &+ 1, flags: .ack)
                tcp(s, source, target, port, seq: isn &+ 1, flags: [.rst, .ack])
            case 5:
                tcp(s, source, target, port, seq: isn, flags: .syn)  // retransmission, never answered
            default:
                tcp(target, port, s, source, seq: 0, ack: isn &+ 1, flags: [.rst, .ack])
            }
            if generated % 64 < 2 { discovery(target) }
        }
    }

    private mutating func discovery(_ device: IPv4Address) {
        let s = Self.scanner
        let mdns = IPv4Address(224, 0, 0, 251), ssdp = IPv4Address(239, 255, 255, 250)
        udp(s, 5353, mdns, 5353, DNSCorpus.mdnsQuery.encoded())
        udp(device, 5353, mdns, 5353, DNSCorpus.mdnsResponse.encoded())
        udp(
            s,
            50_000,
            ssdp,
            1900,
            Array(
                "M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: \"ssdp:discover\"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n"
                    .utf8
            )
        )
        udp(
            device,
            1900,
            s,
            50_000,
            Array(
                "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=1800\r\nST: upnp:rootdevice\r\nUSN: uuid:1::upnp:rootdevice\r\nLOCATION: http://\(device):49000/desc.xml\r\n\r\n"
                    .utf8
            )
        )
        udp(s, 40_000, IPv4Address(198, 18, 0, 1), 53, DNSCorpus.reverseQuery.encoded())
        udp(IPv4Address(198, 18, 0, 1), 53, s, 40_000, DNSCorpus.reverseAnswer.encoded())
    }

    private mutating func tcp(
        _ source: IPv4Address,
        _ sport: UInt16,
        _ destination: IPv4Address,
        _ dport: UInt16,
        seq: UInt32,
        ack: UInt32 = 0,
        flags: TCPFlags
    ) {
        ip(
            source,
            destination,
            .tcp,
            PacketBuilder.tcp(
                source: source,
                destination: destination,
                sourcePort: sport,
                destinationPort: dport,
                sequence: seq,
                acknowledgment: ack,
                flags: flags
            )
        )
    }

    private mutating func udp(
        _ source: IPv4Address,
        _ sport: UInt16,
        _ destination: IPv4Address,
        _ dport: UInt16,
        _ payload: [UInt8]
    ) {
        ip(
            source,
            destination,
            .udp,
            PacketBuilder.udp(
                source: source,
                destination: destination,
                sourcePort: sport,
                destinationPort: dport,
                payload: payload
            )
        )
    }

    private mutating func ip(_ source: IPv4Address, _ destination: IPv4Address, _ proto: IPProtocol, _ payload: [UInt8])
    {
        let fromScanner = source == Self.scanner
        append(
            PacketBuilder.ethernet(
                destination: fromScanner ? Self.targetMAC : Self.scannerMAC,
                source: fromScanner ? Self.scannerMAC : Self.targetMAC,
                type: .ipv4,
                payload: PacketBuilder.ipv4(source: source, destination: destination, protocol: proto, payload: payload)
            )
        )
    }

    private mutating func append(_ bytes: [UInt8]) {
        packets.append(CapturedPacket(timestamp: now, originalLength: bytes.count, data: bytes))
        generated += 1
        now += spacing
    }
}
