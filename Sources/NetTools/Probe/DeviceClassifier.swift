/// Classification into the fixtures' categories from public, citable signals only: what the
/// device itself announced (TXT model identifiers, DNS-SD service types, its UPnP description),
/// the IEEE registry's owner of its MAC block with what nmap's OS database says that vendor makes,
/// vendors' documented default host names and IANA port assignments. Nothing here names a
/// string only our fixtures send (`FixtureLeakTests`), and no vendor is listed by hand: which
/// vendors decide, and how, comes from the installed nmap-os-db (`NmapDeviceTypes`). Pure
/// functions of the signals and that database.
///
/// The first rule that decides wins; the order runs from what the device says it is to what
/// merely hints at it:
///
/// | # | `rule` | signal | decides | source of the knowledge |
/// |---|---|---|---|---|
/// | 1 | `gateway` | the default route's next hop (`/proc/net/route`) | router | RFC 1812 |
/// | 2 | `txt-model` | an Apple model identifier (`iPhone15,2`) in TXT `model` (`_device-info`, `_airplay`), `rpMd` (`_companion-link`) or `am` (`_raop`) | its product family | `appleModels` |
/// | 3 | `bonjour-type` | a DNS-SD type that names the device's function (`_ipp`, `_googlecast`, `_raop`, `_hap` …) | its function | `specificTypes` |
/// | 4 | `probe` | AirPlay `/info` model, a Google Cast `eureka_info`, the UPnP `deviceType` of the description at the SSDP `LOCATION` | the type's function | `upnpTypes`, the protocols' documentation |
/// | 5 | `vendor` | the IEEE owner of the MAC block (or the UPnP `manufacturer`) with its product's port (Samsung + 8001/8002 → tv, Microsoft + 3074 → gaming); else that vendor when ≥ 80 % of its ≥ 5 nmap fingerprints are one category | that kind | `vendor(_:ports:)`, `NmapDeviceTypes` (nmap-os-db) |
/// | 6 | `hostname` | a vendor's default host name (`android-…`, `DESKTOP-…`, `raspberrypi`, `espressif`, Apple's `…-iPhone`) | that device | `defaultHostnames` |
/// | 7 | `bonjour-type` | a file-sharing / remote-login type (`_ssh`, `_smb`, `_rfb` …): computers, and servers of every kind | computer | `computerTypes` |
/// | 8 | `ports` | an open port whose IANA / nmap service implies the device (631 ipp, 62078 iphone-sync …) | its function | `portRules` |
/// | 9 | `vendor` | the IEEE owner when a plurality of ≥ 50 % of its nmap fingerprints are one category (Apple: 60 % general purpose → computer) | that kind | `NmapDeviceTypes` (nmap-os-db) |
/// | – | `none` | nothing decided | nil | |
public enum DeviceClassifier {
    /// The categories (those of the fixtures).
    public enum Category: String, Sendable, Codable, CaseIterable {
        case router, phone, tablet, computer, tv, speaker, gaming, iot, printer, camera, storage
    }

    /// A verdict and the rule that decided it.
    public struct Verdict: Sendable, Codable, Equatable {
        public var category: Category?
        /// "gateway", "txt-model", "bonjour-type", "probe", "vendor", "hostname", "ports", or "none".
        public var rule: String
        public var evidence: String?
    }

    /// Classifies `signals`; the first rule that decides wins (table above).
    public static func classify(_ signals: DeviceSignals) -> Verdict {
        if let verdict = announced(signals) { return verdict }
        let types = signals.services.map(\.type)
        if let (category, evidence) = probes(signals) { return Verdict(category: category, rule: "probe", evidence: evidence) }
        let organisations = [signals.vendor, signals.upnpManufacturer].compactMap { $0 }
        let open = Set(signals.openPorts)
        for organisation in organisations {
            if let category = vendor(organisation, ports: open) { return Verdict(category: category, rule: "vendor", evidence: organisation) }
        }
        for organisation in organisations {
            if let (category, evidence) = vendor(organisation, .supermajority) { return Verdict(category: category, rule: "vendor", evidence: evidence) }
        }
        if let hostname = signals.hostname, let (category, pattern) = hostnamePattern(hostname) {
            return Verdict(category: category, rule: "hostname", evidence: pattern)
        }
        if let type = computerTypes.first(where: { types.map { $0.lowercased() }.contains($0) }) {
            return Verdict(category: .computer, rule: "bonjour-type", evidence: type)
        }
        if let (category, evidence) = ports(open) { return Verdict(category: category, rule: "ports", evidence: evidence) }
        for organisation in organisations {
            if let (category, evidence) = vendor(organisation, .plurality) { return Verdict(category: category, rule: "vendor", evidence: evidence) }
        }
        return Verdict(category: nil, rule: "none", evidence: nil)
    }

