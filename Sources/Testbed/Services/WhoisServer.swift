import Fixture
import Platform
import Foundation
import Wire

/// A WHOIS server (RFC 3912) on TCP 43: reads one query line, writes the answer, closes.
struct WhoisServer: Sendable {
    static let port = 43
    let directory: WhoisDirectory
    let listener: Socket

    /// Binds TCP 43 on `address` (call inside the server's namespace).
    /// - Throws: `Socket.Failure` when the port cannot be bound.
    init(entries: [Fixture.WhoisEntry], address: IPv4Address?, port: Int = WhoisServer.port) throws {
        directory = WhoisDirectory(entries: entries)
        listener = try Socket.tcpListener(port: port, address: address)
    }

    func start(stop: StopSignal) {
        let directory = directory
        ServiceLoop.connections(on: listener, name: "whois", stop: stop) { connection, _ in
            let deadline = Date().addingTimeInterval(10)
            var buffer: [UInt8] = []
            while !buffer.contains(10), buffer.count < 1024 {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return }
                connection.setReceiveTimeout(seconds: remaining)
                guard case .bytes(let bytes)? = try? connection.read(maximum: 1024) else { break }
                buffer += bytes
            }
            let line = String(decoding: buffer.prefix { $0 != 10 && $0 != 13 }, as: UTF8.self)
            try? connection.write(Array(directory.answer(for: line).utf8))
        }
    }
}
