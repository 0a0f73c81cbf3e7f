import Fixture
import Foundation
import Synchronization

/// A device's hostile answers (`Fixture.Hostile`, drawn at `testbed up`): which kind each
/// protocol answers with, and the rewrites of a well-formed answer into a malformed, truncated
/// or oversized one. Each kind has a few variants, taken in turn on each protocol (its first
/// answer the first variant, its second the second, …), so that a run meets every one of them. The limits broken are:
/// - DNS/mDNS: RFC 1035 §4.1.4 (a compression pointer points to an earlier name, so never to
///   itself or past the message), §4.1.1 (the counts give the records that follow), RFC 6762 §17
///   (a multicast DNS message is at most 9000 bytes with its IP and UDP headers).
/// - SSDP: UPnP Device Architecture 2.0 §1.3.3 (an HTTP/1.1 status line and header fields, each
///   line ending in CRLF, a blank line at the end).
/// - HTTP: RFC 9112 §4 (the status line is `HTTP-version SP 3DIGIT SP reason`), §6.3 (a
///   Content-Length that does not parse, or two that differ, is an unrecoverable error; a body
///   shorter than its Content-Length is an incomplete message), §5 (header lines end in CRLF).
final class HostileAnswers: Sendable {
    typealias HostileProtocol = Fixture.Hostile.HostileProtocol
    typealias Kind = Fixture.Hostile.Kind

    /// The kind each spoiled protocol answers with.
    let kinds: [HostileProtocol: Kind]
    /// Answers sent so far, per protocol.
    private let answered = Mutex<[HostileProtocol: Int]>([:])

    init(kinds: [HostileProtocol: Kind]) { self.kinds = kinds }

    /// The variant the next answer on `name` takes (0, 1, 2, … per protocol).
    func nextVariant(_ name: HostileProtocol) -> Int {
        answered.withLock { counts in
            defer { counts[name, default: 0] += 1 }
            return counts[name, default: 0]
        }
    }

    /// The largest DNS message RFC 6762 §17 allows on the wire, less 20 bytes of IPv4 and 8 of
    /// UDP header.
    static let mdnsMaximumPayload = 9000 - 28
    /// The size of a 64 KB answer: under the 65,507 bytes a UDP datagram can carry over IPv4
    /// (so it leaves as about 45 fragments).
    static let datagramPayload = 65_000
    /// The body an oversized HTTP answer announces and sends (8 MiB).
    static let httpBodyBytes = 8 << 20

    // MARK: mDNS

