/// One packet read from a capture file, as `CaptureFile` and `PcapngReader` hand it over: the
/// bytes are borrowed and valid only during the call that receives them.
public struct CaptureRecord {
    /// Capture time in nanoseconds since the Unix epoch.
    public var timestamp: Int64
    /// Length on the wire (may exceed `bytes.count` when the snap length cut it).
    public var originalLength: Int
    /// The captured bytes, starting at the link-layer header.
    public var bytes: UnsafeRawBufferPointer
    /// The link-layer type of these bytes (pcapng: of the interface the packet came in on).
    public var linkType: LinkType
    /// The pcapng interface index within its section; 0 for classic pcap.
    public var interface: Int
    /// The process the packet belongs to, when the file says and it was asked for.
    public var process: PacketProcess?
    /// The process `process` sent or received for, when the file names one that differs and it
    /// was asked for (see `PacketProcess`).
    public var effectiveProcess: PacketProcess? = nil

    /// The timestamps analysis works with: 0 to 2^62 ns (1970 to 2116). The sum or difference
    /// of two of them, or of one and a timeout, fits in Int64, so the analyzer's time arithmetic
    /// cannot overflow; readers clamp a hostile file's timestamps into it (a fuzzed pcapng with
    /// `if_tsoffset` near Int64's limits trapped in the RTT subtraction).
    public static let timestamps: ClosedRange<Int64> = 0...(1 << 62)

    /// `nanoseconds` clamped into `timestamps`.
    public static func clamped(_ nanoseconds: Int64) -> Int64 {
        min(max(nanoseconds, timestamps.lowerBound), timestamps.upperBound)
    }
}
