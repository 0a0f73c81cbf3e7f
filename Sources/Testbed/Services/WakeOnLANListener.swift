import Platform
import Foundation

/// Listens on UDP 9 and appends every datagram, as one line of lower-case hex, to
/// `<directory>/<device>.log`, so tests can check what a Wake-on-LAN tool sent byte for byte, and
/// its arrival (Unix ns, read when `recvfrom` returned) as the same line of `<device>.times`, for
/// the tool's delivery latency (a file's mtime is the kernel's coarse clock, ~4 ms).
public struct WakeOnLANListener: Sendable {
    static let port = 9

    let logPath: String
    let socket: Socket

    /// Creates the log directory and binds UDP 9 (call inside the device's namespace).
    /// - Throws: `Socket.Failure`, or a file-system error when the directory cannot be made.
    init(deviceName: String, directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        logPath = "\(directory)/\(deviceName).log"
        if !FileManager.default.fileExists(atPath: logPath) {
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        }
        socket = try Socket.udp(port: Self.port)
    }

    /// The log line for one datagram.
    static func line(for bytes: [UInt8]) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2 + 1)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text + "\n"
    }

    /// The arrival times beside a log: `<device>.times`.
    public static func timesPath(forLog logPath: String) -> String {
        (logPath.hasSuffix(".log") ? String(logPath.dropLast(4)) : logPath) + ".times"
    }

    private static func append(_ text: String, to path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(text.utf8))
    }

    func start(stop: StopSignal) {
        let logPath = logPath
        let timesPath = Self.timesPath(forLog: logPath)
        ServiceLoop.datagrams(on: socket, name: "wol", stop: stop) { bytes, _ in
            let arrivedNs = Int64(Date().timeIntervalSince1970 * 1e9)
            // Datagrams arrive on this one thread, so appends never interleave.
            guard let handle = FileHandle(forWritingAtPath: logPath) else {
                ServiceLog.write("wol: cannot open \(logPath)")
                return
            }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(Self.line(for: bytes).utf8))
            Self.append("\(arrivedNs)\n", to: timesPath)
        }
    }
}
