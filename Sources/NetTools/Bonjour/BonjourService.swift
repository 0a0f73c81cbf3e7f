/// A resolved DNS-SD service instance.
public struct BonjourService: Sendable, Codable, Hashable {
    /// Instance name ("Anna's MacBook Pro").
    public var instance: String
    /// Service type ("_ssh._tcp").
    public var type: String
    public var domain: String
    /// Target host name from SRV, without the trailing dot.
    public var host: String?
    public var port: UInt16?
    /// IPv4 addresses of the host (from A records), and the responder's address.
    public var addresses: [String]
    /// TXT key=value pairs.
    public var txt: [String: String]
}
