/// Smart-home devices and cameras. Sources: Tuya-firmware devices' local protocol on 6668
/// (tinytuya's docs) and the `wlan0` host name many of them send; ESP8266 Arduino firmware's
/// default host name `ESP_` plus the last three MAC bytes; Shelly Gen2 names `<model>-<mac>`, its
/// web UI on 80 with `_http._tcp`/`_shelly._tcp` (Shelly API docs); Tasmota's
/// `tasmota-<MAC6>-<4 digits>` (Tasmota docs); ESPHome's native API 6053 with
/// `_esphomelib._tcp` (ESPHome docs); TP-Link Kasa's local protocol on 9999; the Hue bridge's
/// 80/443, `_hue._tcp` and UPnP Basic description (Philips Hue developer docs); iRobot Roombas'
/// `iRobot-<BLID>` host name and local MQTT over TLS on 8883; Wemo's `controllee` UPnP device at
/// `/setup.xml`; Hikvision's SDK port 8000, Dahua's 37777, Reolink's 9000, Tapo's ONVIF on 2020,
/// RTSP 554 (RFC 2326), Axis' `_axis-video._tcp` and `axis-<mac>` host names (vendors' docs).
/// Battery cameras and doorbells, Nest Protect and robot vacuums doze between events.
extension DeviceCatalog {
    static let smartHome: [DeviceKind] = iot + cameras

