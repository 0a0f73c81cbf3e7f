import Fixture
@testable import Testbed

/// A small fixture exercising every device service, shared by the service tests.
enum ServiceTestFixture {
    static let yaml = """
        name: services
        network:
          subnet: 198.18.0.0/24
          gateway: 198.18.0.1
          scanner: {ip: 198.18.0.50, mac: "02:00:00:00:00:32"}
        upstream:
          segment: 198.19.100.0/24
          servers:
            - name: whois-iana
              ip: 198.19.100.10
              hostname: whois.iana.test
              tcp_open: [8081]
              whois:
                - {query: "AS64496-AS64511", text: "aut-num: AS64500\\nas-name: BENCH-NET"}
                - {query: "198.19.0.0/16", text: "inetnum: 198.19.0.0 - 198.19.255.255\\nnetname: BENCH"}
                - {query: example, refer: whois.registry.test}
                - {query: "shop.test", text: "Domain Name: SHOP.TEST"}
        devices:
          - name: gateway
            ip: 198.18.0.1
            mac: "02:00:00:00:00:01"
            category: router
            hostname: router
            tcp: {open: [22, 80, 443, 554, 7000, 8008, 49152, 9999]}
            http:
              - {port: 80, server: "lighttpd/1.4.59", title: "Router <Admin>"}
              - {port: 443, server: "lighttpd/1.4.59", title: "Router (TLS)", tls: true}
            banners:
              - {port: 22, protocol: ssh, text: "SSH-2.0-dropbear_2022.83"}
              - {port: 554, protocol: rtsp, text: "Hikvision-Webs"}
            ssdp:
              device_type: "urn:schemas-upnp-org:device:InternetGatewayDevice:1"
              uuid: "12345678-abcd-4ef0-9123-0123456789ab"
              services: ["urn:schemas-upnp-org:service:WANIPConnection:1", "urn:schemas-upnp-org:service:Layer3Forwarding:1"]
              server: "Linux/5.10 UPnP/1.0 MiniUPnPd/2.3"
              location_port: 49152
              location_path: /rootDesc.xml
              delay_ms: 300
            upnp: {friendly_name: "Bench Router", manufacturer: "Bench & Co", model_name: "BR-1", model_number: "1.0"}
            airplay: {model: "AppleTV11,1", name: "Living Room", source_version: "670.6.2"}
            chromecast: {name: "Kitchen \\"TV\\"", model_name: "Chromecast Ultra", manufacturer: "Google Inc.", build_version: "1.56.281627"}
            mdns:
              - {type: _http._tcp, instance: "Router Admin", port: 80, txt: {path: /}}
              - {type: _airplay._tcp, instance: "Living Room", port: 7000, txt: {model: "AppleTV11,1"}, delay_ms: 400}
            udp: [{port: 5000, reply: "pong"}, {port: 5001}]
            wake_on_lan: true
        """

    static func fixture() throws -> Fixture { try FixtureLoader.load(text: yaml, file: "services.yaml") }
    static func device() throws -> Fixture.Device { try fixture().devices[0] }
}
