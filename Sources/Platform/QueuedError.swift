import Wire

/// An ICMP error the kernel queued on a socket with `IP_RECVERR`, read with `MSG_ERRQUEUE`
/// (traceroute's time-exceeded answers, a ping's unreachable).
public struct QueuedError: Sendable {
    /// 2 = an ICMP message from the network, 1 = a local error.
    public var origin: UInt8
    public var icmpType: UInt8
    public var icmpCode: UInt8
    /// The errno the error maps to.
    public var errno: Int32
    /// The node that sent the ICMP message (`SO_EE_OFFENDER`).
    public var offender: IPv4Address?
    /// The payload of the probe that caused it, as the kernel returns it.
    public var payload: [UInt8]
    /// Kernel timestamp of the ICMP arrival, if any.
    public var kernelTime: Int64?
    /// True for an ICMP error from the network (not a local one).
    public var isICMP: Bool { origin == 2 }
}
