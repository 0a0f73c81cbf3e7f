import Identity

/// Classification into the fixtures' categories from public, citable signals only: what the
/// device itself announced, read by the specification that defines it (`IdentityVocabulary`:
/// Apple model identifiers in TXT `model`/`am`/`rpMd`, the HAP accessory category `ci`, the Cast
/// capabilities `ca`, DNS-SD service types, UPnP device types, default host names), the IEEE
/// registry's owner of its MAC block with what nmap's OS database says that vendor makes, and
/// IANA port assignments. No rule keys on a string only our catalogue contains
/// (`IdentityVocabularyTests`, `FixtureLeakTests`), and no vendor is listed by hand: which
/// vendors decide, and how, comes from the installed nmap-os-db (`NmapDeviceTypes`). Pure
/// functions of the signals and those tables. A device no rule decides is unknown — never
/// counted right or wrong (`CategoryScore`).
///
/// The first rule that decides wins; the order runs from what the device says it is by
/// specification to what merely hints at it:
///
/// | # | `rule` | signal | decides | source of the knowledge |
/// |---|---|---|---|---|
/// | 1 | `gateway` | the default route's next hop (`/proc/net/route`) | router | RFC 1812 |
/// | 2 | `txt-model` | an Apple model identifier (`iPhone15,2`) in TXT `model` (`_device-info`, `_airplay`), `rpMd` (`_companion-link`) or `am` (`_raop`) | its product family | `appleModelFamilies` |
/// | 3 | `txt-category` | `_hap._tcp` TXT `ci`; `_googlecast._tcp` TXT `md` (Google's own model names), else `ca` | the HAP accessory category; the product's function; audio out without video out → speaker | `hapCategories`, `castModelNames`, `castCapabilities` |
/// | 4 | `bonjour-type` | a DNS-SD type only one kind of device offers (`_ipp`, `_sonos`, `_hue` …) | its function | `dnsSDServiceTypes` (determines) |
/// | 5 | `probe` | AirPlay `/info` model; the UPnP `deviceType` of the description at the SSDP `LOCATION` | its family; the standardised type's function | `appleModelFamilies`, `upnpDeviceTypes` (determines) |
/// | 6 | `hostname` | a vendor's default host name (`DESKTOP-…`, `raspberrypi`, Apple's `…-iPhone`) | that device | `defaultHostNames` |
/// | 7 | `suggested` | a Cast `ca` with video out (TVs, sticks and smart displays set it); a type or UPnP device that several kinds offer (`_airplay`, `_raop`, `_googlecast`, `_ssh`, `_smb`, MediaRenderer …), a Cast `eureka_info` — unless the vendor leans to another category (then unknown) | the kind that usually offers it | `dnsSDServiceTypes`, `upnpDeviceTypes` (suggests) |
/// | 8 | `ports` | an open port whose IANA / nmap service implies the device (631 ipp, 62078 iphone-sync …) — unless the vendor leans to another category (then unknown) | its function | `portRules` |
/// | – | `none` | nothing decided: unknown; the evidence names the vendor's lean when the IEEE owner (or UPnP `manufacturer`) has a plurality of ≥ 50 % of its nmap fingerprints in one category — a hint, never a verdict | nil | `NmapDeviceTypes` (nmap-os-db) |
public enum DeviceClassifier {
    /// The categories (those of the fixtures).
    public enum Category: String, Sendable, Codable, CaseIterable {
        case router, phone, tablet, computer, tv, speaker, gaming, iot, printer, camera, storage
    }

    /// A verdict and the rule that decided it.
    public struct Verdict: Sendable, Codable, Equatable {
        public var category: Category?
        /// "gateway", "txt-model", "txt-category", "bonjour-type", "probe", "vendor", "hostname", "suggested", "ports", or "none".
        public var rule: String
        public var evidence: String?
    }

