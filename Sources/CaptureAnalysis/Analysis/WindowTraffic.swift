import CaptureFiles

/// The counts of the frames captured inside one `TimeWindow`.
public struct WindowTraffic: Sendable, Equatable, Codable {
    public var window: TimeWindow
    /// Every frame in the window.
    public var all: ProtocolCounters
    /// Frames whose source (ARP: sender) is the scanner.
    public var fromScanner: ProtocolCounters
    /// Every other frame on the scanner's link.
    public var fromOthers: ProtocolCounters
}
