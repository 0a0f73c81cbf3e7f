import CaptureFiles
import Wire

/// Knobs for `WireAnalyzer`.
public struct AnalysisOptions: Sendable, Equatable {
    /// The scanner's address; nil to infer it (see `ScannerInference`).
    public var scanner: IPv4Address?
    /// How long after its last SYN transmission an unanswered attempt stops counting as in
    /// flight (default 3 s: Linux's SYN retransmission schedule sends the second retry at 3 s,
    /// and NetMonitor's per-port timeouts are shorter). Never past the end of the capture.
    public var abandonAfter: Int64
    /// Whether `WireAnalysis.attempts` lists every attempt (false keeps only the totals).
    public var keepsAttempts: Bool
    /// Whether `WireAnalysis.hosts` collects per-host facts (who answered whom, MACs), which
    /// `analyze --inventory` needs; off by default, as it costs a hash lookup a packet.
    public var tracksHosts: Bool

    public init(
        scanner: IPv4Address? = nil,
        abandonAfter: Int64 = 3_000_000_000,
        keepsAttempts: Bool = true,
        tracksHosts: Bool = false
    ) {
        self.scanner = scanner
        self.abandonAfter = abandonAfter
        self.keepsAttempts = keepsAttempts
        self.tracksHosts = tracksHosts
    }
}
