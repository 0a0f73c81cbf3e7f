/// Why a capture could not be started, read or written — with what to do about it.
public enum CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `pcap_create`/`pcap_activate` failed on an interface.
    case openFailed(interface: String, namespace: String?, message: String)
    /// The BPF filter expression did not compile or could not be installed.
    case badFilter(expression: String, message: String)
    /// The network namespace could not be entered.
    case namespaceUnavailable(name: String, errno: Int32)
    /// A capture file could not be opened for reading.
    case fileOpenFailed(path: String, message: String)
    /// A capture file could not be written.
    case fileWriteFailed(path: String, errno: Int32)
    /// A record in a capture file could not be read.
    case fileReadFailed(path: String, message: String)
    /// A capture file whose link type (or one of whose pcapng interfaces') analysis cannot
    /// decode; `interface` is the pcapng interface index, nil for a classic pcap file.
    case unsupportedLinkType(path: String, linkType: UInt32, interface: Int?)
    /// A pcap or pcapng file broken at `offset`: a record or block cut short, a length out of bounds, a packet
    /// naming an interface never described. What came before it was read.
    case damagedFile(path: String, offset: Int64, block: String, reason: String)
    /// `--process` was asked of a capture in which no packet says which process it belongs to.
    case noProcessInformation(path: String)
    /// `stop()` was called twice, or on a capture that already failed.
    case notRunning
    /// The capture thread failed while running.
    case captureFailed(interface: String, message: String)

    public var description: String {
        switch self {
        case .openFailed(let interface, let namespace, let message):
            let place = namespace.map { " in network namespace \($0)" } ?? ""
            return
                "cannot capture on \(interface)\(place): \(message). Check the interface exists (ip link) and that this process has CAP_NET_RAW (run as root)."
        case .badFilter(let expression, let message):
            return "capture filter '\(expression)' is invalid: \(message). Check the syntax in pcap-filter(7)."
        case .namespaceUnavailable(let name, let errno):
            return
                "cannot enter network namespace '\(name)' (errno \(errno)). Check /run/netns/\(name) exists (ip netns list) and that this process has CAP_SYS_ADMIN."
        case .fileOpenFailed(let path, let message):
            return "cannot open capture file \(path): \(message). Check the path and that it is a pcap or pcapng file."
        case .fileWriteFailed(let path, let errno):
            return
                "cannot write capture file \(path) (errno \(errno)). Check the directory exists, is writable and the disk is not full."
        case .fileReadFailed(let path, let message):
            return
                "error reading capture file \(path): \(message). Check it is a readable pcap or pcapng file, not a directory; a truncated one can be repaired with editcap."
        case .unsupportedLinkType(let path, let linkType, let interface):
            let place = interface.map { " (pcapng interface \($0))" } ?? ""
            return
                "capture file \(path)\(place) has link type \(linkType), which analysis cannot decode. Supported: \(LinkType.supportedSummary). Convert the file (editcap -T ether, or capture again on a supported interface)."
        case .damagedFile(let path, let offset, let block, let reason):
            return
                "capture file \(path) is damaged at byte \(offset) (\(block)): \(reason). Everything before it was read; re-capture, or keep the packets before it (editcap -r FILE OUT 1-N)."
        case .noProcessInformation(let path):
            return
                "capture file \(path) says nothing about processes, so --process cannot filter it. Per-packet process names come only from Apple PKTAP (tcpdump -P -i rvi0 on a Mac), Apple pcapng process blocks (the same, written as pcapng) and pymobiledevice3's pcapng comments (pymobiledevice3 pcap --out FILE); see docs/REAL-DEVICES.md."
        case .notRunning:
            return "the capture is not running (already stopped or failed to start)."
        case .captureFailed(let interface, let message):
            return "capture on \(interface) failed: \(message)."
        }
    }
}