    /// `message` (an encoded DNS message) made `kind`: malformed — the first name a pointer to
    /// itself (a loop), the first name a pointer past the end, or counts 16 above the records;
    /// truncated — cut at half its length, or inside its 12-byte header; oversized — filled with
    /// TXT records up to 9000 bytes on the wire, or one TXT record making a 65,000-byte datagram.
    static func mdns(_ message: [UInt8], kind: Kind, variant: Int) -> [UInt8] {
        guard message.count > 12 else { return message }
        switch kind {
        case .malformed:
            switch variant % 3 {
            case 0:
                return Array(message[..<12]) + [0xC0, 0x0C] + message[firstNameEnd(message)...]
            case 1:
                let past = min(message.count + 64, 0x3FFF)
                return Array(message[..<12]) + [0xC0 | UInt8(past >> 8), UInt8(past & 0xFF)]
                    + message[firstNameEnd(message)...]
            default:
                var copy = message
                for offset in [6, 10] {
                    let count = (Int(copy[offset]) << 8 | Int(copy[offset + 1])) + 16
                    copy[offset] = UInt8(count >> 8)
                    copy[offset + 1] = UInt8(count & 0xFF)
                }
                return copy
            }
        case .truncated:
            return variant % 2 == 0 ? Array(message[..<max(13, message.count / 2)]) : Array(message[..<7])
        case .oversized:
            let target = variant % 2 == 0 ? mdnsMaximumPayload : datagramPayload
            var copy = message
            var added = 0
            while copy.count < target - 15 {
                // A TXT record named by a pointer to the first name (offset 12): 12 bytes before its data.
                let room = min(target - copy.count - 12, variant % 2 == 0 ? 512 : 65_535 - 12)
                var data: [UInt8] = []
                while data.count < room {
                    let length = min(255, room - data.count - 1)
                    guard length > 0 else { break }
                    data.append(UInt8(length))
                    data += [UInt8](repeating: 0x78, count: length)
                }
                guard !data.isEmpty else { break }
                copy += [0xC0, 0x0C, 0x00, 0x10, 0x00, 0x01, 0x00, 0x00, 0x00, 0x78]
                copy += [UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
                added += 1
            }
            let additionals = (Int(copy[10]) << 8 | Int(copy[11])) + added
            copy[10] = UInt8((additionals >> 8) & 0xFF)
            copy[11] = UInt8(additionals & 0xFF)
            return copy
        }
    }

    /// Where the name at offset 12 ends (after its zero label or its pointer).
    static func firstNameEnd(_ message: [UInt8]) -> Int {
        var offset = 12
        while offset < message.count {
            let length = Int(message[offset])
            if length == 0 { return offset + 1 }
            if length & 0xC0 == 0xC0 { return min(offset + 2, message.count) }
            offset += length + 1
        }
        return message.count
    }

    // MARK: SSDP

    /// `response` (a search response, CRLF lines) made `kind`: malformed — bare LF line ends
    /// with garbage header lines, or a status line that is not HTTP with bytes that are not
    /// UTF-8; truncated — cut at half its length, or inside its status line; oversized — one
    /// header of 65,000 bytes, or 4,000 header lines.
    static func ssdp(_ response: String, kind: Kind, variant: Int) -> [UInt8] {
        let bytes = Array(response.utf8)
        switch kind {
        case .malformed:
            let lines = response.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            if variant % 2 == 0 {
                let garbage = ["this line has no colon", ": no name", "LOCATION http://no-colon/"]
                return Array((Array(lines.prefix(2)) + garbage + lines.dropFirst(2)).joined(separator: "\n").utf8)
            }
            return Array("HTTP/1.1 TWO-HUNDRED OK\r\n".utf8) + [0xFF, 0xFE, 0x00, 0x3A, 0x0D, 0x0A]
                + Array(lines.dropFirst().joined(separator: "\r\n").utf8)
        case .truncated:
            return variant % 2 == 0 ? Array(bytes[..<(bytes.count / 2)]) : Array(bytes[..<min(10, bytes.count)])
        case .oversized:
            let head = Array(bytes.dropLast(2))
            if variant % 2 == 0 {
                let name = Array("X-PADDING: ".utf8)
                let fill = datagramPayload - head.count - name.count - 4
                return head + name + [UInt8](repeating: 0x41, count: max(0, fill)) + Array("\r\n\r\n".utf8)
            }
            var extra: [UInt8] = []
            for index in 0..<4_000 { extra += Array("X-REPEAT-\(index): \(index)\r\n".utf8) }
            return head + extra.prefix(datagramPayload - head.count - 2) + Array("\r\n".utf8)
        }
    }

    // MARK: HTTP

    /// Writes `response` made `kind` on `stream`, then returns (the caller closes the
    /// connection): malformed — a status line whose code is not three digits, a Content-Length
    /// that is not a number, or two Content-Lengths that differ; truncated — half the body then
    /// the close, or half the head; oversized — an 8 MiB body, or one header line written until
    /// the client closes or `deadline` passes.
    static func writeHTTP(
        _ response: HTTPResponse,
        kind: Kind,
        variant: Int,
        on stream: any ByteStream,
        until deadline: Date
    ) {
        let wire = response.serialized()
        let headEnd = wire.count - response.body.count
        switch kind {
        case .malformed:
            var text = String(decoding: wire[..<headEnd], as: UTF8.self)
            switch variant % 3 {
            case 0:
                text = text.replacingFirst("HTTP/1.1 \(response.status) ", with: "HTTP/1.1 2x0 ")
            case 1:
                text = text.replacingFirst("Content-Length: \(response.body.count)", with: "Content-Length: twelve")
            default:
                text = text.replacingFirst(
                    "Content-Length: \(response.body.count)",
                    with: "Content-Length: \(response.body.count)\r\nContent-Length: \(response.body.count + 7)"
                )
            }
            try? stream.write(Array(text.utf8) + response.body)
        case .truncated:
            let cut = variant % 2 == 0 ? headEnd + response.body.count / 2 : headEnd / 2
            try? stream.write(Array(wire[..<cut]))
        case .oversized:
            let chunk = [UInt8](repeating: 0x41, count: 16 * 1024)
            if variant % 2 == 0 {
                var head = String(decoding: wire[..<headEnd], as: UTF8.self)
                head = head.replacingFirst(
                    "Content-Length: \(response.body.count)",
                    with: "Content-Length: \(httpBodyBytes)"
                )
                guard (try? stream.write(Array(head.utf8))) != nil else { return }
                var sent = 0
                while sent < httpBodyBytes, Date() < deadline {
                    guard (try? stream.write(Array(chunk.prefix(httpBodyBytes - sent)))) != nil else { return }
                    sent += chunk.count
                }
            } else {
                guard (try? stream.write(Array("HTTP/1.1 200 OK\r\nX-Endless: ".utf8))) != nil else { return }
                while Date() < deadline {
                    guard (try? stream.write(chunk)) != nil else { return }
                }
            }
        }
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced (unchanged without one).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