    /// Classifies `signals`; the first rule that decides wins (table above).
    public static func classify(_ signals: DeviceSignals) -> Verdict {
        if let verdict = announced(signals) { return verdict }
        if let (category, evidence) = probes(signals) {
            return Verdict(category: category, rule: "probe", evidence: evidence)
        }
        if let hostname = signals.hostname, let (category, pattern) = hostnamePattern(hostname) {
            return Verdict(category: category, rule: "hostname", evidence: pattern)
        }
        let lean = vendorLean(signals)
        // Rules 7 and 8 only suggest: each stands unless the vendor leans elsewhere (a NAS offers
        // SMB like a computer, an access point SSH; their makers say storage, router) — two weak
        // signals that disagree leave the device unknown.
        for (rule, suggestion) in [("suggested", suggested(signals)), ("ports", ports(Set(signals.openPorts)))] {
            guard let (category, evidence) = suggestion else { continue }
            if let lean, lean.category != category {
                return Verdict(
                    category: nil,
                    rule: "none",
                    evidence:
                        "\(evidence) suggests \(category.rawValue), but the vendor leans \(lean.category.rawValue) (\(lean.evidence))"
                )
            }
            return Verdict(category: category, rule: rule, evidence: evidence)
        }
        // A vendor is a hint, never a verdict: one maker sells phones, TVs and printers alike, and
        // what nmap's fingerprints of that maker lean to is not what a LAN holds. Measured on the
        // default suite (2026-11-26), a vendor rule was right for 112 of 161 devices (70 %), every
        // other rule for 257 of 259 — so a category users can trust leaves the device unknown and
        // keeps the vendor's lean as evidence.
        return Verdict(
            category: nil,
            rule: "none",
            evidence: lean.map { "vendor hint, not a verdict: \($0.category.rawValue) (\($0.evidence))" }
        )
    }

    /// What the device's makers (the IEEE owner of its MAC block, its UPnP `manufacturer`) lean to
    /// in nmap's OS database: a plurality of ≥ 50 % of their fingerprints; nil when none does.
    static func vendorLean(_ signals: DeviceSignals) -> (category: Category, evidence: String)? {
        for organisation in [signals.vendor, signals.upnpManufacturer].compactMap({ $0 }) {
            if let (category, evidence) = vendor(organisation, .plurality) { return (category, evidence) }
        }
        return nil
    }

    /// Rules 1–4, what the network and the device's own announcements say: the verdict when one
    /// of them decides. Nothing a probe finds can change it then (`DeviceProber.classifyOnly`).
    public static func announced(_ signals: DeviceSignals) -> Verdict? {
        if signals.isGateway { return Verdict(category: .router, rule: "gateway", evidence: signals.ip) }
        for service in signals.services {
            for key in txtModelKeys {
                if let model = service.txt[key], let category = Self.model(modelID: model) {
                    return Verdict(category: category, rule: "txt-model", evidence: "\(service.type) \(key)=\(model)")
                }
            }
        }
        for service in signals.services {
            if let (category, evidence) = txtCategory(service) {
                return Verdict(category: category, rule: "txt-category", evidence: evidence)
            }
        }
        if let (category, type) = serviceTypes(signals.services.map(\.type)) {
            return Verdict(category: category, rule: "bonjour-type", evidence: type)
        }
        return nil
    }

    /// TXT keys that carry an Apple model identifier: `_device-info` and AirPlay `model`, RAOP
    /// `am`, companion-link `rpMd` (`appleModelFamilies`).
    static let txtModelKeys = ["model", "rpMd", "am"]

    // MARK: 2. Apple model identifiers

    /// The category of an Apple model identifier: a known family followed by `major,minor`
    /// (`IdentityVocabulary.appleModelFamilies`).
    public static func model(modelID: String) -> Category? {
        IdentityVocabulary.appleModelCategory(modelID).flatMap(Category.init(rawValue:))
    }

    // MARK: 3, 4 and 7. What the device announced

    /// Rule 3: a TXT key whose value the protocol's specification ties to a category — HAP `ci`
    /// (`hapCategories`), a Google Cast model name `md` (`castModelNames`), Cast `ca` audio out
    /// without video out (`castCapabilities`; video out only suggests, rule 7).
    public static func txtCategory(_ service: BonjourService) -> (Category, String)? {
        let type = service.type.lowercased()
        if type == "_hap._tcp", let ci = service.txt["ci"], let name = IdentityVocabulary.hapCategory(ci),
            let category = Category(rawValue: name)
        {
            return (category, "_hap._tcp ci=\(ci)")
        }
        guard type == "_googlecast._tcp" else { return nil }
        if let md = service.txt["md"], let name = IdentityVocabulary.castModelCategory(md),
            let category = Category(rawValue: name)
        {
            return (category, "_googlecast._tcp md=\(md)")
        }
        if let ca = service.txt["ca"], let entry = IdentityVocabulary.castCapability(ca), entry.strength == .determines,
            let category = Category(rawValue: entry.category)
        {
            return (category, "_googlecast._tcp ca=\(ca)")
        }
        return nil
    }

