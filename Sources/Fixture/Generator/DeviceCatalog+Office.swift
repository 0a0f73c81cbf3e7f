/// Printers and network storage. Sources: printers' default host names — HP `HP` plus the last
/// three MAC bytes, Brother `BRW`/`BRN` plus the MAC, Epson `EPSON` plus three bytes, Lexmark `ET`
/// plus the MAC — and their IPP/raw/LPD/eSCL services (vendors' network guides, Bonjour Printing
/// 1.2, IPP Everywhere); Brother's embedded web server `debut`; Synology DSM on 5000/5001 with its
/// SSDP description `/ssdp/desc-DSM-eth0.xml`, QNAP QTS on 8080/443 with `_qdiscover._tcp` and
/// `NAS` plus three MAC bytes as name, WD My Cloud's `WDMyCloud` (vendors' docs); SMB 139/445.
extension DeviceCatalog {
    static let office: [DeviceKind] = printers + storage

    static let printers: [DeviceKind] = [
        DeviceKind(
            id: "hp-printer",
            category: .printer,
            vendor: "HP",
            blocks: [.hpInc, .hewlettPackard],
            models: [
                .init("OfficeJet Pro 8025e"), .init("LaserJet Pro M404dn"), .init("ENVY 6055e"),
                .init("Color LaserJet Pro M479fdw"),
            ],
            weights: .init(40, 30, 40),
            hostname: "HP{MAC6}",
            label: "{vendor} {model} [{MAC6}]",
            wiredShare: 0.3,
            closedShare: 1,
            features: printer()
        ),
        DeviceKind(
            id: "brother-printer",
            category: .printer,
            vendor: "Brother",
            blocks: [.brother],
            models: [.init("HL-L2350DW"), .init("MFC-L2710DW"), .init("HL-L3270CDW")],
            weights: .init(25, 25, 25),
            hostname: "BRW{MAC12}",
            label: "{vendor} {model}",
            wiredShare: 0.3,
            closedShare: 1,
            stackFamily: .brother,
            features: printer(server: "debut/1.30")
        ),
        DeviceKind(
            id: "epson-printer",
            category: .printer,
            vendor: "EPSON",
            blocks: [.epson],
            models: [.init("ET-2850 Series"), .init("WF-2950 Series"), .init("ET-4850 Series")],
            weights: .init(20, 5, 20),
            hostname: "EPSON{MAC6}",
            label: "{vendor} {model}",
            wiredShare: 0.2,
            closedShare: 1,
            features: printer()
        ),
        DeviceKind(
            id: "canon-printer",
            category: .printer,
            vendor: "Canon",
            blocks: [.canon],
            models: [.init("TR8600 series"), .init("MF743C/MF745C"), .init("G6000 series")],
            weights: .init(15, 15, 15),
            hostname: nil,
            label: "{vendor} {model}",
            wiredShare: 0.3,
            closedShare: 1,
            features: printer()
        ),
        DeviceKind(
            id: "lexmark-printer",
            category: .printer,
            vendor: "Lexmark",
            blocks: [.lexmark],
            models: [.init("MS431dn"), .init("CX431adw")],
            weights: .init(0, 15, 0),
            hostname: "ET{MAC12}",
            label: "{vendor} {model}",
            wiredShare: 1,
            closedShare: 1,
            features: printer()
        ),
    ]

    static let storage: [DeviceKind] = [
        DeviceKind(
            id: "synology",
            category: .storage,
            vendor: "Synology",
            blocks: [.synology],
            models: [
                .init("DS224+", id: "DS224plus"), .init("DS923+", id: "DS923plus"), .init("DS220j", id: "DS220j"),
            ],
            weights: .init(50, 50, 50),
            hostname: "{modelid}",
            label: "{modelid}",
            wiredShare: 0.95,
            closedShare: 1,
            wakeOnLANShare: 0.3,
            features: [
                fileSharing().adding(
                    tcp: [5000, 5001],
                    mdns: [
                        .init(
                            type: "_http._tcp",
                            port: 5000,
                            txt: [("vendor", "Synology"), ("model", "{model}")]
                        )
                    ]
                ),
                .init(http: [
                    .init(port: 5000, server: "nginx", title: "Synology DiskStation"),
                    .init(port: 5001, server: "nginx", title: "Synology DiskStation", tls: true),
                ]),
                .init(
                    share: 0.6,
                    upnp: .init(
                        deviceType: "urn:schemas-upnp-org:device:Basic:1",
                        port: 5000,
                        path: "/ssdp/desc-DSM-eth0.xml",
                        product: "Synology/DSM",
                        friendlyName: "{label} ({model})",
                        manufacturer: "Synology"
                    )
                ),
                ssh("SSH-2.0-OpenSSH_8.2", share: 0.3),
            ]
        ),
        DeviceKind(
            id: "qnap",
            category: .storage,
            vendor: "QNAP",
            blocks: [.qnap],
            models: [.init("TS-264"), .init("TS-453D"), .init("TS-233")],
            weights: .init(25, 30, 25),
            hostname: "NAS{MAC6}",
            label: "NAS{MAC6}",
            wiredShare: 0.95,
            closedShare: 1,
            wakeOnLANShare: 0.3,
            features: [
                fileSharing().adding(
                    tcp: [443, 8080],
                    mdns: [
                        .init(type: "_http._tcp", port: 8080),
                        .init(type: "_qdiscover._tcp", port: 8080),
                    ]
                ),
                .init(http: [
                    .init(port: 8080, server: "http server 1.0", title: "QTS"),
                    .init(port: 443, server: "http server 1.0", title: "QTS", tls: true),
                ]),
                ssh("SSH-2.0-OpenSSH_8.0", share: 0.2),
            ]
        ),
        DeviceKind(
            id: "wd-mycloud",
            category: .storage,
            vendor: "WD",
            blocks: [.westernDigital],
            models: [.init("My Cloud EX2 Ultra"), .init("My Cloud PR4100")],
            weights: .init(20, 5, 20),
            hostname: "WDMyCloud",
            label: "WDMyCloud",
            wiredShare: 1,
            closedShare: 1,
            features: [
                fileSharing().adding(tcp: [80, 443], mdns: [.init(type: "_http._tcp", port: 80)]),
                .init(http: [
                    .init(port: 80, server: "lighttpd", title: "{model}"),
                    .init(port: 443, server: "lighttpd", title: "{model}", tls: true),
                ]),
            ]
        ),
    ]
}
