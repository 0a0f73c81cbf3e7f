import Wire

/// Turns a drawn catalog kind into a fixture device: its MAC, names, ports, services, link and
/// ARP behaviour, each drawn from the device's own random stream in a fixed order. Keeps the
/// MACs and host names already given so that the LAN's stay unique.
struct DeviceFactory {
    let profile: LANProfile
    private var usedMACs: Set<MACAddress>
    private var usedHostnames: Set<String> = []

    init(profile: LANProfile, reservedMACs: Set<MACAddress>) {
        self.profile = profile
        usedMACs = reservedMACs
    }

    /// - Parameter wifi: the device's `WiFiDraw` stream under `--wifi full`, else nil.
    mutating func make(
        _ kind: DeviceKind,
        name: String,
        ip: IPv4Address,
        random: inout RandomSource,
        wifi: RandomSource? = nil
    ) -> Fixture.Device {
        var identity = DeviceIdentity(
            vendor: kind.vendor,
            model: random.element(of: kind.models),
            owner: random.element(of: DeviceCatalog.owners),
            room: random.element(of: DeviceCatalog.rooms(profile)),
            mac: .zero,
            ip: ip
        )
        var notes: [String] = []
        let isPrivate = kind.privateMAC && random.chance(profile.privateMACShare)
        identity.mac = drawMAC(blocks: isPrivate ? [] : kind.blocks, random: &random)
        if isPrivate { notes.append("private MAC") }
        identity.label = identity.fill(kind.label, random: &random)
        var hostname: String?
        if let template = kind.hostname, random.chance(kind.hostnameShare) {
            hostname = uniqueHostname(identity.fill(template, random: &random))
        }

        var device = Fixture.Device(name: name, ip: ip, mac: identity.mac, category: kind.category, hostname: hostname)
        var open = Set<Int>()
        var udp: [Int] = []
        var mdns: [Fixture.MDNSService] = []
        var http: [Fixture.HTTPEndpoint] = []
        var banners: [Fixture.Banner] = []
        func port(_ port: DeviceKind.Port) -> Int {
            guard case .fixed(let number) = port else {
                var drawn = random.integer(in: 49152...65535)
                while open.contains(drawn) { drawn = random.integer(in: 49152...65535) }
                return drawn
            }
            return number
        }
        for feature in kind.features where random.chance(feature.share) {
            open.formUnion(feature.tcp)
            udp += feature.udp.filter { !udp.contains($0) }
            for service in feature.mdns {
                let number = port(service.port)
                if service.listens, number != 0 { open.insert(number) }
                let txt = Dictionary(service.txt.map { ($0.key, identity.fill($0.value, random: &random)) }) {
                    first,
                    _ in first
                }
                mdns.append(
                    Fixture.MDNSService(
                        type: service.type,
                        instance: identity.fill(service.instance, random: &random),
                        port: number,
                        txt: txt.isEmpty ? nil : txt
                    )
                )
            }
            for web in feature.http where !http.contains(where: { $0.port == web.port }) {
                open.insert(web.port)
                http.append(
                    Fixture.HTTPEndpoint(
                        port: web.port,
                        server: web.server,
                        title: web.title.map { identity.fill($0, random: &random) },
                        tls: web.tls ? true : nil
                    )
                )
            }
            for banner in feature.banners {
                open.insert(banner.port)
                banners.append(
                    Fixture.Banner(
                        port: banner.port,
                        protocol: banner.protocol,
                        text: identity.fill(banner.text, random: &random)
                    )
                )
            }
            if let upnp = feature.upnp, device.ssdp == nil {
                let location = port(upnp.port)
                open.insert(location)
                device.ssdp = Fixture.SSDPService(
                    deviceType: upnp.deviceType,
                    uuid: Self.uuid(&random),
                    services: upnp.services.isEmpty ? nil : upnp.services,
                    server: "Linux/\(upnp.os) UPnP/1.0 \(upnp.product)",
                    locationPort: location,
                    locationPath: upnp.path,
                    delayMs: nil
                )
                device.upnp = Fixture.UPnPDescription(
                    friendlyName: identity.fill(upnp.friendlyName, random: &random),
                    manufacturer: upnp.manufacturer,
                    modelName: identity.model.name,
                    modelNumber: identity.model.id
                )
            }
            if feature.airplay {
                open.insert(7000)
                device.airplay = Fixture.AirPlayInfo(
                    model: identity.model.id ?? identity.model.name,
                    name: identity.label,
                    sourceVersion: nil
                )
            }
            if feature.chromecast {
                open.insert(8008)
                device.chromecast = Fixture.ChromecastInfo(
                    name: identity.label,
                    modelName: identity.model.name,
                    manufacturer: kind.vendor,
                    buildVersion: nil
                )
            }
        }
        if !mdns.isEmpty, random.chance(profile.slowBonjourShare) {
            let delay = Double(random.integer(in: 30...90) * 100)
            for index in mdns.indices { mdns[index].delayMs = delay }
            notes.append("Bonjour answers \(NumberText.decimal(delay / 1000)) s late")
        }
        if device.ssdp != nil, random.chance(profile.lateSSDPShare) {
            let delay = Double(random.integer(in: 20...29) * 100)
            device.ssdp?.delayMs = delay
            notes.append("SSDP answers \(NumberText.decimal(delay / 1000)) s into MX")
        }

        var tcp = Fixture.TCPPorts()
        tcp.open = open.isEmpty ? nil : open.sorted()
        tcp.default = random.chance(kind.closedShare) ? .closed : .filtered
        device.tcp = tcp
        device.udp = udp.isEmpty ? nil : udp.map { Fixture.UDPService(port: $0, reply: nil) }
        device.mdns = mdns.isEmpty ? nil : mdns
        device.http = http.isEmpty ? nil : http
        device.banners = banners.isEmpty ? nil : banners
        notes.append(tcp.defaultPolicy == .closed ? "other ports closed" : "other ports filtered")
        if !random.chance(kind.echoShare) {
            device.icmpEcho = false
            notes.append("no ping")
        }
        if random.chance(kind.wakeOnLANShare) { device.wakeOnLAN = true }
        device.ipStack = kind.stackFamily.stack
        let wired = random.chance(kind.wiredShare)
        let impairment = ImpairmentDraw.draw(wired: wired, powerSave: kind.powerSave, profile: profile, random: &random)
        device.link = impairment.link
        device.arp = impairment.arp
        var summary = impairment.summary
        if var wifi {
            let drawn = WiFiDraw.draw(
                kind: kind,
                wired: wired,
                dozing: impairment.arp != nil,
                profile: profile,
                random: &wifi
            )
            device.powerSave = drawn.powerSave
            device.deepSleep = drawn.deepSleep
            summary += drawn.summary
        }
        let product =
            identity.model.name.hasPrefix(kind.vendor) ? identity.model.name : "\(kind.vendor) \(identity.model.name)"
        device.notes = "\(product) (\(kind.id)): " + (summary + notes).joined(separator: "; ") + "."
        return device
    }