    static let iot: [DeviceKind] = [
        DeviceKind(
            id: "tuya-device",
            category: .iot,
            vendor: "Tuya",
            blocks: [.tuya],
            models: [.init("Smart Plug"), .init("Smart Bulb"), .init("Smart Switch"), .init("LED Strip")],
            weights: .init(22, 0, 22),
            hostname: "wlan0",
            hostnameShare: 0.6,
            closedShare: 1,
            stackFamily: .lwIP,
            features: [.init(tcp: [6668])]
        ),
        DeviceKind(
            id: "esp-device",
            category: .iot,
            vendor: "Espressif",
            blocks: [.espressif],
            models: [.init("Smart Plug"), .init("Smart Bulb"), .init("Wi-Fi Switch")],
            weights: .init(12, 0, 14),
            hostname: "ESP_{MAC6}",
            hostnameShare: 0.8,
            closedShare: 1,
            stackFamily: .lwIP,
            features: [.init(share: 0.5, tcp: [6668])]
        ),
        DeviceKind(
            id: "shelly",
            category: .iot,
            vendor: "Shelly",
            blocks: [.espressif],
            models: [
                .init("Shelly Plus 1PM", id: "shellyplus1pm"), .init("Shelly Plus Plug S", id: "shellyplusplugs"),
                .init("Shelly Plus 2PM", id: "shellyplus2pm"),
            ],
            weights: .init(6, 3, 10),
            hostname: "{modelid}-{mac12}",
            label: "{modelid}-{mac12}",
            closedShare: 1,
            stackFamily: .lwIP,
            features: [
                .init(
                    tcp: [80],
                    mdns: [.init(type: "_http._tcp", port: 80), .init(type: "_shelly._tcp", port: 80)],
                    http: [.init(port: 80, title: "{model}")]
                )
            ]
        ),
        DeviceKind(
            id: "tasmota",
            category: .iot,
            vendor: "Tasmota",
            blocks: [.espressif],
            models: [.init("Sonoff Basic"), .init("Sonoff S31"), .init("Athom Plug")],
            weights: .init(4, 0, 8),
            hostname: "tasmota-{MAC6}-{dec4}",
            closedShare: 1,
            stackFamily: .lwIP,
            features: [.init(tcp: [80], http: [.init(port: 80, title: "Tasmota")])]
        ),
        DeviceKind(
            id: "esphome",
            category: .iot,
            vendor: "ESPHome",
            blocks: [.espressif],
            models: [
                .init("sensor", id: "ESP32"), .init("relay", id: "ESP8266"), .init("air quality", id: "ESP32"),
                .init("garage door", id: "ESP32"),
            ],
            weights: .init(3, 1, 8),
            hostname: "{label}",
            label: "{room-}-{model-}",
            closedShare: 1,
            features: [
                .init(
                    tcp: [6053],
                    mdns: [
                        .init(
                            type: "_esphomelib._tcp",
                            port: 6053,
                            txt: [("platform", "{modelid}"), ("version", "2024.6.1")]
                        )
                    ]
                ),
                .init(share: 0.5, tcp: [80], http: [.init(port: 80, title: "{label}")]),
            ]
        ),
        DeviceKind(
            id: "kasa-plug",
            category: .iot,
            vendor: "TP-Link",
            blocks: [.tpLink],
            models: [
                .init("Kasa Smart Plug", id: "HS103"), .init("Kasa Smart Plug", id: "EP10"),
                .init("Kasa Smart Switch", id: "HS200"),
            ],
            weights: .init(10, 0, 10),
            hostname: "{modelid}",
            closedShare: 1,
            features: [.init(tcp: [9999])]
        ),
        DeviceKind(
            id: "hue-bridge",
            category: .iot,
            vendor: "Philips",
            blocks: [.signify],
            models: [.init("Hue Bridge", id: "BSB002")],
            weights: .init(6, 0, 6),
            hostname: "Philips-hue",
            label: "Hue Bridge - {MAC6}",
            wiredShare: 1,
            closedShare: 1,
            features: [
                .init(
                    tcp: [80, 443],
                    mdns: [.init(type: "_hue._tcp", port: 443, txt: [("modelid", "{modelid}")])],
                    http: [.init(port: 80), .init(port: 443, tls: true)],
                    upnp: .init(
                        deviceType: "urn:schemas-upnp-org:device:Basic:1",
                        port: 80,
                        path: "/description.xml",
                        product: "IpBridge/1.65.0",
                        manufacturer: "Signify"
                    )
                ),
                homeKit(category: 2, share: 0.6),
            ]
        ),  // HAP 2: bridge
        DeviceKind(
            id: "nest-thermostat",
            category: .iot,
            vendor: "Google",
            blocks: [.nest],
            models: [.init("Nest Learning Thermostat"), .init("Nest Thermostat E"), .init("Nest Protect")],
            weights: .init(8, 3, 8),
            hostname: nil,
            powerSave: true,
            closedShare: 0.1
        ),
        DeviceKind(
            id: "ecobee",
            category: .iot,
            vendor: "ecobee",
            blocks: [.ecobee],
            models: [.init("ecobee3 lite"), .init("ecobee Premium")],
            weights: .init(4, 3, 4),
            hostname: nil,
            label: "{room}",
            closedShare: 0.2,
            features: [homeKit(category: 9, share: 0.6)]
        ),  // HAP 9: thermostat
        DeviceKind(
            id: "roomba",
            category: .iot,
            vendor: "iRobot",
            blocks: [.iRobot],
            models: [.init("Roomba j7"), .init("Roomba i3"), .init("Roomba 694")],
            weights: .init(6, 0, 6),
            hostname: "iRobot-{HEX32}",
            powerSave: true,
            closedShare: 1,
            features: [.init(tcp: [8883])]
        ),
        DeviceKind(
            id: "wemo",
            category: .iot,
            vendor: "Belkin",
            blocks: [.belkin],
            models: [.init("Wemo Mini Smart Plug"), .init("Wemo Light Switch")],
            weights: .init(3, 0, 4),
            hostname: nil,
            label: "{room} {model}",
            closedShare: 1,
            features: [
                .init(
                    upnp: .init(
                        deviceType: "urn:Belkin:device:controllee:1",
                        port: 49152,
                        path: "/setup.xml",
                        os: "2.6.21",
                        product: "Wemo/2.0",
                        manufacturer: "Belkin International Inc."
                    )
                )
            ]
        ),
    ]

