import CaptureFiles

/// What the analyzer keeps per IPv4 address instead of a record per frame: the counters of the
/// frames it sent (so `fromScanner` can be read off once the scanner is known, even when it is
/// only inferred at the end), its probe tally for `ScannerInference`, and the times of the
/// unicast frames it sent or received, for the radio model.
struct AddressTally: Sendable {
    /// Frames whose IPv4 source (ARP: sender address) is this address.
    var sent = ProtocolCounters()
    /// Unicast frames from or to this address, while `tracksUnicast`.
    var unicast = FrameRuns()
    /// Whether `unicast` is kept. Only the scanner's runs are ever read, so an analysis that may
    /// read the capture again stops keeping them for an address that has sent many bursts and
    /// no probe (`WireAnalyzer.unprovenRunLimit`): every target of a long scan.
    var tracksUnicast = true

    /// SYNs, ARP requests and echo requests sent (the scanner inference's score): read off
    /// `sent`, which counts them by the same rules.
    var probes: ScannerInference.Tally {
        ScannerInference.Tally(syn: sent.tcpSyn, arp: sent.arpRequests, echo: sent.icmpEchoRequests)
    }
}
