/// A local host the capture shows that no inventory device matches (see `WireYield`): the
/// user's inventory is missing a device, or the device changed both address and MAC.
public struct WireHost: Codable, Sendable, Equatable {
    public var ip: String
    /// Source MACs it used, most packets first (empty on raw-IP captures).
    public var macs: [String]
    /// How it answered the scanner, as in `DeviceWireYield.answered`.
    public var answered: [String]
    public var packetsFromScanner: Int
    public var packetsToScanner: Int

    public init(ip: String, macs: [String], answered: [String], packetsFromScanner: Int, packetsToScanner: Int) {
        self.ip = ip
        self.macs = macs
        self.answered = answered
        self.packetsFromScanner = packetsFromScanner
        self.packetsToScanner = packetsToScanner
    }

    enum CodingKeys: String, CodingKey {
        case ip, macs, answered
        case packetsFromScanner = "packets_from_scanner"
        case packetsToScanner = "packets_to_scanner"
    }
}
