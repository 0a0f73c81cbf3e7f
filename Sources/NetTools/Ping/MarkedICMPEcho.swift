import ScanKit
import Wire

/// ICMP echo with a per-run marker, as the ping and traceroute tools send it on a datagram ICMP
/// socket. The packet is ScanKit's `ICMPEcho` (the scan's latency sweep) with another payload.
///
/// On such a socket the kernel replaces the identifier with the socket's own, so a reply is
/// matched on its sequence number and on a per-run marker at the start of the payload — the
/// sweep, which sends 16 fixed bytes as NetMonitor does, matches on the sequence alone.
public enum MarkedICMPEcho {
    /// Payload bytes after the 8-byte header (56, as ping(8) sends).
    public static let payloadSize = 56

    /// An echo request: type 8, identifier 0, `sequence`, payload = marker then bytes `i & 0xFF`.
    public static func request(
        sequence: UInt16,
        marker: [UInt8],
        payloadSize: Int = MarkedICMPEcho.payloadSize
    ) -> [UInt8] {
        let payload = (0..<max(payloadSize, marker.count)).map { index in
            index < marker.count ? marker[index] : UInt8(index & 0xFF)
        }
        return ICMPEcho.request(sequence: sequence, payload: payload)
    }

    /// The sequence number of an echo reply that carries `marker`, or nil for anything else.
    ///
    /// An IPv4 header in front (first nibble 4) is skipped, as some platforms deliver one; it is
    /// decoded in full (its total length bounds the message), where the sweep only skips it.
    public static func replySequence(_ bytes: [UInt8], marker: [UInt8]) -> UInt16? {
        var message = bytes[...]
        if let first = message.first, first >> 4 == 4, let packet = try? IPv4Packet(decoding: message) {
            message = packet.payload
        }
        guard let icmp = try? ICMPMessage(decoding: message), case .echoReply(_, let sequence) = icmp.kind else {
            return nil
        }
        guard icmp.body.count >= marker.count, Array(icmp.body.prefix(marker.count)) == marker else { return nil }
        return sequence
    }

    /// A fresh 8-byte marker: "SBnt" and four random bytes.
    public static func makeMarker() -> [UInt8] { Array("SBnt".utf8) + (0..<4).map { _ in UInt8.random(in: 0...255) } }
}
