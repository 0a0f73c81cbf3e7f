/// Builds well-formed frames byte by byte, with correct lengths and checksums.
///
/// Used by tests (hand-built frames, then truncated or mutated), by the fuzz test's seed corpus
/// and by the benchmark's capture generator. Each function returns the encoding of one layer;
/// nest them to build a frame, e.g.
/// `ethernet(..., payload: ipv4(..., payload: tcp(...)))`.
public enum PacketBuilder {
    /// An Ethernet II frame (no VLAN tag, no padding, no FCS).
    public static func ethernet(
        destination: MACAddress,
        source: MACAddress,
        type: EtherType,
        payload: [UInt8]
    ) -> [UInt8] {
        var bytes = destination.array + source.array
        bytes.reserveCapacity(14 + payload.count)
        bytes.appendBE16(type.rawValue)
        bytes += payload
        return bytes
    }

    /// An Ethernet/IPv4 ARP packet.
    public static func arp(
        operation: ARPPacket.Operation,
        senderMAC: MACAddress,
        senderIP: IPv4Address,
        targetMAC: MACAddress,
        targetIP: IPv4Address
    ) -> [UInt8] {
        var bytes: [UInt8] = [0, 1, 0x08, 0x00, 6, 4]
        bytes.appendBE16(operation.code)
        bytes += senderMAC.array + senderIP.octets + targetMAC.array + targetIP.octets
        return bytes
    }

    /// An IPv4 packet without options, with a correct header checksum.
    public static func ipv4(
        source: IPv4Address,
        destination: IPv4Address,
        protocol: IPProtocol,
        payload: [UInt8],
        ttl: UInt8 = 64,
        identification: UInt16 = 0,
        dontFragment: Bool = true
    ) -> [UInt8] {
        var bytes: [UInt8] = [0x45, 0]
        bytes.reserveCapacity(20 + payload.count)
        bytes.appendBE16(UInt16(truncatingIfNeeded: 20 + payload.count))
        bytes.appendBE16(identification)
        bytes.appendBE16(dontFragment ? 0x4000 : 0)
        bytes += [ttl, `protocol`.rawValue, 0, 0]
        bytes += source.octets + destination.octets
        bytes.setBE16(InternetChecksum.compute(bytes), at: 10)
        bytes += payload
        return bytes
    }

    /// A TCP segment without options, with a correct checksum for the given addresses.
    public static func tcp(
        source: IPv4Address,
        destination: IPv4Address,
        sourcePort: UInt16,
        destinationPort: UInt16,
        sequence: UInt32,
        acknowledgment: UInt32 = 0,
        flags: TCPFlags,
        window: UInt16 = 64240,
        payload: [UInt8] = []
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 + payload.count)
        bytes.appendBE16(sourcePort)
        bytes.appendBE16(destinationPort)
        bytes.appendBE32(sequence)
        bytes.appendBE32(acknowledgment)
        bytes.appendBE16(5 << 12 | flags.rawValue)
        bytes.appendBE16(window)
        bytes += [0, 0, 0, 0]
        bytes += payload
        let pseudo = InternetChecksum.pseudoHeaderSum(
            source: source,
            destination: destination,
            protocol: .tcp,
            length: bytes.count
        )
        bytes.setBE16(InternetChecksum.compute(bytes, initial: pseudo), at: 16)
        return bytes
    }

    /// A UDP datagram with a correct checksum for the given addresses.
    public static func udp(
        source: IPv4Address,
        destination: IPv4Address,
        sourcePort: UInt16,
        destinationPort: UInt16,
        payload: [UInt8]
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + payload.count)
        bytes.appendBE16(sourcePort)
        bytes.appendBE16(destinationPort)
        bytes.appendBE16(UInt16(truncatingIfNeeded: 8 + payload.count))
        bytes += [0, 0]
        bytes += payload
        let pseudo = InternetChecksum.pseudoHeaderSum(
            source: source,
            destination: destination,
            protocol: .udp,
            length: bytes.count
        )
        var sum = InternetChecksum.compute(bytes, initial: pseudo)
        if sum == 0 { sum = 0xFFFF }
        bytes.setBE16(sum, at: 6)
        return bytes
    }

    /// An ICMP echo request (type 8) or reply (type 0).
    public static func icmpEcho(
        reply: Bool,
        identifier: UInt16,
        sequence: UInt16,
        data: [UInt8] = []
    ) -> [UInt8] {
        var bytes: [UInt8] = [reply ? 0 : 8, 0, 0, 0]
        bytes.appendBE16(identifier)
        bytes.appendBE16(sequence)
        bytes += data
        bytes.setBE16(InternetChecksum.compute(bytes), at: 2)
        return bytes
    }

    /// An ICMP error (e.g. type 3 unreachable, type 11 time exceeded) quoting the IPv4 header
    /// and first eight payload bytes of `offending`.
    public static func icmpError(type: UInt8, code: UInt8, quoting offending: [UInt8]) -> [UInt8] {
        let headerLength = offending.isEmpty ? 0 : Int(offending[0] & 0x0F) * 4
        let quoted = offending.prefix(min(offending.count, headerLength + 8))
        var bytes: [UInt8] = [type, code, 0, 0, 0, 0, 0, 0]
        bytes += quoted
        bytes.setBE16(InternetChecksum.compute(bytes), at: 2)
        return bytes
    }
}
