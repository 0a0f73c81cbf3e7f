import Fixture

/// What a device does on one of its open TCP ports.
enum TCPPortRole: Sendable, Equatable {
    /// An HTTP server (HTTPS when `tls`).
    case http(tls: Bool)
    /// A banner service (SSH, FTP, SMTP, raw text, or RTSP).
    case banner(Fixture.Banner)
    /// Accepts and holds the connection until the client closes (at most 10 s).
    case hold

    /// The role of every port in the device's `tcp.open` list.
    ///
    /// A port with an `http` entry serves HTTP; otherwise a `banners` entry decides; otherwise
    /// the AirPlay (7000), Chromecast (8008) and SSDP description ports serve HTTP anyway; any
    /// other open port holds.
    static func roles(for device: Fixture.Device) -> [Int: TCPPortRole] {
        var roles: [Int: TCPPortRole] = [:]
        for port in device.tcpPorts.openPorts {
            if let endpoint = device.http?.first(where: { $0.port == port }) {
                roles[port] = .http(tls: endpoint.tls ?? false)
            } else if let banner = device.banners?.first(where: { $0.port == port }) {
                roles[port] = .banner(banner)
            } else if device.servesHTTPImplicitly(on: port) {
                roles[port] = .http(tls: false)
            } else {
                roles[port] = .hold
            }
        }
        return roles
    }
}
