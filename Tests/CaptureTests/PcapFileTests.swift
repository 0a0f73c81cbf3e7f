import Foundation
import Spawn
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

@Suite("pcap files")
struct PcapFileTests {
    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("scanbench-\(UUID().uuidString)\(suffix)").path
    }

    static func samplePackets() -> [CapturedPacket] {
        var traffic = SyntheticTraffic()
        let target = IPv4Address(198, 18, 0, 7)
        traffic.tcp(from: SyntheticTraffic.scanner, 40000, to: target, 22, seq: 1, flags: .syn)
        traffic.now += 123_456_789  // an odd nanosecond count survives the round trip
        traffic.tcp(from: target, 22, to: SyntheticTraffic.scanner, 40000, seq: 9, ack: 2, flags: [.syn, .ack])
        traffic.now += 1
        traffic.arp(.request, sender: SyntheticTraffic.scanner, target: target)
        return traffic.packets
    }

    @Test func writesNanosecondPcapAndReadsItBack() throws {
        let path = Self.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let packets = Self.samplePackets()
        let writer = try PcapFileWriter(path: path)
        for packet in packets { try writer.write(packet) }
        try writer.close()
        let header = try Array(Data(contentsOf: URL(fileURLWithPath: path)).prefix(4))
        #expect(header == [0x4D, 0x3C, 0xB2, 0xA1])  // nanosecond magic, little-endian
        let reader = try PcapFileReader(path: path)
        #expect(reader.linkType == .ethernet)
        #expect(try reader.readAll() == packets)
    }

    @Test func snapLengthCutIsKeptAsOriginalLength() throws {
        let path = Self.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var packet = Self.samplePackets()[0]
        packet.originalLength = 1500
        let writer = try PcapFileWriter(path: path)
        try writer.write(packet)
        try writer.close()
        let read = try PcapFileReader(path: path).readAll()
        #expect(read.first?.originalLength == 1500)
        #expect(read.first?.data == packet.data)
    }

    @Test func missingOrBogusFileIsAnActionableError() throws {
        #expect(throws: CaptureError.self) { try PcapFileReader(path: "/nonexistent/scanbench.pcap") }
        let path = Self.temporaryPath(".pcap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("not a capture".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: CaptureError.self) { try PcapFileReader(path: path) }
        #expect(error?.description.contains(path) == true)
    }

    @Test(.enabled(if: (try? ExecutableSearch.locate("tshark")) != nil))
    func tsharkOpensOurFileAndWeReadItsPcapng() throws {
        let path = Self.temporaryPath(".pcap")
        let pcapng = Self.temporaryPath(".pcapng")
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: pcapng)
        }
        let packets = Self.samplePackets()
        let writer = try PcapFileWriter(path: path)
        for packet in packets { try writer.write(packet) }
        try writer.close()
        let times = try ChildProcess.run(["tshark", "-r", path, "-T", "fields", "-e", "frame.time_epoch"], timeout: 60)
        #expect(times.status == 0)
        let epochs = times.stdout.split(separator: "\n").map(String.init)
        #expect(epochs.count == 3)
        #expect(epochs.first?.hasSuffix(".000000000") == true)
        #expect(epochs.dropFirst().first?.hasSuffix(".123456789") == true)
        let convert = try ChildProcess.run(["tshark", "-r", path, "-F", "pcapng", "-w", pcapng], timeout: 60)
        #expect(convert.status == 0)
        let reread = try PcapFileReader(path: pcapng).readAll()
        #expect(reread == packets)
    }
}
