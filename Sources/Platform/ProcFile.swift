#if canImport(Glibc)
import Glibc
#endif

/// Reads files under /proc and /sys, which report size 0: a reader that trusts `stat`, as
/// Foundation's `String(contentsOfFile:)` does, can get only the first page (about 50 neighbours
/// of `/proc/net/arp`). This one reads until end of file. The one way ScanBench reads procfs:
/// the stack's routing and neighbour tables, the tools' gateway, the harness's environment and
/// process samples.
public enum ProcFile {
    /// The whole text of `path`, read until end of file; nil when it cannot be opened or read.
    public static func text(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            guard count > 0 else { break }
            data += chunk.prefix(count)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
