import CaptureFiles
import Wire

/// One round trip seen on the wire.
public struct RTTSample: Sendable, Equatable, Codable {
    /// What was timed.
    public enum Kind: String, Sendable, Codable {
        /// ICMP echo request → the first echo reply with the same identifier and sequence.
        case icmpEcho = "icmp_echo"
        /// TCP SYN → SYN/ACK or RST (only for SYNs sent once).
        case tcpSyn = "tcp_syn"
    }

    public var kind: Kind
    /// Who sent the probe.
    public var prober: IPv4Address
    /// Who answered.
    public var target: IPv4Address
    /// When the probe left (ns since the epoch).
    public var sentAt: Int64
    /// Answer time minus probe time, in ns.
    public var rtt: Int64
    /// Echo sequence number (icmpEcho) or target port (tcpSyn).
    public var detail: UInt16

    enum CodingKeys: String, CodingKey {
        case kind, prober, target, rtt, detail
        case sentAt = "sent_at"
    }

    public init(kind: Kind, prober: IPv4Address, target: IPv4Address, sentAt: Int64, rtt: Int64, detail: UInt16) {
        self.kind = kind
        self.prober = prober
        self.target = target
        self.sentAt = sentAt
        self.rtt = rtt
        self.detail = detail
    }
}
