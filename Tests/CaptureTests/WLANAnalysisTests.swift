import Foundation
import Spawn
import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

@Suite("802.11 captures: radio headers, stations, airtime")
struct WLANAnalysisTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path
    static let realCaptures = ["radiotap-exthdr.pcap", "radiotap-htc-ip.pcap", "radiotap-ht-stbc.pcap"]
    static let hasTshark = (try? ExecutableSearch.locate("tshark")) != nil

    /// tshark's frames and bytes (`frame.len`) per `wlan.ta`; "none" for frames without one.
    static func tsharkStations(_ path: String) throws -> [String: (frames: Int, bytes: Int)] {
        let out = try ChildProcess.run(
            ["tshark", "-r", path, "-T", "fields", "-e", "wlan.ta", "-e", "frame.len"],
            timeout: 60
        )
        #expect(out.status == 0, "\(out.stderr)")
        var table: [String: (frames: Int, bytes: Int)] = [:]
        for line in out.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let key = fields[0].isEmpty ? "none" : String(fields[0])
            table[key, default: (0, 0)].frames += 1
            table[key, default: (0, 0)].bytes += Int(fields[1]) ?? 0
        }
        return table
    }

    static func ours(_ analysis: WireAnalysis) -> [String: (frames: Int, bytes: Int)] {
        guard let wlan = analysis.wlan else { return [:] }
        var table: [String: (frames: Int, bytes: Int)] = [:]
        for tally in wlan.stations + [wlan.withoutTransmitter] where tally.frames > 0 {
            table[tally.address] = (tally.frames, tally.bytes)
        }
        return table
    }

    /// The check of issue 34: on real radiotap captures, frames and bytes per transmitter equal
    /// tshark's `wlan.ta` statistics, and every frame with a rate is timed.
    @Test(.enabled(if: hasTshark, "tshark is not installed: apt-get install tshark"))
    func realCapturesMatchTsharkPerStation() throws {
        for name in Self.realCaptures {
            let path = "\(Self.fixtures)/\(name)"
            let analysis = try WireAnalyzer.analyze(captureFile: path)
            let ours = Self.ours(analysis), theirs = try Self.tsharkStations(path)
            #expect(ours.mapValues { [$0.frames, $0.bytes] } == theirs.mapValues { [$0.frames, $0.bytes] }, "\(name)")
            let wlan = try #require(analysis.wlan)
            #expect(wlan.stations.allSatisfy { $0.airtimeNs > 0 && $0.untimedFrames == 0 }, "\(name)")
        }
    }

    /// The real join capture: the station's frames by subtype, its null-data frames with PM set
    /// (one doze period, open at the end), and DSSS and HT airtime; the HT frame's IP datagram
    /// reaches the UDP counters.
    @Test func realJoinCaptureStationDetail() throws {
        let analysis = try WireAnalyzer.analyze(captureFile: "\(Self.fixtures)/radiotap-exthdr.pcap")
        let station = try #require(analysis.wlan?.station(MACAddress("90:a4:de:c0:46:11")!))
        #expect(station.framesBySubtype == ["probe_request": 6, "authentication": 1, "assoc_request": 1, "null": 2])
        #expect(station.framesByKind == ["management": 8, "data": 2])
        #expect(station.powerSave.dozePeriods == 1 && station.powerSave.dozingAtEnd)
        #expect(Set(station.airtimeByPHYNs.keys) == ["dsss", "ht"])
        #expect(analysis.totals.wlanNoPayload == 26 && analysis.totals.malformed == 0)
        let ip = try WireAnalyzer.analyze(captureFile: "\(Self.fixtures)/radiotap-htc-ip.pcap")
        #expect(ip.totals.udpDatagrams == 1 && ip.totals.wlanNoPayload == 0)
    }

    /// TXTIME at points the standard's rate tables fix (IEEE 802.11-2020): 1 Mb/s DSSS long
    /// preamble, 6 Mb/s OFDM, HT MCS 7 (65 Mb/s, 20 MHz, long GI) and its short-GI rounding.
    @Test func airtimeEquations() {
        #expect(WLANAirtime.dsss(length: 100, halfMbps: 2, shortPreamble: true) == 992)  // short never at 1 Mb/s
        #expect(WLANAirtime.dsss(length: 100, halfMbps: 22, shortPreamble: true) == 96 + 73)  // ⌈800/11⌉
        #expect(WLANAirtime.ofdm(length: 100, halfMbps: 12) == 20 + 4 * 35)  // ⌈822/24⌉ = 35
        let mcs7 = MCSInfo(phy: .ht, index: 7, streams: 1, bandwidthMHz: 20, guardIntervalNs: 800)
        #expect(abs(WLANAirtime.ht(length: 1500, mcs: mcs7)! - 224) < 1e-9)  // ⌈12022/260⌉ = 47
        var short = mcs7
        short.guardIntervalNs = 400
        #expect(abs(WLANAirtime.ht(length: 1500, mcs: short)! - 208) < 1e-9)  // 47 × 3.6 = 169.2 → 172
        // VHT MCS 9, 2 streams, 80 MHz: N_DBPS = 234 × 8 × 5/6 × 2 = 3120.
        #expect(WLANAirtime.dataBitsPerSymbol(base: 9, streams: 2, subcarriers: 234) == 3120)
        var radio = RadioInfo()
        radio.channelMHz = 2437
        radio.legacyRate = 12
        #expect(WLANAirtime.duration(length: 100, radio: radio)?.ns == 166_000)  // + 6 µs signal extension
    }

    /// Ethernet frames of a real scan written as 802.11 behind each radio header give the same
    /// IP analysis as the Ethernet capture, and the transmitter's retries and doze period.
    @Test func everyRadioHeaderCarriesTheSameIPAnalysis() {
        let scan = WireAnalyzerTests.scan().packets
        let ethernet = WireAnalyzer.analyze(packets: scan)
        let wraps: [(LinkType, ([UInt8]) -> [UInt8])] = [
            (.ieee80211, { $0 }),
            (.radiotap, { WLANEncapsulation.radiotap($0, rate: .legacy(108)) }),
            (.radiotap, { WLANEncapsulation.radiotap($0, rate: .vht(9, streams: 2), extended: true) }),
            (.radiotap, { WLANEncapsulation.radiotap($0, rate: .he(11)) }),
            (.ppi, { WLANEncapsulation.ppi($0) }),
            (.prism, { WLANEncapsulation.prism($0) }),
            (.prism, { WLANEncapsulation.avs($0) }),
            (.avs, { WLANEncapsulation.avs($0) }),
        ]
        for (linkType, wrap) in wraps {
            let packets = scan.enumerated().compactMap { i, packet -> CapturedPacket? in
                guard let frame = WLANEncapsulation.ieee80211(packet.data, retry: i == 0, powerSave: i == 1) else {
                    return nil
                }
                let bytes = wrap(frame)
                return CapturedPacket(timestamp: packet.timestamp, originalLength: bytes.count, data: bytes)
            }
            let analysis = WireAnalyzer.analyze(packets: packets, linkType: linkType)
            #expect(analysis.tcp == ethernet.tcp, "\(linkType)")
            #expect(
                analysis.totals.tcpSyn == ethernet.totals.tcpSyn
                    && analysis.totals.malformed == ethernet.totals.malformed,
                "\(linkType)"
            )
            let tallies = analysis.wlan?.stations ?? []
            #expect(tallies.reduce(0) { $0 + $1.frames } == packets.count, "\(linkType)")
            #expect(tallies.reduce(0) { $0 + $1.retries } == 1, "\(linkType)")
            #expect(tallies.reduce(0) { $0 + $1.powerSave.dozePeriods } >= 1, "\(linkType)")
            let timed = tallies.allSatisfy { $0.untimedFrames == 0 }
            #expect(timed == (linkType != .ieee80211), "\(linkType): frames with a rate are timed, plain 802.11 is not")
        }
    }

    /// tshark reads the radio headers we write with the same rate and MCS, so the encoder (the
    /// fuzz seeds, the test above) writes what real captures hold.
    @Test(.enabled(if: hasTshark, "tshark is not installed: apt-get install tshark"))
    func tsharkReadsOurRadioHeaders() throws {
        let frame = WLANEncapsulation.ieee80211(WireAnalyzerTests.scan().packets[1].data)!
        let cases: [(LinkType, [UInt8], String, String)] = [
            (
                .radiotap, WLANEncapsulation.radiotap(frame, rate: .legacy(108), extended: true),
                "wlan_radio.data_rate", "54"
            ),
            (.radiotap, WLANEncapsulation.radiotap(frame, rate: .ht(7)), "wlan_radio.11n.mcs_index", "7"),
            (.radiotap, WLANEncapsulation.radiotap(frame, rate: .vht(9, streams: 2)), "wlan_radio.11ac.mcs", "9"),
            (.radiotap, WLANEncapsulation.radiotap(frame, rate: .he(11)), "radiotap.he.data_3.data_mcs", "11"),
            (.ppi, WLANEncapsulation.ppi(frame, rate: 12), "wlan_radio.data_rate", "6"),
            (.prism, WLANEncapsulation.prism(frame, rate: 22), "wlan_radio.data_rate", "11"),
            (.avs, WLANEncapsulation.avs(frame, rate: 110), "wlan_radio.data_rate", "11"),
        ]
        for (linkType, bytes, field, expected) in cases {
            let path = NSTemporaryDirectory() + "wlan-\(UUID().uuidString).pcap"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let writer = try PcapFileWriter(path: path, linkType: linkType)
            try writer.write(CapturedPacket(timestamp: 1_000_000_000, originalLength: bytes.count, data: bytes))
            try writer.close()
            let out = try ChildProcess.run(
                ["tshark", "-r", path, "-T", "fields", "-e", "wlan.ta", "-e", field, "-e", "ip.src"],
                timeout: 60
            )
            // tshark prints some numeric fields in hex ("0x000b" for the HE MCS): compare numbers as numbers.
            let fields = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t").map(
                String.init
            )
            let number = { (text: String) in
                text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16).map(String.init) ?? text : text
            }
            #expect(
                fields.count == 3 && fields[0] == "02:00:00:00:00:02" && number(fields[1]) == expected
                    && fields[2] == "198.18.0.2",
                "\(linkType) \(field): \(out.stdout) \(out.stderr)"
            )
            let ours = try WireAnalyzer.analyze(captureFile: path)
            #expect(ours.wlan?.stations.first?.timedFrames == 1, "\(linkType)")
        }
    }

    /// A radiotap field radiotap.org has not defined stops the walk there, the frame is still
    /// found by it_len; LINKTYPE_IPV4/IPV6 read as raw IP; doze periods run from PM=1 to PM=0.
    @Test func unknownRadiotapFieldsRawIPTypesAndDozePeriods() throws {
        let frame = WLANEncapsulation.ieee80211(WireAnalyzerTests.scan().packets[1].data)!
        var header = WLANEncapsulation.radiotap(frame, rate: .legacy(12))
        header[4 + 3] |= 0x10  // bit 28 (TLVs): size unknown, the walk stops
        let radio = try header.withUnsafeBytes { try RadiotapHeader.decode($0) }
        #expect(radio.tsft == 1_000 && radio.legacyRate == 12)
        let packet = CapturedPacket(timestamp: 1, originalLength: header.count, data: header)
        #expect(WireAnalyzer.analyze(packets: [packet], linkType: .radiotap).totals.tcpSyn == 1)
        #expect(LinkType(dlt: 228) == .raw && LinkType(dlt: 229) == .raw && LinkType(dlt: 127) == .radiotap)

        var timeline = PowerSaveTimeline()
        timeline.add(dozing: true, at: 1_000)
        timeline.add(dozing: true, at: 1_500)
        timeline.add(dozing: false, at: 3_000)
        timeline.add(dozing: true, at: 4_000)
        timeline.finish(from: 0, to: 5_000)
        #expect(timeline.periods == [.init(start: 1_000, end: 3_000), .init(start: 4_000, end: 5_000)])
        #expect(timeline.dozingNs == 3_000 && timeline.awakeNs == 2_000 && timeline.dozingAtEnd)
    }
}
