import Foundation
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

/// Our pcapng reader on files built block by block: byte orders, mixed link types, process
/// information in each form iPhone routes write it, and damaged or hostile input.
@Suite("pcapng reader, PKTAP and --process")
struct PcapngReaderTests {
    static let netMonitor = PacketProcess(pid: 412, name: "NetMonitor")!
    static let mdns = PacketProcess(pid: 97, name: "mDNSResponder")!

    static func write(_ bytes: [UInt8]) throws -> String {
        let path = PcapFileTests.temporaryPath(".pcapng")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func read(_ path: String) throws -> [(CapturedPacket, LinkType, PacketProcess?)] {
        var out: [(CapturedPacket, LinkType, PacketProcess?)] = []
        try CaptureFile(path: path).forEach(wantsProcess: true) { record in
            out.append(
                (
                    CapturedPacket(
                        timestamp: record.timestamp,
                        originalLength: record.originalLength,
                        data: Array(record.bytes)
                    ), record.linkType, record.process
                )
            )
        }
        return out
    }

    @Test(arguments: [false, true])
    func bothByteOrdersAndMixedLinkTypesRoundTrip(bigEndian: Bool) throws {
        let packets = PcapFileTests.samplePackets()
        var builder = PcapngBuilder(bigEndian: bigEndian, application: "test")
        let ethernet = builder.addInterface(linkType: 1, name: "en0")
        let raw = builder.addInterface(linkType: 101, name: "pdp_ip0", nanosecondTimestamps: false)
        builder.addBlock(type: 4, body: [0, 0, 0, 0])  // name resolution: skipped
        builder.addPacket(interface: ethernet, timestamp: packets[0].timestamp, data: packets[0].data)
        let ip = LinkEncapsulation.rawIP(packets[1].data)!
        builder.addPacket(interface: raw, timestamp: packets[1].timestamp, nanosecondUnits: false, data: ip)
        builder.addBlock(type: 5, body: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])  // statistics: skipped
        builder.addPacket(
            interface: ethernet,
            timestamp: packets[2].timestamp,
            data: packets[2].data,
            originalLength: 1500
        )
        let path = try Self.write(builder.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let read = try Self.read(path)
        #expect(read.map(\.1) == [.ethernet, .raw, .ethernet])
        #expect(read[0].0 == packets[0])
        #expect(read[1].0.data == ip && read[1].0.timestamp == packets[1].timestamp / 1000 * 1000)  // µs units
        #expect(read[2].0.originalLength == 1500)
        #expect(read.allSatisfy { $0.2 == nil })
        // The analyzer follows the link type per packet: the SYN, SYN/ACK and ARP all decode.
        let analysis = try WireAnalyzer.analyze(captureFile: path)
        #expect(analysis.totals.tcpSyn == 1 && analysis.totals.tcpSynAck == 1 && analysis.totals.arpRequests == 1)
        #expect(analysis.captureFile?.linkTypes == ["Ethernet", "raw IP"])
        #expect(analysis.captureFile?.damage == nil)
    }

    @Test func processesFromAppleBlocksPymobiledeviceCommentsAndPKTAP() throws {
        let packets = PcapFileTests.samplePackets()
        var apple = PcapngBuilder()
        let en0 = apple.addInterface(linkType: 1)
        let first = apple.addProcess(Self.mdns)
        let second = apple.addProcess(Self.netMonitor)
        apple.addPacket(interface: en0, timestamp: packets[0].timestamp, data: packets[0].data, processIndex: second)
        apple.addPacket(interface: en0, timestamp: packets[1].timestamp, data: packets[1].data, processIndex: first)
        apple.addPacket(interface: en0, timestamp: packets[2].timestamp, data: packets[2].data)

        var pmd3 = PcapngBuilder(application: "pymobiledevice3")
        let fake = pmd3.addInterface(linkType: 1, nanosecondTimestamps: false)
        for (packet, owner) in zip(packets, [Self.netMonitor, Self.mdns, Self.netMonitor]) {
            pmd3.addPacket(
                interface: fake,
                timestamp: packet.timestamp,
                nanosecondUnits: false,
                data: packet.data,
                comment: owner.pymobiledevice3Comment
            )
        }

        var pktap = PcapngBuilder()
        let tap = pktap.addInterface(linkType: 258)
        for (packet, owner) in zip(packets, [Self.netMonitor, Self.mdns, nil]) {
            pktap.addPacket(
                interface: tap,
                timestamp: packet.timestamp,
                data: LinkEncapsulation.pktap(packet.data, process: owner, outbound: true)
            )
        }

        let expected: [[PacketProcess?]] = [
            [Self.netMonitor, Self.mdns, nil], [Self.netMonitor, Self.mdns, Self.netMonitor],
            [Self.netMonitor, Self.mdns, nil],
        ]
        for (bytes, owners) in zip([apple.bytes, pmd3.bytes, pktap.bytes], expected) {
            let path = try Self.write(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try Self.read(path).map(\.2) == owners)
            let only = try WireAnalyzer.analyze(captureFile: path, process: "netmonitor")  // case-insensitive
            let filter = try #require(only.captureFile?.processFilter)
            #expect(filter.matched == owners.filter { $0 == Self.netMonitor }.count)
            #expect(filter.otherProcesses == ["mDNSResponder": 1])
            #expect(filter.withoutProcess == owners.filter { $0 == nil }.count)
            #expect(only.totals.packets == filter.matched && only.totals.tcpSyn == 1)
        }
    }

    @Test func pktapDecodesItsInnerFrameUnderBothNumbers() throws {
        #expect(LinkType(dlt: 149) == .pktap && LinkType(dlt: 258) == .pktap)
        let packets = PcapFileTests.samplePackets()
        let wrapped = packets.map {
            CapturedPacket(
                timestamp: $0.timestamp,
                originalLength: $0.originalLength + 156,
                data: LinkEncapsulation.pktap($0.data, process: Self.netMonitor, outbound: true)
            )
        }
        let analysis = WireAnalyzer.analyze(packets: wrapped, linkType: .pktap)
        #expect(analysis.totals.tcpSyn == 1 && analysis.totals.tcpSynAck == 1 && analysis.totals.arpRequests == 1)
        #expect(analysis.totals.malformed == 0)
        let header = try #require(wrapped[0].data.withUnsafeBytes { PKTAPHeader($0) })
        #expect(header.length == 156 && header.innerLinkType == .ethernet && header.process == Self.netMonitor)
        // A header whose length points past the frame is malformed at the link layer, not a crash.
        var bogus = wrapped[0].data
        bogus[1] = 0x10
        let bad = WireAnalyzer.analyze(
            packets: [CapturedPacket(timestamp: 1, originalLength: bogus.count, data: bogus)],
            linkType: .pktap
        )
        #expect(bad.totals.malformedByLayer == ["link": 1])
    }

    @Test func damageStopsTheWalkAndWhatCameBeforeIsAnalysed() throws {
        let packets = PcapFileTests.samplePackets()
        var builder = PcapngBuilder()
        let en0 = builder.addInterface(linkType: 1)
        for packet in packets { builder.addPacket(interface: en0, timestamp: packet.timestamp, data: packet.data) }
        let whole = builder.bytes
        let lastBlock = whole.count - (12 + 20 + (packets[2].data.count + 3) / 4 * 4)

        // Cut inside the last block: two packets analysed, the damage named with its offset.
        let cut = try Self.write(Array(whole.dropLast(7)))
        defer { try? FileManager.default.removeItem(atPath: cut) }
        let analysis = try WireAnalyzer.analyze(captureFile: cut)
        #expect(analysis.totals.packets == 2 && analysis.captureFile?.packetsRead == 2)
        let damage = try #require(analysis.captureFile?.damage)
        #expect(damage.contains("at byte \(lastBlock)") && damage.contains("enhanced packet"))

        // A hostile length (4 GiB) is refused without allocating it.
        var hostile = whole
        hostile.replaceSubrange((lastBlock + 4)..<(lastBlock + 8), with: [0xFC, 0xFF, 0xFF, 0xFF])
        let hostilePath = try Self.write(hostile)
        defer { try? FileManager.default.removeItem(atPath: hostilePath) }
        let error = #expect(throws: CaptureError.self) { try CaptureFile(path: hostilePath).forEach { _ in } }
        #expect(error?.description.contains("block length 4294967292") == true)

        // A packet on an interface never described, and a captured length past the block.
        var orphan = PcapngBuilder()
        orphan.addPacket(interface: 3, timestamp: 1, data: packets[0].data)
        let orphanPath = try Self.write(orphan.bytes)
        defer { try? FileManager.default.removeItem(atPath: orphanPath) }
        let orphanError = #expect(throws: CaptureError.self) { try CaptureFile(path: orphanPath).forEach { _ in } }
        #expect(orphanError?.description.contains("interface 3") == true)
        var long = whole
        long[lastBlock + 8 + 12] = 0xFF  // captured length low byte
        let longPath = try Self.write(long)
        defer { try? FileManager.default.removeItem(atPath: longPath) }
        #expect(
            try WireAnalyzer.analyze(captureFile: longPath).captureFile?.damage?.contains("captured length") == true
        )
    }

