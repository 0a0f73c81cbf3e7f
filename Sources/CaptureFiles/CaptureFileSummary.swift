/// What reading a capture file found besides the packets: its format and link types, how many
/// packets were read, whether it was damaged, and what a process filter kept.
public struct CaptureFileSummary: Sendable, Codable, Equatable {
    public var format: CaptureFile.Format
    /// Every link type of the packets read, in order of first appearance.
    public var linkTypes: [String]
    /// Packets read from the file (before any process filter).
    public var packetsRead: Int
    /// Why reading stopped early, nil when the file was read to its end. The packets before
    /// the damage are analysed.
    public var damage: String? = nil
    /// Set when `--process` filtered the packets.
    public var processFilter: ProcessFilterSummary? = nil

    public init(
        format: CaptureFile.Format,
        linkTypes: [String],
        packetsRead: Int,
        damage: String? = nil,
        processFilter: ProcessFilterSummary? = nil
    ) {
        self.format = format
        self.linkTypes = linkTypes
        self.packetsRead = packetsRead
        self.damage = damage
        self.processFilter = processFilter
    }

    enum CodingKeys: String, CodingKey {
        case format, damage
        case linkTypes = "link_types"
        case packetsRead = "packets_read"
        case processFilter = "process_filter"
    }
}
