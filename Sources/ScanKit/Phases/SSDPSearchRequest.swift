import Wire

/// The M-SEARCH request of the SSDP phase (spec §2.5 step 2; UPnP Device Architecture §1.3.2):
/// request line, `HOST`, quoted `MAN`, `MX`, `ST`, CRLF line ends and a blank line at the end.
public struct SSDPSearchRequest: Sendable, Equatable {
    /// The SSDP group and port.
    public static let group = IPv4Address(239, 255, 255, 250)
    public static let port: UInt16 = 1900

    /// Seconds devices may spread their answers over (1–5).
    public var mx: Int
    /// Search target, e.g. `ssdp:all`.
    public var st: String

    public init(mx: Int, st: String) {
        self.mx = mx
        self.st = st
    }

    /// The request text.
    public var text: String {
        [
            "M-SEARCH * HTTP/1.1",
            "HOST: 239.255.255.250:1900",
            "MAN: \"ssdp:discover\"",
            "MX: \(mx)",
            "ST: \(st)",
            "", "",
        ].joined(separator: "\r\n")
    }

    /// The request as datagram bytes.
    public var bytes: [UInt8] { Array(text.utf8) }
}
