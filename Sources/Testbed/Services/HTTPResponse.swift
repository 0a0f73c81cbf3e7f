/// An HTTP/1.1 response the device services send: status, a few headers, a body.
struct HTTPResponse: Sendable, Equatable {
    var status: Int
    var reason: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    init(
        status: Int,
        reason: String,
        contentType: String? = nil,
        server: String?,
        body: String,
        extraHeaders: [(String, String)] = []
    ) {
        self.status = status
        self.reason = reason
        self.body = Array(body.utf8)
        var headers: [(name: String, value: String)] = []
        if let server { headers.append(("Server", server)) }
        if let contentType { headers.append(("Content-Type", contentType)) }
        headers += extraHeaders.map { (name: $0.0, value: $0.1) }
        headers.append(("Content-Length", String(self.body.count)))
        headers.append(("Connection", "close"))
        self.headers = headers
    }

    /// The first header called `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Wire form; `includeBody: false` answers a HEAD request (same headers, no body).
    func serialized(includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (includeBody ? body : [])
    }

    static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.serialized() == rhs.serialized()
    }
}
