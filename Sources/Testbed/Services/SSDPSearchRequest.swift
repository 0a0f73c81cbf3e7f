/// An SSDP `M-SEARCH` request (UPnP Device Architecture 1.1 §1.3.2).
struct SSDPSearchRequest: Sendable, Equatable {
    /// The search target (`ST`), e.g. `ssdp:all` or a device type URN.
    var searchTarget: String
    /// The `MX` value in seconds, capped at 5.
    var maxWait: Int

    static let maximumWait = 5

    /// Parses a datagram; nil for anything but `M-SEARCH * HTTP/1.1` with
    /// `MAN: "ssdp:discover"`, an `ST` and a numeric `MX`.
    init?(bytes: [UInt8]) {
        guard let request = HTTPRequest(head: String(decoding: bytes, as: UTF8.self)),
              request.method == "M-SEARCH", request.target == "*", request.version.uppercased() == "HTTP/1.1",
              let man = request.header("MAN"), man.trimmingCharacters(["\""]) == "ssdp:discover",
              let target = request.header("ST"), !target.isEmpty,
              let mx = request.header("MX").flatMap({ Int($0) }), mx >= 0 else { return nil }
        searchTarget = target
        maxWait = min(mx, Self.maximumWait)
    }
}

extension String {
    func trimmingCharacters(_ set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
