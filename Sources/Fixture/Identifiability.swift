import Identity
import Wire

/// Which fixture devices announce who they are: a device is identifiable when a signal it sends
/// itself *determines* its category by a public table (`IdentityVocabulary`, strength
/// `determines`) and that category is the fixture's. The honest ceiling of any classifier that
/// reads devices by specification: one that announces nothing determining (a Fire TV with only an
/// `amazon-…` name, a console that answers ARP and nothing else) can only be guessed, and one whose
/// signals name another category misleads every reader alike. Vendors (MAC blocks) and open ports
/// only ever suggest: they are not here.
///
/// | signal the device sends | determines by |
/// |---|---|
/// | it is the LAN's gateway | RFC 1812: the default route's next hop routes |
/// | mDNS TXT `model` (`_device-info`, `_airplay`), `am` (`_raop`), `rpMd`; AirPlay `/info` model | `appleModelFamilies` |
/// | `_hap._tcp` TXT `ci` | `hapCategories` (HAP accessory categories) |
/// | `_googlecast._tcp` TXT `md` | `castModelNames` (Google's own model names) |
/// | `_googlecast._tcp` TXT `ca` | `castCapabilities` (audio out without video out → speaker; video out only suggests) |
/// | a DNS-SD service type | `dnsSDServiceTypes` entries that determine |
/// | SSDP / UPnP `deviceType` | `upnpDeviceTypes` entries that determine |
/// | its host name | `defaultHostNames` entries that determine |
public enum Identifiability {
    /// Keys of TXT records that carry an Apple model identifier.
    public static let appleModelKeys = ["model", "am", "rpMd"]

    /// Every (category, evidence) the device's own signals determine, in the table's order.
    public static func determinedCategories(
        _ device: Fixture.Device,
        gateway: IPv4Address
    ) -> [(category: String, evidence: String)] {
        var found: [(String, String)] = []
        if device.ip == gateway { found.append(("router", "gateway")) }
        for service in device.mdns ?? [] {
            let txt = service.txt ?? [:]
            for key in appleModelKeys {
                if let value = txt[key], let category = IdentityVocabulary.appleModelCategory(value) {
                    found.append((category, "\(service.type) \(key)=\(value)"))
                }
            }
            if service.type.lowercased() == "_hap._tcp", let ci = txt["ci"],
                let category = IdentityVocabulary.hapCategory(ci)
            {
                found.append((category, "_hap._tcp ci=\(ci)"))
            }
            if service.type.lowercased() == "_googlecast._tcp" {
                if let md = txt["md"], let category = IdentityVocabulary.castModelCategory(md) {
                    found.append((category, "_googlecast._tcp md=\(md)"))
                }
                if let ca = txt["ca"], let entry = IdentityVocabulary.castCapability(ca), entry.strength == .determines
                {
                    found.append((entry.category, "_googlecast._tcp ca=\(ca)"))
                }
            }
            if let entry = IdentityVocabulary.dnsSDServiceTypes.entry(service.type), entry.strength == .determines {
                found.append((entry.category, service.type))
            }
        }
        if let model = device.airplay?.model, let category = IdentityVocabulary.appleModelCategory(model) {
            found.append((category, "airplay model \(model)"))
        }
        if let type = device.ssdp?.deviceType, let entry = IdentityVocabulary.upnpEntry(type),
            entry.strength == .determines
        {
            found.append((entry.category, "upnp \(type)"))
        }
        if let hostname = device.hostname, let entry = IdentityVocabulary.hostNameEntry(hostname),
            entry.strength == .determines
        {
            found.append((entry.category, "hostname \(hostname)"))
        }
        return found
    }

    /// Whether `device`'s own signals determine its fixture category (table above).
    public static func isIdentifiable(_ device: Fixture.Device, gateway: IPv4Address) -> Bool {
        determinedCategories(device, gateway: gateway).contains { $0.category == device.category.rawValue }
    }
}