    /// A Cast `ca` whose bits only suggest a category (video out: a TV, a stick, or a smart display).
    static func castSuggestion(_ services: [BonjourService]) -> (Category, String)? {
        for service in services where service.type.lowercased() == "_googlecast._tcp" {
            if let ca = service.txt["ca"], let entry = IdentityVocabulary.castCapability(ca),
                entry.strength == .suggests,
                let category = Category(rawValue: entry.category)
            {
                return (category, "_googlecast._tcp ca=\(ca) (\(entry.literal))")
            }
        }
        return nil
    }

    /// The first of `types` in `dnsSDServiceTypes` with `strength`, in the table's order (rule 4:
    /// determines; rule 7: suggests).
    public static func serviceTypes(
        _ types: [String],
        _ strength: IdentityVocabulary.Strength = .determines
    ) -> (Category, String)? {
        let set = Set(types.map { $0.lowercased() })
        for entry in IdentityVocabulary.dnsSDServiceTypes.entries
        where entry.strength == strength && set.contains(entry.literal) {
            if let category = Category(rawValue: entry.category) { return (category, entry.literal) }
        }
        return nil
    }

    /// Rule 5: the AirPlay `/info` model (an Apple identifier), the UPnP device type when its
    /// specification names the function.
    public static func probes(_ signals: DeviceSignals) -> (Category, String)? {
        if let model = signals.airplayModel, let category = Self.model(modelID: model) {
            return (category, "airplay model \(model)")
        }
        if let type = signals.upnpDeviceType, let entry = IdentityVocabulary.upnpEntry(type),
            entry.strength == .determines,
            let category = Category(rawValue: entry.category)
        {
            return (category, "upnp \(type)")
        }
        return nil
    }

    /// Rule 7: what several kinds of device offer, read as the kind that usually does — a Cast
    /// `ca` with video out, a suggestive DNS-SD type, a suggestive UPnP device type, a Cast receiver's `eureka_info`
    /// (most Cast receivers drive a screen).
    public static func suggested(_ signals: DeviceSignals) -> (Category, String)? {
        if let hit = castSuggestion(signals.services) { return hit }
        if let hit = serviceTypes(signals.services.map(\.type), .suggests) { return hit }
        if let type = signals.upnpDeviceType, let entry = IdentityVocabulary.upnpEntry(type),
            let category = Category(rawValue: entry.category)
        {
            return (category, "upnp \(type)")
        }
        if let model = signals.chromecastModel { return (.tv, "cast device \(model)") }
        return nil
    }

    // MARK: Vendors (a hint)

    /// The category nmap's OS database says `organisation`'s devices lean to with `strength`
    /// (`NmapDeviceTypes`: ≥ 80 % of ≥ 5 fingerprints, or a plurality of ≥ 50 %), and the
    /// evidence — shown with an unknown verdict, never deciding one: "Brother industries, LTD. = nmap-os-db Brother: printer in 66 of 66 fingerprints".
    public static func vendor(
        _ organisation: String,
        _ strength: NmapDeviceTypes.Strength,
        database: NmapDeviceTypes = .shared
    ) -> (Category, String)? {
        guard let (category, profile) = database.category(organisation, strength) else { return nil }
        return (category, "\(organisation) = \(profile.evidence)")
    }

    /// Lower-cased words between single spaces, padded: " sonos inc ". Whole-word matching of
    /// organisation names ("Sonos, Inc." but not "SonoScape").
    static func words(_ text: String) -> String {
        " " + text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ") + " "
    }

    // MARK: 6. Default host names

    /// Rule 6: a vendor's default name in `hostname` (`defaultHostNames`).
    public static func hostnamePattern(_ hostname: String) -> (Category, String)? {
        let name = NameNormaliser.normalise(hostname).lowercased()
        guard let entry = IdentityVocabulary.hostNameEntry(name), let category = Category(rawValue: entry.category)
        else { return nil }
        return (category, "hostname '\(entry.literal)\(entry.literal.hasSuffix("-") ? "…" : "")'")
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
