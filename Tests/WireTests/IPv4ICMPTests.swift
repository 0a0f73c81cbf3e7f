import Testing
@testable import Wire

@Suite("IPv4 and ICMP")
struct IPv4ICMPTests {
    let a = FrameFixtures.ipA, b = FrameFixtures.ipB

    @Test func decodesIPv4HeaderAndCutsPadding() throws {
        var packet = PacketBuilder.ipv4(
            source: a,
            destination: b,
            protocol: .udp,
            payload: [1, 2, 3, 4],
            ttl: 7,
            identification: 99
        )
        packet += [0, 0, 0, 0, 0, 0]  // Ethernet padding
        let ip = try IPv4Packet(decoding: packet[...])
        #expect(ip.source == a && ip.destination == b)
        #expect(ip.protocol == .udp)
        #expect(ip.timeToLive == 7)
        #expect(ip.identification == 99)
        #expect(ip.dontFragment && !ip.isFragment)
        #expect(ip.totalLength == 24)
        #expect(Array(ip.payload) == [1, 2, 3, 4])
        #expect(ip.isHeaderChecksumValid)
        #expect(!ip.isTruncated)
    }

    @Test func detectsBadChecksumAndShortCapture() throws {
        var packet = PacketBuilder.ipv4(
            source: a,
            destination: b,
            protocol: .tcp,
            payload: Array(repeating: 0, count: 30)
        )
        packet[8] = 1  // TTL changed, checksum now wrong
        let ip = try IPv4Packet(decoding: packet.prefix(30))
        #expect(!ip.isHeaderChecksumValid)
        #expect(ip.isTruncated)
        #expect(ip.payload.count == 10)
    }

    @Test func rejectsMalformedHeaders() {
        let good = PacketBuilder.ipv4(source: a, destination: b, protocol: .tcp, payload: [])
        var v6 = good; v6[0] = 0x65
        #expect(throws: WireDecodingError.malformed(layer: .ipv4, reason: "version 6, expected 4")) {
            try IPv4Packet(decoding: v6[...])
        }
        var shortIHL = good; shortIHL[0] = 0x44
        #expect(throws: WireDecodingError.self) { try IPv4Packet(decoding: shortIHL[...]) }
        var shortTotal = good; shortTotal[3] = 10
        #expect(throws: WireDecodingError.self) { try IPv4Packet(decoding: shortTotal[...]) }
        var longIHL = good; longIHL[0] = 0x4F
        #expect(throws: WireDecodingError.truncated(layer: .ipv4, needed: 60, available: 20)) {
            try IPv4Packet(decoding: longIHL[...])
        }
        for length in 0..<20 {
            #expect(throws: WireDecodingError.self) { try IPv4Packet(decoding: good.prefix(length)) }
        }
    }

    @Test func decodesEchoRequestAndReply() throws {
        let request = try ICMPMessage(
            decoding: PacketBuilder.icmpEcho(reply: false, identifier: 0x1234, sequence: 7, data: [9, 9])[...]
        )
        #expect(request.kind == .echoRequest(identifier: 0x1234, sequence: 7))
        #expect(request.isChecksumValid)
        #expect(Array(request.body) == [9, 9])
        let reply = try ICMPMessage(decoding: PacketBuilder.icmpEcho(reply: true, identifier: 0x1234, sequence: 7)[...])
        #expect(reply.kind == .echoReply(identifier: 0x1234, sequence: 7))
    }

    @Test func decodesUnreachableWithQuotedTCPHeader() throws {
        let syn = PacketBuilder.ipv4(
            source: a,
            destination: b,
            protocol: .tcp,
            payload:
                PacketBuilder.tcp(
                    source: a,
                    destination: b,
                    sourcePort: 40001,
                    destinationPort: 443,
                    sequence: 0xDEADBEEF,
                    flags: .syn
                )
        )
        let message = try ICMPMessage(decoding: PacketBuilder.icmpError(type: 3, code: 13, quoting: syn)[...])
        guard case .destinationUnreachable(let code, let quoted?) = message.kind else {
            Issue.record("expected an unreachable with a quote, got \(message.kind)"); return
        }
        #expect(code == 13)
        #expect(quoted.source == a && quoted.destination == b)
        #expect(quoted.protocol == .tcp)
        #expect(quoted.sourcePort == 40001 && quoted.destinationPort == 443)
        #expect(quoted.tcpSequenceNumber == 0xDEADBEEF)
        #expect(message.isChecksumValid)
    }

    @Test func decodesTimeExceededQuotingEcho() throws {
        let echo = PacketBuilder.ipv4(
            source: a,
            destination: b,
            protocol: .icmp,
            payload:
                PacketBuilder.icmpEcho(reply: false, identifier: 5, sequence: 6)
        )
        let message = try ICMPMessage(decoding: PacketBuilder.icmpError(type: 11, code: 0, quoting: echo)[...])
        guard case .timeExceeded(0, let quoted?) = message.kind else {
            Issue.record("expected time exceeded, got \(message.kind)"); return
        }
        #expect(quoted.echoIdentifier == 5 && quoted.echoSequence == 6)
        #expect(quoted.sourcePort == nil)
    }

    @Test func shortQuoteLeavesQuotedNilAndShortHeaderThrows() throws {
        let message = try ICMPMessage(decoding: [3, 1, 0, 0, 0, 0, 0, 0, 0x45, 0][...])
        #expect(message.kind == .destinationUnreachable(code: 1, quoted: nil))
        for length in 0..<8 {
            #expect(throws: WireDecodingError.truncated(layer: .icmp, needed: 8, available: length)) {
                try ICMPMessage(decoding: [UInt8](repeating: 8, count: length)[...])
            }
        }
        let other = try ICMPMessage(decoding: [13, 0, 0, 0, 0, 0, 0, 0][...])
        #expect(other.kind == .other(type: 13, code: 0))
    }
}
