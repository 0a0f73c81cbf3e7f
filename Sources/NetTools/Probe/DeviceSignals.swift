/// Everything known about one device that classification may use.
public struct DeviceSignals: Sendable, Codable, Equatable {
    public var ip: String
    public var isGateway = false
    /// PTR / host name.
    public var hostname: String?
    public var mac: String?
    /// Vendor from the MAC's OUI.
    public var vendor: String?
    public var openPorts: [UInt16] = []
    public var services: [BonjourService] = []
    /// `Server:` headers and titles seen on HTTP(S) ports.
    public var httpServers: [String] = []
    public var httpTitles: [String] = []
    /// SSH / FTP / SMTP / RTSP banners.
    public var banners: [String] = []
    public var upnpDeviceType: String?
    public var upnpFriendlyName: String?
    public var upnpManufacturer: String?
    public var upnpModel: String?
    public var airplayModel: String?
    public var airplayName: String?
    public var chromecastName: String?
    public var chromecastModel: String?
    /// Milliseconds of one TCP connect to an open port (SYN to SYN/ACK), HomeNet's "TCP Latency".
    public var connectLatencyMs: Double?
    /// `wired` or `wifi`: the guess from `connectLatencyMs` (`DeviceProber.wifiLatencyMs`).
    public var link: String?

    enum CodingKeys: String, CodingKey {
        case ip, hostname, mac, vendor, services, banners
        case isGateway = "is_gateway"
        case openPorts = "open_ports"
        case httpServers = "http_servers"
        case httpTitles = "http_titles"
        case upnpDeviceType = "upnp_device_type"
        case upnpFriendlyName = "upnp_friendly_name"
        case upnpManufacturer = "upnp_manufacturer"
        case upnpModel = "upnp_model"
        case airplayModel = "airplay_model"
        case airplayName = "airplay_name"
        case chromecastName = "chromecast_name"  // Google Cast eureka_info name
        case chromecastModel = "chromecast_model"  // Google Cast eureka_info model
        case connectLatencyMs = "connect_latency_ms"
        case link
    }

    public init(ip: String) { self.ip = ip }

    /// True when any probe (HTTP, banner, UPnP, AirPlay, Chromecast) found something.
    public var hasProbeResults: Bool {
        !httpServers.isEmpty || !httpTitles.isEmpty || !banners.isEmpty || upnpDeviceType != nil || upnpModel != nil
            || airplayModel != nil || chromecastModel != nil
    }

    /// True when the device exposes anything a classifier can use.
    public var hasAnySignal: Bool {
        isGateway || hostname != nil || vendor != nil || !openPorts.isEmpty || !services.isEmpty || hasProbeResults
    }
}
