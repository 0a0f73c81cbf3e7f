/// Phones, tablets and computers. Sources: iOS devices listen on 62078 (lockdownd, Apple's ports
/// list) and take their DHCP host name from the device name ("Emma’s iPhone" → `Emmas-iPhone`);
/// Android phones have no host firewall and open no port; Android before 8 sent
/// `android-<16 hex>`, Android 8 and later the device name (no phone drawn here runs Android < 8); Windows names a new PC `DESKTOP-` plus 7 characters, OEM images often
/// `LAPTOP-` plus 8, its firewall drops unsolicited inbound traffic and echo unless file sharing
/// is on, SMB is 139/445 and RDP 3389 (IANA); macOS 12+ runs an AirPlay receiver on 5000/7000,
/// and File Sharing, Remote Login and Screen Sharing announce `_smb`, `_ssh`/`_sftp-ssh` and
/// `_rfb` (Apple's ports list); Raspberry Pi OS names the host `raspberrypi`; Home Assistant
/// listens on 8123 and announces `_home-assistant._tcp`; Cisco IP phones take `SEP` plus their MAC
/// as name, desk phones run SIP on UDP 5060 (IANA) and a web UI.
extension DeviceCatalog {
    static let personal: [DeviceKind] = phones + tablets + computers

    static let phones: [DeviceKind] = [
        DeviceKind(
            id: "iphone",
            category: .phone,
            vendor: "Apple",
            blocks: [.apple],
            models: [
                .init("iPhone 15", id: "iPhone15,4"), .init("iPhone 14", id: "iPhone14,7"),
                .init("iPhone 13", id: "iPhone14,5"), .init("iPhone 12", id: "iPhone13,2"),
                .init("iPhone SE", id: "iPhone14,6"),
            ],
            weights: .init(58, 29, 58),
            hostname: "{owner}s-iPhone",
            label: "{owner}’s iPhone",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.3,
            features: [.init(tcp: [62078]), companionLink(share: 0.3)]
        ),
        DeviceKind(
            id: "galaxy-phone",
            category: .phone,
            vendor: "Samsung",
            blocks: [.samsung],
            models: [.init("Galaxy S23"), .init("Galaxy A54"), .init("Galaxy S21")],
            weights: .init(24, 10, 24),
            hostname: "{model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.7
        ),
        DeviceKind(
            id: "pixel",
            category: .phone,
            vendor: "Google",
            blocks: [.google],
            models: [.init("Pixel 8"), .init("Pixel 7a"), .init("Pixel 6")],
            weights: .init(9, 5, 9),
            hostname: "{model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.7
        ),
        DeviceKind(
            id: "moto-phone",
            category: .phone,
            vendor: "Motorola",
            blocks: [.motorola],
            models: [.init("moto g power"), .init("moto g stylus")],
            weights: .init(5, 2, 5),
            hostname: "{model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.7
        ),
        DeviceKind(
            id: "oneplus-phone",
            category: .phone,
            vendor: "OnePlus",
            blocks: [.oneplus],
            models: [.init("OnePlus 11"), .init("OnePlus Nord N30")],
            weights: .init(2, 1, 2),
            hostname: "{model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.7
        ),
        DeviceKind(
            id: "xiaomi-phone",
            category: .phone,
            vendor: "Xiaomi",
            blocks: [.xiaomi],
            models: [.init("Redmi Note 12"), .init("Xiaomi 13T")],
            weights: .init(2, 1, 2),
            hostname: "{model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.7
        ),
        DeviceKind(
            id: "yealink-phone",
            category: .phone,
            vendor: "Yealink",
            blocks: [.yealink],
            models: [.init("SIP-T54W"), .init("SIP-T46U"), .init("SIP-T33G")],
            weights: .init(0, 22, 0),
            hostname: "{model}",
            wiredShare: 1,
            closedShare: 0.8,
            features: [
                .init(
                    tcp: [80, 443],
                    udp: [5060],
                    http: [
                        .init(port: 80, title: "{vendor} {model}"),
                        .init(port: 443, title: "{vendor} {model}", tls: true),
                    ]
                )
            ]
        ),
        DeviceKind(
            id: "cisco-phone",
            category: .phone,
            vendor: "Cisco",
            blocks: [.cisco],
            models: [.init("IP Phone 8845"), .init("IP Phone 7841")],
            weights: .init(0, 15, 0),
            hostname: "SEP{MAC12}",
            hostnameShare: 1,
            wiredShare: 1,
            closedShare: 0.8,
            features: [.init(tcp: [80], udp: [5060], http: [.init(port: 80, title: "Cisco {model}")])]
        ),
        DeviceKind(
            id: "grandstream-phone",
            category: .phone,
            vendor: "Grandstream",
            blocks: [.grandstream],
            models: [.init("GXP2170"), .init("GRP2614")],
            weights: .init(0, 15, 0),
            hostname: "{model}",
            wiredShare: 1,
            closedShare: 0.8,
            features: [
                .init(
                    tcp: [80, 443],
                    udp: [5060],
                    http: [
                        .init(port: 80, title: "{vendor} {model}"),
                        .init(port: 443, title: "{vendor} {model}", tls: true),
                    ]
                )
            ]
        ),
    ]

