import CaptureFiles
import Wire

/// The compact per-packet summary kept for windowed counting (24 bytes a packet).
struct PacketRecord: Sendable {
    var timestamp: Int64
    var length: UInt32
    var category: PacketCategory
    /// TCP flag bits (low 8) for `.tcp`, else 0.
    var tcpFlags: UInt8
    /// The layer that failed for `.malformed`, as `WireLayer` case index; else 0.
    var malformedLayer: UInt8
    /// Sent to a link-layer group address (broadcast or multicast), which every station on the
    /// link receives; false when unicast or when the link-layer header does not say.
    var groupAddressed = false
    /// IPv4 source (ARP: sender protocol address), 0 when none.
    var source: UInt32
    /// IPv4 destination (ARP: target protocol address), 0 when none.
    var destination: UInt32

    /// Whether every station on the link receives it, the scanner included whoever it is.
    var sentToGroup: Bool { Self.sentToGroup(linkGroup: groupAddressed, destination: destination) }

    /// A frame sent to a link-layer group address, an IPv4 multicast address or the limited
    /// broadcast address: what the radio model counts for any scanner.
    static func sentToGroup(linkGroup: Bool, destination: UInt32) -> Bool {
        linkGroup || IPv4Address(destination).isMulticast || destination == UInt32.max
    }
}
