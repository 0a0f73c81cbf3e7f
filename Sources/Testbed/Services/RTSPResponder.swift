/// Answers RTSP requests the way a camera's banner does: `200 OK`, the request's CSeq, and a
/// `Server:` header with the fixture's text.
enum RTSPResponder {
    static func response(to request: HTTPRequest, server: String) -> String {
        var lines = ["RTSP/1.0 200 OK"]
        if let sequence = request.header("CSeq") { lines.append("CSeq: \(sequence)") }
        lines.append("Server: \(server)")
        lines.append("Public: OPTIONS, DESCRIBE, SETUP, PLAY, TEARDOWN")
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }
}
