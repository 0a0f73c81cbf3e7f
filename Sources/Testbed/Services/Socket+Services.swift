import Platform
import Wire

/// The services' conventions on Platform's `Socket`: blocking sockets that serve one port each,
/// read by a thread per connection with a receive timeout.
extension Socket: ByteStream {
    /// A listening TCP socket with `SO_REUSEADDR`, bound to `address` (nil: every address).
    static func tcpListener(port: Int, address: IPv4Address? = nil, backlog: Int32 = 128) throws(SystemError) -> Socket
    {
        let socket = try Socket.tcp()
        do {
            try socket.enableAddressReuse()
            try socket.bind(Address(ip: address ?? IPv4Address(0), port: UInt16(port)))
            try socket.listen(backlog: backlog)
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// A UDP socket bound to `port` on `address` (nil: every address), optionally with
    /// `SO_REUSEADDR` and `SO_REUSEPORT` so that other responders can share the port.
    static func udp(port: Int, address: IPv4Address? = nil, reuse: Bool = false) throws(SystemError) -> Socket {
        let socket = try Socket.udp()
        do {
            if reuse { try socket.enableReuse() }
            try socket.bind(Address(ip: address ?? IPv4Address(0), port: UInt16(port)))
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Joins a multicast group on the interface with index `interfaceIndex` (0: the one that
    /// owns `interfaceAddress`), and sends multicast from that interface with TTL 255 and no
    /// loopback, as mDNS and SSDP responders do.
    func joinMulticast(_ group: IPv4Address, interfaceIndex: Int32, interfaceAddress: IPv4Address) throws(SystemError) {
        try configureMulticast(
            group: group,
            interfaceIndex: interfaceIndex,
            localIP: interfaceAddress,
            ttl: 255,
            join: true
        )
    }

    /// Blocks until bytes arrive, the peer closes, or the receive timeout passes (`.nothingYet`).
    func read(maximum: Int) throws -> StreamRead { try read(maximum: maximum, waiting: true) }
}
