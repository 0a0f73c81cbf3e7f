/// Classification into the fixtures' categories, in HomeNet's priority order — gateway, model
/// ID from TXT, Bonjour service types, probe results, host name patterns, port fingerprint —
/// then NetMonitor's vendor rules (spec §5.8 rule 5) as a last resort. Pure functions.
public enum DeviceClassifier {
    /// The categories (those of the fixtures).
    public enum Category: String, Sendable, Codable, CaseIterable {
        case router, phone, tablet, computer, tv, speaker, gaming, iot, printer, camera, storage
    }

    /// A verdict and the rule that decided it.
    public struct Verdict: Sendable, Codable, Equatable {
        public var category: Category?
        /// "gateway", "txt-model", "bonjour-type", "probe", "hostname", "ports", "vendor", or "none".
        public var rule: String
        public var evidence: String?
    }

    /// Classifies `signals`; the first rule that decides wins.
    public static func classify(_ signals: DeviceSignals) -> Verdict {
        if signals.isGateway { return Verdict(category: .router, rule: "gateway", evidence: signals.ip) }
        for service in signals.services {
            for key in ["rpMd", "model", "am", "md", "ty"] {
                if let model = service.txt[key], let category = Self.model(modelID: model) {
                    return Verdict(category: category, rule: "txt-model", evidence: "\(service.type) \(key)=\(model)")
                }
            }
        }
        if let (category, type) = serviceTypes(signals.services.map(\.type)) {
            return Verdict(category: category, rule: "bonjour-type", evidence: type)
        }
        if let (category, evidence) = probes(signals) { return Verdict(category: category, rule: "probe", evidence: evidence) }
        if let hostname = signals.hostname, let (category, pattern) = hostnamePattern(hostname) {
            return Verdict(category: category, rule: "hostname", evidence: pattern)
        }
        if let (category, evidence) = ports(Set(signals.openPorts)) { return Verdict(category: category, rule: "ports", evidence: evidence) }
        if let vendor = signals.vendor, let category = self.vendor(vendor, ports: Set(signals.openPorts)) {
            return Verdict(category: category, rule: "vendor", evidence: vendor)
        }
        return Verdict(category: nil, rule: "none", evidence: nil)
    }

    /// Apple model identifiers (iPhone15,2, AppleTV11,1 …) and other TXT model strings.
    public static func model(modelID: String) -> Category? {
        let id = modelID.lowercased()
        let table: [(String, Category)] = [
            ("iphone", .phone), ("ipad", .tablet), ("appletv", .tv), ("audioaccessory", .speaker), ("homepod", .speaker),
            ("macbook", .computer), ("macmini", .computer), ("imac", .computer), ("macpro", .computer), ("mac1", .computer),
            ("xserve", .storage), ("chromecast", .tv), ("officejet", .printer), ("laserjet", .printer),
        ]
        return table.first { id.hasPrefix($0.0) || id.contains($0.0) }?.1
    }

    /// Bonjour service types, most specific first.
    public static func serviceTypes(_ types: [String]) -> (Category, String)? {
        let set = Set(types.map { $0.lowercased() })
        let rules: [([String], Category)] = [
            (["_ipp._tcp", "_ipps._tcp", "_printer._tcp", "_pdl-datastream._tcp", "_scanner._tcp"], .printer),
            (["_googlecast._tcp"], .tv),
            (["_sonos._tcp", "_spotify-connect._tcp"], .speaker),
            (["_airplay._tcp"], .tv),
            (["_raop._tcp"], .speaker),
            (["_hap._tcp", "_homekit._tcp", "_hue._tcp", "_esphomelib._tcp", "_matter._tcp"], .iot),
            (["_timemachine._tcp"], .storage),
            (["_apple-mobdev2._tcp"], .phone),
            (["_ssh._tcp", "_sftp-ssh._tcp", "_rfb._tcp", "_workstation._tcp", "_afpovertcp._tcp", "_smb._tcp"], .computer),
        ]
        for (names, category) in rules {
            if let hit = names.first(where: set.contains) { return (category, hit) }
        }
        return nil
    }

    /// What the deep probe found: UPnP, AirPlay, Chromecast, HTTP server/title, banners.
    public static func probes(_ signals: DeviceSignals) -> (Category, String)? {
        if let model = signals.airplayModel, let category = Self.model(modelID: model) { return (category, "airplay model \(model)") }
        if signals.chromecastModel != nil { return (.tv, "eureka_info \(signals.chromecastModel!)") }
        if let type = signals.upnpDeviceType?.lowercased() {
            let rules: [(String, Category)] = [("internetgatewaydevice", .router), ("zoneplayer", .speaker), ("mediarenderer", .tv),
                                               ("dial", .tv), ("printer", .printer), ("controllee", .iot), ("lightswitch", .iot)]
            if let hit = rules.first(where: { type.contains($0.0) }) { return (hit.1, "upnp \(type)") }
        }
        let text = ([signals.upnpManufacturer, signals.upnpModel].compactMap { $0 } + signals.httpServers + signals.httpTitles + signals.banners)
            .joined(separator: " | ").lowercased()
        let words: [(String, Category)] = [
            ("officejet", .printer), ("laserjet", .printer), ("printer", .printer), ("hikvision", .camera), ("app-webs", .camera),
            ("camera", .camera), ("rtsp", .camera), ("diskstation", .storage), ("synology", .storage), ("qnap", .storage),
            ("sonos", .speaker), ("fritz!box", .router), ("router", .router), ("smart tv", .tv), ("hue", .iot), ("esphome", .iot),
            ("belkin", .iot), ("raspbian", .computer), ("debian", .computer), ("ubuntu", .computer), ("openssh", .computer),
        ]
        if let hit = words.first(where: { text.contains($0.0) }) { return (hit.1, "probe text '\(hit.0)'") }
        return nil
    }

