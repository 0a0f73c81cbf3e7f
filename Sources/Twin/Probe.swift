/// One request the scanner sent a host — an ARP request, an echo request or a SYN — and whether
/// and how soon the host answered it: the host's answer timeline, from which `SleepInference`
/// reads a deep-sleep cycle.
///
/// An answer (ARP reply, echo reply, SYN/ACK or RST) is matched to the latest unanswered request
/// of the same kind (for TCP, to the same port) sent at most `answerWindowMs` before it, as the
/// ARP round trips are.
public struct Probe: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case arp, icmp, tcp
    }

    public var kind: Kind
    /// The TCP port a SYN went to; nil for ARP and echo.
    public var port: Int?
    /// When the request went out, ms into the capture.
    public var atMs: Double
    /// Request → answer, ms; nil when nothing answered it.
    public var answerMs: Double?

    public init(kind: Kind, port: Int? = nil, atMs: Double, answerMs: Double? = nil) {
        self.kind = kind
        self.port = port
        self.atMs = atMs
        self.answerMs = answerMs
    }

    /// An answer later than this after its request is not taken for its answer (ms): beyond the
    /// longest a power-save station holds a frame (20 beacons of 102.4 ms, `Fixture.PowerSave`).
    static let answerWindowMs = 3_000.0

    /// The kind and port a probe is judged with: a host that never answers echo, or a port that
    /// never answers, says nothing about when the host is awake.
    var channel: String { port.map { "\(kind.rawValue)/\($0)" } ?? kind.rawValue }
}
