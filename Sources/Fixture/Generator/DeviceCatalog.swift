/// The generator's device kinds and the names it gives devices: vendors, their IEEE blocks,
/// ports, Bonjour types and host-name styles from public knowledge of the products (each file
/// of this catalog names its sources), not from the hand-written fixtures.
///
/// Ports are IANA-registered or documented by the vendor (Apple's "TCP and UDP ports used by
/// Apple software products", Google's Cast and Sonos' developer docs, printer vendors' network
/// guides); service types are DNS-SD names (RFC 6763, http://www.dns-sd.org/ServiceTypes.html);
/// UPnP device types are UPnP Forum or vendor URNs.
enum DeviceCatalog {
    /// Every kind, in a fixed order (the order draws walk them in).
    static let kinds: [DeviceKind] = network + personal + media + smartHome + office

    /// The kinds of `category` with their weights in `profile`, for `role`, in catalog order.
    static func choices(
        _ category: Fixture.DeviceCategory,
        profile: LANProfile,
        role: DeviceKind.Role = .member
    ) -> [(DeviceKind, Double)] {
        kinds.filter { $0.category == category && $0.role == role }
            .map { ($0, profile.weight(of: $0)) }
            .filter { $0.1 > 0 }
    }

    /// First names for personal devices ("Emma’s iPhone"): common given names, none of them the
    /// hand-written fixtures' owners.
    static let owners = [
        "Emma", "Liam", "Olivia", "Noah", "Ava", "Mia", "Lucas", "Sofia", "Leo", "Zoe", "Maya", "Omar",
        "Priya", "Kenji", "Lena", "Marco", "Nina", "Ravi", "Sara", "Tom", "Yuki", "Ines", "Hugo", "Chloe",
        "David", "Elena", "Felix", "Grace", "Ivan", "Julia", "Karl", "Lucy", "Mateo", "Nora", "Oscar",
        "Paula", "Quinn", "Rosa", "Sam", "Tara",
    ]

    /// Room names for shared devices ("Kitchen", "Boardroom").
    static func rooms(_ profile: LANProfile) -> [String] {
        switch profile {
        case .home, .denseIoT:
            [
                "Living Room", "Kitchen", "Bedroom", "Den", "Family Room", "Master Bedroom", "Kids Room", "Patio",
                "Basement", "Dining Room", "Study", "Garage", "Guest Room", "Loft", "Nursery", "Porch",
            ]
        case .office:
            [
                "Boardroom", "Meeting Room 1", "Meeting Room 2", "Reception", "Huddle 3", "Training Room", "Lobby",
                "Lounge", "Focus Room", "Workshop", "Floor 2 East", "Floor 2 West",
            ]
        }
    }

    // MARK: Pieces several kinds share

    /// A consumer router's UPnP Internet Gateway Device (miniupnpd's description path; the port
    /// is picked at start-up, so drawn per device).
    static func internetGateway(_ manufacturer: String) -> DeviceKind.UPnP {
        DeviceKind.UPnP(
            deviceType: "urn:schemas-upnp-org:device:InternetGatewayDevice:2",
            services: [
                "urn:schemas-upnp-org:service:WANIPConnection:2",
                "urn:schemas-upnp-org:service:WANCommonInterfaceConfig:1",
            ],
            port: .dynamic,
            path: "/rootDesc.xml",
            os: "4.4",
            product: "miniupnpd/2.2",
            friendlyName: "{vendor} {model}",
            manufacturer: manufacturer
        )
    }

    /// AirPlay 2 receiver: `/info` on 7000 (Apple's ports list: 7000 AirPlay) when `info`,
    /// `_airplay._tcp` with TXT `deviceid` and `model`, and `_raop._tcp` named `<MAC>@<name>` with
    /// TXT `am`, as AirPlay receivers announce them (AirPlay 2 receiver TXT records,
    /// https://openairplay.github.io/airplay-spec/service_discovery.html: `model` and `am` are in
    /// every receiver's record). Apple devices give their model identifier (`AppleTV6,2`), others
    /// their own model name (`QN55Q60C`), which names no category.
    static func airPlay(share: Double = 1, info: Bool = true) -> DeviceKind.Feature {
        DeviceKind.Feature(
            share: share,
            tcp: [7000],
            mdns: [
                .init(type: "_airplay._tcp", port: 7000, txt: [("deviceid", "{MAC:}"), ("model", "{modelid}")]),
                .init(type: "_raop._tcp", port: 7000, instance: "{MAC12}@{label}", txt: [("am", "{modelid}")]),
            ],
            airplay: info
        )
    }

    /// Apple's device-to-device link (`_companion-link._tcp`, a dynamic port) with TXT `rpMd`, the
    /// model identifier (as iOS, tvOS and HomePod software announce it; the share is an
    /// assumption, 0.3–1 to sweep: the service is up while the device is awake and signed in).
    static func companionLink(share: Double) -> DeviceKind.Feature {
        DeviceKind.Feature(
            share: share,
            mdns: [.init(type: "_companion-link._tcp", port: .dynamic, txt: [("rpMd", "{modelid}")])]
        )
    }

