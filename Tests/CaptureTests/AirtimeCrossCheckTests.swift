import Foundation
import Testing
import Wire
@testable import CaptureFiles
@testable import CaptureAnalysis

/// The estimate against `analyze`'s measured airtime on real radiotap captures (tcpdump's test
/// files, Fixtures/README.md): each unprotected data frame turned back into the Ethernet frame it
/// carries and priced by `AirtimeModel` at the frame's own rate.
@Suite("Airtime estimate against measured")
struct AirtimeCrossCheckTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path

    struct Priced {
        var measuredNs: Int64
        var estimatedNs: Int64
        var exchangeNs: Int64
        /// The same Ethernet frame at the default model's rate (`AirtimeModel.standard`).
        var defaultRateNs: Int64
        var mpdu: Int
        var estimatedMPDU: Int
    }

    /// Every data frame of `name` that carries a body, measured and estimated. An unprotected
    /// frame's Ethernet length is read from its LLC/SNAP payload; a protected one's is its MPDU
    /// less the model's overhead (CCMP included), the only length it shows.
    static func priced(_ name: String) throws -> [Priced] {
        var rows: [Priced] = []
        _ = try CaptureFile(path: "\(fixtures)/\(name)").forEach { record in
            let frame = try WLANFrame(decoding: record.bytes, linkType: record.linkType)
            // The MPDU as `StationTally` times it: the FCS is on the air whether or not the capture kept it.
            let mpdu = record.originalLength - frame.radio.headerLength + (frame.radio.hasFCS ? 0 : 4)
            guard frame.kind == .data, !frame.isNullData,
                let measured = WLANAirtime.duration(length: mpdu, radio: frame.radio)
            else { return }
            var model = AirtimeModel(name: "own-rate", data: frame.radio)
            let ethernet: Int
            if let payload = frame.payload {
                ethernet = record.originalLength - payload.offset - (frame.radio.hasFCS ? 4 : 0) + 14
                model.mpduOverheadBytes -= 16  // unprotected: no CCMP header and MIC
            } else {
                guard frame.isProtected else { return }
                ethernet = mpdu - model.mpduOverheadBytes
            }
            rows.append(
                Priced(
                    measuredNs: measured.ns,
                    estimatedNs: model.dataNs(ethernetLength: ethernet),
                    exchangeNs: model.unicastNs(ethernetLength: ethernet),
                    defaultRateNs: AirtimeModel.standard.unicastNs(ethernetLength: ethernet),
                    mpdu: mpdu,
                    estimatedMPDU: model.mpduLength(ethernetLength: ethernet)
                )
            )
        }
        return rows
    }

    /// The three frames' PPDU durations worked by hand from IEEE 802.11-2020 §19.4.3 (eq.
    /// 19-135/19-136) and what tcpdump decodes of them — HT MCS 7 (one spatial stream), 40 MHz
    /// (N_DBPS 540), 2462 MHz (6 µs signal extension), MPDU 138, 82, 138 bytes (the capture's
    /// length less 37 bytes of radiotap; the FCS is in the capture):
    /// 1. short GI, STBC 1 → N_STS 2, N_LTF 2: 16 + 4 + 8 + 4 + 8 = 40 µs; ⌈(8·138 + 22) / 540⌉ = 3
    ///    symbols × 3.6 µs = 10.8 → 12 µs; + 6 = 58 µs.
    /// 2. long GI, STBC 2 → N_STS 3, N_LTF 4: 48 µs; ⌈(8·82 + 22) / 540⌉ = 2 × 4 µs = 8; + 6 = 62 µs.
    /// 3. short GI, STBC 3 → N_STS 4, N_LTF 4: 48 µs; 3 symbols → 12 µs; + 6 = 66 µs.
    /// Not checked by the code it checks: a wrong constant or formula in `WLANAirtime` moves these.
    static let htStbcByHandNs: [Int64] = [58_000, 62_000, 66_000]

    @Test(
        "protected QoS data: the measured airtime is the standard's, worked by hand, and the analysis sums it per station"
    )
    func qosDataMatches() throws {
        let rows = try Self.priced("radiotap-ht-stbc.pcap")
        #expect(rows.map(\.mpdu) == [138, 82, 138])
        #expect(rows.map(\.measuredNs) == Self.htStbcByHandNs)
        let analysis = try WireAnalyzer.analyze(captureFile: "\(Self.fixtures)/radiotap-ht-stbc.pcap")
        #expect(analysis.wlan?.stations.map(\.airtimeNs).reduce(0, +) == 186_000)
        print(
            "ht-stbc: measured \(rows.map(\.measuredNs)) ns, estimated PPDU \(rows.map(\.estimatedNs)) ns, exchange \(rows.map(\.exchangeNs)) ns, at the default rate \(rows.map(\.defaultRateNs)) ns"
        )
    }

    @Test("a frame with an HT Control field (+4 bytes the model does not add) is estimated one MPDU 4 bytes short")
    func htControlIsUnderestimated() throws {
        let rows = try Self.priced("radiotap-htc-ip.pcap")
        let row = try #require(rows.first)
        #expect(row.mpdu - row.estimatedMPDU == 4)
        #expect(row.estimatedNs <= row.measuredNs)
        print(
            "htc-ip: measured \(row.measuredNs) ns, estimated PPDU \(row.estimatedNs) ns, exchange \(row.exchangeNs) ns, at the default rate \(row.defaultRateNs) ns; MPDU \(row.mpdu) vs \(row.estimatedMPDU)"
        )
    }
}
