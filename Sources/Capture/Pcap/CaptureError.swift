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
    /// `stop()` was called twice, or on a capture that already failed.
    case notRunning
    /// The capture thread failed while running.
    case captureFailed(interface: String, message: String)

    public var description: String {
        switch self {
        case .openFailed(let interface, let namespace, let message):
            let place = namespace.map { " in network namespace \($0)" } ?? ""
            return "cannot capture on \(interface)\(place): \(message). Check the interface exists (ip link) and that this process has CAP_NET_RAW (run as root)."
        case .badFilter(let expression, let message):
            return "capture filter '\(expression)' is invalid: \(message). Check the syntax in pcap-filter(7)."
        case .namespaceUnavailable(let name, let errno):
            return "cannot enter network namespace '\(name)' (errno \(errno)). Check /run/netns/\(name) exists (ip netns list) and that this process has CAP_SYS_ADMIN."
        case .fileOpenFailed(let path, let message):
            return "cannot open capture file \(path): \(message). Check the path and that it is a pcap or pcapng file."
        case .fileWriteFailed(let path, let errno):
            return "cannot write capture file \(path) (errno \(errno)). Check the directory exists, is writable and the disk is not full."
        case .fileReadFailed(let path, let message):
            return "error reading capture file \(path): \(message). The file may be truncated; re-capture or repair it with editcap."
        case .notRunning:
            return "the capture is not running (already stopped or failed to start)."
        case .captureFailed(let interface, let message):
            return "capture on \(interface) failed: \(message)."
        }
    }
}