    /// Rules 1–3, what the network and the device's own announcements say: the verdict when one
    /// of them decides. Nothing a probe finds can change it then (`DeviceProber.classifyOnly`).
    public static func announced(_ signals: DeviceSignals) -> Verdict? {
        if signals.isGateway { return Verdict(category: .router, rule: "gateway", evidence: signals.ip) }
        for service in signals.services {
            for key in ["model", "rpMd", "am"] {
                if let model = service.txt[key], let category = Self.model(modelID: model) {
                    return Verdict(category: category, rule: "txt-model", evidence: "\(service.type) \(key)=\(model)")
                }
            }
        }
        if let (category, type) = serviceTypes(signals.services.map(\.type)) { return Verdict(category: category, rule: "bonjour-type", evidence: type) }
        return nil
    }

    // MARK: 2. Apple model identifiers

    /// Apple's model identifier families (the `hw.model` / product type string, family name then
    /// `major,minor`: `iPhone15,2`, `MacBookPro18,3`, `Mac14,3`), as Apple Support's "Identify your
    /// … model" pages list them ("Model Identifier").
    static let appleModels: [(family: String, category: Category)] = [
        ("iPhone", .phone),  // Apple: iPhone model identifiers
        ("iPad", .tablet),  // Apple: iPad model identifiers
        ("AppleTV", .tv),  // Apple: Apple TV model identifiers
        ("AudioAccessory", .speaker),  // Apple: HomePod model identifiers
        ("MacBookPro", .computer), ("MacBookAir", .computer), ("MacBook", .computer),  // Apple: Mac laptops
        ("Macmini", .computer), ("iMacPro", .computer), ("iMac", .computer), ("MacPro", .computer),  // Apple: Mac desktops
        ("Mac", .computer),  // Apple: Macs since 2022 (Mac Studio Mac13,1 …)
    ]

    /// The category of an Apple model identifier: a known family followed by `major,minor`.
    public static func model(modelID: String) -> Category? {
        let id = modelID.trimmingCharacters(in: .whitespaces)
        guard let digit = id.firstIndex(where: \.isNumber) else { return nil }
        let version = id[digit...].split(separator: ",", omittingEmptySubsequences: false)
        guard version.count == 2, version.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        let family = String(id[..<digit])
        return appleModels.first { $0.family == family }?.category
    }

    // MARK: 3 and 7. DNS-SD service types

    /// Service types (RFC 6763 §7) that name what the device does, most specific first.
    static let specificTypes: [(types: [String], category: Category)] = [
        // IANA service names ipp, ipps (RFC 8011, PWG 5100.14 IPP Everywhere), printer (LPD, RFC 1179),
        // pdl-datastream (raw port 9100), scanner and uscan (eSCL, Mopria).
        (["_ipp._tcp", "_ipps._tcp", "_printer._tcp", "_pdl-datastream._tcp", "_scanner._tcp", "_uscan._tcp"], .printer),
        // Google Cast receivers (TVs, dongles; Google Cast developer docs: mDNS discovery) and Google TV remote.
        (["_googlecast._tcp", "_androidtvremote2._tcp"], .tv),
        // Sonos players; Spotify Connect ZeroConf receivers:
        // https://developer.spotify.com/documentation/commercial-hardware/implementation/guides/zeroconf
        (["_sonos._tcp", "_spotify-connect._tcp"], .speaker),
        // IANA airplay (Apple): AirPlay video receivers.
        (["_airplay._tcp"], .tv),
        // IANA raop (Apple Remote Audio Output Protocol): AirPlay audio receivers.
        (["_raop._tcp"], .speaker),
        // IANA hap / homekit (Apple HomeKit Accessory Protocol); Matter (CSA Matter Core Specification,
        // DNS-SD discovery); Philips Hue bridge (Hue developer docs); ESPHome native API (https://esphome.io/components/api.html).
        (["_hap._tcp", "_homekit._tcp", "_matter._tcp", "_matterc._udp", "_hue._tcp", "_esphomelib._tcp"], .iot),
        // IANA adisk (Apple): a Time Machine network disk.
        (["_adisk._tcp"], .storage),
        // IANA apple-mobdev2 (Apple): an iOS device's Wi-Fi sync service.
        (["_apple-mobdev2._tcp"], .phone),
    ]