    static let tablets: [DeviceKind] = [
        DeviceKind(
            id: "ipad",
            category: .tablet,
            vendor: "Apple",
            blocks: [.apple],
            models: [
                .init("iPad", id: "iPad13,18"), .init("iPad Air", id: "iPad13,16"),
                .init("iPad Pro", id: "iPad14,3"),
            ],
            weights: .init(60, 80, 60),
            hostname: "{owner}s-iPad",
            label: "{owner}’s {model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.3,
            features: [.init(tcp: [62078]), companionLink(share: 0.3)]
        ),
        DeviceKind(
            id: "galaxy-tab",
            category: .tablet,
            vendor: "Samsung",
            blocks: [.samsung],
            models: [.init("Galaxy Tab S9"), .init("Galaxy Tab A8")],
            weights: .init(20, 20, 20),
            hostname: "{model}",
            privateMAC: true,
            powerSave: true,
            closedShare: 0.7
        ),
        DeviceKind(
            id: "fire-tablet",
            category: .tablet,
            vendor: "Amazon",
            blocks: [.amazon],
            models: [.init("Fire HD 10"), .init("Fire HD 8")],
            weights: .init(20, 0, 20),
            hostname: "amazon-{hex9}",
            powerSave: true,
            closedShare: 0.7
        ),
    ]

    /// macOS sharing services; a Mac's label is `<owner>’s <model>`.
    static let macFeatures: [DeviceKind.Feature] = [
        airPlay(share: 0.5, info: false).adding(tcp: [5000]),
        fileSharing(share: 0.3, netbios: false).adding(mdns: [
            .init(type: "_device-info._tcp", port: 0, txt: [("model", "{modelid}")], listens: false)
        ]),
        ssh("SSH-2.0-OpenSSH_9.0", share: 0.15, announce: true),
        .init(share: 0.1, tcp: [5900], mdns: [.init(type: "_rfb._tcp", port: 5900)]),
    ]

    /// Windows: SMB with file sharing on, RDP on some.
    static let windowsFeatures: [DeviceKind.Feature] = [
        .init(share: 0.45, tcp: [135, 139, 445]),
        .init(share: 0.15, tcp: [3389]),
    ]

