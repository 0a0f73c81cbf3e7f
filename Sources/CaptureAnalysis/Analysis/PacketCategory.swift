import CaptureFiles

/// The one bucket each captured frame is counted in (besides packets and bytes).
///
/// Classification is by protocol and, for UDP applications, by well-known port on either side:
/// 5353 → mDNS, 1900 → SSDP, 53 → DNS (the same rule tshark's dissector table uses). A datagram
/// on those ports whose payload does not decode is counted as that application's "malformed"
/// bucket, never as other UDP, so per-application totals match tshark's display filters.
public enum PacketCategory: UInt8, Sendable, Codable, CaseIterable {
    case arpRequest, arpReply, arpOther
    case icmpEchoRequest, icmpEchoReply, icmpUnreachable, icmpTimeExceeded, icmpOther
    case tcp
    case mdnsQuery, mdnsResponse, mdnsMalformed
    case ssdpSearch, ssdpNotify, ssdpResponse, ssdpMalformed
    case dnsQuery, dnsResponse, dnsMalformed
    case udpOther
    /// A non-first IPv4 fragment (no transport header to classify).
    case ipv4Fragment
    /// IPv4 carrying another protocol (IGMP, …).
    case ipv4Other
    case ipv6
    /// Any other EtherType (LLDP, 802.3/LLC, …).
    case otherEthernet
    /// An 802.11 frame carrying no packet analysis reads: management, control, protected or
    /// null data, an A-MSDU, or data without LLC/SNAP (`WLANFrame`).
    case wlanNoPayload
    /// A frame some layer could not decode (truncated or malformed).
    case malformed
    /// A record whose link type analysis does not understand.
    case unsupportedLink
}
