import Foundation

/// Which TCP ports are worth a look on a LAN nobody described to us, and what they are called:
/// nmap's `nmap-services`, read at run time from the installed file. Its third column is the
/// fraction of scanned hosts on which nmap's Internet-wide scans found the port open; nmap's own
/// `--top-ports N` and `-F` (top 100) pick ports by it.
///
/// | question | answer | source |
/// |---|---|---|
/// | the N ports to probe | the N TCP ports with the highest open-frequency, ties by port number | `/usr/share/nmap/nmap-services` (Debian package `nmap`) |
/// | the same, file missing | `fallbackTopTCP`, nmap's published top 20, then nothing more; `notice` says so | https://nmap.org/book/port-scanning.html ("Top 20 (most commonly open) TCP ports") |
/// | a port's service name | the file's first column (`ipp`, `https-alt`, `iphone-sync`) | `nmap-services` |
///
/// Loaded once, on first use (`shared`).
public final class NmapServices: Sendable {
    /// The installed file, loaded on first use.
    public static let shared = NmapServices()

    public static let defaultPath = "/usr/share/nmap/nmap-services"

    /// nmap's top 20 TCP ports by open-frequency, in order, as the Nmap book publishes them
    /// (https://nmap.org/book/port-scanning.html): used only when `nmap-services` is missing.
    public static let fallbackTopTCP: [UInt16] = [
        80, 23, 443, 21, 22, 25, 3389, 110, 445, 139, 143, 53, 135, 3306, 8080, 1723,
        111, 995, 993, 5900,
    ]

    /// TCP ports by descending open-frequency.
    public let rankedTCP: [UInt16]
    /// TCP service names by port.
    private let tcpNames: [UInt16: String]
    /// Set when the file could not be read.
    public let notice: String?

    public init(path: String = NmapServices.defaultPath) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            rankedTCP = Self.fallbackTopTCP
            tcpNames = [:]
            notice = """
                \(path) is missing (Debian package nmap): probing only nmap's published top \(Self.fallbackTopTCP.count) \
                TCP ports, without service names; install it: apt-get install nmap
                """
            return
        }
        let parsed = Self.parse(text)
        rankedTCP = parsed.ranked
        tcpNames = parsed.names
        notice = nil
    }

    /// The `count` most frequently open TCP ports (fewer when the list is shorter).
    public func topTCPPorts(_ count: Int) -> [UInt16] { Array(rankedTCP.prefix(max(0, count))) }

    /// nmap's name for TCP `port` (`http`, `ipp`), nil when it has none or is `unknown`.
    public func name(tcp port: UInt16) -> String? { tcpNames[port] }

    /// Parses `name<TAB>port/proto<TAB>frequency[<TAB># comment]` lines.
    static func parse(_ text: String) -> (ranked: [UInt16], names: [UInt16: String]) {
        var entries: [(port: UInt16, frequency: Double)] = []
        var names: [UInt16: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: true)
            guard fields.count >= 3, fields[1].hasSuffix("/tcp"), let port = UInt16(fields[1].dropLast(4)),
                let frequency = Double(fields[2])
            else { continue }
            entries.append((port, frequency))
            if fields[0] != "unknown", names[port] == nil { names[port] = String(fields[0]) }
        }
        let ranked = entries.sorted { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.port < $1.port }
            .map(\.port)
        return (ranked, names)
    }
}