    static let computers: [DeviceKind] = [
        DeviceKind(
            id: "macbook",
            category: .computer,
            vendor: "Apple",
            blocks: [.apple],
            models: [
                .init("MacBook Air", id: "Mac14,2"), .init("MacBook Pro", id: "Mac15,6"),
                .init("MacBook Air", id: "MacBookAir10,1"),
            ],
            weights: .init(24, 18, 30),
            hostname: "{owner}s-{model}",
            label: "{owner}’s {model}",
            wiredShare: 0.1,
            closedShare: 0.8,
            wakeOnLANShare: 0.3,
            features: macFeatures
        ),
        DeviceKind(
            id: "desktop-mac",
            category: .computer,
            vendor: "Apple",
            blocks: [.apple],
            models: [
                .init("iMac", id: "iMac21,1"), .init("Mac mini", id: "Mac14,3"), .init("Mac Studio", id: "Mac13,1"),
            ],
            weights: .init(8, 8, 8),
            hostname: "{owner}s-{model}",
            label: "{owner}’s {model}",
            wiredShare: 0.6,
            closedShare: 0.8,
            wakeOnLANShare: 0.3,
            features: macFeatures
        ),
        // Windows PCs of several brands (named in the models; no vendor of their own). A laptop's
        // Wi-Fi MAC is the Wi-Fi module maker's (Intel, AzureWave, Lite-On, Foxconn).
        DeviceKind(
            id: "windows-laptop",
            category: .computer,
            vendor: "",
            blocks: [.intel, .azureWave, .liteOn, .honHai],
            models: [
                .init("Dell XPS 13"), .init("HP Pavilion 15"), .init("Lenovo ThinkPad T14"),
                .init("ASUS Zenbook 14"), .init("Lenovo IdeaPad 5"),
            ],
            weights: .init(22, 32, 22),
            hostname: "LAPTOP-{ALNUM8}",
            wiredShare: 0.1,
            closedShare: 0.1,
            echoShare: 0.3,
            stackFamily: .windows,
            features: windowsFeatures
        ),
        DeviceKind(
            id: "windows-desktop",
            category: .computer,
            vendor: "",
            blocks: [.dell, .hpInc, .lenovoLCFC, .asus, .microsoft],
            models: [
                .init("Dell OptiPlex 7010"), .init("HP EliteDesk 800"), .init("Lenovo ThinkCentre M70q"),
                .init("ASUS ROG Strix"), .init("Microsoft Surface Pro 9"),
            ],
            weights: .init(10, 30, 8),
            hostname: "DESKTOP-{ALNUM7}",
            wiredShare: 0.8,
            closedShare: 0.1,
            echoShare: 0.3,
            stackFamily: .windows,
            wakeOnLANShare: 0.3,
            features: windowsFeatures
        ),
        DeviceKind(
            id: "raspberry-pi",
            category: .computer,
            vendor: "Raspberry Pi",
            blocks: [.raspberryPi],
            models: [.init("Raspberry Pi 4 Model B"), .init("Raspberry Pi 5"), .init("Raspberry Pi 3 Model B+")],
            weights: .init(6, 2, 14),
            hostname: "raspberrypi",
            label: "raspberrypi",
            wiredShare: 0.5,
            closedShare: 1,
            features: [
                ssh("SSH-2.0-OpenSSH_8.4p1 Raspbian-5+deb11u3", share: 0.85),
                .init(
                    share: 0.2,
                    tcp: [8123],
                    mdns: [.init(type: "_home-assistant._tcp", port: 8123)],
                    http: [.init(port: 8123, title: "Home Assistant")]
                ),
            ]
        ),
        DeviceKind(
            id: "linux-server",
            category: .computer,
            vendor: "Dell",
            blocks: [.dell],
            models: [.init("PowerEdge T350"), .init("PowerEdge R250")],
            weights: .init(0, 5, 0),
            hostname: "srv-{mac6}",
            wiredShare: 1,
            closedShare: 1,
            wakeOnLANShare: 0.3,
            features: [
                ssh("SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10"),
                .init(
                    share: 0.5,
                    tcp: [80, 443],
                    http: [
                        .init(port: 80, server: "nginx/1.18.0 (Ubuntu)", title: "Welcome to nginx!"),
                        .init(port: 443, server: "nginx/1.18.0 (Ubuntu)", title: "Welcome to nginx!", tls: true),
                    ]
                ),
            ]
        ),
    ]
}
