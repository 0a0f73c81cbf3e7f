/// What a datagram the scanner sent stands for: `packet_sent`'s and `send_failed`'s `kind` field.
///
/// The raw values are the strings the log has always carried (docs/EVENTS.md), so older logs
/// decode unchanged; readers (a missed device's reason) match cases, never strings.
public enum PacketKind: String, Sendable, Codable, Equatable, CaseIterable {
    /// A one-byte UDP datagram that makes the kernel resolve the address by ARP (the ARP phase).
    case udpPoke = "udp_poke"
    /// An ICMP echo request (the latency phase, the ping tool).
    case icmpEcho = "icmp_echo"
    /// An mDNS query to the multicast group (the Bonjour phase).
    case mdnsQuery = "mdns_query"
    /// An SSDP M-SEARCH to the multicast group (the SSDP phase).
    case ssdpMSearch = "ssdp_msearch"
    /// A reverse-DNS (PTR) query to the gateway's resolver.
    case dnsPTR = "dns_ptr"
}
