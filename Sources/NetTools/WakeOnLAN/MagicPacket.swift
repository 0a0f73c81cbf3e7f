import Platform
import Wire

/// The Wake-on-LAN magic packet: 6 × 0xFF, then the MAC 16 times (102 bytes).
public enum MagicPacket {
    /// The packet for `mac`.
    public static func bytes(for mac: MACAddress) -> [UInt8] {
        [UInt8](repeating: 0xFF, count: 6) + Array([[UInt8]](repeating: mac.array, count: 16).joined())
    }

    /// Parses a MAC as `MACAddress` reads one (':', '-' or '.' separators, or none).
    /// - Throws: ``NetToolError/invalidArgument(_:)`` explaining the accepted forms.
    public static func parseMAC(_ text: String) throws(NetToolError) -> MACAddress {
        guard let mac = MACAddress(text) else {
            throw .invalidArgument(
                "invalid MAC address '\(text)': give 12 hex digits, optionally separated by ':' or '-' (e.g. 00:00:5e:00:53:01)"
            )
        }
        return mac
    }
}

/// Sends a magic packet over UDP.
public enum WakeOnLAN {
    /// Sends the magic packet for `mac` to `address:port` (broadcast allowed); returns the bytes sent.
    public static func send(
        mac: MACAddress,
        to address: IPv4Address = IPv4Address(255, 255, 255, 255),
        port: UInt16 = 9
    ) throws(NetToolError) -> [UInt8] {
        let packet = MagicPacket.bytes(for: mac)
        do {
            let socket = try Socket.udp()
            defer { socket.close() }
            try socket.enableBroadcast()
            try socket.send(packet, to: address, port: port)
        } catch {
            throw .system("cannot send the magic packet to \(address):\(port): \(error)")
        }
        return packet
    }
}