    /// IANA ssh, sftp-ssh, rfb (RFC 6143, VNC), afpovertcp, smb; workstation (dns-sd.org service
    /// types list): offered by computers, but also by NAS boxes and routers — hence rule 7.
    static let computerTypes = ["_ssh._tcp", "_sftp-ssh._tcp", "_rfb._tcp", "_workstation._tcp", "_afpovertcp._tcp", "_smb._tcp"]

    /// The first specific type among `types` (rule 3).
    public static func serviceTypes(_ types: [String]) -> (Category, String)? {
        let set = Set(types.map { $0.lowercased() })
        for (names, category) in specificTypes {
            if let hit = names.first(where: set.contains) { return (category, hit) }
        }
        return nil
    }

    // MARK: 4. What the device's own descriptions say

    /// UPnP device types. `urn:schemas-upnp-org:device:<name>:<version>` names are the UPnP
    /// Forum's standardised device control protocols (now published by the Open Connectivity
    /// Foundation); DIAL servers are the "first screen" of the DIAL protocol (http://www.dial-multiscreen.org).
    static let upnpTypes: [(prefix: String, category: Category)] = [
        ("urn:schemas-upnp-org:device:InternetGatewayDevice:", .router), ("urn:schemas-upnp-org:device:WANDevice:", .router),
        ("urn:schemas-upnp-org:device:WANConnectionDevice:", .router), ("urn:schemas-upnp-org:device:LANDevice:", .router),
        ("urn:schemas-upnp-org:device:WLANAccessPointDevice:", .router),
        ("urn:schemas-upnp-org:device:MediaRenderer:", .tv), ("urn:schemas-upnp-org:device:MediaServer:", .storage),
        ("urn:schemas-upnp-org:device:Printer:", .printer), ("urn:schemas-upnp-org:device:Scanner:", .printer),
        ("urn:schemas-upnp-org:device:DigitalSecurityCamera:", .camera),
        ("urn:schemas-upnp-org:device:BinaryLight:", .iot), ("urn:schemas-upnp-org:device:DimmableLight:", .iot),
        ("urn:schemas-upnp-org:device:HVAC_System:", .iot), ("urn:schemas-upnp-org:device:HVAC_ZoneThermostat:", .iot),
        ("urn:schemas-upnp-org:device:SensorManagement:", .iot), ("urn:schemas-upnp-org:device:SolarProtectionBlind:", .iot),
        ("urn:dial-multiscreen-org:device:dial:", .tv),
    ]

    /// Rule 4: the AirPlay `/info` model (an Apple identifier), a Google Cast `eureka_info`
    /// (served by Cast receivers), the UPnP device type.
    public static func probes(_ signals: DeviceSignals) -> (Category, String)? {
        if let model = signals.airplayModel, let category = Self.model(modelID: model) { return (category, "airplay model \(model)") }
        if let model = signals.chromecastModel { return (.tv, "cast device \(model)") }
        if let type = signals.upnpDeviceType {
            let lower = type.lowercased()
            if let hit = upnpTypes.first(where: { lower.hasPrefix($0.prefix.lowercased()) }) { return (hit.category, "upnp \(type)") }
        }
        return nil
    }

    // MARK: 5 and 9. Vendors

    /// Rule 5's first half: a vendor together with the port its product line documents, which
    /// says more than the vendor alone (so it comes before the vendor's supermajority: nmap's
    /// Microsoft fingerprints are 95 % general purpose, an Xbox is not).
    public static func vendor(_ organisation: String, ports: Set<UInt16>) -> Category? {
        let name = words(organisation)
        // Samsung Tizen TVs: remote-control WebSocket API on 8001 (ws) / 8002 (wss), Samsung Smart TV developer docs.
        if name.contains(" samsung ") && (ports.contains(8001) || ports.contains(8002)) { return .tv }
        // Microsoft + IANA xbox (3074): an Xbox.
        if name.contains(" microsoft ") && ports.contains(3074) { return .gaming }
        return nil
    }

