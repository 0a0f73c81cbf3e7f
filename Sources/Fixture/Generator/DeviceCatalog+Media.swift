/// TVs, streamers, speakers and consoles. Sources: Samsung Tizen TVs' remote-control API on
/// 8001/8002 and DLNA renderer (Samsung developer docs); LG webOS' SSAP on 3000/3001 (webOS TV
/// developer docs); Roku's External Control Protocol on 8060 with SSDP `roku:ecp` (Roku developer
/// docs); Vizio SmartCast on 7345; Google Cast 8008/8009/8443 (Cast docs; Nest speakers add
/// 10001); Apple TV and HomePod AirPlay 7000, `_companion-link`, `_homekit` as home hubs (Apple's
/// ports list); Sonos 1400/1443, `_sonos._tcp`, ZonePlayer description at
/// `/xml/device_description.xml` (Sonos developer docs) and Spotify Connect's ZeroConf
/// (`_spotify-connect._tcp`, Spotify's ZeroConf API); Bose SoundTouch 8090 with
/// `_soundtouch._tcp` (Bose SoundTouch Web API); Xbox Live UDP 3074 (Microsoft's port list).
/// Echo and Fire TV devices register `amazon-` plus hex as host name; consoles send none.
extension DeviceCatalog {
    static let media: [DeviceKind] = tvs + speakers + consoles

    static let tvs: [DeviceKind] = [
        DeviceKind(
            id: "samsung-tv",
            category: .tv,
            vendor: "Samsung",
            blocks: [.samsung],
            models: [.init("QN55Q60C"), .init("UN50TU7000"), .init("QN65S90C")],
            weights: .init(24, 10, 18),
            hostname: nil,
            label: "[TV] {room}",
            wiredShare: 0.3,
            closedShare: 0.5,
            features: [
                .init(tcp: [8001, 8002, 9197]),
                mediaRenderer(
                    port: 9197,
                    path: "/dmr",
                    product: "Samsung-DMR/1.0",
                    manufacturer: "Samsung Electronics"
                ),
                airPlay(share: 0.6, info: false),
            ]
        ),
        DeviceKind(
            id: "lg-tv",
            category: .tv,
            vendor: "LG",
            blocks: [.lg],
            models: [.init("OLED55C3PUA"), .init("50UQ7070ZUE"), .init("OLED65B2PUA")],
            weights: .init(16, 5, 12),
            hostname: "LGwebOSTV",
            label: "[LG] webOS TV {model}",
            wiredShare: 0.3,
            closedShare: 0.3,
            features: [
                .init(tcp: [3000, 3001]),
                mediaRenderer(port: .dynamic, product: "LGE-webOS/1.0", manufacturer: "LG Electronics"),
                airPlay(share: 0.4, info: false),
            ]
        ),
        DeviceKind(
            id: "bravia-tv",
            category: .tv,
            vendor: "Sony",
            blocks: [.sony],
            models: [.init("BRAVIA XR-55A80L"), .init("BRAVIA KD-50X80K")],
            weights: .init(6, 2, 5),
            hostname: "{model}",
            label: "{room} TV",
            wiredShare: 0.4,
            closedShare: 0.5,
            features: [googleCast(), dial(share: 0.5, manufacturer: "Sony")]
        ),
        DeviceKind(
            id: "roku",
            category: .tv,
            vendor: "Roku",
            blocks: [.roku],
            models: [.init("Roku Express"), .init("Roku Streaming Stick 4K"), .init("Roku Ultra")],
            weights: .init(14, 2, 12),
            hostname: nil,
            label: "{room} Roku",
            wiredShare: 0.2,
            closedShare: 0.5,
            features: [
                .init(
                    tcp: [8060],
                    upnp: .init(
                        deviceType: "urn:roku-com:device:player:1-0",
                        port: 8060,
                        path: "/",
                        product: "Roku/12.0",
                        manufacturer: "Roku"
                    )
                )
            ]
        ),
        DeviceKind(
            id: "tcl-roku-tv",
            category: .tv,
            vendor: "TCL",
            blocks: [.tcl],
            models: [.init("TCL 55S455"), .init("TCL 43S325")],
            weights: .init(6, 0, 5),
            hostname: nil,
            label: "{room} TV",
            wiredShare: 0.3,
            closedShare: 0.5,
            features: [
                .init(
                    tcp: [8060],
                    upnp: .init(
                        deviceType: "urn:roku-com:device:player:1-0",
                        port: 8060,
                        path: "/",
                        product: "Roku/12.0",
                        manufacturer: "TCL"
                    )
                )
            ]
        ),
        DeviceKind(
            id: "vizio-tv",
            category: .tv,
            vendor: "Vizio",
            blocks: [.vizio],
            models: [.init("V505-J09"), .init("M55Q6-J01")],
            weights: .init(4, 0, 3),
            hostname: nil,
            label: "{room} TV",
            wiredShare: 0.3,
            closedShare: 0.5,
            features: [.init(tcp: [7345]), googleCast()]
        ),
        DeviceKind(
            id: "apple-tv",
            category: .tv,
            vendor: "Apple",
            blocks: [.apple],
            models: [
                .init("Apple TV 4K", id: "AppleTV14,1"), .init("Apple TV 4K", id: "AppleTV6,2"),
                .init("Apple TV HD", id: "AppleTV5,3"),
            ],
            weights: .init(14, 30, 10),
            hostname: "{room}",
            label: "{room}",
            wiredShare: 0.4,
            closedShare: 0.4,
            features: [airPlay(), companionLink(share: 1), homeKit("_homekit._tcp", share: 0.5)]
        ),
        DeviceKind(
            id: "chromecast",
            category: .tv,
            vendor: "Google",
            blocks: [.google],
            models: [.init("Chromecast with Google TV"), .init("Chromecast"), .init("Google TV Streamer")],
            weights: .init(12, 10, 12),
            hostname: "{model}",
            label: "{room} TV",
            closedShare: 0.5,
            features: [googleCast(), dial(share: 0.8, manufacturer: "Google Inc.")]
        ),
        DeviceKind(
            id: "fire-tv",
            category: .tv,
            vendor: "Amazon",
            blocks: [.amazon],
            models: [.init("Fire TV Stick 4K"), .init("Fire TV Cube")],
            weights: .init(10, 0, 10),
            hostname: "amazon-{hex9}",
            wiredShare: 0.1,
            closedShare: 0.3
        ),
    ]

