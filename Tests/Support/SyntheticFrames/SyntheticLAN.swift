import CaptureFiles
import Foundation
import Wire

/// Frames on one LAN, each host with its own MAC (02:00:00:00:00:<last octet>).
public struct SyntheticLAN {
    public init() {}

    public var packets: [CapturedPacket] = []
    public var now: Int64 = 1_700_000_000_000_000_000

    public static func mac(_ ip: IPv4Address) -> MACAddress {
        MACAddress(bytes: [2, 0, 0, 0, 0, UInt8(ip.value & 0xFF)])!
    }

    /// Writes the frames to a new classic pcap in the temporary directory, named `<prefix>-<uuid>.pcap`,
    /// and returns its path (the caller removes it).
    public func writePcap(prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString).pcap"
        let writer = try PcapFileWriter(path: path)
        for packet in packets { try writer.write(packet) }
        try writer.close()
        return path
    }

    public mutating func append(_ bytes: [UInt8]) {
        now += 1_000_000
        packets.append(CapturedPacket(timestamp: now, originalLength: bytes.count, data: bytes))
    }

    public mutating func ip(
        _ source: IPv4Address,
        _ destination: IPv4Address,
        _ proto: IPProtocol,
        _ payload: [UInt8],
        sourceMAC: MACAddress? = nil
    ) {
        let dst = destination.isMulticast ? MACAddress("01:00:5e:00:00:fb")! : Self.mac(destination)
        append(
            PacketBuilder.ethernet(
                destination: dst,
                source: sourceMAC ?? Self.mac(source),
                type: .ipv4,
                payload: PacketBuilder.ipv4(source: source, destination: destination, protocol: proto, payload: payload)
            )
        )
    }

    public mutating func arp(
        _ operation: ARPPacket.Operation,
        _ sender: IPv4Address,
        _ target: IPv4Address,
        senderMAC: MACAddress? = nil
    ) {
        let mac = senderMAC ?? Self.mac(sender)
        append(
            PacketBuilder.ethernet(
                destination: operation == .request ? .broadcast : Self.mac(target),
                source: mac,
                type: .arp,
                payload: PacketBuilder.arp(
                    operation: operation,
                    senderMAC: mac,
                    senderIP: sender,
                    targetMAC: operation == .request ? .zero : Self.mac(target),
                    targetIP: target
                )
            )
        )
    }

    public mutating func tcp(
        _ source: IPv4Address,
        _ sport: UInt16,
        _ destination: IPv4Address,
        _ dport: UInt16,
        _ flags: TCPFlags,
        seq: UInt32,
        ack: UInt32 = 0,
        sourceMAC: MACAddress? = nil
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
            ),
            sourceMAC: sourceMAC
        )
    }

    public mutating func udp(
        _ source: IPv4Address,
        _ sport: UInt16,
        _ destination: IPv4Address,
        _ dport: UInt16,
        _ payload: [UInt8],
        sourceMAC: MACAddress? = nil
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
            ),
            sourceMAC: sourceMAC
        )
    }
}
