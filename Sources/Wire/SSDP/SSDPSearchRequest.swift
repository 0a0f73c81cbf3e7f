/// An SSDP `M-SEARCH` request (UPnP Device Architecture 1.1 §1.3.2), the one message both sides
/// of a search speak: the scanner's SSDP phase and the tools' probe encode it, the testbed's
/// devices parse it. One type, so what is sent and what is answered cannot drift apart.
///
/// On the wire: request line, `HOST`, quoted `MAN`, `MX`, `ST`, CRLF line ends and a blank line
/// at the end (spec §2.5 step 2).
public struct SSDPSearchRequest: Sendable, Equatable {
    /// The SSDP group and port.
    public static let group = IPv4Address(239, 255, 255, 250)
    public static let port: UInt16 = 1900
    /// The longest `MX` a device honours, in seconds: UDA 1.1 §1.3.3 says a larger value is
    /// treated as 5.
    public static let maximumWait = 5

    /// Seconds devices may spread their answers over, as sent (1–5 by the spec).
    public var mx: Int
    /// Search target, e.g. `ssdp:all` or a device type URN.
    public var st: String

    public init(mx: Int, st: String) {
        self.mx = mx
        self.st = st
    }

    /// `MX` as a device honours it: capped at ``maximumWait``.
    public var maxWait: Int { min(mx, Self.maximumWait) }

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

    /// Parses a search as a device does: an ``SSDPMessage`` whose start line is
    /// `M-SEARCH * HTTP/1.1`, with `MAN: "ssdp:discover"`, a non-empty `ST` and a numeric `MX` ≥ 0.
    ///
    /// - Throws: what ``SSDPMessage/init(decoding:)`` throws, or `malformed` naming the first
    ///   rule above the message breaks.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        let message = try SSDPMessage(decoding: bytes)
        guard case .request("M-SEARCH", "*", let version) = message.startLine, version.uppercased() == "HTTP/1.1" else {
            throw .malformed(layer: .ssdp, reason: "not an 'M-SEARCH * HTTP/1.1' request")
        }
        guard let man = message.header("MAN"), man.trimmingQuotes == "ssdp:discover" else {
            throw .malformed(layer: .ssdp, reason: "MAN is not \"ssdp:discover\"")
        }
        guard let target = message.header("ST"), !target.isEmpty else {
            throw .malformed(layer: .ssdp, reason: "no search target (ST)")
        }
        guard let mx = message.header("MX").flatMap({ Int($0) }), mx >= 0 else {
            throw .malformed(layer: .ssdp, reason: "MX is missing or not a number of seconds")
        }
        self.init(mx: mx, st: target)
    }
}

extension String {
    /// The text without leading and trailing double quotes.
    fileprivate var trimmingQuotes: Substring {
        var text = Substring(self)
        while text.first == "\"" { text.removeFirst() }
        while text.last == "\"" { text.removeLast() }
        return text
    }
}