    static let speakers: [DeviceKind] = [
        DeviceKind(
            id: "echo",
            category: .speaker,
            vendor: "Amazon",
            blocks: [.amazon],
            models: [.init("Echo Dot"), .init("Echo"), .init("Echo Show 8")],
            weights: .init(45, 20, 45),
            hostname: "amazon-{hex9}",
            label: "{owner}’s {model}",
            closedShare: 0.2,
            features: [.init(tcp: [55443]), .init(share: 0.4, tcp: [4070])]
        ),
        DeviceKind(
            id: "nest-speaker",
            category: .speaker,
            vendor: "Google",
            blocks: [.google],
            // The model is the Cast `md` and its id the `ca`, both as real devices announce them in
            // public avahi dumps (`IdentityVocabulary.castModelNames`): audio out only for the
            // speakers; the Nest Hub, a smart display, sets video out too.
            models: [
                .init("Google Nest Mini", id: "199172"), .init("Nest Audio", id: "199428"),
                .init("Google Nest Hub", id: "231941"),
            ],
            weights: .init(25, 5, 25),
            hostname: "{model}",
            label: "{room} speaker",
            closedShare: 0.5,
            features: [googleCast(capabilities: "{modelid}", extraPorts: [10001])]
        ),
        DeviceKind(
            id: "sonos",
            category: .speaker,
            vendor: "Sonos",
            blocks: [.sonos],
            models: [
                .init("Sonos One SL"), .init("Sonos Era 100"), .init("Sonos Five"), .init("Sonos Beam"),
                .init("Sonos Roam"),
            ],
            weights: .init(15, 60, 15),
            hostname: "SonosZP",
            label: "{room}",
            wiredShare: 0.2,
            closedShare: 1,
            features: [
                .init(
                    tcp: [1400, 1443],
                    mdns: [.init(type: "_sonos._tcp", port: 1443, instance: "RINCON_{MAC12}01400@{label}")],
                    upnp: .init(
                        deviceType: "urn:schemas-upnp-org:device:ZonePlayer:1",
                        services: ["urn:schemas-upnp-org:service:AlarmClock:1"],
                        port: 1400,
                        path: "/xml/device_description.xml",
                        product: "Sonos/79.1",
                        friendlyName: "{ip} - {model}",
                        manufacturer: "Sonos, Inc."
                    )
                ),
                .init(
                    share: 0.7,
                    mdns: [
                        .init(
                            type: "_spotify-connect._tcp",
                            port: 1400,
                            txt: [("CPath", "/spotifyzc"), ("VERSION", "1.0")]
                        )
                    ]
                ),
                airPlay(share: 0.6, info: false),
            ]
        ),
        DeviceKind(
            id: "homepod",
            category: .speaker,
            vendor: "Apple",
            blocks: [.apple],
            models: [.init("HomePod", id: "AudioAccessory6,1"), .init("HomePod", id: "AudioAccessory1,1")],
            weights: .init(8, 5, 8),
            hostname: "{room}",
            label: "{room}",
            closedShare: 0.4,
            features: [airPlay(), companionLink(share: 1), homeKit("_homekit._tcp", share: 0.6)]
        ),
        DeviceKind(
            id: "bose",
            category: .speaker,
            vendor: "Bose",
            blocks: [.bose],
            models: [.init("SoundTouch 10"), .init("Bose Home Speaker 500"), .init("Bose Smart Soundbar 600")],
            weights: .init(7, 10, 7),
            hostname: nil,
            label: "{room}",
            wiredShare: 0.1,
            closedShare: 0.5,
            features: [.init(tcp: [8090], mdns: [.init(type: "_soundtouch._tcp", port: 8090)])]
        ),
    ]

    static let consoles: [DeviceKind] = [
        DeviceKind(
            id: "playstation",
            category: .gaming,
            vendor: "Sony",
            blocks: [.sonyInteractive],
            models: [.init("PlayStation 5"), .init("PlayStation 4")],
            weights: .init(40, 30, 40),
            hostname: nil,
            wiredShare: 0.4,
            closedShare: 0.1,
            echoShare: 0.9
        ),
        DeviceKind(
            id: "xbox",
            category: .gaming,
            vendor: "Microsoft",
            blocks: [.microsoft],
            models: [.init("Xbox Series X"), .init("Xbox Series S"), .init("Xbox One")],
            weights: .init(30, 30, 30),
            hostname: nil,
            wiredShare: 0.4,
            closedShare: 0.1,
            echoShare: 0.5,
            stackFamily: .windows,
            features: [.init(udp: [3074])]
        ),
        DeviceKind(
            id: "switch",
            category: .gaming,
            vendor: "Nintendo",
            blocks: [.nintendo],
            models: [.init("Switch"), .init("Switch OLED"), .init("Switch Lite")],
            weights: .init(30, 40, 30),
            hostname: nil,
            powerSave: true,
            closedShare: 0.1
        ),
    ]
}
