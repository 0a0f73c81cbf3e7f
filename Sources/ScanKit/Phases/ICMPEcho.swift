import Wire

/// Echo request building and reply matching for the ICMP latency sweep (spec §2.6).
public enum ICMPEcho {
    /// An echo request: type 8, code 0, identifier 0 (the kernel rewrites it for datagram ICMP
    /// sockets), `sequence`, 16 payload bytes 0…15, RFC 1071 checksum.
    public static func request(sequence: UInt16) -> [UInt8] {
        request(sequence: sequence, payload: (0..<16).map(UInt8.init))
    }

    /// An echo request carrying `payload` (the tools' `MarkedICMPEcho` puts a marker in it).
    public static func request(sequence: UInt16, payload: [UInt8]) -> [UInt8] {
        var packet: [UInt8] = [8, 0, 0, 0, 0, 0, UInt8(sequence >> 8), UInt8(sequence & 0xFF)]
        packet += payload
        let checksum = InternetChecksum.compute(packet)
        packet[2] = UInt8(checksum >> 8)
        packet[3] = UInt8(checksum & 0xFF)
        return packet
    }

    /// NetMonitor's sequence for target `index`: (index mod 65535) + 1.
    public static func sequence(forIndex index: Int) -> UInt16 { UInt16(index % 65535 + 1) }

    /// The sequence number of an echo reply, or nil for anything else. A leading IPv4 header
    /// (version nibble 4, at least 20 bytes) is skipped, though Linux datagram ICMP sockets
    /// strip it. Matching is by sequence only: the kernel rewrites the identifier.
    public static func replySequence(_ bytes: [UInt8]) -> UInt16? {
        var payload = bytes[...]
        if let first = bytes.first, first >> 4 == 4, bytes.count >= 20 {
            let headerLength = Int(first & 0x0F) * 4
            guard headerLength >= 20, bytes.count >= headerLength else { return nil }
            payload = bytes[headerLength...]
        }
        guard let message = try? ICMPMessage(decoding: payload),
            case .echoReply(_, let sequence) = message.kind
        else { return nil }
        return sequence
    }
}
