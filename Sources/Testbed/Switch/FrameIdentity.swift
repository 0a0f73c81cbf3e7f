/// What a frame *is*, as a 64-bit key that does not depend on when it was sent: the fields a
/// repeated scan reproduces, without the ones the kernel picks afresh each time (ephemeral
/// ports, sequence numbers, IP ids, checksums).
///
/// The switch keys its random draws on this identity and on how many frames of the same
/// identity the port has seen before (`ImpairmentDraws`), so the same seed drops the same
/// sleepy phone's third ARP reply in every run, whatever the threads interleave around it.
///
/// | frame | identity |
/// |---|---|
/// | ARP | operation, sender and target IPv4 |
/// | TCP | source and destination IPv4, SYN/ACK/RST/FIN bits, ports — a client's ephemeral port (learned from its SYN) counts as 0 |
/// | UDP | source and destination IPv4, ports — a port ≥ 32768 facing one below it counts as 0 |
/// | ICMP | source and destination IPv4, type, code |
/// | anything else | EtherType and length |
struct FrameIdentity: Sendable {
    /// TCP endpoints (IPv4 << 16 | port) that sent a SYN without ACK: the client side, whose
    /// port the kernel chose.
    private var clients: Set<UInt64> = []

    /// The identity of `frame` (at least 14 bytes).
    mutating func identity(of frame: [UInt8]) -> UInt64 {
        let etherType = UInt64(frame[12]) << 8 | UInt64(frame[13])
        switch etherType {
        case 0x0806 where frame.count >= 42:
            return Self.mix([etherType, UInt64(frame[21]), Self.word(frame, 28), Self.word(frame, 38)])
        case 0x0800 where frame.count >= 34:
            return ipv4Identity(frame)
        default:
            return Self.mix([etherType, UInt64(frame.count)])
        }
    }

    private mutating func ipv4Identity(_ frame: [UInt8]) -> UInt64 {
        let headerLength = Int(frame[14] & 0x0F) * 4
        let proto = UInt64(frame[23])
        let source = Self.word(frame, 26), destination = Self.word(frame, 30)
        let l4 = 14 + headerLength
        guard headerLength >= 20 else { return Self.mix([0x0800, proto, source, destination]) }
        switch proto {
        case 6 where frame.count >= l4 + 14:
            var sourcePort = Self.half(frame, l4), destinationPort = Self.half(frame, l4 + 2)
            let flags = UInt64(frame[l4 + 13]) & 0x17  // FIN, SYN, RST, ACK
            if flags & 0x12 == 0x02 { clients.insert(source << 16 | sourcePort) }
            if clients.contains(source << 16 | sourcePort) { sourcePort = 0 }
            if clients.contains(destination << 16 | destinationPort) { destinationPort = 0 }
            return Self.mix([proto, source, destination, flags, sourcePort, destinationPort])
        case 17 where frame.count >= l4 + 8:
            var sourcePort = Self.half(frame, l4), destinationPort = Self.half(frame, l4 + 2)
            if sourcePort >= 32768 && destinationPort < 32768 { sourcePort = 0 }
            if destinationPort >= 32768 && sourcePort < 32768 { destinationPort = 0 }
            return Self.mix([proto, source, destination, sourcePort, destinationPort])
        case 1 where frame.count >= l4 + 2:
            return Self.mix([proto, source, destination, UInt64(frame[l4]), UInt64(frame[l4 + 1])])
        default:
            return Self.mix([proto, source, destination])
        }
    }

    /// Four bytes at `offset`, big-endian.
    private static func word(_ frame: [UInt8], _ offset: Int) -> UInt64 {
        UInt64(frame[offset]) << 24 | UInt64(frame[offset + 1]) << 16 | UInt64(frame[offset + 2]) << 8
            | UInt64(frame[offset + 3])
    }

    /// Two bytes at `offset`, big-endian.
    private static func half(_ frame: [UInt8], _ offset: Int) -> UInt64 {
        UInt64(frame[offset]) << 8 | UInt64(frame[offset + 1])
    }

    /// Folds `values` into one well-mixed 64-bit key (SplitMix64's finaliser after each value).
    static func mix(_ values: [UInt64]) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3
        for value in values {
            hash = (hash ^ value) &* 0x9E37_79B9_7F4A_7C15
            hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
            hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
            hash ^= hash >> 31
        }
        return hash
    }
}