    /// Rules 5 and 9: the category nmap's OS database says `organisation`'s devices lean to with
    /// `strength` (`NmapDeviceTypes`: ≥ 80 % of ≥ 5 fingerprints for rule 5, a plurality of
    /// ≥ 50 % for rule 9), and the evidence: "Brother industries, LTD. = nmap-os-db Brother: printer in 66 of 66 fingerprints".
    public static func vendor(_ organisation: String, _ strength: NmapDeviceTypes.Strength,
                              database: NmapDeviceTypes = .shared) -> (Category, String)? {
        guard let (category, profile) = database.category(organisation, strength) else { return nil }
        return (category, "\(organisation) = \(profile.evidence)")
    }

    /// Lower-cased words between single spaces, padded: " sonos inc ". Whole-word matching of
    /// organisation names ("Sonos, Inc." but not "SonoScape").
    static func words(_ text: String) -> String {
        " " + text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ") + " "
    }

    // MARK: 6. Default host names

    /// Host names devices give themselves until someone renames them, matched on the normalised
    /// name at `-` boundaries (`prefix`: the name starts with it).
    static let defaultHostnames: [(pattern: String, prefix: Bool, category: Category)] = [
        // Apple devices take their host name from the device name, "<Owner>'s iPhone" by default
        // (Apple Support: the device name in Settings › General › About; Mac: Sharing › Local hostname).
        ("iphone", false, .phone), ("ipad", false, .tablet), ("macbook", false, .computer),  // Apple: default device names
        ("macbook-pro", false, .computer), ("macbook-air", false, .computer), ("imac", false, .computer),  // Apple: default device names
        ("mac-mini", false, .computer), ("mac-studio", false, .computer), ("mac-pro", false, .computer),  // Apple: default device names
        ("apple-tv", false, .tv), ("appletv", false, .tv), ("homepod", false, .speaker),  // Apple: default device names
        // AOSP: Android's DHCP host name "android-<ANDROID_ID hex>" (ConnectivityService, net.hostname; Android ≤ 7).
        ("android", true, .phone),
        // Microsoft: Windows setup names a PC "DESKTOP-" or "LAPTOP-" plus 7 random characters.
        ("desktop", true, .computer), ("laptop", true, .computer),
        // Raspberry Pi OS: default host name "raspberrypi" (Raspberry Pi documentation, Configuration).
        ("raspberrypi", false, .computer),
        // ESP-IDF: lwIP default host name "espressif" (CONFIG_LWIP_LOCAL_HOSTNAME); Arduino-ESP32 "esp32-<MAC>".
        ("espressif", true, .iot), ("esp32", true, .iot),
    ]

    /// Rule 6: a vendor's default name in `hostname`.
    public static func hostnamePattern(_ hostname: String) -> (Category, String)? {
        let name = NameNormaliser.normalise(hostname).lowercased().replacingOccurrences(of: "_", with: "-")
        let bounded = "-" + name + "-"
        for rule in defaultHostnames {
            let hit = rule.prefix ? name == rule.pattern || name.hasPrefix(rule.pattern + "-") : bounded.contains("-" + rule.pattern + "-")
            if hit { return (rule.category, "hostname '\(rule.pattern)\(rule.prefix ? "-…" : "")'") }
        }
        return nil
    }

    // MARK: 8. Ports

    /// Open ports whose assigned service implies the device, first match wins.
    static let portRules: [(port: UInt16, category: Category)] = [
        (62078, .phone),  // nmap-services iphone-sync: iOS lockdownd
        (631, .printer), (515, .printer),  // IANA ipp (RFC 8011), printer (LPD, RFC 1179)
        (9100, .printer),  // nmap-services jetdirect (raw printing)
        (8009, .tv),  // Google Cast: the Cast v2 channel of Cast receivers
        (554, .camera),  // IANA rtsp (RFC 2326): streaming cameras
        (1400, .speaker),  // Sonos support, firewall ports: TCP 1400 is the players' control port
        (32400, .storage),  // Plex support, "What network ports do I need to allow": Plex Media Server on TCP 32400
        (3389, .computer), (5900, .computer), (548, .computer),  // IANA ms-wbt-server (RDP), rfb (VNC), afpovertcp
        (22, .computer), (445, .computer),  // IANA ssh, microsoft-ds (SMB)
    ]

    /// Rule 8: a LAN host serving DNS and a web UI on both HTTP and HTTPS is a router (IANA domain
    /// 53, http 80, https 443: home routers run the LAN's DNS forwarder); then `portRules`.
    public static func ports(_ open: Set<UInt16>) -> (Category, String)? {
        if open.isSuperset(of: [53, 80, 443]) { return (.router, "ports 53+80+443") }
        return portRules.first { open.contains($0.port) }.map { ($0.category, "port \($0.port)") }
    }
}
