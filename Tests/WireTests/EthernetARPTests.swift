import Testing
@testable import Wire

@Suite("Ethernet and ARP")
struct EthernetARPTests {
    @Test func decodesEthernetHeader() throws {
        let frame = try EthernetFrame(decoding: FrameFixtures.tcpFrame(flags: .syn))
        #expect(frame.destination == FrameFixtures.macB)
        #expect(frame.source == FrameFixtures.macA)
        #expect(frame.etherType == .ipv4)
        #expect(frame.payload.count == 40)
        #expect(frame.vlanTags.isEmpty)
    }

    @Test func skipsVLANTag() throws {
        var bytes = FrameFixtures.macB.array + FrameFixtures.macA.array
        bytes += [0x81, 0x00, 0x00, 0x2A, 0x08, 0x06]
        bytes += PacketBuilder.arp(
            operation: .request,
            senderMAC: FrameFixtures.macA,
            senderIP: FrameFixtures.ipA,
            targetMAC: .zero,
            targetIP: FrameFixtures.ipB
        )
        let frame = try EthernetFrame(decoding: bytes)
        #expect(frame.vlanTags == [42])
        #expect(frame.etherType == .arp)
        let arp = try ARPPacket(decoding: frame.payload)
        #expect(arp.operation == .request)
        #expect(arp.targetIP == FrameFixtures.ipB)
    }

    @Test(arguments: [0, 1, 6, 13])
    func truncatedEthernetIsAnError(length: Int) {
        let bytes = Array(FrameFixtures.tcpFrame(flags: .syn).prefix(length))
        #expect(throws: WireDecodingError.truncated(layer: .ethernet, needed: 14, available: length)) {
            try EthernetFrame(decoding: bytes)
        }
    }

    @Test func decodesARPReply() throws {
        let bytes = PacketBuilder.arp(
            operation: .reply,
            senderMAC: FrameFixtures.macB,
            senderIP: FrameFixtures.ipB,
            targetMAC: FrameFixtures.macA,
            targetIP: FrameFixtures.ipA
        )
        let arp = try ARPPacket(decoding: bytes[...])
        #expect(arp.operation == .reply)
        #expect(arp.senderMAC == FrameFixtures.macB)
        #expect(arp.senderIP == FrameFixtures.ipB)
        #expect(arp.targetMAC == FrameFixtures.macA)
        #expect(arp.targetIP == FrameFixtures.ipA)
        #expect(!arp.isGratuitous)
    }

    @Test func truncatedAndForeignARPAreErrors() {
        let bytes = PacketBuilder.arp(
            operation: .request,
            senderMAC: FrameFixtures.macA,
            senderIP: FrameFixtures.ipA,
            targetMAC: .zero,
            targetIP: FrameFixtures.ipB
        )
        #expect(throws: WireDecodingError.truncated(layer: .arp, needed: 28, available: 27)) {
            try ARPPacket(decoding: bytes.prefix(27))
        }
        var foreign = bytes
        foreign[1] = 6  // hardware type IEEE 802
        #expect(throws: WireDecodingError.self) { try ARPPacket(decoding: foreign[...]) }
    }
}
