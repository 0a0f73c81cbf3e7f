import CaptureFiles

/// What and how a `LiveCapture` captures.
public struct LiveCaptureConfiguration: Sendable, Equatable {
    /// Interface name, e.g. `eth0` or the scanner's veth.
    public var interface: String
    /// Network namespace (a name under `/run/netns`, as `ip netns` uses) the interface lives
    /// in; nil for the capturing process's own namespace.
    public var namespace: String?
    /// Bytes kept per frame (default 262144, i.e. whole frames).
    public var snapshotLength: Int
    /// Kernel ring buffer size in bytes (default 32 MiB). Raise it if `droppedByKernel` is
    /// non-zero.
    public var bufferSize: Int
    /// Optional BPF filter in pcap-filter(7) syntax, e.g. `not ip6`.
    public var filter: String?
    /// Whether to put the interface into promiscuous mode.
    public var promiscuous: Bool
    /// Where to write a pcap file (nanosecond magic); nil to write none.
    public var outputPath: String?
    /// Whether to keep every packet in memory and return it in `CaptureResult.packets`.
    public var keepsPackets: Bool

    public init(
        interface: String,
        namespace: String? = nil,
        snapshotLength: Int = 262_144,
        bufferSize: Int = 32 << 20,
        filter: String? = nil,
        promiscuous: Bool = true,
        outputPath: String? = nil,
        keepsPackets: Bool = false
    ) {
        self.interface = interface
        self.namespace = namespace
        self.snapshotLength = snapshotLength
        self.bufferSize = bufferSize
        self.filter = filter
        self.promiscuous = promiscuous
        self.outputPath = outputPath
        self.keepsPackets = keepsPackets
    }
}