    @Test func unknownLinkTypeAndMissingProcessInformationAreClearErrors() throws {
        var builder = PcapngBuilder()
        _ = builder.addInterface(linkType: 1)
        _ = builder.addInterface(linkType: 147)
        let path = try Self.write(builder.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: CaptureError.self) { try WireAnalyzer.analyze(captureFile: path) }
        #expect(error == .unsupportedLinkType(path: path, linkType: 147, interface: 1))
        #expect(
            error?.description.contains("link type 147") == true && error?.description.contains("PKTAP (258") == true
        )

        let pcap = PcapFileTests.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: pcap) }
        let writer = try PcapFileWriter(path: pcap, linkType: .other(147))
        try writer.close()
        #expect(throws: CaptureError.unsupportedLinkType(path: pcap, linkType: 147, interface: nil)) {
            try WireAnalyzer.analyze(captureFile: pcap)
        }

        let plain = PcapFileTests.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let ethernet = try PcapFileWriter(path: plain)
        for packet in PcapFileTests.samplePackets() { try ethernet.write(packet) }
        try ethernet.close()
        let noProcess = #expect(throws: CaptureError.self) {
            try WireAnalyzer.analyze(captureFile: plain, process: "NetMonitor")
        }
        #expect(noProcess == .noProcessInformation(path: plain))
        #expect(noProcess?.description.contains("pymobiledevice3") == true)
    }

    @Test func pymobiledeviceCommentParsing() {
        let parsed = PacketProcess(
            pymobiledevice3Comment: "PID: 412, ProcName: NetMonitor, EPID: 412, EProcName: NetMonitor, SVC: 0"
        )
        #expect(parsed == Self.netMonitor)
        #expect(PacketProcess(pymobiledevice3Comment: "captured on en0") == nil)
        #expect(PacketProcess(pymobiledevice3Comment: "PID: x, ProcName: a") == nil)
        #expect(PacketProcess(pymobiledevice3Comment: "PID: 0, ProcName: , EPID: 0") == nil)
    }
}

