/// One row of the generator's catalog: a vendor's product family (an iPhone, a Brother laser
/// printer, a Sonos speaker) and everything a device of it may do on the wire. Strings are
/// templates filled per device (`DeviceIdentity.fill`); optional behaviour comes in `features`,
/// each present with its own share.
struct DeviceKind: Sendable {
    /// Relative weight of the kind within its category, per profile (0: never drawn there).
    struct Weights: Sendable {
        var home: Double
        var office: Double
        var denseIoT: Double

        init(_ home: Double, _ office: Double, _ denseIoT: Double) {
            self.home = home
            self.office = office
            self.denseIoT = denseIoT
        }
    }

    /// A model: the marketing name, and for Apple devices the identifier AirPlay reports.
    struct Model: Sendable {
        var name: String
        var id: String?

        init(_ name: String, id: String? = nil) {
            self.name = name
            self.id = id
        }
    }

    /// A port that is the same on every device of the kind, or drawn per device from the dynamic
    /// range 49152–65535 (RFC 6335), as services that ask the system for a port get.
    enum Port: Sendable, ExpressibleByIntegerLiteral {
        case fixed(Int)
        case dynamic

        init(integerLiteral value: Int) { self = .fixed(value) }
    }

    /// A DNS-SD service announced over mDNS. Its port is opened unless `listens` is false (a
    /// service that announces what a sleeping or firewalled device cannot serve).
    struct Service: Sendable {
        var type: String
        var port: Port
        var instance = "{label}"
        var txt: [(key: String, value: String)] = []
        var listens = true
    }

    /// An HTTP(S) server; `title` is a template.
    struct Web: Sendable {
        var port: Int
        var server: String?
        var title: String?
        var tls = false
    }

    /// A UPnP root device answering SSDP. `SERVER:` is `Linux/<os> UPnP/1.0 <product>`, the form
    /// UPnP Device Architecture 1.0 §1.1.2 gives; `friendlyName` is a template.
    struct UPnP: Sendable {
        var deviceType: String
        var services: [String] = []
        var port: Port
        var path = "/description.xml"
        var os = "4.9"
        var product: String
        var friendlyName = "{label}"
        var manufacturer: String
    }

    /// Behaviour a device of the kind has with probability `share`.
    struct Feature: Sendable {
        var share = 1.0
        var tcp: [Int] = []
        var udp: [Int] = []
        var mdns: [Service] = []
        var http: [Web] = []
        var banners: [Fixture.Banner] = []
        var upnp: UPnP?
        /// AirPlay `/info` on 7000 (model id and label).
        var airplay = false
        /// Chromecast `eureka_info` on 8008 (label, model name, vendor).
        var chromecast = false

        /// The same feature with more ports and services.
        func adding(tcp more: [Int] = [], mdns services: [Service] = []) -> Feature {
            var feature = self
            feature.tcp += more
            feature.mdns += services
            return feature
        }
    }

    /// Whether the kind is drawn as the LAN's gateway or as any other device.
    enum Role: Sendable { case gateway, member }

    let id: String
    let category: Fixture.DeviceCategory
    /// The brand (`{vendor}`); empty when the models name it (Windows PCs of several brands).
    let vendor: String
    let blocks: [OUIBlock]
    let models: [Model]
    let weights: Weights
    var role = Role.member
    /// Host-name template in the vendor's default style; nil: the kind sends no DHCP host name.
    var hostname: String?
    /// Share of devices that register their host name (DHCP option 12) with the gateway's DNS.
    var hostnameShare = 0.9
    /// Template of the device's name for itself, used by its mDNS instances and UPnP name.
    var label = "{model}"
    /// Phones and tablets: may join with a randomised private MAC (the profile's share).
    var privateMAC = false
    /// Battery devices that doze in Wi-Fi power save (the profile's asleep share applies).
    var powerSave = false
    /// Share of devices on Ethernet rather than Wi-Fi.
    var wiredShare = 0.0
    /// Share of devices whose unlisted TCP ports answer RST (a bare stack) rather than drop (a
    /// firewall).
    var closedShare = 0.5
    /// Share of devices that answer ICMP echo.
    var echoShare = 1.0
    /// The OS family of the kind's TCP/IP stack (its TTL and TCP options).
    var stackFamily = StackFamily.linux
    /// Share of devices that listen for Wake-on-LAN on UDP 9.
    var wakeOnLANShare = 0.0
    var features: [Feature] = []
}
