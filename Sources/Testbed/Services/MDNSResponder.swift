import Fixture
import Platform
import Wire

/// The mDNS responder of one device: UDP 5353 shared with `SO_REUSEPORT`, member of
/// 224.0.0.251, answering as ``MDNSResponsePlanner`` decides.
struct MDNSResponder: Sendable {
    static let group = IPv4Address(224, 0, 0, 251)
    static let port = 5353

    let planner: MDNSResponsePlanner
    let socket: Socket
    /// A `hostile` fault: when it spoils mdns, every answer and announcement is rewritten.
    let hostile: HostileAnswers?

    /// Opens the socket and joins the group (call inside the device's namespace).
    /// - Parameters:
    ///   - device: the fixture device whose `mdns` services are answered.
    ///   - interfaceIndex: the interface to join on (0: the one holding the device's address).
    ///   - hostile: the device's hostile answers, if it has the fault.
    /// - Throws: `Socket.Failure` when the port cannot be bound or the group joined.
    init(device: Fixture.Device, interfaceIndex: Int32, hostile: HostileAnswers? = nil) throws {
        self.hostile = hostile
        planner = MDNSResponsePlanner(records: MDNSRecordSet(device: device))
        socket = try Socket.udp(port: Self.port, reuse: true)
        do {
            try socket.joinMulticast(Self.group, interfaceIndex: interfaceIndex, interfaceAddress: device.ip)
        } catch {
            socket.close()
            throw error
        }
    }

    /// Serves until `stop` is set; with `announce`, first sends two announcements 1 s apart.
    func start(stop: StopSignal, announce: Bool) {
        let planner = planner, socket = socket, hostile = hostile
        /// The bytes to send for `message`: its encoding, rewritten under the fault.
        let wire: @Sendable (DNSMessage) -> [UInt8] = { message in
            let encoded = message.encoded()
            guard let hostile, let kind = hostile.kinds[.mdns] else { return encoded }
            return HostileAnswers.mdns(encoded, kind: kind, variant: hostile.nextVariant(.mdns))
        }
        ServiceLoop.datagrams(on: socket, name: "mdns", stop: stop) { bytes, sender in
            guard let query = try? DNSMessage(bytes: bytes) else { return }
            for response in planner.plan(query: query, from: sender) {
                let destination: Socket.Address =
                    switch response.destination {
                    case .multicast: Socket.Address(ip: Self.group, port: UInt16(Self.port))
                    case .unicast(let address): address
                    }
                let payload = wire(response.message)
                ServiceLoop.after(milliseconds: response.delayMs) {
                    guard !stop.isStopped else { return }
                    do { try socket.send(payload, to: destination) } catch { ServiceLog.write("mdns: \(error)") }
                }
            }
        }
        if announce {
            let announcement = planner.announcement()
            for delay in [0, 1000] {
                ServiceLoop.after(milliseconds: delay) {
                    guard !stop.isStopped else { return }
                    try? socket.send(wire(announcement), to: Socket.Address(ip: Self.group, port: UInt16(Self.port)))
                }
            }
        }
    }
}