extension PcapngReaderTests {
    @Test func pymobiledeviceFakeEthernetHeaderOnIPv6IsIPv6() {
        let fake = MACAddress("be:ef:be:ef:be:ef")!
        let ipv6: [UInt8] = [0x60] + [UInt8](repeating: 0, count: 39)
        let frame = PacketBuilder.ethernet(destination: fake, source: fake, type: .ipv4, payload: ipv6)
        let analysis = WireAnalyzer.analyze(packets: [
            CapturedPacket(timestamp: 1, originalLength: frame.count, data: frame)
        ])
        #expect(analysis.totals.ipv6 == 1 && analysis.totals.malformed == 0)
    }
}

extension PcapngReaderTests {
    @Test func simpleAndObsoletePacketBlocksAndPKTAPVersion2() throws {
        let packets = PcapFileTests.samplePackets()
        var builder = PcapngBuilder()
        _ = builder.addInterface(linkType: 1)
        builder.addPacket(interface: 0, timestamp: packets[0].timestamp, data: packets[0].data)
        // Simple packet block: original length, data; it takes the previous packet's time.
        builder.addBlock(
            type: 3,
            body: [UInt8](repeating: 0, count: 4).enumerated().map { i, _ in
                UInt8(truncatingIfNeeded: packets[1].data.count >> (8 * i))
            } + packets[1].data
        )
        // Obsolete packet block: u16 interface, u16 drops, timestamp, lengths, data.
        let units = UInt64(packets[2].timestamp)
        var obsolete: [UInt8] = [0, 0, 0, 0]
        for value in [
            UInt32(units >> 32), UInt32(truncatingIfNeeded: units), UInt32(packets[2].data.count),
            UInt32(packets[2].data.count),
        ] {
            withUnsafeBytes(of: value.littleEndian) { obsolete += $0 }
        }
        builder.addBlock(type: 2, body: obsolete + packets[2].data)
        let path = try Self.write(builder.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try Self.read(path)
        #expect(read.map(\.0.data) == packets.map(\.data))
        #expect(read.map(\.0.timestamp) == [packets[0].timestamp, packets[0].timestamp, packets[2].timestamp])

        // PKTAP v2 (flag 0x80000): one-byte length, DLT u16 at 6, the name at its offset.
        var v2 = [UInt8](repeating: 0, count: 52)
        v2[0] = 52; v2[4] = 40; v2[6] = 1
        v2[28] = 0x9C; v2[29] = 0x01  // pid 412
        v2[38] = 0x08  // flags 0x80000
        for (i, byte) in "NetMonitor".utf8.enumerated() { v2[40 + i] = byte }
        let header = try #require((v2 + packets[0].data).withUnsafeBytes { PKTAPHeader($0) })
        #expect(header.length == 52 && header.innerLinkType == .ethernet && header.process == Self.netMonitor)
        let analysis = WireAnalyzer.analyze(
            packets: [CapturedPacket(timestamp: 1, originalLength: 0, data: v2 + packets[0].data)],
            linkType: .pktap
        )
        #expect(analysis.totals.tcpSyn == 1)
    }

    /// Random damage to a valid file: every outcome is packets, a typed error, or both — never a
    /// crash or a hang. (The long run is the fuzz script's job; this is the quick guard.)
    @Test func mutatedFilesNeverCrash() throws {
        let packets = PcapFileTests.samplePackets()
        var builder = PcapngBuilder()
        let en0 = builder.addInterface(linkType: 1)
        let pib = builder.addProcess(Self.netMonitor)
        for packet in packets {
            builder.addPacket(
                interface: en0,
                timestamp: packet.timestamp,
                data: packet.data,
                comment: Self.netMonitor.pymobiledevice3Comment,
                processIndex: pib
            )
        }
        let outcomes = try MutatedCaptureFiles.analyze(
            builder.bytes,
            suffix: ".pcapng",
            seed: 0x5CA7_BE7C,
            process: "NetMonitor"
        )
        #expect(outcomes.sawEach, "\(outcomes)")
    }
}