    /// A unicast MAC in one of `blocks`, or with none given a randomised private one (locally
    /// administered bit set, IEEE 802c), unused so far on the LAN.
    private mutating func drawMAC(blocks: [OUIBlock], random: inout RandomSource) -> MACAddress {
        while true {
            var bytes = (0..<6).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if blocks.isEmpty {
                bytes[0] = bytes[0] & 0xFC | 0x02
            } else {
                let block = random.element(of: blocks)
                bytes.replaceSubrange(0..<3, with: OUIBlock.bytes(random.element(of: block.prefixes)))
            }
            let mac = MACAddress(bytes: bytes)!
            if usedMACs.insert(mac).inserted { return mac }
        }
    }

    /// `raw` made a valid host name (letters, digits, `-`; 63 characters at most) and unique on
    /// the LAN, case-insensitively, by a `-2`, `-3` … suffix as a DHCP server's owner would add.
    private mutating func uniqueHostname(_ raw: String) -> String? {
        var cleaned = ""
        for character in raw {
            let keep = character.isASCII && (character.isLetter || character.isNumber)
            if keep {
                cleaned.append(character)
            } else if !cleaned.hasSuffix("-"), !cleaned.isEmpty {
                cleaned.append("-")
            }
        }
        while cleaned.hasSuffix("-") { cleaned.removeLast() }
        cleaned = String(cleaned.prefix(56))
        guard !cleaned.isEmpty else { return nil }
        var candidate = cleaned
        var suffix = 2
        while !usedHostnames.insert(candidate.lowercased()).inserted {
            candidate = "\(cleaned)-\(suffix)"
            suffix += 1
        }
        return candidate
    }

    /// A random (version 4) UUID, lower-case.
    private static func uuid(_ random: inout RandomSource) -> String {
        let variant = random.element(of: ["8", "9", "a", "b"])
        return "\(random.hex(8))-\(random.hex(4))-4\(random.hex(3))-\(variant)\(random.hex(3))-\(random.hex(12))"
    }
}
