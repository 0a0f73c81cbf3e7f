/// The head of an HTTP/1.x (or RTSP/1.0) request: request line and header fields.
struct HTTPRequest: Sendable, Equatable {
    var method: String
    /// The request target as sent, e.g. `/setup/eureka_info?params=name`.
    var target: String
    /// `HTTP/1.1`, `RTSP/1.0`, …
    var version: String
    /// Header fields in order, names as sent.
    var headers: [(name: String, value: String)]

    /// The target without its query string.
    var path: String {
        String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The first header called `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses a request head (everything before the blank line); nil when the request line is
    /// not `METHOD TARGET VERSION`.
    init?(head: some StringProtocol) {
        var lines = head.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3 else { return nil }
        method = String(parts[0]).uppercased()
        target = String(parts[1])
        version = String(parts[2])
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]).trimmingSpaces, String(line[line.index(after: colon)...]).trimmingSpaces)
        }
    }

    static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// Splits off the first complete request head in `buffer` (ending in a blank line) and
    /// returns it as text; nil while the head is incomplete.
    static func takeHead(from buffer: inout [UInt8]) -> String? {
        let end: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where Array(buffer[index..<(index + 4)]) == end {
            let head = String(decoding: buffer[..<index], as: UTF8.self)
            buffer.removeFirst(index + 4)
            return head
        }
        return nil
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(characters[first...last])
    }
}
