import CaptureFiles

/// The kinds of answer one host gave another on the wire, as a set.
///
/// What "answered" means per kind is the question a scanner asked: an ARP reply to its request,
/// an echo reply, a SYN-ACK or RST to its SYN, an SSDP response to its M-SEARCH, an mDNS
/// response (multicast or unicast; the scanner hears both).
public struct HostAnswers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let arpReply = HostAnswers(rawValue: 1 << 0)
    public static let echoReply = HostAnswers(rawValue: 1 << 1)
    public static let tcpSynAck = HostAnswers(rawValue: 1 << 2)
    public static let tcpReset = HostAnswers(rawValue: 1 << 3)
    public static let ssdpResponse = HostAnswers(rawValue: 1 << 4)
    public static let mdnsResponse = HostAnswers(rawValue: 1 << 5)
}
