/// What `scanbench wol --json` prints (docs/TOOLS.md).
public struct WakeOnLANReport: Sendable, Encodable {
    public var mac: String
    public var destination: String
    public var port: Int
    public var bytes: Int
    /// The magic packet as sent, in lower-case hex.
    public var packetHex: String

    enum CodingKeys: String, CodingKey {
        case mac, destination, port, bytes
        case packetHex = "packet_hex"
    }

    public init(mac: String, destination: String, port: Int, bytes: Int, packetHex: String) {
        self.mac = mac
        self.destination = destination
        self.port = port
        self.bytes = bytes
        self.packetHex = packetHex
    }
}
