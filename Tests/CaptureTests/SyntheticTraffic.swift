import CaptureFiles
import CaptureAnalysis
import Wire

/// Builds captured frames between a scanner and targets, for analyzer unit tests.
struct SyntheticTraffic {
    static let scanner = IPv4Address(198, 18, 0, 2)
    static let scannerMAC = MACAddress("02:00:00:00:00:02")!
    static let targetMAC = MACAddress("02:00:00:00:00:99")!

    var packets: [CapturedPacket] = []
    var now: Int64 = 1_700_000_000_000_000_000

    mutating func advance(ms: Double) { now += Int64(ms * 1_000_000) }

    mutating func frame(from source: IPv4Address, to destination: IPv4Address, _ proto: IPProtocol, _ payload: [UInt8])
    {
        let fromScanner = source == Self.scanner
        let bytes = PacketBuilder.ethernet(
            destination: fromScanner ? Self.targetMAC : Self.scannerMAC,
            source: fromScanner ? Self.scannerMAC : Self.targetMAC,
            type: .ipv4,
            payload: PacketBuilder.ipv4(source: source, destination: destination, protocol: proto, payload: payload)
        )
        packets.append(CapturedPacket(timestamp: now, originalLength: bytes.count, data: bytes))
    }

    mutating func tcp(
        from source: IPv4Address,
        _ sport: UInt16,
        to destination: IPv4Address,
        _ dport: UInt16,
        seq: UInt32,
        ack: UInt32 = 0,
        flags: TCPFlags,
        payload: [UInt8] = []
    ) {
        frame(
            from: source,
            to: destination,
            .tcp,
            PacketBuilder.tcp(
                source: source,
                destination: destination,
                sourcePort: sport,
                destinationPort: dport,
                sequence: seq,
                acknowledgment: ack,
                flags: flags,
                payload: payload
            )
        )
    }

    mutating func udp(
        from source: IPv4Address,
        _ sport: UInt16,
        to destination: IPv4Address,
        _ dport: UInt16,
        _ payload: [UInt8]
    ) {
        frame(
            from: source,
            to: destination,
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

    mutating func arp(_ operation: ARPPacket.Operation, sender: IPv4Address, target: IPv4Address) {
        let bytes = PacketBuilder.ethernet(
            destination: .broadcast,
            source: Self.scannerMAC,
            type: .arp,
            payload:
                PacketBuilder.arp(
                    operation: operation,
                    senderMAC: Self.scannerMAC,
                    senderIP: sender,
                    targetMAC: .zero,
                    targetIP: target
                )
        )
        packets.append(CapturedPacket(timestamp: now, originalLength: bytes.count, data: bytes))
    }
}
