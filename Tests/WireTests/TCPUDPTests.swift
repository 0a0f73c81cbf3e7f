import Testing
@testable import Wire

@Suite("TCP, UDP and the Internet checksum")
struct TCPUDPTests {
    let a = FrameFixtures.ipA, b = FrameFixtures.ipB

    @Test func decodesTCPSegment() throws {
        let bytes = PacketBuilder.tcp(
            source: a,
            destination: b,
            sourcePort: 40000,
            destinationPort: 80,
            sequence: 1,
            acknowledgment: 2,
            flags: [.syn, .ack],
            window: 512,
            payload: [0x41, 0x42]
        )
        let segment = try TCPSegment(decoding: bytes[...])
        #expect(segment.sourcePort == 40000 && segment.destinationPort == 80)
        #expect(segment.sequenceNumber == 1 && segment.acknowledgmentNumber == 2)
        #expect(segment.isSYNACK && !segment.isSYN)
        #expect(segment.window == 512)
        #expect(Array(segment.payload) == [0x41, 0x42])
        #expect(segment.flags.description == "S.")
        let pseudo = InternetChecksum.pseudoHeaderSum(source: a, destination: b, protocol: .tcp, length: bytes.count)
        #expect(InternetChecksum.compute(bytes, initial: pseudo) == 0)
    }

    @Test func tcpOptionsAndErrors() throws {
        var bytes = PacketBuilder.tcp(
            source: a,
            destination: b,
            sourcePort: 1,
            destinationPort: 2,
            sequence: 3,
            flags: .syn
        )
        bytes[12] = 6 << 4  // data offset 24: options expected
        #expect(throws: WireDecodingError.truncated(layer: .tcp, needed: 24, available: 20)) {
            try TCPSegment(decoding: bytes[...])
        }
        bytes += [2, 4, 5, 0xB4]
        let segment = try TCPSegment(decoding: bytes[...])
        #expect(Array(segment.options) == [2, 4, 5, 0xB4])
        #expect(segment.payload.isEmpty)
        bytes[12] = 4 << 4
        #expect(throws: WireDecodingError.malformed(layer: .tcp, reason: "data offset 16 is below 20")) {
            try TCPSegment(decoding: bytes[...])
        }
        for length in 0..<20 {
            #expect(throws: WireDecodingError.self) { try TCPSegment(decoding: bytes.prefix(length)) }
        }
    }

    @Test func decodesUDPAndChecksOwnLength() throws {
        let bytes = PacketBuilder.udp(
            source: a,
            destination: b,
            sourcePort: 5353,
            destinationPort: 5353,
            payload: [1, 2, 3]
        )
        let udp = try UDPDatagram(decoding: bytes[...])
        #expect(udp.length == 11)
        #expect(udp.involves(port: 5353))
        #expect(Array(udp.payload) == [1, 2, 3])
        #expect(throws: WireDecodingError.truncated(layer: .udp, needed: 11, available: 10)) {
            try UDPDatagram(decoding: bytes.prefix(10))
        }
        var tooShort = bytes; tooShort[5] = 4
        #expect(throws: WireDecodingError.malformed(layer: .udp, reason: "length 4 is below the 8-byte header")) {
            try UDPDatagram(decoding: tooShort[...])
        }
    }

    @Test func checksumMatchesRFC1071Example() {
        // RFC 1071 §3 example: 00 01 f2 03 f4 f5 f6 f7 sums to 0xddf2, checksum 0x220d.
        #expect(InternetChecksum.compute([0x00, 0x01, 0xF2, 0x03, 0xF4, 0xF5, 0xF6, 0xF7]) == 0x220D)
        #expect(InternetChecksum.compute([0xFF]) == 0x00FF)
        #expect(InternetChecksum.compute([UInt8]()) == 0xFFFF)
    }

    /// The word-at-a-time sum equals RFC 1071's definition (16-bit words, an odd last byte padded)
    /// for every length 0–67 and any bytes, whatever form the bytes come in.
    @Test func checksumOfEveryLengthIsTheSumOfItsWords() {
        var generator = RandomSource(seed: 1071)
        for length in 0..<68 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                var sum: UInt32 = 0x1_2345
                for i in stride(from: 0, to: length, by: 2) {
                    sum += UInt32(bytes[i]) << 8 | UInt32(i + 1 < length ? bytes[i + 1] : 0)
                }
                while sum >> 16 != 0 { sum = (sum & 0xFFFF) + (sum >> 16) }
                let expected = ~UInt16(sum)
                #expect(InternetChecksum.compute(bytes, initial: 0x1_2345) == expected)
                #expect(bytes.withUnsafeBytes { InternetChecksum.compute($0, initial: 0x1_2345) } == expected)
                #expect(InternetChecksum.compute(bytes.lazy.map { $0 }, initial: 0x1_2345) == expected)
            }
        }
    }
}
