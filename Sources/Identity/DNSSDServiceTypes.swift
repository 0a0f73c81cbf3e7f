extension IdentityVocabulary {
    /// DNS-SD service types (RFC 6763 §7; IANA Service Name and Transport Protocol Port Number
    /// Registry) that name what the device does. `determines`: only that kind of device offers
    /// it; `suggests`: others offer it too (`_airplay` — TVs, Macs, speakers; `_raop` — every
    /// AirPlay receiver; `_ssh`/`_smb` — computers, NAS boxes, routers).
    public static let dnsSDServiceTypes = IdentityVocabulary(
        name: "dns-sd-service-types",
        source:
            "IANA service name registry; RFC 6763; PWG 5100.14 IPP Everywhere; Mopria eSCL; vendors' developer docs as noted",
        entries: [
            // IANA ipp, ipps (RFC 8011), printer (LPD, RFC 1179), pdl-datastream (raw 9100); eSCL scanner (Mopria).
            .init("_ipp._tcp", "printer"), .init("_ipps._tcp", "printer"), .init("_printer._tcp", "printer"),
            .init("_pdl-datastream._tcp", "printer"), .init("_scanner._tcp", "printer"),
            .init("_uscan._tcp", "printer"),
            // Android TV Remote v2 (Google TV): only TVs and TV sticks serve it.
            .init("_androidtvremote2._tcp", "tv"),
            // Sonos players (Sonos developer docs); Spotify Connect ZeroConf receivers
            // (https://developer.spotify.com/documentation/commercial-hardware/implementation/guides/zeroconf): speakers mostly.
            .init("_sonos._tcp", "speaker"), .init("_spotify-connect._tcp", "speaker", .suggests),
            // IANA hap / homekit (HomeKit Accessory Protocol), Matter (CSA Matter Core §4.3), Hue bridge
            // (Philips Hue developer docs), ESPHome native API (https://esphome.io/components/api.html).
            .init("_hap._tcp", "iot", .suggests), .init("_matter._tcp", "iot"), .init("_matterc._udp", "iot"),
            .init("_hue._tcp", "iot"), .init("_esphomelib._tcp", "iot"),
            // IANA adisk (Apple): a Time Machine network disk.
            .init("_adisk._tcp", "storage"),
            // IANA apple-mobdev2 (Apple): an iOS device's Wi-Fi sync (iPhones and iPads alike).
            .init("_apple-mobdev2._tcp", "phone", .suggests),
            // IANA airplay, raop (Apple): AirPlay video and audio receivers — TVs, Macs, speakers.
            .init("_airplay._tcp", "tv", .suggests), .init("_raop._tcp", "speaker", .suggests),
            // Google Cast receivers (Google Cast developer docs, discovery): TVs, sticks and speakers; `ca` tells.
            .init("_googlecast._tcp", "tv", .suggests),
            // IANA ssh, sftp-ssh, rfb (RFC 6143), afpovertcp, smb; workstation (dns-sd.org list).
            .init("_ssh._tcp", "computer", .suggests), .init("_sftp-ssh._tcp", "computer", .suggests),
            .init("_rfb._tcp", "computer", .suggests), .init("_workstation._tcp", "computer", .suggests),
            .init("_afpovertcp._tcp", "computer", .suggests), .init("_smb._tcp", "computer", .suggests),
        ]
    )
}
