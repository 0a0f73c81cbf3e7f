import Identity

/// HomeNet's classifier as seed 002 draws it ("Classification Priority", 002:125-146) with its
/// eleven categories ("Device Categories", 002:149-162), on the same `DeviceSignals` ours reads.
///
/// The seed draws a decision tree, not a chain of rules: the first question answered "yes"
/// decides, and what it classifies by is all it reads — a device with Bonjour services is
/// classified by their types and never by probes, host name or ports, even when no type matches
/// (then `unknown`). That is the drawing read as it stands; the seed shows no fall-through.
///
/// | # | question (002:128-139) | classified by | source of what each says |
/// |---|---|---|---|
/// | 1 | Is Gateway? | router | 002:129, 002:152 "Gateway IP" |
/// | 2 | Has TXT model ID? | the Apple model identifier's family | 002:130-131; families: `IdentityVocabulary.appleModelFamilies` |
/// | 3 | Has Bonjour Services? | service type | the "Identified By" column, 002:153-161 (`serviceTypes`) |
/// | 4 | Has Probe Results? | probes | AirPlay `/info` model, Cast `eureka_info`, UPnP `deviceType`, SSH banner (`probes`) |
/// | 5 | Has Hostname? | host name patterns | 002:153-159 name phone, computer, gaming, storage by host name; the patterns are unstated: ours (`defaultHostNames`) |
/// | 6 | Has Open Ports? | port fingerprint | 002:153 "Port 62078"; the others are the IANA ports of the column's services: assumption |
/// | – | otherwise | unknown | 002:140, 002:162 |
public enum HomeNetClassifier {
    /// HomeNet's eleven categories (002:151-162), in the seed's table order.
    public enum Category: String, Sendable, Codable, CaseIterable {
        case router, phone, apple, computer, speaker, gaming
        case tvMedia = "tv_media"
        case storage, printer
        case smartHome = "smart_home"
        case unknown

        /// Ours for scoring against a fixture; nil where HomeNet's has no one-to-one counterpart:
        /// `apple` (an iPad, a Watch, an Apple TV or a Mac alike) and `unknown`. `smart_home` is
        /// scored as `iot`, so a camera (ours) that HomeNet calls smart home counts wrong.
        public var scored: DeviceClassifier.Category? {
            switch self {
            case .router: .router
            case .phone: .phone
            case .computer: .computer
            case .speaker: .speaker
            case .gaming: .gaming
            case .tvMedia: .tv
            case .storage: .storage
            case .printer: .printer
            case .smartHome: .iot
            case .apple, .unknown: nil
            }
        }

        /// HomeNet's category for one of ours (a model family, a host name pattern): `tablet`
        /// becomes `apple` (HomeNet has no tablet; the Apple family it has none for), `camera`
        /// and `iot` `smart_home` (HomeKit, HAP, Thread, 002:161).
        init(_ ours: DeviceClassifier.Category) {
            switch ours {
            case .router: self = .router
            case .phone: self = .phone
            case .tablet: self = .apple
            case .computer: self = .computer
            case .tv: self = .tvMedia
            case .speaker: self = .speaker
            case .gaming: self = .gaming
            case .iot, .camera: self = .smartHome
            case .printer: self = .printer
            case .storage: self = .storage
            }
        }
    }

    /// HomeNet's verdict: its category, the question that decided (`gateway`, `txt-model`,
    /// `service-type`, `probes`, `hostname`, `ports`, `none`) and what it read.
    public struct Verdict: Sendable, Equatable {
        public var category: Category
        public var rule: String
        public var evidence: String?
    }

    /// The "Identified By" column's services as DNS-SD types (002:153-161), in the table's
    /// order, which is also the order a device's several types are read in (an assumption: the
    /// seed gives none). Screen Sharing is `_rfb`; Thread border routers announce `_meshcop._udp`
    /// (Thread 1.3 §8.4.2); SMB `_smb`; HAP `_hap`; AirPlay audio `_raop`: assumption.
    static let serviceTypes: [(type: String, category: Category)] = [
        ("_companion-link._tcp", .apple), ("_device-info._tcp", .apple),  // 002:154
        ("_ssh._tcp", .computer), ("_sftp-ssh._tcp", .computer), ("_rfb._tcp", .computer),  // 002:155
        ("_sonos._tcp", .speaker), ("_spotify-connect._tcp", .speaker),  // 002:156
        ("_googlecast._tcp", .tvMedia), ("_airplay._tcp", .tvMedia), ("_raop._tcp", .tvMedia),  // 002:158
        ("_smb._tcp", .storage),  // 002:159
        ("_ipp._tcp", .printer), ("_ipps._tcp", .printer), ("_printer._tcp", .printer), ("_scanner._tcp", .printer),  // 002:160
        ("_homekit._tcp", .smartHome), ("_hap._tcp", .smartHome), ("_meshcop._udp", .smartHome),  // 002:161
    ]

