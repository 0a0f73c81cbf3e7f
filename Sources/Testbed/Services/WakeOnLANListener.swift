import Platform
import Foundation

/// Listens on UDP 9 and appends every datagram, as one line of lower-case hex, to
/// `<directory>/<device>.log`, so tests can check what a Wake-on-LAN tool sent byte for byte.
struct WakeOnLANListener: Sendable {
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

    func start(stop: StopSignal) {
        let logPath = logPath
        ServiceLoop.datagrams(on: socket, name: "wol", stop: stop) { bytes, _ in
            // Datagrams arrive on this one thread, so appends never interleave.
            guard let handle = FileHandle(forWritingAtPath: logPath) else {
                ServiceLog.write("wol: cannot open \(logPath)")
                return
            }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(Self.line(for: bytes).utf8))
        }
    }
}
