import CaptureFiles
import CaptureAnalysis
import Harness
import Results
import Testing
import Wire

/// The join's mapping of one capture analysis onto results.json's wire counters
/// (`RunMetrics.WireCounters(analysis:)`), which lives in the harness, not in Capture.
@Suite("wire counters from an analysis")
struct WireCountersMappingTests {
    @Test("the results counters carry the airtime estimate and the model's name")
    func airtime() {
        let scanner = IPv4Address(198, 18, 0, 2)
        let target = IPv4Address(198, 18, 0, 10)
        let bytes = PacketBuilder.ethernet(
            destination: MACAddress("02:00:00:00:00:99")!,
            source: MACAddress("02:00:00:00:00:02")!,
            type: .ipv4,
            payload: PacketBuilder.ipv4(
                source: scanner,
                destination: target,
                protocol: .udp,
                payload:
                    PacketBuilder.udp(
                        source: scanner,
                        destination: target,
                        sourcePort: 40_000,
                        destinationPort: 53,
                        payload: []
                    )
            )
        )
        let packet = CapturedPacket(timestamp: 1_700_000_000_000_000_000, originalLength: bytes.count, data: bytes)
        let counters = RunMetrics.WireCounters(
            analysis: WireAnalyzer.analyze(packets: [packet], options: AnalysisOptions(scanner: scanner))
        )
        #expect(counters.airtimeMsEst == 0.1985)
        #expect(counters.radioOnSEst == 0.2)
        #expect(counters.airtimeModel == "vht-mcs7-1ss-80mhz")
        #expect(counters.packets == 1)
    }
}