    /// The port fingerprint: 62078 (002:153), then the IANA ports of the column's services in
    /// the table's order (assumption): ssh 22, rfb 5900 (002:155); Sonos 1400 (002:156); AirPlay
    /// 7000, Cast 8008/8009 (002:158); microsoft-ds 445 (002:159); ipp 631, jetdirect 9100 (002:160).
    static let portRules: [(port: UInt16, category: Category)] = [
        (62078, .phone), (22, .computer), (5900, .computer), (1400, .speaker), (7000, .tvMedia),  // Sonos 1400: seed 002:156
        (8008, .tvMedia), (8009, .tvMedia), (445, .storage), (631, .printer), (9100, .printer),
    ]

    /// Classifies `signals` down the seed's tree (table above).
    public static func classify(_ signals: DeviceSignals) -> Verdict {
        if signals.isGateway { return Verdict(category: .router, rule: "gateway", evidence: signals.ip) }
        if let (key, model) = txtModel(signals.services) {
            let category = DeviceClassifier.model(modelID: model).map(Category.init) ?? .unknown
            return Verdict(category: category, rule: "txt-model", evidence: "\(key)=\(model)")
        }
        if !signals.services.isEmpty {
            let types = Set(signals.services.map { $0.type.lowercased() })
            let hit = serviceTypes.first { types.contains($0.type) }
            return Verdict(category: hit?.category ?? .unknown, rule: "service-type", evidence: hit?.type)
        }
        if signals.hasProbeResults {
            let hit = probes(signals)
            return Verdict(category: hit?.0 ?? .unknown, rule: "probes", evidence: hit?.1)
        }
        if let hostname = signals.hostname {
            let hit = DeviceClassifier.hostnamePattern(hostname)
            return Verdict(category: hit.map { Category($0.0) } ?? .unknown, rule: "hostname", evidence: hit?.1)
        }
        if !signals.openPorts.isEmpty {
            let open = Set(signals.openPorts)
            let hit = portRules.first { open.contains($0.port) }
            return Verdict(category: hit?.category ?? .unknown, rule: "ports", evidence: hit.map { "port \($0.port)" })
        }
        return Verdict(category: .unknown, rule: "none", evidence: nil)
    }

    /// The first Apple model identifier a TXT record carries (`model`, `rpMd`, `am`: the keys
    /// ours reads, `DeviceClassifier.txtModelKeys`).
    static func txtModel(_ services: [BonjourService]) -> (String, String)? {
        for service in services {
            for key in DeviceClassifier.txtModelKeys {
                if let model = service.txt[key] { return ("\(service.type) \(key)", model) }
            }
        }
        return nil
    }

    /// What the deep probe found, read in the seed's probe order (002:114-120): the AirPlay
    /// `/info` model (its Apple family, else TV & Media: AirPlay, 002:158), a Cast `eureka_info`
    /// (TV & Media: Chromecast, 002:158), the UPnP `deviceType` (its standardised function), an
    /// SSH banner (computer: SSH, 002:155). HTTP `Server` and titles, FTP, SMTP and RTSP banners
    /// name no category in the seed.
    static func probes(_ signals: DeviceSignals) -> (Category, String)? {
        if let model = signals.airplayModel {
            return (DeviceClassifier.model(modelID: model).map(Category.init) ?? .tvMedia, "airplay model \(model)")
        }
        if let model = signals.chromecastModel { return (.tvMedia, "cast device \(model)") }
        if let type = signals.upnpDeviceType, let entry = IdentityVocabulary.upnpEntry(type),
            let ours = DeviceClassifier.Category(rawValue: entry.category)
        {
            return (Category(ours), "upnp \(type)")
        }
        if let banner = signals.banners.first(where: { $0.hasPrefix("SSH-") }) {
            return (.computer, "banner \(banner)")
        }
        return nil
    }
}
