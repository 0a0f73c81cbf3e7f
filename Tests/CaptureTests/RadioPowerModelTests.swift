import Foundation
import Testing
import Wire
@testable import CaptureFiles
@testable import CaptureAnalysis

@Suite("Radio active time (estimate)")
struct RadioPowerModelTests {
    static let ms: Int64 = 1_000_000
    /// Round figures, so the expected sums are easy to check by hand.
    static let model = RadioPowerModel(source: "test", promotion: 80 * ms, tail: 200 * ms)

    @Test("frames within a tail of each other are one burst: one promotion, then up to the last frame's tail")
    func overlappingTailsMerge() {
        let activity = Self.model.activity(frameTimes: [0, 50 * Self.ms, 150 * Self.ms, 300 * Self.ms])
        #expect(activity == RadioActivity(frames: 4, promotions: 1, activeNs: (80 + 300 + 200) * Self.ms))
    }

    @Test("a gap longer than the tail lets the radio idle: a second promotion, and the gap is not counted")
    func gapsDoNotMerge() {
        let activity = Self.model.activity(frameTimes: [0, 1_000 * Self.ms])
        #expect(activity == RadioActivity(frames: 2, promotions: 2, activeNs: 2 * (80 + 200) * Self.ms))
    }

    @Test("a frame exactly at the end of the tail keeps the radio up; order of the frames does not matter")
    func boundaryAndOrder() {
        let activity = Self.model.activity(frameTimes: [700 * Self.ms, 200 * Self.ms, 0, 2_000 * Self.ms])
        // [0, 200] and [200, 400] touch: one burst to 400; the radio idles from 400, so 700 and 2000 start bursts of their own.
        #expect(
            activity == RadioActivity(frames: 4, promotions: 3, activeNs: (80 + 400 + 80 + 200 + 80 + 200) * Self.ms)
        )
        #expect(Self.model.activity(frameTimes: []) == RadioActivity())
    }

    @Test("the published figures: Huang et al. 2012, Wi-Fi promotion 79.1 ms and tail 238.1 ms")
    func publishedFigures() {
        #expect(RadioPowerModel.huang2012WiFi.promotion == 79_100_000)
        #expect(RadioPowerModel.huang2012WiFi.tail == 238_100_000)
        #expect(RadioPowerModel.huang2012WiFi.activity(frameTimes: [5]).activeNs == 317_200_000)
    }

    @Test(
        "the scanner's radio wakes for its own frames, frames to it and group-addressed frames, not for unicast between others"
    )
    func scannerFramesOnly() {
        let scanner = SyntheticTraffic.scanner
        let (a, b) = (IPv4Address(198, 18, 0, 10), IPv4Address(198, 18, 0, 11))
        var traffic = SyntheticTraffic()
        traffic.udp(from: scanner, 40_000, to: a, 53, [])  // t = 0: sent by the scanner
        traffic.advance(ms: 1_000)
        traffic.udp(from: a, 53, to: scanner, 40_000, [])  // 1 s: to the scanner
        traffic.advance(ms: 1_000)
        traffic.arp(.request, sender: a, target: b)  // 2 s: broadcast ARP between others
        traffic.advance(ms: 1_000)
        traffic.udp(from: a, 5353, to: IPv4Address(224, 0, 0, 251), 5353, [])  // 3 s: IP multicast
        traffic.advance(ms: 1_000)
        traffic.udp(from: a, 9, to: b, 9, [])  // 4 s: unicast between others
        let analysis = WireAnalyzer.analyze(packets: traffic.packets, options: AnalysisOptions(scanner: scanner))
        let activity = analysis.radioActivity(model: Self.model)
        #expect(activity.frames == 4)
        #expect(activity.promotions == 4)
        #expect(activity.activeNs == 4 * (80 + 200) * Self.ms)
    }

    @Test(
        "the streamed estimate (frame times folded into 10 ms runs) equals the per-frame one, in any order, with or without a scanner, read from memory or from a file"
    )
    func runsMatchPerFrameTimes() throws {
        let scanner = SyntheticTraffic.scanner
        let others = [IPv4Address(198, 18, 0, 10), IPv4Address(198, 18, 0, 11), IPv4Address(224, 0, 0, 251)]
        let gapsMs: [Double] = [0.001, 1, 9.9, 10, 10.1, 150, 199, 201, 250]
        var traffic = SyntheticTraffic()
        var seed: UInt64 = 11
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % n
        }
        for i in 0..<3_000 {
            traffic.advance(ms: gapsMs[next(gapsMs.count)])
            let a = next(4) == 0 ? scanner : others[next(2)]
            let b = a == scanner ? others[next(3)] : (next(2) == 0 ? scanner : others[next(3)])
            if next(10) == 0 {
                traffic.arp(.request, sender: a, target: b)
            } else {
                traffic.udp(from: a, 9, to: b, 9, [])
            }
            if i % 97 == 0, traffic.packets.count > 2 {  // out of capture order now and then
                traffic.packets.swapAt(traffic.packets.count - 1, traffic.packets.count - 3)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("radio-runs-\(getpid()).pcap").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PcapFileWriter(path: path)
        for packet in traffic.packets { try writer.write(packet) }
        try writer.close()
        for given in [scanner, nil] {
            let options = AnalysisOptions(scanner: given)
            let inMemory = WireAnalyzer.analyze(packets: traffic.packets, options: options)
            let streamed = try WireAnalyzer.analyze(file: path, options: options)
            let records = try #require(inMemory.records)
            let times = records.compactMap { record -> Int64? in
                guard let s = inMemory.scanner?.value else { return record.timestamp }
                let group =
                    record.groupAddressed || IPv4Address(record.destination).isMulticast
                    || record.destination == UInt32.max
                return group || record.source == s || record.destination == s ? record.timestamp : nil
            }
            for tail in [10 * Self.ms, 200 * Self.ms, 238_100_000] {
                let model = RadioPowerModel(source: "test", promotion: 80 * Self.ms, tail: tail)
                let expected = model.activity(frameTimes: times)
                #expect(
                    inMemory.radioActivity(model: model) == expected,
                    "scanner \(String(describing: given)), tail \(tail)"
                )
                #expect(
                    streamed.radioActivity(model: model) == expected,
                    "file, scanner \(String(describing: given)), tail \(tail)"
                )
                #expect(expected.promotions > 1)
            }
            #expect(streamed.arpRequestsByTarget() == inMemory.arpRequestsByTarget())
            #expect(streamed.totals == inMemory.totals && streamed.fromScanner == inMemory.fromScanner)
        }
    }

    /// A phone's own traffic, then a scan: 1,100 bursts to a server 20 ms apart before the first
    /// probe, then 1,100 SYNs to one target, each answered by a RST.
    static func lateScanner() -> SyntheticTraffic {
        let scanner = SyntheticTraffic.scanner
        let (server, target) = (IPv4Address(198, 18, 1, 1), IPv4Address(198, 18, 0, 10))
        var traffic = SyntheticTraffic()
        for _ in 0..<1_100 {
            traffic.udp(from: scanner, 40_000, to: server, 443, [])
            traffic.advance(ms: 20)
        }
        for i in 0..<1_100 {
            traffic.tcp(from: scanner, UInt16(20_000 + i % 30_000), to: target, 80, seq: 1, flags: .syn)
            traffic.advance(ms: 0.5)
            traffic.tcp(
                from: target,
                80,
                to: scanner,
                UInt16(20_000 + i % 30_000),
                seq: 0,
                ack: 2,
                flags: [.rst, .ack]
            )
            traffic.advance(ms: 20)
        }
        return traffic
    }

    @Test(
        "a file's analysis keeps no runs for an address that only answers, and reads the scanner's again when it made a thousand bursts before its first probe"
    )
    func droppedRunsAreReadAgain() throws {
        let traffic = Self.lateScanner()
        let target = IPv4Address(198, 18, 0, 10).value
        var bounded = WireAnalyzer()
        bounded.dropsUnprovenRuns = true
        for packet in traffic.packets { bounded.add(packet) }
        let partial = bounded.finish()
        #expect(partial.scanner == SyntheticTraffic.scanner)
        #expect(bounded.addresses.value(of: target)?.tracksUnicast == false)
        #expect(bounded.addresses.value(of: target)?.unicast.count == 0)
        #expect(bounded.scannerWithDroppedRuns(in: partial) == SyntheticTraffic.scanner)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("late-scanner-\(getpid()).pcap").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try PcapFileWriter(path: path)
        for packet in traffic.packets { try writer.write(packet) }
        try writer.close()
        let inMemory = WireAnalyzer.analyze(packets: traffic.packets)
        let file = try WireAnalyzer.analyze(file: path)
        let captureFile = try WireAnalyzer.analyze(captureFile: path)
        for tail in [10 * Self.ms, 15 * Self.ms, 238_100_000] {
            let model = RadioPowerModel(source: "test", promotion: 80 * Self.ms, tail: tail)
            let expected = inMemory.radioActivity(model: model)
            #expect(expected.frames == 3_300)
            #expect(file.radioActivity(model: model) == expected, "tail \(tail)")
            #expect(captureFile.radioActivity(model: model) == expected, "tail \(tail)")
        }
        // Without the second read the estimate would have none of the scanner's frames.
        #expect(partial.radioActivity(model: .huang2012WiFi).frames == 0)
    }

    @Test("with the scanner given, only its unicast runs are kept")
    func givenScannerKeepsOnlyItsRuns() {
        var analyzer = WireAnalyzer(options: AnalysisOptions(scanner: SyntheticTraffic.scanner))
        for packet in Self.lateScanner().packets { analyzer.add(packet) }
        #expect(analyzer.addresses.value(of: IPv4Address(198, 18, 0, 10).value)?.unicast.count ?? 0 == 0)
        #expect(analyzer.addresses.value(of: IPv4Address(198, 18, 1, 1).value)?.unicast.count ?? 0 == 0)
        #expect(analyzer.addresses.value(of: SyntheticTraffic.scanner.value)?.unicast.count == 1_100 + 1_100)
    }

    @Test("Linux cooked captures say broadcast and multicast in their packet type")
    func cookedGroupAddresses() {
        let broadcast: [UInt8] = [0, 1] + [UInt8](repeating: 0, count: 14)
        let host: [UInt8] = [0, 0] + [UInt8](repeating: 0, count: 14)
        #expect(broadcast.withUnsafeBytes { LinkDecoder.isGroupAddressed($0, linkType: .linuxCooked) } == true)
        #expect(host.withUnsafeBytes { LinkDecoder.isGroupAddressed($0, linkType: .linuxCooked) } == false)
        var cooked2 = [UInt8](repeating: 0, count: 20)
        cooked2[10] = 2
        #expect(cooked2.withUnsafeBytes { LinkDecoder.isGroupAddressed($0, linkType: .linuxCooked2) } == true)
        #expect([UInt8]([0x45]).withUnsafeBytes { LinkDecoder.isGroupAddressed($0, linkType: .raw) } == nil)
    }
}
