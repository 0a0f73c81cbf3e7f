import CaptureFiles
import Wire

/// The scanner's unicast frame runs, read again from a capture, for an analysis that stopped
/// keeping an address's runs before that address turned out to be the scanner
/// (`WireAnalyzer.dropsUnprovenRuns`).
///
/// A frame counts as the analyzer's fold counts it: not sent to a group
/// (`PacketRecord.sentToGroup`), and the scanner is its IPv4 source or destination (ARP: sender
/// or target address), as far as those layers decode.
struct ScannerRunsReplay {
    private let scanner: UInt32
    /// The scanner's unicast runs so far.
    private(set) var runs = FrameRuns()

    init(scanner: IPv4Address) {
        self.scanner = scanner.value
    }

    mutating func add(_ frame: UnsafeRawBufferPointer, linkType: LinkType, timestamp: Int64) {
        let (source, destination) = Self.endpoints(of: frame, linkType: linkType)
        guard source == scanner || destination == scanner,
            !PacketRecord.sentToGroup(
                linkGroup: LinkDecoder.isGroupAddressed(frame, linkType: linkType) ?? false,
                destination: destination
            )
        else { return }
        runs.add(timestamp)
    }

    /// The frame's IPv4 source and destination (ARP: sender and target address) as the analyzer
    /// records them; zero where the link, ARP or IPv4 header does not decode.
    private static func endpoints(of frame: UnsafeRawBufferPointer, linkType: LinkType) -> (UInt32, UInt32) {
        guard let (type, offset) = try? LinkDecoder.networkPayload(of: frame, linkType: linkType) else { return (0, 0) }
        let network = UnsafeRawBufferPointer(rebasing: frame[offset...])
        switch type {
        case .arp:
            guard let arp = try? ARPPacket(decoding: network) else { return (0, 0) }
            return (arp.senderIP.value, arp.targetIP.value)
        case .ipv4:
            guard let ip = try? IPv4Header(decoding: network) else { return (0, 0) }
            return (ip.source.value, ip.destination.value)
        default:
            return (0, 0)
        }
    }
}
