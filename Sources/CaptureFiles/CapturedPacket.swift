/// One captured frame: when it was seen, how long it was on the wire, and the bytes kept.
public struct CapturedPacket: Sendable, Equatable {
    /// Capture time in nanoseconds since the Unix epoch.
    public var timestamp: Int64
    /// Length on the wire (may exceed `data.count` when the snap length cut it).
    public var originalLength: Int
    /// The captured bytes, starting at the link-layer header.
    public var data: [UInt8]

    public init(timestamp: Int64, originalLength: Int, data: [UInt8]) {
        self.timestamp = timestamp
        self.originalLength = originalLength
        self.data = data
    }
}
