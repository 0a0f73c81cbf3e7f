import Fixture
import Platform
import Wire

/// The SSDP responder of one device: UDP 1900 shared with `SO_REUSEPORT`, member of
/// 239.255.255.250, answering `M-SEARCH` by unicast after the planned delay.
struct SSDPResponder: Sendable {
    static let group = IPv4Address(239, 255, 255, 250)
    static let port = 1900

    let planner: SSDPResponsePlanner
    let socket: Socket
    /// A `hostile` fault: when it spoils ssdp, every response is rewritten.
    let hostile: HostileAnswers?

    /// Opens the socket and joins the group (call inside the device's namespace).
    /// - Throws: `Socket.Failure` when the port cannot be bound or the group joined.
    init(service: Fixture.SSDPService, ip: IPv4Address, interfaceIndex: Int32, hostile: HostileAnswers? = nil) throws {
        self.hostile = hostile
        planner = SSDPResponsePlanner(service: service, ip: ip)
        socket = try Socket.udp(port: Self.port, reuse: true)
        do {
            try socket.joinMulticast(Self.group, interfaceIndex: interfaceIndex, interfaceAddress: ip)
        } catch {
            socket.close()
            throw error
        }
    }

    func start(stop: StopSignal) {
        let planner = planner, socket = socket, hostile = hostile
        ServiceLoop.datagrams(on: socket, name: "ssdp", stop: stop) { bytes, sender in
            // A device ignores what is not a well-formed search (UDA 1.1 §1.3.2), as real ones do.
            guard let request = try? SSDPSearchRequest(decoding: bytes[...]) else { return }
            let responses = planner.responses(to: request)
            guard !responses.isEmpty else { return }
            ServiceLoop.after(milliseconds: planner.delayMilliseconds(for: request)) {
                guard !stop.isStopped else { return }
                for response in responses {
                    let bytes =
                        if let hostile, let kind = hostile.kinds[.ssdp] {
                            HostileAnswers.ssdp(response, kind: kind, variant: hostile.nextVariant(.ssdp))
                        } else {
                            Array(response.utf8)
                        }
                    do { try socket.send(bytes, to: sender) } catch {
                        ServiceLog.write("ssdp: \(error)")
                    }
                }
            }
        }
    }
}
