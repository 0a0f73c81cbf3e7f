import StrictYAML

// What an OS fingerprinter (nmap -O, p0f) reads from a device's replies: the IP TTL and the TCP
// options and window of its SYN/ACK. Each device is its own network namespace, so the testbed
// sets these through the per-namespace sysctls and route attributes of the Linux kernel
// (docs/FIXTURES.md, "IP stack"). That is a MODEL of a Windows, Apple or lwIP stack, not the
// stack: the option order, IP ID sequence, DF bit and ICMP quirks stay Linux's.

extension Fixture {
    /// The parts of a device's TCP/IP stack the testbed can vary per device. Every key absent is
    /// the testbed kernel's default (Linux: TTL 64, timestamps, SACK, window scaling, ECN when
    /// asked, MSS from the MTU).
    public struct IPStack: Codable, Sendable, Equatable {
        /// RFC 791's TTL field: 1…255.
        public static let ttlRange: ClosedRange<Int> = 1...255
        /// RFC 879's default 536 up to Ethernet's 1460 (1500 − 40).
        public static let mssRange: ClosedRange<Int> = 536...1460
        /// RFC 7323 §2.3: shift counts above 14 are treated as 14. Below 7 is out of reach on a
        /// host whose `net.core.rmem_max` is 4 MiB or more (the kernel takes the larger of it
        /// and `tcp_rmem`), so the testbed checks the SYN/ACK, not this range, for the floor.
        public static let windowScaleRange: ClosedRange<Int> = 0...14
        /// Route `initrwnd`: segments the SYN/ACK offers (the window is this × the MSS, less
        /// 12 bytes of timestamp per segment, capped by the socket's buffer, about 64 KiB).
        public static let initrwndRange: ClosedRange<Int> = 1...64

        /// `net.ipv4.ip_default_ttl`: the TTL of everything the device sends (TCP, UDP, ICMP).
        public var ttl: Int?
        /// `net.ipv4.tcp_timestamps` (RFC 7323 TSopt in the SYN/ACK).
        public var tcpTimestamps: Bool?
        /// `net.ipv4.tcp_sack` (RFC 2018 SACK-permitted in the SYN/ACK).
        public var tcpSack: Bool?
        /// `net.ipv4.tcp_window_scaling` (RFC 7323 WSopt in the SYN/ACK).
        public var tcpWindowScaling: Bool?
        /// The WSopt shift count, set through the third value of `net.ipv4.tcp_rmem`.
        public var tcpWindowScale: Int?
        /// Whether the device answers an ECN-setup SYN with ECE (`net.ipv4.tcp_ecn` 2, the Linux
        /// default) or ignores it (0), RFC 3168 §6.1.1.
        public var tcpECN: Bool?
        /// The MSS the SYN/ACK announces (route `advmss`).
        public var mss: Int?
        /// The SYN/ACK's window in segments (route `initrwnd`).
        public var initrwndSegments: Int?

        public init(
            ttl: Int? = nil,
            tcpTimestamps: Bool? = nil,
            tcpSack: Bool? = nil,
            tcpWindowScaling: Bool? = nil,
            tcpWindowScale: Int? = nil,
            tcpECN: Bool? = nil,
            mss: Int? = nil,
            initrwndSegments: Int? = nil
        ) {
            self.ttl = ttl
            self.tcpTimestamps = tcpTimestamps
            self.tcpSack = tcpSack
            self.tcpWindowScaling = tcpWindowScaling
            self.tcpWindowScale = tcpWindowScale
            self.tcpECN = tcpECN
            self.mss = mss
            self.initrwndSegments = initrwndSegments
        }

        /// `sysctl -w` settings for the device's namespace (empty: all kernel defaults).
        public var sysctlSettings: [String] {
            var settings: [String] = []
            if let ttl { settings.append("net.ipv4.ip_default_ttl=\(ttl)") }
            if let tcpTimestamps { settings.append("net.ipv4.tcp_timestamps=\(tcpTimestamps ? 1 : 0)") }
            if let tcpSack { settings.append("net.ipv4.tcp_sack=\(tcpSack ? 1 : 0)") }
            if let tcpWindowScaling { settings.append("net.ipv4.tcp_window_scaling=\(tcpWindowScaling ? 1 : 0)") }
            if let tcpECN { settings.append("net.ipv4.tcp_ecn=\(tcpECN ? 2 : 0)") }
            // The kernel's shift is ilog2(max buffer) − 15 (tcp_select_initial_window); 4096 and
            // 131072 are its own defaults for the minimum and initial buffer.
            if let tcpWindowScale { settings.append("net.ipv4.tcp_rmem=4096 131072 \(1 << (tcpWindowScale + 15))") }
            return settings
        }

        /// Attributes for `ip route change` of the device's routes (empty: none).
        public var routeAttributes: [String] {
            var attributes: [String] = []
            if let mss { attributes += ["advmss", String(mss)] }
            if let initrwndSegments { attributes += ["initrwnd", String(initrwndSegments)] }
            return attributes
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case ttl, mss
            case tcpTimestamps = "tcp_timestamps"
            case tcpSack = "tcp_sack"
            case tcpWindowScaling = "tcp_window_scaling"
            case tcpWindowScale = "tcp_window_scale"
            case tcpECN = "tcp_ecn"
            case initrwndSegments = "initrwnd_segments"
        }
    }
}
