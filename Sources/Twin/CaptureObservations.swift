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
    /// When the first and the last packet were captured (ms, the capture's clock): the probes'
    /// times are counted from `startMs`.
    public var startMs: Double?
    public var endMs: Double?
    /// The names the scanner's mDNS questions asked (lower case, no trailing dot), e.g.
    /// `_ipp._tcp.local` or the `_services._dns-sd._udp.local` meta-query.
    public var mdnsQuestions: Set<String> = []
    /// The service types (`_ipp._tcp`, lower case) that answers to the `_services._dns-sd._udp`
    /// meta-query named, with the hosts that named each (RFC 6763 §9). A type here whose
    /// `<type>.local` is not in `mdnsQuestions` was announced and never browsed.
    public var announcedTypes: [String: Set<IPv4Address>] = [:]
    /// The scanner's SSDP M-SEARCHes and their ST headers.
    public var mSearches = 0
    public var mSearchTargets: Set<String> = []
    /// Frames the capturing side says it dropped, and who says so; nil when nothing says (a
    /// classic pcap outside a scanbench run directory). A twin of a lossy capture takes a lost
    /// reply for a silent host and a lost burst for a late one.
    public var droppedFrames: (count: UInt64, source: String)?

    public init(file: String, scanner: IPv4Address, scannerReason: String) {
        self.file = file
        self.scanner = scanner
        self.scannerReason = scannerReason
    }

    /// The warning a lossy capture deserves, nil when it dropped nothing or nothing says.
    public var dropWarning: String? {
        guard let droppedFrames, droppedFrames.count > 0 else { return nil }
        return
            "\(file): the capture dropped \(droppedFrames.count) frames (\(droppedFrames.source)); a twin of it, or a check against it, "
            + "mistakes lost replies for silent or late hosts. Capture again with a larger buffer (tcpdump -B) or a quieter machine"
    }

    /// How long the capture lasted (s); 0 for an empty one.
    public var durationS: Double {
        guard let startMs, let endMs else { return 0 }
        return (endMs - startMs) / 1000
    }

    /// Hosts that answered the scanner on some protocol, by address.
    public var answeringHosts: [HostObservations] {
        hosts.values.filter(\.answered).sorted { $0.address < $1.address }
    }

    mutating func update(_ address: IPv4Address, _ change: (inout HostObservations) -> Void) {
        change(&hosts[address, default: HostObservations(address: address)])
    }
}
