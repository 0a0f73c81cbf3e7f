import Foundation
import Wire
import Spawn

/// Minimal HTTP/1.0 GET over plain TCP or TLS (TLS through `openssl s_client`), and the parsers
/// the deep probe needs: header block, `<title>`, UPnP description fields, plist and JSON values.
public enum HTTPProbe {
    /// A parsed response: status, lower-cased header names, body.
    public struct Head: Sendable, Equatable {
        public var status: Int?
        public var headers: [String: String]
        public var body: String
    }

    /// GETs `path`; nil when nothing answered.
    public static func get(_ ip: IPv4Address, port: UInt16, path: String, tls: Bool, timeout: Double) -> Head? {
        let request =
            "GET \(path) HTTP/1.0\r\nHost: \(ip):\(port)\r\nUser-Agent: scanbench-probe\r\nConnection: close\r\n\r\n"
        let text: String?
        if tls {
            let output = try? ChildProcess.runMonitored(
                ["openssl", "s_client", "-quiet", "-ign_eof", "-connect", "\(ip):\(port)"],
                input: Data(request.utf8),
                timeout: timeout
            )
            text = output.flatMap { $0.stdout.isEmpty ? nil : $0.stdout }
        } else {
            text = BannerGrabber.exchange(ip, port: port, send: request, timeout: timeout, limit: 262_144)
        }
        guard let text, text.hasPrefix("HTTP/") || text.hasPrefix("RTSP/") else { return nil }
        return parseHead(text)
    }

    /// Splits a response into status line, headers and body.
    public static func parseHead(_ text: String) -> Head {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let headText = parts.count > 1 ? parts[0] : text.components(separatedBy: "\n\n")[0]
        let body = parts.count > 1 ? parts.dropFirst().joined(separator: "\r\n\r\n") : ""
        var lines = headText.split(whereSeparator: \.isNewline).map(String.init)
        var status: Int?
        if let first = lines.first, first.hasPrefix("HTTP/") || first.hasPrefix("RTSP/") {
            status = first.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            lines.removeFirst()
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            if headers[name] == nil {
                headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return Head(status: status, headers: headers, body: body)
    }

    /// The text of the first `<title>` element, whitespace collapsed and entities decoded.
    public static func title(_ html: String) -> String? {
        guard let open = html.range(of: "<title", options: .caseInsensitive),
            let close = html.range(of: ">", range: open.upperBound..<html.endIndex),
            let end = html.range(of: "</title>", options: .caseInsensitive, range: close.upperBound..<html.endIndex)
        else { return nil }
        let text = decodeEntities(String(html[close.upperBound..<end.lowerBound])).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    /// The text of the first `<name>` element (XML), entities decoded.
    public static func element(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(name)>"),
            let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex)
        else { return nil }
        let value = decodeEntities(String(xml[open.upperBound..<close.lowerBound])).trimmingCharacters(
            in: .whitespacesAndNewlines
        )
        return value.isEmpty ? nil : value
    }

    /// The string after `<key>name</key>` in an XML property list.
    public static func plistString(_ key: String, in plist: String) -> String? {
        guard let keyRange = plist.range(of: "<key>\(key)</key>") else { return nil }
        return element("string", in: String(plist[keyRange.upperBound...]))
    }

    static func decodeEntities(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
