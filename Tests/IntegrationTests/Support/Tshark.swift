/// Counts frames in a capture file matching a Wireshark display filter, with tshark.
enum Tshark {
    /// The number of frames of `path` that `filter` selects.
    /// - Throws: `LiveTestbedError` when tshark fails.
    static func count(_ path: String, filter: String) throws -> Int {
        let result = try ScanBenchCLI.run([
            "tshark", "-n", "-r", path, "-Y", filter, "-T", "fields", "-e", "frame.number",
        ])
        guard result.status == 0 else {
            throw LiveTestbedError(message: "tshark -Y '\(filter)' failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout.split(separator: "\n").count
    }
}
