import Foundation
import Wire

/// HomeNet's deep probe: a quick port scan, then HTTP/HTTPS Server header and title, SSH / FTP /
/// SMTP / RTSP banners, UPnP description XML, AirPlay `/info` and Chromecast `eureka_info`,
/// plus PTR name, MAC vendor and gateway flag — the signals the classifier reads.
public struct DeviceProber: Sendable {
    /// Ports the quick scan looks at (HomeNet's probe ports, NetMonitor's detail list, and the
    /// ports the port fingerprint rules name).
    public static let quickPorts: [UInt16] = [21, 22, 23, 25, 53, 80, 110, 139, 143, 443, 445, 515, 548, 554, 631, 993, 995, 1400, 3000,
                                              3001, 3306, 3389, 5000, 5001, 5432, 5900, 7000, 8000, 8001, 8002, 8008, 8009, 8080, 8443,
                                              9100, 9197, 32400, 49000, 49152, 49153, 62078]
    static let tlsPorts: Set<UInt16> = [443, 5001, 8443]
    static let httpPorts: Set<UInt16> = [80, 1400, 5000, 8000, 8001, 8008, 8080, 9197, 49000, 49152, 49153]
    static let upnpPaths = ["/description.xml", "/rootDesc.xml", "/igddesc.xml", "/xml/device_description.xml", "/ssdp/device-desc.xml",
                            "/dmr", "/setup.xml"]

    public var timeout = 1.5
    public var concurrency = 40

    public init(timeout: Double = 1.5, concurrency: Int = 40) {
        self.timeout = timeout
        self.concurrency = concurrency
    }

    /// Probes `ip` (Bonjour services must be added by the caller: browsing is shared).
    public func probe(_ ip: IPv4Address, gateway: IPv4Address? = LinuxNetworkInfo.defaultGateway()) -> DeviceSignals {
        var signals = DeviceSignals(ip: ip.description)
        signals.isGateway = gateway == ip
        signals.hostname = HostResolver.reverse(ip)
        let scanner = PortScanner(concurrency: concurrency, timeout: timeout, waitingPolicy: .inspectError)
        signals.openPorts = ((try? scanner.scan(ip, ports: Self.quickPorts)) ?? []).filter { $0.state == .open }.map(\.port)
        if let mac = LinuxNetworkInfo.mac(of: ip) {
            signals.mac = mac.description
            signals.vendor = OUIRegistry.shared.vendor(mac)
        }
        let open = Set(signals.openPorts)
        for port in signals.openPorts where Self.httpPorts.contains(port) || Self.tlsPorts.contains(port) {
            guard let head = HTTPProbe.get(ip, port: port, path: "/", tls: Self.tlsPorts.contains(port), timeout: timeout * 2) else { continue }
            if let server = head.headers["server"], !signals.httpServers.contains(server) { signals.httpServers.append(server) }
            if let title = HTTPProbe.title(head.body), !signals.httpTitles.contains(title) { signals.httpTitles.append(title) }
        }
        for port: UInt16 in [22, 21, 25, 554] where open.contains(port) {
            if let banner = BannerGrabber.grab(ip, port: port, timeout: timeout) { signals.banners.append(banner) }
        }
        upnp: for port in signals.openPorts where Self.httpPorts.contains(port) {
            for path in Self.upnpPaths {
                guard let head = HTTPProbe.get(ip, port: port, path: path, tls: false, timeout: timeout), head.status == 200,
                      head.body.contains("<device>") else { continue }
                signals.upnpDeviceType = HTTPProbe.element("deviceType", in: head.body)
                signals.upnpFriendlyName = HTTPProbe.element("friendlyName", in: head.body)
                signals.upnpManufacturer = HTTPProbe.element("manufacturer", in: head.body)
                signals.upnpModel = HTTPProbe.element("modelName", in: head.body)
                break upnp
            }
        }
        if open.contains(7000), let head = HTTPProbe.get(ip, port: 7000, path: "/info", tls: false, timeout: timeout), head.status == 200 {
            signals.airplayModel = HTTPProbe.plistString("model", in: head.body)
            signals.airplayName = HTTPProbe.plistString("name", in: head.body)
        }
        if open.contains(8008), let head = HTTPProbe.get(ip, port: 8008, path: "/setup/eureka_info", tls: false, timeout: timeout), head.status == 200,
           let object = try? JSONSerialization.jsonObject(with: Data(head.body.utf8)) as? [String: Any] {
            signals.chromecastName = object["name"] as? String
            signals.chromecastModel = (object["model_name"] as? String) ?? "Chromecast"
        }
        return signals
    }

    /// Attaches the services whose addresses include the device's IP.
    public static func attach(_ services: [BonjourService], to signals: inout DeviceSignals) {
        signals.services = services.filter { $0.addresses.contains(signals.ip) }
    }
}