    static let cameras: [DeviceKind] = [
        DeviceKind(
            id: "ring",
            category: .camera,
            vendor: "Ring",
            blocks: [.ring],
            models: [.init("Video Doorbell"), .init("Stick Up Cam"), .init("Spotlight Cam")],
            weights: .init(30, 0, 25),
            hostname: nil,
            powerSave: true,
            closedShare: 0
        ),
        DeviceKind(
            id: "wyze-cam",
            category: .camera,
            vendor: "Wyze",
            blocks: [.wyze],
            models: [.init("Wyze Cam v3"), .init("Wyze Cam Pan v3")],
            weights: .init(15, 0, 15),
            hostname: nil,
            closedShare: 0.3
        ),
        DeviceKind(
            id: "nest-cam",
            category: .camera,
            vendor: "Google",
            blocks: [.nest, .google],
            models: [.init("Nest Cam"), .init("Nest Doorbell")],
            weights: .init(12, 0, 12),
            hostname: nil,
            closedShare: 0.2
        ),
        DeviceKind(
            id: "arlo",
            category: .camera,
            vendor: "Arlo",
            blocks: [.arlo],
            models: [.init("Arlo Pro 4"), .init("Arlo Essential")],
            weights: .init(8, 0, 8),
            hostname: nil,
            powerSave: true,
            closedShare: 0.2
        ),
        DeviceKind(
            id: "tapo-cam",
            category: .camera,
            vendor: "TP-Link",
            blocks: [.tpLink],
            models: [.init("Tapo C200"), .init("Tapo C310"), .init("Tapo C120")],
            weights: .init(12, 0, 14),
            hostname: nil,
            closedShare: 1,
            features: [.init(tcp: [443, 554, 2020, 8800])]
        ),
        DeviceKind(
            id: "reolink",
            category: .camera,
            vendor: "Reolink",
            blocks: [.reolink],
            models: [.init("RLC-510A"), .init("E1 Pro")],
            weights: .init(8, 0, 10),
            hostname: nil,
            wiredShare: 0.5,
            closedShare: 1,
            features: [
                .init(
                    tcp: [80, 443, 554, 9000],
                    http: [.init(port: 80, title: "{vendor}"), .init(port: 443, title: "{vendor}", tls: true)]
                )
            ]
        ),
        DeviceKind(
            id: "hikvision",
            category: .camera,
            vendor: "Hikvision",
            blocks: [.hikvision],
            models: [.init("DS-2CD2143G2-I"), .init("DS-2CD2387G2-LU")],
            weights: .init(8, 15, 10),
            hostname: nil,
            wiredShare: 0.8,
            closedShare: 0.8,
            features: [
                .init(
                    tcp: [80, 554, 8000],
                    http: [.init(port: 80, server: "webserver")],
                    banners: [.init(port: 554, protocol: .rtsp, text: "RTSP Server/1.0")]
                ),
                .init(share: 0.5, tcp: [443], http: [.init(port: 443, server: "webserver", tls: true)]),
            ]
        ),
        DeviceKind(
            id: "dahua",
            category: .camera,
            vendor: "Dahua",
            blocks: [.dahua],
            models: [.init("IPC-HDW2431T-AS"), .init("IPC-HFW1230S")],
            weights: .init(5, 10, 8),
            hostname: nil,
            wiredShare: 0.8,
            closedShare: 0.8,
            features: [
                .init(
                    tcp: [80, 554, 37777],
                    http: [.init(port: 80, title: "WEB SERVICE")],
                    banners: [.init(port: 554, protocol: .rtsp, text: "Rtsp Server/3.0")]
                )
            ]
        ),
        DeviceKind(
            id: "axis",
            category: .camera,
            vendor: "Axis",
            blocks: [.axis],
            models: [.init("M3106-L Mk II"), .init("P3245-V"), .init("M1065-L")],
            weights: .init(0, 40, 0),
            hostname: "axis-{mac12}",
            label: "AXIS {model} - {MAC12}",
            wiredShare: 1,
            closedShare: 1,
            features: [
                .init(
                    tcp: [80, 443, 554],
                    mdns: [.init(type: "_axis-video._tcp", port: 80, txt: [("macaddress", "{MAC12}")])],
                    http: [.init(port: 80, title: "AXIS"), .init(port: 443, title: "AXIS", tls: true)],
                    banners: [.init(port: 554, protocol: .rtsp, text: "GStreamer RTSP server")]
                )
            ]
        ),
    ]
}
