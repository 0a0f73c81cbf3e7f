import CaptureFiles
import Wire

/// Picks the scanner of a capture when nobody said which address it is.
///
/// Each IPv4 source scores one point per SYN without ACK, ARP request (by sender address) and
/// ICMP echo request it sent; the highest score wins, ties going to the lower address. The
/// reason string says what was counted, so reports can state that the scanner was guessed.
public struct ScannerInference: Sendable, Equatable, Codable {
    public var address: IPv4Address
    public var synsSent: Int
    public var arpRequestsSent: Int
    public var echoRequestsSent: Int

    enum CodingKeys: String, CodingKey {
        case address
        case synsSent = "syns_sent"
        case arpRequestsSent = "arp_requests_sent"
        case echoRequestsSent = "echo_requests_sent"
    }

    /// A sentence explaining the choice.
    public var reason: String {
        "inferred \(address) as the scanner: it sent the most probes (\(synsSent) SYNs, \(arpRequestsSent) ARP requests, \(echoRequestsSent) echo requests); pass --scanner to override"
    }

    struct Tally {
        var syn = 0, arp = 0, echo = 0
        var score: Int { syn + arp + echo }
    }

    static func infer(from tallies: [UInt32: Tally]) -> ScannerInference? {
        let best = tallies.filter { $0.key != 0 && $0.value.score > 0 }.max { a, b in
            a.value.score != b.value.score ? a.value.score < b.value.score : a.key > b.key
        }
        guard let best else { return nil }
        return ScannerInference(
            address: IPv4Address(best.key),
            synsSent: best.value.syn,
            arpRequestsSent: best.value.arp,
            echoRequestsSent: best.value.echo
        )
    }
}
