import Fixture
import Platform
import Foundation
import Wire

/// Serves one open TCP port of a device according to its ``TCPPortRole``.
struct TCPPortServer: Sendable {
    /// The longest a connection is held (banner, RTSP and plain open ports).
    static let holdSeconds = 10.0
    /// The largest request head accepted.
    static let maximumHead = 16 * 1024

    let port: Int
    let role: TCPPortRole
    let content: DeviceHTTPContent
    let listener: Socket
    /// Certificate and key for `http(tls: true)`; nil: such ports accept and close.
    let tls: TLSServerContext?
    /// A `hostile` fault: when it spoils http, every HTTP answer is rewritten.
    let hostile: HostileAnswers?

    /// Binds the port (call inside the device's namespace).
    /// - Throws: `Socket.Failure` when the port cannot be bound.
    init(
        device: Fixture.Device,
        port: Int,
        role: TCPPortRole,
        address: IPv4Address? = nil,
        tls: TLSServerContext?,
        hostile: HostileAnswers? = nil
    ) throws {
        self.hostile = hostile
        self.port = port
        self.role = role
        self.content = DeviceHTTPContent(device: device, port: port)
        self.tls = tls
        listener = try Socket.tcpListener(port: port, address: address)
    }

    func start(stop: StopSignal) {
        let server = self
        ServiceLoop.connections(on: listener, name: "tcp/\(port)", stop: stop) { connection, _ in
            server.serve(connection)
        }
    }

    /// Runs one connection to its end.
    func serve(_ connection: Socket) {
        let session = Session(socket: connection, deadline: Date().addingTimeInterval(Self.holdSeconds))
        switch role {
        case .http(let secure):
            if secure {
                connection.setReceiveTimeout(seconds: Self.holdSeconds)
                guard let tls, let stream = tls.accept(connection) else { return }
                defer { stream.close() }
                serveHTTP(Session(socket: connection, deadline: session.deadline, stream: stream))
            } else {
                serveHTTP(session)
            }
        case .banner(let banner) where banner.protocol == .rtsp:
            serveRTSP(session, server: banner.text)
        case .banner(let banner):
            try? connection.write(Array((banner.text + "\r\n").utf8))
            session.drain()
        case .hold:
            session.drain()
        }
    }

    private func serveHTTP(_ session: Session) {
        var buffer: [UInt8] = []
        while true {
            if let head = HTTPRequest.takeHead(from: &buffer) {
                let response: HTTPResponse
                if let request = HTTPRequest(head: head) {
                    response = content.response(to: request)
                    if let hostile, let kind = hostile.kinds[.http] {
                        HostileAnswers.writeHTTP(
                            response,
                            kind: kind,
                            variant: hostile.nextVariant(.http),
                            on: session.stream,
                            until: session.deadline
                        )
                        return
                    }
                    try? session.stream.write(response.serialized(includeBody: request.method != "HEAD"))
                } else {
                    response = HTTPResponse(
                        status: 400,
                        reason: "Bad Request",
                        contentType: "text/plain",
                        server: content.server,
                        body: "bad request\n"
                    )
                    try? session.stream.write(response.serialized())
                }
                return
            }
            guard buffer.count < Self.maximumHead, let bytes = session.read(), !bytes.isEmpty else { return }
            buffer += bytes
        }
    }

    private func serveRTSP(_ session: Session, server: String) {
        var buffer: [UInt8] = []
        while true {
            while let head = HTTPRequest.takeHead(from: &buffer) {
                guard let request = HTTPRequest(head: head) else { return }
                // A request body (e.g. SET_PARAMETER) is skipped, not parsed.
                if let length = request.header("Content-Length").flatMap(Int.init), length > 0 {
                    buffer.removeFirst(min(length, buffer.count))
                }
                guard
                    (try? session.stream.write(Array(RTSPResponder.response(to: request, server: server).utf8))) != nil
                else { return }
            }
            guard buffer.count < Self.maximumHead, let bytes = session.read(), !bytes.isEmpty else { return }
            buffer += bytes
        }
    }

    /// A connection with an overall deadline.
    struct Session {
        let socket: Socket
        let deadline: Date
        var stream: any ByteStream

        init(socket: Socket, deadline: Date, stream: (any ByteStream)? = nil) {
            self.socket = socket
            self.deadline = deadline
            self.stream = stream ?? socket
        }

        /// The next bytes, `[]` at end of stream, nil once the deadline passed or on error.
        func read() -> [UInt8]? {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            socket.setReceiveTimeout(seconds: max(remaining, 0.001))
            switch try? stream.read(maximum: 4096) {
            case .bytes(let bytes): return bytes
            case .endOfStream: return []
            case .nothingYet, nil: return nil
            }
        }

        /// Reads and discards until the client closes or the deadline passes.
        func drain() {
            while let bytes = read(), !bytes.isEmpty {}
        }
    }
}
