import Glibc

/// Reads files under /proc, which report size 0: a reader that trusts `stat`, as Foundation's
/// `String(contentsOfFile:)` does, gets only the first page (about 50 neighbours of
/// `/proc/net/arp`). Shared by ScanKit and NetTools, which both read the routing and neighbour
/// tables; it lives here, in the platform layer both already build on.
public enum ProcFile {
    /// The whole text of `path`, read until end of file; nil when it cannot be opened.
    public static func text(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data += chunk.prefix(count)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
