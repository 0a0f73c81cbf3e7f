import Wire

/// What one capture shows about the scanner's LAN, per host, for a twin fixture and for the
/// round-trip check: read once by `TwinCaptureReader`, turned into a fixture by `TwinDerivation`
/// and compared with another capture's by `TwinComparison`.
public struct CaptureObservations: Sendable {
    /// The capture file.
    public var file: String
    public var scanner: IPv4Address
    /// How the scanner was chosen (`--scanner`, or the analyzer's inference and its counts).
    public var scannerReason: String
    /// The MAC the scanner's frames came from (nil on link types without one, e.g. raw IP).
    public var scannerMAC: MACAddress?
    /// Every address the scanner probed or that sent it anything, by address.
    public var hosts: [IPv4Address: HostObservations] = [:]
    /// Addresses the scanner sent an ARP request for (its sweep).
    public var arpTargets: Set<IPv4Address> = []
    /// Packets read.
    public var packets = 0

    public init(file: String, scanner: IPv4Address, scannerReason: String) {
        self.file = file
        self.scanner = scanner
        self.scannerReason = scannerReason
    }

    /// Hosts that answered the scanner on some protocol, by address.
    public var answeringHosts: [HostObservations] {
        hosts.values.filter(\.answered).sorted { $0.address < $1.address }
    }

    mutating func update(_ address: IPv4Address, _ change: (inout HostObservations) -> Void) {
        change(&hosts[address, default: HostObservations(address: address)])
    }
}
