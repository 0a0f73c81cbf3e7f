/// Gateways, mesh nodes and access points. Sources: DNS on 53 (IANA); consumer routers' UPnP IGD
/// from miniupnpd (`/rootDesc.xml`); eero and Google/Nest Wifi have no local web UI (managed from
/// the vendor's app); UniFi access points run Dropbear SSH; Aruba Instant On and Meraki access
/// points serve a local status page (vendors' admin guides).
extension DeviceCatalog {
    static let network: [DeviceKind] = [
        // Home gateways: DNS, a web UI, UPnP IGD on most.
        DeviceKind(
            id: "netgear-router",
            category: .router,
            vendor: "NETGEAR",
            blocks: [.netgear],
            models: [.init("Nighthawk RAX50"), .init("Nighthawk R7000"), .init("Nighthawk RAX43")],
            weights: .init(4, 0, 3),
            role: .gateway,
            hostname: "{model-}",
            label: "{vendor} {model}",
            wiredShare: 1,
            closedShare: 0.7,
            features: [
                .init(
                    tcp: [53, 80, 443],
                    http: [
                        .init(port: 80, title: "{vendor} Router {model}"),
                        .init(port: 443, title: "{vendor} Router {model}", tls: true),
                    ]
                ),
                .init(share: 0.8, upnp: internetGateway("NETGEAR")),
            ]
        ),
        DeviceKind(
            id: "tplink-router",
            category: .router,
            vendor: "TP-Link",
            blocks: [.tpLink],
            models: [.init("Archer AX55"), .init("Archer AX21"), .init("Archer C7")],
            weights: .init(4, 0, 3),
            role: .gateway,
            hostname: "{model-}",
            label: "{vendor} {model}",
            wiredShare: 1,
            closedShare: 0.7,
            features: [
                .init(tcp: [53, 80], http: [.init(port: 80, title: "{vendor} {model}")]),
                .init(share: 0.5, tcp: [443], http: [.init(port: 443, title: "{vendor} {model}", tls: true)]),
                .init(share: 0.8, upnp: internetGateway("TP-Link")),
            ]
        ),
        DeviceKind(
            id: "asus-router",
            category: .router,
            vendor: "ASUS",
            blocks: [.asus],
            models: [.init("RT-AX58U"), .init("RT-AX86U"), .init("RT-AC68U")],
            weights: .init(3, 0, 2),
            role: .gateway,
            hostname: "{model}",
            label: "{vendor} {model}",
            wiredShare: 1,
            closedShare: 0.7,
            features: [
                .init(tcp: [53, 80], http: [.init(port: 80, server: "httpd/2.0", title: "ASUS Login")]),
                .init(
                    share: 0.3,
                    tcp: [8443],
                    http: [.init(port: 8443, server: "httpd/2.0", title: "ASUS Login", tls: true)]
                ),
                .init(share: 0.8, upnp: internetGateway("ASUSTeK Computer Inc.")),
            ]
        ),
        DeviceKind(
            id: "isp-gateway",
            category: .router,
            vendor: "ARRIS",
            blocks: [.arris],
            models: [.init("SURFboard SBG8300"), .init("Touchstone TG3452")],
            weights: .init(3, 0, 2),
            role: .gateway,
            hostname: "{model-}",
            label: "{vendor} {model}",
            wiredShare: 1,
            closedShare: 0.5,
            features: [
                .init(
                    tcp: [53, 80, 443],
                    http: [
                        .init(port: 80, title: "{model}"),
                        .init(port: 443, title: "{model}", tls: true),
                    ]
                ),
                .init(share: 0.6, upnp: internetGateway("ARRIS")),
            ]
        ),
        DeviceKind(
            id: "eero-gateway",
            category: .router,
            vendor: "eero",
            blocks: [.eero],
            models: [.init("eero 6+"), .init("eero Pro 6E")],
            weights: .init(2, 0, 2),
            role: .gateway,
            hostname: "eero-{mac6}",
            label: "{model}",
            wiredShare: 1,
            closedShare: 0.2,
            features: [.init(tcp: [53]), .init(share: 0.7, upnp: internetGateway("eero"))]
        ),
        DeviceKind(
            id: "nest-wifi-gateway",
            category: .router,
            vendor: "Google",
            blocks: [.google],
            models: [.init("Nest Wifi Pro"), .init("Google Wifi")],
            weights: .init(2, 0, 1),
            role: .gateway,
            hostname: "{model-}",
            label: "{model}",
            wiredShare: 1,
            closedShare: 0.2,
            features: [.init(tcp: [53]), .init(share: 0.7, upnp: internetGateway("Google"))]
        ),
        // Office gateways: DNS, HTTPS management, everything else dropped.
        DeviceKind(
            id: "fortigate",
            category: .router,
            vendor: "Fortinet",
            blocks: [.fortinet],
            models: [.init("FortiGate 60F"), .init("FortiGate 40F")],
            weights: .init(0, 3, 0),
            role: .gateway,
            hostname: "{model-}",
            label: "{model}",
            wiredShare: 1,
            closedShare: 0,
            features: [.init(tcp: [53, 443], http: [.init(port: 443, title: "{model}", tls: true)])]
        ),
        DeviceKind(
            id: "meraki-mx",
            category: .router,
            vendor: "Cisco Meraki",
            blocks: [.meraki],
            models: [.init("MX68"), .init("MX75")],
            weights: .init(0, 2, 0),
            role: .gateway,
            hostname: "{model-}",
            label: "{vendor} {model}",
            wiredShare: 1,
            closedShare: 0,
            features: [.init(tcp: [53, 80], http: [.init(port: 80, title: "{vendor} {model}")])]
        ),

        // Mesh nodes and access points.
        DeviceKind(
            id: "eero-node",
            category: .router,
            vendor: "eero",
            blocks: [.eero],
            models: [.init("eero 6+"), .init("eero Pro 6E")],
            weights: .init(3, 0, 3),
            hostname: "eero-{mac6}",
            hostnameShare: 0.5,
            wiredShare: 0.3,
            closedShare: 0.2
        ),
        DeviceKind(
            id: "nest-wifi-point",
            category: .router,
            vendor: "Google",
            blocks: [.google],
            models: [.init("Nest Wifi point"), .init("Google Wifi")],
            weights: .init(2, 0, 2),
            hostname: "{model-}",
            hostnameShare: 0.5,
            wiredShare: 0.2,
            closedShare: 0.2
        ),
        DeviceKind(
            id: "tplink-deco",
            category: .router,
            vendor: "TP-Link",
            blocks: [.tpLink],
            models: [.init("Deco X55"), .init("Deco M5")],
            weights: .init(3, 0, 3),
            hostname: "{model-}",
            wiredShare: 0.3,
            closedShare: 0.8,
            features: [.init(share: 0.5, tcp: [80], http: [.init(port: 80, title: "{vendor} {model}")])]
        ),
        DeviceKind(
            id: "orbi-satellite",
            category: .router,
            vendor: "NETGEAR",
            blocks: [.netgear],
            models: [.init("Orbi RBS50"), .init("Orbi RBS750")],
            weights: .init(2, 0, 1),
            hostname: "{model-}",
            wiredShare: 0.3,
            closedShare: 0.8,
            features: [
                .init(
                    tcp: [80, 443],
                    http: [
                        .init(port: 80, title: "{vendor} {model}"),
                        .init(port: 443, title: "{vendor} {model}", tls: true),
                    ]
                )
            ]
        ),
        DeviceKind(
            id: "unifi-ap",
            category: .router,
            vendor: "Ubiquiti",
            blocks: [.ubiquiti],
            models: [.init("U6 Lite"), .init("U6 Long-Range"), .init("UAP-AC-Pro")],
            weights: .init(0, 3, 0),
            hostname: "{model-}-{mac6}",
            wiredShare: 1,
            closedShare: 1,
            features: [ssh("SSH-2.0-dropbear_2019.78")]
        ),
        DeviceKind(
            id: "aruba-ap",
            category: .router,
            vendor: "Aruba",
            blocks: [.aruba],
            models: [.init("Instant On AP22"), .init("Instant On AP25")],
            weights: .init(0, 3, 0),
            hostname: "{model-}-{mac6}",
            wiredShare: 1,
            closedShare: 0.5,
            features: [.init(tcp: [443], http: [.init(port: 443, title: "{vendor} {model}", tls: true)])]
        ),
        DeviceKind(
            id: "meraki-ap",
            category: .router,
            vendor: "Cisco Meraki",
            blocks: [.meraki],
            models: [.init("MR36"), .init("MR46")],
            weights: .init(0, 3, 0),
            hostname: "{model-}-{mac6}",
            wiredShare: 1,
            closedShare: 0.2,
            features: [.init(tcp: [80], http: [.init(port: 80, title: "{vendor} {model}")])]
        ),
    ]
}
