import Fixture
import Platform
import Wire

/// A plain UDP port from the fixture's `udp:` list: answers each datagram with `reply` when
/// set, otherwise only receives.
struct UDPPortServer: Sendable {
    let port: Int
    let reply: [UInt8]?
    let socket: Socket

    /// Binds the port (call inside the device's namespace).
    /// - Throws: `Socket.Failure` when the port cannot be bound.
    init(_ service: Fixture.UDPService, address: IPv4Address? = nil) throws {
        port = service.port
        reply = service.reply.map { Array($0.utf8) }
        socket = try Socket.udp(port: service.port, address: address)
    }

    func start(stop: StopSignal) {
        let reply = reply, socket = socket
        ServiceLoop.datagrams(on: socket, name: "udp/\(port)", stop: stop) { _, sender in
            guard let reply else { return }
            try? socket.send(reply, to: sender)
        }
    }
}
