import CaptureFiles

/// What a finished `LiveCapture` hands back.
public struct CaptureResult: Sendable {
    /// Packet and drop counters; always present, check `statistics.dropped`.
    public var statistics: CaptureStatistics
    /// The link-layer type of the interface.
    public var linkType: LinkType
    /// The pcap file written, if one was asked for.
    public var outputPath: String?
    /// Every packet, if `keepsPackets` was set; otherwise empty.
    public var packets: [CapturedPacket]

    public init(statistics: CaptureStatistics, linkType: LinkType, outputPath: String?, packets: [CapturedPacket]) {
        self.statistics = statistics
        self.linkType = linkType
        self.outputPath = outputPath
        self.packets = packets
    }
}
