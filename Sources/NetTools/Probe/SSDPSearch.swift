import Platform
import Foundation
import ScanKit
import Wire

/// The deep probe's own SSDP search (UPnP Device Architecture 2.0 §1.3.2): one `M-SEARCH` for
/// `ssdp:all` to 239.255.255.250:1900, answers collected for `window` seconds. Its only product
/// is where each device keeps its description: the `LOCATION` URL of its answer. The probe
/// fetches nothing else — no path is guessed.
///
/// | answer | kept as the device's description | why |
/// |---|---|---|
/// | `LOCATION: http://<sender>:<port>/<path>` | yes, first one per sender | the device said so (UDA §1.3.3) |
/// | `LOCATION` naming another host, or not `http:` | no | never fetch from an address the search did not hear from |
/// | no `LOCATION`, or not an `HTTP/1.1 200` response | no | not an answer to the search |
///
/// Like `BonjourToolBrowser`, it runs beside the per-host probes and after any scan, so the scan's
/// own measurements are untouched; ScanKit's SSDP phase is not reused because it keeps
/// addresses, not descriptions.
public struct SSDPSearch: Sendable {
    /// One answer's description URL, split for `HTTPProbe.get`.
    public struct Location: Sendable, Equatable {
        public var ip: IPv4Address
        public var port: UInt16
        /// Path and query, at least `/`.
        public var path: String
        public var url: String
    }

    /// Seconds to collect answers: the `MX` devices may spread their answers over, plus 1 s.
    public var window: Double
    /// UDA's `MX` (1–5 s).
    public var mx: Int

    public init(mx: Int = 3, window: Double? = nil) {
        self.mx = mx
        self.window = window ?? Double(mx) + 1
    }

    /// A search that listens `seconds` (1–6) and asks devices to answer within the whole
    /// seconds before its last: MX = `seconds` − 1, at least UDA's minimum of 1 (1.5 s: MX 1, 4 s: MX 3).
    public init(listening seconds: Double) {
        self.init(mx: max(1, min(5, Int(seconds - 1))), window: seconds)
    }

    /// Searches and returns each answering device's description location, by its address.
    public func run() throws(NetToolError) -> [IPv4Address: Location] {
        let socket: Socket
        do {
            socket = try Socket.udp()
            try socket.bind(port: 0)
            // UDA 2.0 §1.3.2: a multicast M-SEARCH with TTL 2 by default.
            try socket.configureMulticast(
                group: SSDPSearchRequest.group,
                interfaceIndex: 0,
                localIP: nil,
                ttl: 2,
                join: false
            )
        } catch { throw .system("cannot send an SSDP search: \(error)") }
        defer { socket.close() }
        do {
            try socket.send(
                SSDPSearchRequest(mx: mx, st: "ssdp:all").bytes,
                to: SSDPSearchRequest.group,
                port: SSDPSearchRequest.port
            )
        } catch { throw .system("cannot send an SSDP search: \(error)") }
        var found: [IPv4Address: Location] = [:]
        let deadline = MonotonicClock.signedNow() + Int64(window * 1e9)
        while MonotonicClock.signedNow() < deadline {
            let left = Int((deadline - MonotonicClock.signedNow()) / 1_000_000) + 1
            _ = socket.wait(for: .readable, milliseconds: left)
            while let datagram = try? socket.receive(maximum: 8192) {
                guard found[datagram.source] == nil,
                    let location = Self.location(in: datagram.bytes, from: datagram.source)
                else { continue }
                found[datagram.source] = location
            }
        }
        return found
    }

    /// The description location an answer from `sender` gives, when it is an `http:` URL on the
    /// sender itself.
    public static func location(in bytes: [UInt8], from sender: IPv4Address) -> Location? {
        guard let message = try? SSDPMessage(decoding: bytes[...]), case .response(_, 200, _) = message.startLine,
            let text = message.header("LOCATION"), let url = URLComponents(string: text),
            url.scheme?.lowercased() == "http",
            let host = url.host, IPv4Address(host) == sender
        else { return nil }
        guard let port = UInt16(exactly: url.port ?? 80), port > 0 else { return nil }
        let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        return Location(
            ip: sender,
            port: port,
            path: path + (url.percentEncodedQuery.map { "?" + $0 } ?? ""),
            url: text
        )
    }
}
