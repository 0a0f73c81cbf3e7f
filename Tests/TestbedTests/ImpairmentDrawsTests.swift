import Testing
import Wire
@testable import Testbed

@Suite("Seeded impairments: draws keyed by what a frame is")
struct ImpairmentDrawsTests {
    static let scanner = IPv4Address(198, 18, 0, 50)
    static let phone = IPv4Address(198, 18, 0, 10)
    static let scannerMAC = MACAddress("02:00:00:00:00:32")!
    static let phoneMAC = MACAddress("02:00:00:00:00:0a")!

    static func frame(_ ip: [UInt8]) -> [UInt8] {
        PacketBuilder.ethernet(destination: phoneMAC, source: scannerMAC, type: .ipv4, payload: ip)
    }

    static func syn(from port: UInt16, to service: UInt16, sequence: UInt32 = 1) -> [UInt8] {
        frame(
            PacketBuilder.ipv4(
                source: scanner,
                destination: phone,
                protocol: .tcp,
                payload: PacketBuilder.tcp(
                    source: scanner,
                    destination: phone,
                    sourcePort: port,
                    destinationPort: service,
                    sequence: sequence,
                    flags: .syn
                )
            )
        )
    }

    static func synAck(from service: UInt16, to port: UInt16) -> [UInt8] {
        frame(
            PacketBuilder.ipv4(
                source: phone,
                destination: scanner,
                protocol: .tcp,
                payload: PacketBuilder.tcp(
                    source: phone,
                    destination: scanner,
                    sourcePort: service,
                    destinationPort: port,
                    sequence: 9,
                    acknowledgment: 2,
                    flags: [.syn, .ack]
                )
            )
        )
    }

    static func arpReply() -> [UInt8] {
        PacketBuilder.ethernet(
            destination: scannerMAC,
            source: phoneMAC,
            type: .arp,
            payload: PacketBuilder.arp(
                operation: .reply,
                senderMAC: phoneMAC,
                senderIP: phone,
                targetMAC: scannerMAC,
                targetIP: scanner
            )
        )
    }

    @Test("a connection's ephemeral port, sequence number and IP id do not change its identity; the service port does")
    func identityIgnoresWhatTheKernelPicks() {
        var identities = FrameIdentity()
        let first = identities.identity(of: Self.syn(from: 40001, to: 80, sequence: 1))
        let again = identities.identity(of: Self.syn(from: 51234, to: 80, sequence: 777))
        let other = identities.identity(of: Self.syn(from: 40002, to: 443))
        #expect(first == again)
        #expect(first != other)
        // The answer to a SYN from an ephemeral port in the range services also use (49152):
        // the client side is learned from its SYN, so the service port still tells them apart.
        _ = identities.identity(of: Self.syn(from: 49999, to: 49152))
        _ = identities.identity(of: Self.syn(from: 50001, to: 49153))
        #expect(
            identities.identity(of: Self.synAck(from: 49152, to: 49999))
                != identities.identity(of: Self.synAck(from: 49153, to: 50001))
        )
        #expect(
            identities.identity(of: Self.synAck(from: 80, to: 40001))
                == identities.identity(of: Self.synAck(from: 80, to: 51234))
        )
    }

    @Test("the Nth ARP reply of a sleepy phone gets the same draw however other flows interleave with it")
    func drawsDoNotDependOnInterleaving() {
        var identities = FrameIdentity()
        let reply = identities.identity(of: Self.arpReply())
        let noise = (0..<50).map { identities.identity(of: Self.syn(from: UInt16(40000 + $0), to: UInt16(1 + $0))) }

        func replyDraws(interleaving: Int, seed: UInt64) -> [Double] {
            var draws = ImpairmentDraws(seed: seed, port: 3, direction: .uplink)
            var values: [Double] = []
            for round in 0..<6 {
                for index in 0..<(round * interleaving % 7) {
                    _ = draws.generator(for: noise[(round + index) % noise.count])
                }
                var generator = draws.generator(for: reply)
                values.append(generator.unit())
            }
            return values
        }

        let alone = replyDraws(interleaving: 0, seed: 42)
        #expect(replyDraws(interleaving: 3, seed: 42) == alone)
        #expect(replyDraws(interleaving: 5, seed: 42) == alone)
        #expect(Set(alone).count == alone.count, "successive replies get different draws")
        #expect(replyDraws(interleaving: 0, seed: 43) != alone, "another seed draws differently")
    }

    @Test("keyed draws keep the configured rate: 60 % of 10,000 distinct replies delivered within sampling error")
    func keyedDrawsKeepTheRate() {
        var identities = FrameIdentity()
        var draws = ImpairmentDraws(seed: 7, port: 1, direction: .uplink)
        let reply = identities.identity(of: Self.arpReply())
        var delivered = 0
        for _ in 0..<10_000 {
            var generator = draws.generator(for: reply)
            if generator.unit() < 0.6 { delivered += 1 }
        }
        // Binomial(10,000, 0.6): σ ≈ 49; ±4σ.
        #expect(abs(delivered - 6_000) < 200)
    }
}
