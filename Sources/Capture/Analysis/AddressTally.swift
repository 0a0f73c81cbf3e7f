/// What the analyzer keeps per IPv4 address instead of a record per frame: the counters of the
/// frames it sent (so `fromScanner` can be read off once the scanner is known, even when it is
/// only inferred at the end), its probe tally for `ScannerInference`, and the times of the
/// unicast frames it sent or received, for the radio model.
struct AddressTally: Sendable {
    /// Frames whose IPv4 source (ARP: sender address) is this address.
    var sent = ProtocolCounters()
    /// SYNs, ARP requests and echo requests sent (the scanner inference's score).
    var probes = ScannerInference.Tally()
    /// Unicast frames from or to this address.
    var unicast = FrameRuns()
}
