import CaptureFiles
import CaptureAnalysis
import Results

/// The results.json wire counters (docs/METRICS.md, "Wire") read off one analysis, in one place:
/// adding a wire metric means computing it here in the analysis, adding its `WireCounters` field
/// and declaring it in the catalogue (`Metric+Catalogue.swift`); the harness copies the whole
/// value and repeats no field.
///
/// Counts of what the scanner sent (SYNs, ARP requests, echo requests) are frames from the
/// scanner; counts of answers (ARP replies, echo replies) are frames from everyone else; the
/// protocol totals count the whole link. Capture drops and the emulated switch's counters are not
/// in a capture's frames: whoever ran the capture and the switch fills them.
extension RunMetrics.WireCounters {
    public init(
        analysis: WireAnalysis,
        radioModel: RadioPowerModel = .huang2012WiFi,
        airtimeModel: AirtimeModel = .standard
    ) {
        self.init()
        tcpSyn = analysis.fromScanner.tcpSyn
        tcpSynRetransmissions = analysis.tcp.synRetransmissions
        tcpAttempts = analysis.tcp.attempts
        tcpOpen = analysis.tcp.open
        tcpClosed = analysis.tcp.closed
        tcpNoAnswer = analysis.tcp.noAnswer
        tcpUnreachable = analysis.tcp.unreachable
        tcpPeakInFlight = analysis.attemptsInFlight.peak
        arpRequests = analysis.fromScanner.arpRequests
        arpReplies = analysis.fromOthers.arpReplies
        icmpEchoRequests = analysis.fromScanner.icmpEchoRequests
        icmpEchoReplies = analysis.fromOthers.icmpEchoReplies
        mdnsPackets = analysis.totals.mdnsPackets
        ssdpPackets = analysis.totals.ssdpPackets
        dnsPackets = analysis.totals.dnsPackets
        packets = analysis.totals.packets
        bytes = analysis.totals.bytes
        let radio = analysis.radioActivity(model: radioModel)
        radioActiveS = Double(radio.activeNs) / 1e9
        radioPromotions = radio.promotions
        if let estimate = analysis.airtimeEstimate(model: airtimeModel) {
            airtimeMsEst = Double(estimate.airtimeNs) / 1e6
            airtimeSentMsEst = Double(estimate.sentNs) / 1e6
            radioOnSEst = Double(estimate.radioOnNs) / 1e9
            self.airtimeModel = estimate.model
        }
    }
}
