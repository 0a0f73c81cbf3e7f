import CaptureFiles

/// Counters of one capture: what libpcap delivered and what the kernel dropped.
///
/// `droppedByKernel` is `pcap_stats`' `ps_drop` (the ring buffer was full: packets lost to the
/// capture, not to the network); `droppedByInterface` is `ps_ifdrop`. A normal run reports zero
/// for both; anything else means the numbers from the wire undercount.
public struct CaptureStatistics: Sendable, Equatable, Codable {
    /// Packets handed to our callback (and written to the file, if any).
    public var captured: Int
    /// `ps_recv`: packets the kernel saw pass the filter.
    public var received: UInt64
    /// `ps_drop`: packets dropped because the buffer was full.
    public var droppedByKernel: UInt64
    /// `ps_ifdrop`: packets dropped by the interface or its driver.
    public var droppedByInterface: UInt64

    public init(captured: Int, received: UInt64, droppedByKernel: UInt64, droppedByInterface: UInt64) {
        self.captured = captured
        self.received = received
        self.droppedByKernel = droppedByKernel
        self.droppedByInterface = droppedByInterface
    }

    /// Kernel plus interface drops.
    public var dropped: UInt64 { droppedByKernel + droppedByInterface }
}
