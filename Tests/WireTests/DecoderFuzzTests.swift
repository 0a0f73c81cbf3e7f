import Testing
@testable import Wire

/// Feeds random and mutated frames to every decoder: none may trap. The suite runs a small
/// count; set SCANBENCH_FUZZ_COUNT (e.g. 1000000) for the full run.
@Suite("Decoder fuzzing")
struct DecoderFuzzTests {
    /// xorshift64*: deterministic, so a failure is reproducible from the seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2685821657736338717
        }
    }

    static var seeds: [[UInt8]] {
        let a = FrameFixtures.ipA, b = FrameFixtures.ipB
        let syn = PacketBuilder.ipv4(
            source: a,
            destination: b,
            protocol: .tcp,
            payload:
                PacketBuilder.tcp(
                    source: a,
                    destination: b,
                    sourcePort: 1,
                    destinationPort: 2,
                    sequence: 3,
                    flags: .syn
                )
        )
        return [
            FrameFixtures.tcpFrame(flags: .syn),
            FrameFixtures.tcpFrame(flags: [.psh, .ack], payload: Array("hello".utf8)),
            FrameFixtures.udpFrame(
                sourcePort: 1900,
                destinationPort: 1900,
                payload: Array("M-SEARCH * HTTP/1.1\r\nST: a\r\n\r\n".utf8)
            ),
            FrameFixtures.udpFrame(
                sourcePort: 5353,
                destinationPort: 5353,
                payload: [0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0]
            ),
            PacketBuilder.ethernet(
                destination: .broadcast,
                source: FrameFixtures.macA,
                type: .arp,
                payload:
                    PacketBuilder.arp(
                        operation: .request,
                        senderMAC: FrameFixtures.macA,
                        senderIP: a,
                        targetMAC: .zero,
                        targetIP: b
                    )
            ),
            PacketBuilder.ethernet(
                destination: FrameFixtures.macA,
                source: FrameFixtures.macB,
                type: .ipv4,
                payload:
                    PacketBuilder.ipv4(
                        source: b,
                        destination: a,
                        protocol: .icmp,
                        payload: PacketBuilder.icmpError(type: 3, code: 3, quoting: syn)
                    )
            ),
        ]
    }

    /// Decodes a frame through every layer the way the analyzer does; returns how deep it got.
    @discardableResult
    static func decodeAll(_ bytes: [UInt8]) -> Int {
        guard let frame = try? EthernetFrame(decoding: bytes) else { return 0 }
        if frame.etherType == .arp { _ = try? ARPPacket(decoding: frame.payload); return 1 }
        guard let ip = try? IPv4Packet(decoding: frame.payload) else { return 1 }
        switch ip.protocol {
        case .tcp: _ = try? TCPSegment(decoding: ip.payload)
        case .icmp: _ = (try? ICMPMessage(decoding: ip.payload))?.quoted
        default:
            if let udp = try? UDPDatagram(decoding: ip.payload) {
                _ = try? SSDPMessage(decoding: udp.payload)
                _ = try? DNSMessage(bytes: udp.payload)
            }
        }
        _ = try? ICMPQuotedDatagram(decoding: ip.payload)
        return 2
    }

    @Test func randomAndMutatedFramesNeverTrap() {
        let count = Int(Self.environment("SCANBENCH_FUZZ_COUNT") ?? "") ?? 20_000
        var rng = Generator(state: 0x5CA9_BE9C_0000_0001)
        let seeds = Self.seeds
        var decodedDeep = 0
        for i in 0..<count {
            var bytes: [UInt8]
            if i % 4 == 0 {
                bytes = (0..<Int.random(in: 0...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                bytes = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
                for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                    case 1: bytes.removeLast(Int.random(in: 0...bytes.count, using: &rng))
                    default:
                        bytes.insert(
                            UInt8.random(in: 0...255, using: &rng),
                            at: Int.random(in: 0...bytes.count, using: &rng)
                        )
                    }
                }
            }
            if Self.decodeAll(bytes) == 2 { decodedDeep += 1 }
        }
        // Mutations keep most seeds decodable to the IP layer, so the deep paths were exercised.
        #expect(decodedDeep > count / 4)
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}

#if canImport(Glibc)
import Glibc
#endif
