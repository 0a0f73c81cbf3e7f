import Platform
import Foundation
import Wire

/// Reads what a service says first (SSH, FTP, SMTP), or asks HTTP / RTSP servers who they are.
public enum BannerGrabber {
    /// The first line a server sends, or the `Server:` header of an HTTP/RTSP answer.
    public static func grab(_ ip: IPv4Address, port: UInt16, timeout: Double = 2) -> String? {
        if let greeting = exchange(ip, port: port, send: nil, timeout: min(timeout, 1)), let line = firstLine(greeting)
        {
            return line
        }
        let request = port == 554 ? "OPTIONS * RTSP/1.0\r\nCSeq: 1\r\n\r\n" : "HEAD / HTTP/1.0\r\nHost: \(ip)\r\n\r\n"
        guard let answer = exchange(ip, port: port, send: request, timeout: timeout) else { return nil }
        let head = HTTPProbe.parseHead(answer)
        return head.headers["server"] ?? firstLine(answer)
    }

    /// Connects, optionally sends `send`, and reads until the peer closes, the text holds a
    /// complete header block, or the timeout passes.
    public static func exchange(
        _ ip: IPv4Address,
        port: UInt16,
        send: String?,
        timeout: Double,
        limit: Int = 65536
    ) -> String? {
        let attempt = TCPConnector.connect(ip, port: port, timeout: timeout)
        guard let socket = attempt.socket else { return nil }
        defer { socket.close() }
        if let send { try? socket.write(Array(send.utf8)) }
        var bytes: [UInt8] = []
        let deadline = MonotonicClock.signedNow() + Int64(timeout * 1e9)
        while MonotonicClock.signedNow() < deadline, bytes.count < limit {
            _ = socket.wait(for: .readable, milliseconds: Int((deadline - MonotonicClock.signedNow()) / 1_000_000) + 1)
            let read = try? socket.read(waiting: false)
            if read == .nothingYet { continue }
            guard case .bytes(let chunk) = read else { break }
            bytes += chunk
            if send == nil, bytes.contains(10) { break }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    static func firstLine(_ text: String) -> String? {
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
        return line?.isEmpty == false ? line : nil
    }
}