    /// Host name patterns (NetMonitor's list and HomeNet's), on the normalised name.
    public static func hostnamePattern(_ hostname: String) -> (Category, String)? {
        let name = NameNormaliser.normalise(hostname).lowercased()
        let rules: [(String, Category)] = [
            ("iphone", .phone), ("android", .phone), ("pixel", .phone), ("galaxy", .phone), ("ipad", .tablet), ("tablet", .tablet),
            ("appletv", .tv), ("apple-tv", .tv), ("chromecast", .tv), ("webos", .tv), ("roku", .tv), ("-tv", .tv), ("tv-", .tv),
            ("homepod", .speaker), ("sonos", .speaker), ("echo", .speaker), ("speaker", .speaker),
            ("playstation", .gaming), ("ps5", .gaming), ("ps4", .gaming), ("xbox", .gaming), ("nintendo", .gaming),
            ("nas", .storage), ("synology", .storage), ("qnap", .storage), ("drobo", .storage),
            ("printer", .printer), ("officejet", .printer), ("laserjet", .printer), ("epson", .printer), ("canon", .printer), ("brother", .printer),
            ("camera", .camera), ("-cam", .camera), ("cam-", .camera),
            ("fritz", .router), ("router", .router), ("gateway", .router),
            ("hue", .iot), ("lifx", .iot), ("plug", .iot), ("espressif", .iot), ("esp32", .iot), ("esp-", .iot), ("tuya", .iot),
            ("shelly", .iot), ("sprinkler", .iot), ("sensor", .iot), ("bulb", .iot), ("light", .iot),
            ("macbook", .computer), ("laptop", .computer), ("imac", .computer), ("mac-mini", .computer), ("mac-pro", .computer),
            ("mac-studio", .computer), ("desktop", .computer), ("thinkpad", .computer), ("raspberrypi", .computer), ("workstation", .computer),
            ("-pc", .computer),
        ]
        return rules.first { name.contains($0.0) }.map { ($0.1, "hostname '\($0.0)'") }
    }

    /// Port fingerprints (HomeNet's and NetMonitor's rule 4).
    public static func ports(_ open: Set<UInt16>) -> (Category, String)? {
        if open.isSuperset(of: [53, 80, 443]) { return (.router, "ports 53+80+443") }
        let rules: [(UInt16, Category)] = [(62078, .phone), (631, .printer), (9100, .printer), (515, .printer), (8008, .tv), (8009, .tv),
                                           (8001, .tv), (8002, .tv), (554, .camera), (1400, .speaker), (32400, .storage),
                                           (5900, .computer), (3389, .computer), (548, .computer), (22, .computer), (445, .computer)]
        return rules.first { open.contains($0.0) }.map { ($0.1, "port \($0.0)") }
    }

    /// NetMonitor's vendor rules (spec §5.8 rule 5), plus vendors of common home devices.
    public static func vendor(_ vendor: String, ports: Set<UInt16>) -> Category? {
        let name = vendor.lowercased()
        if name.contains("samsung") && (ports.contains(8001) || ports.contains(8002)) { return .tv }
        if name.contains("microsoft") && ports.contains(3074) { return .gaming }
        let rules: [(String, Category)] = [
            ("sonos", .speaker), ("bose", .speaker), ("harman", .speaker), ("amazon", .speaker), ("roku", .tv), ("lg electronics", .tv),
            ("synology", .storage), ("qnap", .storage), ("western digital", .storage), ("drobo", .storage),
            ("raspberry pi", .iot), ("espressif", .iot), ("tuya", .iot), ("lifx", .iot), ("signify", .iot), ("lumi", .iot), ("belkin", .iot),
            ("ring", .camera), ("nest", .camera), ("wyze", .camera), ("hikvision", .camera), ("dahua", .camera),
            ("canon", .printer), ("epson", .printer), ("brother", .printer), ("hp inc", .printer), ("hewlett packard", .printer),
            ("nintendo", .gaming), ("sony interactive", .gaming), ("avm", .router),
            ("apple", .computer), ("intel", .computer), ("dell", .computer), ("lenovo", .computer), ("asus", .computer),
        ]
        return rules.first { name.contains($0.0) }?.1
    }
}
