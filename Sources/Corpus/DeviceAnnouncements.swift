import NetTools
import Wire

/// What one device of a corpus said about itself in its captures, by protocol, and how much of
/// it the classifiers' `DeviceSignals` can carry.
public struct DeviceAnnouncements: Sendable, Equatable, Codable {
    public var mac: String
    /// Its last IPv4 source address; nil when it sent none.
    public var ip: String?
    /// Captures read and frames the device sent in them.
    public var captures = 0
    public var frames = 0
    /// DNS-SD services its mDNS responses resolved (type, instance, SRV, TXT).
    public var mdnsServices: [BonjourService] = []
    /// Host names its mDNS A records named (`DCS-935L-B0C554255B0E`).
    public var mdnsHostNames: [String] = []
    /// SSDP NOTIFY and search responses: `SERVER`, the `urn:…:device:…` types of `NT`/`ST`, `LOCATION`.
    public var ssdpServers: [String] = []
    public var ssdpDeviceTypes: [String] = []
    public var ssdpLocations: [String] = []
    /// The UPnP description it served over HTTP (root `deviceType`, `friendlyName`,
    /// `manufacturer`, `modelName`), when the capture holds it.
    public var upnpDeviceType: String?
    public var upnpFriendlyName: String?
    public var upnpManufacturer: String?
    public var upnpModel: String?
    /// `Server:` headers and `<title>`s of the HTTP responses it sent.
    public var httpServers: [String] = []
    public var httpTitles: [String] = []
    /// `User-Agent:` of the HTTP requests it sent: no classifier signal.
    public var httpUserAgents: [String] = []
    /// DHCP options 12 and 60 of its requests.
    public var dhcpHostNames: [String] = []
    public var dhcpVendorClasses: [String] = []
    /// TCP ports it answered a SYN on (SYN/ACK sent): open, as a port scan would find.
    public var openPorts: [UInt16] = []

    enum CodingKeys: String, CodingKey {
        case mac, ip, captures, frames
        case mdnsServices = "mdns_services"
        case mdnsHostNames = "mdns_host_names"
        case ssdpServers = "ssdp_servers"
        case ssdpDeviceTypes = "ssdp_device_types"
        case ssdpLocations = "ssdp_locations"
        case upnpDeviceType = "upnp_device_type"
        case upnpFriendlyName = "upnp_friendly_name"
        case upnpManufacturer = "upnp_manufacturer"
        case upnpModel = "upnp_model"
        case httpServers = "http_servers"
        case httpTitles = "http_titles"
        case httpUserAgents = "http_user_agents"
        case dhcpHostNames = "dhcp_host_names"
        case dhcpVendorClasses = "dhcp_vendor_classes"
        case openPorts = "open_ports"
    }

    public init(mac: String) { self.mac = mac }

    /// Where the classifiers' host name comes from.
    public enum HostNameSource: String, Sendable, Codable {
        /// Only what the device's own mDNS A records named (what a scan hears itself).
        case mdns
        /// The mDNS name, else the DHCP option 12 name, as a router whose DNS registers its DHCP
        /// clients' names would answer a PTR query (dnsmasq does by default: dnsmasq(8),
        /// "DHCP ... names are added to DNS").
        case mdnsThenDHCP = "mdns_then_dhcp"
    }

    /// The classifiers' signals: the MAC and its IEEE owner, the host name (`source`), the mDNS
    /// services, the HTTP `Server`s and titles, the UPnP description (else the SSDP `NT`/`ST`
    /// device type, which announces the same root type), the open ports. Not carried, as
    /// `DeviceSignals` has no field: DHCP vendor class, SSDP `SERVER`, HTTP `User-Agent`.
    public func signals(hostNames source: HostNameSource, registry: OUIRegistry = .shared) -> DeviceSignals {
        var signals = DeviceSignals(ip: ip ?? "0.0.0.0")
        signals.mac = mac
        signals.vendor = MACAddress(mac).flatMap(registry.vendor)
        signals.hostname = mdnsHostNames.first ?? (source == .mdnsThenDHCP ? dhcpHostNames.first : nil)
        signals.services = mdnsServices
        signals.httpServers = httpServers
        signals.httpTitles = httpTitles
        signals.upnpDeviceType = upnpDeviceType ?? ssdpDeviceTypes.first
        signals.upnpFriendlyName = upnpFriendlyName
        signals.upnpManufacturer = upnpManufacturer
        signals.upnpModel = upnpModel
        signals.openPorts = openPorts
        return signals
    }
}
