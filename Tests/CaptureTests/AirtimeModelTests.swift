import Testing
import Results
import Wire
@testable import CaptureFiles
@testable import CaptureAnalysis

/// The airtime estimate against figures computed by hand from IEEE 802.11-2020's equations.
@Suite("Airtime (estimate)")
struct AirtimeModelTests {
    /// A 200-byte Ethernet frame as one acknowledged exchange under the default model, by hand:
    /// MPDU 200 + 40 = 240 bytes. VHT MCS 7 (64-QAM 5/6), 1 stream, 80 MHz: N_DBPS = 234 × 6 ×
    /// 5/6 = 1,170 (Table 21-38), one encoder; N_SYM = ⌈(8·240 + 16 + 6) / 1,170⌉ = 2; TXTIME = 36 + 4·1
    /// (one VHT-LTF) + 2 × 4 = 48 µs (eq. 21-105). ACK, 14 bytes at 24 Mb/s: N_DBPS 96,
    /// ⌈(16 + 112 + 6) / 96⌉ = 2 symbols, 20 + 8 = 28 µs (eq. 17-29). AIFS[BE] = 16 + 3 × 9 =
    /// 43 µs, mean backoff 15 × 9 / 2 = 67.5 µs. Total 43 + 67.5 + 48 + 16 + 28 = 202.5 µs.
    @Test("a 200-byte frame: 202.5 µs acknowledged at VHT MCS 7 / 80 MHz, 454.5 µs as a 6 Mb/s broadcast")
    func handComputedExchange() {
        let model = AirtimeModel.standard
        #expect(model.contentionNs == 110_500)
        #expect(model.mpduLength(ethernetLength: 200) == 240)
        #expect(model.unicastNs(ethernetLength: 200) == 202_500)
        // One VHT symbol fewer below 1,170 bits: a 42-byte frame (82-byte MPDU) takes 44 µs, 198.5 µs in all.
        #expect(model.unicastNs(ethernetLength: 42) == 198_500)
        // Broadcast at 6 Mb/s: N_DBPS 24, ⌈(16 + 1,920 + 6) / 24⌉ = 81 symbols, 20 + 324 = 344 µs; + 110.5 µs contention.
        #expect(model.groupNs(ethernetLength: 200) == 454_500)
    }

    @Test("the rate sweep orders the presets: a faster PHY costs less airtime for the same frame")
    func sweepOrders() throws {
        let costs = AirtimeModel.presets.map { $0.unicastNs(ethernetLength: 1_500) }
        #expect(costs == costs.sorted(by: >))
        #expect(Set(AirtimeModel.presets.map(\.name)).count == AirtimeModel.presets.count)
        // A small frame is all preamble: HE's longer training fields (two streams) cost more than VHT MCS 7's one symbol.
        let he = try #require(AirtimeModel.presets.last)
        #expect(he.unicastNs(ethernetLength: 42) > AirtimeModel.standard.unicastNs(ethernetLength: 42))
    }

    @Test("analyze's sweep prints every preset and timeout when the scanner is given, and nothing otherwise")
    func sweepReport() throws {
        var traffic = SyntheticTraffic()
        traffic.udp(from: SyntheticTraffic.scanner, 40_000, to: IPv4Address(198, 18, 0, 10), 53, [])
        let report = try #require(
            WireAnalyzer.analyze(packets: traffic.packets, options: AnalysisOptions(scanner: SyntheticTraffic.scanner))
                .airtimeSweepReport()
        )
        for preset in AirtimeModel.presets { #expect(report.contains(preset.name)) }
        #expect(report.contains("vht-mcs7-1ss-80mhz*") && report.contains("on s @1000 ms"))
        // One frame: 0.050, 0.200 and 1.000 s awake under the three timeouts.
        #expect(report.contains("0.050") && report.contains("0.200") && report.contains("1.000"))
        #expect(WireAnalyzer.analyze(packets: traffic.packets, options: AnalysisOptions()).airtimeSweepReport() == nil)
    }

    /// 42-byte frames (Ethernet + IPv4 + UDP, or an ARP): MPDU 82 bytes, one VHT symbol, 44 µs;
    /// acknowledged exchange 43 + 67.5 + 44 + 16 + 28 = 198.5 µs; broadcast ⌈678 / 24⌉ = 29
    /// symbols, 136 µs, + 110.5 = 246.5 µs.
    @Test(
        "the scanner's frames are priced by direction and addressing; others' unicast costs it nothing; without a given scanner there is no estimate"
    )
    func scannerFrames() throws {
        let scanner = SyntheticTraffic.scanner
        let (a, b) = (IPv4Address(198, 18, 0, 10), IPv4Address(198, 18, 0, 11))
        var traffic = SyntheticTraffic()
        traffic.udp(from: scanner, 40_000, to: a, 53, [])  // sent, unicast
        traffic.advance(ms: 1_000)
        traffic.udp(from: a, 53, to: scanner, 40_000, [])  // received, unicast
        traffic.advance(ms: 1_000)
        traffic.arp(.request, sender: a, target: b)  // others' broadcast
        traffic.advance(ms: 1_000)
        traffic.udp(from: a, 5353, to: IPv4Address(224, 0, 0, 251), 5353, [])  // others' multicast
        traffic.advance(ms: 1_000)
        traffic.udp(from: a, 9, to: b, 9, [])  // between others: not counted
        traffic.advance(ms: 1_000)
        traffic.arp(.request, sender: scanner, target: a)  // the scanner's broadcast: up, then back down
        let analysis = WireAnalyzer.analyze(packets: traffic.packets, options: AnalysisOptions(scanner: scanner))
        let estimate = try #require(analysis.airtimeEstimate())
        #expect(estimate.sentNs == 2 * 198_500)
        #expect(estimate.receivedNs == 198_500 + 3 * 246_500)
        // Five bursts a second apart, each awake for the 200 ms power-save timeout.
        #expect(estimate.radioOnNs == 5 * 200_000_000)
        #expect(estimate.dozes == 5)
        #expect(WireAnalyzer.analyze(packets: traffic.packets, options: AnalysisOptions()).airtimeEstimate() == nil)
    }
}
