import CaptureFiles
import Wire

/// Wire RTT statistics for one target, per probe kind (nanoseconds).
public struct TargetRTT: Sendable, Equatable, Codable {
    public var target: IPv4Address
    public var icmpEcho: RTTSummary?
    public var tcpSyn: RTTSummary?

    enum CodingKeys: String, CodingKey {
        case target
        case icmpEcho = "icmp_echo"
        case tcpSyn = "tcp_syn"
    }
}

extension TargetRTT {
    /// One row per target that has either kind of sample, in address order.
    static func table(icmpEcho: [UInt32: RTTValues], tcpSyn: [UInt32: RTTValues]) -> [TargetRTT] {
        Set(icmpEcho.keys).union(tcpSyn.keys).sorted().map { target in
            TargetRTT(
                target: IPv4Address(target),
                icmpEcho: icmpEcho[target].flatMap { RTTSummary($0.values) },
                tcpSyn: tcpSyn[target].flatMap { RTTSummary($0.values) }
            )
        }
    }
}
