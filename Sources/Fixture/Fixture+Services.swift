import StrictYAML

extension Fixture {
    /// A DNS-SD service announced over mDNS.
    public struct MDNSService: Codable, Sendable, Equatable {
        /// What `delay_ms` may be.
        public static let delayRangeMs: ClosedRange<Double> = 0...60_000
        /// Service type, e.g. `_airplay._tcp`.
        public var type: String
        /// Instance name, e.g. `Living Room`.
        public var instance: String
        public var port: Int
        public var txt: [String: String]?
        /// How long the responder waits before answering a query for this service.
        public var delayMs: Double?

        public init(type: String, instance: String, port: Int, txt: [String: String]? = nil, delayMs: Double? = nil) {
            self.type = type
            self.instance = instance
            self.port = port
            self.txt = txt
            self.delayMs = delayMs
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case type, instance, port, txt
            case delayMs = "delay_ms"
        }
    }

    /// A UPnP root device answering SSDP M-SEARCH.
    public struct SSDPService: Codable, Sendable, Equatable {
        /// What `delay_ms` may be: SSDP caps MX at 5 s.
        public static let delayRangeMs: ClosedRange<Double> = 0...5_000
        /// Device type URN, e.g. `urn:schemas-upnp-org:device:InternetGatewayDevice:1`.
        public var deviceType: String
        /// Device UUID (without the `uuid:` prefix).
        public var uuid: String
        /// Service type URNs the device also answers for.
        public var services: [String]?
        public var server: String
        /// TCP port and path of description.xml (the port must be in `tcp.open`).
        public var locationPort: Int
        public var locationPath: String?
        /// Delay before answering an M-SEARCH; capped by the request's MX. Absent: random in [0, MX].
        public var delayMs: Double?

        public var descriptionPath: String { locationPath ?? "/description.xml" }

        public init(
            deviceType: String,
            uuid: String,
            services: [String]? = nil,
            server: String,
            locationPort: Int,
            locationPath: String? = nil,
            delayMs: Double? = nil
        ) {
            self.deviceType = deviceType
            self.uuid = uuid
            self.services = services
            self.server = server
            self.locationPort = locationPort
            self.locationPath = locationPath
            self.delayMs = delayMs
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case uuid, services, server
            case deviceType = "device_type"
            case locationPort = "location_port"
            case locationPath = "location_path"
            case delayMs = "delay_ms"
        }
    }

    /// An HTTP server on a port: `/` answers with a page whose `<title>` is `title`, every answer
    /// carries `Server: <server>`. With `tls`, the port speaks HTTPS with a generated certificate.
    public struct HTTPEndpoint: Codable, Sendable, Equatable {
        public var port: Int
        public var server: String?
        public var title: String?
        public var tls: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable { case port, server, title, tls }
    }

    /// A TCP banner service. `ssh`, `ftp`, `smtp` and `raw` send `text` on connect;
    /// `rtsp` answers each request with `RTSP/1.0 200 OK` and `Server: <text>`.
    public struct Banner: Codable, Sendable, Equatable {
        public var port: Int
        public var `protocol`: BannerProtocol
        public var text: String

        enum CodingKeys: String, CodingKey, CaseIterable { case port, `protocol`, text }
    }

    public enum BannerProtocol: String, Codable, Sendable, CaseIterable {
        case ssh, ftp, smtp, rtsp, raw

        public init(from decoder: any Decoder) throws { self = try Self.decodeListingCases(from: decoder) }
    }

    /// The UPnP description served at the SSDP location.
    public struct UPnPDescription: Codable, Sendable, Equatable {
        public var friendlyName: String
        public var manufacturer: String
        public var modelName: String
        public var modelNumber: String?

        public init(friendlyName: String, manufacturer: String, modelName: String, modelNumber: String? = nil) {
            self.friendlyName = friendlyName
            self.manufacturer = manufacturer
            self.modelName = modelName
            self.modelNumber = modelNumber
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case manufacturer
            case friendlyName = "friendly_name"
            case modelName = "model_name"
            case modelNumber = "model_number"
        }
    }

    /// AirPlay `/info` on TCP 7000 (the port must be in `tcp.open`).
    public struct AirPlayInfo: Codable, Sendable, Equatable {
        public var model: String
        public var name: String
        public var sourceVersion: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case model, name
            case sourceVersion = "source_version"
        }
    }

    /// Chromecast `/setup/eureka_info` on TCP 8008 (the port must be in `tcp.open`).
    public struct ChromecastInfo: Codable, Sendable, Equatable {
        public var name: String
        public var modelName: String
        public var manufacturer: String?
        public var buildVersion: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, manufacturer
            case modelName = "model_name"
            case buildVersion = "build_version"
        }
    }
}
