/// An SSDP message (UPnP Device Architecture 2.0 §1): HTTP/1.1 syntax carried in one UDP
/// datagram — a start line, CRLF-separated headers and an empty line.
///
/// Requests are `M-SEARCH * HTTP/1.1` (search) and `NOTIFY * HTTP/1.1` (announcement);
/// responses are `HTTP/1.1 200 OK` answers to a search. Bare LF line ends are accepted, as
/// many devices send them.
public struct SSDPMessage: Sendable, Equatable {
    /// The first line of the message.
    public enum StartLine: Sendable, Equatable {
        case request(method: String, target: String, version: String)
        case response(version: String, status: Int, reason: String)
    }

    /// What the message is, for counting.
    public enum Kind: String, Sendable, Equatable, Codable {
        case search, notify, response, otherRequest
    }

    public var startLine: StartLine
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]

    public static func == (lhs: SSDPMessage, rhs: SSDPMessage) -> Bool {
        lhs.startLine == rhs.startLine
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// The kind of message.
    public var kind: Kind {
        switch startLine {
        case .request(let method, _, _):
            switch method {
            case "M-SEARCH": .search
            case "NOTIFY": .notify
            default: .otherRequest
            }
        case .response: .response
        }
    }

    /// The first header named `name` (case-insensitive), value trimmed.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Decodes an SSDP message from a UDP payload.
    ///
    /// - Throws: `malformed` when the payload is not ASCII/UTF-8 text, has no start line, the
    ///   start line is neither `METHOD target HTTP/x.y` nor `HTTP/x.y code reason`, or a header
    ///   line lacks a colon.
    public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
        guard !bytes.isEmpty else { throw .truncated(layer: .ssdp, needed: 1, available: 0) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .malformed(layer: .ssdp, reason: "payload is not UTF-8 text")
        }
        // Split on bytes: in a Swift String "\r\n" is one Character and never equals "\n".
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            Substring(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }[...]
        guard let first = lines.popFirst(), !first.isEmpty else {
            throw .malformed(layer: .ssdp, reason: "no start line")
        }
        let parts = first.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        if first.hasPrefix("HTTP/") {
            guard parts.count >= 2, let status = Int(parts[1]), (100...999).contains(status) else {
                throw .malformed(layer: .ssdp, reason: "status line '\(first.prefix(60))' has no status code")
            }
            startLine = .response(
                version: String(parts[0]),
                status: status,
                reason: parts.count > 2 ? String(parts[2]) : ""
            )
        } else {
            guard parts.count == 3, parts[2].hasPrefix("HTTP/"),
                parts[0].allSatisfy({ $0.isUppercase || $0 == "-" })
            else {
                throw .malformed(
                    layer: .ssdp,
                    reason: "start line '\(first.prefix(60))' is not 'METHOD target HTTP/1.1'"
                )
            }
            startLine = .request(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]))
        }
        var fields: [(name: String, value: String)] = []
        for line in lines {
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else {
                throw .malformed(layer: .ssdp, reason: "header line '\(line.prefix(60))' has no colon")
            }
            let name = line[..<colon].trimmingSpaces
            guard !name.isEmpty else { throw .malformed(layer: .ssdp, reason: "header line with an empty name") }
            fields.append((name: String(name), value: String(line[line.index(after: colon)...].trimmingSpaces)))
        }
        headers = fields
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
