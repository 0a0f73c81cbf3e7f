import Foundation

/// Counts frames in a capture file matching a Wireshark display filter, with tshark.
enum Tshark {
    static let isAvailable = Shell.exists("tshark")

    static func count(_ path: String, filter: String) throws -> Int {
        let result = try Shell.run(["tshark", "-n", "-r", path, "-Y", filter, "-T", "fields", "-e", "frame.number"], check: true)
        return result.stdout.split(separator: "\n").count
    }
}