    /// A HomeKit accessory announcing `_hap._tcp` (HomeKit Accessory Protocol) on a dynamic
    /// port with the TXT keys the HAP specification requires of every IP accessory (R2 §6.4:
    /// `c#`, `ff`, `id`, `md`, `pv`, `s#`, `sf`, `ci`), `ci` being its accessory category
    /// (`IdentityVocabulary.hapCategories`: 2 bridge, 9 thermostat …); or a home hub's
    /// `_homekit._tcp`, which carries none of them.
    static func homeKit(_ type: String = "_hap._tcp", category: Int? = nil, share: Double) -> DeviceKind.Feature {
        let txt: [(key: String, value: String)] =
            category.map { ci in
                [
                    ("c#", "1"), ("ff", "0"), ("id", "{MAC:}"), ("md", "{model}"), ("pv", "1.1"), ("s#", "1"),
                    ("sf", "0"), ("ci", String(ci)),
                ]
            } ?? []
        return DeviceKind.Feature(share: share, mdns: [.init(type: type, port: .dynamic, txt: txt)])
    }

    /// A Google Cast receiver: 8008/8009/8443 (Google Cast docs), `_googlecast._tcp` named
    /// `<model>-<32 hex>` with its `fn`, `md` and `ca` TXT keys (`ca`: the capability bits
    /// Chromium's Cast code reads, `IdentityVocabulary.castCapabilities`; `capabilities` is a
    /// template: `4101` = video out + audio out, as Chromecasts announce; the Nest speakers' values
    /// have audio out only — each from public avahi dumps of real devices),
    /// `eureka_info` on 8008.
    static func googleCast(capabilities: String = "4101", extraPorts: [Int] = []) -> DeviceKind.Feature {
        DeviceKind.Feature(
            tcp: [8008, 8009, 8443] + extraPorts,
            mdns: [
                .init(
                    type: "_googlecast._tcp",
                    port: 8009,
                    instance: "{model-}-{hex16}{hex16}",
                    txt: [("fn", "{label}"), ("md", "{model}"), ("ca", capabilities)]
                )
            ],
            chromecast: true
        )
    }

    /// DIAL (the DIAL 2.x specification: device description at `/ssdp/device-desc.xml` on 8008).
    static func dial(share: Double, manufacturer: String) -> DeviceKind.Feature {
        DeviceKind.Feature(
            share: share,
            upnp: .init(
                deviceType: "urn:dial-multiscreen-org:device:dial:1",
                port: 8008,
                path: "/ssdp/device-desc.xml",
                product: "DIAL/2.1",
                manufacturer: manufacturer
            )
        )
    }

    /// A DLNA TV: UPnP MediaRenderer (UPnP Forum AV architecture) on a vendor port.
    static func mediaRenderer(
        port: DeviceKind.Port,
        path: String = "/description.xml",
        product: String,
        manufacturer: String,
        share: Double = 1
    ) -> DeviceKind.Feature {
        DeviceKind.Feature(
            share: share,
            upnp: .init(
                deviceType: "urn:schemas-upnp-org:device:MediaRenderer:1",
                services: [
                    "urn:schemas-upnp-org:service:RenderingControl:1", "urn:schemas-upnp-org:service:AVTransport:1",
                ],
                port: port,
                path: path,
                product: product,
                manufacturer: manufacturer
            )
        )
    }

    /// A network printer: IPP 631 (RFC 8011) with `_ipp._tcp` and its `ty`/`rp` keys (Bonjour
    /// Printing 1.2), raw 9100 with `_pdl-datastream._tcp`, the embedded web server on 80/443
    /// with `_http._tcp` (`ty` make and model, `product` the PostScript product name in
    /// parentheses: Bonjour Printing 1.2 §9); LPD 515 with `_printer._tcp` on most; an eSCL scanner (`_uscan._tcp`,
    /// Mopria eSCL) on some.
    static func printer(server: String? = nil) -> [DeviceKind.Feature] {
        [
            DeviceKind.Feature(
                tcp: [80, 443, 631, 9100],
                mdns: [
                    .init(
                        type: "_ipp._tcp",
                        port: 631,
                        txt: [
                            ("ty", "{vendor} {model}"), ("product", "({model})"), ("rp", "ipp/print"),
                            ("note", "{room}"),
                        ]
                    ),
                    .init(type: "_pdl-datastream._tcp", port: 9100),
                    .init(type: "_http._tcp", port: 80),
                ],
                http: [
                    .init(port: 80, server: server, title: "{vendor} {model}"),
                    .init(port: 443, server: server, title: "{vendor} {model}", tls: true),
                ]
            ),
            DeviceKind.Feature(share: 0.7, tcp: [515], mdns: [.init(type: "_printer._tcp", port: 515)]),
            DeviceKind.Feature(
                share: 0.5,
                mdns: [.init(type: "_uscan._tcp", port: 8080, txt: [("ty", "{vendor} {model}")])]
            ),
        ]
    }

    /// An OpenSSH server with a distribution's banner (RFC 4253 §4.2 identification string).
    static func ssh(_ banner: String, share: Double = 1, announce: Bool = false) -> DeviceKind.Feature {
        DeviceKind.Feature(
            share: share,
            tcp: [22],
            mdns: announce ? [.init(type: "_ssh._tcp", port: 22), .init(type: "_sftp-ssh._tcp", port: 22)] : [],
            banners: [.init(port: 22, protocol: .ssh, text: banner)]
        )
    }

    /// SMB file sharing (445, `_smb._tcp`), with NetBIOS session 139 when `netbios`.
    static func fileSharing(share: Double = 1, netbios: Bool = true) -> DeviceKind.Feature {
        DeviceKind.Feature(
            share: share,
            tcp: netbios ? [139, 445] : [445],
            mdns: [.init(type: "_smb._tcp", port: 445)]
        )
    }
}
