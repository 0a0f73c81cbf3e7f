/// Re-encapsulates an Ethernet frame in another link type, as another capture route would have
/// recorded the same packet: Linux cooked v2 (`tcpdump -i any`), raw IP (`tcpdump -i rvi0 -y RAW`
/// on a Mac, which has no ARP and no MACs), Apple PKTAP (`tcpdump -P` on `rvi0`).
///
/// Used to check that analysis gives the same figures whatever the encapsulation of one
/// capture's traffic (the tests write real testbed frames this way and check them with tshark).
public enum LinkEncapsulation {
    /// The frame as a 20-byte SLL2 header and its payload; nil when shorter than an Ethernet header.
    public static func linuxCooked2(_ frame: [UInt8]) -> [UInt8]? {
        guard frame.count >= 14 else { return nil }
        let destination = frame[0..<6]
        // Packet type: 1 broadcast, 2 multicast, 0 to this host (research §5.2, sll.h).
        let packetType: UInt8 = destination.allSatisfy { $0 == 0xFF } ? 1 : (frame[0] & 1 == 1 ? 2 : 0)
        var header: [UInt8] = [frame[12], frame[13], 0, 0]  // protocol, reserved
        header += [0, 0, 0, 1]  // interface index 1
        header += [0, 1, packetType, 6]  // ARPHRD_ETHER, packet type, address length
        header += frame[6..<12] + [0, 0]  // the source MAC, padded to 8
        return header + frame[14...]
    }

    /// The IPv4 or IPv6 packet without its Ethernet header; nil for anything else (ARP), which a
    /// raw-IP capture cannot hold.
    public static func rawIP(_ frame: [UInt8]) -> [UInt8]? {
        guard frame.count >= 14 else { return nil }
        let etherType = UInt16(frame[12]) << 8 | UInt16(frame[13])
        return etherType == 0x0800 || etherType == 0x86DD ? Array(frame[14...]) : nil
    }

    /// The frame behind a PKTAP header naming `process` (nil: the kernel's own, pid 0) and the
    /// process it acts for, `effective` (nil: itself).
    public static func pktap(
        _ frame: [UInt8],
        process: PacketProcess?,
        effective: PacketProcess? = nil,
        outbound: Bool,
        interface: String = "en0"
    ) -> [UInt8] {
        PKTAPHeader.encode(
            innerDLT: 1,
            interface: interface,
            process: process,
            effective: effective,
            outbound: outbound
        ) + frame
    }
}
